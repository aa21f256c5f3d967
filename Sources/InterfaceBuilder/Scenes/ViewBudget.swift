import SkeletonModel

/// One budget of views per file (`DocumentLimits.maxNodes`, 100,000): every scene's views together, a container
/// view's embedded scene counted again in every scene that shows it (that is what the scene's document holds).
///
/// Counted once when the file is parsed, before any scene is mapped, in work linear in the file: each view
/// controller's expansion (its views and, recursively, what its container views embed) is counted once and reused
/// wherever it is embedded. Scenes then take their views from the budget in file order; a scene that does not fit in
/// what is left is not mapped at all (`too-many-nodes` at its view controller), and later scenes that fit still are.
/// So mapping every scene of a file, again on every edit, maps at most `maxNodes` views. (A controller that one scene
/// embeds twice counts twice here, though `ViewMapper` expands it once and refuses the second embed: the count is an
/// upper bound, exact when no scene embeds a controller twice and no embedding loops.)
struct ViewBudget: Sendable {
    /// What a scene may do.
    enum Share: Sendable, Equatable {
        /// Mapped; it has at most this many views (its embedded scenes' included).
        case admitted(views: Int)
        /// Not mapped, for this reason (the message of its `too-many-nodes` problem).
        case refused(String)
    }

    /// Scene id → its share.
    let shares: [String: Share]
    /// The views the admitted scenes have together (at most `maxNodes`).
    let admittedViews: Int

    /// The budget of a file with no scenes.
    static let none = ViewBudget(shares: [:], admittedViews: 0)

    private init(shares: [String: Share], admittedViews: Int) {
        self.shares = shares
        self.admittedViews = admittedViews
    }

    /// Counts the views of `catalog`'s scenes and shares `maxNodes` out among them in file order.
    init(catalog: SceneCatalog, maxNodes: Int) {
        var counter = Counter(embeddable: catalog.embeddable, cap: maxNodes + 1)
        var shares: [String: Share] = [:]
        var used = 0
        for scene in catalog.scenes {
            guard let root = catalog.roots[scene.id] else { continue }
            let views = counter.views(of: root)
            if views > maxNodes {
                shares[scene.id] = .refused(
                    "the scene has more than \(maxNodes) views (an embedded scene's views count in every scene that "
                        + "embeds it); it is not read")
            } else if views > maxNodes - used {
                shares[scene.id] = .refused(
                    "the scene has \(views) views, but the scenes before it in the file use \(used) of the \(maxNodes) "
                        + "views a file's scenes may have together (an embedded scene's views count in every scene "
                        + "that embeds it); it is not read")
            } else {
                shares[scene.id] = .admitted(views: views)
                used += views
            }
        }
        self.shares = shares
        admittedViews = used
    }

    /// Counts views the way `ViewMapper` maps them, each view controller's expansion once.
    struct Counter {
        let embeddable: [String: IBElement]
        /// Counts stop growing here (past the budget, the exact number does not matter).
        let cap: Int
        /// View controller id → the views of its root with everything it embeds.
        private var expanded: [String: Int] = [:]

        init(embeddable: [String: IBElement], cap: Int) {
            self.embeddable = embeddable
            self.cap = cap
        }

        /// The views of `root` with what its container views embed, at most `cap`.
        mutating func views(of root: IBElement) -> Int {
            let (own, embeds) = Self.ownViews(of: root)
            var total = min(own, cap)
            for destination in embeds { total = min(cap, total + expansion(of: destination)) }
            return total
        }

        /// The expanded count of view controller `id`, computed once, without recursion (embedding chains may be as
        /// long as the file allows). An embedding cycle adds nothing where it closes: the mapper refuses it there.
        private mutating func expansion(of id: String) -> Int {
            if let done = expanded[id] { return done }
            guard let root = embeddable[id] else { return 0 }
            struct Frame {
                var id: String
                var embeds: [String]
                var next = 0
                var total: Int
            }
            var onPath: Set<String> = [id]
            let (own, embeds) = Self.ownViews(of: root)
            var stack = [Frame(id: id, embeds: embeds, total: min(own, cap))]
            while let top = stack.last {
                let k = stack.count - 1
                if top.next < top.embeds.count {
                    let destination = top.embeds[top.next]
                    stack[k].next += 1
                    if let done = expanded[destination] {
                        stack[k].total = min(cap, top.total + done)
                    } else if !onPath.contains(destination), let nested = embeddable[destination] {
                        onPath.insert(destination)
                        let (own, embeds) = Self.ownViews(of: nested)
                        stack.append(Frame(id: destination, embeds: embeds, total: min(own, cap)))
                    }
                } else {
                    expanded[top.id] = top.total
                    onPath.remove(top.id)
                    stack.removeLast()
                    if let parent = stack.indices.last {
                        stack[parent].total = min(cap, stack[parent].total + top.total)
                    }
                }
            }
            return expanded[id] ?? 0
        }

        /// The views of `root`'s own tree (itself included) and the view controllers its container views embed, in
        /// the order the mapper meets them.
        static func ownViews(of root: IBElement) -> (views: Int, embeds: [String]) {
            var views = 0
            var embeds: [String] = []
            func visit(_ e: IBElement) {
                views += 1
                for child in ViewMapper.nestedViews(of: e) { visit(child) }
                if let destination = ViewMapper.embedSegue(of: e)?["destination"] { embeds.append(destination) }
            }
            visit(root)
            return (views, embeds)
        }
    }
}
