/// A failure the CLI reports as one line on stderr (`skeleton: …`) and a non-zero exit status.
struct CLIError: Error, CustomStringConvertible {
    /// Exit statuses, documented in `Protocol/cli.md`.
    enum Status: Int32 {
        /// The document has errors (its diagnostics were printed), or `lint` found errors.
        case invalidDocument = 1
        /// A file could not be read or written, or the daemon refused a request (an unknown `--node`, a canvas
        /// too large at the scale asked for).
        case inputOutput = 2
        /// `skeletond` could not be started, died, stopped answering or broke the protocol.
        case daemon = 3
        /// The show drew nothing (`notSkeletonable`): the daemon's reason is printed.
        case nothingShown = 4
    }

    var message: String
    var status: Status

    init(_ message: String, status: Status) {
        self.message = message
        self.status = status
    }

    var description: String { message }

    static func io(_ message: String) -> CLIError { CLIError(message, status: .inputOutput) }
    static func daemon(_ message: String) -> CLIError { CLIError(message, status: .daemon) }
}
