internal import SwiftSyntax

/// Syntax nodes as texts without their outer trivia, read token by token: what swift-syntax's `trimmedDescription`
/// gives, at the cost of the text alone. (`trimmedDescription` builds a trimmed copy of the node, which replaces it
/// in every ancestor up to the file: each call copied the member list of its class and the file's list of
/// declarations, which made reading a file quadratic in its size. Nothing in `SwiftCode` may call it.)
///
/// For messages, at most `limit` characters (then `…`): a message never grows with the code it quotes, and quoting
/// a huge node costs what is shown.
enum Excerpt {
    /// The node's whole text without its outer trivia (type names, which are short).
    static func text(of node: some SyntaxProtocol) -> String { of(node, limit: .max) }

    /// The characters a message quotes of one node.
    static let limit = 80

    /// The node's text, at most `limit` characters (then `…`).
    static func of(_ node: some SyntaxProtocol, limit: Int = Excerpt.limit) -> String {
        of(tokens: node.tokens(viewMode: .sourceAccurate), limit: limit)
    }

    /// Consecutive nodes' text as written (an operator sequence's parts), bounded like `of(_:limit:)`.
    static func of(_ nodes: [ExprSyntax], limit: Int = Excerpt.limit) -> String {
        of(tokens: nodes.lazy.flatMap { $0.tokens(viewMode: .sourceAccurate) }, limit: limit)
    }

    /// The text of `tokens` with the trivia between them, without the first's leading and the last's trailing
    /// trivia, at most `limit` characters (then `…`).
    private static func of(tokens: some Sequence<TokenSyntax>, limit: Int) -> String {
        var text = ""
        var count = 0
        // The trivia after the last token read: kept only if another token follows.
        var pending = ""
        var isFirst = true
        for token in tokens {
            var piece = pending
            if !isFirst { piece += token.leadingTrivia.description }
            piece += token.text
            isFirst = false
            pending = token.trailingTrivia.description
            let pieceCount = piece.count
            if count + pieceCount > limit {
                return text + String(piece.prefix(max(limit - count, 0))) + "…"
            }
            text += piece
            count += pieceCount
        }
        return text
    }
}
