package import JSON

// The `skeleton/*` requests about a whole document (`Protocol/skeleton-methods.md`): its scenes and structural
// patches of its text.

/// `skeleton/scenes`: the scenes of an open document.
package enum ScenesRequest: RequestMethod {
    package static let method = "skeleton/scenes"
    package typealias Result = [SceneSummary]

    package struct Params: DocumentParams {
        package static let members = MemberRule.closed(["uri"])
        package static let document = DocumentMember.uri

        package let document: TextDocumentIdentifier

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            document = try TextDocumentIdentifier(from: object)
        }
    }
}

/// `skeleton/patch`: structural edits of a JSON document's text, all or none.
package enum PatchRequest: RequestMethod {
    package static let method = "skeleton/patch"
    package typealias Result = PatchResult

    package struct Params: DocumentParams {
        package static let members = MemberRule.closed(["uri", "version", "ops"])
        package static let document = DocumentMember.uri

        package let document: TextDocumentIdentifier
        /// The version the patch expects the document at (nil: any).
        package let version: Int?
        /// At least one.
        package let ops: [PatchOperation]

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            document = try TextDocumentIdentifier(from: object)
            version = try object.optionalInt("version")
            let list = try object.required("ops")
            ops = try object.decodeArray("ops")
            guard !ops.isEmpty else { throw JSONDecodingError(at: list, "must list at least one op") }
        }
    }
}

/// One op of a patch: `{op, node?, parent?, properties?, index?}`.
///
/// Its members are passed over when it does not read them, as they always were (`.open`).
package struct PatchOperation: ProtocolObject {
    package static let members = MemberRule.open(["op", "node", "parent", "properties", "index"])

    /// A node of the document's tree by reference: an id or an index path such as `0.2.1`.
    package struct Reference: Sendable {
        package let name: String
        /// The string in the message (an unknown reference is an error at it).
        package let source: JSONValue
    }

    /// Where an insert or a move puts the node among its new parent's children (nil: at the end).
    package struct Index: Sendable {
        /// Checked against the parent's children when the op applies.
        package let value: Int
        package let source: JSONValue
    }

    package enum Kind: String, CaseIterable, Sendable { case set, insert, remove, move }

    package enum Operation: Sendable {
        /// Members set (a null value removes one); never `children`.
        case set(node: Reference, properties: [(key: String, value: JSONValue)])
        /// `node` is the new node's object.
        case insert(parent: Reference, node: JSONValue, index: Index?)
        case remove(node: Reference)
        case move(node: Reference, parent: Reference, index: Index?)
    }

    package let operation: Operation
    /// The op's object (an edit that cannot apply is an error at it).
    package let source: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        source = object.value
        switch try object.required("op").decodeEnum(Kind.self) {
        case .set:
            let node = try Self.reference(object, "node")
            let properties = try object.required("properties").decodeObject()
            for (key, value) in properties where key == "children" {
                throw JSONDecodingError(at: value, "children change with insert, remove and move")
            }
            operation = .set(node: node, properties: properties)
        case .insert:
            let parent = try Self.reference(object, "parent")
            let node = try object.required("node")
            _ = try node.decodeObject()
            operation = .insert(parent: parent, node: node, index: try Self.index(object))
        case .remove:
            operation = .remove(node: try Self.reference(object, "node"))
        case .move:
            let node = try Self.reference(object, "node")
            let parent = try Self.reference(object, "parent")
            operation = .move(node: node, parent: parent, index: try Self.index(object))
        }
    }

    private static func reference(_ object: ParamsObject, _ key: String) throws(JSONDecodingError) -> Reference {
        let source = try object.required(key)
        return Reference(name: try source.decodeString(), source: source)
    }

    private static func index(_ object: ParamsObject) throws(JSONDecodingError) -> Index? {
        guard let source = object.optional("index") else { return nil }
        return Index(value: try source.decodeInt(), source: source)
    }
}

extension ScenesRequest.Params: EncodableObject {
    package init(document: TextDocumentIdentifier) { self.document = document }

    package var json: JSON { document.json }
}
