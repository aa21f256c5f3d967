#!/usr/bin/env python3
"""The cairo peer of skeleton-bench's full-frame render figure (issue 5).

    bench-cairo.py SCENE.json

Reads a display list written by skeleton-bench (canvas size, background, rounded blocks with linear gradients in
unit coordinates of each block, opacity) and answers commands on stdin, one per line:

    render      draws the whole scene once into an RGB24 image surface; prints the seconds it took
    overhead    the same Python loop (paths, patterns) without drawing: the interpreter's share of `render`
    dump PATH   writes the last frame's pixels (cairo's native-endian xRGB32, stride = width * 4) to PATH
    quit

Timing starts before the background paint and ends after surface.flush(); gradient patterns are built inside the
timed region, as the renderer builds its ramps from the display list on every frame.
"""
import json
import math
import sys
import time

import cairo


def main():
    with open(sys.argv[1]) as f:
        scene = json.load(f)
    width, height = scene["width"], scene["height"]
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    if surface.get_stride() != width * 4:
        raise SystemExit("unexpected stride %d" % surface.get_stride())
    ctx = cairo.Context(surface)
    background = [c / 255 for c in scene["background"]]
    layers = scene["layers"]

    def draw(fill):
        ctx.set_source_rgb(*background)
        ctx.paint()
        for layer in layers:
            x, y, w, h = layer["rect"]
            r = max(0.0, min(layer["radius"], w / 2, h / 2))
            sx, sy = layer["start"]
            ex, ey = layer["end"]
            # skeletond's gradient axis (Protocol/rendering.md): S = origin + start × size, E likewise, and
            # t = (P − S)·(E − S) / |E − S|² in pixel space: exactly cairo's linear gradient between S and E.
            pattern = cairo.LinearGradient(x + sx * w, y + sy * h, x + ex * w, y + ey * h)
            colors = layer["colors"]
            last = len(colors) - 1
            opacity = layer["opacity"]
            for k, (cr, cg, cb, ca) in enumerate(colors):
                pattern.add_color_stop_rgba(k / last if last else 0, cr / 255, cg / 255, cb / 255, ca / 255 * opacity)
            pattern.set_extend(cairo.EXTEND_PAD)
            if r > 0:
                ctx.new_sub_path()
                ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
                ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
                ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
                ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
                ctx.close_path()
            else:
                ctx.rectangle(x, y, w, h)
            ctx.set_source(pattern)
            if fill:
                ctx.fill()
            else:
                ctx.new_path()
        surface.flush()

    for line in sys.stdin:
        command = line.split()
        if not command:
            continue
        if command[0] in ("render", "overhead"):
            start = time.perf_counter()
            draw(command[0] == "render")
            elapsed = time.perf_counter() - start
            print(repr(elapsed), flush=True)
        elif command[0] == "dump":
            draw(True)
            with open(command[1], "wb") as f:
                f.write(bytes(surface.get_data()))
            print("ok", flush=True)
        elif command[0] == "quit":
            break
        else:
            print("error unknown command", flush=True)


if __name__ == "__main__":
    main()
