import JSON
import SkeletonGraphics

/// The content members (`Protocol/content.md`): what a view shows under its skeleton.
extension DecodingRun {
    /// The members of a `font` object.
    static let fontKeys: Set<String> = ["size", "lineHeight", "weight"]

    /// Decodes the content members of `node`'s type (the text nodes' `font` is read with their text members).
    mutating func decodeContent(_ r: inout MemberReader, into node: inout Node) {
        var c = node.content
        if let w = read(&r, .content.borderWidth, ValueParsers.nonNegative) { c.borderWidth = w }
        if let color = read(&r, .content.borderColor, ValueParsers.color) { c.borderColor = color }
        switch node.type {
        case .label, .textView:
            c.text = read(&r, .content.text, ValueParsers.string)
            c.textColor = read(&r, .content.textColor, ValueParsers.color)
        case .textField:
            c.text = read(&r, .content.text, ValueParsers.string)
            c.placeholder = read(&r, .content.placeholder, ValueParsers.string)
            c.textColor = read(&r, .content.textColor, ValueParsers.color)
            c.font = decodeFont(&r)
            if let a = read(
                &r, .text.textAlignment,
                { v throws(ValueFailure) in try ValueParsers.enumeration(v, TextAlignment.self) })
            {
                c.textAlignment = a
            }
        case .button:
            c.text = read(&r, .content.title, ValueParsers.string)
            c.textColor = read(&r, .content.textColor, ValueParsers.color)
            c.font = decodeFont(&r)
        case .imageView:
            c.image = read(&r, .content.image, ValueParsers.string)
        default:
            break
        }
        node.content = c
    }

    /// Reads `font`: a number (the line height in points), `{"lineHeight": n}` or `{"size": n}`, either with an
    /// optional `"weight"`. Reports bad values and unknown members at their JSON Pointer; a size must be positive
    /// and at most `DocumentLimits.maxFontSize`.
    mutating func decodeFont(_ r: inout MemberReader) -> FontSpec? {
        guard let v = r(.text.font) else { return nil }
        let font: FontSpec
        do { font = try Self.font(v) } catch {
            collector.report(error, at: [.key(.text.font)])
            return nil
        }
        if v.kind == .object {
            for key in v.members.map(\.key) where !Self.fontKeys.contains(key) {
                collector.report(
                    .unknownField, "\"\(key)\" is not a member of a font (use size, lineHeight, weight); it is ignored",
                    at: [.key(.text.font), .key(key)], severity: .warning)
            }
        }
        guard font.size <= limits.maxFontSize else {
            let member: [PathToken] = v["size"] != nil ? [.key(.text.font), .key("size")] : fontLineHeightMember(r)
            collector.report(
                .invalidValue, "a font of \(font.size) pt is over the limit of \(limits.maxFontSize) pt", at: member)
            return nil
        }
        return font
    }

    /// Where a font's line height is written: `font.lineHeight` in the object forms, else `font`.
    func fontLineHeightMember(_ r: MemberReader) -> [PathToken] {
        guard let v = r.object[.text.font], v.kind == .object, v["lineHeight"] != nil else { return [.key(.text.font)] }
        return [.key(.text.font), .key("lineHeight")]
    }

    /// A font value: a number (its line height), or an object with `size` and/or `lineHeight` and `weight`.
    static func font(_ v: JSONValue) throws(ValueFailure) -> FontSpec {
        guard v.kind == .object else { return FontSpec(lineHeight: try ValueParsers.nonNegative(v)) }
        var weight = FontWeight.regular
        if let w = v["weight"], !w.isNull {
            do { weight = try ValueParsers.enumeration(w, FontWeight.self) } catch { throw error.under(.key("weight")) }
        }
        var size: Double?
        if let s = v["size"], !s.isNull {
            do { size = try ValueParsers.number(s) } catch { throw error.under(.key("size")) }
            if let d = size, d <= 0 { throw ValueFailure("a font size must be positive", at: [.key("size")]) }
        }
        var lineHeight: Double?
        if let h = v["lineHeight"], !h.isNull {
            do { lineHeight = try ValueParsers.nonNegative(h) } catch { throw error.under(.key("lineHeight")) }
        }
        switch (size, lineHeight) {
        case (let s?, let h?):
            var font = FontSpec(size: s, weight: weight)
            font.lineHeight = h
            return font
        case (let s?, nil): return FontSpec(size: s, weight: weight)
        case (nil, let h?): return FontSpec(lineHeight: h, weight: weight)
        case (nil, nil):
            throw ValueFailure(.missingField, "a font needs \"size\" or \"lineHeight\"", at: [.key("size")])
        }
    }
}
