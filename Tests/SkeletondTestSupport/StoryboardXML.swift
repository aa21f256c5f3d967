/// A view element of a test storyboard (`<view>`, `<label>`, `<imageView>`…): its id, its frame, its boolean runtime
/// attributes and the views inside it.
package struct StoryboardView: Sendable {
    /// A frame in points, as the `<rect key="frame">` element writes it.
    package typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    /// The element's name: `view`, `label`, `imageView`…
    package var element: String
    package var id: String
    /// The start tag's other attributes, written in this order before the id (`text`, `contentMode`…).
    package var attributes: KeyValuePairs<String, String>
    package var frame: Frame
    /// Whether the view sets `isSkeletonable` to YES.
    package var skeletonable: Bool
    /// The key paths of the other boolean runtime attributes it sets to YES (`isHiddenWhenSkeletonIsActive`…).
    package var flags: [String]
    package var subviews: [StoryboardView]

    package init(
        _ element: String = "view", id: String, _ attributes: KeyValuePairs<String, String> = [:], frame: Frame,
        skeletonable: Bool = false, flags: [String] = [], subviews: [StoryboardView] = []
    ) {
        self.element = element
        self.id = id
        self.attributes = attributes
        self.frame = frame
        self.skeletonable = skeletonable
        self.flags = flags
        self.subviews = subviews
    }

    /// A plain `<view>` (`contentMode="scaleToFill"`, as Xcode writes it).
    package static func view(
        _ id: String, frame: Frame, skeletonable: Bool = false, subviews: [StoryboardView] = []
    ) -> StoryboardView {
        StoryboardView(
            id: id, ["contentMode": "scaleToFill"], frame: frame, skeletonable: skeletonable, subviews: subviews)
    }

    /// A `<label>` showing `text`, with `numberOfLines` when given (one line when not).
    package static func label(
        _ id: String, text: String, numberOfLines: Int? = nil, frame: Frame, skeletonable: Bool = false
    ) -> StoryboardView {
        let attributes: KeyValuePairs<String, String> =
            if let numberOfLines { ["text": text, "numberOfLines": "\(numberOfLines)"] } else { ["text": text] }
        return StoryboardView("label", id: id, attributes, frame: frame, skeletonable: skeletonable)
    }

    /// The element's lines, indented by `depth` levels; `key` (the root view's `view`) goes first in the start tag.
    func lines(depth: Int, key: String? = nil) -> [String] {
        let pad = String(repeating: "    ", count: depth)
        let attributes = (key.map { [("key", $0)] } ?? []) + attributes.map { ($0.key, $0.value) } + [("id", id)]
        var out = [pad + "<\(element) " + attributes.map { "\($0)=\"\($1)\"" }.joined(separator: " ") + ">"]
        let (x, y, width, height) = frame
        out.append(pad + #"    <rect key="frame" x="\#(x)" y="\#(y)" width="\#(width)" height="\#(height)"/>"#)
        if !subviews.isEmpty {
            out.append(pad + "    <subviews>")
            out += subviews.flatMap { $0.lines(depth: depth + 2) }
            out.append(pad + "    </subviews>")
        }
        let keyPaths = (skeletonable ? ["isSkeletonable"] : []) + flags
        if !keyPaths.isEmpty {
            out.append(pad + "    <userDefinedRuntimeAttributes>")
            for keyPath in keyPaths {
                out.append(
                    pad + #"        <userDefinedRuntimeAttribute type="boolean" keyPath="\#(keyPath)" value="YES"/>"#)
            }
            out.append(pad + "    </userDefinedRuntimeAttributes>")
        }
        out.append(pad + "</\(element)>")
        return out
    }
}

/// A scene of a test storyboard: a view controller whose root view fills an iPhone 8 screen (375 × 667 points).
package struct StoryboardScene: Sendable {
    /// The scene element's `sceneID`.
    package var id: String
    /// The view controller's id: the scene's id for the daemon and for `InterfaceBuilderFile`.
    package var controller: String
    package var root: StoryboardView

    /// A scene whose root view `root` (`contentMode="scaleToFill"`) holds `subviews`.
    package init(id: String, controller: String, root: String, skeletonable: Bool = false, subviews: [StoryboardView]) {
        self.id = id
        self.controller = controller
        self.root = .view(root, frame: (0, 0, 375, 667), skeletonable: skeletonable, subviews: subviews)
    }

    /// The scene's lines, indented by `depth` levels.
    func lines(depth: Int) -> [String] {
        let pad = String(repeating: "    ", count: depth)
        return [
            pad + #"<scene sceneID="\#(id)">"#,
            pad + "    <objects>",
            pad + #"        <viewController id="\#(controller)" sceneMemberID="viewController">"#,
        ] + root.lines(depth: depth + 3, key: "view") + [
            pad + "        </viewController>",
            pad + "    </objects>",
            pad + "</scene>",
        ]
    }
}

/// The text of an iOS storyboard built from scenes (the first one's view controller initial), one element a line
/// as Xcode writes them, and where its elements start: for tests that need Interface Builder text.
package struct StoryboardXML: Sendable {
    package let text: String

    package init(_ scenes: [StoryboardScene]) {
        let initial = scenes.first.map { #" initialViewController="\#($0.controller)""# } ?? ""
        let lines =
            [
                #"<?xml version="1.0" encoding="UTF-8"?>"#,
                #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" "#
                    + #"toolsVersion="21701" targetRuntime="iOS.CocoaTouch"\#(initial)>"#,
                "    <scenes>",
            ] + scenes.flatMap { $0.lines(depth: 2) } + ["    </scenes>", "</document>"]
        text = lines.joined(separator: "\n")
    }

    /// The text's lines.
    package var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// Where the element with `id` starts, as an LSP position: the first line holding `id="…"` (0-based) and the
    /// UTF-16 column of the `<` on it; nil when no line holds it.
    package func start(ofElement id: String) -> (line: Int, character: Int)? {
        let lines = lines
        guard let line = lines.firstIndex(where: { $0.contains(#"id="\#(id)""#) }),
            let open = lines[line].firstIndex(of: "<")
        else { return nil }
        return (line, lines[line].utf16.distance(from: lines[line].startIndex, to: open))
    }
}
