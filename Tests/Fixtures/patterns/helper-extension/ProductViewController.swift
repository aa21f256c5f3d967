import UIKit

/// Shows through the app's helper on the card only: the shipping label, outside the card, keeps its text.
class ProductViewController: UIViewController {
    @IBOutlet weak var cardView: UIView!
    @IBOutlet weak var photoView: UIImageView!
    @IBOutlet weak var priceLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        cardView.startLoading()
    }
}
