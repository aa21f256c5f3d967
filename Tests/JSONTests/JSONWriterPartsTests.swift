import Testing

@testable import JSON

/// The writer's parts (digits, escaped bytes, raw appends) write what the tree path writes.
@Suite struct JSONWriterPartsTests {
    @Test(arguments: [0, 1, -1, 9, 10, -10, 99, 100, 1_234_567, -9_007_199_254_740_993, Int.max, Int.min])
    func integersAreWrittenAsStringWouldWriteThem(value: Int) {
        var writer = JSONWriter()
        writer.writeInt(value)
        #expect(writer.bytes == Array(String(value).utf8))
    }

    @Test func integralDoublesAreWrittenAsIntegers() {
        for value in [0.0, -0.0, 5, -5, 9_007_199_254_740_991, 1e300, 0.1, -2.5] {
            var writer = JSONWriter()
            writer.writeDouble(value)
            let expected =
                value == value.rounded() && abs(value) < 9_007_199_254_740_992 ? String(Int(value)) : String(value)
            #expect(writer.bytes == Array(expected.utf8), "\(value)")
        }
    }

    @Test func bytesAreEscapedAsStringsAre() throws {
        var all = (0..<128).map { UInt8($0) }
        all += Array("é😀".utf8)
        let text = String(decoding: all, as: UTF8.self)
        var fromBytes = JSONWriter()
        all.withUnsafeBufferPointer { fromBytes.writeString(utf8: $0) }
        var fromString = JSONWriter()
        fromString.writeString(text)
        #expect(fromBytes.bytes == fromString.bytes)
        #expect(try JSONDocument.parse(fromBytes.bytes).value.string == text)
    }

    @Test func theWordTestFlagsExactlyTheBytesThatNeedAnEscape() {
        for byte in 0...255 {
            let needs = byte < 0x20 || byte == 0x22 || byte == 0x5C
            for position in 0..<8 {
                for filler: UInt64 in [0x61, 0x7F, 0x80, 0xC3, 0xFF, 0x20] {
                    var word: UInt64 = 0
                    for k in 0..<8 { word |= (k == position ? UInt64(byte) : filler) << (8 * UInt64(k)) }
                    #expect(JSONWriter.mayNeedEscape(word) == needs, "byte \(byte) at \(position) among \(filler)")
                }
            }
        }
    }

    @Test func escapesAnywhereInLongStringsMatchTheByteByByteRule() {
        let plain = Array("abcdefghijklmnopqrstuvwxyz0123456789é".utf8)
        for special: UInt8 in [0x00, 0x0A, 0x1F, 0x22, 0x5C] {
            for at in 0..<plain.count {
                var bytes = plain
                bytes.insert(special, at: at)
                var writer = JSONWriter()
                bytes.withUnsafeBufferPointer { writer.writeEscaped($0) }
                var expected: [UInt8] = []
                for b in bytes {
                    switch b {
                    case 0x22, 0x5C: expected += [0x5C, b]
                    case 0x0A: expected += Array(#"\n"#.utf8)
                    case 0x00: expected += Array(#"\u0000"#.utf8)
                    case 0x1F: expected += Array(#"\u001f"#.utf8)
                    default: expected.append(b)
                    }
                }
                #expect(writer.bytes == expected, "byte \(special) at \(at)")
            }
        }
    }

    @Test func rawAppendsGoInPlace() {
        var writer = JSONWriter()
        writer.writeByte(UInt8(ascii: "\""))
        writer.writeRaw { $0.append(contentsOf: Array("QUJD".utf8)) }
        writer.writeByte(UInt8(ascii: "\""))
        #expect(writer.bytes == Array(#""QUJD""#.utf8))
    }

    /// Reserving room before each of many pieces (a keyframe's rectangles) grows the buffer geometrically: a few
    /// reallocations, not one per piece (each copies everything written so far).
    @Test func reservingPieceByPieceGrowsGeometrically() {
        var writer = JSONWriter()
        var capacities: Set<Int> = []
        for _ in 0..<1000 {
            writer.reserve(100)
            capacities.insert(writer.bytes.capacity)
            writer.writeRaw { $0.append(contentsOf: repeatElement(UInt8(ascii: "A"), count: 100)) }
        }
        #expect(writer.bytes.count == 100_000)
        #expect(capacities.count < 24, "\(capacities.count) reallocations for 1,000 pieces")
        writer.reserve(Int.max)  // an overflowing request changes nothing
        #expect(writer.bytes.count == 100_000)
    }
}
