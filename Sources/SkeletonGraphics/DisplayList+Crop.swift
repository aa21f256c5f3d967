/// A region of a display list as a list of its own.

extension DisplayList {
    /// The part of the list `rect` (canvas points) shows, as a list whose canvas is `rect`'s size: the layers that
    /// may touch `rect`, moved by `-rect.origin`. When `rect` reaches beyond the canvas, every layer is also clipped
    /// to the canvas, so what lies beyond it shows the background, as in a picture of the whole list.
    ///
    /// - Important: `rect` is finite and not empty.
    public func cropped(to rect: Rect) -> DisplayList {
        let dx = -rect.x
        let dy = -rect.y
        let canvas = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let beyond = rect.intersection(canvas) != rect
        let canvasClip = RoundedRect(rect: canvas.offsetBy(dx: dx, dy: dy))
        var kept: [Layer] = []
        for segment in segments where segment.extent.map({ !$0.intersection(rect).isEmpty }) ?? true {
            for layer in segment.layers {
                let r = layer.shape.rect
                let finite = r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite
                // A normalised box (a negative side spans the other way) that misses `rect` is left out.
                if finite {
                    let box = Rect(
                        x: min(r.minX, r.maxX), y: min(r.minY, r.maxY), width: abs(r.width), height: abs(r.height))
                    guard box.maxX >= rect.minX, box.minX <= rect.maxX, box.maxY >= rect.minY, box.minY <= rect.maxY
                    else { continue }
                }
                var fields = layer.fields
                fields.shape.rect = r.offsetBy(dx: dx, dy: dy)
                fields.clips = fields.clips.map {
                    RoundedRect(rect: $0.rect.offsetBy(dx: dx, dy: dy), cornerRadius: $0.cornerRadius)
                }
                if beyond { fields.clips.append(canvasClip) }
                var moved = layer
                moved.fields = fields
                kept.append(moved)
            }
        }
        return DisplayList(size: rect.size, background: background, layers: kept)
    }
}
