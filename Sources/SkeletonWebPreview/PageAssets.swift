import HTTPTypes
import Hummingbird

/// One file of the page, held in the executable: the server serves these and nothing else.
struct PageAsset: Sendable {
    let path: String
    let contentType: String
    let body: String

    /// The file with headers that keep it to this server: no caching, no sniffing, no framing by another site,
    /// scripts and connections from this origin only (`host` is the request's checked `Host`).
    func response(host: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: contentType,
                .cacheControl: "no-store",
                .contentSecurityPolicy:
                    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
                    + "connect-src ws://\(host); frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
                .xContentTypeOptions: "nosniff",
            ],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// The page: `/` (HTML), `/preview.js`, `/preview.css`.
enum PageAssets {
    static let all = [
        PageAsset(path: "/", contentType: "text/html; charset=utf-8", body: html),
        PageAsset(path: "/preview.js", contentType: "text/javascript; charset=utf-8", body: script),
        PageAsset(path: "/preview.css", contentType: "text/css; charset=utf-8", body: style),
    ]
}
