import JSON

/// What a page may ask of `skeleton serve`, one WebSocket text message each (`Protocol/web-preview.md`).
package enum PageCommand: Sendable, Hashable {
    /// Preview the scene at this index of the list the page was sent.
    case select(scene: Int)
    /// Override the colour scheme (`light`, `dark`; nil: the document's own) and the layout direction (`ltr`, `rtl`).
    case traits(scheme: String?, direction: String?)
    /// Show the skeleton: `type` `solid` or `gradient` (nil: the code's show, else solid), animated or not.
    case show(type: String?, animated: Bool)
    /// Hide the skeleton (the scene's content alone).
    case hide
    /// Move the preview's time on with the wall clock, or stop it.
    case play
    case pause
    /// Show the moment this many seconds after the show.
    case seek(time: Double)
    /// The page has drawn every frame up to `seq`.
    case ack(seq: Int)
}

/// Why a page's message was refused: said back to the page as `{type: "error", message}`.
package struct PageCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    package let message: String
    package var description: String { message }
    init(_ message: String) { self.message = message }
}

extension PageCommand {
    /// The members each command may have besides `type`.
    static let members: [String: Set<String>] = [
        "select": ["scene"], "traits": ["scheme", "direction"], "show": ["skeleton", "animated"], "hide": [],
        "play": [], "pause": [], "seek": ["time"], "ack": ["seq"],
    ]

    /// Reads one message: a JSON object of at most `WebPreviewLimits.maxCommandBytes` bytes with a known `type`
    /// and only that type's members, each of the right kind and within its range.
    package static func parse(_ text: String) throws(PageCommandError) -> PageCommand {
        guard text.utf8.count <= WebPreviewLimits.maxCommandBytes else {
            throw PageCommandError("a message is at most \(WebPreviewLimits.maxCommandBytes) bytes")
        }
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(
                text, limits: JSONLimits(maxBytes: WebPreviewLimits.maxCommandBytes, maxDepth: 2, maxValues: 64))
        } catch {
            throw PageCommandError("not a JSON message: \(error.message)")
        }
        let message = document.value
        guard message.kind == .object else { throw PageCommandError("a message is a JSON object") }
        guard let type = message["type"]?.string else { throw PageCommandError("a message needs a string 'type'") }
        guard let allowed = members[type] else {
            throw PageCommandError("unknown message type \(HostPolicy.quoted(type))")
        }
        for (key, _) in message.members where key != "type" && !allowed.contains(key) {
            throw PageCommandError("unknown member \(HostPolicy.quoted(key)) in '\(type)'")
        }
        return try command(type, message)
    }

    private static func command(_ type: String, _ message: JSONValue) throws(PageCommandError) -> PageCommand {
        switch type {
        case "select":
            return .select(scene: try integer(message, "scene", in: 0...Int(Int32.max)))
        case "traits":
            return .traits(
                scheme: try choice(message, "scheme", ["light", "dark"]),
                direction: try choice(message, "direction", ["ltr", "rtl"]))
        case "show":
            let animated = message["animated"]
            guard animated == nil || animated?.bool != nil else {
                throw PageCommandError("'animated' is true or false")
            }
            return .show(
                type: try choice(message, "skeleton", ["solid", "gradient"]), animated: animated?.bool ?? false)
        case "hide": return .hide
        case "play": return .play
        case "pause": return .pause
        case "seek":
            guard let time = message["time"]?.double, time.isFinite, (0...WebPreviewLimits.maxTime).contains(time)
            else { throw PageCommandError("'time' is a number of seconds from 0 to \(Int(WebPreviewLimits.maxTime))") }
            return .seek(time: time)
        default:
            return .ack(seq: try integer(message, "seq", in: 1...Int(Int32.max)))
        }
    }

    /// Member `key`: an integer in `range`.
    private static func integer(_ message: JSONValue, _ key: String, in range: ClosedRange<Int>)
        throws(PageCommandError)
        -> Int
    {
        guard let value = message[key]?.int, range.contains(value) else {
            throw PageCommandError("'\(key)' is an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// Member `key`: absent or null (nil), or one of `choices`.
    private static func choice(_ message: JSONValue, _ key: String, _ choices: [String]) throws(PageCommandError)
        -> String?
    {
        guard let value = message[key], !value.isNull else { return nil }
        guard let text = value.string, choices.contains(text) else {
            throw PageCommandError("'\(key)' is one of \(choices.joined(separator: ", ")) or null")
        }
        return text
    }
}
