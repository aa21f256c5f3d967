"""A screen far taller than a preview window shows at its width, for the editor tests of the preview's viewport
(shared by the Neovim and Emacs suites, as tmuxterm is): rows of grey strips down a 375 x 3000 canvas, and one red
strip, `target`, near its bottom."""
from __future__ import annotations

from pathlib import Path

HEIGHT = 3000
TARGET = (16, 2800, 343, 40)  # the red strip's frame, absolute (the root is at the origin)
RED = (231, 76, 60)  # #E74C3C


def write_long_document(path: Path) -> Path:
    rows = ",\n".join(f'      {{"type": "UIView", "id": "row{k}", "frame": [16, {40 + k * 60}, 343, 40],'
                      f' "backgroundColor": "#D5DBDB"}}' for k in range(45))
    x, y, w, h = TARGET
    path.write_text(
        '{\n  "root": {\n    "type": "UIView", "id": "screen", "frame": [0, 0, 375, %d], "backgroundColor": "#FFFFFF",\n'
        '    "children": [\n%s,\n      {"type": "UIView", "id": "target", "frame": [%d, %d, %d, %d],'
        ' "backgroundColor": "#E74C3C"}\n    ]\n  }\n}\n' % (HEIGHT, rows, x, y, w, h))
    return path


def reddish(colour) -> bool:
    """A cell colour near RED (the preview quantizes colours)."""
    return isinstance(colour, tuple) and len(colour) == 3 and all(
        isinstance(c, int) and abs(c - r) <= 8 for c, r in zip(colour, RED))


def shows_red(screen) -> bool:
    return any(reddish(fg) or reddish(bg) for cells in screen.cells.values() for _, fg, bg in cells)
