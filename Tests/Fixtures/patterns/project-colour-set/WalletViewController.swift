import SkeletonView
import UIKit

/// The skeleton's colour is the asset catalogue's colour set "SkeletonTint".
class WalletViewController: UIViewController {
    @IBOutlet weak var balanceLabel: UILabel!
    @IBOutlet weak var chartView: UIView!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.showSkeleton(usingColor: UIColor(named: "SkeletonTint") ?? .gray)
    }
}
