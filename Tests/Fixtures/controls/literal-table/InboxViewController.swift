import SkeletonView
import UIKit

/// What skeletond reads today: flags set in Interface Builder, the data source in the class's own file with
/// literal answers, a show on the root in viewDidLoad.
class InboxViewController: UIViewController, SkeletonTableViewDataSource {
    @IBOutlet weak var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        view.showAnimatedGradientSkeleton()
    }

    func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {
        3
    }

    func collectionSkeletonView(
        _ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath
    ) -> ReusableCellIdentifier {
        "messageCell"
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "messageCell", for: indexPath)
    }
}
