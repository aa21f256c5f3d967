import SkeletonView
import UIKit

/// Every loading screen's base: its viewDidLoad makes the root skeletonable, lets the subclass mark its views,
/// and shows.
class BaseLoadingViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.isSkeletonable = true
        markSkeletonViews()
        view.showAnimatedSkeleton()
    }

    /// The subclass marks the views that load.
    func markSkeletonViews() {}
}
