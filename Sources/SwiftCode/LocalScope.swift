internal import SwiftSyntax

/// The local constants in scope while statements run (`let gradient = SkeletonGradient(…)`), by name: one table and
/// an undo log. Entering a block takes a mark and leaving it undoes what the block bound, so a block costs the names
/// it declares, never a copy of every name in scope.
final class LocalScope {
    /// What each name in scope is bound to.
    private(set) var bound: [String: ExprSyntax] = [:]
    /// What each binding replaced, innermost last.
    private var undo: [(name: String, previous: ExprSyntax?)] = []
    /// Table writes so far (bindings and undos), for tests.
    private(set) var writes = 0

    /// Where the current block's bindings start.
    var mark: Int { undo.count }

    /// Binds `name` to `value` until the current block ends.
    func bind(_ name: String, to value: ExprSyntax) {
        undo.append((name, bound.updateValue(value, forKey: name)))
        writes += 1
    }

    /// Undoes every binding made since `mark`.
    func restore(to mark: Int) {
        while undo.count > mark, let last = undo.popLast() {
            bound[last.name] = last.previous
            writes += 1
        }
    }
}
