/// What libxml2's error numbers mean. Foundation's `XMLParser` on Linux reports libxml2's own `xmlParserErrors`
/// number as the error code, which `XMLParser.ErrorCode` numbers differently (its names were one or two off: a
/// duplicate attribute came out as `literalNotFinishedError`), so the names are libxml2's, from `xmlerror.h`.
enum LibXMLErrors {
    /// `XML_ERR_…` names and what they mean, by number (libxml2 2.9's `xmlParserErrors`).
    static let known: [Int: (name: String, meaning: String)] = [
        1: ("XML_ERR_INTERNAL_ERROR", "the XML reader gave up (e.g. a text or name over its 10,000,000-byte limit)"),
        2: ("XML_ERR_NO_MEMORY", "the XML reader ran out of memory"),
        3: ("XML_ERR_DOCUMENT_START", "the document does not start like XML"),
        4: ("XML_ERR_DOCUMENT_EMPTY", "the document is empty"),
        5: ("XML_ERR_DOCUMENT_END", "there is content after the root element"),
        6: ("XML_ERR_INVALID_HEX_CHARREF", "a hexadecimal character reference is not valid"),
        7: ("XML_ERR_INVALID_DEC_CHARREF", "a decimal character reference is not valid"),
        8: ("XML_ERR_INVALID_CHARREF", "a character reference names a character XML does not allow"),
        9: ("XML_ERR_INVALID_CHAR", "a character XML does not allow"),
        23: ("XML_ERR_ENTITYREF_SEMICOL_MISSING", "an entity reference has no ';'"),
        26: ("XML_ERR_UNDECLARED_ENTITY", "an entity reference names no entity (only XML's five are known)"),
        27: ("XML_WAR_UNDECLARED_ENTITY", "an entity reference names no entity (only XML's five are known)"),
        31: ("XML_ERR_UNKNOWN_ENCODING", "an unknown encoding"),
        32: ("XML_ERR_UNSUPPORTED_ENCODING", "an unsupported encoding"),
        33: ("XML_ERR_STRING_NOT_STARTED", "a quoted string does not start"),
        34: ("XML_ERR_STRING_NOT_CLOSED", "a quoted string is not closed"),
        38: ("XML_ERR_LT_IN_ATTRIBUTE", "a '<' in an attribute value"),
        39: ("XML_ERR_ATTRIBUTE_NOT_STARTED", "an attribute value does not start with a quote"),
        40: ("XML_ERR_ATTRIBUTE_NOT_FINISHED", "an attribute value is not closed"),
        41: ("XML_ERR_ATTRIBUTE_WITHOUT_VALUE", "an attribute has no value"),
        42: ("XML_ERR_ATTRIBUTE_REDEFINED", "an attribute is given twice in one element"),
        43: ("XML_ERR_LITERAL_NOT_STARTED", "a literal does not start with a quote"),
        44: ("XML_ERR_LITERAL_NOT_FINISHED", "a literal is not closed"),
        45: ("XML_ERR_COMMENT_NOT_FINISHED", "a comment is not closed"),
        46: ("XML_ERR_PI_NOT_STARTED", "a processing instruction does not start"),
        47: ("XML_ERR_PI_NOT_FINISHED", "a processing instruction is not closed"),
        56: ("XML_ERR_XMLDECL_NOT_STARTED", "the XML declaration does not start"),
        57: ("XML_ERR_XMLDECL_NOT_FINISHED", "the XML declaration is not closed"),
        62: ("XML_ERR_MISPLACED_CDATA_END", "']]>' in text"),
        63: ("XML_ERR_CDATA_NOT_FINISHED", "a CDATA section is not closed"),
        64: ("XML_ERR_RESERVED_XML_NAME", "an XML declaration that is not at the start"),
        65: ("XML_ERR_SPACE_REQUIRED", "a space is missing"),
        68: ("XML_ERR_NAME_REQUIRED", "a name is missing"),
        73: ("XML_ERR_GT_REQUIRED", "a '>' is missing"),
        74: ("XML_ERR_LTSLASH_REQUIRED", "an end tag '</' is missing"),
        75: ("XML_ERR_EQUAL_REQUIRED", "an attribute has no '='"),
        76: ("XML_ERR_TAG_NAME_MISMATCH", "an end tag does not match its start tag"),
        77: ("XML_ERR_TAG_NOT_FINISHED", "an element is not closed"),
        79: ("XML_ERR_ENCODING_NAME", "the declared encoding's name is not valid"),
        80: ("XML_ERR_HYPHEN_IN_COMMENT", "'--' inside a comment"),
        81: ("XML_ERR_INVALID_ENCODING", "the text does not match its encoding"),
        85: ("XML_ERR_NOT_WELL_BALANCED", "start and end tags do not balance"),
        86: ("XML_ERR_EXTRA_CONTENT", "there is content after the root element"),
        89: ("XML_ERR_ENTITY_LOOP", "entities refer to each other in a loop"),
        96: ("XML_ERR_VERSION_MISSING", "the XML declaration has no version"),
        108: ("XML_ERR_UNKNOWN_VERSION", "an unknown XML version"),
        110: ("XML_ERR_NAME_TOO_LONG", "a name is too long"),
        201: ("XML_NS_ERR_UNDEFINED_NAMESPACE", "an undeclared namespace prefix"),
        202: ("XML_NS_ERR_QNAME", "a name has more than one ':'"),
    ]

    /// `not well-formed XML: <meaning> (<XML_ERR_NAME>)`, or with the number when the name is not known.
    static func describe(code: Int) -> String {
        if let (name, meaning) = known[code] { return "not well-formed XML: \(meaning) (\(name))" }
        return "not well-formed XML (libxml2 error \(code))"
    }
}
