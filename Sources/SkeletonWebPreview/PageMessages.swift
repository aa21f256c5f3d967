package import JSON

/// The messages `skeleton serve` sends a page besides frames (`Protocol/web-preview.md`), as WebSocket text.
package enum PageMessages {
    /// `{type: "error", message}`: a command was refused or failed; the page says so and nothing changed.
    package static func error(_ message: String) -> String {
        JSON.object(["type": "error", "message": .string(message)]).text
    }

    /// `{type: "notice", message}`: something the page should show that is not a failure of its command.
    package static func notice(_ message: String) -> String {
        JSON.object(["type": "notice", "message": .string(message)]).text
    }

    /// `object` with `type` first.
    package static func typed(_ type: String, _ object: JSONObject) -> String {
        var message: JSONObject = ["type": .string(type)]
        for (key, value) in object where key != "type" { message[key] = value }
        return JSON.object(message).text
    }
}
