import Foundation
import JSON

/// `manifest.json` in the baselines folder: what recorded the pictures (the renderer's version and a fingerprint of
/// the fonts it drew text with), the variants of the run, and one entry per picture. Written one picture per line in
/// path order, with no time stamp, so recording twice gives the same bytes and a review shows what changed.
struct SnapshotManifest {
    /// One baseline picture.
    struct Entry: Equatable {
        /// The PNG's path inside the baselines folder.
        var path: String
        /// The document's path relative to the project root.
        var file: String
        /// The scene's id (nil for a JSON document, which has one scene).
        var scene: String?
        var variant: String
        var width: Int
        var height: Int

        var json: JSON {
            var object: JSONObject = ["path": .string(path), "file": .string(file)]
            if let scene { object["scene"] = .string(scene) }
            object["variant"] = .string(variant)
            object["width"] = .int(width)
            object["height"] = .int(height)
            return .object(object)
        }
    }

    static let format = 1
    static let fileName = "manifest.json"

    /// `skeletond`'s `serverInfo.version`.
    var renderer: String
    /// `SnapshotRun.fontFingerprint`: a hash of a probe text in every script the daemon's fonts cover.
    var fonts: String
    var variants: SnapshotVariantSet
    var pictures: [Entry]

    /// The manifest's text.
    var text: String {
        let sorted = pictures.sorted { $0.path < $1.path }
        var lines = [
            "{",
            "  \"format\": \(Self.format),",
            "  \"renderer\": \(JSON.object(["name": "skeletond", "version": .string(renderer)]).text),",
            "  \"fonts\": \(JSON.string(fonts).text),",
            "  \"variants\": \(variants.json.text),",
            "  \"pictures\": [",
        ]
        lines += sorted.enumerated().map { "    " + $0.element.json.text + ($0.offset + 1 < sorted.count ? "," : "") }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads `folder`'s manifest: nil when there is none; an error when it is unreadable, too large or malformed.
    static func read(in folder: String) throws(CLIError) -> SnapshotManifest? {
        let path = (folder as NSString).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let bytes = try BoundedFile.read(path, limit: SnapshotLimits.maxManifestBytes)
        let json: JSON
        do {
            json = try JSONDocument.parse(bytes).value.json
        } catch {
            throw .io("cannot read \(path): it is not JSON (\(error))")
        }
        guard json["format"]?.intValue == format, let renderer = json["renderer"]?["version"]?.stringValue,
            let fonts = json["fonts"]?.stringValue,
            let variants = json["variants"].flatMap({ SnapshotVariantSet(json: $0) }),
            let list = json["pictures"]?.arrayValue, list.count <= SnapshotLimits.maxPictures
        else {
            throw .io(
                "cannot read \(path): not a format-\(format) snapshot manifest with at most \(SnapshotLimits.maxPictures) pictures (record the baselines again)"
            )
        }
        var pictures: [Entry] = []
        for item in list {
            guard let picturePath = item["path"]?.stringValue, BaselinePath.isSafe(picturePath),
                let file = item["file"]?.stringValue, let variant = item["variant"]?.stringValue,
                let width = item["width"]?.intValue, let height = item["height"]?.intValue
            else { throw .io("cannot read \(path): a picture entry lacks a member or has an unsafe path") }
            pictures.append(
                Entry(
                    path: picturePath, file: file, scene: item["scene"]?.stringValue, variant: variant, width: width,
                    height: height))
        }
        return SnapshotManifest(renderer: renderer, fonts: fonts, variants: variants, pictures: pictures)
    }
}

/// Paths inside the baselines folder.
enum BaselinePath {
    /// `file/scene/variant.png` (no scene folder for a JSON document); `..`, `.` and empty components of `file`
    /// become `_`, and `/` in a scene id becomes `_`, so every path stays inside the folder.
    static func make(file: String, scene: String?, variant: String) -> String {
        var components = file.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part == ".." || part == "." ? "_" : String(part)
        }
        if let scene {
            let safe = String(scene.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
            components.append(safe.isEmpty || safe == "." || safe == ".." ? "_scene" : safe)
        }
        components.append(variant + ".png")
        return components.joined(separator: "/")
    }

    /// A relative path with no `..`, `.` or empty component (a manifest entry must not lead outside its folder).
    static func isSafe(_ path: String) -> Bool {
        !path.hasPrefix("/")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0 == "." || $0 == ".."
            }
    }
}

/// Whole-file reads with a size limit checked before the bytes are read.
enum BoundedFile {
    static func read(_ path: String, limit: Int) throws(CLIError) -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { throw .io("cannot read \(path): not a regular file") }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit else { throw .io("cannot read \(path): it is larger than \(limit >> 20) MiB") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .io("cannot read \(path)") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else { throw .io("cannot read \(path): it is larger than \(limit >> 20) MiB") }
        return Array(data)
    }
}
