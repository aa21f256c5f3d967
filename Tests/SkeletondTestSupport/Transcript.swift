package import Foundation
package import JSON
import JSONRPC

/// A parsed `Protocol/transcripts/*.transcript` file (the format is in that folder's README).
package struct Transcript: Sendable {
    package enum Step: Sendable {
        case send(JSON)
        case sendRaw([UInt8])
        /// A body sent framed but not checked as JSON.
        case sendBody([UInt8])
        case expect([JSON])
        case close
    }

    package var name: String
    package var mode: String = "lsp"
    package var arguments: [String] = []
    package var environment: [String: String] = [:]
    package var steps: [Step] = []
    package var exitStatus: Int32?

    /// Parses a transcript's text.
    package init(name: String, text: String) throws {
        self.name = name
        var pending: [JSON] = []
        func flush() {
            if !pending.isEmpty {
                steps.append(.expect(pending))
                pending = []
            }
        }
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if line.hasPrefix("<-- ") {
                pending.append(try Self.json(line.dropFirst(4), name, number))
                continue
            }
            flush()
            if line.hasPrefix("--> ") {
                steps.append(.send(try Self.json(line.dropFirst(4), name, number)))
            } else if line.hasPrefix("--! ") {
                steps.append(.sendBody(Array(line.dropFirst(4).utf8)))
            } else if line.hasPrefix("==> ") {
                steps.append(.sendRaw(Self.unescape(String(line.dropFirst(4)))))
            } else if line.hasPrefix("!mode ") {
                mode = String(line.dropFirst(6))
            } else if line.hasPrefix("!args ") {
                arguments += line.dropFirst(6).split(separator: " ").map(String.init)
            } else if line.hasPrefix("!env ") {
                let pair = line.dropFirst(5).split(separator: "=", maxSplits: 1).map(String.init)
                environment[pair[0]] = pair.count > 1 ? pair[1] : ""
            } else if line == "!close" {
                steps.append(.close)
            } else if line.hasPrefix("!exit ") {
                exitStatus = Int32(line.dropFirst(6))
            } else if !line.isEmpty && !line.hasPrefix("#") {
                throw ClientError("\(name):\(number + 1): unknown transcript line")
            }
        }
        flush()
    }

    /// Every transcript in a folder, sorted by name.
    package static func all(in folder: URL) throws -> [Transcript] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".transcript") }.sorted()
        return try files.map { file in
            try Transcript(name: file, text: String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
        }
    }

    private static func json(_ text: Substring, _ name: String, _ number: Int) throws -> JSON {
        do { return try JSONDocument.parse(String(text)).value.json } catch {
            throw ClientError("\(name):\(number + 1): \(error)")
        }
    }

    /// `\r`, `\n`, `\t`, `\\` and `\xNN` escapes to bytes.
    package static func unescape(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                switch bytes[i + 1] {
                case UInt8(ascii: "r"):
                    out.append(0x0D)
                    i += 2
                    continue
                case UInt8(ascii: "n"):
                    out.append(0x0A)
                    i += 2
                    continue
                case UInt8(ascii: "t"):
                    out.append(0x09)
                    i += 2
                    continue
                case UInt8(ascii: "\\"):
                    out.append(0x5C)
                    i += 2
                    continue
                case UInt8(ascii: "x") where i + 3 < bytes.count:
                    if let v = UInt8(String(decoding: bytes[(i + 2)...(i + 3)], as: UTF8.self), radix: 16) {
                        out.append(v)
                        i += 4
                        continue
                    }
                default: break
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// Plays the transcript on `client`; returns a list of failures (empty when it all matched).
    package func replay(on client: PipeClient, timeout: Double = 20) -> [String] {
        var failures: [String] = []
        for step in steps {
            switch step {
            case .send(let message): client.send(message)
            case .sendRaw(let bytes): client.sendRaw(bytes)
            case .sendBody(let body): client.sendRaw(OutputFraming.framing(for: client.mode)(body))
            case .close: client.closeInput()
            case .expect(let expected):
                var actual: [JSON] = []
                do {
                    for _ in expected { actual.append(try client.receive(timeout: timeout)) }
                } catch {
                    failures.append("\(name): \(error) (expected \(expected.map(\.text)))")
                    return failures
                }
                let missing = JSONMatching.unmatched(actual, expected)
                if !missing.isEmpty {
                    failures.append("\(name): expected \(missing.map(\.text)), got \(actual.map(\.text))")
                }
            }
        }
        return failures
    }
}
