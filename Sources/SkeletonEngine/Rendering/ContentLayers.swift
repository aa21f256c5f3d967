/// The content under a skeleton (`Protocol/content.md`): a view's text or image below its subviews and its border
/// above them, faded out as SkeletonView clears them on show (§1.5: `textColor = .clear`, `image = nil`,
/// `title = nil`, `placeholder = nil`, inside the cross-dissolve) and back in on hide.
extension SkeletonSession {
    /// Appends the text or image layers of node `v` (drawn in `rect`, under `clips`) to `pass`.
    func emitContent(_ v: Int, rect: Rect, clips: [RoundedRect], into pass: inout EmitPass) {
        let node = tree.nodes[v]
        let content = node.content
        guard content.hasClearableContent, !rect.isEmpty else { return }
        let st = states[v]
        let opacity = contentOpacity(st.textFade, at: pass.time)
        if let fade = st.textFade { pass.fades(from: fade.start, for: fade.duration) }
        guard opacity > 0 else { return }
        let scheme = document.colorScheme
        if node.type == .imageView {
            if let name = content.image { emitImagePlaceholder(node, name: name, rect: rect, opacity, clips, &pass) }
            return
        }
        var string = content.text ?? ""
        var color = (content.textColor ?? NodeContent.defaultTextColor(for: node.type)).resolved(scheme)
        if string.isEmpty, node.type == .textField, let placeholder = content.placeholder {
            string = placeholder
            color = NodeContent.placeholderText.resolved(scheme)
        }
        guard !string.isEmpty, color.alpha > 0 else { return }
        var text = textContent(node, v, string: string)
        text.text = ContentText.visiblePrefix(of: string, font: text.font, maxLines: text.maxLines, box: rect.size)
        pass.out.append(
            Layer(
                id: node.reference + "#text", node: node.reference, kind: .text,
                shape: RoundedRect(rect: rect, cornerRadius: 0), fill: .solid(color), opacity: opacity, clips: clips,
                content: .text(text)))
    }

    /// Appends node `v`'s border (above its subviews and its skeleton, as Core Animation composites it).
    func emitBorder(_ v: Int, rect: Rect, clips: [RoundedRect], into pass: inout EmitPass) {
        let node = tree.nodes[v]
        let width = node.content.borderWidth
        guard width > 0, !rect.isEmpty else { return }
        let color = (node.content.borderColor ?? SkeletonColor(RGBA(red: 0, green: 0, blue: 0))).resolved(
            document.colorScheme)
        guard color.alpha > 0 else { return }
        pass.out.append(
            Layer(
                id: node.reference + "#border", node: node.reference, kind: .border,
                shape: RoundedRect(rect: rect, cornerRadius: node.cornerRadius), fill: .solid(color), clips: clips,
                content: .stroke(width: width)))
    }

    /// How node `v` lays out `string`: its font, alignment, line count, direction and placement.
    private func textContent(_ node: Node, _ v: Int, string: String) -> TextContent {
        let font =
            node.content.font ?? node.text?.fontLineHeight.map { FontSpec(lineHeight: $0) }
            ?? NodeContent.defaultFont(for: node.type)
        let rtl = tree.rtl[v]
        switch node.type {
        case .label:
            let t = node.text ?? TextProperties(for: .label)
            return TextContent(
                text: string, font: font, alignment: ParagraphAlignment(t.textAlignment),
                maxLines: t.numberOfLines, isRightToLeft: rtl, placement: .center)
        case .textView:
            let t = node.text ?? TextProperties(for: .textView)
            return TextContent(
                text: string, font: font, alignment: ParagraphAlignment(t.textAlignment), maxLines: 0,
                isRightToLeft: rtl, placement: .top, insets: ContentText.textViewInsets)
        case .textField:
            return TextContent(
                text: string, font: font, alignment: ParagraphAlignment(node.content.textAlignment ?? .natural),
                maxLines: 1, isRightToLeft: rtl, placement: .center, insets: ContentText.textFieldInsets)
        default:
            return TextContent(
                text: string, font: font, alignment: .center, maxLines: 1, isRightToLeft: rtl, placement: .center)
        }
    }

    /// An image view's image as a placeholder: a grey tile, a glyph box and, when there is room, the image's name.
    private func emitImagePlaceholder(
        _ node: Node, name: String, rect: Rect, _ opacity: Double, _ clips: [RoundedRect], _ pass: inout EmitPass
    ) {
        let scheme = document.colorScheme
        let ref = node.reference
        let tile = NodeContent.imageTile.resolved(scheme)
        let glyph = NodeContent.imageGlyph.resolved(scheme)
        pass.out.append(
            Layer(
                id: ref + "#image", node: ref, kind: .image,
                shape: RoundedRect(rect: rect, cornerRadius: node.cornerRadius), fill: .solid(tile), opacity: opacity,
                clips: clips))
        let layout = ContentText.imagePlaceholder(in: rect)
        guard let box = layout.glyph else { return }
        pass.out.append(
            Layer(
                id: ref + "#image-glyph", node: ref, kind: .image,
                shape: RoundedRect(rect: box, cornerRadius: box.width * 0.2), fill: .solid(glyph), opacity: opacity,
                clips: clips, content: .stroke(width: layout.stroke)))
        guard let caption = layout.caption, !name.isEmpty else { return }
        let font = FontSpec(size: ContentText.captionSize)
        let text = TextContent(
            text: ContentText.visiblePrefix(of: name, font: font, maxLines: 1, box: caption.size), font: font,
            alignment: .center, maxLines: 1)
        pass.out.append(
            Layer(
                id: ref + "#image-name", node: ref, kind: .image,
                shape: RoundedRect(rect: caption, cornerRadius: 0), fill: .solid(glyph), opacity: opacity,
                clips: clips, content: .text(text)))
    }
}

extension ParagraphAlignment {
    /// The paragraph alignment of an `NSTextAlignment`.
    init(_ alignment: TextAlignment) {
        switch alignment {
        case .natural: self = .natural
        case .left: self = .left
        case .center: self = .center
        case .right: self = .right
        case .justified: self = .justified
        }
    }
}

/// Sizes and bounds of drawn content.
enum ContentText {
    /// UITextView's `textContainerInset` (8 pt above and below) plus its container's `lineFragmentPadding` (5 pt).
    static let textViewInsets = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5)
    /// A rounded-rect UITextField's text rectangle: 7 pt in from each side.
    static let textFieldInsets = EdgeInsets(top: 0, left: 7, bottom: 0, right: 7)
    /// The image placeholder's caption size, in points.
    static let captionSize = 11.0
    /// Scalars a line of `font` can show at most per point of width: no visible glyph advances less than a tenth
    /// of the em, and up to four scalars (a base and its marks) make one cluster.
    private static let scalarsPerEm = 40.0

    /// Scalars a cut text may hold beyond its visible bound (invisible ones: `InvisibleScalars`).
    static let maxInvisibleScalars = 1 << 22

    /// The start of `string` that can show in `box` with `font` and `maxLines` (0: as many lines as fit): the whole
    /// string when it is short, else a prefix long enough for every line that can show, counting only the scalars
    /// that can take width (so text after 300,000 zero-width characters still shows; at most
    /// `maxInvisibleScalars` invisible ones are kept). A 1 MB label text costs what its visible lines cost from here
    /// on.
    static func visiblePrefix(of string: String, font: FontSpec, maxLines: Int, box: Size) -> String {
        guard font.size > 0, font.lineHeight > 0, box.width.isFinite, box.height.isFinite else { return "" }
        let fitting = min(box.height / font.lineHeight + 1, 100_000)
        let lines = maxLines > 0 ? min(Double(maxLines), fitting) : fitting
        let perLine = min((box.width / font.size + 1) * scalarsPerEm, 1_000_000)
        let bound = Int(min(lines * (perLine + 1), Double(1 << 22)))
        guard string.utf8.count > bound else { return string }
        let scalars = string.unicodeScalars
        var visible = 0
        var invisible = 0
        var end = scalars.startIndex
        while end != scalars.endIndex, visible < bound {
            if InvisibleScalars.contains(scalars[end].value) {
                invisible += 1
                if invisible > maxInvisibleScalars { break }
            } else {
                visible += 1
            }
            scalars.formIndex(after: &end)
        }
        return String(scalars[..<end])
    }

    /// Where an image placeholder's glyph box (and its stroke width) and its caption go in `rect`.
    static func imagePlaceholder(in rect: Rect) -> (glyph: Rect?, stroke: Double, caption: Rect?) {
        let side = min(rect.width, rect.height) * 0.36
        guard side >= 6 else { return (nil, 0, nil) }
        let withCaption = rect.height >= 56 && rect.width >= 48
        let captionHeight = captionSize * FontSpec.systemLineHeightRatio
        let blockHeight = side + (withCaption ? 4 + captionHeight : 0)
        let top = rect.y + (rect.height - blockHeight) / 2
        let glyph = Rect(x: rect.x + (rect.width - side) / 2, y: top, width: side, height: side)
        let stroke = max(1, side / 16)
        let caption =
            withCaption
            ? Rect(x: rect.x + 4, y: top + side + 4, width: max(0, rect.width - 8), height: captionHeight) : nil
        return (glyph, stroke, caption)
    }
}
