/// What the browser side of `skeleton serve` accepts and holds, whatever a page sends (`Protocol/web-preview.md`).
package enum WebPreviewLimits {
    /// The largest message a page may send, in bytes: commands are a few dozen bytes.
    package static let maxCommandBytes = 4096
    /// The largest WebSocket frame accepted from a page (and the size outgoing messages are split into).
    package static let maxFrameBytes = 1 << 16
    /// The largest request head accepted, in bytes (its header lines together); at most 64 header lines.
    package static let maxHeaderBytes = 16384
    /// TCP connections open at once (pages and their requests); further ones wait to be accepted.
    package static let maxConnections = 64
    /// Pages connected at once; a further WebSocket is closed at once with a reason.
    package static let maxPages = 8
    /// Preview frames queued for one page at most: a further one drops the queued frames, and the page gets a
    /// keyframe instead (a slow browser costs this many frames, never more).
    package static let maxQueuedFrames = 3
    /// Other messages (state, scenes, diagnostics, errors) queued for one page at most: a page that reads none of
    /// them is disconnected.
    package static let maxQueuedMessages = 256
    /// The latest time the scrubber may ask for, in seconds after the show.
    package static let maxTime = 600.0
}
