import JSON

/// What one picture of a scene shows: an appearance, a direction, a device width (or the document's own), and either
/// the skeleton (solid or gradient,
/// optionally animated) at a time after the show, or the content before any show.
struct SnapshotVariant: Hashable {
    /// `solid`, `gradient`, or `content` (the screen before the skeleton is shown).
    enum Kind: String, CaseIterable {
        case solid, gradient, content

        /// The skeleton the kind shows (nil: the content alone).
        var skeletonType: SkeletonType? { SkeletonType(rawValue: rawValue) }
    }

    var scheme: ColorScheme
    var rtl: Bool
    /// The device width in points (`skeleton/setTraits`'s `width`); nil: the document's own.
    var width: Double?
    var kind: Kind
    var animated: Bool
    /// Seconds after the show (0 for `content`).
    var time: Double

    /// The file name without `.png` and the label reports use: `light-ltr-solid-1s`, `dark-rtl-gradient-animated-0.5s`,
    /// `light-ltr-content`, and with a device width `light-ltr-375pt-solid-1s`.
    var name: String {
        guard kind != .content else { return documentKey }
        return documentKey + (animated ? "-animated" : "") + "-\(time.plainText)s"
    }

    /// The document variant's key: every picture of one key shares one opened document and one show.
    var documentKey: String {
        "\(scheme.rawValue)-\(rtl ? "rtl" : "ltr")" + (width.map { "-\($0.plainText)pt" } ?? "") + "-\(kind.rawValue)"
    }
}

/// The variants a run pictures, from flags, the manifest or the defaults (light and dark, left to right, a solid
/// skeleton at 1 s, scale 1).
struct SnapshotVariantSet: Equatable {
    var schemes: [ColorScheme] = [.light, .dark]
    var directions: [Bool] = [false]
    /// Device widths in points; nil: the documents' own (the names then have no width).
    var widths: [Double]?
    var kinds: [SnapshotVariant.Kind] = [.solid]
    var times: [Double] = [1]
    var animated = false
    var scale: Double = 1
    var assumeSkeletonable = false

    /// Every variant, in a stable order (scheme, direction, width, kind, time).
    var variants: [SnapshotVariant] {
        schemes.flatMap { scheme in
            directions.flatMap { rtl in
                (widths.map { $0.map { Optional($0) } } ?? [nil]).flatMap { width in
                    kinds.flatMap { kind in
                        (kind == .content ? [0] : times).map {
                            SnapshotVariant(
                                scheme: scheme, rtl: rtl, width: width, kind: kind, animated: animated, time: $0)
                        }
                    }
                }
            }
        }
    }

    /// As the manifest keeps it.
    var json: JSON {
        var object: JSONObject = [
            "schemes": .array(schemes.map { .string($0.rawValue) }),
            "directions": .array(directions.map { .string($0 ? "rtl" : "ltr") }),
            "types": .array(kinds.map { .string($0.rawValue) }),
            "times": .array(times.map { .double($0) }),
            "animated": .bool(animated),
            "scale": .double(scale),
            "assumeSkeletonable": .bool(assumeSkeletonable),
        ]
        if let widths { object["widths"] = .array(widths.map { .double($0) }) }
        return .object(object)
    }

    /// Reads the manifest's `variants`; nil when any member is missing or out of bounds.
    init?(json: JSON) {
        guard
            let schemes = json["schemes"]?.arrayValue?.compactMap({
                $0.stringValue.flatMap { ColorScheme(rawValue: $0) }
            }),
            let directions = json["directions"]?.arrayValue?.compactMap({ $0.stringValue }),
            let kinds = json["types"]?.arrayValue?.compactMap({
                $0.stringValue.flatMap { SnapshotVariant.Kind(rawValue: $0) }
            }),
            let times = json["times"]?.arrayValue?.compactMap(\.doubleValue),
            let scale = json["scale"]?.doubleValue
        else { return nil }
        self.schemes = schemes
        self.directions = directions.compactMap { $0 == "rtl" ? true : ($0 == "ltr" ? false : nil) }
        self.kinds = kinds
        self.times = times
        if let widths = json["widths"] {
            guard let list = widths.arrayValue?.compactMap(\.doubleValue), list.count == widths.arrayValue?.count
            else { return nil }
            self.widths = list
        }
        self.scale = scale
        animated = json["animated"]?.boolValue ?? false
        assumeSkeletonable = json["assumeSkeletonable"]?.boolValue ?? false
        guard (try? validate()) != nil else { return nil }
    }

    init() {}

    /// Every axis non-empty and without repeats, times and scale in bounds.
    func validate() throws(SnapshotUsage) {
        guard !schemes.isEmpty, !directions.isEmpty, !kinds.isEmpty, !times.isEmpty else {
            throw SnapshotUsage("every variant axis needs at least one value")
        }
        guard Set(schemes).count == schemes.count, Set(directions).count == directions.count,
            Set(kinds).count == kinds.count, Set(times).count == times.count,
            Set(widths ?? []).count == (widths ?? []).count
        else { throw SnapshotUsage("a variant value is repeated") }
        if let widths {
            guard !widths.isEmpty else { throw SnapshotUsage("every variant axis needs at least one value") }
            guard widths.count <= SnapshotLimits.maxWidths else {
                throw SnapshotUsage("--widths takes at most \(SnapshotLimits.maxWidths) values, not \(widths.count)")
            }
            for width in widths where !(width.isFinite && (1...SnapshotLimits.maxWidth).contains(width)) {
                throw SnapshotUsage(
                    "--widths values must be points from 1 to \(SnapshotLimits.maxWidth.plainText), not \(width.plainText)"
                )
            }
        }
        guard times.count <= SnapshotLimits.maxTimes else {
            throw SnapshotUsage("--times takes at most \(SnapshotLimits.maxTimes) values, not \(times.count)")
        }
        for time in times where !(time.isFinite && time >= 0 && time <= SnapshotLimits.maxTime) {
            throw SnapshotUsage(
                "--times values must be seconds from 0 to \(SnapshotLimits.maxTime.plainText), not \(time.plainText)")
        }
        guard scale.isFinite, (1...4).contains(scale) else {
            throw SnapshotUsage("--scale must be between 1 and 4, not \(scale.plainText)")
        }
    }
}

/// A bad variant flag or manifest value (a usage error with the flag's name).
struct SnapshotUsage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
