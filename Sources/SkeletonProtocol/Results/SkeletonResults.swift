package import JSON

// The results of the `skeleton/*` requests (`Protocol/skeleton-methods.md`, `Protocol/schemas/methods.schema.json`).

/// What `skeleton/show`, `update`, `hide`, `startAnimation` and `stopAnimation` did (`operation.result`).
package struct OperationResult: ResultValue, Hashable {
    package enum Outcome: String, Sendable, CaseIterable {
        case shown, alreadyActive, notSkeletonable, scheduled, updated, hidden, deferred, notActive
        case cancelledPendingShow, animation
    }

    package var outcome: Outcome
    /// `shown`, `hidden`, `animation`: the leaves, by reference.
    package var leaves: [String]?
    /// `updated`: the leaves re-tinted in place and those whose layer was made again.
    package var retinted: [String]?
    package var recreated: [String]?
    /// `scheduled`: when the delayed show runs.
    package var at: Double?
    /// `deferred`: when the hide takes effect.
    package var until: Double?
    /// What to do about it (`alreadyActive`, `notSkeletonable`).
    package var message: String?

    package init(
        _ outcome: Outcome, leaves: [String]? = nil, retinted: [String]? = nil, recreated: [String]? = nil,
        at: Double? = nil, until: Double? = nil, message: String? = nil
    ) {
        self.outcome = outcome
        self.leaves = leaves
        self.retinted = retinted
        self.recreated = recreated
        self.at = at
        self.until = until
        self.message = message
    }

    package func write(into writer: inout JSONWriter) {
        writer.writeObject { members, writer in
            members.key("outcome", into: &writer)
            writer.writeString(outcome.rawValue)
            members.member("leaves", ifPresent: leaves, into: &writer)
            members.member("retinted", ifPresent: retinted, into: &writer)
            members.member("recreated", ifPresent: recreated, into: &writer)
            members.member("at", ifPresent: at, into: &writer)
            members.member("until", ifPresent: until, into: &writer)
            members.member("message", ifPresent: message, into: &writer)
        }
    }

    package init(answer: JSON) throws(AnswerError) {
        let object = try AnswerObject(answer)
        let name: String = try object.required("outcome")
        guard let outcome = Outcome(rawValue: name) else {
            throw AnswerError.mismatch(answer["outcome"], "an outcome", at: "outcome")
        }
        self.init(
            outcome, leaves: try object.optional("leaves"), retinted: try object.optional("retinted"),
            recreated: try object.optional("recreated"), at: try object.optional("at"),
            until: try object.optional("until"), message: try object.optional("message"))
    }
}

/// `skeleton/patch`'s result: the document's version after the patch.
package struct PatchResult: ResultValue, Hashable {
    package var version: Int

    package init(version: Int) { self.version = version }

    package func write(into writer: inout JSONWriter) {
        writer.writeObject { members, writer in members.member("version", version, into: &writer) }
    }

    package init(answer: JSON) throws(AnswerError) { version = try AnswerObject(answer).required("version") }
}

/// One scene of `skeleton/scenes` (`scenes.result`).
package struct SceneSummary: ResultValue, Hashable {
    /// A show the scene's code makes: `{node?, type, animated, delay?}` (`node`: the view it is made on, in `shows`).
    package struct CodeShow: ResultValue, Hashable {
        package var node: String?
        package var type: String
        package var animated: Bool
        package var delay: Double?

        package init(node: String?, type: String, animated: Bool, delay: Double?) {
            self.node = node
            self.type = type
            self.animated = animated
            self.delay = delay
        }

        package func write(into writer: inout JSONWriter) {
            writer.writeObject { members, writer in
                members.member("node", ifPresent: node, into: &writer)
                members.member("type", type, into: &writer)
                members.member("animated", animated, into: &writer)
                members.member("delay", ifPresent: delay, into: &writer)
            }
        }

        package init(answer: JSON) throws(AnswerError) {
            let object = try AnswerObject(answer, at: "show")
            self.init(
                node: try object.optional("node"), type: try object.required("type"),
                animated: try object.required("animated"), delay: try object.optional("delay"))
        }
    }

    package var id: String
    package var title: String
    package var rootViewID: String
    /// `[x, y, width, height]` in points.
    package var frame: [Double]
    package var initial: Bool
    /// The class the scene is in code.
    package var className: String?
    /// The first of `shows`.
    package var show: CodeShow?
    /// The shows the scene's code makes, in run order (nil: the code makes none, or is not read).
    package var shows: [CodeShow]?

    package init(
        id: String, title: String, rootViewID: String, frame: [Double], initial: Bool, className: String? = nil,
        show: CodeShow? = nil, shows: [CodeShow]? = nil
    ) {
        self.id = id
        self.title = title
        self.rootViewID = rootViewID
        self.frame = frame
        self.initial = initial
        self.className = className
        self.show = show
        self.shows = shows
    }

    package func write(into writer: inout JSONWriter) {
        writer.writeObject { members, writer in
            members.member("id", id, into: &writer)
            members.member("title", title, into: &writer)
            members.member("rootViewID", rootViewID, into: &writer)
            members.member("frame", frame, into: &writer)
            members.member("initial", initial, into: &writer)
            members.member("class", ifPresent: className, into: &writer)
            members.member("show", ifPresent: show, into: &writer)
            members.member("shows", ifPresent: shows, into: &writer)
        }
    }

    package init(answer: JSON) throws(AnswerError) {
        let object = try AnswerObject(answer, at: "scene")
        self.init(
            id: try object.required("id"), title: try object.required("title"),
            rootViewID: try object.required("rootViewID"), frame: try object.required("frame"),
            initial: try object.required("initial"), className: try object.optional("class"),
            show: try object.optional("show"), shows: try object.optional("shows"))
    }
}

/// `skeleton/treeDescription`'s result: the tree as a value and as SkeletonView's text.
package struct TreeDescriptionResult: ResultValue, Hashable {
    /// `{type, reference, isSkeletonable, isSkeletonActive?, isHidden?, isUserInteractionEnabled?, isScrollEnabled?,
    /// children?}` (the states with `includeState`; `children` omitted when empty).
    package struct Node: ResultValue, Hashable {
        package var type: String
        package var reference: String
        package var isSkeletonable: Bool
        package var isSkeletonActive: Bool?
        package var isHidden: Bool?
        package var isUserInteractionEnabled: Bool?
        package var isScrollEnabled: Bool?
        package var children: [Node]

        package init(
            type: String, reference: String, isSkeletonable: Bool, isSkeletonActive: Bool? = nil,
            isHidden: Bool? = nil, isUserInteractionEnabled: Bool? = nil, isScrollEnabled: Bool? = nil,
            children: [Node] = []
        ) {
            self.type = type
            self.reference = reference
            self.isSkeletonable = isSkeletonable
            self.isSkeletonActive = isSkeletonActive
            self.isHidden = isHidden
            self.isUserInteractionEnabled = isUserInteractionEnabled
            self.isScrollEnabled = isScrollEnabled
            self.children = children
        }

        package func write(into writer: inout JSONWriter) {
            writer.writeObject { members, writer in
                members.member("type", type, into: &writer)
                members.member("reference", reference, into: &writer)
                members.member("isSkeletonable", isSkeletonable, into: &writer)
                members.member("isSkeletonActive", ifPresent: isSkeletonActive, into: &writer)
                members.member("isHidden", ifPresent: isHidden, into: &writer)
                members.member("isUserInteractionEnabled", ifPresent: isUserInteractionEnabled, into: &writer)
                members.member("isScrollEnabled", ifPresent: isScrollEnabled, into: &writer)
                if !children.isEmpty { members.member("children", children, into: &writer) }
            }
        }

        package init(answer: JSON) throws(AnswerError) {
            let object = try AnswerObject(answer, at: "tree")
            self.init(
                type: try object.required("type"), reference: try object.required("reference"),
                isSkeletonable: try object.required("isSkeletonable"),
                isSkeletonActive: try object.optional("isSkeletonActive"), isHidden: try object.optional("isHidden"),
                isUserInteractionEnabled: try object.optional("isUserInteractionEnabled"),
                isScrollEnabled: try object.optional("isScrollEnabled"),
                children: try object.optional("children") ?? [])
        }
    }

    package var tree: Node
    package var text: String

    package init(tree: Node, text: String) {
        self.tree = tree
        self.text = text
    }

    package func write(into writer: inout JSONWriter) {
        writer.writeObject { members, writer in
            members.member("tree", tree, into: &writer)
            members.member("text", text, into: &writer)
        }
    }

    package init(answer: JSON) throws(AnswerError) {
        let object = try AnswerObject(answer)
        self.init(tree: try object.required("tree"), text: try object.required("text"))
    }
}

/// `skeleton/layers`' result: the display list at a time (each layer as `Protocol/skeleton-methods.md` says).
package struct LayersResult: ResultValue, Hashable {
    package var width: Double
    package var height: Double
    /// `#RRGGBBAA`.
    package var background: String
    package var layers: [JSON]

    package init(width: Double, height: Double, background: String, layers: [JSON]) {
        self.width = width
        self.height = height
        self.background = background
        self.layers = layers
    }

    package func write(into writer: inout JSONWriter) {
        writer.writeObject { members, writer in
            members.member("width", width, into: &writer)
            members.member("height", height, into: &writer)
            members.member("background", background, into: &writer)
            members.member("layers", layers, into: &writer)
        }
    }

    package init(answer: JSON) throws(AnswerError) {
        let object = try AnswerObject(answer)
        self.init(
            width: try object.required("width"), height: try object.required("height"),
            background: try object.required("background"), layers: try object.required("layers"))
    }
}
