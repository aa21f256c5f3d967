import Foundation
import SkeletonImaging
import SkeletondTestSupport
import Testing

@Suite struct MatrixCommandTests {
    @Test func lays8LabelledVariantsOutIn4Columns() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("sheet.png")
        let result = try CLIRunner.run(["matrix", CLIRunner.example("grid"), "-o", out])
        #expect(result.status == 0)
        let sheet = try ImageFiles.png(out)
        // The grid is 375×500 points; cells are framed (+2), 24 px margins and gaps, a 16 px title and labels.
        #expect(sheet.width == 24 * 2 + 4 * 377 + 3 * 24)
        #expect(sheet.height == 24 * 2 + 28 + 2 * (16 + 6 + 502) + 24)
        let background = 0x9AA0A6
        #expect(sheet.rgb(0, 0) == background)
        // Label text is dark on the background just above each picture.
        let labelRow = (24 + 28)..<(24 + 28 + 16)
        let darkLabelPixels = labelRow.reduce(0) { sum, y in
            sum + (24..<400).filter { sheet.rgb($0, y) == 0x202124 }.count
        }
        #expect(darkLabelPixels > 50)
        // Picture 1 (light LTR solid) at (25, 75) and picture 3 (dark LTR solid): the grid header's line at
        // (16…156, 14.5…29.5) points is light grey in one and dark in the other.
        let top = 24 + 28 + 16 + 6 + 1
        #expect(sheet.rgb(25 + 20, top + 20) == 0xECF0F1)
        #expect(sheet.rgb(25 + 2 * (377 + 24) + 20, top + 20) == 0x1C2325)
    }

    /// Every variant opens the document again; what it says is printed once.
    @Test func diagnosticsArePrintedOnce() throws {
        let directory = try TemporaryDirectory()
        let xib = TestEnvironment.packageRoot.appendingPathComponent("Examples/profile-card.xib").path
        let result = try CLIRunner.run(["matrix", xib, "-o", directory.file("sheet.png")])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("[not-skeletonable-ancestor]") }
        #expect(lines.count == 1, "\(result.stderr)")
    }
}
