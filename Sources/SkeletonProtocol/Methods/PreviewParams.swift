package import JSON
package import SkeletonModel

// The objects inside the `preview/*` params (`Protocol/previews.md`).

/// A canvas region a preview shows: `{x, y, width, height}` in points of the canvas (`preview/subscribe`'s and
/// `preview/viewport`'s `viewport`). Frames show it at the subscription's scale.
///
/// Checked here: four finite numbers, a positive size, and every number within `maxCoordinate` (a side of the
/// largest frame at scale 1: nothing larger can be drawn at any scale). The server checks the rest against the scale
/// and the canvas (the pixel size against the renderer's limits, a viewport entirely outside the canvas), naming the
/// member at fault.
package struct PreviewViewport: ProtocolObject, Hashable {
    package static let members = MemberRule.closed(["x", "y", "width", "height"])
    /// The largest magnitude of any member, in points: `RenderLimits.maxDimension` (the renderer's, which this
    /// module does not see; a test keeps them equal).
    package static let maxCoordinate = 16_384.0

    package let rect: Rect
    /// The params object of the viewport and its members in the message (errors found later name them).
    package let source: JSONValue
    package let xSource: JSONValue
    package let ySource: JSONValue
    package let widthSource: JSONValue
    package let heightSource: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        source = object.value
        xSource = try object.required("x")
        ySource = try object.required("y")
        widthSource = try object.required("width")
        heightSource = try object.required("height")
        let x = try Self.coordinate(xSource)
        let y = try Self.coordinate(ySource)
        let width = try Self.side(widthSource)
        let height = try Self.side(heightSource)
        rect = Rect(x: x, y: y, width: width, height: height)
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
    package static let members = MemberRule.closed(["x", "y", "width", "height"])

    package let x: Int
    package let y: Int
    package let width: Int
    package let height: Int
    package let source: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        source = object.value
        x = try object.int("x")
        y = try object.int("y")
        width = try object.int("width")
        height = try object.int("height")
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
