import ArgumentParser
import JSONRPC

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process entry: parse, run, and turn every failure into one `skeleton: …` line and an exit status.
@main
enum Entry {
    static func main() {
        StandardDescriptors.reserve()
        FileDescriptor.ignoreBrokenPipe()
        do {
            var command = try Skeleton.parseAsRoot()
            try command.run()
            exit(0)
        } catch let error as CLIError {
            StandardError.line("skeleton: \(error.message)")
            exit(error.status.rawValue)
        } catch {
            let status = Skeleton.exitCode(for: error)
            let message = Skeleton.message(for: error)
            if status == .success {
                // --help and --version.
                Skeleton.exit(withError: error)
            }
            if !message.isEmpty {
                let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
                StandardError.line("skeleton: \(line) (see '\(helpCommand())')")
            }
            exit(status.rawValue)
        }
    }

    /// `skeleton SUBCOMMAND --help` when the command line names a subcommand, else `skeleton --help`.
    static func helpCommand() -> String {
        let names = Skeleton.configuration.subcommands.map { $0._commandName }
        if CommandLine.arguments.count > 1, names.contains(CommandLine.arguments[1]) {
            return "skeleton \(CommandLine.arguments[1]) --help"
        }
        return "skeleton --help"
    }
}
