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
    mutating func next(_ list: DisplayList) throws(RenderError) -> JSONObject? {
        switch self {
        case .pixels(var stream):
            defer { self = .pixels(stream) }
            guard let update = try stream.next(list) else { return nil }
            return [
                "width": .int(update.width), "height": .int(update.height), "keyframe": .bool(update.keyframe),
                "rects": FrameWire.rects(update.rects),
            ]
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
            return object
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
            return object
        }
    }
}
