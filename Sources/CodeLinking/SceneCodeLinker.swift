package import InterfaceBuilder
import JSON
package import SkeletonModel
package import SwiftCode

/// A scene with its app's code applied: the document UIKit would show after the code ran, and the show the
/// screen makes.
package struct LinkedScene: Sendable {
    /// The scene's document with the code's settings.
    package var result: DocumentDecodingResult
    /// The shows the scene's code makes, in run order, each on the view it is called on (SkeletonView starts each
    /// from that view, with its own options).
    package var shows: [LinkedShow]
    /// `SkeletonAppearance.default` as the linked classes set it.
    package var appearance: AppearanceOverrides
    /// The linked classes' hints, then what linking itself could not do (`linkerHints`).
    package var hints: [CodeHint]
    /// What linking itself could not do or had to assume (a cell class whose code is not open, views built in code
    /// that their constraints do not place, a size that depends on a view the scene does not size…), each with the
    /// Swift file (`CodeHint.file`, the uri the facts were read with) and the range there it is about. Unlike the
    /// classes' own hints, these depend on the scene as well as on the code, so the Swift file's reader does not
    /// have them: the server publishes them with the Swift file's diagnostics (`Protocol/swift-code.md`).
    package var linkerHints: [CodeHint]
    /// The classes whose facts were applied, in binding order.
    package var linkedClasses: [String]
    /// The nib names linking looked for (found or not): the scene is linked again when one of them changes.
    package var nibs: Set<String> = []

    package init(
        result: DocumentDecodingResult, shows: [LinkedShow], appearance: AppearanceOverrides, hints: [CodeHint],
        linkedClasses: [String], linkerHints: [CodeHint] = []
    ) {
        self.result = result
        self.shows = shows
        self.appearance = appearance
        self.hints = hints
        self.linkedClasses = linkedClasses
        self.linkerHints = linkerHints
    }

    /// The options of the last show the scene's code makes (nil: none in code).
    package var show: ShowOptions? { shows.last?.options }

    /// The element ids of the views the code shows from (the scene's root when its class's own view is shown).
    package var shownNodes: Set<String> { Set(shows.map(\.node)) }
}

/// One show the scene's code makes: on which view (its IB element id), with which options.
package struct LinkedShow: Sendable, Hashable {
    /// The IB element id of the view the show is called on.
    package var node: String
    /// SkeletonView's arguments as `skeleton/show` options.
    package var options: ShowOptions

    package init(node: String, options: ShowOptions) {
        self.node = node
        self.options = options
    }
}

/// IB document + code facts → the scene's document and default show (a pure function).
///
/// A class is linked to a scene's object through its `customClass`; its `.root` is that object's view and its
/// properties are the file's outlets. Its data source answers become the sections of the tables and
/// collections whose `dataSource` is that object (an outlet in the file, or `outlet.dataSource = self` in code),
/// and a cell class registered in code for the answered identifier becomes that identifier's template, with the
/// subviews its code adds and constrains placed by `AnchorSolver`. Its flow layout delegate answers apply to the
/// collections whose `delegate` it is. Sizes the code refers to (`view.frame.width`) are the scene's own, as the
/// file alone decodes it.
package enum SceneCodeLinker {
    /// Links every class of `code` (files read one by one; the first that declares a class wins) that scene `scene`
    /// (nil: the initial scene) names; nil for an unknown scene.
    package static func link(file: InterfaceBuilderFile, scene: String? = nil, code: [SwiftCodeFacts]) -> LinkedScene? {
        link(file: file, scene: scene, app: AppCode(files: code))
    }

    /// Links every class of the app that scene `scene` (nil: the initial scene) names, its cells' XIBs found among
    /// the app's; nil for an unknown scene.
    package static func link(file: InterfaceBuilderFile, scene: String? = nil, app: AppCode) -> LinkedScene? {
        var classes: [String: ClassFacts] = [:]
        for c in app.code.classes where classes[c.name] == nil { classes[c.name] = c }
        guard let alone = file.decodeScene(scene) else { return nil }
        var overlay = SceneOverlay(classes: classes, scene: alone.document?.root, nib: app.nib)
        var shows: [LinkedShow] = []
        var appearance = AppearanceOverrides()
        var linked: [String] = []
        for binding in file.classBindings(scene: scene) {
            guard let facts = classes[binding.className] else { continue }
            linked.append(facts.name)
            overlay.apply(facts, to: binding)
            overlay.noteCellShows(registeredBy: facts)
            shows += overlay.shows(of: facts, at: binding)
            appearance = appearance.merging(facts.appearance)
        }
        if shows.isEmpty { overlay.noteActionShows(of: linked.compactMap { classes[$0] }) }
        overlay.layOutPrototypes(of: file, scene: scene)
        guard var result = file.decodeScene(scene, overlay: overlay.members) else { return nil }
        if result.errors.contains(where: { $0.code == .unknownTemplate }), overlay.dropUnverifiedSections(),
            let again = file.decodeScene(scene, overlay: overlay.members)
        {
            result = again
        }
        let hints = linked.compactMap { classes[$0] }.flatMap(\.hints) + overlay.hints
        var scene = LinkedScene(
            result: result, shows: shows, appearance: appearance, hints: hints, linkedClasses: linked,
            linkerHints: overlay.hints)
        scene.nibs = overlay.nibs
        return scene
    }
}
