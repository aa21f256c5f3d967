import JSON
import JSONRPC
import SkeletonGraphics
import SkeletonProtocol
import SkeletonRender

/// Viewports (`preview/subscribe`'s `viewport`, `preview/viewport`): a subscription's frames show one region of the
/// canvas, and hold, draw and count against the frame budget only its pixels.
extension PreviewHub {
    /// What `initialize` announces of previews (`experimental.skeleton.previews`): the `encodings`
    /// `preview/subscribe` takes, and `viewportCells`, that `preview/viewport` takes a `cells` subscription's new
    /// grid.
    static let capabilities: JSON = [
        "encodings": .array(PreviewEncoding.allCases.map { .string($0.rawValue) }), "viewportCells": true,
    ]

    /// `value` at `scale`, or -32602 at the member at fault (a frame past the renderer's limits).
    static func viewport(_ value: PreviewViewport, _ scale: Double) throws(JSONDecodingError) -> Viewport {
        do { return try Viewport(value.rect, scale: scale) } catch {
            throw JSONDecodingError(
                pointer: value.source.pointerFromRoot.appending(error.member), message: error.description)
        }
    }

    /// -32602 at the member that puts `viewport` entirely outside `canvas` (pixels).
    static func check(_ viewport: Viewport, _ value: PreviewViewport, meets canvas: PixelRect)
        throws(JSONDecodingError)
    {
        do { try viewport.check(meets: canvas) } catch {
            throw JSONDecodingError(
                pointer: value.source.pointerFromRoot.appending(error.member), message: error.description)
        }
    }

    /// `preview/viewport`: checks the viewport against the subscription's scale and the canvas now, and a new grid
    /// (`cells`, only for a `cells` subscription) against the renderer's limits, moves its share of the frame budget
    /// to what the stream will hold (-32803 when it does not fit: nothing changes), and sets them on the stream: the
    /// next frame, built as soon as the answer is out, is a keyframe of them.
    func moveViewport(_ params: ViewportRequest.Params, _ context: RequestContext) throws {
        let subscription = try find(params.subscription)
        let settings = subscription.settings
        var grid: (columns: Int, rows: Int)?
        if let cells = params.cells, let source = params.cellsSource {
            guard settings.encoding.isCells else {
                throw JSONDecodingError(
                    at: source, "only a cells subscription has a grid (this one's encoding is \(settings.encoding))")
            }
            grid = (
                try Self.count(cells.columns, at: cells.columnsSource, in: RenderLimits.cellColumns),
                try Self.count(cells.rows, at: cells.rowsSource, in: RenderLimits.cellRows)
            )
        }
        let viewport = try params.viewport.map { value throws(JSONDecodingError) in
            let viewport = try Self.viewport(value, settings.scale)
            if let list = provider.source(for: settings.uri, scene: settings.scene)?.displayList(at: clock.now),
                let (width, height) = try? CanvasGeometry.pixelSize(of: list.size, scale: settings.scale)
            {
                try Self.check(viewport, value, meets: PixelRect(x: 0, y: 0, width: width, height: height))
            }
            return viewport
        }
        // The stream takes them on a copy, checking them as it samples them: a refusal changes nothing.
        let outcome = subscription.queue.sync {
            subscription.core.withValue { core -> Result<Int?, RenderError> in
                var stream = core.stream
                do throws(RenderError) {
                    if let viewport { try stream.setViewport(viewport) }
                    if let grid { try stream.setGrid(columns: grid.columns, rows: grid.rows) }
                } catch { return .failure(error) }
                // A pixel stream has a viewport now, and the others do not depend on the canvas.
                let wanted = stream.heldBytes(canvas: nil, scale: settings.scale) ?? 0
                guard budget.move(from: core.heldBytes, to: wanted) else { return .success(wanted) }
                core.heldBytes = wanted
                core.stream = stream
                return .success(nil)
            }
        }
        let wanted: Int?
        switch outcome {
        case .success(let refused): wanted = refused
        case .failure(let error):
            // As `preview/subscribe` reports it: a `cells` grid shows no region left of or above the canvas.
            let source = error.field == "viewport" ? params.viewport?.source : params.cellsSource
            guard let source else { throw ResponseError(.internalError, error.description) }
            throw JSONDecodingError(at: source, error.description)
        }
        if let wanted {
            throw budget.refusal(wanted)
        }
        // A `layers` stream sends every layer whatever the viewport: nothing to draw anew.
        guard settings.encoding != .layers else { return }
        context.afterResponse { [self] in post(.refresh, to: subscription) }
    }
}
