import InterfaceBuilder
import SkeletonModel
import Testing

/// `RecentFiles`: the same bytes parsed again give the same file, its scenes' decodings kept, within its bounds.
@Suite struct RecentFilesTests {
    /// A storyboard of one scene with `views` labels, made distinct by `tag`.
    static func storyboard(_ tag: Int, views: Int = 1) -> [UInt8] {
        let labels = (0..<views).map {
            #"<label text="L" id="l\#($0)"><rect key="frame" x="0" y="0" width="10" height="10"/></label>"#
        }.joined()
        return Array(
            #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
            <scenes><scene sceneID="s\#(tag)"><objects><viewController id="vc" sceneMemberID="viewController">
            <view key="view" id="root"><rect key="frame" x="0" y="0" width="320" height="480"/>
            <subviews>\#(labels)</subviews></view></viewController></objects></scene></scenes></document>
            """#.utf8)
    }

    /// Parses and decodes `bytes`; the work its scene cost so far.
    static func decode(_ bytes: [UInt8], _ recent: RecentFiles, limits: DocumentLimits = .default) -> SceneWork {
        let result = InterfaceBuilderDocument.decode(bytes: bytes, limits: limits, recent: recent)
        return result.file.work()
    }

    static let once = SceneWork(mapped: 1, decoded: 1)

    @Test func theSameBytesDecodeOnce() {
        let recent = RecentFiles()
        #expect(Self.decode(Self.storyboard(1), recent) == Self.once)
        #expect(Self.decode(Self.storyboard(1), recent) == Self.once)
        // Other limits: another file.
        var limits = DocumentLimits()
        limits.maxNodes = 50
        #expect(Self.decode(Self.storyboard(1), recent, limits: limits) == Self.once)
        #expect(Self.decode(Self.storyboard(1), recent, limits: limits) == Self.once)
    }

    @Test func aFileOverTheSizeLimitIsParsedEveryTime() {
        let recent = RecentFiles(maxFileBytes: 100)
        #expect(Self.decode(Self.storyboard(1), recent) == Self.once)
        let again = InterfaceBuilderFile.parse(bytes: Self.storyboard(1), recent: recent)
        #expect(again.work() == SceneWork())
    }

    @Test func theLeastRecentlyUsedGoFirst() {
        let recent = RecentFiles(maxFiles: 3)
        for tag in 1...3 { _ = Self.decode(Self.storyboard(tag), recent) }
        // 1 used again: 2 is now the least recently used, and goes when 4 comes.
        #expect(Self.decode(Self.storyboard(1), recent) == Self.once)
        _ = Self.decode(Self.storyboard(4), recent)
        #expect(InterfaceBuilderFile.parse(bytes: Self.storyboard(1), recent: recent).work() == Self.once)
        #expect(InterfaceBuilderFile.parse(bytes: Self.storyboard(2), recent: recent).work() == SceneWork())
    }

    @Test func keptDocumentsAreBoundedByTheirNodes() {
        // Each file's document holds 1 + 30 nodes: two fit in 70 past the newest, three do not.
        let recent = RecentFiles(maxNodes: 70)
        for tag in 1...4 { _ = Self.decode(Self.storyboard(tag, views: 30), recent) }
        for tag in 2...4 {
            #expect(
                InterfaceBuilderFile.parse(bytes: Self.storyboard(tag, views: 30), recent: recent).work() == Self.once)
        }
        #expect(InterfaceBuilderFile.parse(bytes: Self.storyboard(1, views: 30), recent: recent).work() == SceneWork())
    }
}
