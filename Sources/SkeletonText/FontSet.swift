import SkeletonGraphics

/// The faces a `TextEngine` opened, and which face each role's text goes to when its own file is missing.
///
/// Fallback: a missing system weight goes to DejaVu Sans (Bold for semibold and bold), then to nothing drawn; a
/// missing bold Noto or DejaVu goes to its regular twin. Each missing role is reported once, when the engine opens
/// its fonts.
final class FontSet: Sendable {
    /// Opened faces by the role they were opened for.
    let faces: [FontRole: FontFace]
    /// The face role each role's text is drawn with (absent: nothing drawn).
    let resolved: [FontRole: FontRole]
    /// Per weight: the faces tried in order for a scalar (system, Arabic, Hebrew, CJK, last resort), distinct.
    private let chains: [FontWeight: [FontFace]]
    /// One line per role (`TextEngine.fontReport`).
    let report: [String]
    /// What `warn` was told: one line per role whose font is missing or unreadable, or whose first files were
    /// skipped for a later one (`TextEngine.fontProblems`).
    let problems: [String]

    init(files: FontFiles, warn: (String) -> Void) {
        var faces: [FontRole: FontFace] = [:]
        var problems: [FontRole: String] = [:]
        var skipped: [FontRole: String] = [:]
        for role in FontRole.allCases {
            let candidates = files.candidates[role] ?? []
            guard !candidates.isEmpty else {
                let places = files.searched.isEmpty ? "no directory" : files.searched.joined(separator: ", ")
                problems[role] = "no \(role.fileNames.joined(separator: " or ")) in \(places)"
                continue
            }
            // The first candidate that opens; the ones before it are said with why they were not used.
            var rejected: [String] = []
            for file in candidates {
                switch FontFace.open(role: role, file: file) {
                case .success(let face): faces[role] = face
                case .failure(let problem):
                    rejected.append("cannot read \(file.path) (face \(file.faceIndex)): \(problem)")
                }
                if faces[role] != nil { break }
            }
            guard !rejected.isEmpty else { continue }
            if faces[role] == nil {
                problems[role] = rejected.joined(separator: "; ")
            } else {
                skipped[role] = rejected.joined(separator: "; ")
            }
        }
        var resolved: [FontRole: FontRole] = [:]
        for role in FontRole.allCases {
            var candidates = [role]
            switch role {
            case .systemRegular, .systemMedium: candidates += [.lastResort]
            case .systemSemibold, .systemBold: candidates += [.lastResortBold, .lastResort]
            default: if let twin = role.lighterTwin { candidates.append(twin) }
            }
            resolved[role] = candidates.first { faces[$0] != nil }
        }
        var chains: [FontWeight: [FontFace]] = [:]
        for weight in FontWeight.allCases {
            let bold = FontRole.isBold(weight)
            let roles: [FontRole] = [
                .system(weight), bold ? .arabicBold : .arabic, bold ? .hebrewBold : .hebrew, bold ? .cjkBold : .cjk,
                bold ? .lastResortBold : .lastResort,
            ]
            var chain: [FontFace] = []
            for role in roles {
                guard let face = resolved[role].flatMap({ faces[$0] }) else { continue }
                if !chain.contains(where: { $0 === face }) { chain.append(face) }
            }
            chains[weight] = chain
        }
        var report: [String] = []
        var warnings: [String] = []
        for role in FontRole.allCases {
            if let face = faces[role] {
                let used = "\(face.file.path) (face \(face.file.faceIndex), \(face.familyName))"
                report.append("\(role.rawValue): \(used)")
                if let why = skipped[role] {
                    let line = "\(role.rawValue): skipped (\(why)); using \(used)"
                    warnings.append("text: font for \(line)")
                    warn("text: font for \(line)")
                }
                continue
            }
            let instead = resolved[role].flatMap { faces[$0] }
            let fallback = instead.map { "using \($0.role.rawValue) (\($0.file.path))" } ?? "its text is not drawn"
            let line = "\(role.rawValue): missing (\(problems[role] ?? "?")); \(fallback)"
            report.append(line)
            warnings.append("text: font for \(line)")
            warn("text: font for \(line)")
        }
        self.faces = faces
        self.resolved = resolved
        self.chains = chains
        self.report = report
        self.problems = warnings
    }

    /// The faces tried in order for text of `weight`.
    func chain(_ weight: FontWeight) -> [FontFace] { chains[weight] ?? [] }

    /// The face glyphs of `role` were shaped with.
    func face(_ role: FontRole) -> FontFace? { faces[role] }
}
