class C: UIView {
    override func awakeFromNib() {
        if a { isSkeletonable = true } else if b { isSkeletonable = false } else if c { } else { }
        let z = a ? b ? 1 : 2 : 3
    }
}
