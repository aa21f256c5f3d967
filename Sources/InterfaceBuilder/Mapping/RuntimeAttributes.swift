import JSON
import SkeletonModel

/// One `userDefinedRuntimeAttribute` (how Xcode stores `@IBInspectable` values such as SkeletonView's).
struct RuntimeAttribute: Sendable {
    /// The value as IB typed it.
    enum Value: Sendable {
        case boolean(Bool)
        case number(Double)
        case string(String)
        /// `type="rect"`: x, y, width, height.
        case rect([Double])
        /// Another IB type (`color`, `size`, `point`, `image`, `nil`…), or a value that could not be read.
        case other(type: String)
        /// The value is missing or malformed for its declared type.
        case malformed(String)
    }

    var keyPath: String
    var type: String
    var value: Value
    var location: IBSourceLocation

    /// Reads the `<userDefinedRuntimeAttributes>` of a view element.
    static func all(of element: IBElement) -> [RuntimeAttribute] {
        element.grandchildren(of: "userDefinedRuntimeAttributes").compactMap { a -> RuntimeAttribute? in
            guard a.name == "userDefinedRuntimeAttribute", let keyPath = a["keyPath"] else { return nil }
            let type = a["type"] ?? ""
            return RuntimeAttribute(keyPath: keyPath, type: type, value: read(a, type: type), location: a.location)
        }
    }

    private static func read(_ a: IBElement, type: String) -> Value {
        switch type {
        case "boolean":
            switch a["value"] {
            case "YES": return .boolean(true)
            case "NO": return .boolean(false)
            case let v: return .malformed("a boolean must be YES or NO, not \(v.map { "\"\($0)\"" } ?? "missing")")
            }
        case "number":
            let text = a["value"] ?? a.child(key: "value")?["value"]
            guard let d = IBNumbers.finite(text) else {
                return .malformed("a number attribute needs a numeric value, not \(text.map { "\"\($0)\"" } ?? "none")")
            }
            return .number(d)
        case "string":
            guard let s = a["value"] ?? a.child(key: "value")?["value"] else {
                return .malformed("a string attribute needs a value")
            }
            return .string(s)
        case "rect":
            guard let r = a.child("rect", key: "value") else {
                return .malformed("a rect attribute needs a <rect key=\"value\">")
            }
            var out: [Double] = []
            for k in ["x", "y", "width", "height"] {
                guard let d = IBNumbers.finite(r[k] ?? "0") else {
                    return .malformed("\(k) \"\(r[k] ?? "")\" is not a number")
                }
                out.append(d)
            }
            return .rect(out)
        default:
            return .other(type: type)
        }
    }

    /// The IB type name of the value, for messages.
    var typeName: String { type.isEmpty ? "untyped" : type }
}

/// A key path of `userDefinedRuntimeAttributes` that sets a member of a document node: SkeletonView's inspectables
/// and CALayer's `layer.cornerRadius`/`layer.masksToBounds`, as the `PropertyRegistry` lists them
/// (`DocumentProperty.runtimeAttributeKeyPaths`); the value is read by the property's value kind.
struct InspectableProperty: Sendable {
    /// The key path as IB writes it.
    let keyPath: String
    /// The document property it sets.
    let property: DocumentProperty

    /// The property `keyPath` sets, or nil when skeletond does not read that key path.
    init?(keyPath: String) {
        guard let property = PropertyRegistry.property(runtimeAttribute: keyPath) else { return nil }
        self.keyPath = keyPath
        self.property = property
    }

    /// The document member the property sets.
    var member: String { property.name }

    /// The node types that have it, for messages (`UILabel and UITextView`).
    var typesText: String {
        NodeType.allCases.filter(property.nodeTypes.contains).map(\.rawValue).joined(separator: " and ")
    }

    /// The value as a document member, or why it cannot be one (the wrong type).
    func json(_ value: RuntimeAttribute.Value, typeName: String) -> Result<JSON, Mismatch> {
        if case .malformed(let why) = value { return .failure(Mismatch(message: why)) }
        switch property.value {
        case .boolean:
            if case .boolean(let b) = value { return .success(.bool(b)) }
            return .failure(expected("a boolean", typeName))
        case .number:
            if case .number(let d) = value { return .success(.double(d)) }
            return .failure(expected("a number", typeName))
        case .integer:
            guard case .number(let d) = value else { return .failure(expected("an integer number", typeName)) }
            guard let i = IBNumbers.integer(d) else {
                return .failure(Mismatch(message: "\(keyPath) must be an integer, not \(d)"))
            }
            return .success(.int(i))
        case .insets:
            switch value {
            case .rect(let r): return .success(.array(r.map { .double($0) }))
            case .string(let s):
                guard let r = Self.insets(s) else {
                    return .failure(
                        Mismatch(message: "\(keyPath) must be \"{top, left, bottom, right}\", not \"\(s)\""))
                }
                return .success(.array(r.map { .double($0) }))
            default:
                return .failure(
                    expected(
                        "a string \"{top, left, bottom, right}\" or a rect (x: top, y: left, width: bottom, height: right)",
                        typeName))
            }
        case .textNumberOfLines:
            switch value {
            case .number(let d):
                guard let i = IBNumbers.integer(d) else {
                    return .failure(Mismatch(message: "\(keyPath) must be an integer, not \(d)"))
                }
                return .success(.int(i))
            case .string(let s) where s == PropertyValue.inherited: return .success(.string(s))
            case .string(let s):
                guard let i = IBNumbers.integer(s) else {
                    return .failure(
                        Mismatch(
                            message: "\(keyPath) must be \"\(PropertyValue.inherited)\" or an integer, not \"\(s)\""))
                }
                return .success(.int(i))
            default: return .failure(expected("a number or the string \"\(PropertyValue.inherited)\"", typeName))
            }
        case .textLineHeight:
            let rules = [PropertyValue.relativeToFont, PropertyValue.relativeToConstraints]
            switch value {
            case .number(let d): return .success(.double(d))
            case .string(let s) where rules.contains(s): return .success(.string(s))
            case .string(let s):
                guard let d = IBNumbers.finite(s) else {
                    return .failure(
                        Mismatch(
                            message:
                                "\(keyPath) must be \"\(rules[0])\", \"\(rules[1])\" or a number, not \"\(s)\""
                        ))
                }
                return .success(.double(d))
            default: return .failure(expected("a number or \"\(rules[0])\"/\"\(rules[1])\"", typeName))
            }
        default:
            return .failure(Mismatch(message: "\(keyPath) cannot be set from a storyboard"))
        }
    }

    private func expected(_ what: String, _ typeName: String) -> Mismatch {
        Mismatch(message: "\(keyPath) must be \(what), not a \(typeName) attribute")
    }

    /// `NSStringFromUIEdgeInsets` form: `{top, left, bottom, right}`.
    static func insets(_ s: String) -> [Double]? {
        var t = Substring(s).drop { $0 == " " }
        guard t.first == "{", t.last == "}" else { return nil }
        t = t.dropFirst().dropLast()
        let parts = t.split(separator: ",", omittingEmptySubsequences: false).map {
            IBNumbers.finite(String($0.filter { $0 != " " }))
        }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// Why a value does not fit a property.
    struct Mismatch: Error, Sendable { var message: String }
}
