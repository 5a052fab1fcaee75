"""Checks for the generated card art in peppa_qt/assets/cards and peppa_qt/assets/icon.

* The committed files must be exactly what tools/gen_cards.py writes.
* Every face and back must render with QtSvg, not be blank, and show the
  suit colour in the top-left corner index (the part visible in a fanned
  hand).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "peppa_qt" / "assets" / "cards"
LARGE = CARDS / "large"
#: Every folder of faces: each design (classic, large index) in two and four colours.
FACE_FOLDERS = (CARDS, CARDS / "fourcolor", LARGE, LARGE / "fourcolor")
ICON = ROOT / "peppa_qt" / "assets" / "icon" / "peppa.svg"
SCRIPT = ROOT / "tools" / "gen_cards.py"

RANKS = "23456789TJQKA"
SUITS = "CDHS"
BACKS = ("back-red", "back-blue", "back-green")
IMG_W, IMG_H = 100, 140
# Top-left index area in a 100x140 render: inside the left 22% of the card,
# clear of the border and the rounded corner.
INDEX_BOX = (2, 3, 22, 38)

Pixel = tuple[int, int, int, int]


def _files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_committed_art_matches_generator(tmp_path: Path) -> None:
    out = tmp_path / "cards"
    subprocess.run(
        [sys.executable, str(SCRIPT), str(out)],
        check=True,
        capture_output=True,
    )
    generated, committed = _files(out), _files(CARDS)
    assert sorted(generated) == sorted(committed), "file list drifted"
    stale = [name for name, data in generated.items() if committed[name] != data]
    assert not stale, f"regenerate with tools/gen_cards.py; differs: {stale}"
    icon = tmp_path / "icon" / "peppa.svg"
    assert icon.read_bytes() == ICON.read_bytes(), "icon drifted"


def test_generator_is_deterministic(tmp_path: Path) -> None:
    for name in ("a", "b"):
        subprocess.run(
            [sys.executable, str(SCRIPT), str(tmp_path / name / "cards")],
            check=True,
            capture_output=True,
        )
    assert _files(tmp_path / "a") == _files(tmp_path / "b")


def test_deck_is_complete_and_small() -> None:
    for folder in FACE_FOLDERS:
        names = {p.stem for p in folder.glob("*.svg") if not p.stem.startswith("b")}
        assert names == {r + s for r in RANKS for s in SUITS}
    for back in BACKS:
        assert (CARDS / f"{back}.svg").is_file()
    assert (CARDS / "LICENSE.txt").is_file()
    total = sum(p.stat().st_size for p in CARDS.rglob("*.svg"))
    assert total + ICON.stat().st_size < 1_500_000
    for folder in FACE_FOLDERS:
        face = (folder / "QS.svg").read_text(encoding="utf-8")
        assert 'viewBox="0 0 250 350"' in face
    # The large-index design is kept lean: no figures, so it adds little to the package.
    assert sum(p.stat().st_size for p in LARGE.rglob("*.svg")) < 250_000


def _render(path: Path, width: int, height: int) -> list[list[Pixel]]:
    renderer = QSvgRenderer(str(path))
    assert renderer.isValid(), f"{path.name} is not a valid SVG for QtSvg"
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    rgba = image.convertToFormat(QImage.Format.Format_RGBA8888)
    data, stride = bytes(rgba.constBits()), rgba.bytesPerLine()
    rows: list[list[Pixel]] = []
    for y in range(height):
        line = data[y * stride : y * stride + 4 * width]
        rows.append([(r, g, b, a) for r, g, b, a in zip(*[iter(line)] * 4, strict=True)])
    return rows


def _count(rows: list[list[Pixel]], test: Callable[[Pixel], bool], box: tuple[int, ...]) -> int:
    x0, y0, x1, y1 = box
    return sum(test(rows[y][x]) for y in range(y0, y1) for x in range(x0, x1))


def _ink(p: Pixel) -> bool:
    return p[3] > 200 and min(p[:3]) < 200


def _red(p: Pixel) -> bool:
    return p[3] > 200 and p[0] > 150 and p[1] < 90 and p[2] < 110


def _dark(p: Pixel) -> bool:
    return p[3] > 200 and max(p[:3]) < 90


def _green(p: Pixel) -> bool:
    return p[3] > 200 and p[1] > p[0] + 40 and p[1] > p[2] + 20 and p[0] < 90


def _blue(p: Pixel) -> bool:
    return p[3] > 200 and p[2] > p[0] + 60 and p[2] > p[1] + 30


TWO_COLOUR = {"C": _dark, "S": _dark, "D": _red, "H": _red}
FOUR_COLOUR = {"C": _green, "D": _blue, "H": _red, "S": _dark}
FACES = [
    pytest.param(folder, rank + suit, colours, id=f"{prefix}{rank}{suit}")
    for folder, colours, prefix in (
        (CARDS, TWO_COLOUR, ""),
        (CARDS / "fourcolor", FOUR_COLOUR, "4c-"),
        (LARGE, TWO_COLOUR, "large-"),
        (LARGE / "fourcolor", FOUR_COLOUR, "large-4c-"),
    )
    for suit in SUITS
    for rank in RANKS
]


def _assert_not_blank(rows: list[list[Pixel]], name: str) -> None:
    everything = (0, 0, IMG_W, IMG_H)
    opaque = _count(rows, lambda p: p[3] > 200, everything)
    assert opaque > 0.9 * IMG_W * IMG_H, f"{name}: card body missing"
    assert _count(rows, _ink, everything) > 150, f"{name}: blank card"


@pytest.mark.usefixtures("qapp")
@pytest.mark.parametrize(("folder", "name", "colours"), FACES)
def test_face_renders_with_coloured_index(
    folder: Path, name: str, colours: dict[str, Callable[[Pixel], bool]]
) -> None:
    rows = _render(folder / f"{name}.svg", IMG_W, IMG_H)
    _assert_not_blank(rows, name)
    suit = name[1]
    expected = colours[suit]
    assert _count(rows, expected, INDEX_BOX) >= 20, f"{name}: index colour"
    others = {f for s, f in colours.items() if f is not expected}
    for other in others:
        assert _count(rows, other, INDEX_BOX) == 0, f"{name}: wrong index colour"


@pytest.mark.usefixtures("qapp")
@pytest.mark.parametrize("name", BACKS)
def test_back_renders(name: str) -> None:
    rows = _render(CARDS / f"{name}.svg", IMG_W, IMG_H)
    _assert_not_blank(rows, name)
    middle = (15, 15, 85, 125)
    coloured = _count(rows, lambda p: max(p[:3]) - min(p[:3]) > 60, middle)
    assert coloured > 0.4 * 70 * 110, f"{name}: back is not coloured"


@pytest.mark.usefixtures("qapp")
@pytest.mark.parametrize("size", [16, 32, 64, 256])
def test_icon_renders(size: int) -> None:
    rows = _render(ICON, size, size)
    box = (0, 0, size, size)
    assert _count(rows, _red, box) > 0, "icon: heart missing"
    assert _count(rows, _dark, box) > 0, "icon: spade missing"


def _rank_height(folder: Path, name: str) -> int:
    """How tall the rank stands in the corner: the first band of ink from the top, in the
    columns where both designs put their index (the part of a card a tight fan shows)."""
    rows = _render(folder / f"{name}.svg", IMG_W, IMG_H)
    x0, _, x1, _ = INDEX_BOX
    inked = [any(_ink(rows[y][x]) for x in range(x0, x1)) for y in range(3, IMG_H // 2)]
    top = inked.index(True)
    return inked[top:].index(False)


@pytest.mark.usefixtures("qapp")
# J and Q reach below the line, into the suit under them: the others tell the size.
@pytest.mark.parametrize("name", [r + s for s in SUITS for r in RANKS if r not in "JQ"])
def test_the_large_index_is_half_as_tall_again(name: str) -> None:
    classic, large = _rank_height(CARDS, name), _rank_height(LARGE, name)
    assert large >= 1.5 * classic, (classic, large)
