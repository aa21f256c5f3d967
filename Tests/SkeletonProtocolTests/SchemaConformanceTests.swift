import Foundation
import JSON
import SkeletonProtocol
import Testing

/// Every typed method's params type against its `$defs` entry in `Protocol/schemas/methods.schema.json`
/// (`<last path component>.params`): the same members, refused others exactly when the schema says
/// `additionalProperties: false`, each example decodes, and an example without any one of its required members (at
/// any depth) is refused naming that member's pointer.
@Suite struct SchemaConformanceTests {
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Protocol/schemas/methods.schema.json")

    static func definitions() throws -> JSONValue {
        try JSONDocument.parse(Array(try Data(contentsOf: schemaURL))).value.member("$defs")
    }

    static func definition(_ method: String, in defs: JSONValue) -> JSONValue? {
        defs[String(method.split(separator: "/").last ?? "") + ".params"]
    }

    /// The names in a schema's `required` list.
    static func required(_ schema: JSONValue) -> [String] { schema["required"]?.elements.compactMap(\.string) ?? [] }

    @Test func everyTypedMethodHasItsSchema() throws {
        let defs = try Self.definitions()
        for entry in ProtocolMethods.all {
            #expect(Self.definition(entry.method, in: defs) != nil, "\(entry.method) has no params schema")
        }
    }

    @Test func membersAndTheirRuleAreTheSchemas() throws {
        let defs = try Self.definitions()
        for entry in ProtocolMethods.all {
            guard let schema = Self.definition(entry.method, in: defs) else { continue }
            let properties = Set((schema["properties"]?.members ?? []).map(\.key))
            #expect(Set(entry.params.members.members.names) == properties, "\(entry.method)")
            var closed = false
            if case .closed = entry.params.members { closed = true }
            #expect(closed == (schema["additionalProperties"]?.bool == false), "\(entry.method)")
        }
    }

    @Test func examplesDecodeAndEachRequiredMemberIsRequired() throws {
        let defs = try Self.definitions()
        for entry in ProtocolMethods.all {
            guard let schema = Self.definition(entry.method, in: defs) else { continue }
            let examples = schema["examples"]?.elements ?? []
            #expect(!examples.isEmpty, "\(entry.method) has no example")
            for example in examples {
                #expect(throws: Never.self, "\(entry.method)") { try Self.decode(entry, example.json) }
                for path in Self.requiredPaths(schema, in: example.json, defs: defs) {
                    let error = try Self.decodingError(entry, Self.removing(path, from: example.json))
                    #expect(error?.pointer == JSONPointer(["params"] + path), "\(entry.method) without \(path)")
                    #expect(error?.message == "is required", "\(entry.method) without \(path)")
                }
                let extra = Self.adding("unexpectedMember", to: example.json)
                let refused = try Self.decodingError(entry, extra)
                if case .closed = entry.params.members {
                    #expect(refused?.pointer == JSONPointer(["params", "unexpectedMember"]), "\(entry.method)")
                } else {
                    #expect(refused == nil, "\(entry.method) refuses a member LSP's clients may send")
                }
            }
        }
    }

    /// (A method without params, `NoParams`, takes them absent: `ParamsObjectTests`; `initialized`'s are not read,
    /// `initialize`'s may be absent: `LifecycleParamsTests`.)
    @Test func paramsThatAreNoObjectAreRefusedAtParams() throws {
        for entry in ProtocolMethods.all where entry.params != NoParams.self {
            guard entry.params != InitializedNotification.Params.self else { continue }
            for params in ["[]", "1", "\"text\""] {
                let document = try JSONDocument.parse(#"{"params": \#(params)}"#)
                #expect(throws: ParamsObject.notAnObject, "\(entry.method)") {
                    _ = try entry.params.decode(params: document.value["params"])
                }
            }
            guard entry.params != InitializeRequest.Params.self else { continue }
            #expect(throws: ParamsObject.notAnObject) { _ = try entry.params.decode(params: nil) }
        }
    }

    // MARK: Helpers

    static func decode(_ entry: ProtocolMethods.Entry, _ params: JSON) throws {
        let document = try JSONDocument.parse(JSON.object(["params": params]).bytes)
        _ = try entry.params.decode(params: document.value["params"])
    }

    static func decodingError(_ entry: ProtocolMethods.Entry, _ params: JSON) throws -> JSONDecodingError? {
        do {
            try decode(entry, params)
            return nil
        } catch let error as JSONDecodingError {
            return error
        }
    }

    /// The paths of the members `schema` requires in `example`, and those its required objects require.
    static func requiredPaths(_ schema: JSONValue, in example: JSON, defs: JSONValue) -> [[String]] {
        guard case .object(let object) = example else { return [] }
        var paths: [[String]] = []
        for name in required(schema) where object[name] != nil {
            paths.append([name])
            guard let member = resolve(schema["properties"]?[name], defs), let value = object[name] else { continue }
            paths += requiredPaths(member, in: value, defs: defs).map { [name] + $0 }
        }
        return paths
    }

    /// A schema, its `$ref` followed into `$defs`.
    static func resolve(_ schema: JSONValue?, _ defs: JSONValue) -> JSONValue? {
        guard let reference = schema?["$ref"]?.string else { return schema }
        return defs[String(reference.dropFirst("#/$defs/".count))]
    }

    static func removing(_ path: [String], from value: JSON) -> JSON {
        guard case .object(var object) = value, let first = path.first else { return value }
        if path.count == 1 {
            object[first] = nil
        } else if let member = object[first] {
            object[first] = removing(Array(path.dropFirst()), from: member)
        }
        return .object(object)
    }

    static func adding(_ name: String, to value: JSON) -> JSON {
        guard case .object(var object) = value else { return value }
        object[name] = true
        return .object(object)
    }
}
