import Foundation
import JSON
import SkeletonModel
import Testing

/// The property registry against the format's other descriptions: `Protocol/schemas/document.schema.json` lists
/// exactly its members with the same value types, ranges and defaults, and the decoder refuses what the registry
/// says a member does not take.
@Suite struct PropertyRegistryTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func schema() throws -> JSONDocument {
        let url = repository.appendingPathComponent("Protocol/schemas/document.schema.json")
        return try JSONDocument.parse(Array(try Data(contentsOf: url)))
    }

    /// The schema's `properties` object for the members of `scope`.
    static func schemaProperties(_ scope: PropertyScope, in root: JSONValue) -> [(key: String, value: JSONValue)] {
        let defs = root["$defs"]
        let section = defs?["node"]?["properties"]?["sections"]?["items"]?["properties"]
        switch scope {
        case .document: return root["properties"]?.members ?? []
        case .node: return defs?["node"]?["properties"]?.members ?? []
        case .appearance: return defs?["appearance"]?["properties"]?.members ?? []
        case .section: return section?.members ?? []
        case .rowCell: return section?["cells"]?["items"]?["oneOf"]?[1]?["properties"]?.members ?? []
        case .gradient:
            return (defs?["gradient"]?["oneOf"]?.elements ?? []).flatMap { $0["properties"]?.members ?? [] }
        case .dynamicColor: return defs?["color"]?["oneOf"]?[2]?["properties"]?.members ?? []
        }
    }

    @Test func namesAreUniqueInEachObject() {
        for scope in PropertyScope.allCases where scope != .node && scope != .section {
            let names = PropertyRegistry.properties(in: scope).map(\.name)
            #expect(names.count == Set(names).count, "\(scope)")
        }
        for type in NodeType.allCases {
            let names = PropertyRegistry.properties(in: .node).filter { $0.applies(to: type) }.map(\.name)
            #expect(names.count == Set(names).count, "\(type)")
            let sections = PropertyRegistry.properties(in: .section).filter { $0.nodeTypes.contains(type) }.map(\.name)
            #expect(sections.count == Set(sections).count, "sections of \(type)")
        }
    }

    @Test func theSchemaListsExactlyTheRegistrysMembers() throws {
        let root = try Self.schema().value
        for scope in PropertyScope.allCases {
            let schema = Set(Self.schemaProperties(scope, in: root).map(\.key))
            #expect(!schema.isEmpty, "\(scope)")
            #expect(schema == PropertyRegistry.names(in: scope), "\(scope)")
        }
    }

    @Test func theSchemaGivesEachMemberTheRegistrysTypeRangeAndDefault() throws {
        let root = try Self.schema().value
        for scope in PropertyScope.allCases {
            let schema = Dictionary(Self.schemaProperties(scope, in: root).map { ($0.key, $0.value) }) { a, _ in a }
            for property in PropertyRegistry.properties(in: scope) {
                guard let fragment = schema[property.name] else { continue }
                let problem = Self.mismatch(property.value, fragment, root: root)
                #expect(problem == nil, "\(scope) \(property.name): \(problem ?? "")")
                if case .value(let expected) = property.defaultValue {
                    let stated = fragment["default"] ?? Self.resolved(fragment, root: root)["default"]
                    #expect(
                        stated?.json == expected, "\(scope) \(property.name): default \(stated?.json.text ?? "none")")
                }
            }
        }
    }

    /// `fragment` with its `$ref` (to `#/$defs/…`) followed.
    static func resolved(_ fragment: JSONValue, root: JSONValue) -> JSONValue {
        guard let ref = fragment["$ref"]?.string, ref.hasPrefix("#/$defs/") else { return fragment }
        return root["$defs"]?[String(ref.dropFirst("#/$defs/".count))] ?? fragment
    }

    /// Why `fragment` does not state `value`, or nil when it does.
    static func mismatch(_ value: PropertyValue, _ fragment: JSONValue, root: JSONValue) -> String? {
        let ref = fragment["$ref"]?.string.map { String($0.dropFirst("#/$defs/".count)) }
        let f = resolved(fragment, root: root)
        func typed(_ type: String) -> String? { f["type"]?.string == type ? nil : "not of type \(type)" }
        func referencing(_ name: String) -> String? { ref == name ? nil : "does not reference \(name)" }
        func bounds(_ minimum: Double?, _ maximum: Double?) -> String? {
            let stated = (f["minimum"]?.double, f["maximum"]?.double)
            if stated.0 != minimum { return "minimum \(stated.0.map { "\($0)" } ?? "none")" }
            if stated.1 != maximum { return "maximum \(stated.1.map { "\($0)" } ?? "none")" }
            return nil
        }
        switch value {
        case .boolean: return typed("boolean")
        case .number(let minimum, let maximum): return typed("number") ?? bounds(minimum, maximum)
        case .integer(let minimum, let maximum):
            return typed("integer") ?? bounds(minimum.map(Double.init), maximum.map(Double.init))
        case .string, .templateName, .layoutName: return typed("string")
        case .keyword(let words):
            let listed = f["enum"]?.elements.compactMap(\.string) ?? []
            return Set(listed) == Set(words) ? nil : "enumerates \(listed), not \(words)"
        case .keywordSet(let words):
            let listed = f["items"]?["enum"]?.elements.compactMap(\.string) ?? []
            return typed("array") ?? (Set(listed) == Set(words) ? nil : "items enumerate \(listed), not \(words)")
        case .color: return referencing("color")
        case .gradient: return referencing("gradient")
        case .insets: return referencing("insets")
        case .frame: return referencing("frame")
        case .textLineHeight: return referencing("textLineHeight")
        case .rowHeight: return referencing("rowHeight")
        case .itemCount: return referencing("count")
        case .node: return referencing("node")
        case .appearance: return referencing("appearance")
        case .templates: return referencing("templates")
        case .nodes, .colors:
            let item = value == .nodes ? "#/$defs/node" : "#/$defs/color"
            return typed("array") ?? (f["items"]?["$ref"]?.string == item ? nil : "items are not \(item)")
        case .size:
            return typed("array") ?? (f["minItems"]?.int == 2 && f["maxItems"]?.int == 2 ? nil : "not two items")
        case .font: return f["oneOf"] == nil ? "not a number or an object" : nil
        case .constraints:
            let members = Set((f["properties"]?.members ?? []).map(\.key))
            return typed("object") ?? (members == ["width", "height"] ? nil : "members \(members)")
        case .textNumberOfLines(let maximum):
            let integers = (f["oneOf"]?.elements ?? []).filter { $0["type"]?.string == "integer" }
            return integers.first?["maximum"]?.int == maximum ? nil : "no integer up to \(maximum)"
        case .sections:
            let most = DocumentLimits.default.maxSections
            return typed("array") ?? (f["maxItems"]?.int == most ? nil : "not at most \(most) sections")
        case .rowCells: return typed("array")
        case .supplementary: return typed("object")
        case .anything: return f.members.isEmpty ? nil : "not {}"
        }
    }

    // MARK: The decoder

    /// A value member `property` does not take, and the document around it.
    static func refusedValue(_ property: DocumentProperty) -> String? {
        switch property.value {
        case .boolean, .string, .templateName, .layoutName, .color:
            return property.value == .color ? "\"notAColour\"" : "3.5"
        case .keyword: return "\"notAKeyword\""
        case .number(let minimum, let maximum):
            if let maximum { return String(maximum + 1) }
            if let minimum { return String(minimum - 1) }
            return "true"
        case .integer(let minimum, let maximum):
            if let maximum { return String(maximum + 1) }
            if let minimum { return String(minimum - 1) }
            return "1.5"
        case .textNumberOfLines(let maximum): return String(maximum + 1)
        default: return nil
        }
    }

    @Test func theDecoderRefusesWhatTheRegistrySaysAMemberDoesNotTake() throws {
        var checked = 0
        for property in PropertyRegistry.properties(in: .node) {
            guard let value = Self.refusedValue(property),
                let type = NodeType.allCases.first(where: property.applies(to:))
            else { continue }
            var members = ["type": "\"\(type.rawValue)\"", "frame": "[0, 0, 100, 100]"]
            members[property.name] = value
            let text = "{\"root\": {" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}}"
            let errors = SkeletonDocument.decode(text: text).errors.map(\.pointer.description)
            #expect(errors.contains("/root/\(property.name)"), "\(property.name): \(value) gives \(errors)")
            checked += 1
        }
        for property in PropertyRegistry.properties(in: .appearance) {
            guard let value = Self.refusedValue(property) else { continue }
            let text = """
                {"appearance": {"\(property.name)": \(value)}, "root": {"type": "UIView", "frame": [0, 0, 10, 10]}}
                """
            let errors = SkeletonDocument.decode(text: text).errors.map(\.pointer.description)
            #expect(errors.contains("/appearance/\(property.name)"), "\(property.name): \(value) gives \(errors)")
            checked += 1
        }
        #expect(checked >= 40)
    }

    @Test func everyMemberADecodedNodeAcceptsIsTheRegistrys() {
        for type in NodeType.allCases {
            #expect(type.fieldNames == PropertyRegistry.nodeNames(for: type))
            #expect(type.fieldNames.isSuperset(of: ["type", "frame", "isSkeletonable"]))
        }
        #expect(AppearanceOverrides.fieldNames == PropertyRegistry.names(in: .appearance))
        #expect(DocumentDecoder.tableSectionFieldNames == ["rows", "cell", "cells", "header", "footer"])
        #expect(DocumentDecoder.collectionSectionFieldNames == ["items", "cell", "cells", "supplementary"])
    }

    // MARK: Documentation

    @Test func hoverTextStatesMeaningDefaultAndSkeletonViewsName() throws {
        let property = try #require(PropertyRegistry.named("itemSize"))
        #expect(
            property.markdown
                == "**`itemSize`**: the flow layout's item size\n\nDefault: `[50, 50]`\n\n"
                + "SkeletonView: `UICollectionViewFlowLayout.itemSize`")
        #expect(PropertyRegistry.named("gradient")?.defaultValue.markdown == "`{\"baseColor\": \"skeletonDefault\"}`")
        // A name several objects share is documented as the node's.
        #expect(PropertyRegistry.named("skeletonCornerRadius")?.scope == .node)
        #expect(PropertyRegistry.named("cell")?.scope == .node)
        for property in PropertyRegistry.all {
            #expect(!property.meaning.isEmpty, "\(property.name)")
        }
    }

    @Test func runtimeAttributesAndSwiftNamesNameViewProperties() throws {
        #expect(PropertyRegistry.property(runtimeAttribute: "layer.cornerRadius") == DocumentProperty.view.cornerRadius)
        #expect(
            PropertyRegistry.property(runtimeAttribute: "layer.masksToBounds") == DocumentProperty.view.clipsToBounds)
        #expect(PropertyRegistry.property(runtimeAttribute: "isHidden") == nil)
        #expect(PropertyRegistry.property(swiftName: "layer.opacity") == DocumentProperty.view.alpha)
        #expect(PropertyRegistry.property(swiftName: "cornerRadius") == nil)
        for property in PropertyRegistry.all where !property.runtimeAttributeKeyPaths.isEmpty {
            #expect(property.scope == .node, "\(property.name)")
        }
    }
}
