import UIKit

/// The prototype cell `avatarCell`; its identifier is a constant.
class AvatarCell: UITableViewCell {
    static let identifier = "avatarCell"
}
