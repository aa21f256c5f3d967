import Foundation
import InterfaceBuilder
import SkeletonModel
import SkeletondTestSupport
import Testing

/// Reading the XML (issue #25, rows 6, 8 and 9): encodings as Xcode writes them and no other, a DTD refused where
/// XML allows one (not wherever its bytes appear), files past libxml2's 10 MB chunk, libxml2's own error names, and
/// documented limits on attributes and elements instead of superlinear work.
@Suite("XML reading")
struct XMLReadingTests {
    static let scene = """
        <scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">
        <view key="view" id="root"><rect key="frame" x="0.0" y="0.0" width="100" height="100"/><subviews>
        <label id="l" text="x"><rect key="frame" x="0.0" y="0.0" width="50" height="20"/></label>
        </subviews></view></viewController></objects></scene>

        """

    /// The only problem of a file (its own and its initial scene's).
    static func problem(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> DocumentProblem? {
        let result = InterfaceBuilderDocument.decode(bytes: bytes)
        #expect(result.allProblems.count == 1, "\(result.allProblems)", sourceLocation: sourceLocation)
        return result.allProblems.first
    }

    /// Row 8: `+ADwAIQ-` is `<!` in UTF-7, so a declared UTF-7 once smuggled a DOCTYPE and its internal entities
    /// past the byte scan, into libxml2. Any encoding but UTF-8 or UTF-16 is refused at the declaration.
    @Test func aDeclaredUTF7IsRefusedBeforeLibxml2DecodesIt() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n+ADwAIQ-DOCTYPE d +AFs-+ADwAIQ-ENTITY a \"aaaaaaaa\"+AD4AXQA+-\n"
            + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects><view id=\"v\">"
            + "<rect key=\"frame\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/></view></objects></document>"
        let p = Self.problem(Array(text.utf8))
        #expect(p?.code == .xmlSyntax && p?.line == 1 && p?.column == 21)
        #expect(p?.message.contains("declares the encoding \"UTF-7\"") == true, "\(String(describing: p))")
        for other in ["ISO-8859-1", "us-ascii", "EBCDIC-US", "UTF-32"] {
            let declared = HostileInterfaceBuilder.storyboard(Self.scene, declaration: "encoding=\"\(other)\"")
            #expect(Self.problem(Array(declared.utf8))?.message.contains("\"\(other)\"") == true, "\(other)")
        }
    }

    /// Xcode writes UTF-8; a file declared UTF-16 whose text reaches us as UTF-8 (as every editor's text does), and
    /// one saved as UTF-16 (either byte order, with its byte order mark), read exactly as the UTF-8 file.
    @Test func utf16AndItsDeclarationReadAsTheUTF8File() throws {
        let utf8 = HostileInterfaceBuilder.storyboard(Self.scene)
        let expected = InterfaceBuilderDocument.decode(text: utf8)
        #expect(expected.allProblems.isEmpty && expected.documents["vc"]?.document != nil)
        let declared = HostileInterfaceBuilder.storyboard(Self.scene, declaration: "encoding='utf-16'")
        let bigEndian: [UInt8] = [0xFE, 0xFF] + declared.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let littleEndian: [UInt8] = [0xFF, 0xFE] + declared.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for bytes in [Array(declared.utf8), bigEndian, littleEndian, [0xEF, 0xBB, 0xBF] + Array(utf8.utf8)] {
            let result = InterfaceBuilderDocument.decode(bytes: bytes)
            #expect(result.allProblems == expected.allProblems)
            #expect(result.scenes == expected.scenes)
            #expect(result.documents["vc"]?.document?.nodeCount == 2)
        }
        // Broken UTF-16 is refused, not guessed at.
        let odd = Self.problem(littleEndian + [0x20])
        #expect(odd?.code == .xmlSyntax && odd?.message.contains("odd number of bytes") == true)
        let lone = Self.problem([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00])
        #expect(lone?.message.contains("lone surrogate") == true)
    }

    /// Row 8: a comment (or CDATA) that mentions `<!DOCTYPE` or `<!ENTITY` is text; the storyboard reads as it does
    /// without it. A DOCTYPE in the prolog is still refused, after comments too.
    @Test func aDoctypeInACommentIsText() throws {
        let plain = InterfaceBuilderDocument.decode(text: HostileInterfaceBuilder.storyboard(Self.scene))
        let commented = HostileInterfaceBuilder.storyboard(
            "<!-- an old <!DOCTYPE x [<!ENTITY e \"v\">]> note -->\n" + Self.scene
        )
        .replacingOccurrences(of: "<document", with: "<!-- <!DOCTYPE in the prolog's comment -->\n<document")
        let result = InterfaceBuilderDocument.decode(text: commented)
        #expect(result.allProblems.isEmpty, "\(result.allProblems)")
        #expect(result.documents["vc"]?.document == plain.documents["vc"]?.document)
        let prolog = "<?xml version=\"1.0\"?>\n<!-- c -->\n<?pi x?>\n<!DOCTYPE d>\n<document/>"
        let p = Self.problem(Array(prolog.utf8))
        #expect(p?.code == .xmlSyntax && p?.line == 4 && p?.message.contains("document type declarations") == true)
        let late = Self.problem(Array("<document/>\n<?xml version=\"1.0\" encoding=\"UTF-7\"?>".utf8))
        #expect(late?.line == 2 && late?.message.contains("must be the first thing") == true)
    }

    /// Row 8: a NUL is refused by name (it was `characterRefAtEOFError`), and four leading NULs cannot make
    /// libxml2 guess UCS-4.
    @Test func nulIsRefusedByName() throws {
        var bytes = Array(HostileInterfaceBuilder.storyboard(Self.scene).utf8)
        let at = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
        bytes.insert(0, at: at + 5)
        let p = Self.problem(bytes)
        #expect(p?.line == 2 && p?.column == 5 && p?.message.contains("NUL character") == true)
        #expect(Self.problem([0, 0, 0] + Array("<document/>".utf8))?.message.contains("NUL") == true)
    }

    /// Row 9: libxml2's error names, not `XMLParser.ErrorCode`'s (one off: a duplicate attribute was
    /// `literalNotFinishedError`, a tag mismatch `standaloneValueError`).
    @Test func syntaxErrorsHaveLibxml2sNames() throws {
        let duplicate = HostileInterfaceBuilder.xib("<view id=\"a\" id=\"b\"/>\n")
        #expect(Self.problem(Array(duplicate.utf8))?.message.contains("XML_ERR_ATTRIBUTE_REDEFINED") == true)
        let mismatch = HostileInterfaceBuilder.xib("<view id=\"a\"></label>\n")
        let p = Self.problem(Array(mismatch.utf8))
        #expect(p?.message.contains("XML_ERR_TAG_NAME_MISMATCH") == true, "\(String(describing: p))")
        #expect(p?.message.hasPrefix("not well-formed XML: an end tag does not match its start tag") == true)
        #expect(p?.line == 4)
    }

    /// Row 9: a storyboard past 10 MB (libxml2's limit on one input chunk; the file was handed over whole) reads;
    /// the documented limit is `maxBytes`, 64 MiB.
    @Test func aStoryboardOver10MBReads() throws {
        let text = HostileInterfaceBuilder.padded(toAtLeast: 12 << 20)
        #expect(text.utf8.count > 12 << 20)
        let result = InterfaceBuilderDocument.decode(text: text)
        #expect(result.allProblems.isEmpty, "\(result.allProblems)")
        #expect(result.documents["vc"]?.document?.nodeCount == 2)
    }

    /// Row 6: libxml2 compares each attribute's name with all before it (100,000 attributes took 3.2 s), so an
    /// element may have at most 256 attributes; past that the file is refused at the element before libxml2 reads it.
    @Test func attributesPerElementAreLimited() throws {
        let atLimit = InterfaceBuilderDocument.decode(text: HostileInterfaceBuilder.manyAttributes(255))
        #expect(atLimit.allProblems.isEmpty, "\(atLimit.allProblems)")
        for count in [256, 100_000] {
            let p = Self.problem(Array(HostileInterfaceBuilder.manyAttributes(count).utf8))
            #expect(p?.code == .xmlSyntax && p?.line == 4 && p?.column == 1)
            #expect(p?.message == "an element has more than 256 attributes")
        }
        // Attribute values may hold '=', '>' and the other quote.
        let quoted = HostileInterfaceBuilder.xib(
            "<view id=\"v\" userLabel=\"a=b>c'd\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/></view>\n"
        )
        #expect(InterfaceBuilderDocument.decode(text: quoted).allProblems.isEmpty)
    }

    /// Row 6: a XIB of 50,000 top-level views (8,000 took 7 s, 50,000 did not finish in 5 min) reads every one as a
    /// scene, each mapped once.
    @Test func manyTopLevelViewsAreEachAScene() throws {
        let result = InterfaceBuilderDocument.decode(text: HostileInterfaceBuilder.topLevelViews(50_000))
        #expect(result.scenes.count == 50_000)
        #expect(result.viewsMapped == 50_000)
        #expect(result.documents.count == 50_000 && result.allProblems.isEmpty)
        #expect(result.file.scene("v49999")?.title == "view")
    }

    /// A file of more than 1,000,000 elements is refused before the reader builds its tree.
    @Test func elementsPerFileAreLimited() throws {
        let objects = String(repeating: "<a/>", count: 1_000_001)
        let p = Self.problem(Array(HostileInterfaceBuilder.xib(objects).utf8))
        #expect(p?.message == "the file has more than 1000000 elements")
    }
}
