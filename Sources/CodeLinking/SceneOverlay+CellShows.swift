import InterfaceBuilder
import SwiftCode

/// Cells that show their own skeleton: a show on the cell itself in its class's lifecycle (`awakeFromNib`).
extension SceneOverlay {
    /// An `assumed` hint on each show a cell class `facts` registers (in code, or as its XIB's class) makes on
    /// itself: SkeletonView draws it on every cell the app's own data source makes, whose rows are the app's data,
    /// while skeletond draws cells only as a skeleton data source makes them.
    mutating func noteCellShows(registeredBy facts: ClassFacts) {
        var cellClasses = Set(facts.registeredCells.values)
        for name in Set(facts.registeredNibs.values) {
            guard let file = nib(name),
                let scene = file.nibScene(elements: ["tableViewCell", "collectionViewCell"])
            else { continue }
            for binding in file.classBindings(scene: scene) { cellClasses.insert(binding.className) }
        }
        for name in cellClasses.sorted() {
            guard let cell = classes[name], let show = cell.shows.first(where: { $0.target == .root }) else {
                continue
            }
            hints.append(
                CodeHint(
                    kind: .assumed,
                    message:
                        "\(name) shows its own skeleton as it loads (its lifecycle calls a show on itself): SkeletonView "
                        + "draws it on every cell the app's data source makes, as many as the app's data has; skeletond "
                        + "draws cells only as a skeleton data source answers them, so these shows are not drawn",
                    range: show.range, file: cell.file))
        }
    }
}
