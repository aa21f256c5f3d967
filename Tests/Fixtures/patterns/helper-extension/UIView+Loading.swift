import SkeletonView
import UIKit

extension UIView {
    /// The app's one way to show a loading state: the view becomes skeletonable and shows an animated gradient.
    func startLoading() {
        isSkeletonable = true
        showAnimatedGradientSkeleton()
    }
}
