import JSON
import JSONRPC
import SkeletonGraphics
import Testing

@testable import SkeletonRender
@testable import SkeletonServer

/// Frames written straight into the output (base64 in place, no tree) are byte for byte the tree path's.
@Suite struct FrameEncodingTests {
    static func rects(_ seed: UInt8) -> [EncodedRect] {
        [
            EncodedRect(
                rect: PixelRect(x: 0, y: 0, width: 2, height: 1), encoding: .raw, data: [1, 2, 3, 4, seed, 6, 7, 8]),
            EncodedRect(
                rect: PixelRect(x: 5, y: 9, width: 1, height: 1), encoding: .fill, color: RGB8(r: 255, g: 0, b: seed)),
            // Every length modulo 3 (padding), bytes that make every base64 character, an empty payload.
            EncodedRect(rect: PixelRect(x: 3, y: 4, width: 1, height: 1), encoding: .png, data: Array(0...255)),
            EncodedRect(rect: PixelRect(x: 1, y: 1, width: 1, height: 1), encoding: .raw, data: [seed]),
            EncodedRect(rect: PixelRect(x: 1, y: 1, width: 1, height: 1), encoding: .raw, data: [seed, 0xFF]),
            EncodedRect(rect: PixelRect(x: 7, y: 0, width: 0, height: 0), encoding: .raw, data: []),
        ]
    }

    @Test func rectsMatchTheTree() {
        for seed: UInt8 in [0, 62, 63, 255] {
            var writer = JSONWriter()
            FrameWire.writeRects(Self.rects(seed), into: &writer)
            #expect(writer.bytes == FrameWire.rects(Self.rects(seed)).bytes)
        }
        var empty = JSONWriter()
        FrameWire.writeRects([], into: &empty)
        #expect(empty.bytes == Array("[]".utf8))
    }

    static let headers: [FrameHeader] = [
        FrameHeader(subscription: "p1", uri: "file:///a.json", seq: 1, time: 0, encoding: .raw),
        FrameHeader(
            subscription: "p22", uri: "file:///we \"ird\"\\\n é.json", seq: 9_999, time: 1.0 / 60, encoding: .png),
        FrameHeader(subscription: "p3", uri: "untitled:x", seq: Int.max, time: 12.5, encoding: .cells),
        FrameHeader(subscription: "p4", uri: "", seq: 0, time: 1e300, encoding: .layers),
    ]

    @Test(arguments: headers)
    func pixelFramesMatchTheTree(header: FrameHeader) {
        for keyframe in [true, false] {
            let content = FrameContent.pixels(
                FrameUpdate(width: 64, height: 48, keyframe: keyframe, rects: Self.rects(UInt8(header.seq % 256))))
            #expect(PreviewHub.frameMessage(header, content) == PreviewHub.frameMessageTree(header, content))
        }
    }

    @Test(arguments: headers)
    func memberFramesMatchTheTree(header: FrameHeader) {
        let members: [JSONObject] = [
            [:],
            [
                "columns": 10, "rows": 4, "keyframe": true,
                "cells": [["x": 0, "y": 1, "fg": ["#000000"], "bg": ["#FFFFFF"]]],
            ],
            ["keyframe": false, "ops": [["op": "remove", "id": "a\"b"]], "width": 1.5, "background": "#00000000"],
        ]
        for object in members {
            let content = FrameContent.members(object)
            #expect(PreviewHub.frameMessage(header, content) == PreviewHub.frameMessageTree(header, content))
        }
    }
}

extension FrameEncodingTests {
    /// A raw keyframe of a 1000 × 800 viewport (4.3 MB of base64) is written into one buffer allocated at its size:
    /// it never doubles past it (an 8.5 MB buffer holding 4.3 MB while the frame waits for the writer), whatever the
    /// rectangles and the header's strings.
    @Test func aPixelFrameIsWrittenIntoOneBufferOfItsSize() {
        let pixels = [UInt8](repeating: 0xA5, count: 4 * 1000 * 800)
        let update = FrameUpdate(
            width: 1000, height: 800, keyframe: true,
            rects: [
                EncodedRect(
                    rect: PixelRect(x: 0, y: 0, width: 1000, height: 800), encoding: .fill,
                    color: RGB8(r: 1, g: 2, b: 3)),
                EncodedRect(rect: PixelRect(x: 0, y: 0, width: 1000, height: 800), encoding: .raw, data: pixels),
            ] + Self.rects(7))
        let contents: [FrameContent] = [
            .pixels(update),
            .window(
                update, viewport: Rect(x: -16384, y: 1e-7, width: 1000.123456789, height: 800),
                canvas: Size(width: 3924, height: 3956)),
        ]
        for header in Self.headers {
            for content in contents {
                let bytes = PreviewHub.frameMessage(header, content)
                #expect(bytes == PreviewHub.frameMessageTree(header, content))
                let bound = content.writtenBytesBound ?? 0
                #expect(bytes.count <= bound + 256 + 6 * (header.uri.utf8.count + header.subscription.utf8.count))
                // One allocation at the bound: at most the bound and the allocator's rounding (a page), never doubled.
                #expect(bytes.capacity < bytes.count + bytes.count / 8, "\(bytes.capacity) for \(bytes.count) bytes")
            }
        }
    }
}
