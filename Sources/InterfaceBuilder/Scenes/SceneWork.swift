/// The work spent turning one scene into documents, counted by its file (`InterfaceBuilderFile.work(scene:)`): the
/// counters tests read to check that a scene is mapped and decoded once per change that alters what it decodes from.
package struct SceneWork: Sendable, Hashable, CustomStringConvertible {
    /// Times its elements were mapped to a document tree (`ViewMapper`).
    package var mapped = 0
    /// Times `DocumentDecoder` decoded the tree (built in memory: never written as text and parsed again).
    package var decoded = 0

    package init(mapped: Int = 0, decoded: Int = 0) {
        self.mapped = mapped
        self.decoded = decoded
    }

    package var description: String { "mapped \(mapped), decoded \(decoded)" }
}
