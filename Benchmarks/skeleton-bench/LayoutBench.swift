import JSON
import SkeletonEngine
import SkeletonGraphics
import SkeletonModel

/// Issue 3: layout of a ~10,000-node document (decode, `show`, `layers(at:)`) against jansson's parse of the same
/// bytes (`JSONDocument.parse`, the daemon's parse).
enum LayoutBench {
    static let show = ShowOptions(type: .gradient, transition: .none)

    /// The whole path: bytes → document → session → show → display list. Checksum: nodes and layers.
    static func layout(_ bytes: [UInt8]) throws -> Int {
        let result = bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
        guard let document = result.document else {
            throw BenchError("the layout document does not decode: \(result.problems.first.map { "\($0)" } ?? "?")")
        }
        var session = SkeletonSession(document: document)
        _ = try session.show(show, at: 0)
        let list = session.layers(at: 0)
        return document.nodeCount &* 1_000_003 &+ list.layers.count
    }

    static func parse(_ bytes: [UInt8]) throws -> Int {
        let parsed = try bytes.withUnsafeBytes { try JSONDocument.parse($0, limits: DocumentLimits.default.jsonLimits) }
        return parsed.value.count
    }

    static func contenders(_ document: CardDocument) -> [Contender] {
        let bytes = document.text
        return [
            Contender(name: "ours: decode + show + layers(at:)") { try layout(bytes) },
            Contender(name: "jansson alone: JSONDocument.parse (pre-scan + jansson + arena)") { try parse(bytes) },
        ]
    }

    /// The stages of ours, for where the time goes.
    static func references(_ document: CardDocument) throws -> [Contender] {
        let bytes = document.text
        let decoded = bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
        guard let model = decoded.document else { throw BenchError("the layout document does not decode") }
        var shown = SkeletonSession(document: model)
        _ = try shown.show(show, at: 0)
        let ready = shown
        return [
            Contender(name: "ref: decode only (parse + SkeletonModel)") {
                bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }.document?.nodeCount ?? -1
            },
            Contender(name: "ref: SkeletonSession(document:) + show") {
                var session = SkeletonSession(document: model)
                _ = try session.show(show, at: 0)
                return session.document.nodeCount
            },
            Contender(name: "ref: layers(at:) built whole on a shown session") {
                ready.layersBuiltWhole(at: 0).layers.count
            },
            Contender(name: "ref: layers(at:) again, nothing changed (the kept list)") {
                ready.layers(at: 0).layers.count
            },
        ]
    }

    /// The check that makes the ratio meaningful: our model has every node of the text, and every leaf got
    /// skeleton layers. Throws otherwise.
    static func validate(_ document: CardDocument) throws {
        let result = document.text.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
        guard let model = result.document else { throw BenchError("the layout document does not decode") }
        guard model.nodeCount == document.nodeCount else {
            throw BenchError("layout: \(model.nodeCount) nodes decoded, the text has \(document.nodeCount)")
        }
        // Count node objects in jansson's tree independently.
        let parsed = try document.text.withUnsafeBytes {
            try JSONDocument.parse($0, limits: DocumentLimits.default.jsonLimits)
        }
        func count(_ node: JSONValue) -> Int {
            1 + (node["children"]?.elements ?? []).reduce(0) { $0 + count($1) }
        }
        guard let root = parsed.value["root"], count(root) == document.nodeCount else {
            throw BenchError("layout: jansson's tree disagrees with the generator's node count")
        }
        var session = SkeletonSession(document: model)
        _ = try session.show(show, at: 0)
        let list = session.layers(at: 0)
        var skeletonNodes = Set<String>()
        for layer in list.layers where layer.kind.isSkeleton { skeletonNodes.insert(layer.node) }
        guard skeletonNodes.count == document.leafCount else {
            throw BenchError(
                "layout: \(skeletonNodes.count) nodes have skeleton layers, expected every leaf (\(document.leafCount))"
            )
        }
    }
}
