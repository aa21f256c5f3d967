import Foundation
import SkeletondTestSupport
import Testing

/// Every screen of the corpus (`Tests/Fixtures/apps/MANIFEST.json`) through the real `skeleton` and `skeletond`:
/// what is drawn with the show the screen's code makes must be what SkeletonView 1.31 shows there (kind, motion,
/// the views that hold skeletons, each list's rows and cells). A screen listed in the manifest's `knownGaps` is
/// expected to differ (`withKnownIssue`): once the product draws it right the test fails until the entry is
/// removed, so the list cannot go stale.
///
/// The patterns' fixtures and the controls (screens today's product draws right, so that a broken harness cannot
/// pass as a list of known gaps) are in the repository and always run. The public apps' files are not (their code stays
/// out of this repository): their screens run when the apps' folders are found (`AppCorpus.appsRoot`:
/// `$SKELETON_APP_CORPUS`, else `../shared/fixtures/apps`), laid out as the manifest's `repo`, `commit` and paths say.
@Suite struct AppCorpusTests {
    @Test(arguments: AppCorpus.patternScreens.map(\.id))
    func pattern(_ id: String) throws {
        let screen = try #require(AppCorpus.patternScreens.first { $0.id == id })
        try Self.check(screen)
    }

    @Test(arguments: AppCorpus.controlScreens.map(\.id))
    func control(_ id: String) throws {
        let screen = try #require(AppCorpus.controlScreens.first { $0.id == id })
        #expect(AppCorpus.knownGaps[id] == nil, "a control is never a known gap")
        try Self.check(screen)
    }

    @Test(
        .enabled(if: !AppCorpus.appScreens.isEmpty, "the apps' files are not here (SKELETON_APP_CORPUS)"),
        arguments: AppCorpus.appScreens.map(\.id))
    func appScreen(_ id: String) throws {
        let screen = try #require(AppCorpus.appScreens.first { $0.id == id })
        try Self.check(screen)
    }

    /// Compares what is drawn with the manifest; a known gap must still differ, and never by a failing CLI.
    static func check(_ screen: AppCorpus.Screen) throws {
        let observation = try AppCorpus.observe(screen)
        let mismatch = observation.mismatch(with: screen.expect)
        if case .failed = observation {
            Issue.record("\(screen.id): \(mismatch ?? "the CLI failed")")
        } else if let gap = AppCorpus.knownGaps[screen.id] {
            withKnownIssue("\(screen.id) misses \(gap.joined(separator: ", "))") {
                if let mismatch { Issue.record("\(screen.id): \(mismatch)") }
            }
        } else if let mismatch {
            Issue.record("\(screen.id): \(mismatch)")
        }
    }

    /// The manifest holds together: every pattern has its fixture folder with its files, every known gap names a
    /// screen and patterns the manifest defines, and every pattern a screen names is defined.
    @Test func manifestIsConsistent() throws {
        let manifest = AppCorpus.manifest
        let names = Set(manifest["patternNames"]?.objectValue?.keys ?? [])
        #expect(names.count >= 7, "issue #26's seven patterns at least")
        let ids = AppCorpus.allScreenIDs
        #expect(Set(ids).count == ids.count, "screen ids are unique")
        for (id, patterns) in AppCorpus.knownGaps {
            #expect(ids.contains(id), "knownGaps names an unknown screen \(id)")
            for pattern in patterns { #expect(names.contains(pattern), "\(id): unknown pattern \(pattern)") }
        }
        let patterns = AppCorpus.patternScreens
        #expect(patterns.count == (manifest["patterns"]?.arrayValue?.count ?? -1), "every pattern entry is a screen")
        var covered: Set<String> = []
        for entry in manifest["patterns"]?.arrayValue ?? [] {
            covered.formUnion(entry["patterns"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        }
        #expect(covered == names, "every pattern has a fixture of its own")
        for screen in patterns {
            for file in [screen.file] + screen.code {
                let path = screen.root.appendingPathComponent(file).path
                #expect(FileManager.default.fileExists(atPath: path), "\(screen.id): \(file) is missing")
            }
        }
        for app in manifest["apps"]?.arrayValue ?? [] {
            for screen in app["screens"]?.arrayValue ?? [] {
                for pattern in screen["patterns"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                    #expect(names.contains(pattern), "\(screen["id"]?.stringValue ?? ""): unknown pattern \(pattern)")
                }
            }
        }
    }
}
