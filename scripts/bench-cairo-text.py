#!/usr/bin/env python3
"""The cairo peer of skeleton-bench's text figure (issue 17).

    bench-cairo-text.py LABELS.json

Reads labels written by skeleton-bench (each a box in points and the lines skeletond's text engine laid out: pen x,
baseline, text) and answers commands on stdin, one per line:

    cold    draws every label into its own A8 surface at a font size cairo has not seen (17 pt plus a new
            millionth each time, so its scaled-font and glyph caches miss); prints the seconds it took
    warm    the same at exactly 17 pt (glyphs cached after the first time); prints the seconds
    ink     draws once at 17 pt and prints the sum of all coverage bytes
    quit

cairo's toy text API takes a family name, not a file: "Inter" is resolved by fontconfig (Debian's fonts-inter,
the same Inter-Regular.otf the engine opens). It does not shape (no kerning) or order bidi text, so the labels are
Latin and cairo draws the lines already broken by the engine.
"""
import json
import sys
import time

import cairo


def main():
    with open(sys.argv[1]) as f:
        scene = json.load(f)
    scale, base = scene["scale"], scene["size"]
    labels = scene["labels"]
    nudge = [0]

    def draw(label, size):
        """Draws one label into a new A8 surface at `size` points and returns the surface."""
        width = int(-(-label["width"] * scale // 1))
        height = int(-(-label["height"] * scale // 1))
        surface = cairo.ImageSurface(cairo.FORMAT_A8, width, height)
        ctx = cairo.Context(surface)
        ctx.scale(scale, scale)
        ctx.select_font_face("Inter", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
        ctx.set_font_size(size)
        for x, baseline, text in label["lines"]:
            ctx.move_to(x, baseline)
            ctx.show_text(text)
        surface.flush()
        return surface

    for line in sys.stdin:
        command = line.split()
        if not command:
            continue
        if command[0] in ("cold", "warm"):
            if command[0] == "cold":
                nudge[0] += 1
            size = base + nudge[0] * 1e-6 if command[0] == "cold" else base
            start = time.perf_counter()
            for label in labels:
                draw(label, size)
            print(repr(time.perf_counter() - start), flush=True)
        elif command[0] == "ink":
            total = sum(sum(bytes(draw(label, base).get_data())) for label in labels)
            print(total, flush=True)
        elif command[0] == "quit":
            break
        else:
            print("error unknown command", flush=True)


if __name__ == "__main__":
    main()
