/// An object of a scene that names a class written in code: a view controller, a view or a cell with a
/// `customClass`, or a XIB's File's Owner; with the outlets the file connects for it.
package struct IBClassBinding: Sendable, Hashable {
    /// The `customClass`.
    package var className: String
    /// The id of the object's element.
    package var elementID: String
    /// The element the class's own view is: a view controller's `view`, the File's Owner's `view` outlet (else
    /// the scene's root), or the element itself for views and cells.
    package var viewID: String
    /// `<outlet property=… destination=…>`: property name → destination element id.
    package var outlets: [String: String]
    /// Tables and collections whose `dataSource` outlet is this object: element id → element name
    /// (`tableView`, `collectionView`).
    package var dataSourceOf: [String: String]
    /// Tables and collections whose `delegate` outlet is this object: element id → element name.
    package var delegateOf: [String: String]
    /// Where the element starts in the file.
    package var location: IBSourceLocation

    package init(
        className: String, elementID: String, viewID: String, outlets: [String: String], dataSourceOf: [String: String],
        location: IBSourceLocation, delegateOf: [String: String] = [:]
    ) {
        self.className = className
        self.elementID = elementID
        self.viewID = viewID
        self.outlets = outlets
        self.dataSourceOf = dataSourceOf
        self.delegateOf = delegateOf
        self.location = location
    }
}

extension IBClassBinding {
    /// The bindings of every element of `objects` (a scene's controller or root view, and a XIB's File's Owner) that
    /// has a `customClass`, in file order.
    static func bindings(in objects: [IBElement], sceneRootID: String) -> [IBClassBinding] {
        var all: [IBElement] = []
        for object in objects { object.forEachElement { all.append($0) } }
        var dataSources: [String: [String: String]] = [:]
        var delegates: [String: [String: String]] = [:]
        for element in all {
            guard let id = element["id"] else { continue }
            for outlet in outlets(of: element) {
                if outlet.property == "dataSource" { dataSources[outlet.destination, default: [:]][id] = element.name }
                if outlet.property == "delegate" { delegates[outlet.destination, default: [:]][id] = element.name }
            }
        }
        return all.compactMap { element in
            guard let className = element["customClass"], !className.isEmpty, let id = element["id"] else { return nil }
            var connected: [String: String] = [:]
            for outlet in outlets(of: element) where connected[outlet.property] == nil {
                connected[outlet.property] = outlet.destination
            }
            let viewID: String
            if element["placeholderIdentifier"] == "IBFilesOwner" {
                viewID = connected["view"] ?? sceneRootID
            } else if element["sceneMemberID"] == "viewController" || element.name.hasSuffix("Controller") {
                viewID = element.child(key: "view")?["id"] ?? sceneRootID
            } else {
                viewID = id
            }
            return IBClassBinding(
                className: className, elementID: id, viewID: viewID, outlets: connected,
                dataSourceOf: dataSources[id] ?? [:], location: element.location, delegateOf: delegates[id] ?? [:])
        }
    }

    private static func outlets(of element: IBElement) -> [(property: String, destination: String)] {
        element.grandchildren(of: "connections").compactMap { c in
            guard c.name == "outlet", let p = c["property"], let d = c["destination"] else { return nil }
            return (p, d)
        }
    }
}
