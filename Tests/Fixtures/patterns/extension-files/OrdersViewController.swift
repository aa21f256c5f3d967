import SkeletonView
import UIKit

/// The class's file: the show. Its setup and its skeleton data source are in two extension files.
class OrdersViewController: UIViewController {
    @IBOutlet weak var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpTable()
        view.showGradientSkeleton()
    }
}
