/// A map bounded by bytes that keeps what was used recently (LRU-ish, O(1) per operation): two generations. New
/// entries go to the young one; a hit in the old one moves the entry to the young one; when the young one holds
/// half the budget, the old one is dropped and the young one becomes old. So at most `budget` bytes are held, and
/// whatever was used since the last turn survives the next one.
struct GenerationalCache<Key: Hashable, Value> {
    private var young: [Key: (value: Value, cost: Int)] = [:]
    private var old: [Key: (value: Value, cost: Int)] = [:]
    private var youngBytes = 0
    private var oldBytes = 0
    /// The most bytes held (young and old together).
    let budget: Int

    init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// Bytes held now.
    var bytes: Int { youngBytes + oldBytes }

    var count: Int { young.count + old.count }

    mutating func value(for key: Key) -> Value? {
        if let hit = young[key] { return hit.value }
        guard let hit = old.removeValue(forKey: key) else { return nil }
        oldBytes -= hit.cost
        insert(key, hit.value, cost: hit.cost)
        return hit.value
    }

    /// Keeps `value` unless it alone costs more than a quarter of the budget.
    mutating func insert(_ key: Key, _ value: Value, cost: Int) {
        guard cost >= 0, cost <= budget / 4 else { return }
        if let previous = young.removeValue(forKey: key) { youngBytes -= previous.cost }
        if youngBytes + cost > budget / 2 {
            old = young
            oldBytes = youngBytes
            young = [:]
            youngBytes = 0
        }
        if let stale = old.removeValue(forKey: key) { oldBytes -= stale.cost }
        young[key] = (value, cost)
        youngBytes += cost
    }

    mutating func removeAll() {
        young = [:]
        old = [:]
        youngBytes = 0
        oldBytes = 0
    }
}

/// What identifies a glyph bitmap: the face, the glyph, the size in 26.6 pixels per em and the pen's horizontal
/// phase in quarter pixels (a glyph at x = 10.3 px is drawn from the bitmap of phase 1 at 10 px).
struct GlyphKey: Hashable, Sendable {
    var font: FontRole
    var glyph: UInt32
    var ppem26: Int32
    var phase: UInt8
}
