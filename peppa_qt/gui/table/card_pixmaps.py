"""Card pictures rendered from the SVGs once per size and pixel ratio, then reused."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPen, QPixmap

from ...resources import asset, asset_bytes

if TYPE_CHECKING:  # Qt SVG is loaded with the first card picture: the empty table needs none
    from PySide6.QtSvg import QSvgRenderer

# The engine's notation, repeated here so that painting the table does not load the engine.
RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "CDHS"

#: A card's second copy (two decks, Belmont) is a sprite of its own: the card's id plus this.
TWIN = 52
#: Sprite ids from here up are cards the viewer cannot see: a back, and no card behind it.
#: (Ids below are the engine's cards, 0..51, and their second copies, 52..103.)
HIDDEN = 128

#: Width / height of the card art (250 × 350).
CARD_ASPECT = 250 / 350
BACK_COLOURS = ("red", "blue", "green")
#: The card-face designs (the settings' ``card_deck``) and the folder of each one's faces.
DECK_FOLDERS = {"classic": "", "large": "large/"}
#: The corners' radius in the art, of the card's width (14 of 250).
CORNER = 14 / 250
#: The cache's mark on a picture drawn with high contrast's outline.
OUTLINED = "outlined:"


def is_hidden(card: int) -> bool:
    """Whether a sprite id stands for a card its viewer cannot see."""
    return card >= HIDDEN


def card_of(sprite: int) -> int:
    """The card a known sprite shows (0..51): a second copy shows its twin's face."""
    return sprite % TWIN


def card_file_name(card: int) -> str:
    """``QS`` for the queen of spades (the SVG's base name)."""
    card = card_of(card)
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


class CardPixmapCache:
    """Renders faces and backs; keeps the most recent sizes (a resize makes a new size)."""

    def __init__(self, max_sizes: int = 3) -> None:
        self.four_colour = False
        #: Low vision's faces: large indices, four colours, a thick black outline.
        self.high_contrast = False
        self.back_colour = "red"
        #: The faces' design, one of ``DECK_FOLDERS``.
        self.deck = "classic"
        self._renderers: dict[str, QSvgRenderer] = {}
        self._pixmaps: OrderedDict[tuple[int, int, float], dict[str, QPixmap]] = OrderedDict()
        self._max_sizes = max_sizes
        self.renders = 0

    def face(self, card: int, size: QSize, ratio: float) -> QPixmap:
        """The face of ``card`` at ``size`` logical pixels for a screen of pixel ratio ``ratio``."""
        deck = "large" if self.high_contrast else self.deck
        four = self.four_colour or self.high_contrast
        folder = DECK_FOLDERS.get(deck, "") + ("fourcolor/" if four else "")
        return self._get(self._look(folder + card_file_name(card)), size, ratio)

    def back(self, size: QSize, ratio: float) -> QPixmap:
        """The back of the cards in the chosen colour."""
        return self._get(self._look(f"back-{self.back_colour}"), size, ratio)

    def _look(self, name: str) -> str:
        """The picture's name in the cache: an outlined one is a picture of its own, so that
        turning high contrast on or off draws every card anew at once."""
        return OUTLINED + name if self.high_contrast else name

    def back_of(self, colour: str, size: QSize, ratio: float) -> QPixmap:
        """The back of the cards in ``colour`` (a preview in the settings)."""
        return self._get(f"back-{colour}", size, ratio)

    def _get(self, name: str, size: QSize, ratio: float) -> QPixmap:
        key = (size.width(), size.height(), ratio)
        bucket = self._pixmaps.get(key)
        if bucket is None:
            bucket = self._pixmaps[key] = {}
            while len(self._pixmaps) > self._max_sizes:
                self._pixmaps.popitem(last=False)
        else:
            self._pixmaps.move_to_end(key)
        pixmap = bucket.get(name)
        if pixmap is None:
            pixmap = bucket[name] = self._render(name, size, ratio)
        return pixmap

    def _render(self, name: str, size: QSize, ratio: float) -> QPixmap:
        from PySide6.QtSvg import QSvgRenderer

        outlined = name.startswith(OUTLINED)
        name = name.removeprefix(OUTLINED)
        renderer = self._renderers.get(name)
        if renderer is None:
            data = asset_bytes("cards", *f"{name}.svg".split("/"))
            renderer = self._renderers[name] = QSvgRenderer(QByteArray(data))
        self.renders += 1
        return render_svg(renderer, size, ratio, outline=outlined)


def render_svg(
    renderer: QSvgRenderer, size: QSize, ratio: float, *, outline: bool = False
) -> QPixmap:
    """A picture of ``renderer``'s drawing at ``size`` logical pixels, sharp at ``ratio``
    (``outline``: a card's thick black edge, for high contrast)."""
    image = QImage(
        max(1, round(size.width() * ratio)),
        max(1, round(size.height() * ratio)),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    if outline:
        _outline(painter, image.width(), image.height())
    painter.end()
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


def _outline(painter: QPainter, width: int, height: int) -> None:
    """A black edge a thirtieth of the card wide (the art's corners rounded alike): the card
    stands out from the felt and from the card beside it in a fan."""
    pen = max(2.0, width / 30)
    painter.setPen(QPen(QColor("black"), pen))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    radius = width * CORNER
    half = pen / 2
    painter.drawRoundedRect(QRectF(half, half, width - pen, height - pen), radius, radius)


def app_icon() -> QIcon:
    """The window's icon, drawn from the package's SVG at the sizes desktops ask for.

    From the file itself where the package is a folder (Qt draws it when first shown, which
    keeps it off the way to the first deal), else rendered here at the usual sizes.
    """
    source = asset("icon", "peppa.svg")
    if isinstance(source, Path):
        return QIcon(str(source))
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(QByteArray(source.read_bytes()))
    icon = QIcon()
    for side in (16, 24, 32, 48, 64, 128, 256):
        icon.addPixmap(render_svg(renderer, QSize(side, side), 1.0))
    return icon
