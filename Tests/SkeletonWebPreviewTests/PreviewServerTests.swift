import Foundation
import SkeletonWebPreview
import Testing

/// The real server on a free port, driven over raw TCP.
@Suite(.serialized) struct PreviewServerTests {
    @Test func servesThePageToItsOwnHostOnly() throws {
        let server = try PreviewServer.start(port: 0, events: PageEvents())
        defer { server.stop() }
        let port = server.port
        #expect(server.url == "http://127.0.0.1:\(port)/")
        let page = try RawHTTP.get(port: port, "/", headers: ["Host: 127.0.0.1:\(port)"])
        #expect(RawHTTP.status(page) == 200)
        #expect(page.contains("<canvas id=\"preview\""))
        #expect(page.lowercased().contains("content-security-policy: default-src 'none'"))
        let script = try RawHTTP.get(port: port, "/preview.js", headers: ["Host: localhost:\(port)"])
        #expect(RawHTTP.status(script) == 200)
        #expect(script.lowercased().contains("content-type: text/javascript"))

        let foreign = try RawHTTP.get(port: port, "/", headers: ["Host: rebound.example:\(port)"])
        #expect(RawHTTP.status(foreign) == 403)
        #expect(foreign.contains("refused: Host 'rebound.example:\(port)' is not this server"))
        let twice = try RawHTTP.get(
            port: port, "/", headers: ["Host: 127.0.0.1:\(port)", "Host: rebound.example"])
        #expect(RawHTTP.status(twice) == 403)
        #expect(twice.contains("more than one Host header"))
        let none = try RawHTTP.exchange(port: port, "GET / HTTP/1.0\r\n\r\n")
        #expect(RawHTTP.status(none) == 403)
        let foreignOrigin = try RawHTTP.get(
            port: port, "/", headers: ["Host: 127.0.0.1:\(port)", "Origin: http://evil.example"])
        #expect(RawHTTP.status(foreignOrigin) == 403)
    }

    @Test(arguments: ["/Package.swift", "/../Package.swift", "/%2e%2e/%2e%2e/etc/passwd", "/preview.js/..", "/ws/x"])
    func servesNothingElse(path: String) throws {
        let server = try PreviewServer.start(port: 0, events: PageEvents())
        defer { server.stop() }
        let answer = try RawHTTP.get(port: server.port, path, headers: ["Host: 127.0.0.1:\(server.port)"])
        #expect(RawHTTP.status(answer) == 404)
        #expect(!answer.contains("swift-tools-version") && !answer.contains("root:"))
    }

    @Test func upgradesOnlyItsOwnPagesWebSocket() throws {
        let server = try PreviewServer.start(port: 0, events: PageEvents())
        defer { server.stop() }
        let port = server.port
        let upgrade = [
            "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13",
        ]
        func ask(_ headers: [String]) throws -> Int? {
            let lines = ["GET /ws HTTP/1.1"] + headers + upgrade + ["", ""]
            return RawHTTP.status(try RawHTTP.exchange(port: port, lines.joined(separator: "\r\n"), timeout: 1))
        }
        #expect(try ask(["Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(port)"]) == 101)
        // Refused upgrades are answered 400 by the upgrader, before any route.
        #expect(try ask(["Host: 127.0.0.1:\(port)", "Origin: http://evil.example"]) == 400)
        #expect(try ask(["Host: 127.0.0.1:\(port)"]) == 400)
        #expect(try ask(["Host: evil.example:\(port)", "Origin: http://evil.example:\(port)"]) == 400)
        #expect(try ask(["Host: 127.0.0.1:\(port)", "Host: evil.example", "Origin: http://127.0.0.1:\(port)"]) == 400)
    }

    /// `WebPreviewLimits.maxConnections` connections are served at once; a further one waits, unanswered, until one
    /// of them closes, and is served then.
    @Test func aConnectionPastTheLimitWaitsUntilAnotherCloses() throws {
        let server = try PreviewServer.start(port: 0, events: PageEvents())
        defer { server.stop() }
        let port = server.port
        let request = "GET /preview.js HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        var held: [RawHTTP.Connection] = []
        for _ in 0..<WebPreviewLimits.maxConnections {
            // Each is answered (so the server has accepted it) and stays open (HTTP/1.1 keeps it alive).
            let connection = try RawHTTP.Connection(port: port)
            try connection.write(request)
            #expect(RawHTTP.status(connection.receive(timeout: 5)) == 200)
            held.append(connection)
        }
        let extra = try RawHTTP.Connection(port: port)
        try extra.write(request)
        #expect(extra.receive(timeout: 1).isEmpty, "a connection past the limit is not served while all are open")
        held.removeLast()
        #expect(RawHTTP.status(extra.receive(timeout: 5)) == 200, "it is served once one closes")
    }

    @Test func saysClearlyWhenThePortIsTaken() throws {
        let first = try PreviewServer.start(port: 0, events: PageEvents())
        defer { first.stop() }
        #expect {
            _ = try PreviewServer.start(port: first.port, events: PageEvents())
        } throws: { error in
            (error as? PreviewServerError)?.message
                == "port \(first.port) on 127.0.0.1 is taken by another program: give another --port, or none for a free one"
        }
    }
}
