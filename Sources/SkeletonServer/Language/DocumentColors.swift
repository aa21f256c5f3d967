import JSON
import SkeletonGraphics
import SkeletonModel
import SkeletonProtocol

/// `textDocument/documentColor`: every colour written in a JSON document (hex strings, names, each side of a
/// `{light, dark}`), as the scheme it is written for resolves it; `textDocument/colorPresentation`: a colour as
/// `#RRGGBB` (or `#RRGGBBAA` when not opaque) and as the nearest of SkeletonView's 21 flat colours.
enum DocumentColors {
    static func colors(_ request: TextDocumentRequest) throws -> JSON {
        guard !request.isInterfaceBuilder else { return [] }
        let map = request.map
        let bytes = request.text.buffer.bytes
        return .array(
            map.colors.map { item in
                let span = map.spans[item.span]
                let isDark = span.key.map { bytes[$0].elementsEqual("\"dark\"".utf8) } ?? false
                let rgba = isDark ? item.color.dark : item.color.light
                return [
                    "range": request.range(inside(span.value)),
                    "color": [
                        "red": .double(rgba.red), "green": .double(rgba.green), "blue": .double(rgba.blue),
                        "alpha": .double(rgba.alpha),
                    ],
                ]
            })
    }

    static func presentations(
        _ request: TextDocumentRequest, of color: ColorPresentationRequest.Color, at requested: PositionRange
    ) throws -> JSON {
        let range = try request.byteRange(requested)
        let rgba = RGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        let hex = rgba.bytes.a == 255 ? rgba.hexRGB : rgba.hexRGBA
        return .array(
            [hex, nearestFlatColor(rgba).rawValue].map { label in
                ["label": .string(label), "textEdit": ["range": request.range(range), "newText": .string(label)]]
            })
    }

    /// The flat colour nearest to `rgba` (squared distance of the 8-bit channels; alpha ignored).
    static func nearestFlatColor(_ rgba: RGBA) -> FlatColor {
        let b = rgba.bytes
        func distance(_ flat: FlatColor) -> Int {
            let f = flat.rgba.bytes
            let dr = Int(b.r) - Int(f.r)
            let dg = Int(b.g) - Int(f.g)
            let db = Int(b.b) - Int(f.b)
            return dr * dr + dg * dg + db * db
        }
        return FlatColor.allCases.min { distance($0) < distance($1) } ?? .clouds
    }

    /// A string's range without its quotes.
    static func inside(_ range: Range<Int>) -> Range<Int> {
        range.count >= 2 ? (range.lowerBound + 1)..<(range.upperBound - 1) : range
    }
}
