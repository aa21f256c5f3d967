import JSON
import JSONRPC
import SkeletonProtocol

/// LSP text synchronization: open, change (range edits in order, all or nothing, versions that grow) and close.
extension DocumentStore {
    /// What range changes cost so far, for `daemon/status`.
    struct TextSyncCounts: Sendable, Hashable {
        /// Range changes applied (whole-text replacements are not counted).
        var rangeChanges = 0
        /// Bytes of text they visited: the gap's travel and UTF-16 columns' walks (see `GapTextBuffer`), or the bytes
        /// after a lone change (moved once).
        var bytesVisited = 0

        mutating func add(rangeChanges: Int, bytesVisited: Int) {
            self.rangeChanges &+= rangeChanges
            self.bytesVisited &+= bytesVisited
        }
    }

    func register(in table: inout MethodTable) {
        table.notification(DidOpenTextDocument.self) { [self] params, _ in
            let item = params.textDocument
            DocumentLane.assertOnLane(item.uri)
            // The text's bytes were copied once from the message's tree, not through a String.
            let text = TextDocument(uri: item.uri, languageId: item.languageId, version: item.version, bytes: item.text)
            let entry = DocumentEntry(text: text)
            entries.withLock { $0[text.uri] = entry }
            log.debug("opened \(text.uri) (\(text.buffer.bytes.count) bytes)")
            analyse(text.uri, entry, as: .edit)
            nibChanged(text.uri)
        }
        table.notification(DidChangeTextDocument.self) { [self] params, _ in try didChange(params) }
        table.notification(DidCloseTextDocument.self) { [self] params, _ in
            let uri = params.textDocument.uri
            DocumentLane.assertOnLane(uri)
            let closed = entries.withLock { $0.removeValue(forKey: uri) }
            previews.documentClosed(uri)
            if let closed { swiftDocumentClosed(closed) }
            nibChanged(uri)
            server?.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
        }
    }

    /// Applies content changes in array order; all or nothing. The version must grow.
    private func didChange(_ params: DidChangeTextDocument.Params) throws {
        let (uri, version) = (params.textDocument.uri, params.textDocument.version)
        DocumentLane.assertOnLane(uri)
        guard let entry = entry(uri) else {
            throw ResponseError(.invalidParams, "didChange for \(uri), which is not open")
        }
        // Every change was read before the text is touched: a bad field refuses them all.
        let decoded = params.contentChanges.map { change in
            (range: change.range.map(TextRange.init), text: change.text, at: change.source)
        }
        // A single range edit of a valid document may take the short path through the one node it touched.
        let spans = decoded.count == 1 && decoded[0].range != nil ? spansForEdit(entry) : nil
        let encoding = configuration.positionEncoding
        let edit = try entry.state.withLock { state throws -> ByteEdit? in
            guard version > state.text.version else {
                throw ResponseError(
                    .invalidParams,
                    "didChange for \(uri) with version \(version), which is not after \(state.text.version)")
            }
            // The kept syntax tree shares the text's bytes: taken from it first, the edit changes them in place.
            let from = state.text.version
            entry.textWillChange(from: from)
            func apply(_ change: (range: TextRange?, text: String, at: JSONValue), to buffer: inout TextBuffer) throws
                -> ByteEdit?
            {
                do {
                    return try buffer.apply(range: change.range, text: change.text, encoding: encoding)
                } catch {
                    throw JSONDecodingError(at: change.at, error.description)
                }
            }
            // One change applies in place (it fails before changing anything); several apply to a copy first.
            var edit: ByteEdit?
            // All the changes as one byte range (nil once one replaces the whole text), for the text map.
            var combined: (edit: ByteEdit, linesChanged: Bool)?
            var replacedAll = false
            func follow(_ change: ByteEdit?, _ text: String, lines: Int, now lineCount: Int) {
                guard let change, !replacedAll else {
                    replacedAll = true
                    combined = nil
                    return
                }
                let linesChanged = lineCount != lines || text.utf8.contains(0x0A)
                combined =
                    combined.map { ($0.edit.followed(by: change), $0.linesChanged || linesChanged) }
                    ?? (change, linesChanged)
            }
            if decoded.count == 1 {
                let lines = state.text.buffer.lineCount
                edit = try apply(decoded[0], to: &state.text.buffer)
                // The bytes after the range move (once) to make room or close up.
                let moved = edit.map { state.text.buffer.bytes.count - $0.newEnd } ?? 0
                textSyncCounts.withLock { $0.add(rangeChanges: edit == nil ? 0 : 1, bytesVisited: moved) }
                follow(edit, decoded[0].text, lines: lines, now: state.text.buffer.lineCount)
            } else {
                // Several go through a gap buffer, so each costs its distance from the previous one (see
                // `GapTextBuffer`), within the movement budget.
                var buffer = GapTextBuffer(state.text.buffer)
                for change in decoded {
                    let lines = buffer.lineCount
                    do {
                        edit = try buffer.apply(range: change.range, text: change.text, encoding: encoding)
                    } catch let error as TextBuffer.EditError {
                        throw JSONDecodingError(at: change.at, error.description)
                    } catch {
                        throw ResponseError(
                            .invalidParams,
                            "didChange for \(uri): its \(decoded.count) changes visit more than "
                                + "\(buffer.visitBudget) bytes of the text, the limit for this text (64 MiB plus 8 "
                                + "times its size): send range changes in document order, or the whole text")
                    }
                    follow(edit, change.text, lines: lines, now: buffer.lineCount)
                }
                state.text.buffer = buffer.textBuffer
                let ranges = decoded.count(where: { $0.range != nil })
                textSyncCounts.withLock { $0.add(rangeChanges: ranges, bytesVisited: buffer.bytesVisited) }
            }
            state.textMapEdit = Self.textMapEdit(state, from: state.text.version, to: version, combined)
            state.text.version = version
            entry.textChanged(by: combined?.edit, from: from, to: version)
            return edit
        }
        defer { nibChanged(uri) }
        if let edit, let spans, applyInPlace(uri, entry, edit: edit, spans: consume spans) { return }
        // A Swift file's changes that pile up are read once, newest text first (`Protocol/swift-code.md`).
        if isSwiftDocument(entry, uri) { return queueSwiftReading(uri, entry) }
        analyse(uri, entry, as: .edit)
    }

    /// The change since the text map's version once the text went from version `from` to `to` by `change`: the
    /// change itself when the map is `from`'s, else composed with the change since the map's version.
    private static func textMapEdit(
        _ state: DocumentEntry.State, from: Int, to: Int, _ change: (edit: ByteEdit, linesChanged: Bool)?
    ) -> TextMapEdit? {
        guard let change, let map = state.textMap else { return nil }
        if map.version == from {
            return TextMapEdit(from: from, to: to, edit: change.edit, linesChanged: change.linesChanged)
        }
        guard let earlier = state.textMapEdit, earlier.from == map.version, earlier.to == from else { return nil }
        return earlier.followed(by: change.edit, to: to, linesChanged: change.linesChanged)
    }

    /// The most bytes the range changes of one `didChange` may visit in a text of `bytes` bytes (see
    /// `GapTextBuffer`): 64 MiB plus 8 times the text's size, so that changes in document order (which move
    /// across it at most twice) never reach it, and changes that jump back and forth stay within a few
    /// passes over the text.
    static func editVisitBudget(forBytes bytes: Int) -> Int {
        let (scaled, overflow) = bytes.multipliedReportingOverflow(by: 8)
        return overflow ? Int.max : scaled.addingReportingOverflow(64 << 20).overflow ? Int.max : scaled + (64 << 20)
    }
}

extension TextRange {
    /// A range as the protocol sends it.
    init(_ range: PositionRange) { self.init(start: TextPosition(range.start), end: TextPosition(range.end)) }
}

extension TextPosition {
    /// A position as the protocol sends it.
    init(_ position: Position) { self.init(line: position.line, character: position.character) }
}
