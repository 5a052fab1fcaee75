"""The game's icon for each desktop, drawn from the one SVG the game itself uses.

``peppa_qt/assets/icon/peppa.svg`` (written by ``tools/gen_cards.py``) is the only drawing:
the PNG sizes of the freedesktop hicolor theme, the Windows ``.ico`` and the macOS ``.icns``
are rendered from it here, with Qt's SVG renderer, at build time.

Both container formats are written by hand, with PNG pictures inside: an ``.ico`` may hold
PNG entries since Windows Vista, an ``.icns`` since macOS 10.7.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final

from .appinfo import ROOT

SOURCE: Final = ROOT / "peppa_qt" / "assets" / "icon" / "peppa.svg"
#: The hicolor theme's sizes that desktops look for (the Debian menu, GNOME, KDE).
HICOLOR_SIZES: Final = (16, 22, 24, 32, 48, 64, 128, 256, 512)
#: What a Windows icon holds (Explorer, the taskbar, the Start menu, high-DPI screens).
ICO_SIZES: Final = (16, 20, 24, 32, 40, 48, 64, 256)
#: macOS icon types with PNG data, by the side of their picture in pixels.
ICNS_TYPES: Final = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),  # 512 points at 2x
    (b"ic11", 32),  # 16 points at 2x
    (b"ic12", 64),  # 32 points at 2x
    (b"ic13", 256),  # 128 points at 2x
    (b"ic14", 512),  # 256 points at 2x
)


def render_pngs(sides: Iterable[int], source: Path = SOURCE) -> dict[int, bytes]:
    """The icon as PNG files, one per side in pixels (Qt, offscreen: no display needed)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])  # the text in the icon needs fonts
    renderer = QSvgRenderer(QByteArray(source.read_bytes()))
    if not renderer.isValid():
        raise ValueError(f"{source} is not an SVG Qt can draw")
    pngs = {}
    for side in sorted(set(sides)):
        image = QImage(side, side, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not QImageWriter(buffer, QByteArray(b"png")).write(image):
            raise ValueError(f"the {side} px icon could not be written as PNG")
        pngs[side] = bytes(data.data())
    return pngs


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height of a PNG picture (from its header)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG picture")
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A Windows ``.ico`` holding the PNG pictures (side → PNG), smallest first."""
    sides = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sides))
    offset = len(header) + 16 * len(sides)
    entries, images = b"", b""
    for side in sides:
        png = pngs[side]
        if not 1 <= side <= 256:
            raise ValueError(f"an .ico picture is 1 to 256 pixels wide, not {side}")
        dim = side % 256  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        images += png
    return header + entries + images


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A macOS ``.icns`` holding every type of ICNS_TYPES (``pngs`` must have their sides)."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[side])) + pngs[side] for kind, side in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(folder: Path) -> dict[str, Path]:
    """Write every form of the icon into ``folder``: ``png/<side>.png``, ``.ico``, ``.icns``,
    ``.svg``; the paths by kind ("svg", "ico", "icns", "png16", … "png512")."""
    sides = {*HICOLOR_SIZES, *ICO_SIZES, *(side for _, side in ICNS_TYPES)}
    pngs = render_pngs(sides)
    (folder / "png").mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    for side in HICOLOR_SIZES:
        written[f"png{side}"] = folder / "png" / f"{side}.png"
        written[f"png{side}"].write_bytes(pngs[side])
    written["ico"] = folder / "peppa-qt.ico"
    written["ico"].write_bytes(ico_bytes({side: pngs[side] for side in ICO_SIZES}))
    written["icns"] = folder / "peppa-qt.icns"
    written["icns"].write_bytes(icns_bytes(pngs))
    written["svg"] = folder / "peppa-qt.svg"
    written["svg"].write_bytes(SOURCE.read_bytes())
    return written
