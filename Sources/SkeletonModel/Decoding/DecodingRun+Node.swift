import JSON

extension NodeType {
    /// The members the format defines for a node of this type (others are `unknown-field` warnings).
    package var fieldNames: Set<String> { PropertyRegistry.nodeNames(for: self) }
}

extension DocumentDecoder {
    /// The members the format defines at the top level of a document.
    package static var topLevelFieldNames: Set<String> { PropertyRegistry.names(in: .document) }
    /// The members of a table's sections.
    package static let tableSectionFieldNames: Set<String> = PropertyRegistry.sectionNames(for: .tableView)
    /// The members of a collection's sections.
    package static let collectionSectionFieldNames: Set<String> = PropertyRegistry.sectionNames(for: .collectionView)
}

extension DecodingRun {
    /// Decodes one node and its subtree; `collector.path` must point at it.
    mutating func decodeNode(_ v: JSONValue, indexPath: String, depth: Int) -> DecodedNode? {
        guard v.kind == .object else {
            collector.report(.invalidValue, "a node must be an object, not \(v.kind)")
            return nil
        }
        recursion += 1
        defer { recursion -= 1 }
        guard recursion <= limits.maxDepth, depth <= limits.maxDepth else {
            if !reportedTooDeep {
                reportedTooDeep = true
                collector.report(.tooDeep, "nodes nest deeper than the limit of \(limits.maxDepth) levels")
            }
            return nil
        }
        materialized += 1
        var r = MemberReader(v)
        let (type, typeName) = decodeType(&r)
        let id = decodeID(&r)
        let frame = decodeFrame(&r)
        var node = Node(type: type, id: id, reference: id ?? indexPath, frame: frame ?? .zero)
        decodeCommon(&r, into: &node)
        decodeContent(&r, into: &node)
        var lines = 0
        if type.isText {
            let countReported = decodeText(&r, into: &node)
            lines = node.skeletonLineCount(appearance: .default)
            if countReported {
                lines = min(lines, limits.maxLinesPerText)  // already reported: not again for its table
            } else if lines > limits.maxLinesPerText {
                reportedTooManyLines = true
                collector.report(
                    .tooManyLines,
                    "the frame's height holds \(lines) skeleton lines, over the limit of \(limits.maxLinesPerText) "
                        + "(set numberOfLines, or a larger line height or spacing)",
                    at: [.key(.view.frame)])
            }
        }
        if type == .stackView,
            let a = read(
                &r, .view.alignment, { v throws(ValueFailure) in try ValueParsers.enumeration(v, StackAlignment.self) })
        {
            node.stack = StackProperties(alignment: a)
        }
        if type.isScrollView, let b = read(&r, .view.isScrollEnabled, ValueParsers.bool) { node.isScrollEnabled = b }

        var height = 1
        var count = 1
        if let children = r(.view.children) {
            if children.kind == .array {
                collector.path.append(.key(.view.children))
                node.children.reserveCapacity(children.count)
                for i in 0..<children.count {
                    guard let child = children[i] else { continue }
                    collector.path.append(.index(i))
                    if let d = decodeNode(child, indexPath: indexPath + "." + String(i), depth: depth + 1) {
                        node.children.append(d.node)
                        height = max(height, d.height + 1)
                        count += d.count
                        lines += d.lines
                    }
                    collector.path.removeLast()
                }
                collector.path.removeLast()
            } else {
                collector.report(
                    .invalidValue, "must be an array of nodes, not \(children.kind)", at: [.key(.view.children)])
            }
        }
        if type.isCollection {
            let instances = decodeCollection(
                &r, into: &node, depth: depth, before: InstanceTally(count: count, lines: lines))
            height = max(height, instances.height + 1)
            count += instances.count
            lines += instances.lines
        }
        // An unknown type is decoded as a UIView, but the warning names the type the node has.
        reportUnknown(r, known: type.fieldNames, what: "for \(typeName)")
        return DecodedNode(node: node, height: height, count: count, lines: lines)
    }

    /// The node's type (UIView when it is missing or unknown) and how to name it in messages: the type as
    /// written (`"UIFoo"`, or `a node without a type`) when it is not one of the format's.
    private mutating func decodeType(_ r: inout MemberReader) -> (NodeType, String) {
        guard let t = r(.view.type) else {
            collector.report(.missingField, "a node needs a \"type\"", at: [.key(.view.type)])
            return (.view, "a node without a type")
        }
        guard let s = t.string, let type = NodeType(rawValue: s) else {
            let allowed = NodeType.allCases.map(\.rawValue).joined(separator: ", ")
            let shown = t.string.map { "\"\($0)\"" } ?? "\(t.kind)"
            collector.report(.unknownType, "unknown type \(shown); use one of \(allowed)", at: [.key(.view.type)])
            return (.view, t.string.map { "the unknown type \"\($0)\"" } ?? "a type that is \(t.kind)")
        }
        return (type, type.rawValue)
    }

    private mutating func decodeID(_ r: inout MemberReader) -> String? {
        guard let v = r(.view.id) else { return nil }
        guard let id = v.string else {
            collector.report(.invalidID, "must be a string, not \(v.kind)", at: [.key(.view.id)])
            return nil
        }
        if let problem = Self.idProblem(id) {
            collector.report(.invalidID, problem, at: [.key(.view.id)])
            return nil
        }
        if !idScopes[idScopes.count - 1].insert(id).inserted {
            collector.report(.duplicateID, "the id \"\(id)\" is already used in this document", at: [.key(.view.id)])
        }
        return id
    }

    /// Why an id cannot be used, or nil. Ids must not look like index paths or contain the
    /// characters that template references and layer ids use.
    static func idProblem(_ id: String) -> String? {
        if id.isEmpty { return "must not be empty" }
        var onlyDigitsAndDots = true
        for c in id.utf8 {
            switch c {
            case UInt8(ascii: "/"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "#"), UInt8(ascii: "@"):
                return "must not contain '/', '[', ']', '#' or '@'"
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."): break
            default: onlyDigitsAndDots = false
            }
        }
        return onlyDigitsAndDots ? "must not consist of digits and dots only (that is an index path)" : nil
    }

    private mutating func decodeFrame(_ r: inout MemberReader) -> Rect? {
        guard let v = r(.view.frame) else {
            collector.report(.invalidFrame, "a node needs a \"frame\": [x, y, width, height]", at: [.key(.view.frame)])
            return nil
        }
        guard v.kind == .array, v.count == 4 else {
            collector.report(.invalidFrame, "must be [x, y, width, height]", at: [.key(.view.frame)])
            return nil
        }
        var n = [0.0, 0, 0, 0]
        var ok = true
        for i in 0..<4 {
            guard let d = v[i]?.double, d.isFinite else {
                collector.report(.invalidFrame, "must be a finite number", at: [.key(.view.frame), .index(i)])
                ok = false
                continue
            }
            if i >= 2, d < 0 {
                collector.report(
                    .invalidFrame, "\(i == 2 ? "width" : "height") must not be negative",
                    at: [.key(.view.frame), .index(i)])
                ok = false
            }
            n[i] = d
        }
        return ok ? Rect(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
    }

    private mutating func decodeCommon(_ r: inout MemberReader, into node: inout Node) {
        if let b = read(&r, .view.isSkeletonable, ValueParsers.bool) { node.isSkeletonable = b }
        if let b = read(&r, .view.holdsContent, ValueParsers.bool) { node.holdsContent = b }
        if let b = read(&r, .view.isHidden, ValueParsers.bool) { node.isHidden = b }
        if let b = read(&r, .view.isHiddenWhenSkeletonIsActive, ValueParsers.bool) {
            node.isHiddenWhenSkeletonIsActive = b
        }
        if let b = read(&r, .view.isUserInteractionDisabledWhenSkeletonIsActive, ValueParsers.bool) {
            node.isUserInteractionDisabledWhenSkeletonIsActive = b
        }
        if let b = read(&r, .view.isUserInteractionEnabled, ValueParsers.bool) { node.isUserInteractionEnabled = b }
        if let b = read(&r, .view.clipsToBounds, ValueParsers.bool) { node.clipsToBounds = b }
        if let a = read(&r, .view.alpha, ValueParsers.unit) { node.alpha = a }
        if let b = read(&r, .view.arranged, ValueParsers.bool) { node.isArranged = b }
        if let d = read(&r, .view.skeletonCornerRadius, ValueParsers.number) { node.skeletonCornerRadius = d }
        if let d = read(&r, .view.cornerRadius, ValueParsers.number) { node.cornerRadius = d }
        if let c = read(&r, .view.backgroundColor, ValueParsers.color) { node.backgroundColor = c }
        if let d = read(
            &r, .view.layoutDirection,
            { v throws(ValueFailure) in try ValueParsers.enumeration(v, LayoutDirection.self) })
        {
            node.layoutDirection = d
        }
        if let c = read(&r, .view.constraints, Self.constraints) { node.constraints = c }
        if let m = read(&r, .view.autoresizingMask, Self.autoresizingMask) { node.autoresizingMask = m }
        _ = r(.view.comment)
    }

    /// An array of `UIView.AutoresizingMask` option names (`"flexibleWidth"`, `"flexibleLeftMargin"`, …).
    static func autoresizingMask(_ v: JSONValue) throws(ValueFailure) -> AutoresizingMask {
        guard v.kind == .array else { throw ValueFailure("must be an array of autoresizing option names") }
        var mask: AutoresizingMask = []
        for i in 0..<v.count {
            guard let e = v[i] else { continue }
            let name: String
            do { name = try ValueParsers.string(e) } catch { throw error.under(.index(i)) }
            guard let option = AutoresizingMask(name: name) else {
                let allowed = AutoresizingMask.named.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw ValueFailure("must be one of \(allowed), not \"\(name)\"").under(.index(i))
            }
            mask.insert(option)
        }
        return mask
    }

    /// `{"width": [n...], "height": [n...]}` (a single number is accepted for either).
    static func constraints(_ v: JSONValue) throws(ValueFailure) -> SizeConstraints {
        guard v.kind == .object else { throw ValueFailure("must be {\"width\": [...], \"height\": [...]}") }
        var out = SizeConstraints()
        for key in ["width", "height"] {
            guard let list = v[key], !list.isNull else { continue }
            var values: [Double] = []
            if list.kind == .array {
                for i in 0..<list.count {
                    guard let e = list[i] else { continue }
                    do { values.append(try ValueParsers.nonNegative(e)) } catch {
                        throw error.under(.index(i)).under(.key(key))
                    }
                }
            } else {
                do { values.append(try ValueParsers.nonNegative(list)) } catch { throw error.under(.key(key)) }
            }
            if key == "width" { out.width = values } else { out.height = values }
        }
        return out
    }

    /// Decodes a text node's members, checking its explicit line counts and line heights against the limits.
    /// Returns whether a problem about its line count or line height was reported (so the count it gives is not
    /// reported again).
    private mutating func decodeText(_ r: inout MemberReader, into node: inout Node) -> Bool {
        var t = node.text ?? TextProperties(for: node.type)
        var reported = false
        if let n = read(&r, .text.numberOfLines, ValueParsers.integer) {
            if n < 0 {
                collector.report(.invalidValue, "must not be negative", at: [.key(.text.numberOfLines)])
            } else if n > limits.maxLinesPerText {
                reported = reportTooManyLines(n, at: [.key(.text.numberOfLines)])
            } else {
                t.numberOfLines = n
            }
        }
        if let a = read(
            &r, .text.textAlignment, { v throws(ValueFailure) in try ValueParsers.enumeration(v, TextAlignment.self) })
        {
            t.textAlignment = a
        }
        if let font = decodeFont(&r) {
            t.fontLineHeight = font.lineHeight
            node.content.font = font
            reported = !checkSize(font.lineHeight, "a line height", at: fontLineHeightMember(r)) || reported
        }
        if let p = read(&r, .text.lastLineFillPercent, ValueParsers.integer) { t.lastLineFillPercent = min(p, 100) }
        if let c = read(&r, .text.linesCornerRadius, ValueParsers.integer) { t.linesCornerRadius = c }
        if let s = read(&r, .text.skeletonLineSpacing, ValueParsers.number) { t.skeletonLineSpacing = s }
        if let p = read(&r, .text.skeletonPaddingInsets, ValueParsers.insets) { t.skeletonPaddingInsets = p }
        if let h = read(&r, .text.skeletonTextLineHeight, ValueParsers.textLineHeight) {
            t.skeletonTextLineHeight = h
            if let v = r.object[.text.skeletonTextLineHeight] {
                reported = !checkLineHeight(h, in: v, at: [.key(.text.skeletonTextLineHeight)]) || reported
            }
        }
        if let n = read(&r, .text.skeletonTextNumberOfLines, ValueParsers.textNumberOfLines) {
            if case .custom(let k) = n, k > limits.maxLinesPerText {
                let custom = r.object[.text.skeletonTextNumberOfLines]?.kind == .object
                reported = reportTooManyLines(
                    k, at: [.key(.text.skeletonTextNumberOfLines)] + (custom ? [.key("custom")] : []))
            } else {
                t.skeletonTextNumberOfLines = n
            }
        }
        node.text = t
        return reported
    }

    /// Reports an explicit line count over `maxLinesPerText` at `member`; returns true (reported).
    private mutating func reportTooManyLines(_ n: Int, at member: [PathToken]) -> Bool {
        reportedTooManyLines = true
        collector.report(
            .tooManyLines, "\(n) lines are over the limit of \(limits.maxLinesPerText) lines per text node", at: member)
        return true
    }
}
