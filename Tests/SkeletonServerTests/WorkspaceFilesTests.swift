import Foundation
import SkeletonGraphics
import SkeletonModel
import Testing

@testable import SkeletonServer

/// The workspace's files (`Workspace/`): which files a folder's scan finds within its limits, and the colours of
/// asset catalogues' colour sets in each of Xcode's forms.
@Suite struct WorkspaceFilesTests {
    /// A fresh folder with `files` (path → text), removed at the end of `body`.
    private func withFolder(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("skeletond-scan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try body(root.path)
    }

    @Test func theScanFindsTheAppsFilesAndSkipsWhatIsNotTheApps() throws {
        let files = [
            "App/A.swift": "a", "App/Base.lproj/Main.storyboard": "s", "App/Cell.xib": "x",
            "App/Assets.xcassets/Brand.colorset/Contents.json": "{}", "App/Assets.xcassets/Contents.json": "{}",
            "App/README.md": "r", "App/Screens/feed.skeleton.json": "{}", "App/data.json": "{}",
            "Pods/P/P.swift": "p", "Carthage/C/C.swift": "c", "build/B.swift": "b",
            "DerivedData/D.swift": "d", ".git/G.swift": "g", "App.xcodeproj/X.swift": "x", "node_modules/N.swift": "n",
        ]
        try withFolder(files) { root in
            let scan = ProjectScan(roots: [root])
            #expect(
                scan.files.map { String($0.path.dropFirst(root.count + 1)) } == [
                    "App/A.swift", "App/Assets.xcassets/Brand.colorset/Contents.json", "App/Base.lproj/Main.storyboard",
                    "App/Cell.xib", "App/Screens/feed.skeleton.json",
                ])
            #expect(scan.files.map(\.kind) == [.swift, .colorSet, .storyboard, .xib, .layout])
            #expect(scan.cut == nil && scan.summaryOfWhatWasLeftOut == nil)
        }
    }

    /// A FIFO or device put where the scan found a file (a XIB linking reads later, a watched change) is never
    /// waited on: it is unreadable at once; an over-limit file is said to be so, and a regular file is read.
    @Test func onlyRegularFilesAreReadAndNeverWaitedOn() throws {
        try withFolder(["Cell.xib": "<document/>", "Big.xib": String(repeating: "x", count: 64)]) { root in
            let fifo = root + "/Fifo.xib"
            #expect(mkfifo(fifo, 0o644) == 0)
            guard case .unreadable = WorkspaceIndex.readRegularFile(fifo, limit: 1 << 20) else {
                Issue.record("a FIFO was read")
                return
            }
            guard case .unreadable = WorkspaceIndex.readRegularFile("/dev/zero", limit: 1 << 20) else {
                Issue.record("a device was read")
                return
            }
            guard case .overLimit = WorkspaceIndex.readRegularFile(root + "/Big.xib", limit: 63) else {
                Issue.record("a file over the limit was read")
                return
            }
            guard case .bytes(let bytes) = WorkspaceIndex.readRegularFile(root + "/Cell.xib", limit: 1 << 20) else {
                Issue.record("a regular file was not read")
                return
            }
            #expect(bytes == Array("<document/>".utf8))
            let index = WorkspaceIndex()
            #expect(index.readXIB(fifo) == nil)
        }
    }

    @Test func symbolicLinkLoopsAreFollowedOnce() throws {
        try withFolder(["App/A.swift": "a"]) { root in
            try FileManager.default.createSymbolicLink(atPath: root + "/App/up", withDestinationPath: root)
            try FileManager.default.createSymbolicLink(atPath: root + "/App/self", withDestinationPath: root + "/App")
            let scan = ProjectScan(roots: [root])
            #expect(scan.files.count == 1)
            #expect(scan.entriesSeen < 20)
        }
    }

    @Test func everyLimitCutsTheScanAndSaysSo() throws {
        var files: [String: String] = [:]
        for k in 0..<10 { files["F\(k).swift"] = String(repeating: "x", count: 100) }
        files["big.swift"] = String(repeating: "y", count: 5000)
        try withFolder(files) { root in
            func limits(
                files: Int = 100, bytes: Int = 1 << 20, fileBytes: Int = 4096, entries: Int = 1000, depth: Int = 8
            )
                -> ProjectLimits
            {
                ProjectLimits(
                    maxFiles: files, maxBytes: bytes, maxFileBytes: fileBytes, maxEntries: entries, maxDepth: depth)
            }
            let all = ProjectScan(roots: [root], limits: limits())
            #expect(all.files.count == 10 && all.oversizedFiles.count == 1)
            #expect(all.summaryOfWhatWasLeftOut == "1 file(s) over 4096 bytes left out")
            let few = ProjectScan(roots: [root], limits: limits(files: 3))
            #expect(few.files.count == 3 && few.cut == .files)
            let light = ProjectScan(roots: [root], limits: limits(bytes: 450))
            #expect(light.files.count == 4 && light.bytes == 400 && light.cut == .bytes)
            let glance = ProjectScan(roots: [root], limits: limits(entries: 5))
            #expect(glance.cut == .entries && glance.entriesSeen == 6)
        }
        try withFolder(["a/b/c/d/e/F.swift": "f", "a/G.swift": "g"]) { root in
            let shallow = ProjectScan(
                roots: [root],
                limits: ProjectLimits(maxFiles: 10, maxBytes: 1000, maxFileBytes: 1000, maxEntries: 1000, maxDepth: 2))
            #expect(shallow.files.map(\.path) == [root + "/a/G.swift"])
            #expect(shallow.foldersTooDeep == 1)
        }
    }

    @Test func colourSetsInEachOfXcodesForms() throws {
        func color(_ json: String) -> SkeletonColor? { try? AssetColorSet.decode(Array(json.utf8)).get() }
        func entry(_ components: String, space: String = "srgb", dark: Bool = false, idiom: String = "universal")
            -> String
        {
            let appearance = dark ? #""appearances":[{"appearance":"luminosity","value":"dark"}],"# : ""
            return
                #"{\#(appearance)"color":{"color-space":"\#(space)","components":{\#(components)}},"idiom":"\#(idiom)"}"#
        }
        // Floats, 0-255 integers, hex bytes; light and dark.
        let set = color(
            #"{"colors":[\#(entry(#""red":"1.000","green":"0.500","blue":"0.000","alpha":"1.000""#)),"#
                + #"\#(entry(#""red":"0x00","green":"0x80","blue":"0xFF","alpha":"0.500""#, dark: true))]}"#)
        #expect(set?.light.hexRGBA == "#FF8000FF")
        #expect(set?.dark.hexRGBA == "#0080FF80")
        let integers = color(#"{"colors":[\#(entry(#""red":"255","green":"128","blue":"0","alpha":"1.000""#))]}"#)
        #expect(integers?.light.hexRGBA == "#FF8000FF" && integers?.dark == integers?.light)
        let numbers = AssetColorSet.decode(
            Array(#"{"colors":[\#(entry(#""red":0.5,"green":128,"blue":0,"alpha":1.0"#))]}"#.utf8))
        #expect((try? numbers.get())?.light.hexRGBA == "#808000FF", "\(numbers)")
        // Grey spaces; Display P3's pure red is outside sRGB: clamped after conversion.
        let grey = color(#"{"colors":[\#(entry(#""white":"0.500","alpha":"1.000""#, space: "gray-gamma-22"))]}"#)
        #expect(grey?.light.hexRGBA == "#808080FF")
        let p3 = color(
            #"{"colors":[\#(entry(#""red":"1.000","green":"0.000","blue":"0.000","alpha":"1.000""#, space: "display-p3"))]}"#
        )
        #expect(p3?.light.hexRGBA == "#FF0000FF")
        let p3Mid = color(
            #"{"colors":[\#(entry(#""red":"0.400","green":"0.400","blue":"0.400","alpha":"1.000""#, space: "display-p3"))]}"#
        )
        #expect(p3Mid?.light.hexRGBA == "#666666FF", "grey is the same in both spaces")
        // The universal idiom over the iPhone's; other idioms and high contrast are not read.
        let idioms = color(
            #"{"colors":[\#(entry(#""red":"0","green":"0","blue":"0""#, idiom: "ipad")),"#
                + #"\#(entry(#""red":"255","green":"0","blue":"0""#, idiom: "iphone")),"#
                + #"\#(entry(#""red":"0","green":"255","blue":"0""#))]}"#)
        #expect(idioms?.light.hexRGBA == "#00FF00FF")
    }

    @Test func badColourSetsSayWhy() {
        func problem(_ json: String) -> String? {
            if case .failure(let error) = AssetColorSet.decode(Array(json.utf8)) { return error.message }
            return nil
        }
        #expect(problem("not json")?.hasPrefix("not JSON") == true)
        #expect(problem(#"{"info":{}}"#) == #"no "colors" array"#)
        #expect(problem(#"{"colors":[]}"#) == "no colour for iPhone")
        #expect(
            problem(
                #"{"colors":[{"color":{"components":{"red":"0x1FF","green":"0","blue":"0"}},"idiom":"universal"}]}"#)
                == #"component "red" is not a number: "0x1FF""#)
        #expect(
            problem(#"{"colors":[{"color":{"components":{"red":"300","green":"0","blue":"0"}},"idiom":"universal"}]}"#)
                == #"component "red" is not a number: "300""#)
        #expect(
            problem(#"{"colors":[{"color":{"components":{"red":"1"}},"idiom":"universal"}]}"#)
                == #"no "green" component"#)
        #expect(problem(String(repeating: " ", count: AssetColorSet.maxBytes + 1)) == "over 65536 bytes")
    }
}
