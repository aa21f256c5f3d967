import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Every example with its content, pinned by CRC-32 (`preview/render`'s `crc32` encoding) before a show and through
/// the show's cross-dissolve; right-to-left Arabic and Hebrew, truncation and Interface Builder texts. Pinned to the
/// fonts `scripts/bootstrap` installs (`Protocol/content.md`): with other versions the text's pixels differ.
@Suite("Content goldens")
struct ContentGoldenTests {
    typealias D = DaemonSession

    /// The Debian packages the pins were made with.
    static let fontPackages = [
        "fonts-inter": "4.0~beta7+ds-1", "fonts-noto-core": "20201225-1", "fonts-noto-cjk": "1:20220127+repack1-1",
    ]

    /// The installed version of a Debian package (nil when dpkg does not know it).
    static func installedVersion(_ package: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        process.arguments = ["-W", "-f=${Version}", package]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    @Test func theFontsAreTheOnesThePinsWereMadeWith() {
        for (package, version) in Self.fontPackages {
            #expect(Self.installedVersion(package) == version, "\(package): run scripts/bootstrap")
        }
    }

    /// CRC-32s of one document at scale 2: before any show, then 0, 1/16, 1/8 and 1/4 s into a cross-dissolved
    /// (0.25 s) gradient show.
    static func checksums(_ uri: String, text: String, languageId: String) throws -> [String] {
        let s = try D()
        defer { s.close() }
        s.open(uri, text: text, languageId: languageId)
        func render() throws -> String {
            try s.call("preview/render", ["uri": .string(uri), "encoding": "crc32", "scale": 2])["checksum"]?
                .stringValue ?? "none"
        }
        var out = [try render()]
        try s.call("skeleton/show", ["uri": .string(uri), "type": "gradient", "assumeSkeletonable": true])
        for t in [0.0, 0.0625, 0.125, 0.25] {
            try s.advance(to: t)
            out.append(try render())
        }
        return out
    }

    static func example(_ name: String) throws -> String {
        try String(contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
    }

    static let pins: [String: [String]] = [
        "profile-card.skeleton.json": ["a248f535", "a248f535", "c9dd1965", "dc257db1", "239173e7"],
        "feed.skeleton.json": ["095d1970", "095d1970", "2fb1b357", "663cdc36", "59c3da63"],
        "grid.skeleton.json": ["81bfaebe", "81bfaebe", "92612b9e", "c7018bff", "ccd9ad22"],
        "profile-card.xib": ["69b89940", "69b89940", "69fca948", "f0d08c38", "c2c0f7ec"],
        "screens.storyboard": ["fb209029", "fb209029", "c656e99c", "b0684364", "92fe3525"],
    ]

    @Test(arguments: [
        "profile-card.skeleton.json", "feed.skeleton.json", "grid.skeleton.json", "profile-card.xib",
        "screens.storyboard",
    ])
    func examples(name: String) throws {
        let languageId = name.hasSuffix(".json") ? "json" : "xml"
        let sums = try Self.checksums("file:///\(name)", text: try Self.example(name), languageId: languageId)
        #expect(sums == Self.pins[name])
        // The content frame differs from every frame of the dissolve but its start, and the dissolve moves.
        #expect(sums[0] == sums[1] && Set(sums[1...]).count == 4)
    }

    /// Right-to-left paragraphs (Arabic joined, Hebrew), a left-to-right view with an RTL paragraph, a label cut
    /// with "…", a justified paragraph and CJK wrapping, in light and dark.
    static func scripts(scheme: String) -> JSON {
        let labels: [(String, JSONObject)] = [
            ("arabic", ["text": "مرحبا بالعالم، هذا نص تجريبي طويل", "numberOfLines": 2, "layoutDirection": "rtl"]),
            ("hebrew", ["text": "שלום עולם, זהו טקסט לדוגמה", "textAlignment": "natural"]),
            ("mixed", ["text": "SkeletonView شاشة 2024", "textAlignment": "center"]),
            ("cut", ["text": "A sentence far too long to fit on one line of this label", "numberOfLines": 1]),
            (
                "justified",
                [
                    "text": "Justified text spreads its spaces so that every line but the last fills the width.",
                    "numberOfLines": 0, "textAlignment": "justified",
                ]
            ),
            ("cjk", ["text": "骨架屏在内容加载时显示占位符。日本語のテキストも折り返します。", "numberOfLines": 0]),
        ]
        let children = labels.enumerated().map { k, label in
            var extra = label.1
            extra["font"] = ["size": 15]
            let height = label.0 == "justified" || label.0 == "cjk" ? 60.0 : 36.0
            return D.node("UILabel", label.0, frame: [10, 10 + Double(k) * 64, 220, height], extra)
        }
        return [
            "colorScheme": .string(scheme),
            "root": D.node(
                "UIView", frame: [0, 0, 240, 400], ["backgroundColor": ["light": "#FFFFFF", "dark": "#000000"]],
                children: children),
        ]
    }

    @Test(arguments: [
        ("light", ["137772c1", "137772c1", "ab049652", "55f6376e", "afb1696b"]),
        ("dark", ["853a3083", "853a3083", "1942d691", "235dd3b3", "ce2f45ee"]),
    ])
    func scriptsDirectionsAndTruncation(scheme: String, pins: [String]) throws {
        let sums = try Self.checksums(
            "file:///scripts.skeleton.json", text: Self.scripts(scheme: scheme).text, languageId: "json")
        #expect(sums == pins)
    }
}
