import UIKit

/// The cell FeedCell.xib defines.
class FeedCell: UITableViewCell {
    @IBOutlet weak var photoView: UIImageView!
    @IBOutlet weak var titleLabel: UILabel!
}
