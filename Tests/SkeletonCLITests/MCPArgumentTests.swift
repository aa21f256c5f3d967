import Foundation
import MCP
import Testing

@testable import skeleton

/// `skeleton mcp`'s argument checks: types, bounds, choices and unknown members, each a message naming the tool and
/// the argument; and the file scope: what a `file` argument may name.
@Suite struct MCPArgumentTests {
    /// The tool error `body` throws, or nil.
    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ToolError {
            return error.message
        } catch {
            return "not a tool error: \(error)"
        }
    }

    @Test func typesBoundsAndChoicesAreChecked() throws {
        let args = try ToolArguments(
            tool: "render",
            ["file": "a.json", "scale": 9, "time": .double(.infinity), "type": "wavy", "rtl": "yes", "node": .null],
            known: ["file", "scale", "time", "type", "rtl", "node"])
        #expect(try args.string("file") == "a.json")
        #expect(try args.optionalString("node") == nil)
        #expect(message { _ = try args.number("scale", in: 1...4) } == "render: scale must be between 1 and 4, not 9")
        #expect(message { _ = try args.number("time", in: 0...600) }?.hasPrefix("render: time must be between") == true)
        #expect(
            message { _ = try args.choice("type", ["solid", "gradient"]) }
                == "render: type must be one of solid, gradient, not \"wavy\"")
        #expect(message { _ = try args.bool("rtl") } == "render: rtl must be true or false, not a string")
        #expect(message { _ = try args.string("node") } == "render: node is required")
        let long = try ToolArguments(
            tool: "tree", ["scene": .string(String(repeating: "s", count: 2000))], known: ["scene"])
        #expect(message { _ = try long.optionalString("scene") } == "tree: scene is longer than 1024 bytes")
    }

    @Test func unknownMembersAreRefused() {
        #expect(
            message { _ = try ToolArguments(tool: "lint", ["file": "a", "colour": 1], known: ["file"]) }
                == "lint: unknown argument \"colour\"; it takes file")
    }

    @Test func filesOutsideTheProjectOrNotLayoutsAreRefused() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-scope-\(UUID().uuidString)")
        let app = root.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["app/a.json", "app/notes.txt", "outside.json"] {
            try "{}".write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("link.json").path,
            withDestinationPath: root.appendingPathComponent("outside.json").path)
        let scope = try FileScope(files: [], project: app.path, code: [])
        let resolved = try scope.resolve("a.json")
        #expect(resolved.shown == "a.json")
        #expect(try scope.resolve("../app/./a.json").path == resolved.path)
        for refused in ["../outside.json", "link.json", root.appendingPathComponent("outside.json").path] {
            #expect(
                message { _ = try scope.resolve(refused) }?.contains("is outside what this server may read") == true)
        }
        #expect(message { _ = try scope.resolve("notes.txt") }?.hasPrefix("notes.txt is not a layout") == true)
        #expect(message { _ = try scope.resolve("gone.json") } == "cannot read gone.json: No such file or directory")
    }
}
