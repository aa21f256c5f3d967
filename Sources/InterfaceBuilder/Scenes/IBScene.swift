package import SkeletonModel

/// One scene of an Interface Builder file: a storyboard view controller with a view, or a XIB's top-level view.
package struct IBScene: Sendable, Hashable {
    /// The scene id: the view controller's id (storyboards), or the top-level view's id (XIBs).
    package var id: String
    /// A title for people: the scene's name in Xcode's outline (the comment before `<scene>`), else the view
    /// controller's `title`, `userLabel` or `customClass`, else the element name.
    package var title: String
    /// The reference of the scene's root view in the scene's document (its id, or `0` when the id is not a
    /// usable node id).
    package var rootViewID: String
    /// The root view's frame as the file gives it (the document's canvas is its size).
    package var frame: Rect
    /// Where the view controller (or top-level view) starts in the file.
    package var location: IBSourceLocation

    package init(id: String, title: String, rootViewID: String, frame: Rect, location: IBSourceLocation) {
        self.id = id
        self.title = title
        self.rootViewID = rootViewID
        self.frame = frame
        self.location = location
    }
}

/// Which kind of Interface Builder file.
package enum IBFileKind: String, Sendable, Hashable {
    case storyboard, xib
}
