extension SourceDocument {
    /// The 1-based line where `scene` is declared (`sceneID="ID"` in a storyboard, `id="ID"` in a XIB), else 1: the
    /// location reports give a scene's failures.
    func line(ofScene scene: String?) -> Int {
        guard let scene else { return 1 }
        for needle in ["sceneID=\"\(scene)\"", "id=\"\(scene)\""] {
            if let range = text.range(of: needle) {
                return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            }
        }
        return 1
    }
}
