import Foundation
import SkeletonModel
import Testing

/// The document format's member names are spelled once, in `Sources/SkeletonModel/Properties` (the
/// `PropertyRegistry`): every other source file reads them from there. A string literal `"name"` of a registry
/// member anywhere else in `Sources` (outside comments) fails this test, unless the allow-list below names that file
/// and member with the reason it must spell it (another vocabulary that happens to use the same word).
@Suite struct PropertyNameLiteralTests {
    /// Member names that are also ordinary words of other vocabularies (LSP, JSON-RPC, the wire format, XML, the
    /// CLI), so a literal of one says nothing about the document format; they are not looked for.
    static let commonWords: Set<String> = [
        "root", "appearance", "version", "$schema", "type", "id", "frame", "children", "comment", "text",
        "placeholder", "title", "image", "font", "alpha", "layout", "cell", "cells", "sections", "templates", "rows",
        "items", "header", "footer", "light", "dark", "colors", "gradient", "alignment", "constraints",
    ]

    /// Files that must spell a member name, and why.
    static let allowed: [String: Set<String>] = [
        // Storyboard XML: attributes and keys of Interface Builder's own vocabulary, read to map them.
        "Sources/InterfaceBuilder/Mapping/ViewMapper.swift": ["backgroundColor", "numberOfLines", "textAlignment"],
        "Sources/InterfaceBuilder/Mapping/ViewMapper+Content.swift": ["textAlignment", "textColor"],
        "Sources/InterfaceBuilder/Mapping/ViewMapper+Collections.swift": [
            "rowHeight", "estimatedRowHeight", "scrollDirection", "minimumLineSpacing", "minimumInteritemSpacing",
            "itemSize", "sectionInset",
        ],
        "Sources/InterfaceBuilder/Mapping/SystemColors.swift": ["tintColor"],
        "Sources/InterfaceBuilder/Mapping/ViewMapper+Autoresizing.swift": ["autoresizingMask"],
        "Sources/InterfaceBuilder/Layout/CellHeightLayout.swift": ["autoresizingMask"],
        // Storyboard XML written and read by key path: `<userDefinedRuntimeAttribute keyPath="isSkeletonable">`.
        "Sources/InterfaceBuilder/Editing/SkeletonableEdits.swift": ["isSkeletonable"],
        "Sources/InterfaceBuilder/Editing/SkeletonableChainWarnings.swift": ["isSkeletonable"],
        // `skeleton/tree`'s result and the tree text (Protocol/skeleton-methods.md), not the document.
        "Sources/SkeletonEngine/Description/TreeDescription.swift": [
            "isSkeletonable", "isHidden", "isUserInteractionEnabled", "isScrollEnabled",
        ],
        "Sources/SkeletonProtocol/Results/SkeletonResults.swift": [
            "isSkeletonable", "isHidden", "isUserInteractionEnabled", "isScrollEnabled",
        ],
        "Sources/skeleton/MCP/Tools/ExplainTool.swift": ["isSkeletonable", "isHidden"],
        // Layers on the wire (Protocol/rendering.md).
        "Sources/SkeletonServer/Wire/GraphicsWire.swift": ["cornerRadius"],
        // Request params of methods that open scenes (Protocol/skeleton-methods.md), and the CLI's that send them.
        "Sources/SkeletonProtocol/Methods/SessionMethods.swift": ["colorScheme", "layoutDirection"],
        "Sources/skeleton/Options/SharedOptions.swift": ["colorScheme", "layoutDirection"],
        // Swift's argument labels: `SkeletonGradient(baseColor:secondaryColor:)`.
        "Sources/SwiftCode/ValueReader.swift": ["baseColor", "secondaryColor"],
        // The CLI, which does not link the model, writes one fixed document of its own.
        "Sources/skeleton/Snapshot/FontFingerprint.swift": ["backgroundColor"],
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The registry's member names each Swift file under `Sources` spells as a string literal outside comments, by
    /// the file's path from the repository (`Sources/…`); the registry's own folder is left out.
    static func spellings(of names: Set<String>) throws -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = "Sources/" + url.path.dropFirst(sources.path.count + 1)
            guard !path.hasPrefix("Sources/SkeletonModel/Properties/") else { continue }
            let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
            for name in names where code.contains("\"\(name)\"") { out[path, default: []].insert(name) }
        }
        return out
    }

    @Test func memberNamesAreSpelledOnlyInTheRegistry() throws {
        let names = Set(PropertyRegistry.all.map(\.name)).subtracting(Self.commonWords)
        let found = try Self.spellings(of: names)
        for (file, spelled) in found.sorted(by: { $0.key < $1.key }) {
            let extra = spelled.subtracting(Self.allowed[file] ?? [])
            #expect(extra.isEmpty, "\(file) spells \(extra.sorted()): read the name from PropertyRegistry")
        }
        for (file, names) in Self.allowed.sorted(by: { $0.key < $1.key }) {
            let stale = names.subtracting(found[file] ?? [])
            #expect(stale.isEmpty, "\(file) no longer spells \(stale.sorted()): drop it from the allow-list")
        }
    }

    @Test func theScanFindsALiteral() throws {
        // The scan finds a spelling it is known to allow, and never looks in the registry's own folder.
        let found = try Self.spellings(of: ["isSkeletonable"])
        #expect(found["Sources/SkeletonProtocol/Results/SkeletonResults.swift"] == ["isSkeletonable"])
        #expect(found.keys.allSatisfy { !$0.hasPrefix("Sources/SkeletonModel/Properties/") })
    }
}
