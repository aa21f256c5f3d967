import SkeletonView
import UIKit

/// Shows on two outlets; the root view is not skeletonable, and the biography label (skeletonable) is under
/// neither shown view, so it keeps its text.
class ProfileViewController: UIViewController {
    @IBOutlet weak var avatarView: UIImageView!
    @IBOutlet weak var nameLabel: UILabel!
    @IBOutlet weak var bioLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        avatarView.showAnimatedGradientSkeleton()
        nameLabel.showAnimatedGradientSkeleton()
    }
}
