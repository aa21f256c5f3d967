import Foundation
import SkeletonImaging

/// The folder a verify run writes its failures' pictures into: beside each baseline's path,
/// `NAME.baseline.png`, `NAME.new.png` and `NAME.diff.png`.
struct SnapshotArtifacts {
    let folder: String

    /// Writes `image` for the baseline at `path` under `role`; returns its path relative to the folder.
    func write(_ image: RGBAImage, _ path: String, _ role: String) throws(CLIError) -> String {
        let bytes: [UInt8]
        do throws(PNGError) { bytes = try PNGWriter.encode(image) } catch {
            throw .io("cannot encode the \(role) picture of \(path): \(error.description)")
        }
        return try write(bytes, path, role)
    }

    /// Writes the PNG `bytes` for the baseline at `path` under `role`; returns its path relative to the folder.
    func write(_ bytes: [UInt8], _ path: String, _ role: String) throws(CLIError) -> String {
        let relative = String(path.dropLast(".png".count)) + ".\(role).png"
        try SnapshotRecord.write(bytes, to: (folder as NSString).appendingPathComponent(relative))
        return relative
    }
}
