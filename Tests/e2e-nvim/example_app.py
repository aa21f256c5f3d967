"""SkeletonView's CollectionView example laid out as an Xcode app, for the editor tests of the app as the unit
(shared by the Neovim and Emacs suites, as tmuxterm is)."""
from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures"


def make_app(tmp_path: Path) -> Path:
    """`Shop/Shop.xcodeproj` beside `Shop/Shop/` with the storyboard and the two Swift files, copied without the
    fixtures' read-only mode (the tests change the Swift file). Returns the app's folder."""
    app = tmp_path / "Shop"
    (app / "Shop.xcodeproj").mkdir(parents=True)
    (app / "Shop").mkdir()
    shutil.copyfile(FIXTURES / "interface-builder" / "CollectionView-Main.storyboard", app / "Shop" / "Main.storyboard")
    for name in ("ViewController", "CollectionViewCell"):
        shutil.copyfile(FIXTURES / "swift-code" / f"CollectionView-{name}.swift", app / "Shop" / f"{name}.swift")
    return app
