import MCP

/// A tool call that failed: its message is the tool's error result (`isError: true`), and the server goes on.
struct ToolError: Error, Sendable {
    var message: String
    /// The daemon died, stopped answering or broke the protocol during the call: the next call starts another.
    var daemonFailed = false

    init(_ message: String) { self.message = message }

    /// The CLI's error as a tool error (the same message).
    init(_ error: CLIError) {
        message = error.message
        daemonFailed = error.status == .daemon
    }
}

/// A tool call's `arguments`, read member by member with their types and bounds checked; every member must be one
/// the tool declares (`known`), so a misspelt option is an error rather than silently ignored.
struct ToolArguments {
    /// The longest string argument other than a path (scene ids, node references), in bytes.
    static let maxStringBytes = 1024

    let tool: String
    private let values: [String: Value]

    init(tool: String, _ values: [String: Value]?, known: [String]) throws(ToolError) {
        self.tool = tool
        self.values = values ?? [:]
        let unknown = self.values.keys.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else {
            let list = unknown.prefix(5).map { "\"\($0.prefix(64))\"" }.joined(separator: ", ")
            throw ToolError(
                "\(tool): unknown argument\(unknown.count == 1 ? "" : "s") \(list); it takes "
                    + known.joined(separator: ", "))
        }
    }

    /// A required string.
    func string(_ name: String, maxBytes: Int = maxStringBytes) throws(ToolError) -> String {
        guard let value = try optionalString(name, maxBytes: maxBytes) else {
            throw ToolError("\(tool): \(name) is required")
        }
        return value
    }

    /// The required `file`: a path, bounded by `FileScope.maxPathBytes`.
    func file() throws(ToolError) -> String { try string("file", maxBytes: FileScope.maxPathBytes) }

    /// An optional string of at most `maxBytes` bytes (null counts as absent).
    func optionalString(_ name: String, maxBytes: Int = maxStringBytes) throws(ToolError) -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case .string(let text)?:
            guard text.utf8.count <= maxBytes else {
                throw ToolError("\(tool): \(name) is longer than \(maxBytes) bytes")
            }
            return text
        case let other?: throw mistyped(name, other, "a string")
        }
    }

    /// An optional string that must be one of `choices`.
    func choice(_ name: String, _ choices: [String]) throws(ToolError) -> String? {
        guard let text = try optionalString(name) else { return nil }
        guard choices.contains(text) else {
            throw ToolError(
                "\(tool): \(name) must be one of \(choices.joined(separator: ", ")), not \"\(text.prefix(64))\"")
        }
        return text
    }

    /// An optional boolean.
    func bool(_ name: String) throws(ToolError) -> Bool? {
        switch values[name] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        case let other?: throw mistyped(name, other, "true or false")
        }
    }

    /// An optional finite number within `range`.
    func number(_ name: String, in range: ClosedRange<Double>) throws(ToolError) -> Double? {
        let number: Double
        switch values[name] {
        case nil, .null?: return nil
        case .int(let value)?: number = Double(value)
        case .double(let value)?: number = value
        case let other?: throw mistyped(name, other, "a number")
        }
        guard number.isFinite, range.contains(number) else {
            throw ToolError(
                "\(tool): \(name) must be between \(range.lowerBound.plainText) and \(range.upperBound.plainText), "
                    + "not \(number.plainText)")
        }
        return number
    }

    private func mistyped(_ name: String, _ value: Value, _ expected: String) -> ToolError {
        let kind: String
        switch value {
        case .null: kind = "null"
        case .bool: kind = "a boolean"
        case .int, .double: kind = "a number"
        case .string: kind = "a string"
        case .data: kind = "a data URL"
        case .array: kind = "an array"
        case .object: kind = "an object"
        }
        return ToolError("\(tool): \(name) must be \(expected), not \(kind)")
    }
}
