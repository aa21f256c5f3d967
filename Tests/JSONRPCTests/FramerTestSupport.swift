import JSONRPC

/// What a framer produced, copied out of its callbacks.
enum Framed: Equatable {
    case message(String)
    case error(FramingError.Kind)
}

/// Feeds `input` in chunks of `chunkSize` bytes (all at once when nil) and collects the events.
func frame<F: Framer>(_ framer: inout F, _ input: [UInt8], chunkSize: Int? = nil, finish: Bool = true) -> [Framed] {
    var out: [Framed] = []
    let collect: (FramerEvent) -> Void = { event in
        switch event {
        case .message(let body): out.append(.message(String(decoding: body, as: UTF8.self)))
        case .error(let error): out.append(.error(error.kind))
        }
    }
    input.withUnsafeBytes { raw in
        let step = max(1, chunkSize ?? raw.count)
        var start = 0
        while start < raw.count {
            let end = min(start + step, raw.count)
            framer.feed(UnsafeRawBufferPointer(rebasing: raw[start..<end]), collect)
            start = end
        }
    }
    if finish { framer.finish(collect) }
    return out
}

/// Feeds `input` in two reads, split at byte `split`, and collects the events.
func frame<F: Framer>(_ framer: inout F, _ input: [UInt8], splitAt split: Int) -> [Framed] {
    var out: [Framed] = []
    let collect: (FramerEvent) -> Void = { event in
        switch event {
        case .message(let body): out.append(.message(String(decoding: body, as: UTF8.self)))
        case .error(let error): out.append(.error(error.kind))
        }
    }
    input.withUnsafeBytes { raw in
        framer.feed(UnsafeRawBufferPointer(rebasing: raw[..<split]), collect)
        framer.feed(UnsafeRawBufferPointer(rebasing: raw[split...]), collect)
    }
    framer.finish(collect)
    return out
}

func lsp(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }
