import SkeletonGraphics
import SkeletonModel
import SwiftCode
import Testing

/// Layer facts code sets that SkeletonView honours through Core Animation (its skeleton layer is a sublayer of the
/// view's), and colours from the app's asset catalogue.
@Suite("Layer facts and colour sets in code")
struct LayerFactsTests {
    @Test func alphaAndLayerOpacityAreTheViewsAlpha() throws {
        let facts = try Code.facts(
            """
            class Card: UIViewController {
                @IBOutlet weak var avatar: UIImageView!
                @IBOutlet weak var badge: UIView!
                @IBOutlet weak var title: UILabel!
                override func viewDidLoad() {
                    avatar.alpha = 0.5
                    badge.layer.opacity = 0.25
                    title.alpha = 2
                }
            }
            """, class: "Card")
        let properties = facts.finalProperties
        #expect(properties[.property("avatar")]?[.alpha] == .number(0.5))
        #expect(properties[.property("badge")]?[.alpha] == .number(0.25))
        #expect(properties[.property("title")]?[.alpha] == nil, "not an alpha")
        #expect(facts.hints.map(\.kind) == [.notStatic])
    }

    static let wallet = """
        class Wallet: UIViewController {
            override func viewDidLoad() {
                view.showSkeleton(usingColor: UIColor(named: "SkeletonTint") ?? .gray)
                SkeletonAppearance.default.tintColor = UIColor(named: "Missing") ?? .emerald
            }
        }
        """

    @Test func aNamedColourIsTheAppsColourSet() throws {
        let tint = SkeletonColor(RGBA(red: 0.7, green: 0.8, blue: 0.9, alpha: 1))
        let code = SwiftCodeReader.read(
            [SwiftSourceText(text: Self.wallet, file: "file:///Wallet.swift")], namedColors: ["SkeletonTint": tint])
        let facts = try #require(code.facts(forClass: "Wallet"))
        #expect(facts.show?.options.color == tint)
        #expect(facts.appearance.tintColor == SkeletonColor(named: "emerald"), "the fallback: no such colour set")
    }

    @Test func withoutTheColourSetTheFallbackIsTaken() throws {
        let facts = try Code.facts(Self.wallet, class: "Wallet")
        #expect(facts.show?.options.color == SkeletonColor(named: "gray"))
    }
}
