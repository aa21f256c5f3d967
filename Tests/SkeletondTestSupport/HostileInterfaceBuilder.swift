/// Interface Builder files that once cost far more than their size (issue #25, rows 3, 6, 8 and 9), for the unit
/// tests of the reader and the end-to-end tests of the daemon alike.
package enum HostileInterfaceBuilder {
    /// A storyboard of `scenes` view controllers `v0`…: each one's view holds `fanOut` container views that all embed
    /// the next controller; the last holds a label. Scene `k` shows `fanOut^(scenes-1-k)` labels, so a few kilobytes
    /// describe millions of views (15 KB: `scenes: 6, fanOut: 10`).
    package static func embeddingBlowUp(scenes: Int, fanOut: Int) -> String {
        var body = ""
        for k in 0..<scenes {
            var subviews = ""
            if k + 1 < scenes {
                for c in 0..<fanOut {
                    subviews += """
                        <containerView id="c\(k)-\(c)"><rect key="frame" x="0.0" y="\(c)" width="10" height="1"/>\
                        <connections><segue destination="v\(k + 1)" kind="embed" id="s\(k)-\(c)"/></connections>\
                        </containerView>

                        """
                }
            } else {
                subviews =
                    "<label id=\"l\" text=\"x\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"5\" height=\"1\"/></label>\n"
            }
            body += """
                <scene sceneID="sc\(k)"><objects><viewController id="v\(k)" sceneMemberID="viewController">
                <view key="view" id="r\(k)"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/><subviews>
                \(subviews)</subviews></view></viewController></objects></scene>

                """
        }
        return storyboard(body)
    }

    /// A XIB with `count` top-level views (`v0`…), each its own scene.
    package static func topLevelViews(_ count: Int) -> String {
        var objects = ""
        objects.reserveCapacity(count * 96)
        for k in 0..<count {
            objects +=
                "<view id=\"v\(k)\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"10\" height=\"10\"/></view>\n"
        }
        return xib(objects)
    }

    /// A XIB whose one top-level view has `count` attributes besides its id (`a0="0"`…).
    package static func manyAttributes(_ count: Int) -> String {
        var attributes = ""
        attributes.reserveCapacity(count * 10)
        for k in 0..<count { attributes += " a\(k)=\"0\"" }
        return xib(
            "<view id=\"v\"\(attributes)><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"10\" height=\"10\"/></view>\n")
    }

    /// A storyboard of one scene (`vc`, a label `l`) with at least `bytes` bytes of XML comments after it.
    package static func padded(toAtLeast bytes: Int) -> String {
        let comment = "<!-- " + String(repeating: "padding ", count: 120) + "-->\n"
        let scene = """
            <scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">
            <view key="view" id="root"><rect key="frame" x="0.0" y="0.0" width="100" height="100"/><subviews>
            <label id="l" text="x"><rect key="frame" x="0.0" y="0.0" width="50" height="20"/></label>
            </subviews></view></viewController></objects></scene>

            """
        return storyboard(scene + String(repeating: comment, count: bytes / comment.utf8.count + 1))
    }

    /// `<document>` of a storyboard around `scenes` (the XML of `<scene>` elements).
    package static func storyboard(_ scenes: String, declaration: String = "encoding=\"UTF-8\"") -> String {
        """
        <?xml version="1.0" \(declaration)?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
        <scenes>
        \(scenes)</scenes>
        </document>

        """
    }

    /// `<document>` of a XIB around `objects` (the XML of top-level objects).
    package static func xib(_ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
        <objects>
        \(objects)</objects>
        </document>

        """
    }
}
