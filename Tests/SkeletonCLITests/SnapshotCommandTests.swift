import Foundation
import SkeletonImaging
import SkeletondTestSupport
import Testing

/// `skeleton snapshot record` and `verify` over real documents, through the built binaries.
@Suite struct SnapshotCommandTests {
    /// A project folder with two example documents.
    private static func project() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for name in ["profile-card", "feed"] {
            try FileManager.default.copyItem(
                atPath: CLIRunner.example(name), toPath: directory.file("\(name).skeleton.json"))
        }
        return directory
    }

    private static func files(_ directory: TemporaryDirectory) -> [String] {
        ["profile-card", "feed"].map { directory.file("\($0).skeleton.json") }
    }

    /// Records the project's two documents into its `snaps` folder, expecting success.
    private static func recorded(_ directory: TemporaryDirectory) throws -> (snaps: String, files: [String]) {
        let snaps = directory.file("snaps")
        let record = try CLIRunner.run(
            ["snapshot", "record"] + files(directory) + ["--snapshots", snaps], directory: directory.url)
        #expect(record.status == 0, "\(record.stderr)")
        return (snaps, files(directory))
    }

    /// Every file under `folder`, by relative path, with its bytes.
    private static func contents(_ folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = (folder as NSString).appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                out[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return out
    }

    @Test func recordThenVerifyPasses() throws {
        let directory = try Self.project()
        let snaps = directory.file("snaps")
        let record = try CLIRunner.run(
            ["snapshot", "record"] + Self.files(directory) + ["--snapshots", snaps], directory: directory.url)
        #expect(record.status == 0, "\(record.stderr)")
        let recorded = try Self.contents(snaps)
        // Two documents × (light, dark): four pictures and the manifest.
        #expect(
            recorded.keys.sorted() == [
                "feed.skeleton.json/dark-ltr-solid-1s.png", "feed.skeleton.json/light-ltr-solid-1s.png",
                "manifest.json",
                "profile-card.skeleton.json/dark-ltr-solid-1s.png", "profile-card.skeleton.json/light-ltr-solid-1s.png",
            ])
        let manifest = String(decoding: recorded["manifest.json"] ?? Data(), as: UTF8.self)
        #expect(manifest.contains("\"renderer\": {\"name\":\"skeletond\",\"version\":"))
        #expect(manifest.contains("\"fonts\": \"fnv1a64:"))
        #expect(
            manifest.contains(
                "\"file\":\"profile-card.skeleton.json\",\"variant\":\"dark-ltr-solid-1s\",\"width\":375,\"height\":260"
            ))
        let picture = try ImageFiles.png(directory.file("snaps/profile-card.skeleton.json/light-ltr-solid-1s.png"))
        #expect(picture.width == 375 && picture.height == 260)

        let verify = try CLIRunner.run(
            ["snapshot", "verify"] + Self.files(directory) + ["--snapshots", snaps], directory: directory.url)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("4 pictures, 4 match, 0 differ, 0 missing"))
        // verify never writes baselines.
        #expect(try Self.contents(snaps) == recorded)
    }

    @Test func recordingTwiceGivesIdenticalBytesWithAnyNumberOfJobs() throws {
        let directory = try Self.project()
        var runs: [[String: Data]] = []
        for (index, jobs) in ["1", "4", "1"].enumerated() {
            let snaps = directory.file("snaps-\(index)")
            let record = try CLIRunner.run(
                ["snapshot", "record"] + Self.files(directory)
                    + ["--snapshots", snaps, "--jobs", jobs, "--types", "solid,gradient,content", "--times", "0.5,1"],
                directory: directory.url)
            #expect(record.status == 0, "\(record.stderr)")
            runs.append(try Self.contents(snaps))
        }
        // 2 documents × 2 schemes × (2 types × 2 times + content) = 20 pictures, and the manifest.
        #expect(runs[0].count == 21)
        #expect(runs[0] == runs[1])
        #expect(runs[0] == runs[2])
    }

    @Test func aOnePointCornerRadiusChangeFailsThatPictureOnlyAndTheDiffMarksOnlyItsView() throws {
        let directory = try Self.project()
        let snaps = directory.file("snaps")
        let common = Self.files(directory) + ["--snapshots", snaps, "--schemes", "light"]
        #expect(try CLIRunner.run(["snapshot", "record"] + common, directory: directory.url).status == 0)
        let card = directory.file("profile-card.skeleton.json")
        let text = try String(contentsOfFile: card, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"cornerRadius\": 32", with: "\"cornerRadius\": 31")
        #expect(edited != text)
        try edited.write(toFile: card, atomically: true, encoding: .utf8)

        let report = directory.file("report")
        let verify = try CLIRunner.run(
            ["snapshot", "verify"] + common + ["--report", report], directory: directory.url)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("2 pictures, 1 match, 1 differ"))
        let failures = verify.errorLines.filter { $0.hasPrefix("skeleton: ") }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("skeleton: profile-card.skeleton.json light-ltr-solid-1s: ") == true)
        let diff = try ImageFiles.png(report + "/images/profile-card.skeleton.json/light-ltr-solid-1s.diff.png")
        // The avatar is at (16, 16) in the card at (16, 16): the view's frame is [32, 32, 64, 64].
        var marked = 0
        for y in 0..<diff.height {
            for x in 0..<diff.width {
                guard let pixel = diff[x, y], pixel.r == 255, pixel.g == 0, pixel.b == 0 else { continue }
                marked += 1
                #expect((32..<96).contains(x) && (32..<96).contains(y), "a marked pixel at \(x), \(y)")
            }
        }
        #expect(marked > 0)
        for role in ["baseline", "new"] {
            let image = try ImageFiles.png(report + "/images/profile-card.skeleton.json/light-ltr-solid-1s.\(role).png")
            #expect(image.width == 375 && image.height == 260)
        }
        #expect(FileManager.default.fileExists(atPath: report + "/index.html"))
    }

    @Test func aMissingBaselineFailsWithTheRecordCommand() throws {
        let directory = try Self.project()
        let snaps = directory.file("snaps")
        let files = Self.files(directory)
        #expect(
            try CLIRunner.run(["snapshot", "record", files[0], "--snapshots", snaps], directory: directory.url).status
                == 0)
        let verify = try CLIRunner.run(
            ["snapshot", "verify"] + files + ["--snapshots", snaps], directory: directory.url)
        #expect(verify.status == 1)
        let missing = verify.errorLines.filter { $0.contains(": no baseline (") }
        #expect(missing.count == 2)
        #expect(
            missing.allSatisfy {
                $0.hasSuffix(
                    "record it with: skeleton snapshot record \(files.joined(separator: " ")) --snapshots \(snaps)")
            })
        #expect(!FileManager.default.fileExists(atPath: snaps + "/feed.skeleton.json"))
    }

    @Test func baselinesOfAGoneVariantAreListedAsStale() throws {
        let directory = try Self.project()
        let (snaps, files) = try Self.recorded(directory)
        let verify = try CLIRunner.run(
            ["snapshot", "verify"] + files + ["--snapshots", snaps, "--schemes", "light"], directory: directory.url)
        #expect(verify.status == 1)
        #expect(verify.errorLines.filter { $0.contains(": stale baseline ") }.count == 2)
        // Recording with the narrower variants removes them.
        let record = try CLIRunner.run(
            ["snapshot", "record"] + files + ["--snapshots", snaps, "--schemes", "light"], directory: directory.url)
        #expect(record.stdout.contains("2 stale removed"))
        #expect(
            try CLIRunner.run(["snapshot", "verify"] + files + ["--snapshots", snaps], directory: directory.url).status
                == 0)
    }

    @Test func anotherRendererIsSaidFirstAndGivesStatusFive() throws {
        let directory = try Self.project()
        let (snaps, files) = try Self.recorded(directory)
        let manifestPath = snaps + "/manifest.json"
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let older = manifest.replacingOccurrences(
            of: #"\"version\":\"[^\"]*\""#, with: "\"version\":\"0.0.1-old\"", options: .regularExpression)
        try older.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        // Same renderer output: it is a note and the run passes.
        let passing = try CLIRunner.run(
            ["snapshot", "verify"] + files + ["--snapshots", snaps], directory: directory.url)
        #expect(passing.status == 0)
        #expect(
            passing.errorLines.first?.hasPrefix("skeleton: the baselines were recorded by skeletond 0.0.1-old") == true)
        // A changed picture under another renderer: said first, counted, status 5.
        let card = files[0]
        let text = try String(contentsOfFile: card, encoding: .utf8)
        try text.replacingOccurrences(of: "\"cornerRadius\": 32", with: "\"cornerRadius\": 20")
            .write(toFile: card, atomically: true, encoding: .utf8)
        let failing = try CLIRunner.run(
            ["snapshot", "verify"] + files + ["--snapshots", snaps], directory: directory.url)
        #expect(failing.status == 5)
        #expect(failing.errorLines.count == 1)
        #expect(failing.stdout.contains("2 differ"))
    }

    @Test func aBaselineThatIsNotAPNGIsReportedNotTrusted() throws {
        let directory = try Self.project()
        let (snaps, files) = try Self.recorded(directory)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: snaps + "/feed.skeleton.json/dark-ltr-solid-1s.png"))
        let verify = try CLIRunner.run(
            ["snapshot", "verify"] + files + ["--snapshots", snaps], directory: directory.url)
        #expect(verify.status == 1)
        #expect(
            verify.stderr.contains("feed.skeleton.json dark-ltr-solid-1s: the baseline cannot be read: not a PNG file"))
    }

    @Test func snapshotAloneIsAUsageErrorAndEachCommandHasHelp() throws {
        let alone = try CLIRunner.run(["snapshot"])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("a command is needed: record or verify"), "\(alone.stderr)")
        for command in ["record", "verify"] {
            let help = try CLIRunner.run(["snapshot", command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("--snapshots") && help.stdout.contains("--schemes"))
        }
    }

    @Test(arguments: [
        (["--jobs", "0"], "--jobs must be between 1 and 64, not 0"),
        (["--times", "1,-1"], "--times values must be seconds from 0 to 3600, not -1"),
        (["--times", "1,1"], "a variant value is repeated"),
        (["--schemes", "sepia"], "--schemes: \"sepia\" is not a valid value"),
        (["--scale", "5"], "--scale must be between 1 and 4, not 5"),
        (["--tolerance", "101"], "--tolerance must be a percentage from 0 to 100, not 101"),
        (["--channel-tolerance", "256"], "--channel-tolerance must be between 0 and 255, not 256"),
    ])
    func badFlagsAreUsageErrors(_ flags: [String], _ message: String) throws {
        let result = try CLIRunner.run(["snapshot", "verify", CLIRunner.example("feed")] + flags)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aManifestEntryThatLeadsOutsideTheFolderIsRefused() throws {
        let directory = try Self.project()
        let (snaps, files) = try Self.recorded(directory)
        let manifestPath = snaps + "/manifest.json"
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        try manifest.replacingOccurrences(of: "\"path\":\"feed.skeleton.json/", with: "\"path\":\"../")
            .write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let verify = try CLIRunner.run(
            ["snapshot", "verify"] + files + ["--snapshots", snaps], directory: directory.url)
        #expect(verify.status == 2)
        #expect(verify.stderr.contains("has an unsafe path"))
    }
    @Test func aBaselineWithHugeDimensionsIsRefusedBeforeItIsInflated() throws {
        let directory = try Self.project()
        let (snaps, files) = try Self.recorded(directory)
        // A valid signature and IHDR (its CRC right) claiming 20,000 × 20,000 pixels (1.6 GB of RGBA) and nothing else.
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + PNGWriter.chunk("IHDR", [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0])
        try Data(png).write(to: URL(fileURLWithPath: snaps + "/feed.skeleton.json/light-ltr-solid-1s.png"))
        let verify = try CLIRunner.run(
            ["snapshot", "verify"] + files + ["--snapshots", snaps], directory: directory.url)
        #expect(verify.status == 1)
        #expect(verify.stderr.contains("20000×20000 pixels is outside the bounds"), "\(verify.stderr)")
    }

    @Test func aManifestOverItsLimitIsRefused() throws {
        let directory = try Self.project()
        let snaps = directory.file("snaps")
        try FileManager.default.createDirectory(atPath: snaps, withIntermediateDirectories: true)
        try Data(count: (16 << 20) + 1).write(to: URL(fileURLWithPath: snaps + "/manifest.json"))
        let verify = try CLIRunner.run(
            ["snapshot", "verify"] + Self.files(directory) + ["--snapshots", snaps], directory: directory.url)
        #expect(verify.status == 2)
        #expect(verify.stderr.contains("manifest.json: it is larger than 16 MiB"), "\(verify.stderr)")
    }

    @Test func aWholeProjectPicturesEveryScreenAndListsTheBaselinesOfGoneFiles() throws {
        let directory = try TemporaryDirectory()
        let examples = TestEnvironment.packageRoot.appendingPathComponent("Examples")
        for name in ["screens.storyboard", "profile-card.xib"] {
            try FileManager.default.copyItem(
                atPath: examples.appendingPathComponent(name).path, toPath: directory.file(name))
        }
        let project = ["--project", directory.url.path]
        let record = try CLIRunner.run(["snapshot", "record"] + project)
        #expect(record.status == 0, "\(record.stderr)")
        // Four scenes of the storyboard and two screens of the XIB, in light and dark.
        #expect(record.stdout.hasPrefix("snapshot record: 12 pictures of 2 documents in "))
        #expect(
            FileManager.default.fileExists(
                atPath: directory.file("skeleton-snapshots/profile-card.xib/card/dark-ltr-solid-1s.png")))
        try FileManager.default.removeItem(atPath: directory.file("profile-card.xib"))
        let verify = try CLIRunner.run(["snapshot", "verify"] + project)
        #expect(verify.status == 1)
        #expect(verify.errorLines.filter { $0.contains(": stale baseline ") }.count == 4)
        #expect(verify.stdout.contains("8 pictures, 8 match, 0 differ, 0 missing, 0 unreadable, 4 stale"))
    }
}
