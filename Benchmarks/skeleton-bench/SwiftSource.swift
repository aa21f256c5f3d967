/// A generated Swift file as apps write them, of about a given size: view controllers with outlets, a
/// `viewDidLoad` that sets SkeletonView's properties (one `if`/`else`, a `forEach`, a helper call, a show), a helper,
/// a 30-case switch, a long arithmetic function and the skeleton data source's answers, repeated with fresh names.
enum SwiftSource {
    /// The text, at least `bytes` long (one class past it at most).
    static func make(bytes: Int) -> String {
        var text = "import UIKit\nimport SkeletonView\n\n"
        var k = 0
        while text.utf8.count < bytes {
            text += screen(k)
            k += 1
        }
        return text
    }

    /// One view controller, `Screen<k>ViewController`.
    static func screen(_ k: Int) -> String {
        var s = "final class Screen\(k)ViewController: UIViewController, SkeletonTableViewDataSource {\n"
        for o in 0..<6 { s += "    @IBOutlet weak var label\(o): UILabel!\n" }
        s += "    @IBOutlet weak var tableView: UITableView!\n    let avatar = UIImageView()\n\n"
        s += "    override func viewDidLoad() {\n        super.viewDidLoad()\n        view.isSkeletonable = true\n"
        for o in 0..<6 {
            s += "        label\(o).isSkeletonable = true\n        label\(o).linesCornerRadius = \(o + 2)\n"
            s += "        label\(o).skeletonTextNumberOfLines = \(o % 3 + 1)\n"
        }
        s += "        tableView.rowHeight = 64\n        tableView.estimatedRowHeight = UITableView.automaticDimension\n"
        s += "        [label0, label1, label2].forEach { $0.isSkeletonable = true }\n"
        s += "        if traitCollection.userInterfaceStyle == .dark {\n            label0.lastLineFillPercent = 50\n"
        s += "        } else {\n            label1.lastLineFillPercent = 70\n        }\n"
        s += "        configure()\n        view.showAnimatedGradientSkeleton()\n    }\n\n"
        s += "    func configure() {\n        let radius = 8\n        avatar.skeletonCornerRadius = Float(radius)\n"
        s += "        label2.skeletonPaddingInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)\n    }\n\n"
        s += "    func title(for kind: Int) -> String {\n        switch kind {\n"
        for c in 0..<30 { s += "        case \(c): return \"Title \(k) \(c)\"\n" }
        s += "        default: return \"\"\n        }\n    }\n\n"
        s += "    func compute(_ values: [Int]) -> Int {\n        var total = 0\n"
        for t in 0..<25 { s += "        total += values.count * \(t) + (values.first ?? \(t)) - \(t)\n" }
        s += "        label3.alpha = CGFloat(total)\n        return total\n    }\n\n"
        s += "    func numSections(in collectionSkeletonView: UITableView) -> Int { 1 }\n"
        s += "    func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {"
        s += " 5 }\n"
        s += "    func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath)"
        s += " -> ReusableCellIdentifier { \"Cell\(k)\" }\n}\n\n"
        return s
    }
}
