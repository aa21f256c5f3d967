import JSON
import JSONRPC
import SkeletonGraphics
import SkeletonProtocol
import SkeletonRender

/// Viewports (`preview/subscribe`'s `viewport`, `preview/viewport`): a subscription's frames show one region of the
/// canvas, and hold, draw and count against the frame budget only its pixels.
extension PreviewHub {
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

    /// `preview/viewport`: checks the viewport against the subscription's scale and the canvas now, moves its share
    /// of the frame budget to the new viewport's frames (-32803 when they do not fit), and sets it on the stream:
    /// the next frame, built as soon as the answer is out, is a keyframe of it.
    func moveViewport(_ params: ViewportRequest.Params, _ context: RequestContext) throws {
        let subscription = try find(params.subscription)
        let settings = subscription.settings
        let viewport = try Self.viewport(params.viewport, settings.scale)
        if let list = provider.source(for: settings.uri, scene: settings.scene)?.displayList(at: clock.now),
            let (width, height) = try? CanvasGeometry.pixelSize(of: list.size, scale: settings.scale)
        {
            try Self.check(viewport, params.viewport, meets: PixelRect(x: 0, y: 0, width: width, height: height))
        }
        let wanted = PreviewLimits.frameBytes(settings.encoding, pixels: viewport.pixels.area)
        let moved = subscription.queue.sync {
            subscription.core.withValue { core -> Bool in
                guard budget.move(from: core.heldBytes, to: wanted) else { return false }
                core.heldBytes = wanted
                core.stream.setViewport(viewport)
                return true
            }
        }
        guard moved else {
            throw ResponseError(
                .requestFailed,
                "this viewport's frames would need \(FrameBudget.describe(wanted)), " + budget.overview)
        }
        // A `layers` stream sends every layer whatever the viewport: nothing to draw anew.
        guard settings.encoding != .layers else { return }
        context.afterResponse { [self] in post(.refresh, to: subscription) }
    }
}
