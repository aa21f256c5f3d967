/// The ingest input: realistic LSP traffic (~256 bytes a message), LSP-framed into one byte stream.
enum IngestCorpus {
    /// `count` framed messages: a deterministic mix of requests (hover, completion, definition, a skeleton
    /// request with a frame) and notifications (didChange with a small edit, cancelRequest, didSave).
    static func make(count: Int, seed: UInt64 = 0x5EED) -> (stream: [UInt8], bodyBytes: Int) {
        var random = SplitMix64(seed: seed)
        var stream: [UInt8] = []
        stream.reserveCapacity(count * 290)
        var bodyBytes = 0
        for n in 0..<count {
            let body = Array(message(n, &random).utf8)
            bodyBytes += body.count
            stream.append(contentsOf: Array("Content-Length: \(body.count)\r\n\r\n".utf8))
            stream.append(contentsOf: body)
        }
        return (stream, bodyBytes)
    }

    private static let folders = [
        "Sources/Features/Feed/Views", "Sources/Features/Profile/Views", "Sources/Features/Checkout/Cells",
        "Sources/Shared/DesignSystem",
    ]
    private static let files = ["FeedCell", "ProfileHeaderView", "CartSummaryView", "AvatarView", "LoadingPlaceholder"]
    private static let words = [
        "label", "isSkeletonable", "showAnimatedGradientSkeleton()", "cornerRadius", "view", "UIImageView", "title",
    ]

    private static func uri(_ random: inout SplitMix64) -> String {
        "file:///Users/developer/Projects/ShopApp-iOS/App/\(random.pick(folders))/\(random.pick(files))\(random.below(40)).swift"
    }

    private static func message(_ n: Int, _ random: inout SplitMix64) -> String {
        let id = n + 1
        let line = random.below(900)
        let character = random.below(80)
        switch random.below(8) {
        case 0, 1:
            return
                #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri(&random))"},"position":{"line":\#(line),"character":\#(character)},"workDoneToken":"work-done-hover-\#(id)"}}"#
        case 2:
            return
                #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri(&random))"},"position":{"line":\#(line),"character":\#(character)},"context":{"triggerKind":2,"triggerCharacter":"."}}}"#
        case 3:
            return
                #"{"jsonrpc":"2.0","id":"req-\#(id)","method":"textDocument/definition","params":{"textDocument":{"uri":"\#(uri(&random))"},"position":{"line":\#(line),"character":\#(character)},"partialResultToken":"partial-definition-\#(id)"}}"#
        case 4:
            return
                ##"{"jsonrpc":"2.0","id":\##(id),"method":"skeleton/layout","params":{"uri":"\##(uri(&random))","frame":[0,\##(line % 300).5,375,\##(44 + character)],"scale":3,"animated":true,"gradient":{"base":"#ECF0F1","highlight":"#BDC3C7"}}}"##
        case 5:
            return #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(max(1, id - 1 - random.below(3)))}}"#
        case 6:
            return
                #"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(uri(&random))"},"text":null}}"#
        default:
            let word = random.pick(words)
            return
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri(&random))","version":\#(id)},"contentChanges":[{"range":{"start":{"line":\#(line),"character":\#(character)},"end":{"line":\#(line),"character":\#(character + 3)}},"text":"\#(word)"}]}}"#
        }
    }
}
