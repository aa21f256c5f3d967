import UIKit

/// Only overrides the base class's hook: its own viewDidLoad is the base class's.
class NewsViewController: BaseLoadingViewController {
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var summaryLabel: UILabel!
    @IBOutlet weak var photoView: UIImageView!

    override func markSkeletonViews() {
        super.markSkeletonViews()
        titleLabel.isSkeletonable = true
        summaryLabel.isSkeletonable = true
        photoView.isSkeletonable = true
    }
}
