/// The plain Swift tree every view-tree contender produces: what the engine would consume.
struct ViewNode {
    var type: String
    var id: String
    /// x, y, width, height.
    var frame: ViewFrame
    var children: [ViewNode]
    /// Every other member of the node object, by name.
    var properties: [String: PropertyValue]

    /// Nodes, frame widths and properties summed over the tree: equal for contenders that agree.
    var checksum: Int {
        var sum = 1 &+ Int(frame.width) &+ properties.count &* 17 &+ id.utf8.count &* 3 &+ type.utf8.count
        for (_, value) in properties { sum &+= value.checksum }
        for child in children { sum &+= child.checksum }
        return sum
    }
}

struct ViewFrame {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0

    init() {}

    /// From `[x, y, width, height]`; nil unless exactly four numbers.
    init?(_ numbers: [Double]) {
        guard numbers.count == 4 else { return nil }
        x = numbers[0]
        y = numbers[1]
        width = numbers[2]
        height = numbers[3]
    }
}

/// A property's value: any JSON value.
indirect enum PropertyValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([PropertyValue])
    case object([String: PropertyValue])

    var checksum: Int {
        switch self {
        case .null: 1
        case .bool(let b): b ? 2 : 3
        case .number(let d): 5 &+ Int(d.rounded(.down)) % 1000
        case .string(let s): 7 &+ s.utf8.count
        case .array(let a): a.reduce(11) { $0 &+ $1.checksum }
        case .object(let o): o.reduce(13) { $0 &+ $1.key.utf8.count &+ $1.value.checksum }
        }
    }
}
