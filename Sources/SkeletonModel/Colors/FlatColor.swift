/// SkeletonView's 21 flat colours (`UIColor.greenSea` …), by name.
package enum FlatColor: String, Sendable, Hashable, CaseIterable {
    case greenSea, turquoise, emerald, peterRiver, amethyst, wetAsphalt, nephritis, belizeHole, wisteria
    case midnightBlue, sunFlower, carrot, alizarin, clouds, darkClouds, concrete, flatOrange, pumpkin
    case pomegranate, silver, asbestos

    /// The colour's sRGB value.
    package var rgba: RGBA {
        let v = hex
        return RGBA(r8: UInt8(v >> 16 & 0xFF), g8: UInt8(v >> 8 & 0xFF), b8: UInt8(v & 0xFF))
    }

    /// 0xRRGGBB.
    package var hex: UInt32 {
        switch self {
        case .greenSea: 0x16A085
        case .turquoise: 0x1ABC9C
        case .emerald: 0x2ECC71
        case .peterRiver: 0x3498DB
        case .amethyst: 0x9B59B6
        case .wetAsphalt: 0x34495E
        case .nephritis: 0x27AE60
        case .belizeHole: 0x2980B9
        case .wisteria: 0x8E44AD
        case .midnightBlue: 0x2C3E50
        case .sunFlower: 0xF1C40F
        case .carrot: 0xE67E22
        case .alizarin: 0xE74C3C
        case .clouds: 0xECF0F1
        case .darkClouds: 0x1C2325
        case .concrete: 0x95A5A6
        case .flatOrange: 0xF39C12
        case .pumpkin: 0xD35400
        case .pomegranate: 0xC0392B
        case .silver: 0xBDC3C7
        case .asbestos: 0x7F8C8D
        }
    }
}

/// UIKit's greyscale system colours (two-component colours), accepted by name.
package enum GreyscaleColorName: String, Sendable, Hashable, CaseIterable {
    case white, black, gray, lightGray, darkGray, clear

    /// The colour as `SkeletonColor`.
    package var color: SkeletonColor {
        switch self {
        case .white: SkeletonColor(white: 1)
        case .black: SkeletonColor(white: 0)
        case .gray: SkeletonColor(white: 0.5)
        case .lightGray: SkeletonColor(white: 2.0 / 3.0)
        case .darkGray: SkeletonColor(white: 1.0 / 3.0)
        case .clear: SkeletonColor(white: 0, alpha: 0)
        }
    }
}

extension SkeletonColor {
    /// The name of `skeletonDefault`, SkeletonView's default colour.
    package static let defaultName = "skeletonDefault"

    /// A colour by name: `skeletonDefault`, a flat colour or a greyscale system colour; nil otherwise.
    package init?(named name: String) {
        if name == Self.defaultName {
            self = .skeletonDefault
            return
        }
        if let flat = FlatColor(rawValue: name) {
            self.init(flat.rgba)
            return
        }
        if let grey = GreyscaleColorName(rawValue: name) {
            self = grey.color
            return
        }
        return nil
    }

    /// A colour from text: `#RRGGBB`, `#RRGGBBAA` or a name; nil otherwise.
    package init?(parsing text: String) {
        if text.utf8.first == UInt8(ascii: "#") {
            guard let rgba = RGBA(hex: text) else { return nil }
            self.init(rgba)
        } else {
            self.init(named: text)
        }
    }

    /// Every accepted colour name, for messages and the schema.
    package static var names: [String] {
        [defaultName] + FlatColor.allCases.map(\.rawValue) + GreyscaleColorName.allCases.map(\.rawValue)
    }
}
