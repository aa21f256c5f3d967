import SkeletonView
import UIKit

/// Sections from an enum's `allCases`, rows from a switch of literals, the identifier from a `static let`.
class FriendsViewController: UIViewController {
    enum Section: CaseIterable {
        case favourites
        case everyone
    }

    @IBOutlet weak var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        view.showAnimatedSkeleton()
    }
}

extension FriendsViewController: SkeletonTableViewDataSource {
    func numSections(in collectionSkeletonView: UITableView) -> Int {
        Section.allCases.count
    }

    func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {
        switch Section.allCases[section] {
        case .favourites: return 2
        case .everyone: return 5
        }
    }

    func collectionSkeletonView(
        _ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath
    ) -> ReusableCellIdentifier {
        AvatarCell.identifier
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: AvatarCell.identifier, for: indexPath)
    }
}
