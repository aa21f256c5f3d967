import UIKit

extension OrdersViewController {
    /// Makes the table skeletonable and its data source this controller.
    func setUpTable() {
        tableView.isSkeletonable = true
        tableView.dataSource = self
    }
}
