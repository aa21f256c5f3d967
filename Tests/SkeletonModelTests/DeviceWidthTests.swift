import SkeletonModel
import Testing

/// `autoresizingMask` and `Node.resize(toWidth:)`: a scene laid out at another device width, as UIKit's autoresizing
/// lays out subviews when their superview's width changes.
@Suite("Device width")
struct DeviceWidthTests {
    static let screen = #"""
        {"root": {"type": "UIView", "frame": [0, 0, 375, 300], "children": [
          {"type": "UIView", "id": "bar", "frame": [16, 10, 343, 40], "autoresizingMask": ["flexibleWidth"], "children": [
            {"type": "UILabel", "id": "title", "frame": [8, 8, 200, 20], "autoresizingMask": ["flexibleWidth"]},
            {"type": "UIView", "id": "chevron", "frame": [311, 8, 24, 24], "autoresizingMask": ["flexibleLeftMargin"]}]},
          {"type": "UIView", "id": "avatar", "frame": [16, 60, 40, 40]},
          {"type": "UIView", "id": "badge", "frame": [300, 60, 59, 20], "autoresizingMask": ["flexibleLeftMargin", "flexibleBottomMargin"]},
          {"type": "UIView", "id": "centred", "frame": [137.5, 110, 100, 20], "autoresizingMask": ["flexibleLeftMargin", "flexibleRightMargin"]},
          {"type": "UIView", "id": "all", "frame": [75, 140, 225, 20], "autoresizingMask": ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin"]},
          {"type": "UIView", "id": "zero", "frame": [0, 170, 375, 20], "autoresizingMask": ["flexibleLeftMargin", "flexibleRightMargin"]},
          {"type": "UITableView", "id": "table", "frame": [0, 200, 375, 100], "rowHeight": 50, "autoresizingMask": ["flexibleWidth"],
           "sections": [{"rows": 2, "cell": "Row"}],
           "templates": {"Row": {"type": "UITableViewCell", "frame": [0, 0, 320, 50], "children": [
             {"type": "UILabel", "id": "name", "frame": [16, 15, 200, 20], "autoresizingMask": ["flexibleWidth"]},
             {"type": "UIView", "id": "dot", "frame": [290, 20, 10, 10], "autoresizingMask": ["flexibleLeftMargin"]}]}}}]}}
        """#

    static func frames(_ document: SkeletonDocument) -> [String: Rect] {
        Dictionary(document.root.all.map { ($0.reference, $0.frame) }, uniquingKeysWith: { first, _ in first })
    }

    /// A mask that is not an array of UIKit's option names is an error at the exact value, and the node keeps none.
    @Test(arguments: [
        (#""flexibleWidth""#, "/root/autoresizingMask", "must be an array of autoresizing option names"),
        ("{}", "/root/autoresizingMask", "must be an array of autoresizing option names"),
        ("[3]", "/root/autoresizingMask/0", "string"),
        (#"["flexibleWidth", "flexibleDepth"]"#, "/root/autoresizingMask/1", #"not "flexibleDepth""#),
    ])
    func aMaskOfAnotherFormIsAnErrorAtItsValue(value: String, pointer: String, message: String) {
        let text = #"{"root": {"type": "UIView", "frame": [0, 0, 10, 10], "autoresizingMask": "# + value + "}}"
        let errors = SkeletonDocument.decode(text: text).errors
        let error = errors.first { $0.pointer.description == pointer }
        #expect(error != nil, "\(value) gives \(errors.map(\.pointer.description))")
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }

    @Test func theMaskIsDecodedByItsUIKitNames() throws {
        let document = try decodeValid(Self.screen)
        let badge = try #require(document.root.all.first { $0.id == "badge" })
        #expect(badge.autoresizingMask == [.flexibleLeftMargin, .flexibleBottomMargin])
        #expect(badge.autoresizingMask.names == ["flexibleLeftMargin", "flexibleBottomMargin"])
        #expect(document.root.autoresizingMask == [], "none by default, as a view made in code")
    }

    @Test func badMasksAreInvalidValuesWhereTheyAre() {
        let node = { (mask: String) in
            #"{"root": {"type": "UIView", "frame": [0, 0, 10, 10], "autoresizingMask": \#(mask)}}"#
        }
        #expect(problems(node(#"["flexibleWidth", "stretchy"]"#)) == ["invalid-value /root/autoresizingMask/1"])
        #expect(problems(node(#"["flexibleWidth", 3]"#)) == ["invalid-value /root/autoresizingMask/1"])
        #expect(problems(node(#""flexibleWidth""#)) == ["invalid-value /root/autoresizingMask"])
    }

    @Test func flexibleViewsFollowTheWidthAndTheOthersKeepTheirFrames() throws {
        var document = try decodeValid(Self.screen)
        let before = Self.frames(document)
        document.root.resize(toWidth: 430)
        let after = Self.frames(document)
        #expect(after["0"] == Rect(x: 0, y: 0, width: 430, height: 300), "the root takes the width, its height stays")
        #expect(after["bar"] == Rect(x: 16, y: 10, width: 398, height: 40))
        #expect(after["title"] == Rect(x: 8, y: 8, width: 255, height: 20), "a stretched view lays out its children")
        #expect(after["chevron"] == Rect(x: 366, y: 8, width: 24, height: 24))
        #expect(after["avatar"] == before["avatar"])
        #expect(after["badge"] == Rect(x: 355, y: 60, width: 59, height: 20))
        #expect(after["centred"] == Rect(x: 165, y: 110, width: 100, height: 20), "both margins share the change")
        // Left margin 75, width 225, right margin 75: the 55 points go 11, 33 and 11.
        #expect(after["all"] == Rect(x: 86, y: 140, width: 258, height: 20))
        #expect(after["zero"] == Rect(x: 27.5, y: 170, width: 375, height: 20), "zero margins share it equally")
        #expect(after["table"]?.width == 430)
    }

    @Test func tableRowsTakeTheTablesWidthAndLayOutTheirContent() throws {
        var document = try decodeValid(Self.screen)
        document.root.resize(toWidth: 430)
        let table = try #require(document.root.children.first { $0.id == "table" })
        let rows = table.children.filter { $0.instance != nil }
        #expect(rows.count == 2)
        for row in rows {
            #expect(row.frame.x == 0 && row.frame.width == 430)
            // The row was the table's 375 points: its content follows the 55 more.
            #expect(row.children.map(\.frame.width) == [255, 10])
            #expect(row.children.map(\.frame.x) == [16, 345])
        }
    }

    @Test func narrowingNeverMakesANegativeWidthAndTheSameWidthChangesNothing() throws {
        var document = try decodeValid(Self.screen)
        let original = document
        document.root.resize(toWidth: 375)
        #expect(document == original)
        document.root.resize(toWidth: 1)
        #expect(document.root.all.allSatisfy { $0.frame.width >= 0 })
    }
}
