import SkeletonView
import UIKit

/// The skeleton data source prepares each cell: the first row's cell is not skeletonable, so it draws nothing.
class TasksViewController: UIViewController {
    @IBOutlet weak var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        view.showSkeleton()
    }
}

extension TasksViewController: SkeletonTableViewDataSource {
    func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {
        4
    }

    func collectionSkeletonView(
        _ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath
    ) -> ReusableCellIdentifier {
        "taskCell"
    }

    func collectionSkeletonView(
        _ skeletonView: UITableView, prepareCellForSkeleton cell: UITableViewCell, at indexPath: IndexPath
    ) {
        cell.isSkeletonable = indexPath.row != 0
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "taskCell", for: indexPath)
    }
}
