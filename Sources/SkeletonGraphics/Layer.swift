/// A display list's layer: one reference to immutable storage.

/// One paintable layer in absolute canvas points.
///
/// A layer is one reference to storage that never changes: copying a layer (into a list spliced from the last
/// one, a damage pass, a raster pass) is one retain whatever it holds, and two copies of one layer compare equal
/// without their fields being read. Setting a field gives the layer new storage; other copies keep the old one.
package struct Layer: Hashable, Sendable {
    /// A layer's values.
    package struct Fields: Hashable, Sendable {
        /// Stable identity across frames: the same layer keeps its id while it exists.
        package var id: String
        /// The node this layer belongs to: its id, or its index path when it has none.
        package var node: String
        package var kind: LayerKind
        /// The layer's rectangle and corner radius, in absolute canvas points.
        package var shape: RoundedRect
        package var fill: Fill
        /// 0...1, multiplied into every colour of the fill.
        package var opacity: Double
        /// Rounded clips from `clipsToBounds` holders and ancestors, outermost first; the layer is drawn inside all.
        package var clips: [RoundedRect]
        /// nil: the whole shape is filled; else what is painted in it.
        package var content: LayerContent?
    }

    /// The storage copies share; replaced, never changed.
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let fields: Fields

        @usableFromInline
        init(_ fields: Fields) { self.fields = fields }
    }

    // Readable from other modules' inlined code (the rasterizer reads layers per pixel row); written only here.
    @usableFromInline private(set) var storage: Storage

    package init(
        id: String, node: String, kind: LayerKind, shape: RoundedRect,
        fill: Fill, opacity: Double = 1, clips: [RoundedRect] = [], content: LayerContent? = nil
    ) {
        storage = Storage(
            Fields(
                id: id, node: node, kind: kind, shape: shape, fill: fill, opacity: opacity, clips: clips,
                content: content))
    }

    /// All of the layer's values at once (setting them gives the layer new storage).
    package var fields: Fields {
        @inlinable get { storage.fields }
        set { storage = Storage(newValue) }
    }

    /// Stable identity across frames: the same layer keeps its id while it exists.
    package var id: String {
        @inlinable get { storage.fields.id }
        set { fields.id = newValue }
    }

    /// The node this layer belongs to: its id, or its index path when it has none.
    package var node: String {
        @inlinable get { storage.fields.node }
        set { fields.node = newValue }
    }

    package var kind: LayerKind {
        @inlinable get { storage.fields.kind }
        set { fields.kind = newValue }
    }

    /// The layer's rectangle and corner radius, in absolute canvas points.
    package var shape: RoundedRect {
        @inlinable get { storage.fields.shape }
        set { fields.shape = newValue }
    }

    package var fill: Fill {
        @inlinable get { storage.fields.fill }
        set { fields.fill = newValue }
    }

    /// 0...1, multiplied into every colour of the fill.
    package var opacity: Double {
        @inlinable get { storage.fields.opacity }
        set { fields.opacity = newValue }
    }

    /// Rounded clips from `clipsToBounds` holders and ancestors, outermost first; the layer is drawn inside all.
    package var clips: [RoundedRect] {
        @inlinable get { storage.fields.clips }
        set { fields.clips = newValue }
    }

    /// nil: the whole shape is filled; else what is painted in it.
    package var content: LayerContent? {
        @inlinable get { storage.fields.content }
        set { fields.content = newValue }
    }

    /// The area this layer can touch: its rectangle cut by every clip.
    package var bounds: Rect {
        clips.reduce(shape.rect) { $0.intersection($1.rect) }
    }

    /// Whether `self` and `other` are copies of one layer (then they are equal; equal layers need not be copies).
    @inlinable package func isCopy(of other: Layer) -> Bool { storage === other.storage }

    @inlinable package static func == (a: Layer, b: Layer) -> Bool {
        a.storage === b.storage || a.storage.fields == b.storage.fields
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }
}
