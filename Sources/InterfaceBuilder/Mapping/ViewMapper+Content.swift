import Foundation
import JSON
import SkeletonModel

/// The content a scene's views show under their skeletons (`Protocol/content.md`): texts, placeholders, button
/// titles, text colours, fonts and image names.
extension ViewMapper {
    /// Maps the content members of `e` (a view of `type`) into `o`.
    mutating func mapContent(_ e: IBElement, type: NodeType, into o: inout JSONObject, at pointer: [String]) {
        switch type {
        case .label, .textView:
            if let text = string(e, "text") { o[.content.text] = .string(text) }
            mapColor(e.child("color", key: "textColor"), as: "textColor", into: &o, at: pointer)
        case .textField:
            if let text = string(e, "text") { o[.content.text] = .string(text) }
            if let placeholder = string(e, "placeholder") { o[.content.placeholder] = .string(placeholder) }
            mapColor(e.child("color", key: "textColor"), as: "textColor", into: &o, at: pointer)
            if let a = e["textAlignment"], let alignment = ElementTypes.textAlignments[a] {
                o[.text.textAlignment] = .string(alignment.rawValue)
            }
            mapFont(e, into: &o, at: pointer)
        case .button:
            let normal = e.children.first { $0.name == "state" && $0.key == "normal" }
            let configuration = e.child(key: "configuration")
            let normalTitle = normal.flatMap { string($0, "title") }
            if let title = normalTitle ?? configuration.flatMap({ string($0, "title") }) {
                o[.content.title] = .string(title)
            }
            mapColor(normal?.child("color", key: "titleColor"), as: "textColor", into: &o, at: pointer)
            mapFont(e, into: &o, at: pointer)
        case .imageView:
            if let image = e["image"], !image.isEmpty { o[.content.image] = .string(image) }
        default:
            break
        }
    }

    /// A string property: the attribute `name`, else a `<string key="name">` or `<mutableString key="name">` child
    /// (Xcode writes the latter for some texts; base64 when IB says so). Text marked base64 that is not (once IB's
    /// line breaks and spaces are taken out) is a warning at its element, and the property is left out.
    mutating func string(_ e: IBElement, _ name: String) -> String? {
        if let value = e[name] { return value }
        guard let s = e.child("string", key: name) ?? e.child("mutableString", key: name) else { return nil }
        let text = s.text ?? ""
        guard s["base64-UTF8"] == "YES" else { return text }
        let packed = String(text.unicodeScalars.filter { !" \t\r\n".unicodeScalars.contains($0) })
        guard let data = Data(base64Encoded: packed) else {
            report(
                .invalidValue, "\(name): the text is marked base64-UTF8 but is not base64; it is left out",
                at: s.location,
                severity: .warning)
            return nil
        }
        // Text that decodes to nothing is no string (an empty title draws nothing).
        guard !data.isEmpty else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// A `<color>` element as the colour member `member` (unknown colours are a warning: UIKit's default is kept).
    private mutating func mapColor(_ c: IBElement?, as member: String, into o: inout JSONObject, at pointer: [String]) {
        guard let c else { return }
        switch colors.resolve(c) {
        case .color(let color):
            o[member] = IBColorResolver.json(color)
            sourceMap.record(pointer + [member], c.location)
        case .unknown(let why):
            report(.unknownColor, why + "; UIKit's default text colour is used", at: c.location, severity: .warning)
        case .invalid(let why):
            report(.invalidValue, "\(c.key ?? member): " + why, at: c.location)
        }
    }
}
