import JSON

/// Collects problems while decoding, locating them with a cheap token stack (no strings are built unless
/// a problem is reported).
struct ProblemCollector {
    var path: [PathToken] = []
    private(set) var problems: [DocumentProblem] = []
    private(set) var hasErrors = false
    let maxProblems: Int
    private var dropped = 0

    init(maxProblems: Int) { self.maxProblems = maxProblems }

    var pointer: JSONPointer { JSONPointer(path.map(\.string)) }

    /// Reports a problem at the current path plus `extra`.
    mutating func report(
        _ code: ProblemCode, _ message: String, at extra: [PathToken] = [], severity: DocumentProblem.Severity = .error
    ) {
        if severity == .error { hasErrors = true }
        guard problems.count < maxProblems else {
            dropped += 1
            return
        }
        let tokens = (path + extra).map(\.string)
        problems.append(DocumentProblem(code: code, pointer: JSONPointer(tokens), message: message, severity: severity))
    }

    /// Reports a value failure found at the current path plus `extra`.
    mutating func report(_ failure: ValueFailure, at extra: [PathToken] = []) {
        report(failure.code, failure.message, at: extra + failure.subpath)
    }

    /// The problems, with a closing `too-many-problems` warning when some were dropped.
    func finished() -> [DocumentProblem] {
        guard dropped > 0 else { return problems }
        return problems + [
            DocumentProblem(
                code: .tooManyProblems, pointer: JSONPointer(), message: "\(dropped) more problems not listed",
                severity: .warning)
        ]
    }
}

/// Reads members of one object, counting how many it recognised so unknown members can be found
/// (only when there are some) without listing keys on the success path.
struct MemberReader {
    let object: JSONValue
    private(set) var recognised = 0

    init(_ object: JSONValue) { self.object = object }

    /// The member (nil when absent or null); counts it as recognised when present.
    mutating func callAsFunction(_ key: String) -> JSONValue? {
        guard let v = object[key] else { return nil }
        recognised += 1
        return v.isNull ? nil : v
    }

    /// Whether the object has members the reader was not asked about.
    var hasUnrecognised: Bool { recognised < object.count }

    /// Keys the reader was not asked about (computed only when some exist).
    func unrecognisedKeys(known: Set<String>) -> [String] {
        guard recognised < object.count else { return [] }
        return object.members.map(\.key).filter { !known.contains($0) }
    }
}

extension ProblemCollector {
    /// Reports a problem at an absolute path.
    mutating func report(_ code: ProblemCode, _ message: String, atPath absolute: [PathToken]) {
        let saved = path
        path = absolute
        report(code, message)
        path = saved
    }
}

extension MemberReader {
    /// Member `property` (marked as read), or nil when it is missing or null.
    mutating func callAsFunction(_ property: DocumentProperty) -> JSONValue? { self(property.name) }
}

extension PathToken {
    /// The member `property`.
    package static func key(_ property: DocumentProperty) -> PathToken { .key(property.name) }
}
