package import InterfaceBuilder
package import SwiftCode

/// The app a storyboard or XIB belongs to, as linking reads it: its Swift code (every class, read together by
/// `SwiftCodeReader.read(_:)`, so extensions and superclasses in other files count) and its XIBs, found by nib name
/// (`UINib(nibName: "ItemCell", bundle: nil)` → `ItemCell.xib`).
///
/// Whoever knows the app's files builds one: the daemon from its open documents (every open Swift file, every open
/// XIB), the CLI from the files it is given (`--code`), a project index from the whole folder.
package struct AppCode: Sendable {
    /// Every class of the app's Swift code.
    package var code: SwiftCodeFacts
    /// The XIB with a nib name (the file name without `.xib`), if the app has one.
    package var nib: @Sendable (String) -> InterfaceBuilderFile?

    package init(code: SwiftCodeFacts, nib: @escaping @Sendable (String) -> InterfaceBuilderFile? = { _ in nil }) {
        self.code = code
        self.nib = nib
    }

    /// An app whose XIBs are `xibs`, by path or uri (each named by its last path component without `.xib`; other
    /// files are ignored, the first of two with one name wins).
    package init(code: SwiftCodeFacts, xibs: [(path: String, file: InterfaceBuilderFile)]) {
        var byName: [String: InterfaceBuilderFile] = [:]
        for (path, file) in xibs {
            guard let name = InterfaceBuilderFile.nibName(ofPath: path), byName[name] == nil else { continue }
            byName[name] = file
        }
        self.init(code: code, nib: { [byName] in byName[$0] })
    }

    /// Files read one by one, as one app: every class once (the first file that declares it wins).
    package init(files: [SwiftCodeFacts]) {
        var seen: Set<String> = []
        var merged = SwiftCodeFacts()
        for facts in files {
            merged.classes += facts.classes.filter { seen.insert($0.name).inserted }
            merged.hints += facts.hints
            merged.typeNames.formUnion(facts.typeNames)
            merged.declaredClasses.formUnion(facts.declaredClasses)
        }
        self.init(code: merged)
    }
}
