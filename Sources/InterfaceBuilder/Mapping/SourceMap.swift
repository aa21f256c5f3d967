import JSON

/// Where each part of the generated document came from: JSON Pointer (as tokens) of a node or member in
/// the generated document → the element of the Interface Builder file. Problems the document decoder
/// reports by pointer are placed at the nearest recorded ancestor.
struct SourceMap: Sendable {
    private var locations: [[String]: IBSourceLocation] = [:]

    /// Records that the value at `pointer` came from `location`.
    mutating func record(_ pointer: [String], _ location: IBSourceLocation) {
        if locations[pointer] == nil { locations[pointer] = location }
    }

    /// The location of `pointer` or of its nearest recorded ancestor.
    func location(of pointer: JSONPointer) -> IBSourceLocation? {
        var tokens = pointer.tokens
        while true {
            if let l = locations[tokens] { return l }
            if tokens.isEmpty { return nil }
            tokens.removeLast()
        }
    }
}
