#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files an app is read from under one or more folders: Swift files, storyboards, XIBs and the colour sets of
/// asset catalogues, in path order, within `ProjectLimits`.
///
/// Left out: hidden folders (`.git`, `.build`, …), build output (`build`, `Build`, `DerivedData`), dependencies
/// (`Pods`, `Carthage`, `node_modules`), Xcode's project bundles (`*.xcodeproj`, `*.xcworkspace`), and a folder seen
/// before (symbolic links are followed, a loop is not: each folder is visited once, by device and inode).
package struct ProjectScan: Sendable {
    /// The limit that cut the scan short.
    package enum Cut: String, Sendable, Hashable {
        case files, bytes, entries
    }

    /// The files found, sorted by path.
    package private(set) var files: [ProjectFile] = []
    /// The first limit reached, if any (the files found before it are kept).
    package private(set) var cut: Cut?
    /// Files left out for their size alone (over `maxFileBytes`), and folders left out below `maxDepth`.
    package private(set) var oversizedFiles: [String] = []
    package private(set) var foldersTooDeep = 0
    /// Directory entries looked at.
    package private(set) var entriesSeen = 0
    /// The bytes of the files found, together.
    package private(set) var bytes = 0

    /// Folder names never entered (besides hidden ones).
    package static let skippedFolders: Set<String> = [
        "build", "Build", "DerivedData", "Pods", "Carthage", "node_modules",
    ]
    /// Folder name endings never entered.
    package static let skippedFolderSuffixes = [".xcodeproj", ".xcworkspace"]

    private let limits: ProjectLimits
    private var visited: Set<FolderID> = []

    /// Scans `roots` (folders; a root that is a file of a known kind is taken as it is).
    package init(roots: [String], limits: ProjectLimits = .standard) {
        self.limits = limits
        for root in roots where cut == nil {
            var info = stat()
            guard stat(root, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(root, depth: 0)
            } else if let kind = ProjectFile.kind(ofPath: root) {
                add(ProjectFile(path: root, kind: kind, size: Int(clamping: info.st_size)))
            }
        }
        files.sort { $0.path < $1.path }
    }

    /// The files of one kind.
    package func files(_ kinds: Set<ProjectFile.Kind>) -> [ProjectFile] { files.filter { kinds.contains($0.kind) } }

    /// Whether a folder's name keeps the scan out of it.
    package static func skips(folder name: String) -> Bool {
        name.hasPrefix(".") || skippedFolders.contains(name) || skippedFolderSuffixes.contains { name.hasSuffix($0) }
    }

    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private mutating func walk(_ folder: String, depth: Int) {
        var info = stat()
        guard stat(folder, &info) == 0 else { return }
        guard visited.insert(FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return }
        guard let handle = opendir(folder) else { return }
        var names: [String] = []
        while cut == nil, let entry = readdir(handle) {
            entriesSeen += 1
            if entriesSeen > limits.maxEntries {
                cut = .entries
                break
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(handle)
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        for name in names.sorted() where cut == nil {
            let path = base + name
            var item = stat()
            guard stat(path, &item) == 0 else { continue }  // a dangling link
            if (item.st_mode & S_IFMT) == S_IFDIR {
                guard !Self.skips(folder: name) else { continue }
                guard depth < limits.maxDepth else {
                    foldersTooDeep += 1
                    continue
                }
                walk(path, depth: depth + 1)
            } else if (item.st_mode & S_IFMT) == S_IFREG, let kind = ProjectFile.kind(ofPath: path) {
                add(ProjectFile(path: path, kind: kind, size: Int(clamping: item.st_size)))
            }
        }
    }

    private mutating func add(_ file: ProjectFile) {
        guard file.size <= limits.maxFileBytes else { return oversizedFiles.append(file.path) }
        guard files.count < limits.maxFiles else {
            cut = .files
            return
        }
        let (total, overflow) = bytes.addingReportingOverflow(file.size)
        guard !overflow, total <= limits.maxBytes else {
            cut = .bytes
            return
        }
        bytes = total
        files.append(file)
    }

    /// One line about what was left out, nil when nothing was.
    package var summaryOfWhatWasLeftOut: String? {
        var parts: [String] = []
        if let cut {
            switch cut {
            case .files: parts.append("stopped at \(limits.maxFiles) files")
            case .bytes: parts.append("stopped at \(limits.maxBytes) bytes of files")
            case .entries: parts.append("stopped after \(limits.maxEntries) directory entries")
            }
        }
        if !oversizedFiles.isEmpty {
            parts.append("\(oversizedFiles.count) file(s) over \(limits.maxFileBytes) bytes left out")
        }
        if foldersTooDeep > 0 { parts.append("\(foldersTooDeep) folder(s) deeper than \(limits.maxDepth) left out") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
