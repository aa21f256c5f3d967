/// A JSON value already encoded as compact UTF-8 text, for writing as a member or result without building a
/// `JSON` tree (for example an answer whose shape is fixed, written straight with a `JSONWriter`).
package struct EncodedJSON: Sendable, Hashable {
    /// The text.
    package let bytes: [UInt8]

    /// Wraps text written by a `JSONWriter`.
    ///
    /// - Important: `bytes` must be one complete JSON value, as `JSONWriter` writes it (compact, escaped): it is
    ///   written to the client as it is, not checked.
    package init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// The encoding of `value`.
    package init(_ value: JSON) { bytes = value.bytes }
}
