class V: UIView {
    override func awakeFromNib() {
        x!!!.y = 1
        f()()().z = 2
        a.x.x.x.isSkeletonable = true
        a?.b?.b?.b = nil
        a[0][0][0] = 1
        _ = v.map{}.map{}.map{ $0 }
        label.frame.size.width = view.bounds.size.height
    }
}
