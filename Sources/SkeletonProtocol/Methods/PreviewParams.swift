package import JSON
package import SkeletonModel

// The objects inside the `preview/*` params (`Protocol/previews.md`).

/// `{x, y, width, height}`: the one reading of a rectangle's members (`preview/render`'s `region`, the viewports of
/// `preview/subscribe` and `preview/viewport`), each with the value it came from.
package struct RectangleMembers<Number: Sendable>: Sendable {
    /// Its members (exactly these: an object of this shape is closed).
    package static var members: MemberRule { .closed(["x", "y", "width", "height"]) }

    package let x: Number
    package let y: Number
    package let width: Number
    package let height: Number
    /// The object and its members in the message (errors found later name them).
    package let source: JSONValue
    package let xSource: JSONValue
    package let ySource: JSONValue
    package let widthSource: JSONValue
    package let heightSource: JSONValue

    /// The four members of `object`, all of which must be there before any is read: `origin` reads `x` and `y`,
    /// `side` reads `width` and `height`.
    package init(
        _ object: ParamsObject, origin: (JSONValue) throws(JSONDecodingError) -> Number,
        side: (JSONValue) throws(JSONDecodingError) -> Number
    ) throws(JSONDecodingError) {
        source = object.value
        xSource = try object.required("x")
        ySource = try object.required("y")
        widthSource = try object.required("width")
        heightSource = try object.required("height")
        x = try origin(xSource)
        y = try origin(ySource)
        width = try side(widthSource)
        height = try side(heightSource)
    }

    /// A rectangle a client sends.
    package init(x: Number, y: Number, width: Number, height: Number) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        source = .unsent
        xSource = .unsent
        ySource = .unsent
        widthSource = .unsent
        heightSource = .unsent
    }

    /// The object, each number written by `number`.
    package func json(_ number: (Number) -> JSON) -> JSON {
        ["x": number(x), "y": number(y), "width": number(width), "height": number(height)]
    }
}

/// A canvas region a preview shows: `{x, y, width, height}` in points of the canvas (`preview/subscribe`'s and
/// `preview/viewport`'s `viewport`). Frames show it at the subscription's scale.
///
/// Checked here: four finite numbers, a positive size, and every number within `maxCoordinate` (a side of the
/// largest frame at scale 1: nothing larger can be drawn at any scale). The server checks the rest against the scale
/// and the canvas (the pixel size against the renderer's limits, a viewport entirely outside the canvas), naming the
/// member at fault.
package struct PreviewViewport: ProtocolObject, Hashable {
    package static var members: MemberRule { RectangleMembers<Double>.members }
    /// The largest magnitude of any member, in points: `RenderLimits.maxDimension` (the renderer's, which this
    /// module does not see; a test keeps them equal).
    package static let maxCoordinate = 16_384.0

    package let rectangle: RectangleMembers<Double>

    package var rect: Rect { Rect(x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height) }
    /// The params object of the viewport (errors found later name its members).
    package var source: JSONValue { rectangle.source }

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        rectangle = try RectangleMembers(object, origin: Self.coordinate, side: Self.side)
    }

    private static func coordinate(_ value: JSONValue) throws(JSONDecodingError) -> Double {
        let number = try value.decodeDouble()
        guard abs(number) <= maxCoordinate else {
            throw JSONDecodingError(at: value, "must be between -\(Int(maxCoordinate)) and \(Int(maxCoordinate))")
        }
        return number
    }

    private static func side(_ value: JSONValue) throws(JSONDecodingError) -> Double {
        let number = try value.decodeDouble()
        guard number > 0 else { throw JSONDecodingError(at: value, "must be positive: a viewport shows some area") }
        guard number <= maxCoordinate else {
            throw JSONDecodingError(at: value, "must be at most \(Int(maxCoordinate)) points")
        }
        return number
    }

    package static func == (a: PreviewViewport, b: PreviewViewport) -> Bool { a.rect == b.rect }
    package func hash(into hasher: inout Hasher) { hasher.combine(rect) }
}

/// `preview/render`'s `region`: `{x, y, width, height}` in pixels, four integers (that it is a non-empty rectangle
/// inside the frame is checked against the frame, at the region).
package struct PixelRegion: ProtocolObject {
    package static var members: MemberRule { RectangleMembers<Int>.members }

    package let rectangle: RectangleMembers<Int>

    package var x: Int { rectangle.x }
    package var y: Int { rectangle.y }
    package var width: Int { rectangle.width }
    package var height: Int { rectangle.height }
    package var source: JSONValue { rectangle.source }

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        rectangle = try RectangleMembers(
            object, origin: { v throws(JSONDecodingError) in try v.decodeInt() },
            side: {
                v throws(JSONDecodingError) in try v.decodeInt()
            })
    }
}

/// `preview/subscribe`'s `cells`: the terminal grid, `{columns, rows}` (their ranges are the renderer's: checked
/// by the server at each member).
package struct CellGridSize: ProtocolObject {
    package static let members = MemberRule.closed(["columns", "rows"])

    package let columns: Int
    package let rows: Int
    package let columnsSource: JSONValue
    package let rowsSource: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        columnsSource = try object.required("columns")
        columns = try columnsSource.decodeInt()
        rowsSource = try object.required("rows")
        rows = try rowsSource.decodeInt()
    }
}

/// An optional number member of preview params with the value it came from (its range is the server's to check,
/// at it).
package struct PreviewNumber: Sendable {
    package let value: Double
    package let source: JSONValue

    /// The member `key` of `object`, nil when absent or null; an integer when `integer` is true.
    package init?(_ object: ParamsObject, _ key: String, integer: Bool = false) throws(JSONDecodingError) {
        guard let member = object.optional(key) else { return nil }
        source = member
        value = integer ? Double(try member.decodeInt()) : try member.decodeDouble()
    }
}

extension PreviewViewport: EncodableObject {
    package init(_ rect: Rect) {
        rectangle = RectangleMembers(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    package var json: JSON { rectangle.json(JSON.double) }
}

extension PixelRegion: EncodableObject {
    package init(x: Int, y: Int, width: Int, height: Int) {
        rectangle = RectangleMembers(x: x, y: y, width: width, height: height)
    }

    package var json: JSON { rectangle.json(JSON.int) }
}

extension CellGridSize: EncodableObject {
    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        columnsSource = .unsent
        rowsSource = .unsent
    }

    package var json: JSON { ["columns": .int(columns), "rows": .int(rows)] }
}

extension PreviewNumber {
    /// A number a client sends.
    package init(_ value: Double) {
        self.value = value
        source = .unsent
    }

    /// The number (written as an integer when it is whole, as an integer member must be).
    package var json: JSON { .double(value) }
}
