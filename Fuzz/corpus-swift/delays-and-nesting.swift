class D: UIView {
    override func awakeFromNib() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1e308) { self.showAnimatedSkeleton(delay: 1e308) }
        run { run { ( ( [ [ 1 ] ] ) ) } }
    }
}
