import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The workspace as the app (issue #26), through the real binary: the folders `initialize` names are read from
/// disk, so a storyboard opened alone links with Swift files that were never opened; watched-file changes keep the
/// index current; an open buffer overrides its file; the limits hold; the client sees work done progress and the
/// watchers' registration when it can.
@Suite struct WorkspaceEndToEndTests {
    typealias Example = SwiftCodeEndToEndTests

    /// SkeletonView's CollectionView example as an app in a fresh folder (removed by `remove`), with Swift files the
    /// scan must skip (`Pods/`, `.build/`): declared first in uri order, they would win if read.
    struct App {
        let folder: URL
        var uri: String { folder.standardizedFileURL.absoluteString }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        func uri(_ name: String) -> String { URL(fileURLWithPath: path(name)).standardizedFileURL.absoluteString }
        var storyboard: String { uri("App/Main.storyboard") }
        var collection: JSON { ["uri": .string(storyboard), "node": "HKL-L0-T2w"] }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("skeletond-ws-\(UUID().uuidString)")
            let fm = FileManager.default
            for sub in ["App", "Pods/Lib", ".build/x", "App/Assets.xcassets/Brand.colorset"] {
                try fm.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
            try Example.fixture("interface-builder/CollectionView-Main.storyboard").write(
                toFile: path("App/Main.storyboard"), atomically: true, encoding: .utf8)
            try Example.fixture("swift-code/CollectionView-ViewController.swift").write(
                toFile: path("App/ViewController.swift"), atomically: true, encoding: .utf8)
            try Example.fixture("swift-code/CollectionView-CollectionViewCell.swift").write(
                toFile: path("App/CollectionViewCell.swift"), atomically: true, encoding: .utf8)
            let wrong = "class ViewController: UIViewController {}\n"
            try wrong.write(toFile: path("Pods/Lib/A.swift"), atomically: true, encoding: .utf8)
            try wrong.write(toFile: path(".build/x/A.swift"), atomically: true, encoding: .utf8)
            try
                #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"1.000","green":"0.000","blue":"0.000","alpha":"1.000"}},"idiom":"universal"},{"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"0","green":"0","blue":"255","alpha":"1.000"}},"idiom":"universal"}]}"#
                .write(
                    toFile: path("App/Assets.xcassets/Brand.colorset/Contents.json"), atomically: true, encoding: .utf8)
            // A link back to the top: followed once, not forever.
            try fm.createSymbolicLink(atPath: path("App/loop"), withDestinationPath: folder.path)
        }

        /// Sets the number of cells the view controller's data source answers, on disk.
        func setCellCount(_ count: Int) throws {
            let text = try Example.fixture("swift-code/CollectionView-ViewController.swift")
                .replacingOccurrences(of: "return 10", with: "return \(count)")
            try text.write(toFile: path("App/ViewController.swift"), atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// A daemon whose workspace is `app`, with the client capabilities given.
    static func session(_ app: App, capabilities: JSON = [:], options: JSONObject = [:]) throws -> DaemonSession {
        var initializationOptions: JSONObject = ["clock": "manual"]
        for (key, value) in options { initializationOptions[key] = value }
        return try DaemonSession(
            initializationOptions: .object(initializationOptions),
            initialize: [
                "capabilities": capabilities, "rootUri": .string(app.uri),
                "workspaceFolders": [["uri": .string(app.uri), "name": "app"]],
            ])
    }

    /// The cells of the collection view once shown (the data source's count), after a hide.
    /// The collection's skeletonable cells (the tree lists skeletonable children): all but the first, which the
    /// code's `prepareCellForSkeleton` makes not skeletonable (`indexPath.row != 0`).
    static func cells(_ s: DaemonSession, _ app: App) throws -> Int {
        try s.call("skeleton/hide", ["uri": .string(app.storyboard), "transition": "none"])
        let shown = try s.call("skeleton/show", app.collection)
        guard shown["outcome"]?.stringValue == "shown" else { return -1 }
        let described = try s.call("skeleton/treeDescription", app.collection)
        return described["tree"]?["children"]?.arrayValue?.count ?? 0
    }

    @Test func aStoryboardOpenedAloneLinksWithTheWorkspacesCode() throws {
        let app = try App()
        defer { app.remove() }
        let s = try Self.session(
            app,
            capabilities: [
                "window": ["workDoneProgress": true],
                "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]],
            ])
        defer { s.close() }
        // The registration of the watchers, then the progress: created, begun, ended.
        var requests: [JSON] = []
        var progress: [JSON] = []
        while progress.last?["value"]?["kind"]?.stringValue != "end" {
            let message = try s.client.receive(timeout: 30)
            if let id = message["id"], let method = message["method"]?.stringValue {
                requests.append(message)
                s.client.send(["jsonrpc": "2.0", "id": id, "result": .null])
                _ = method
            } else if message["method"]?.stringValue == "$/progress" {
                progress.append(message["params"] ?? .null)
            } else {
                s.client.notifications.append(message)
            }
        }
        #expect(
            requests.map { $0["method"]?.stringValue } == [
                "client/registerCapability", "window/workDoneProgress/create",
            ])
        let registration = requests.first?["params"]?["registrations"]?[0]
        #expect(registration?["method"] == "workspace/didChangeWatchedFiles")
        #expect(
            registration?["registerOptions"]?["watchers"]?.arrayValue?.compactMap { $0["globPattern"]?.stringValue }
                == [
                    "**/*.swift", "**/*.storyboard", "**/*.xib", "**/*.skeleton.json", "**/*.colorset/Contents.json",
                ])
        let token = requests.last?["params"]?["token"]
        #expect(progress.allSatisfy { $0["token"] == token })
        #expect(progress.first?["value"]?["kind"] == "begin")
        #expect(progress.last?["value"]?["message"]?.stringValue?.hasPrefix("2 Swift files, 1 storyboards") == true)

        let workspace = try s.call("skeleton/workspace", [:])
        #expect(workspace["phase"] == "ready")
        #expect(
            workspace["swiftFiles"] == [
                .string(app.uri("App/CollectionViewCell.swift")), .string(app.uri("App/ViewController.swift")),
            ])
        #expect(workspace["interfaceBuilderFiles"] == [.string(app.storyboard)])
        #expect(workspace["colors"] == ["Brand": ["light": "#FF0000FF", "dark": "#0000FFFF"]])
        #expect(workspace["reads"] == 4)

        // Only the storyboard is open: the code on disk makes the collection skeletonable, with its 10 cells.
        Example.open(
            s, app.storyboard, languageId: "storyboard",
            text: try Example.fixture("interface-builder/CollectionView-Main.storyboard"))
        #expect(try Self.cells(s, app) == 9)
        #expect(try s.call("skeleton/scenes", ["uri": .string(app.storyboard)])[0]?["class"] == "ViewController")

        // The file changes on disk and the client says so: linked again (skeleton/workspace answers after the
        // change is read, which queued the storyboard's analysis first).
        try app.setCellCount(4)
        s.client.notify(
            "workspace/didChangeWatchedFiles",
            ["changes": [["uri": .string(app.uri("App/ViewController.swift")), "type": 2]]])
        #expect(try s.call("skeleton/workspace", [:])["reads"] == 5)
        #expect(try Self.cells(s, app) == 3)

        // An open buffer overrides its file, and closing it gives the file back.
        let controller = app.uri("App/ViewController.swift")
        let buffer = try Example.fixture("swift-code/CollectionView-ViewController.swift")
            .replacingOccurrences(of: "return 10", with: "return 7")
        Example.open(s, controller, languageId: "swift", text: buffer)
        _ = try Example.diagnostics(s, controller, version: 1)
        #expect(try Self.cells(s, app) == 6)
        s.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(controller)]])
        _ = try Example.diagnostics(s, controller)
        #expect(try Self.cells(s, app) == 3)

        // Deleted: the class is gone, the storyboard is alone again.
        try FileManager.default.removeItem(atPath: app.path("App/ViewController.swift"))
        s.client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(controller), "type": 3]]])
        #expect(try s.call("skeleton/workspace", [:])["swiftFiles"]?.arrayValue?.count == 1)
        #expect(try Self.cells(s, app) == -1, "not skeletonable without the controller's code")
    }

    /// A client that cannot create progress or register watchers gets neither; the index is read all the same.
    @Test func withoutTheCapabilitiesNoProgressAndNoRegistration() throws {
        let app = try App()
        defer { app.remove() }
        let s = try Self.session(app)
        defer { s.close() }
        let workspace = try s.call("skeleton/workspace", [:])
        #expect(workspace["swiftFiles"]?.arrayValue?.count == 2)
        #expect(
            s.client.notifications.allSatisfy { $0["method"]?.stringValue != "$/progress" && $0["id"] == nil },
            "\(s.client.notifications)")
        #expect(try s.client.drain(for: 0.2).isEmpty)
    }

    /// A colour set changed on disk is read again; a change outside the workspace (or in a folder the scan skips)
    /// reads nothing; a malformed change is refused whole (logged) and the daemon goes on serving.
    @Test func watchedChangesReadWhatIsTheAppsAndNothingElse() throws {
        let app = try App()
        defer { app.remove() }
        let s = try Self.session(app)
        defer { s.close() }
        #expect(try s.call("skeleton/workspace", [:])["reads"] == 4)
        let colorSet = app.path("App/Assets.xcassets/Brand.colorset/Contents.json")
        try #"{"colors":[{"color":{"components":{"red":"0","green":"128","blue":"0"}},"idiom":"universal"}]}"#
            .write(toFile: colorSet, atomically: true, encoding: .utf8)
        let outside = URL(fileURLWithPath: "/tmp/elsewhere/A.swift").absoluteString
        s.client.notify(
            "workspace/didChangeWatchedFiles",
            [
                "changes": [
                    ["uri": .string(app.uri("App/Assets.xcassets/Brand.colorset/Contents.json")), "type": 2],
                    ["uri": .string(outside), "type": 1], ["uri": .string(app.uri("Pods/Lib/A.swift")), "type": 2],
                ]
            ])
        let after = try s.call("skeleton/workspace", [:])
        #expect(after["reads"] == 5, "only the colour set: \(after)")
        #expect(after["colors"] == ["Brand": ["light": "#008000FF", "dark": "#008000FF"]])
        s.client.notify(
            "workspace/didChangeWatchedFiles",
            ["changes": [["uri": .string(app.uri("App/ViewController.swift")), "type": 2], ["uri": "x", "type": 7]]])
        s.client.notify("workspace/didChangeWatchedFiles", ["changes": "all"])
        #expect(try s.call("skeleton/workspace", [:])["reads"] == 5, "refused whole")
    }

    @Test func theLimitsHoldAndSayWhatWasLeftOut() throws {
        let app = try App()
        defer { app.remove() }
        let s = try Self.session(app, options: ["workspace": ["maxFiles": 2]])
        defer { s.close() }
        let workspace = try s.call("skeleton/workspace", [:])
        let held =
            (workspace["swiftFiles"]?.arrayValue?.count ?? 0)
            + (workspace["interfaceBuilderFiles"]?.arrayValue?.count ?? 0)
            + (workspace["colors"]?.objectValue?.count ?? 0)
        #expect(held == 2, "\(workspace)")
        #expect(workspace["leftOut"]?.stringValue == "stopped at 2 files", "\(workspace)")
        #expect(workspace["limits"] == ["maxFiles": 2, "maxBytes": .int(64 << 20)])

        let bytes = try Self.session(app, options: ["workspace": ["maxBytes": 1000]])
        defer { bytes.close() }
        let small = try bytes.call("skeleton/workspace", [:])
        #expect((small["bytes"]?.intValue ?? .max) <= 1000, "\(small)")
        #expect(small["leftOut"]?.stringValue == "stopped at 1000 bytes of files", "\(small)")
    }

    @Test func badWorkspaceParamsAreRefusedByName() throws {
        let app = try App()
        defer { app.remove() }
        for (options, pointer) in [
            (["workspace": ["maxFiles": 0]] as JSONObject, "/params/initializationOptions/workspace/maxFiles"),
            (["workspace": ["maxBytes": .int(1 << 40)]], "/params/initializationOptions/workspace/maxBytes"),
            (["workspace": ["maxSyntaxTreeBytes": 0]], "/params/initializationOptions/workspace/maxSyntaxTreeBytes"),
            (
                ["workspace": ["maxSyntaxTreeBytes": .int(1 << 40)]],
                "/params/initializationOptions/workspace/maxSyntaxTreeBytes"
            ),
        ] {
            let daemon = try DaemonProcess()
            defer { daemon.client.closeInput() }
            var initializationOptions: JSONObject = ["clock": "manual"]
            for (key, value) in options { initializationOptions[key] = value }
            let answer = try daemon.client.request(
                "initialize",
                [
                    "capabilities": [:], "initializationOptions": .object(initializationOptions),
                    "rootUri": .string(app.uri),
                ])
            #expect(answer["error"]?["code"] == -32602, "\(answer)")
            #expect(answer["error"]?["data"]?["pointer"]?.stringValue == pointer, "\(answer)")
        }
        let daemon = try DaemonProcess()
        defer { daemon.client.closeInput() }
        let folders = JSON.array(Array(repeating: ["uri": .string(app.uri), "name": "x"], count: 65))
        let answer = try daemon.client.request("initialize", ["capabilities": [:], "workspaceFolders": folders])
        #expect(answer["error"]?["data"]?["pointer"]?.stringValue == "/params/workspaceFolders", "\(answer)")
    }
}
