import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `lines-do-not-fit` through the real binary: bounded however many labels a document has, and following edits.
@Suite struct TextLineWarningEndToEndTests {
    static let uri = "file:///labels.skeleton.json"

    static func document(labels: Int, height: Int) -> String {
        let children = (0..<labels).map {
            #"{"type": "UILabel", "frame": [0, \#($0 * 20), 100, \#(height)], "isSkeletonable": true, "numberOfLines": 0}"#
        }
        return #"{"root": {"type": "UIView", "frame": [0, 0, 320, 16000], "isSkeletonable": true, "children": ["#
            + children.joined(separator: ",\n") + "]}}"
    }

    @Test func aThousandLowLabelsGiveTwoHundredWarnings() throws {
        let s = try DaemonSession()
        defer { s.close() }
        s.open(Self.uri, text: Self.document(labels: 1_000, height: 10))
        let diagnostics = try s.notification("textDocument/publishDiagnostics")["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.count == 200)
        #expect(diagnostics.allSatisfy { $0["code"] == "lines-do-not-fit" })
        // The document still shows: every label a block.
        _ = try s.call("skeleton/show", ["uri": .string(Self.uri), "transition": "none"])
        #expect(try s.call("skeleton/isActive", ["uri": .string(Self.uri)]) == true)
        // Tall enough, they say nothing.
        s.replace(Self.uri, text: Self.document(labels: 1_000, height: 40), version: 2)
        #expect(try s.notification("textDocument/publishDiagnostics")["diagnostics"]?.arrayValue?.isEmpty == true)
    }
}
