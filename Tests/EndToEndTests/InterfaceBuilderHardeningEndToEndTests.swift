import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Hostile storyboards and XIBs through the real daemon (issue #25, rows 3, 6, 8 and 9): each gets its documented
/// answer, the daemon's peak memory (`VmHWM`) stays inside `HostileClientTests.memoryBudget`, and the same process
/// goes on serving.
@Suite struct InterfaceBuilderHardeningEndToEndTests {
    /// The diagnostic codes and messages of the next publication.
    /// (Waits up to two minutes: these files are large for a debug build.)
    static func published(_ session: DaemonSession) throws -> [(code: String, message: String)] {
        let published = try session.notification("textDocument/publishDiagnostics", timeout: 120)
        return (published["diagnostics"]?.arrayValue ?? []).map {
            ($0["code"]?.stringValue ?? "", $0["message"]?.stringValue ?? "")
        }
    }

    /// The scenes of `uri` (waiting up to two minutes for the daemon to read it).
    static func scenes(_ session: DaemonSession, _ uri: String) throws -> [JSON] {
        let answer = try session.client.request("skeleton/scenes", ["uri": .string(uri)], timeout: 120)
        return answer["result"]?.arrayValue ?? []
    }

    /// Row 3: a 13 KB storyboard of container views embedding scenes that embed further (the five top scenes'
    /// documents would hold over 100,000 views each; before, each took its own 100,000 and re-expanded what it
    /// embeds: 570,000 views on every edit, the daemon over 256 MB). Now the five are refused (`too-many-nodes`), the
    /// rest are read with each embedded controller expanded once, on open and on every edit, inside the memory
    /// budget; the scenes that fit are served.
    @Test func embeddingScenesThatEmbedFurtherCostOneBudget() throws {
        let session = try DaemonSession()
        defer { session.close() }
        let uri = "file:///Embeds.storyboard"
        let text = HostileInterfaceBuilder.embeddingBlowUp(scenes: 12, fanOut: 5)
        session.open(uri, text: text, languageId: "storyboard")
        for version in 2...4 {
            let diagnostics = try Self.published(session)
            #expect(diagnostics.filter { $0.code == "too-many-nodes" }.count == 5, "\(diagnostics)")
            session.replace(uri, text: text + String(repeating: " ", count: version), version: version)
        }
        _ = try Self.published(session)
        let scenes = try Self.scenes(session, uri)
        #expect(scenes.count == 12)
        let shown = try session.call("skeleton/show", ["uri": .string(uri), "scene": "v11", "transition": "none"])
        #expect(shown["outcome"] == "notSkeletonable")
        try HostileClientTests.stillServing(session)
    }

    /// Row 6: a XIB of 20,000 top-level views (8,000 took 7 s, 50,000 did not finish in 5 min) is 20,000 scenes,
    /// listed and shown by id; an element of 100,000 attributes is refused at the element.
    @Test func manyTopLevelViewsAndManyAttributes() throws {
        let session = try DaemonSession()
        defer { session.close() }
        let uri = "file:///Many.xib"
        session.open(uri, text: HostileInterfaceBuilder.topLevelViews(20_000), languageId: "xml")
        let scenes = try Self.scenes(session, uri)
        #expect(scenes.count == 20_000)
        let shown = try session.call("skeleton/show", ["uri": .string(uri), "scene": "v19999", "transition": "none"])
        #expect(shown["outcome"] == "notSkeletonable")
        let wide = "file:///Wide.xib"
        session.open(wide, text: HostileInterfaceBuilder.manyAttributes(100_000), languageId: "xml")
        var diagnostics = try Self.published(session)
        while diagnostics.isEmpty { diagnostics = try Self.published(session) }
        #expect(diagnostics.map(\.message) == ["an element has more than 256 attributes"])
        try HostileClientTests.stillServing(session)
    }

    /// Row 8: `encoding="UTF-7"` is refused at the declaration (no DTD is decoded out of it); a comment that
    /// mentions `<!DOCTYPE` leaves a valid storyboard readable.
    @Test func declaredEncodingsAndDoctypesInComments() throws {
        let session = try DaemonSession()
        defer { session.close() }
        let utf7 = HostileInterfaceBuilder.storyboard(
            "+ADwAIQ-DOCTYPE d +AFs-+ADwAIQ-ENTITY a \"aaaa\"+AD4AXQA+-", declaration: "encoding=\"UTF-7\"")
        session.open("file:///Seven.storyboard", text: utf7, languageId: "storyboard")
        let refused = try Self.published(session)
        #expect(refused.count == 1 && refused.first?.code == "xml-syntax")
        #expect(refused.first?.message.contains("declares the encoding \"UTF-7\"") == true, "\(refused)")
        let scene = """
            <scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">
            <view key="view" id="root"><rect key="frame" x="0.0" y="0.0" width="100" height="100"/></view>
            </viewController></objects></scene>

            """
        let commented = HostileInterfaceBuilder.storyboard("<!-- was: <!DOCTYPE x> -->\n" + scene)
        session.open("file:///Commented.storyboard", text: commented, languageId: "storyboard")
        let scenes = try Self.scenes(session, "file:///Commented.storyboard")
        #expect(scenes.count == 1)
        try HostileClientTests.stillServing(session)
    }

    /// Row 9: a 12 MB storyboard (past libxml2's 10 MB chunk, "outOfMemoryError" before) reads; a duplicate
    /// attribute is named as libxml2 names it.
    @Test func aStoryboardOver10MBAndErrorNames() throws {
        let session = try DaemonSession()
        defer { session.close() }
        let uri = "file:///Big.storyboard"
        session.open(uri, text: HostileInterfaceBuilder.padded(toAtLeast: 12 << 20), languageId: "storyboard")
        let scenes = try Self.scenes(session, uri)
        #expect(scenes.map { $0["id"] } == ["vc"])
        session.open(
            "file:///Twice.xib", text: HostileInterfaceBuilder.xib("<view id=\"a\" id=\"b\"/>\n"), languageId: "xml")
        var diagnostics = try Self.published(session)
        while !diagnostics.contains(where: { $0.code == "xml-syntax" }) { diagnostics = try Self.published(session) }
        #expect(diagnostics.first?.message.contains("XML_ERR_ATTRIBUTE_REDEFINED") == true, "\(diagnostics)")
        try HostileClientTests.stillServing(session)
    }
}
