import Foundation
import SkeletonGraphics
import Testing

@testable import SkeletonText

#if canImport(Glibc)
    import Glibc
#endif

/// Font files are checked on the descriptor they are read from: anything but a regular file of a bounded size is
/// skipped for the next candidate, and opening one never blocks.
@Suite struct FontFileTests {
    static let inter = "/usr/share/fonts/opentype/inter"
    static let dejavu = "/usr/share/fonts/truetype/dejavu"

    /// A fresh directory holding, under the names of fonts: a FIFO, a symlink to `/dev/zero`, an empty file, a file
    /// that is no font, and a sparse file one byte over the size limit.
    static func hostileDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("skeletond-fonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(mkfifo(directory + "/Inter-Regular.otf", 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/Inter-Medium.otf", withDestinationPath: "/dev/zero")
        #expect(FileManager.default.createFile(atPath: directory + "/Inter-SemiBold.otf", contents: Data()))
        #expect(
            FileManager.default.createFile(
                atPath: directory + "/Inter-Bold.otf", contents: Data("not a font".utf8)))
        let large = directory + "/DejaVuSans.ttf"
        #expect(FileManager.default.createFile(atPath: large, contents: Data()))
        #expect(truncate(large, off_t(TextLimits.maxFontFileBytes + 1)) == 0)
        return directory
    }

    @Test func filesThatAreNotFontsFallThroughToTheInstalledOnes() throws {
        let directory = try Self.hostileDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = FontFiles.discover(in: [directory, Self.inter, Self.dejavu])
        // Each hostile file is a candidate before the installed one.
        #expect(
            files.candidates[.systemRegular]?.map(\.path) == [
                directory + "/Inter-Regular.otf", Self.inter + "/Inter-Regular.otf",
            ])
        #expect(files.files[.systemRegular]?.path == directory + "/Inter-Regular.otf")

        // Opening them must not block on the FIFO: the engine is made on another thread and waited for.
        let made = DispatchSemaphore(value: 0)
        let box = EngineBox()
        let warnings = WarningLog()
        Thread {
            box.engine = TextEngine(fontFiles: files, warn: { warnings.append($0) })
            made.signal()
        }.start()
        #expect(made.wait(timeout: .now() + 60) == .success, "opening a FIFO named like a font blocked")
        let engine = try #require(box.engine)

        let why: [FontRole: String] = [
            .systemRegular: "not a regular file", .systemMedium: "not a regular file", .systemSemibold: "empty",
            .systemBold: "not a font", .lastResort: "over the limit of 64 MiB",
        ]
        for (role, reason) in why {
            let used = try #require(engine.fonts.face(role), "\(role) has no face")
            #expect(!used.file.path.hasPrefix(directory), "\(role) uses \(used.file.path)")
            #expect(
                engine.fontProblems.contains { $0.contains("\(role.rawValue): skipped") && $0.contains(reason) },
                "\(role): \(engine.fontProblems)")
        }
        #expect(warnings.count == engine.fontProblems.count)
        // Text draws with the installed faces, as without the directory.
        let line = layout("Hello", on: engine).lines[0]
        #expect(line.glyphs.allSatisfy { $0.font == .systemRegular })
        #expect(line.glyphs == layout("Hello").lines[0].glyphs)
    }

    @Test func aRoleWhoseOnlyFilesAreHostileIsMissing() throws {
        let directory = try Self.hostileDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let engine = TextEngine(fontFiles: FontFiles.discover(in: [directory]))
        #expect(engine.fontReport.contains { $0.hasPrefix("system-regular: missing (cannot read") })
        #expect(engine.fonts.face(.systemRegular) == nil)
        #expect(engine.fonts.face(.lastResort) == nil)
        #expect(layout("Hello", on: engine).lines.isEmpty)
    }

    @Test func fontDataChecksTheDescriptor() throws {
        #expect(FontData.map("/dev/zero").failure == .notRegularFile)
        #expect(FontData.map("/nonexistent/font.ttf").failure == .cannotOpen(ENOENT))
        let data = try FontData.map(Self.dejavu + "/DejaVuSans.ttf").get()
        #expect(data.count > 0 && data.count <= TextLimits.maxFontFileBytes)
    }
}

/// The engine made on another thread.
private final class EngineBox: @unchecked Sendable {
    var engine: TextEngine?
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
