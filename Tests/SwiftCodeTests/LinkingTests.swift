import CodeLinking
import InterfaceBuilder
import SkeletonGraphics
import SkeletonModel
import SwiftCode
import Testing

/// `SceneCodeLinker` on small storyboards: data sources and delegates connected in code or in the file, flow layout
/// answers, cells laid out in code, and identifiers nothing provides.
@Suite("Linking code to a scene")
struct LinkingTests {
    /// A storyboard with one collection view (`list`, 300 × 400 in a 320 × 480 view) and, if `delegate`, its
    /// delegate outlet to the controller.
    static func storyboard(delegate: Bool = false, dataSource: Bool = false, prototype: String? = nil) -> String {
        let connections =
            (dataSource ? #"<outlet property="dataSource" destination="vc" id="o1"/>"# : "")
            + (delegate ? #"<outlet property="delegate" destination="vc" id="o2"/>"# : "")
        let cells =
            prototype.map {
                #"<cells><collectionViewCell reuseIdentifier="\#($0)" id="pc"><rect key="frame" x="0" y="0" width="50" height="50"/><view key="contentView" id="pcv"><rect key="frame" x="0" y="0" width="50" height="50"/></view></collectionViewCell></cells>"#
            } ?? "<cells/>"
        return #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
            <scenes><scene sceneID="s1"><objects>
            <viewController id="vc" customClass="Screen" sceneMemberID="viewController">
            <view key="view" id="root"><rect key="frame" x="0" y="0" width="320" height="480"/>
            <subviews>
            <collectionView id="list" dataMode="prototypes"><rect key="frame" x="10" y="20" width="300" height="400"/>
            <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="fl">
            <size key="itemSize" width="50" height="50"/></collectionViewFlowLayout>
            \#(cells)
            <connections>\#(connections)</connections>
            </collectionView>
            </subviews></view>
            <connections><outlet property="list" destination="list" id="o3"/></connections>
            </viewController></objects></scene></scenes></document>
            """#
    }

    static let screen = unregistered.replacingOccurrences(
        of: "    @IBOutlet weak var list: UICollectionView!\n",
        with: """
                @IBOutlet weak var list: UICollectionView!
                override func viewDidLoad() { list.register(Tile.self, forCellWithReuseIdentifier: "Tile") }

            """)

    /// The controller without its `register` call.
    static let unregistered = """
        class Screen: UIViewController {
            @IBOutlet weak var list: UICollectionView!
            func collectionSkeletonView(_ v: UICollectionView, numberOfItemsInSection s: Int) -> Int { 4 }
            func collectionSkeletonView(_ v: UICollectionView, cellIdentifierForItemAt i: IndexPath) -> ReusableCellIdentifier { "Tile" }
            func collectionView(_ c: UICollectionView, layout l: UICollectionViewLayout, sizeForItemAt i: IndexPath) -> CGSize {
                CGSize(width: list.frame.width / 2, height: 60)
            }
            func collectionView(_ c: UICollectionView, layout l: UICollectionViewLayout, insetForSectionAt s: Int) -> UIEdgeInsets {
                UIEdgeInsets(top: 4, left: 0, bottom: 4, right: 0)
            }
        }
        """

    static let tile = """
        class Tile: UICollectionViewCell {
            let dot = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                isSkeletonable = true
                contentView.addSubview(dot)
                dot.isSkeletonable = true
                NSLayoutConstraint.activate([
                    dot.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
                    dot.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
                    dot.widthAnchor.constraint(equalToConstant: 20),
                    dot.heightAnchor.constraint(equalTo: dot.widthAnchor),
                ])
            }
        }
        """

    static func link(_ storyboard: String, _ sources: [String]) throws -> (LinkedScene, Node) {
        let file = InterfaceBuilderFile.parse(text: storyboard)
        let code = sources.enumerated().map {
            SwiftCodeReader.read(text: $0.element, file: "file:///\($0.offset).swift")
        }
        let linked = try #require(SceneCodeLinker.link(file: file, code: code))
        let document = try #require(linked.result.document, "\(linked.result.problems)")
        let list = try #require(document.root.children.first { $0.reference == "list" })
        return (linked, list)
    }

    @Test func delegateInTheFileAppliesTheFlowLayoutAnswers() throws {
        let (linked, list) = try Self.link(Self.storyboard(delegate: true, dataSource: true), [Self.screen, Self.tile])
        #expect(linked.linkerHints == [])
        #expect(list.collection?.itemSize == Size(width: 150, height: 60))
        #expect(list.collection?.sectionInset == EdgeInsets(top: 4, left: 0, bottom: 4, right: 0))
        #expect(list.collection?.minimumLineSpacing == 10, "not answered: the file's")
        #expect(list.children.count == 4)
        let cell = try #require(list.children.first)
        #expect(cell.frame.width == 150 && cell.frame.height == 60)
        #expect(cell.children.map(\.frame) == [Rect(x: 65, y: 20, width: 20, height: 20)])
    }

    @Test func withoutADelegateTheFilesLayoutStays() throws {
        let (_, list) = try Self.link(Self.storyboard(dataSource: true), [Self.screen, Self.tile])
        #expect(list.collection?.itemSize == Size(width: 50, height: 50))
        let cell = try #require(list.children.first)
        #expect(cell.children.map(\.frame) == [Rect(x: 15, y: 15, width: 20, height: 20)])
    }

    @Test func connectionsInCodeCountLikeTheFiles() throws {
        let connected = Self.screen.replacingOccurrences(
            of: "    @IBOutlet weak var list: UICollectionView!",
            with:
                "    @IBOutlet weak var list: UICollectionView! { didSet { list.dataSource = self; list.delegate = self } }"
        )
        let (_, list) = try Self.link(Self.storyboard(), [connected, Self.tile])
        #expect(list.collection?.itemSize == Size(width: 150, height: 60))
        #expect(list.children.count == 4)
    }

    @Test func anIdentifierNothingProvidesKeepsTheFilesCellsAndSaysWhy() throws {
        let (linked, list) = try Self.link(Self.storyboard(dataSource: true, prototype: "Other"), [Self.unregistered])
        #expect(linked.result.errors.isEmpty)
        #expect(linked.linkerHints.count == 1)
        #expect(linked.linkerHints.first?.message.contains("\"Tile\"") == true)
        #expect(linked.linkerHints.first?.file == "file:///0.swift")
        #expect(linked.linkerHints.first?.range == Code.range(4, 122, 128, file: "file:///0.swift"))
        #expect(list.children.allSatisfy { $0.type == .collectionViewCell })
        // A prototype with that identifier is used as is.
        let (kept, prototyped) = try Self.link(
            Self.storyboard(dataSource: true, prototype: "Tile"), [Self.unregistered])
        #expect(kept.linkerHints == [])
        #expect(prototyped.children.count == 4)
    }

    @Test func aSizeOfAViewTheSceneDoesNotSizeIsSaid() throws {
        let unknown = Self.screen.replacingOccurrences(of: "list.frame.width / 2", with: "header.frame.width")
        let (linked, list) = try Self.link(Self.storyboard(delegate: true, dataSource: true), [unknown, Self.tile])
        #expect(list.collection?.itemSize == Size(width: 50, height: 50))
        #expect(
            linked.linkerHints.map(\.message) == [
                "the item size depends on a view whose size the scene does not give; the flow layout's itemSize is kept"
            ])
    }
}
