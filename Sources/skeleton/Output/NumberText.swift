extension Double {
    /// The number as a person writes it on a command line: `5`, not `5.0`; `0.25` and `1e+300` as Swift prints
    /// them.
    var plainText: String {
        self == rounded() && Swift.abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
