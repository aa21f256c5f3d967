/// One file an app is read from, found under a project folder.
package struct ProjectFile: Sendable, Hashable {
    /// What the file holds.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `*.swift`
        case swift
        /// `*.storyboard`
        case storyboard
        /// `*.xib`
        case xib
        /// `*.xcassets/…/*.colorset/Contents.json`: one named colour.
        case colorSet
        /// `*.skeleton.json`: a skeleton layout (`Protocol/document-format.md`).
        case layout

        /// Storyboards and XIBs.
        package var isInterfaceBuilder: Bool { self == .storyboard || self == .xib }
    }

    /// The path as found: the root as given, then the names below it.
    package var path: String
    package var kind: Kind
    /// The size `stat` gave when it was found.
    package var size: Int

    package init(path: String, kind: Kind, size: Int) {
        self.path = path
        self.kind = kind
        self.size = size
    }

    /// The kind of the file at `path` (a colour set's `Contents.json` only inside a folder named `*.colorset`),
    /// or nil for a file no app document is read from.
    package static func kind(ofPath path: String) -> Kind? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let lower = name.lowercased()
        if lower.hasSuffix(".swift") { return .swift }
        if lower.hasSuffix(".storyboard") { return .storyboard }
        if lower.hasSuffix(".xib") { return .xib }
        if lower.hasSuffix(Self.layoutSuffix) { return .layout }
        if name == "Contents.json" {
            let parts = path.split(separator: "/")
            if parts.count >= 2, parts[parts.count - 2].lowercased().hasSuffix(".colorset") { return .colorSet }
        }
        return nil
    }

    /// How a skeleton layout's file name ends.
    package static let layoutSuffix = ".skeleton.json"

    /// The name of the colour a colour set's `Contents.json` at `path` defines (its folder's name without
    /// `.colorset`), nil for any other path.
    package static func colorName(ofPath path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 1] == "Contents.json" else { return nil }
        let folder = parts[parts.count - 2]
        guard folder.lowercased().hasSuffix(".colorset") else { return nil }
        return String(folder.dropLast(".colorset".count))
    }
}
