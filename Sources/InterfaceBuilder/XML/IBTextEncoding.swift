/// The encodings an Interface Builder file may be written in, as Xcode writes them: UTF-8, or UTF-16 with a byte
/// order mark (or, without one, starting `<?xml` as XML's appendix F describes). Everything else is refused before
/// libxml2 sees a byte, so libxml2 never switches encodings (a declared `UTF-7` once smuggled a DTD past a byte scan).
enum IBTextEncoding {
    /// The encoding names an XML declaration may give (compared without case).
    static let declarable: Set<String> = ["UTF-8", "UTF8", "UTF-16", "UTF16"]

    /// A text that cannot be read: why, and the offset (in the UTF-8 text decoded so far) it is about.
    struct Refusal: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// The text as UTF-8 without a byte order mark: UTF-8 as it is, UTF-16 decoded. Refuses text that is neither, or
    /// that holds a NUL (XML allows none, and four leading NULs would make libxml2 guess UCS-4).
    static func utf8(_ bytes: [UInt8]) -> Result<[UInt8], Refusal> {
        var text: [UInt8]
        if let bigEndian = utf16ByteOrder(bytes) {
            switch decodeUTF16(bytes, bigEndian: bigEndian) {
            case .success(let decoded): text = decoded
            case .failure(let refusal): return .failure(refusal)
            }
        } else {
            if let bad = firstInvalidUTF8(in: bytes) {
                return .failure(Refusal(message: "the file is not UTF-8 text (an invalid byte sequence)", offset: bad))
            }
            text = bytes
        }
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        if let nul = text.firstIndex(of: 0) {
            return .failure(
                Refusal(message: "the file holds a NUL character (U+0000), which XML does not allow", offset: nul))
        }
        return .success(text)
    }

    /// UTF-16's byte order (true: big-endian) when `bytes` start with its byte order mark or with `<?` in UTF-16.
    static func utf16ByteOrder(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF): return true
        case (0xFF, 0xFE): return false
        default: break
        }
        guard bytes.count >= 4 else { return nil }
        if bytes[0...3] == [0x3C, 0x00, 0x3F, 0x00] { return false }
        if bytes[0...3] == [0x00, 0x3C, 0x00, 0x3F] { return true }
        return nil
    }

    /// UTF-16 (after any byte order mark) as UTF-8; an odd length or a lone surrogate is refused where it is.
    private static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool) -> Result<[UInt8], Refusal> {
        let hasMark = (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
        let start = hasMark ? 2 : 0
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var i = start
        while i + 1 < bytes.count {
            let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        var decoder = UTF16()
        var iterator = units.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): UTF8.encode(scalar) { out.append($0) }
            case .emptyInput: break loop
            case .error:
                return .failure(
                    Refusal(message: "the file is not UTF-16 text (a lone surrogate)", offset: out.count))
            }
        }
        guard i == bytes.count else {
            return .failure(Refusal(message: "the file is not UTF-16 text (an odd number of bytes)", offset: out.count))
        }
        return .success(out)
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence, if any.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return consumed
            }
        }
    }

    /// Checks the XML declaration's `encoding` (UTF-8 or UTF-16 only) and blanks it out of `text` (same length, so
    /// every offset stays), so that libxml2 reads the UTF-8 text as UTF-8 whatever the file declared.
    static func neutraliseDeclaredEncoding(_ text: inout [UInt8]) -> Refusal? {
        guard text.starts(with: Array("<?xml".utf8)), let end = find(Array("?>".utf8), in: text, from: 5) else {
            return nil
        }
        let key = Array("encoding".utf8)
        guard let at = find(key, in: text[..<end], from: 5) else { return nil }
        var i = at + key.count
        func skipSpace() { while i < end, [0x20, 0x09, 0x0A, 0x0D].contains(text[i]) { i += 1 } }
        skipSpace()
        guard i < end, text[i] == UInt8(ascii: "=") else { return nil }
        i += 1
        skipSpace()
        guard i < end, text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "'") else { return nil }
        let quote = text[i]
        guard let close = text[(i + 1)..<end].firstIndex(of: quote) else { return nil }
        let name = String(decoding: text[(i + 1)..<close], as: UTF8.self)
        guard declarable.contains(name.uppercased()) else {
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            return Refusal(
                message: "the file declares the encoding \"\(shown)\"; Interface Builder files are UTF-8 (or UTF-16)",
                offset: at)
        }
        for k in at...close { text[k] = 0x20 }
        return nil
    }

    /// The offset of the first `needle` in `haystack` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, haystack.endIndex - needle.count >= from else { return nil }
        var i = max(from, haystack.startIndex)
        while i + needle.count <= haystack.endIndex {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The offset of the first `needle` in `haystack` at or after `from`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        find(needle, in: haystack[...], from: from)
    }
}
