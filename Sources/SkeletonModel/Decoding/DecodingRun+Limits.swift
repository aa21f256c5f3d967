import JSON

/// What a node's subtree holds so far, or what the template instances of one table or collection add to it.
struct InstanceTally {
    /// The deepest instance, in levels.
    var height = 0
    /// Nodes.
    var count = 0
    /// Skeleton lines.
    var lines = 0
}

extension DecodingRun {
    /// Whether `size` is 0 or at least `limits.minimumSize`; when it is positive but smaller (a denormal
    /// included), reports `size-too-small` at `member` (below the current path) and returns false.
    mutating func checkSize(_ size: Double, _ what: String, at member: [PathToken]) -> Bool {
        guard size > 0, size < limits.minimumSize else { return true }
        collector.report(
            .sizeTooSmall, "\(what) of \(size) pt is below the minimum of \(limits.minimumSize) pt", at: member)
        return false
    }

    /// `checkSize` for a fixed line height written as `v` (a number, or `{"fixed": n}`) at `member`.
    mutating func checkLineHeight(_ h: TextLineHeight, in v: JSONValue, at member: [PathToken]) -> Bool {
        guard case .fixed(let x) = h else { return true }
        return checkSize(x, "a line height", at: member + (v.kind == .object ? [.key("fixed")] : []))
    }

    /// `checkSize` for the line heights of the document's `appearance` (written as `v`).
    mutating func checkLineHeights(of a: AppearanceOverrides, in v: JSONValue) {
        let base: [PathToken] = [.key("appearance")]
        if let h = a.multilineHeight {
            _ = checkSize(h, "a line height", at: base + [.key(.appearance.multilineHeight)])
        }
        if let h = a.textLineHeight, let m = v[.appearance.textLineHeight] {
            _ = checkLineHeight(h, in: m, at: base + [.key(.appearance.textLineHeight)])
        }
    }

    /// Whether a `sections` array of `count` sections fits `limits.maxSections`; reports `too-many-sections` at
    /// `sections` (below the current path) when not.
    mutating func checkSectionCount(_ count: Int) -> Bool {
        guard count > limits.maxSections else { return true }
        collector.report(
            .tooManySections, "\(count) sections are over the limit of \(limits.maxSections)", at: [.key("sections")])
        return false
    }

    /// Whether `copies` instances of `body` (each with a root of `size`) fit the depth, node, line and work limits,
    /// counting what the node had `before` its instances and what `tally` already holds; adds them to `tally` when
    /// they do, and reports at `path` when not. Nothing is allocated for the copies here, and no arithmetic on
    /// `copies` can overflow.
    mutating func admit(
        _ body: DecodedNode, copies: Int, size: Size, depth: Int, before: InstanceTally,
        into tally: inout InstanceTally,
        at path: [PathToken]
    ) -> Bool {
        if depth + body.height > limits.maxDepth {
            if !reportedTooDeep {
                reportedTooDeep = true
                collector.report(
                    .tooDeep,
                    "instances of this template would nest \(depth + body.height) levels deep, over the limit of \(limits.maxDepth)",
                    atPath: path)
            }
            return false
        }
        let (nodes, nodesOverflow) = copies.multipliedReportingOverflow(by: body.count)
        if nodesOverflow || nodes > limits.maxNodes - before.count - tally.count
            || nodes > 2 * limits.maxNodes - materialized
        {
            if !reportedTooMany {
                reportedTooMany = true
                collector.report(
                    .tooManyNodes,
                    "\(copies) instances of \(body.count) nodes go over the limit of \(limits.maxNodes) nodes",
                    atPath: path)
            }
            return false
        }
        let perCopy = Self.lines(of: body, resizedTo: size)
        let (lines, linesOverflow) = copies.multipliedReportingOverflow(by: perCopy)
        if linesOverflow || lines > limits.maxLines - before.lines - tally.lines {
            if !reportedTooManyLines {
                reportedTooManyLines = true
                collector.report(
                    .tooManyLines,
                    "\(copies) instances of \(perCopy) skeleton lines go over the limit of \(limits.maxLines) lines",
                    atPath: path)
            }
            return false
        }
        materialized += nodes
        tally.height = max(tally.height, body.height)
        tally.count += nodes
        tally.lines += lines
        return true
    }

    /// The skeleton lines of one instance of `body` whose root is given `size` (a text root's automatic count
    /// follows its instance's height; the rest of the body keeps its own frames).
    static func lines(of body: DecodedNode, resizedTo size: Size) -> Int {
        guard body.node.type.isText else { return body.lines }
        var root = body.node
        let own = root.skeletonLineCount(appearance: .default)
        root.frame.width = size.width
        root.frame.height = size.height
        return body.lines - own + root.skeletonLineCount(appearance: .default)
    }
}
