import Foundation

/// (b) The view-tree document into the plain Swift tree, three ways (plus reference rows).
enum ViewTreeBench {
    static func contenders(document: [UInt8]) -> [Contender] {
        let decoder = JSONDecoder()
        return [
            Contender(name: "ours: JSON layer (jansson + arena) + walk") {
                try document.withUnsafeBytes { try OursViewTree.checksum($0) }
            },
            Contender(name: "JSONSerialization + walk of the Any tree") {
                try document.withUnsafeBytes { try FoundationViewTree.checksum($0) }
            },
            Contender(name: "JSONDecoder into a typed Codable mirror, mapped to the tree") {
                try document.withUnsafeBytes { try TypedCodableNode.checksum($0, decoder: decoder) }
            },
            Contender(name: "JSONDecoder into the tree, generic properties (Codable try-chain)") {
                try document.withUnsafeBytes { try CodableViewTree.checksum($0, decoder: decoder) }
            },
        ]
    }

    static func references(document: [UInt8]) -> [Contender] {
        [
            Contender(name: "proto: ours without JSONValue overheads (raw jansson walk)") {
                try document.withUnsafeBytes(Prototypes.viewTree)
            },
            Contender(name: "ref: JSONDocument.parse only (pre-scan + jansson + arena)") {
                document.withUnsafeBytes(ReferenceParsers.janssonArena)
            },
            Contender(name: "ref: json_loadb only, malloc per value (no arena)") {
                document.withUnsafeBytes(ReferenceParsers.janssonMalloc)
            },
            Contender(name: "ref: JSONSerialization parse only") {
                document.withUnsafeBytes(ReferenceParsers.foundationParseOnly)
            },
        ]
    }
}

extension IngestBench {
    static func references(stream: [UInt8]) -> [Contender] {
        [
            Contender(name: "proto: ours with a one-pass envelope and a quick depth check") {
                Prototypes.ingest(stream)
            },
            Contender(name: "ref: framing only") { ReferenceParsers.framed(stream) { $0.count } },
            Contender(name: "ref: framing + JSONDocument.parse, no envelope") {
                ReferenceParsers.framed(stream, ReferenceParsers.janssonArena)
            },
            Contender(name: "ref: framing + json_loadb, malloc per value") {
                ReferenceParsers.framed(stream, ReferenceParsers.janssonMalloc)
            },
        ]
    }
}
