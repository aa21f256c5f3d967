import ArgumentParser
import JSON
import SkeletonProtocol

/// `skeleton tree`: SkeletonView's `skeletonTreeDescription` of a document.
struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the skeleton tree description of a document.",
        discussion: """
            Prints the text of skeleton/treeDescription: SkeletonView's sk.skeletonTreeDescription, with each \
            view's type, its reference (use it with --node elsewhere) and whether it is skeletonable.

            Protocol: initialize, textDocument/didOpen, skeleton/isActive, skeleton/treeDescription, shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument

    @Option(help: "Describe this node's subtree only (an id or an index path).")
    var node: String?

    @OptionGroup var scene: SceneOption

    @Flag(help: "Also report each node's state (isSkeletonActive, isHidden, …).")
    var state = false

    func run() throws {
        let source = scene.apply(to: try document.load())
        let daemon = try DaemonSession.start(project: source.project)
        defer { daemon.finish() }
        try daemon.openValid(source)
        let params = TreeDescriptionRequest.Params(
            target: source.target, node: node, options: TreeOptions(includeState: state))
        try StandardOutput.line(try daemon.call(TreeDescriptionRequest.self, params).text)
    }
}
