/// How many statements one file's reading may run: helpers called again and again, a `forEach` over many views with
/// a long closure and `asyncAfter` blocks run their statements again, so the runs are bounded by what the file
/// holds (`perStatement` runs for each statement it has, plus `base`), which keeps reading linear in its size.
/// Past the budget nothing more is run, and one hint says where reading stopped.
final class ReadBudget {
    /// Runs allowed per statement of the file.
    static let perStatement = 4
    /// Runs allowed whatever the file's size.
    static let base = 1_000

    /// The statements the file's reading may run.
    let limit: Int
    /// The statements run so far.
    private(set) var used = 0
    /// Whether a hint already said that reading stopped.
    var isReported = false

    /// A budget for a file of `statements` statements.
    init(statements: Int) {
        let (perFile, overflow) = statements.multipliedReportingOverflow(by: Self.perStatement)
        limit = overflow ? Int.max : perFile.addingReportingOverflow(Self.base).partialValue
    }

    /// Takes one statement run from the budget; false when it is spent.
    func spend() -> Bool {
        guard used < limit else { return false }
        used += 1
        return true
    }
}
