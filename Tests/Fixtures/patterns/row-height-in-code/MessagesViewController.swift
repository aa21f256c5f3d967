import SkeletonView
import UIKit

enum Metrics {
    static let rowHeight: CGFloat = 60
}

/// The rows are 60 points high (the delegate's answer), not the 100 of the prototype cell in the storyboard: UIKit
/// lays each cell's views out again at 60 (the avatar's height follows its top and bottom constraints, the subtitle
/// keeps its bottom margin, the badge its flexible top margin).
class MessagesViewController: UIViewController {
    @IBOutlet weak var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        tableView.delegate = self
        view.showAnimatedSkeleton()
    }
}

extension MessagesViewController: SkeletonTableViewDataSource, UITableViewDelegate {
    func collectionSkeletonView(
        _ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath
    ) -> ReusableCellIdentifier {
        "messageCell"
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        Metrics.rowHeight
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "messageCell", for: indexPath)
    }
}
