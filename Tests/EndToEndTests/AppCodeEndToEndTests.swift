import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The app's files in the daemon (`Tests/Fixtures/patterns/`): a XIB opened after the storyboard whose code loads
/// it by nib name gives its cells at once, and a show without options makes every show the code makes, each on its
/// view.
@Suite struct AppCodeEndToEndTests {
    /// A pattern fixture's text and its uri under `file:///app/`.
    static func file(_ pattern: String, _ name: String) throws -> (uri: String, text: String) {
        let url = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/patterns/\(pattern)/\(name)")
        return ("file:///app/\(pattern)/\(name)", try String(contentsOf: url, encoding: .utf8))
    }

    /// Opens `name` of `pattern` with its language id (by extension) and returns its uri; a Swift file is read
    /// once a request on it is answered (as the CLI waits for it).
    static func open(_ s: DaemonSession, _ pattern: String, _ name: String) throws -> String {
        let (uri, text) = try file(pattern, name)
        let ext = (name as NSString).pathExtension
        s.open(uri, text: text, languageId: ext)
        if ext == "swift" { _ = try s.error("skeleton/isActive", ["uri": .string(uri)]) }
        return uri
    }

    @Test func aXIBOpenedLaterGivesTheCellsItsNibNameRegisters() throws {
        let s = try DaemonSession()
        defer { s.close() }
        for name in ["FeedViewController.swift", "FeedCell.swift"] { _ = try Self.open(s, "cell-nib", name) }
        let storyboard = try Self.open(s, "cell-nib", "Main.storyboard")
        let before = try s.call("skeleton/treeDescription", ["uri": .string(storyboard)])
        #expect(!String(decoding: before.bytes, as: UTF8.self).contains("PCN-lb-001"), "plain cells without the XIB")
        let xib = try Self.open(s, "cell-nib", "FeedCell.xib")
        // The XIB's didOpen has queued the storyboard's analysis once a request on the XIB is answered.
        _ = try s.call("skeleton/scenes", ["uri": .string(xib)])
        let after = try s.call("skeleton/treeDescription", ["uri": .string(storyboard)])
        let text = String(decoding: after.bytes, as: UTF8.self)
        for row in 0..<3 { #expect(text.contains("PCN-tv-001[0,\(row)]/PCN-lb-001"), "\(text)") }
        #expect(!text.contains("PCN-tv-001[0,3]"))
    }

    @Test func aShowWithoutOptionsMakesEveryShowOfTheCodeOnItsView() throws {
        let s = try DaemonSession()
        defer { s.close() }
        _ = try Self.open(s, "show-on-outlet", "ProfileViewController.swift")
        let storyboard = try Self.open(s, "show-on-outlet", "Main.storyboard")
        let answer = try s.call("skeleton/show", ["uri": .string(storyboard)])
        #expect(answer["outcome"] == "shown", "\(answer)")
        let leaves = answer["leaves"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(leaves == ["PSO-im-avt", "PSO-lb-nam"])
        // With a node, the code's show on that view only.
        _ = try s.call("skeleton/hide", ["uri": .string(storyboard)])
        let one = try s.call("skeleton/show", ["uri": .string(storyboard), "node": "PSO-lb-nam"])
        #expect(one["leaves"]?.arrayValue?.compactMap(\.stringValue) == ["PSO-lb-nam"])
    }

    /// `skeleton/scenes` lists every show the scene's code makes, each on its view, in run order (`shows`), and the
    /// first one's options (`show`).
    @Test func scenesListEveryShowOfTheCodeOnItsView() throws {
        let s = try DaemonSession()
        defer { s.close() }
        _ = try Self.open(s, "show-on-outlet", "ProfileViewController.swift")
        let storyboard = try Self.open(s, "show-on-outlet", "Main.storyboard")
        let scenes = try s.call("skeleton/scenes", ["uri": .string(storyboard)])
        let scene = try #require(scenes.arrayValue?.first { $0["id"] == "PSO-vc-001" }, "\(scenes)")
        let shows = scene["shows"]?.arrayValue ?? []
        #expect(shows.map { $0["node"]?.stringValue } == ["PSO-im-avt", "PSO-lb-nam"], "\(scene)")
        #expect(shows.allSatisfy { $0["type"] == "gradient" && $0["animated"] == true && $0["delay"] == nil })
        #expect(scene["show"]?["node"] == nil && scene["show"]?["type"] == "gradient")
    }
}
