public import InterfaceBuilder
import JSON
public import SkeletonModel
public import SwiftCode

/// A scene with its app's code applied: the document UIKit would show after the code ran, and the show the
/// screen makes.
public struct LinkedScene: Sendable {
    /// The scene's document with the code's settings.
    public var result: DocumentDecodingResult
    /// The show the scene's view controller makes (nil: none in code).
    public var show: ShowOptions?
    /// `SkeletonAppearance.default` as the linked classes set it.
    public var appearance: AppearanceOverrides
    /// The linked classes' hints, then what linking itself could not do (`linkerHints`).
    public var hints: [CodeHint]
    /// What linking itself could not do (views built in code that cannot be placed…), each with the Swift file
    /// (`CodeHint.file`, the uri the facts were read with) and the range there it is about. Unlike the classes'
    /// own hints, these depend on the scene as well as on the code, so the Swift file's reader does not have them:
    /// the server publishes them with the Swift file's diagnostics (`Protocol/swift-code.md`).
    public var linkerHints: [CodeHint]
    /// The classes whose facts were applied, in binding order.
    public var linkedClasses: [String]

    /// Creates a value with the given members.
    public init(
        result: DocumentDecodingResult, show: ShowOptions?, appearance: AppearanceOverrides, hints: [CodeHint],
        linkedClasses: [String], linkerHints: [CodeHint] = []
    ) {
        self.result = result
        self.show = show
        self.appearance = appearance
        self.hints = hints
        self.linkedClasses = linkedClasses
        self.linkerHints = linkerHints
    }
}

/// IB document + code facts → the scene's document and default show (a pure function).
///
/// A class is linked to a scene's object through its `customClass`; its `.root` is that object's view and its
/// properties are the file's outlets. Its data source answers become the sections of the tables and
/// collections whose `dataSource` is that object, and a cell class registered in code for the answered
/// identifier becomes that identifier's template.
public enum SceneCodeLinker {
    /// Links every class of `code` that scene `scene` (nil: the initial scene) names; nil for an unknown scene.
    public static func link(file: InterfaceBuilderFile, scene: String? = nil, code: [SwiftCodeFacts]) -> LinkedScene? {
        var classes: [String: ClassFacts] = [:]
        for facts in code {
            for c in facts.classes where classes[c.name] == nil { classes[c.name] = c }
        }
        var overlay = SceneOverlay(classes: classes)
        var show: ShowOptions?
        var appearance = AppearanceOverrides()
        var linked: [String] = []
        for binding in file.classBindings(scene: scene) {
            guard let facts = classes[binding.className] else { continue }
            linked.append(facts.name)
            overlay.apply(facts, to: binding)
            if let s = facts.show { show = s.options }
            appearance = appearance.merging(facts.appearance)
        }
        guard let result = file.decodeScene(scene, overlay: overlay.members) else { return nil }
        let hints = linked.compactMap { classes[$0] }.flatMap(\.hints) + overlay.hints
        return LinkedScene(
            result: result, show: show, appearance: appearance, hints: hints, linkedClasses: linked,
            linkerHints: overlay.hints)
    }
}

/// The document members code adds, by IB element id.
struct SceneOverlay {
    let classes: [String: ClassFacts]
    var members: [String: JSONObject] = [:]
    var hints: [CodeHint] = []

    mutating func apply(_ facts: ClassFacts, to binding: IBClassBinding) {
        for (target, properties) in facts.finalProperties {
            let elementID: String?
            switch target {
            case .root: elementID = binding.viewID
            case .property(let name): elementID = binding.outlets[name]
            }
            guard let elementID else { continue }
            for (property, value) in properties.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                members[elementID, default: [:]][property.rawValue] = Self.json(value)
            }
        }
        for (listID, kind) in binding.dataSourceOf.sorted(by: { $0.key < $1.key }) {
            applyDataSource(facts, to: listID, isTable: kind == "tableView", at: binding)
        }
    }

    /// Sections from the data source's answers; a cell class registered for the answered identifier becomes
    /// its template.
    private mutating func applyDataSource(
        _ facts: ClassFacts, to listID: String, isTable: Bool, at binding: IBClassBinding
    ) {
        let answers = facts.dataSource
        guard let cell = answers.cellIdentifier else { return }
        var section: JSONObject = ["cell": .string(cell)]
        let count = isTable ? answers.numberOfRows : answers.numberOfItems
        section[isTable ? "rows" : "items"] = count.map { $0 < 0 ? .string("automatic") : .int($0) } ?? "automatic"
        if isTable {
            if let h = answers.headerIdentifier { section["header"] = .string(h) }
            if let f = answers.footerIdentifier { section["footer"] = .string(f) }
        }
        let sectionCount = max(0, min(answers.numberOfSections ?? 1, 1_001))
        members[listID, default: [:]]["sections"] = .array(Array(repeating: .object(section), count: sectionCount))
        guard let className = facts.registeredCells[cell], let cellFacts = classes[className] else { return }
        var template: JSONObject = [
            "type": .string(isTable ? NodeType.tableViewCell.rawValue : NodeType.collectionViewCell.rawValue),
            "frame": [0, 0, 0, 0],
        ]
        for (property, value) in (cellFacts.finalProperties[.root] ?? [:]).sorted(by: {
            $0.key.rawValue < $1.key.rawValue
        }) {
            template[property.rawValue] = Self.json(value)
        }
        members[listID, default: [:]]["templates"] = .object([cell: .object(template)])
        let built = cellFacts.codeBuiltViews.keys.sorted()
        if !built.isEmpty, let range = cellFacts.assignments.first?.range {
            hints.append(
                CodeHint(
                    kind: .assumed,
                    message:
                        "\(built.map { "`\($0)`" }.joined(separator: ", ")) of \(className) are built in code and laid out by constraints; the cell is drawn without them",
                    range: range, file: cellFacts.file))
        }
    }

    /// A code value as a document member value.
    static func json(_ value: CodeValue) -> JSON {
        switch value {
        case .bool(let b): return .bool(b)
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? .int(Int(n)) : .double(n)
        case .insets(let top, let left, let bottom, let right):
            return .array([json(.number(top)), json(.number(left)), json(.number(bottom)), json(.number(right))])
        case .automatic: return "automatic"
        case .inherited: return "inherited"
        case .relativeToFont: return "relativeToFont"
        case .relativeToConstraints: return "relativeToConstraints"
        }
    }
}
