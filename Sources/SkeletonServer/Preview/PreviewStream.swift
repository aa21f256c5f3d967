import JSON
import SkeletonGraphics
import SkeletonRender

/// How a subscriber wants its frames.
package enum PreviewEncoding: String, Sendable, CaseIterable {
    case raw, png, layers, cells
    /// `cells` frames whose runs are arrays of integers (`Protocol/previews.md`): what a client that parses JSON
    /// slowly asks for.
    case cellsPacked

    /// Whether its frames are a terminal grid's (`cells` and `cellsPacked`).
    var isCells: Bool { self == .cells || self == .cellsPacked }
}

/// One subscriber's encoder state: what it last received and how to bring it up to date.
enum PreviewStream {
    /// `viewport`: the canvas region its frames show (nil: the whole canvas).
    case pixels(PixelStream, viewport: Viewport?)
    /// The canvas size in points last sent, so it goes out again only when it changes; `viewport`: the canvas region
    /// the grid shows (nil: the whole canvas); `packed`: runs as arrays of integers (`cellsPacked`).
    case cells(CellStream, canvas: Size?, viewport: Viewport?, packed: Bool)
    case layers(last: DisplayList?)

    init(encoding: PreviewEncoding, scale: Double, columns: Int, rows: Int, viewport: Viewport?) throws(RenderError) {
        switch encoding {
        case .raw:
            self = .pixels(
                try PixelStream(scale: scale, encoding: .raw, viewport: viewport?.pixels), viewport: viewport)
        case .png:
            self = .pixels(
                try PixelStream(scale: scale, encoding: .png, viewport: viewport?.pixels), viewport: viewport)
        case .cells, .cellsPacked:
            self = .cells(
                try CellStream(scale: scale, columns: columns, rows: rows, viewport: viewport?.rect), canvas: nil,
                viewport: viewport, packed: encoding == .cellsPacked)
        case .layers: self = .layers(last: nil)
        }
    }

    mutating func requestKeyframe() {
        switch self {
        case .pixels(var stream, let viewport):
            stream.requestKeyframe()
            self = .pixels(stream, viewport: viewport)
        case .cells(var stream, _, let viewport, let packed):
            stream.requestKeyframe()
            self = .cells(stream, canvas: nil, viewport: viewport, packed: packed)
        case .layers: self = .layers(last: nil)
        }
    }

    /// Shows `viewport` from the next frame on, a keyframe of it (`layers` streams have none: they send every layer).
    /// Throws, changing nothing, when a `cells` stream cannot sample it at its scale (`CellStream.setViewport`).
    mutating func setViewport(_ viewport: Viewport) throws(RenderError) {
        switch self {
        case .pixels(var stream, _):
            stream.setViewport(viewport.pixels)
            self = .pixels(stream, viewport: viewport)
        case .cells(var stream, _, _, let packed):
            try stream.setViewport(viewport.rect)
            self = .cells(stream, canvas: nil, viewport: viewport, packed: packed)
        case .layers: break
        }
    }

    /// Samples a `columns` × `rows` grid from the next frame on, a keyframe of it (only `cells` streams have a grid).
    /// Throws, changing nothing, for a grid outside `RenderLimits`.
    mutating func setGrid(columns: Int, rows: Int) throws(RenderError) {
        guard case .cells(var stream, _, let viewport, let packed) = self else { return }
        try stream.setGrid(columns: columns, rows: rows)
        self = .cells(stream, canvas: nil, viewport: viewport, packed: packed)
    }

    /// The bytes the stream counts against the frame budget (`PreviewLimits`) for a canvas of `size` points at
    /// `scale`: a pixel stream's two frames of its viewport, or of the canvas (nil when there is no viewport and the
    /// canvas is unknown or cannot be drawn at that scale: the stream reports that itself); a `cells` stream's bound
    /// for its grid, whatever the canvas; nothing for `layers`.
    func heldBytes(canvas size: Size?, scale: Double) -> Int? {
        switch self {
        case .pixels(_, let viewport?): PreviewLimits.pixelBytes(pixels: viewport.pixels.area)
        case .pixels(_, nil): size.flatMap { PreviewLimits.pixelBytes(canvas: $0, scale: scale) }
        case .cells(let stream, _, _, _): PreviewLimits.cellBytes(columns: stream.columns, rows: stream.rows)
        case .layers: 0
        }
    }

    /// The frame's encoding-specific members bringing the subscriber to `list`, or nil when nothing changed.
    mutating func next(_ list: DisplayList) throws(RenderError) -> FrameContent? {
        switch self {
        case .pixels(var stream, let viewport):
            defer { self = .pixels(stream, viewport: viewport) }
            guard let update = try stream.next(list) else { return nil }
            guard let viewport, update.keyframe else { return .pixels(update) }
            return .window(update, viewport: viewport.rect, canvas: list.size)
        case .cells(var stream, let canvas, let viewport, let packed):
            // A viewport's grid samples the region it shows (the stream holds the viewport).
            guard let update = try stream.next(list) else {
                self = .cells(stream, canvas: canvas, viewport: viewport, packed: packed)
                return nil
            }
            self = .cells(stream, canvas: list.size, viewport: viewport, packed: packed)
            var object: JSONObject = [
                "columns": .int(update.columns), "rows": .int(update.rows), "keyframe": .bool(update.keyframe),
                "cells": packed ? FrameWire.packedCellRuns(update.runs) : FrameWire.cellRuns(update.runs),
            ]
            if update.keyframe || canvas != list.size {
                object["canvas"] = FrameWire.size(list.size)
            }
            if update.keyframe, let viewport { object["viewport"] = FrameWire.rect(viewport.rect) }
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
    /// A viewport's keyframe: those members, then `viewport` (points) and the `canvas` size (points).
    case window(FrameUpdate, viewport: Rect, canvas: Size)
    /// Cells and layer ops, through their trees.
    case members(JSONObject)

    /// At least the bytes `write(into:)` writes, so the message's buffer is allocated once at its size (a raw
    /// keyframe's base64 is megabytes: a buffer that doubles past it holds twice that while it waits for the
    /// writer); nil for trees (cells, layers), whose buffer grows as they are written.
    var writtenBytesBound: Int? {
        switch self {
        case .pixels(let update): Self.bound(update)
        case .window(let update, _, _): Self.bound(update) + Self.windowBound
        case .members: nil
        }
    }

    /// A rectangle's members besides its data: four integers, the tags, an encoding's name and a colour.
    private static let rectBound = 192
    /// `viewport` and `canvas`: six numbers (at most 32 characters each) and their tags.
    private static let windowBound = 6 * 32 + 64

    private static func bound(_ update: FrameUpdate) -> Int {
        update.rects.reduce(128) { sum, rect in
            sum + rectBound + (rect.color == nil ? Base64.encodedCount(rect.data.count) : 0)
        }
    }

    /// Writes each member as `,"key":value` (the object is already open).
    func write(into writer: inout JSONWriter) {
        switch self {
        case .pixels(let update):
            Self.write(update, into: &writer)
        case .window(let update, let viewport, let canvas):
            Self.write(update, into: &writer)
            writer.writeRaw(Self.viewportTag)
            writer.write(FrameWire.rect(viewport))
            writer.writeRaw(Self.canvasTag)
            writer.write(FrameWire.size(canvas))
        case .members(let object):
            for (key, value) in object {
                writer.writeByte(UInt8(ascii: ","))
                writer.writeString(key)
                writer.writeByte(UInt8(ascii: ":"))
                writer.write(value)
            }
        }
    }

    private static func write(_ update: FrameUpdate, into writer: inout JSONWriter) {
        writer.writeRaw(widthTag)
        writer.writeInt(update.width)
        writer.writeRaw(heightTag)
        writer.writeInt(update.height)
        writer.writeRaw(update.keyframe ? keyframeTrue : keyframeFalse)
        writer.writeRaw(rectsTag)
        FrameWire.writeRects(update.rects, into: &writer)
    }

    /// The members as a tree (the reference `write(into:)` is tested against).
    var json: JSONObject {
        switch self {
        case .pixels(let update):
            Self.members(update)
        case .window(let update, let viewport, let canvas):
            Self.members(update, viewport: viewport, canvas: canvas)
        case .members(let object): object
        }
    }

    private static func members(_ update: FrameUpdate, viewport: Rect? = nil, canvas: Size? = nil) -> JSONObject {
        var object: JSONObject = [
            "width": .int(update.width), "height": .int(update.height), "keyframe": .bool(update.keyframe),
            "rects": FrameWire.rects(update.rects),
        ]
        if let viewport { object["viewport"] = FrameWire.rect(viewport) }
        if let canvas { object["canvas"] = FrameWire.size(canvas) }
        return object
    }

    private static let widthTag: [UInt8] = Array(#","width":"#.utf8)
    private static let heightTag: [UInt8] = Array(#","height":"#.utf8)
    private static let keyframeTrue: [UInt8] = Array(#","keyframe":true"#.utf8)
    private static let keyframeFalse: [UInt8] = Array(#","keyframe":false"#.utf8)
    private static let rectsTag: [UInt8] = Array(#","rects":"#.utf8)
    private static let viewportTag: [UInt8] = Array(#","viewport":"#.utf8)
    private static let canvasTag: [UInt8] = Array(#","canvas":"#.utf8)
}
