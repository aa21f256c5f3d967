import JSON

/// What the pages of `skeleton serve` show, shared by all of them: a change from one page is sent to every page.
///
/// The picture is a function of this state alone: the scene with the traits, shown (or not) at a moment of the
/// daemon's clock, and drawn `time` seconds later, as `skeleton render --time` draws it.
struct ServeState {
    /// The index of the scene in the list the pages were sent.
    var scene = 0
    /// `light` or `dark`; nil: the document's own.
    var scheme: String?
    /// `ltr` or `rtl`; nil: the document's own.
    var direction: String?
    /// Whether the skeleton is shown (else the scene's content alone).
    var shown = true
    /// `solid` or `gradient`; nil: the show the scene's code makes, else solid (as `skeleton render`).
    var skeleton: String?
    var animated = false
    /// Whether time moves on with the wall clock.
    var playing = false
    /// Seconds after the show.
    var time = 1.0
    /// Device pixels per point of the frames.
    let scale: Double

    /// `{type: "state", …}` for the pages.
    var message: JSONObject {
        [
            "scene": .int(scene), "scheme": scheme.map(JSON.string) ?? .null,
            "direction": direction.map(JSON.string) ?? .null, "shown": .bool(shown),
            "skeleton": skeleton.map(JSON.string) ?? .null, "animated": .bool(animated), "playing": .bool(playing),
            "time": .double(time), "scale": .double(scale),
        ]
    }

    /// Seconds of the scrubber: playing past them starts over at 0.
    static let loopLength = 10.0
}
