/// The display list: what the engine computes and the renderer draws. No JSON, no documents.

import Synchronization

/// A linear gradient, as `CAGradientLayer` (`.axial`) draws it: `start` and `end` are unit coordinates of the
/// layer's own bounds (0,0 top-left, 1,1 bottom-right); colours beyond the ends are extended.
package struct LinearGradient: Hashable, Sendable {
    /// At least one colour.
    package var colors: [RGBA]
    /// Stop positions in 0...1, one per colour; nil means evenly spaced (`k / (m - 1)`), as Core Animation does.
    package var locations: [Double]?
    package var start: Point
    package var end: Point

    package init(colors: [RGBA], locations: [Double]? = nil, start: Point, end: Point) {
        self.colors = colors
        self.locations = locations
        self.start = start
        self.end = end
    }

    /// The stop positions actually used: `locations`, or evenly spaced.
    package var resolvedLocations: [Double] {
        if let locations, locations.count == colors.count { return locations }
        guard colors.count > 1 else { return [0] }
        let last = Double(colors.count - 1)
        return colors.indices.map { Double($0) / last }
    }
}

/// How a layer is painted.
package enum Fill: Hashable, Sendable {
    case solid(RGBA)
    case linearGradient(LinearGradient)
}

/// What a layer stands for.
package enum LayerKind: String, Hashable, Sendable {
    /// A node's own background (the content under the skeleton).
    case content
    /// A node's text: a label's, text view's or text field's text or placeholder, a button's title.
    case text
    /// An image view's image, drawn as a placeholder (the daemon reads no image files).
    case image
    /// A node's border (`layer.borderWidth`, `layer.borderColor`), drawn above its subviews as Core Animation does.
    case border
    /// A view frame's outline, drawn only when a preview asks for outlines (never part of what SkeletonView draws).
    case outline
    /// A skeleton block: the whole bounds of a leaf.
    case block
    /// One text line of a text leaf.
    case line

    /// A skeleton's own layer (a block or a line), as opposed to the content under it.
    package var isSkeleton: Bool { self == .block || self == .line }
}

/// What a layer paints inside its shape, beyond a plain fill.
package enum LayerContent: Hashable, Sendable {
    /// Text laid out in the shape's rectangle, every glyph painted with the layer's fill (a solid colour);
    /// nothing is drawn outside the rectangle.
    case text(TextContent)
    /// A ring `width` points wide inside the shape (Core Animation's border: inset from the bounds, the inner
    /// corner radius reduced by the width).
    case stroke(width: Double)
}

/// Everything to draw for one document at one time, in paint order.
///
/// Layers are held in segments (`LayerSegment`, at most `LayerSegment.capacity` layers each) that lists spliced
/// from one another share: a splice copies only the segments its run touches, and a renderer skips whole segments
/// away from what it draws. `layers` reads them as one array.
///
/// A list also carries an `identity` (equal for copies of one built list, new after any change) and, when its
/// builder made it by splicing an earlier list, its `derivation`: which run of layers replaced which. Damage uses
/// them to skip comparing the layers a splice kept (`LayerDamage`); equality and hashing ignore both.
package struct DisplayList: Hashable, Sendable {
    /// The canvas in points (the root node's size).
    package var size: Size {
        didSet { forgetLineage() }
    }
    /// The opaque canvas colour under everything.
    package var background: RGBA {
        didSet { forgetLineage() }
    }
    /// The layers in paint order, in segments (none empty).
    package private(set) var segments: [LayerSegment]
    /// How many layers there are (all segments).
    package private(set) var layerCount: Int
    /// Shared by copies of this list; a fresh one after any change to it.
    package private(set) var identity: UInt64
    /// How this list was made from an earlier one, when it was (and has not changed since).
    package private(set) var derivation: Derivation?

    /// A splice: this list is the list `parent` with its layers `replacedOld` replaced by this list's layers
    /// `replacedNew`; every other layer is the earlier list's, in the same order.
    package struct Derivation: Hashable, Sendable {
        /// The earlier list's `identity`.
        package var parent: UInt64
        /// Indices of the replaced layers in the earlier list.
        package var replacedOld: Range<Int>
        /// Indices of the layers that replaced them in this list.
        package var replacedNew: Range<Int>

        package init(parent: UInt64, replacedOld: Range<Int>, replacedNew: Range<Int>) {
            self.parent = parent
            self.replacedOld = replacedOld
            self.replacedNew = replacedNew
        }
    }

    package init(size: Size, background: RGBA, layers: [Layer]) {
        self.size = size
        self.background = background
        segments = LayerSegment.segments(of: layers[...])
        layerCount = layers.count
        identity = ListIdentity.next()
        derivation = nil
    }

    /// A list made from `parent` by replacing its layers `replaced` with `run`: the segments the run does not
    /// touch are shared with `parent`.
    ///
    /// - Important: `replaced` lies within `parent`'s layers.
    package init(splicing parent: DisplayList, replaced: Range<Int>, with run: [Layer]) {
        size = parent.size
        background = parent.background
        segments = LayerSegment.splice(parent.segments, replacing: replaced, with: run)
        layerCount = parent.layerCount - replaced.count + run.count
        identity = ListIdentity.next()
        derivation = Derivation(
            parent: parent.identity, replacedOld: replaced,
            replacedNew: replaced.lowerBound..<(replaced.lowerBound + run.count))
    }

    /// Layers in paint order: earlier layers are drawn first (below). Reading them joins the segments (one array
    /// when there is one segment); setting them makes new segments.
    package var layers: [Layer] {
        get {
            if segments.count == 1 { return segments[0].layers }
            var all: [Layer] = []
            all.reserveCapacity(layerCount)
            for segment in segments { all.append(contentsOf: segment.layers) }
            return all
        }
        set {
            segments = LayerSegment.segments(of: newValue[...])
            layerCount = newValue.count
            forgetLineage()
        }
    }

    /// Adds `more` on top of the layers (the segments before the last one are kept).
    package mutating func append(contentsOf more: [Layer]) {
        guard !more.isEmpty else { return }
        let last = segments.popLast()
        segments += LayerSegment.segments(of: ((last?.layers ?? []) + more)[...])
        layerCount += more.count
        forgetLineage()
    }

    /// Calls `body` with each layer of `range` (indices in `layers`), in order.
    package func forEachLayer(in range: Range<Int>, _ body: (Layer) -> Void) {
        guard !range.isEmpty else { return }
        var start = 0
        for segment in segments {
            let end = start + segment.layers.count
            if end > range.lowerBound {
                guard start < range.upperBound else { return }
                segment.layers.withUnsafeBufferPointer { layers in
                    for i in max(range.lowerBound, start)..<min(range.upperBound, end) { body(layers[i - start]) }
                }
            }
            start = end
        }
    }

    private mutating func forgetLineage() {
        identity = ListIdentity.next()
        derivation = nil
    }

    package static func == (a: DisplayList, b: DisplayList) -> Bool {
        guard a.size == b.size, a.background == b.background, a.layerCount == b.layerCount else { return false }
        if a.segments.count == b.segments.count, zip(a.segments, b.segments).allSatisfy({ $0 === $1 }) { return true }
        return a.layers == b.layers
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(background)
        hasher.combine(layerCount)
        for segment in segments {
            for layer in segment.layers { hasher.combine(layer) }
        }
    }
}

/// Identities for display lists: unique in the process.
private enum ListIdentity {
    static let counter = Atomic<UInt64>(0)
    static func next() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).newValue }
}
