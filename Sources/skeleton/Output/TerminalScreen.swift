import JSON

/// The terminal picture: the cells last received, drawn with 24-bit colour escapes.
struct TerminalScreen {
    let columns: Int
    let rows: Int
    private var fg: [String]
    private var bg: [String]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        fg = Array(repeating: "#000000", count: columns * rows)
        bg = fg
    }

    /// Applies a `cells` frame's runs.
    mutating func apply(_ frame: JSON) {
        for run in frame["cells"]?.arrayValue ?? [] {
            guard let x = run["x"]?.intValue, let y = run["y"]?.intValue, (0..<rows).contains(y),
                (0..<columns).contains(x)
            else { continue }
            let tops = run["fg"]?.arrayValue ?? []
            let bottoms = run["bg"]?.arrayValue ?? []
            for k in 0..<min(tops.count, bottoms.count, columns - x) {
                fg[y * columns + x + k] = tops[k].stringValue ?? "#000000"
                bg[y * columns + x + k] = bottoms[k].stringValue ?? "#000000"
            }
        }
    }

    /// The whole picture, from the top-left corner of the preview area.
    func render() -> String {
        var out = "\u{1B}[H"
        for row in 0..<rows {
            for column in 0..<columns {
                let i = row * columns + column
                out += "\u{1B}[38;2;\(Self.rgb(fg[i]))m\u{1B}[48;2;\(Self.rgb(bg[i]))m▀"
            }
            out += "\u{1B}[0m\r\n"
        }
        return out
    }

    private static func rgb(_ hex: String) -> String {
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count == 6, let v = Int(String(decoding: digits, as: UTF8.self), radix: 16) else { return "0;0;0" }
        return "\(v >> 16);\((v >> 8) & 0xFF);\(v & 0xFF)"
    }
}
