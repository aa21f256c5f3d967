import JSON
import SkeletonProtocol

extension SnapshotSession {
    /// A fingerprint of the fonts the daemon draws text with: a probe document with a line in each script its fonts
    /// cover (Latin in the system font's weights, Arabic, Hebrew, CJK and symbols only the last resort has), drawn as
    /// content at scale 2 and hashed (FNV-1a, 64 bits, of the RGBA bytes). Another font file, version or rasteriser
    /// changes it, so `verify` can say so before it lists pixel differences.
    func fontFingerprint() throws(CLIError) -> String {
        let lines = [
            ("Hamburgefonstiv 0123 Ag", "regular"), ("Hamburgefonstiv 0123 Ag", "semibold"),
            ("Hamburgefonstiv 0123 Ag", "bold"), ("مرحبا بالعالم", "regular"), ("שלום עולם", "regular"),
            ("日本語のテキスト", "regular"), ("☂ ∮ ⌘ ♞", "regular"),
        ]
        let labels: [JSON] = lines.enumerated().map { index, line in
            [
                "type": "UILabel", "frame": [8, .int(8 + index * 28), 304, 24], "text": .string(line.0),
                "font": ["size": 17, "weight": .string(line.1)],
            ]
        }
        let text: JSON = [
            "root": [
                "type": "UIView", "frame": [0, 0, 320, 212], "backgroundColor": "#FFFFFF", "children": .array(labels),
            ]
        ]
        let probe = SourceDocument(
            path: "font-probe.json", uri: "file:///skeleton-snapshot/font-probe.json", text: text.text)
        let found = try daemon.open(probe)
        guard !found.contains(where: \.isError) else {
            throw .daemon("skeletond refused the font probe: \(found.map(\.message).joined(separator: "; "))")
        }
        let image = try daemon.renderImage(probe, scale: 2)
        daemon.notify(DidCloseTextDocument.self, .init(textDocument: TextDocumentIdentifier(uri: probe.uri)))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in image.bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "fnv1a64:" + String(hash, radix: 16)
    }
}
