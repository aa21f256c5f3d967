import SkeletonGraphics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a font file is used for. The system font (SF Pro on iOS) is stood in for by Inter; scripts Inter does not
/// cover fall back to Noto, then to DejaVu Sans.
package enum FontRole: String, Hashable, Sendable, CaseIterable {
    case systemRegular = "system-regular"
    case systemMedium = "system-medium"
    case systemSemibold = "system-semibold"
    case systemBold = "system-bold"
    case arabic
    case arabicBold = "arabic-bold"
    case hebrew
    case hebrewBold = "hebrew-bold"
    case cjk
    case cjkBold = "cjk-bold"
    case lastResort = "last-resort"
    case lastResortBold = "last-resort-bold"

    /// The system font's role for a weight.
    static func system(_ weight: FontWeight) -> FontRole {
        switch weight {
        case .regular: .systemRegular
        case .medium: .systemMedium
        case .semibold: .systemSemibold
        case .bold: .systemBold
        }
    }

    /// The system font's roles (Inter's faces).
    var isSystem: Bool {
        self == .systemRegular || self == .systemMedium || self == .systemSemibold || self == .systemBold
    }

    /// Semibold and bold text takes the bold fallback fonts; regular and medium the regular ones.
    static func isBold(_ weight: FontWeight) -> Bool { weight == .semibold || weight == .bold }

    /// The file names looked for, best first (Debian's names; `.ttf` twins for fonts installed by hand).
    var fileNames: [String] {
        switch self {
        case .systemRegular: ["Inter-Regular.otf", "Inter-Regular.ttf"]
        case .systemMedium: ["Inter-Medium.otf", "Inter-Medium.ttf"]
        case .systemSemibold: ["Inter-SemiBold.otf", "Inter-SemiBold.ttf"]
        case .systemBold: ["Inter-Bold.otf", "Inter-Bold.ttf"]
        case .arabic: ["NotoSansArabic-Regular.ttf", "NotoNaskhArabic-Regular.ttf"]
        case .arabicBold: ["NotoSansArabic-Bold.ttf", "NotoNaskhArabic-Bold.ttf"]
        case .hebrew: ["NotoSansHebrew-Regular.ttf"]
        case .hebrewBold: ["NotoSansHebrew-Bold.ttf"]
        case .cjk: ["NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Regular.otf", "NotoSansCJKjp-Regular.otf"]
        case .cjkBold: ["NotoSansCJK-Bold.ttc", "NotoSansCJKsc-Bold.otf", "NotoSansCJKjp-Bold.otf"]
        case .lastResort: ["DejaVuSans.ttf"]
        case .lastResortBold: ["DejaVuSans-Bold.ttf"]
        }
    }

    /// Where a missing role's text goes instead (before the last resort): bold fallbacks to their regular face.
    var lighterTwin: FontRole? {
        switch self {
        case .systemMedium, .systemSemibold, .systemBold: nil
        case .arabicBold: .arabic
        case .hebrewBold: .hebrew
        case .cjkBold: .cjk
        case .lastResortBold: .lastResort
        default: nil
        }
    }
}

/// One font: a file and the index of the face inside it (collections such as `.ttc` hold several).
package struct FontFile: Hashable, Sendable {
    package var path: String
    package var faceIndex: Int

    package init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }
}

/// The font files found for each role, best first (a role without one is missing: its text falls back).
///
/// `discover()` looks in `SKELETOND_FONT_DIR` first (a directory, searched by file name, not recursively), then in
/// the directories Debian's `fonts-inter`, `fonts-noto-core`, `fonts-noto-cjk` and `fonts-dejavu-core` install to.
/// Every file found is a candidate: the engine uses the first that is a regular file within
/// `TextLimits.maxFontFileBytes` and a font both libraries read (`FontSet`), so an empty file or a FIFO named like a
/// font does not hide the installed one.
package struct FontFiles: Hashable, Sendable {
    /// Each role's candidates, best first.
    package var candidates: [FontRole: [FontFile]]
    /// The directories that were searched, in order (for reports).
    package var searched: [String]

    /// Each role's first candidate.
    package var files: [FontRole: FontFile] { candidates.compactMapValues(\.first) }

    /// One file per role.
    package init(files: [FontRole: FontFile], searched: [String] = []) {
        self.init(candidates: files.mapValues { [$0] }, searched: searched)
    }

    /// Candidates per role, best first.
    package init(candidates: [FontRole: [FontFile]], searched: [String] = []) {
        self.candidates = candidates.filter { !$0.value.isEmpty }
        self.searched = searched
    }

    /// The environment variable naming an extra font directory, searched before the system's.
    package static let directoryVariable = "SKELETOND_FONT_DIR"

    /// The directories Debian installs our fonts to.
    package static let systemDirectories = [
        "/usr/share/fonts/opentype/inter",
        "/usr/share/fonts/truetype/inter",
        "/usr/share/fonts/truetype/noto",
        "/usr/share/fonts/opentype/noto",
        "/usr/share/fonts/truetype/dejavu",
        "/usr/local/share/fonts",
    ]

    /// The environment variable that replaces `systemDirectories`: directories separated by `:` (packaging, tests).
    package static let pathVariable = "SKELETOND_FONT_PATH"

    /// Finds each role's file: in `SKELETOND_FONT_DIR` (when set and not empty), then in `SKELETOND_FONT_PATH`'s
    /// directories when it is set, else in `systemDirectories`.
    package static func discover() -> FontFiles {
        let extra = getenv(directoryVariable).map { String(cString: $0) }
        guard let path = getenv(pathVariable).map({ String(cString: $0) }) else {
            return discover(extraDirectory: extra)
        }
        let listed = path.split(separator: ":").map(String.init)
        return discover(in: (extra.map { $0.isEmpty ? [] : [$0] } ?? []) + listed)
    }

    /// Finds each role's file in `extraDirectory` (when not nil or empty), then in `systemDirectories`.
    package static func discover(extraDirectory: String?) -> FontFiles {
        let extra = extraDirectory.map { $0.isEmpty ? [] : [$0] } ?? []
        return discover(in: extra + systemDirectories)
    }

    /// Finds each role's candidates in `directories`, searched in order, each role's names in order within a
    /// directory: every path that exists (what it is, is checked when it is opened, without blocking).
    package static func discover(in directories: [String]) -> FontFiles {
        var candidates: [FontRole: [FontFile]] = [:]
        for role in FontRole.allCases {
            for directory in directories {
                for name in role.fileNames {
                    let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                    if access(path, R_OK) == 0 { candidates[role, default: []].append(FontFile(path: path)) }
                }
            }
        }
        return FontFiles(candidates: candidates, searched: directories)
    }
}
