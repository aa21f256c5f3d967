import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue #25 (rows 5, 6, 7 and 10's text part) against the real daemon over pipes: hostile font files, runs of
/// invisible characters, one huge label and a cancelled render, each counted in the daemon's text work
/// (`daemon/status`'s `text`) and its peak memory, never in seconds.
@Suite struct TextHardeningEndToEndTests {
    static let uri = "file:///text.json"

    static func label(_ text: String, frame: [Double], lines: Int = 0, font: JSON? = nil, id: String = "label")
        -> JSON
    {
        var extra: JSONObject = ["text": .string(text), "numberOfLines": .int(lines)]
        if let font { extra["font"] = font }
        return DaemonSession.node("UILabel", id, frame: frame, skeletonable: false, extra)
    }

    /// The text engine's work so far.
    static func work(_ session: DaemonSession) throws -> JSON {
        try session.call("daemon/status", [:])["text"] ?? .null
    }

    static func checksum(_ session: DaemonSession, _ uri: String) throws -> String {
        try session.call("preview/render", ["uri": .string(uri), "encoding": "crc32"])["checksum"]?.stringValue ?? ""
    }

    // MARK: Row 5

    /// A FIFO, a symlink to /dev/zero, an empty file and a file that is no font, named like Inter's four faces in
    /// `SKELETOND_FONT_DIR`: the daemon answers `initialize`, draws with the installed fonts, stays small and ends
    /// when its input closes.
    @Test func hostileFontFilesNeitherStopTheDaemonNorHideTheInstalledFonts() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("skeletond-e2e-fonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/Inter-Regular.otf", 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/Inter-Medium.otf", withDestinationPath: "/dev/zero")
        #expect(FileManager.default.createFile(atPath: directory + "/Inter-SemiBold.otf", contents: Data()))
        #expect(FileManager.default.createFile(atPath: directory + "/Inter-Bold.otf", contents: Data("x".utf8)))

        let hostile = try DaemonSession(environment: ["SKELETOND_FONT_DIR": directory])
        let plain = try DaemonSession()
        let weights = ["regular", "medium", "semibold", "bold"]
        let card: JSON = [
            "root": DaemonSession.node(
                "UIView", "card", frame: [0, 0, 240, 120], skeletonable: false,
                children: weights.enumerated().map { index, weight in
                    Self.label(
                        "Hello \(weight)", frame: [0, Double(index) * 30, 240, 30], lines: 1,
                        font: ["size": 17, "weight": .string(weight)], id: weight)
                })
        ]
        hostile.open(Self.uri, card)
        plain.open(Self.uri, card)
        #expect(try Self.checksum(hostile, Self.uri) == Self.checksum(plain, Self.uri))
        #expect(try HostileClientTests.peakMemory(hostile) < HostileClientTests.memoryBudget)
        plain.close()
        hostile.client.closeInput()
        #expect(hostile.daemon.waitForExit() == 0)
        let log = hostile.daemon.standardError()
        for (name, reason) in [
            ("Inter-Regular.otf", "not a regular file"), ("Inter-Medium.otf", "not a regular file"),
            ("Inter-SemiBold.otf", "empty"), ("Inter-Bold.otf", "not a font"),
        ] {
            #expect(log.contains("\(directory)/\(name) (face 0): \(reason)"), "\(name): \(log)")
        }
    }

    // MARK: Row 6

    /// 120,000 soft hyphens took 15 s a render: now the run is shaped as 32 scalars, and the label draws as without
    /// them.
    @Test func aRunOfSoftHyphensCostsAScan() throws {
        let session = try DaemonSession()
        let frame: [Double] = [0, 0, 2_000, 2_000]
        session.open("file:///plain.json", ["root": Self.label("Hello world", frame: frame)])
        let plain = try Self.checksum(session, "file:///plain.json")
        let text = "Hello" + String(repeating: "\u{00AD}", count: 120_000) + " world"
        session.open(Self.uri, ["root": Self.label(text, frame: frame)])
        let before = try Self.work(session)
        #expect(try Self.checksum(session, Self.uri) == plain)
        let after = try Self.work(session)
        let shaped = (after["shapedScalars"]?.intValue ?? 0) - (before["shapedScalars"]?.intValue ?? 0)
        #expect(shaped > 0 && shaped < 1_000)
        #expect(try HostileClientTests.peakMemory(session) < HostileClientTests.memoryBudget)
    }

    // MARK: Row 7

    /// A 4 MB label at 0.5 pt laid out 2.2 million glyphs (943 MB, 7.4 s a render): now at most 65,536 scalars
    /// and one line more are laid out.
    @Test func aFourMegabyteLabelAtHalfAPointIsBounded() throws {
        let session = try DaemonSession()
        var words = ""
        while words.utf8.count < 4 << 20 { words += "lorem ipsum dolor sit amet " }
        session.open(Self.uri, ["root": Self.label(words, frame: [0, 0, 390, 844], font: ["size": 0.5])])
        let before = try Self.work(session)
        #expect(!(try Self.checksum(session, Self.uri)).isEmpty)
        let after = try Self.work(session)
        let shaped = (after["shapedScalars"]?.intValue ?? 0) - (before["shapedScalars"]?.intValue ?? 0)
        #expect(shaped > 65_536 && shaped < 4 * (65_536 + 8_192))
        #expect(after["layouts"]?.intValue == (before["layouts"]?.intValue ?? 0) + 1)
        #expect(try HostileClientTests.peakMemory(session) < HostileClientTests.memoryBudget)
    }

    /// A `$/cancelRequest` reaches text layout: the render of 20 heavy labels is answered -32800 and its text work
    /// stops (fewer than the 20 layouts are done, and none after the answer).
    @Test func aCancelledRenderStopsItsTextWork() throws {
        let session = try DaemonSession()
        let count = 20
        var words = ""
        while words.utf8.count < 100_000 { words += "lorem ipsum dolor sit amet " }
        let labels = (0..<count).map { index in
            Self.label("\(index) " + words, frame: [0, 0, 390, 844], font: ["size": 0.5], id: "label\(index)")
        }
        session.open(
            Self.uri,
            [
                "root": DaemonSession.node(
                    "UIView", "screen", frame: [0, 0, 390, 844], skeletonable: false, children: labels)
            ]
        )
        // The document is analysed before the render is sent (a request on its lane answers after that).
        try session.call("skeleton/isActive", ["uri": .string(Self.uri)])
        let before = try Self.work(session)
        let started = before["shapedScalars"]?.intValue ?? 0
        let id = 9_001
        session.client.send([
            "jsonrpc": "2.0", "id": .int(id), "method": "preview/render",
            "params": ["uri": .string(Self.uri), "encoding": "crc32"],
        ])
        // Cancelled once its text work has begun (daemon/status runs on the control lane, beside the render).
        var polls = 0
        while try Self.work(session)["shapedScalars"]?.intValue ?? 0 == started, polls < 100_000 { polls += 1 }
        session.client.notify("$/cancelRequest", ["id": .int(id)])
        var answer: JSON = .null
        while answer["id"]?.intValue != id { answer = try session.client.receive(timeout: 120) }
        #expect(answer["error"]?["code"] == -32800)
        let stopped = try Self.work(session)
        let layouts = (stopped["layouts"]?.intValue ?? 0) - (before["layouts"]?.intValue ?? 0)
        #expect(layouts >= 1 && layouts < count)
        // Nothing runs on after the answer.
        let later = try Self.work(session)
        for key in ["layouts", "masks", "shapedScalars", "rasterizedGlyphs"] {
            #expect(later[key] == stopped[key], "\(key) went on after the answer")
        }
        #expect(try HostileClientTests.peakMemory(session) < HostileClientTests.memoryBudget)
        // The daemon renders on.
        session.open("file:///small.json", ["root": Self.label("Hello", frame: [0, 0, 200, 30], lines: 1)])
        #expect(!(try Self.checksum(session, "file:///small.json")).isEmpty)
    }

    // MARK: Row 10

    /// Text after 300,000 zero-width spaces draws as it does without them (the cut before layout counted them).
    @Test func textAfterManyZeroWidthSpacesShows() throws {
        let session = try DaemonSession()
        let frame: [Double] = [0, 0, 200, 30]
        session.open("file:///hello.json", ["root": Self.label("Hello", frame: frame, lines: 1)])
        let text = String(repeating: "\u{200B}", count: 300_000) + "Hello"
        session.open(Self.uri, ["root": Self.label(text, frame: frame, lines: 1)])
        #expect(try Self.checksum(session, Self.uri) == Self.checksum(session, "file:///hello.json"))
    }

    /// Base64 label text that is not base64 gets a warning at its `<string>` element (it vanished without one).
    @Test func labelTextThatIsNotBase64IsAWarningAtItsElement() throws {
        let session = try DaemonSession()
        let lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" "#
                + #"toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc">"#,
            "    <scenes>",
            #"        <scene sceneID="scene">"#,
            "            <objects>",
            #"                <viewController id="vc" sceneMemberID="viewController">"#,
            #"                    <view key="view" contentMode="scaleToFill" id="root">"#,
            #"                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>"#,
            "                        <subviews>",
            #"                            <label id="good"><rect key="frame" x="16" y="40" width="200" height="21"/>"#,
            #"                                <string key="text" base64-UTF8="YES">SGVsbG8=</string>"#,
            "                            </label>",
            #"                            <label id="bad"><rect key="frame" x="16" y="80" width="200" height="21"/>"#,
            #"                                <string key="text" base64-UTF8="YES">not base64!</string>"#,
            "                            </label>",
            "                        </subviews>",
            "                    </view>",
            "                </viewController>",
            "            </objects>",
            "        </scene>",
            "    </scenes>",
            "</document>",
        ]
        session.open("file:///Main.storyboard", text: lines.joined(separator: "\n"), languageId: "storyboard")
        let diagnostics = try session.publishedDiagnostics()
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning["code"] == "invalid-value")
        #expect(warning["severity"] == 2)
        let line = try #require(lines.firstIndex { $0.contains("not base64!") })
        let column = try #require(lines[line].firstIndex(of: "<"))
        #expect(
            warning["range"]?["start"]
                == [
                    "line": .int(line),
                    "character": .int(lines[line].utf16.distance(from: lines[line].startIndex, to: column)),
                ])
    }
}
