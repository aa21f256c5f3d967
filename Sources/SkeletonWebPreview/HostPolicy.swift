/// Which `Host` and `Origin` a request may carry: the server's own loopback address and port only, so a page of
/// another site (DNS rebinding, a cross-site WebSocket) gets nothing.
package struct HostPolicy: Sendable, Hashable {
    /// The `host:port` values accepted in `Host` (lower case).
    package let hosts: Set<String>

    /// The names `127.0.0.1` and `localhost` at `port`.
    package init(port: Int) {
        hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
    }

    /// Why a request with these headers is refused, or nil when it is acceptable: exactly one `Host`, one of
    /// `hosts`; at most one `Origin` (exactly one when `originRequired`: WebSockets), `http://` and one of `hosts`.
    package func refusal(hosts given: [String], origins: [String], originRequired: Bool) -> String? {
        guard let host = given.first else { return "a Host header is required" }
        guard given.count == 1 else { return "more than one Host header" }
        guard hosts.contains(host.lowercased()) else { return "Host \(Self.quoted(host)) is not this server" }
        guard origins.count <= 1 else { return "more than one Origin header" }
        guard let origin = origins.first else { return originRequired ? "an Origin header is required" : nil }
        let scheme = "http://"
        let lowered = origin.lowercased()
        guard lowered.hasPrefix(scheme), hosts.contains(String(lowered.dropFirst(scheme.count))) else {
            return "Origin \(Self.quoted(origin)) is not this server"
        }
        return nil
    }

    /// `text` in quotes, cut to 100 characters, for a message.
    static func quoted(_ text: String) -> String {
        "'" + (text.count > 100 ? text.prefix(100) + "…" : text[...]) + "'"
    }
}
