import Foundation
import JSON
import SkeletondTestSupport

extension AppCorpus {
    /// What the real `skeleton` CLI (and the daemon it starts) draws on a screen with the show its code makes.
    enum Observation: Equatable {
        /// The CLI failed (its status and last line of stderr).
        case failed(status: Int32, message: String)
        /// Nothing is drawn: no `block` or `line` layer.
        case blank
        case drawn(Expectation)

        /// Why this is not `expect`, or nil when it is what SkeletonView shows.
        func mismatch(with expect: Expectation) -> String? {
            switch self {
            case .failed(let status, let message):
                return "the CLI exited with \(status): \(message)"
            case .blank:
                return expect.drawn ? "nothing is drawn" : nil
            case .drawn(let seen):
                guard expect.drawn else { return "a skeleton is drawn where SkeletonView draws none" }
                var why: [String] = []
                if seen.type != expect.type { why.append("type \(seen.type ?? "mixed"), not \(expect.type ?? "?")") }
                if seen.animated != expect.animated { why.append("animated \(seen.animated ?? false)") }
                if let color = expect.color, seen.color != color { why.append("colour \(seen.color ?? "none")") }
                if seen.holders != expect.holders { why.append("holders \(sorted(seen.holders))") }
                for id in Set(expect.lists.keys).union(seen.lists.keys).sorted() {
                    let want = expect.lists[id]
                    let got = seen.lists[id]
                    if want?.rows != got?.rows { why.append("\(id): rows \(got?.rows ?? []), not \(want?.rows ?? [])") }
                    if want?.cell != got?.cell { why.append("\(id): cell holders \(sorted(got?.cell ?? [:]))") }
                }
                return why.isEmpty ? nil : why.joined(separator: "; ")
            }
        }

        private func sorted(_ kinds: [String: String]) -> String {
            kinds.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        }
    }

    /// Whether the CLI takes the project folder (`--project DIR`): then every screen is run with its app's folder
    /// alone (the project is the unit: its storyboards, XIBs, Swift files and asset catalogues), else with the
    /// screen's Swift files (`--code`).
    static let cliTakesProject: Bool = {
        guard let help = try? runCLI(["layers", "--help"]) else { return false }
        return help.stdout.contains("--project")
    }()

    /// Runs `skeleton layers --json` on the screen at times 1 and 1.3 (after the fade-in): the kind and colour of
    /// the skeleton, whether it moves, which nodes hold skeletons and the rows of each list.
    static func observe(_ screen: Screen) throws -> Observation {
        var arguments = ["layers", "--json", screen.root.appendingPathComponent(screen.file).path]
        if !screen.scene.isEmpty { arguments += ["--scene", screen.scene] }
        if cliTakesProject {
            arguments += ["--project", screen.root.appendingPathComponent(screen.project).path]
        } else {
            for file in screen.code { arguments += ["--code", screen.root.appendingPathComponent(file).path] }
        }
        let first = try runCLI(arguments + ["--time", "1"])
        guard first.status == 0 else {
            let last = first.stderr.split(separator: "\n").last.map(String.init) ?? ""
            return .failed(status: first.status, message: last)
        }
        let second = try runCLI(arguments + ["--time", "1.3"])
        let layers = skeletonLayers(first.stdout)
        guard !layers.isEmpty else { return .blank }
        let fills = Set(layers.map { $0["fill"]?["gradient"] == nil ? "solid" : "gradient" })
        var seen = Expectation(
            drawn: true, type: fills.count == 1 ? fills.first : nil,
            animated: layers.map { $0["fill"] } != skeletonLayers(second.stdout).map { $0["fill"] },
            color: layers.first?["fill"]?["solid"]?.stringValue, holders: [:], lists: [:])
        var rows: [String: [Int: Set<Int>]] = [:]
        for layer in layers {
            guard let node = layer["node"]?.stringValue else { continue }
            let kind = layer["kind"]?.stringValue ?? ""
            if let instance = ListInstance(node) {
                seen.lists[instance.list, default: List(rows: [], cell: [:])].cell[instance.local, default: kind]
                    .merge(kind)
                if let row = instance.row {
                    rows[instance.list, default: [:]][instance.section, default: []].insert(row)
                }
            } else {
                seen.holders[node, default: kind].merge(kind)
            }
        }
        for (list, sections) in rows {
            let count = (sections.keys.max() ?? -1) + 1
            seen.lists[list]?.rows = (0..<count).map { sections[$0]?.count ?? 0 }
        }
        return .drawn(seen)
    }

    /// The `block` and `line` layers of a `skeleton layers --json` answer that are on screen: not empty, and
    /// reaching into every rectangle that clips them (a list's rows outside its frame are not on screen, whether
    /// or not the daemon builds them).
    static func skeletonLayers(_ text: String) -> [JSON] {
        guard let document = try? JSONDocument.parse(text) else { return [] }
        return (document.value.json["layers"]?.arrayValue ?? []).filter { layer in
            guard ["block", "line"].contains(layer["kind"]?.stringValue ?? ""), let rect = Rect(layer["rect"]),
                rect.width > 0, rect.height > 0
            else { return false }
            return (layer["clips"]?.arrayValue ?? []).allSatisfy { clip in
                Rect(clip["rect"]).map(rect.overlaps) ?? true
            }
        }
    }

    /// A layer's `[x, y, width, height]`.
    struct Rect {
        var x, y, width, height: Double

        init?(_ json: JSON?) {
            let numbers = json?.arrayValue?.compactMap(\.doubleValue) ?? []
            guard numbers.count == 4 else { return nil }
            (x, y, width, height) = (numbers[0], numbers[1], numbers[2], numbers[3])
        }

        /// Whether the two share some area (touching edges do not count).
        func overlaps(_ other: Rect) -> Bool {
            min(x + width, other.x + other.width) > max(x, other.x)
                && min(y + height, other.y + other.height) > max(y, other.y)
        }
    }

    /// A node reference inside a list's instance: `list[section,row]/local` (a header's or footer's has no row).
    struct ListInstance {
        var list: String
        var section: Int
        var row: Int?
        var local: String

        init?(_ reference: String) {
            guard let open = reference.firstIndex(of: "["), let close = reference.firstIndex(of: "]"), open < close,
                reference[close...].hasPrefix("]/")
            else { return nil }
            let index = reference[reference.index(after: open)..<close].split(separator: ",")
            guard index.count == 2, let section = Int(index[0]) else { return nil }
            list = String(reference[..<open])
            self.section = section
            row = Int(index[1])
            local = String(reference[reference.index(close, offsetBy: 2)...])
        }
    }

    /// The CLI's answer.
    struct CLIResult {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the `skeleton` built beside the daemon (its outputs through files, so neither pipe can fill up).
    static func runCLI(_ arguments: [String]) throws -> CLIResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = TestEnvironment.binDirectory.appendingPathComponent("skeleton")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SKELETOND"] = TestEnvironment.daemonURL.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}

extension String {
    /// A node's kind over all its layers: `line` when any is a line (a label's), else `block`.
    fileprivate mutating func merge(_ kind: String) {
        if kind == "line" { self = "line" }
    }
}
