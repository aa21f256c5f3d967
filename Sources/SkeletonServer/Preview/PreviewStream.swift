import JSON
import SkeletonGraphics
import SkeletonRender

/// How a subscriber wants its frames.
public enum PreviewEncoding: String, Sendable, CaseIterable {
    case raw, png, layers, cells
}

/// One subscriber's encoder state: what it last received and how to bring it up to date.
enum PreviewStream {
    case pixels(PixelStream)
    /// The canvas size in points last sent, so it goes out again only when it changes.
    case cells(CellStream, canvas: Size?)
    case layers(last: DisplayList?)

    init(encoding: PreviewEncoding, scale: Double, columns: Int, rows: Int) throws(RenderError) {
        switch encoding {
        case .raw: self = .pixels(try PixelStream(scale: scale, encoding: .raw))
        case .png: self = .pixels(try PixelStream(scale: scale, encoding: .png))
        case .cells: self = .cells(try CellStream(scale: scale, columns: columns, rows: rows), canvas: nil)
        case .layers: self = .layers(last: nil)
        }
    }

    mutating func requestKeyframe() {
        switch self {
        case .pixels(var stream):
            stream.requestKeyframe()
            self = .pixels(stream)
        case .cells(var stream, _):
            stream.requestKeyframe()
            self = .cells(stream, canvas: nil)
        case .layers: self = .layers(last: nil)
        }
    }

    /// The frame's encoding-specific members bringing the subscriber to `list`, or nil when nothing changed.
    mutating func next(_ list: DisplayList) throws(RenderError) -> FrameContent? {
        switch self {
        case .pixels(var stream):
            defer { self = .pixels(stream) }
            guard let update = try stream.next(list) else { return nil }
            return .pixels(update)
        case .cells(var stream, let canvas):
            guard let update = try stream.next(list) else {
                self = .cells(stream, canvas: canvas)
                return nil
            }
            self = .cells(stream, canvas: list.size)
            var object: JSONObject = [
                "columns": .int(update.columns), "rows": .int(update.rows), "keyframe": .bool(update.keyframe),
                "cells": FrameWire.cellRuns(update.runs),
            ]
            if update.keyframe || canvas != list.size {
                object["canvas"] = ["width": .double(list.size.width), "height": .double(list.size.height)]
            }
            return .members(object)
        case .layers(let last):
            let diff = LayerDiff.between(last, list)
            self = .layers(last: list)
            guard !diff.isEmpty else { return nil }
            var object: JSONObject = ["keyframe": .bool(diff.reset), "ops": FrameWire.layerOps(diff.ops)]
            if let size = diff.size {
                object["width"] = .double(size.width)
                object["height"] = .double(size.height)
            }
            if let background = diff.background { object["background"] = .string(background.hexRGBA) }
            return .members(object)
        }
    }
}

/// The encoding-specific members of one frame, written after the members every frame has.
enum FrameContent {
    /// `width`, `height`, `keyframe`, `rects`: written straight into the output (`FrameWire.writeRects`).
    case pixels(FrameUpdate)
    /// Cells and layer ops, through their trees.
    case members(JSONObject)

    /// Writes each member as `,"key":value` (the object is already open).
    func write(into writer: inout JSONWriter) {
        switch self {
        case .pixels(let update):
            writer.writeRaw(Self.widthTag)
            writer.writeInt(update.width)
            writer.writeRaw(Self.heightTag)
            writer.writeInt(update.height)
            writer.writeRaw(update.keyframe ? Self.keyframeTrue : Self.keyframeFalse)
            writer.writeRaw(Self.rectsTag)
            FrameWire.writeRects(update.rects, into: &writer)
        case .members(let object):
            for (key, value) in object {
                writer.writeByte(UInt8(ascii: ","))
                writer.writeString(key)
                writer.writeByte(UInt8(ascii: ":"))
                writer.write(value)
            }
        }
    }

    /// The members as a tree (the reference `write(into:)` is tested against).
    var json: JSONObject {
        switch self {
        case .pixels(let update):
            [
                "width": .int(update.width), "height": .int(update.height), "keyframe": .bool(update.keyframe),
                "rects": FrameWire.rects(update.rects),
            ]
        case .members(let object): object
        }
    }

    private static let widthTag: [UInt8] = Array(#","width":"#.utf8)
    private static let heightTag: [UInt8] = Array(#","height":"#.utf8)
    private static let keyframeTrue: [UInt8] = Array(#","keyframe":true"#.utf8)
    private static let keyframeFalse: [UInt8] = Array(#","keyframe":false"#.utf8)
    private static let rectsTag: [UInt8] = Array(#","rects":"#.utf8)
}
