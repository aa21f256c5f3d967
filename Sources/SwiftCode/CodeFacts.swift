package import SkeletonModel

/// What one Swift file states statically about SkeletonView: one `ClassFacts` per class (its extensions merged
/// in), and hints for what had to be assumed or could not be read.
package struct SwiftCodeFacts: Sendable, Hashable {
    /// The classes, in the order their declarations first appear.
    package var classes: [ClassFacts]
    /// Problems of the file as a whole (syntax errors) and hints outside any class.
    package var hints: [CodeHint]
    /// Every type the code declares or extends (classes, structs, enums, extensions of UIKit's types).
    package var typeNames: Set<String>
    /// The classes the code declares itself (`class X`), not only extends.
    package var declaredClasses: Set<String>

    package init(
        classes: [ClassFacts] = [], hints: [CodeHint] = [], typeNames: Set<String> = [],
        declaredClasses: Set<String> = []
    ) {
        self.classes = classes
        self.hints = hints
        self.typeNames = typeNames.union(classes.map(\.name))
        self.declaredClasses = declaredClasses
    }

    /// The types what code does for `classes` can depend on: those classes, the cells they register, their
    /// superclasses, and every type that is not a class of the app (extensions of UIKit's views, constants'
    /// enums and structs). A storyboard that binds `classes` is analysed again when any of them changes.
    package func dependencies(of classes: Set<String>) -> Set<String> {
        var result = typeNames.subtracting(declaredClasses).union(classes)
        let byName = Dictionary(self.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = Array(classes)
        while let name = pending.popLast() {
            guard let c = byName[name] else { continue }
            let superclass = c.superclass.map { [AppDeclarations.baseName($0)] } ?? []
            for next in Array(c.registeredCells.values) + superclass
            where result.insert(next).inserted {
                pending.append(next)
            }
        }
        return result
    }

    /// The class named `name`, if the file declares it.
    package func facts(forClass name: String) -> ClassFacts? {
        classes.first { $0.name == name }
    }

    /// The file's hints, then every class's, in source order, each once (a superclass's code run for each of its
    /// subclasses gives its hints once).
    package var allHints: [CodeHint] {
        var seen: Set<CodeHint> = []
        return (hints + classes.flatMap(\.hints)).filter { seen.insert($0).inserted }.sorted {
            ($0.file ?? "", $0.range.start) < ($1.file ?? "", $1.range.start)
        }
    }

    /// The hints about `file` (`allHints` whose file it is).
    package func hints(in file: String) -> [CodeHint] {
        allHints.filter { $0.file == file }
    }
}

/// The facts of one class: who it is, what its lifecycle code sets, how it shows the skeleton and what its
/// skeleton data source answers.
package struct ClassFacts: Sendable, Hashable {
    /// The class name.
    package var name: String
    /// The file it was read from, when the reader was told (a uri or a path).
    package var file: String?
    /// The first type in its inheritance clause (the superclass, for a class that has one).
    package var superclass: String?
    /// The `@IBOutlet` properties, in declaration order.
    package var outlets: [String]
    /// Property assignments, in the order UIKit runs them: initialisers, outlets' `didSet`, `awakeFromNib`,
    /// `viewDidLoad`, `viewWillAppear`, `viewDidAppear`.
    package var assignments: [PropertyAssignment]
    /// `SkeletonAppearance.default.*` assignments, merged in run order.
    package var appearance: AppearanceOverrides
    /// Every show the lifecycle code makes, in run order, each on the view it is called on (the scene's default
    /// shows: SkeletonView starts each from its own view).
    package var shows: [ShowCall]
    /// The skeleton data source's literal answers.
    package var dataSource: DataSourceAnswers
    /// `register(Class.self, forCellWithReuseIdentifier:/forCellReuseIdentifier: "id")`: identifier → class.
    package var registeredCells: [String: String]
    /// `register(UINib(nibName: "Cell", bundle: nil), forCellReuseIdentifier: "id")` and wrappers named after the
    /// class (`register(cellType: Cell.self)`): identifier → nib name (a XIB of the app; a wrapper's class is in
    /// `registeredCells` too, for when the app has no such XIB).
    package var registeredNibs: [String: String] = [:]
    /// Views the class builds itself (`label = UILabel()`, `let title = UILabel()`), by name → UIKit class name.
    package var codeBuiltViews: [String: String]
    /// Where each identifier of `registeredCells` was registered.
    package var registrationRanges: [String: CodeRange]
    /// Where the skeleton data source answers its cell identifier.
    package var cellIdentifierRange: CodeRange?
    /// `outlet.dataSource = self`, `outlet.delegate = self`, in run order.
    package var connections: [ListConnection]
    /// The flow layout delegate's literal answers.
    package var flowLayout: FlowLayoutAnswers
    /// Subviews added and anchor constraints activated in code.
    package var layout: CodeLayout
    /// What had to be assumed or could not be read, with where.
    package var hints: [CodeHint]

    package init(
        name: String, superclass: String? = nil, outlets: [String] = [], assignments: [PropertyAssignment] = [],
        appearance: AppearanceOverrides = AppearanceOverrides(), shows: [ShowCall] = [],
        dataSource: DataSourceAnswers = DataSourceAnswers(), registeredCells: [String: String] = [:],
        codeBuiltViews: [String: String] = [:], hints: [CodeHint] = [], connections: [ListConnection] = [],
        flowLayout: FlowLayoutAnswers = FlowLayoutAnswers(), layout: CodeLayout = CodeLayout()
    ) {
        self.name = name
        self.superclass = superclass
        self.outlets = outlets
        self.assignments = assignments
        self.appearance = appearance
        self.shows = shows
        self.dataSource = dataSource
        self.registeredCells = registeredCells
        self.codeBuiltViews = codeBuiltViews
        self.hints = hints
        self.registrationRanges = [:]
        self.connections = connections
        self.flowLayout = flowLayout
        self.layout = layout
    }

    /// The last show the lifecycle code makes.
    package var show: ShowCall? { shows.last }

    /// The shows the class's `@IBAction`s would make when the user triggers them (never while the screen loads),
    /// in declaration order.
    package var actionShows: [ActionShow] = []

    /// The value each view's property ends with (the last assignment wins), by target.
    package var finalProperties: [ViewTarget: [ViewProperty: CodeValue]] {
        var result: [ViewTarget: [ViewProperty: CodeValue]] = [:]
        for a in assignments { result[a.target, default: [:]][a.property] = a.value }
        return result
    }
}

/// A show an `@IBAction` makes.
package struct ActionShow: Sendable, Hashable {
    /// The action's name (`testAction`).
    package var action: String
    /// The show, on the view it is called on.
    package var show: ShowCall

    package init(action: String, show: ShowCall) {
        self.action = action
        self.show = show
    }
}

/// Which view an assignment is about.
package enum ViewTarget: Sendable, Hashable {
    /// The class's own view: a view controller's `view` (or `self.view`), a view's or cell's `self`.
    case root
    /// A stored property (usually an `@IBOutlet`), by name.
    case property(String)
}

/// The SkeletonView and UIKit properties skeletond reads from code; the raw value is the document member.
package enum ViewProperty: String, Sendable, Hashable, CaseIterable {
    case isSkeletonable, isHiddenWhenSkeletonIsActive, isUserInteractionDisabledWhenSkeletonIsActive
    case skeletonCornerRadius, linesCornerRadius, lastLineFillPercent, skeletonLineSpacing
    case skeletonPaddingInsets, skeletonTextNumberOfLines, skeletonTextLineHeight
    case rowHeight, estimatedRowHeight
    case numberOfLines, isHidden
    /// `layer.cornerRadius`.
    case cornerRadius
    /// `clipsToBounds` or `layer.masksToBounds`.
    case clipsToBounds
    /// `alpha` or `layer.opacity`, 0 to 1.
    case alpha
}

/// A value written in code that skeletond can state exactly.
package enum CodeValue: Sendable, Hashable {
    case bool(Bool)
    case number(Double)
    /// `UIEdgeInsets(top:left:bottom:right:)` (or `.zero`).
    case insets(top: Double, left: Double, bottom: Double, right: Double)
    /// `UIEdgeInsets(…)` of views' sizes (`bottom: label.frame.height`): known once the scene lays them out.
    case sizedInsets(top: CodeExpression, left: CodeExpression, bottom: CodeExpression, right: CodeExpression)
    /// `UITableView.automaticDimension`.
    case automatic
    /// `SkeletonTextNumberOfLines.inherited`.
    case inherited
    /// `SkeletonTextLineHeight.relativeToFont`.
    case relativeToFont
    /// `SkeletonTextLineHeight.relativeToConstraints`.
    case relativeToConstraints
}

/// `target.property = value`, where it was written.
package struct PropertyAssignment: Sendable, Hashable {
    /// The view assigned to.
    package var target: ViewTarget
    /// The property.
    package var property: ViewProperty
    /// The value.
    package var value: CodeValue
    /// The assignment's source range.
    package var range: CodeRange

    package init(target: ViewTarget, property: ViewProperty, value: CodeValue, range: CodeRange) {
        self.target = target
        self.property = property
        self.value = value
        self.range = range
    }
}

/// A `show*Skeleton` call: on which view, with which options, where.
package struct ShowCall: Sendable, Hashable {
    /// The view it is called on.
    package var target: ViewTarget
    /// SkeletonView's arguments as `skeleton/show` options (a `delay` also comes from `asyncAfter`).
    package var options: ShowOptions
    /// The call's source range.
    package var range: CodeRange

    package init(target: ViewTarget, options: ShowOptions, range: CodeRange) {
        self.target = target
        self.options = options
        self.range = range
    }
}

/// The literal answers of `SkeletonTableViewDataSource` / `SkeletonCollectionViewDataSource` (nil: not
/// implemented, or not a literal; SkeletonView's default then applies).
package struct DataSourceAnswers: Sendable, Hashable {
    /// `numSections(in:)`.
    package var numberOfSections: Int?
    /// `collectionSkeletonView(_:numberOfRowsInSection:)` (-1: `UITableView.automaticNumberOfSkeletonRows`).
    package var numberOfRows: Int?
    /// `collectionSkeletonView(_:numberOfItemsInSection:)`.
    package var numberOfItems: Int?
    /// The rows (items) of each section when the answer is a `switch` over the section (`case 0:`, or the cases of
    /// `Section.allCases[section]`): section k has `countsBySection[k]`, sections after them `numberOfRows`
    /// (`numberOfItems`), the `default` case's answer. Empty: every section has the same count.
    package var countsBySection: [Int] = []
    /// `collectionSkeletonView(_:cellIdentifierForRowAt:)` or `cellIdentifierForItemAt:`.
    package var cellIdentifier: String?
    /// `collectionSkeletonView(_:identifierForHeaderInSection:)`.
    package var headerIdentifier: String?
    /// `collectionSkeletonView(_:identifierForFooterInSection:)`.
    package var footerIdentifier: String?
    /// `collectionSkeletonView(_:supplementaryViewIdentifierOfKind:at:)`.
    package var supplementaryIdentifier: String?
    /// `cellIdentifierForRowAt`/`ItemAt` when it answers by index path (a `switch` over `indexPath.row`, `item` or
    /// `section`, or a condition on it); `cellIdentifier` is then its answer for the other indexes.
    package var cellIdentifiers: IndexPathAnswer<String>?
    /// The identifier `skeletonCellForRowAt`/`ItemAt` dequeues its cell with (it wins over `cellIdentifier`).
    package var skeletonCellIdentifier: String?
    /// The `isSkeletonable` `skeletonCellForRowAt`/`ItemAt` gives its cell, per index path.
    package var skeletonCellSkeletonable: IndexPathAnswer<Bool>?
    /// The `isSkeletonable` `prepareCellForSkeleton` gives each cell, per index path (after `skeletonCellFor…`).
    package var preparedSkeletonable: IndexPathAnswer<Bool>?

    /// Each cell's own `isSkeletonable`: `prepareCellForSkeleton`'s where it sets one, else `skeletonCellFor…`'s.
    package var cellSkeletonable: IndexPathAnswer<Bool>? {
        guard let prepared = preparedSkeletonable else { return skeletonCellSkeletonable }
        guard let made = skeletonCellSkeletonable else { return prepared }
        return made.overlaid(by: prepared) ?? prepared
    }

    package init(
        numberOfSections: Int? = nil, numberOfRows: Int? = nil, numberOfItems: Int? = nil,
        cellIdentifier: String? = nil, headerIdentifier: String? = nil, footerIdentifier: String? = nil,
        supplementaryIdentifier: String? = nil
    ) {
        self.numberOfSections = numberOfSections
        self.numberOfRows = numberOfRows
        self.numberOfItems = numberOfItems
        self.cellIdentifier = cellIdentifier
        self.headerIdentifier = headerIdentifier
        self.footerIdentifier = footerIdentifier
        self.supplementaryIdentifier = supplementaryIdentifier
    }
}

/// A 1-based line and column (UTF-8 bytes) in a Swift file.
package struct CodePosition: Sendable, Hashable, Comparable {
    /// 1-based line.
    package var line: Int
    /// 1-based column in UTF-8 bytes.
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Source order.
    package static func < (a: CodePosition, b: CodePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A range of a Swift file, end exclusive.
package struct CodeRange: Sendable, Hashable {
    /// Where it starts.
    package var start: CodePosition
    /// Where it ends (exclusive).
    package var end: CodePosition
    /// The file it is in, when the reader was told (a uri or a path): a class read from several files has facts
    /// in each of them.
    package var file: String?

    package init(start: CodePosition, end: CodePosition, file: String? = nil) {
        self.start = start
        self.end = end
        self.file = file
    }
}

/// Something skeletond assumed or could not read, and where.
package struct CodeHint: Sendable, Hashable {
    /// Why the hint exists.
    package enum Kind: String, Sendable, Hashable {
        /// A fact was taken from code that may not run (a branch, a closure); the message names the assumption.
        case assumed
        /// A value is not statically known (computed, a variable); nothing was taken from it.
        case notStatic
        /// The file does not parse here; what parsed is still read.
        case syntax
        /// More than skeletond reads: a file over `SwiftCodeReader.maxBytes` (nothing in it is read), or code whose
        /// helpers, loops and closures run more statements than its `ReadBudget` (the rest is not read).
        case tooLarge
    }

    /// Why.
    package var kind: Kind
    /// For people.
    package var message: String
    /// Where.
    package var range: CodeRange
    /// The file `range` is in, when the reader was told (a uri or a path).
    package var file: String?

    /// Creates a value with the given members; the file is the range's when it names one, else `file`.
    package init(kind: Kind, message: String, range: CodeRange, file: String? = nil) {
        self.kind = kind
        self.message = message
        self.range = range
        self.file = range.file ?? file
    }
}
