import JSONRPC
import SkeletonGraphics
import SkeletonRender
import Synchronization

/// What previews may hold, whatever a client subscribes to (`Protocol/previews.md#limits`).
///
/// A pixel subscription keeps its last-sent frame and a work frame of the whole canvas (or of its viewport), up to
/// `RenderLimits.maxPixels` each; a `cells` one keeps its grid and a bounded scratch (`CellStream.budgetBytes`):
/// without a bound on their sum, a client that subscribes again and again (an editor plugin that re-subscribes on
/// every buffer switch) makes the daemon's memory follow its requests.
package enum PreviewLimits {
    /// Subscriptions open at once.
    package static let maxSubscriptions = 64
    /// Bytes of frames that all subscriptions together hold: 1 GiB, room for four subscriptions of the largest
    /// canvas (`RenderLimits.maxPixels` at 4 bytes a pixel, two frames each) or about forty of a phone screen at
    /// scale 3.
    package static let frameBudget = 1 << 30

    /// The bytes a pixel subscription (`raw`, `png`) holds for frames of `pixels` pixels (at most
    /// `RenderLimits.maxPixels`, so nothing overflows): its last-sent frame and its work frame, 4 bytes a pixel.
    static func pixelBytes(pixels: Int) -> Int { 2 * 4 * pixels }

    /// The bytes a pixel subscription at `scale` holds for a canvas of `size` points, or nil when the canvas cannot
    /// be drawn at that scale (the stream reports that itself).
    static func pixelBytes(canvas size: Size, scale: Double) -> Int? {
        guard let (width, height) = try? CanvasGeometry.pixelSize(of: size, scale: scale) else { return nil }
        return pixelBytes(pixels: width * height)
    }

    /// The bytes a `cells` subscription of a `columns` × `rows` grid counts: the most its stream holds
    /// (`CellStream.budgetBytes`), whatever the canvas, its scale or its viewport.
    static func cellBytes(columns: Int, rows: Int) -> Int { CellStream.budgetBytes(columns: columns, rows: rows) }
}

/// Why a preview request was refused for what previews hold (`data.reason` of its -32803).
enum PreviewRefusal: String {
    /// The frames would pass the frame budget (`PreviewLimits.frameBudget`, `--preview-budget`).
    case frameBudget
    /// `PreviewLimits.maxSubscriptions` subscriptions are open.
    case subscriptions
}

/// The bytes of frames held by all subscriptions, against `PreviewLimits.frameBudget`. A leaf lock: taken under a
/// subscription's state lock, never the other way round.
final class FrameBudget: Sendable {
    private let held = Mutex(0)
    let limit: Int

    init(limit: Int = PreviewLimits.frameBudget) { self.limit = limit }

    /// Bytes held now.
    var bytes: Int { held.withLock { $0 } }

    /// Moves a subscription's share from `current` to `wanted` bytes. Growing fails, changing nothing, when the
    /// shares together would pass the limit; shrinking always succeeds.
    ///
    /// - Important: `current` is what this subscription holds (its earlier reservations), so the sum never drifts.
    func move(from current: Int, to wanted: Int) -> Bool {
        held.withLock { total in
            let next = total - current + wanted
            guard wanted <= current || next <= limit else { return false }
            total = next
            return true
        }
    }

    /// -32803 for frames of `wanted` bytes that do not fit, with `data.reason` `"frameBudget"`: a client tells it
    /// from a document with no valid tree yet (also -32803, which it waits out) and shows the message instead.
    func refusal(_ wanted: Int) -> ResponseError {
        ResponseError(
            .requestFailed, "this preview's frames would need \(Self.describe(wanted)), " + overview,
            data: ["reason": .string(PreviewRefusal.frameBudget.rawValue)])
    }

    /// What is held of the limit and what a client can do, ending every refusal's message.
    var overview: String {
        "and previews already hold \(Self.describe(bytes)) of the \(Self.describe(limit)) they may hold: unsubscribe "
            + "others, or subscribe at a smaller scale or with the layers encoding"
    }

    /// `n` bytes for a message: whole KiB below 1 MiB, else MiB with one decimal (truncated, without overflow for
    /// any `Int`), e.g. `96 KiB`, `1.9 MiB`.
    static func describe(_ n: Int) -> String {
        let mebibyte = 1 << 20
        let bytes = max(0, n)
        guard bytes >= mebibyte else { return "\(bytes >> 10) KiB" }
        return "\(bytes / mebibyte).\(bytes % mebibyte * 10 / mebibyte) MiB"
    }
}
