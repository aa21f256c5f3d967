import Foundation

/// The strongest Codable case for the view tree: a synthesized Decodable mirror with every known member
/// typed, then mapped into the same `ViewNode`s (unknown members would be dropped; the document has none).
struct TypedCodableNode: Decodable {
    let type: String
    let id: String
    let frame: [Double]
    let children: [TypedCodableNode]
    let isSkeletonable: Bool?
    let backgroundColor: String?
    let cornerRadius: Double?
    let clipsToBounds: Bool?
    let numberOfLines: Double?
    let text: String?
    let font: Font?
    let textColor: String?
    let lastLineFillPercent: Double?
    let linesCornerRadius: Double?
    let skeletonPaddingInsets: [Double]?
    let image: String?
    let contentMode: String?
    let skeletonCornerRadius: Double?

    struct Font: Decodable {
        let name: String
        let size: Double
    }
    struct Document: Decodable { let root: TypedCodableNode }

    static func checksum(_ bytes: UnsafeRawBufferPointer, decoder: JSONDecoder) throws -> Int {
        try decoder.decode(Document.self, from: Data(bytes)).root.viewNode().checksum
    }

    func viewNode() throws -> ViewNode {
        guard let frame = ViewFrame(frame) else { throw BenchError("Codable: frame needs four numbers") }
        var properties: [String: PropertyValue] = [:]
        func put(_ key: String, _ value: PropertyValue?) { if let value { properties[key] = value } }
        put("isSkeletonable", isSkeletonable.map(PropertyValue.bool))
        put("backgroundColor", backgroundColor.map(PropertyValue.string))
        put("cornerRadius", cornerRadius.map(PropertyValue.number))
        put("clipsToBounds", clipsToBounds.map(PropertyValue.bool))
        put("numberOfLines", numberOfLines.map(PropertyValue.number))
        put("text", text.map(PropertyValue.string))
        put("font", font.map { .object(["name": .string($0.name), "size": .number($0.size)]) })
        put("textColor", textColor.map(PropertyValue.string))
        put("lastLineFillPercent", lastLineFillPercent.map(PropertyValue.number))
        put("linesCornerRadius", linesCornerRadius.map(PropertyValue.number))
        put("skeletonPaddingInsets", skeletonPaddingInsets.map { .array($0.map(PropertyValue.number)) })
        put("image", image.map(PropertyValue.string))
        put("contentMode", contentMode.map(PropertyValue.string))
        put("skeletonCornerRadius", skeletonCornerRadius.map(PropertyValue.number))
        var children: [ViewNode] = []
        children.reserveCapacity(self.children.count)
        for child in self.children { children.append(try child.viewNode()) }
        return ViewNode(type: type, id: id, frame: frame, children: children, properties: properties)
    }
}
