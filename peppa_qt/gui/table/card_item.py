"""A card on the table: a picture that knows its card id and how to move. No game logic.

The card is drawn by Qt itself, in C++: a ``QGraphicsPixmapItem`` child shows one picture
made once per face and marks (the shadow, the face or back, the dimming and the rings drawn
together), shared by every card showing the same. A ``paint()`` written in Python, run for
every card in every frame, doubled the CPU an animation takes.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from weakref import WeakKeyDictionary

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QParallelAnimationGroup,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    QSize,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPixmapItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .card_pixmaps import CardPixmapCache, is_hidden
from .layout import Spot

SHADOW = QColor(0, 0, 0, 70)
DIM = QColor(16, 28, 22, 120)
DIM_STRONG = QColor(0, 0, 0, 165)
HIGHLIGHT = QColor("#f5c542")
FOCUS = QColor("#58b7ff")
#: The focus ring's outer band, dark on the felt; high contrast's inner band, yellow.
FOCUS_DARK = QColor("#06243f")
FOCUS_HC = QColor("#ffe100")
MARGIN = 5.0
#: Pictures kept per pixmap cache: every face and the back, with a few marks, at two sizes.
MAX_PICTURES = 256

#: (picture's cacheKey, dimmed, highlighted, focused) -> the card as drawn; one per cache.
_Pictures = OrderedDict[tuple[int, bool, bool, bool], QPixmap]
_PICTURES: WeakKeyDictionary[CardPixmapCache, _Pictures] = WeakKeyDictionary()


class CardItem(QGraphicsObject):
    """One card sprite; ``card`` is its id, the only thing it knows about the game.

    An id of ``HIDDEN`` or more is a card the viewer cannot see: it only ever shows its back,
    until the card is known (``set_card``, as it is played).
    """

    def __init__(self, card: int, cache: CardPixmapCache, size: QSize, ratio: float) -> None:
        super().__init__()
        self.card = card
        self._cache = cache
        self._face_up = False
        # Made at its size: a picture at any other size would be rendered for nothing.
        self._size = QSize(size)
        self._ratio = ratio
        self._pixmap = QPixmap()
        self._dimmed = False
        self._highlighted = False
        self._focused = False
        self._bounds = QRectF()
        # Qt draws the picture; this item only moves it (and is what hit-tests find).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._picture = QGraphicsPixmapItem(self)
        self._picture.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._picture.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._refresh()

    # ---------------------------------------------------------------- appearance

    @property
    def face_up(self) -> bool:
        """Whether the face shows."""
        return self._face_up

    def set_face_up(self, face_up: bool) -> None:
        """Turn the card over (the picture comes from the cache); a hidden one stays a back."""
        face_up = face_up and not is_hidden(self.card)
        if face_up != self._face_up:
            self._face_up = face_up
            self._refresh()

    def set_card(self, card: int) -> None:
        """Stand for another card: a hidden one becomes known, or a sprite is used again."""
        if card != self.card:
            self.card = card
            self.set_marks(dimmed=False, highlighted=False, focused=False)
            if is_hidden(card):
                self.set_face_up(False)
            self._refresh()

    def set_card_size(self, size: QSize, ratio: float) -> None:
        """The full-size card in logical pixels and the screen's pixel ratio."""
        if size != self._size or ratio != self._ratio:
            self.prepareGeometryChange()
            self._size, self._ratio = QSize(size), ratio
            self._refresh()

    def refresh_art(self) -> None:
        """Fetch the picture again (deck colours changed)."""
        self._refresh()

    def set_marks(self, *, dimmed: bool, highlighted: bool, focused: bool) -> None:
        """Dim an unplayable card, ring a received or focused one."""
        marks = (dimmed, highlighted, focused)
        if marks != (self._dimmed, self._highlighted, self._focused):
            self._dimmed, self._highlighted, self._focused = marks
            self._show_picture()

    @property
    def dimmed(self) -> bool:
        """Whether the card is drawn as unplayable."""
        return self._dimmed

    @property
    def highlighted(self) -> bool:
        """Whether the card is ringed as just received."""
        return self._highlighted

    @property
    def focused(self) -> bool:
        """Whether the card carries the keyboard's focus ring."""
        return self._focused

    def _refresh(self) -> None:
        if self._face_up:
            self._pixmap = self._cache.face(self.card, self._size, self._ratio)
        else:
            self._pixmap = self._cache.back(self._size, self._ratio)
        w, h = self._size.width(), self._size.height()
        self._bounds = QRectF(-w / 2, -h / 2, w, h).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
        self._picture.setOffset(self._bounds.topLeft())
        self._show_picture()

    def _show_picture(self) -> None:
        """The child item shows the card with its marks (made once, then shared)."""
        pictures = _PICTURES.setdefault(self._cache, OrderedDict())
        key = (self._pixmap.cacheKey(), self._dimmed, self._highlighted, self._focused)
        picture = pictures.get(key)
        if picture is None:
            picture = pictures[key] = self._draw_picture()
            while len(pictures) > MAX_PICTURES:
                pictures.popitem(last=False)
        else:
            pictures.move_to_end(key)
        self._picture.setPixmap(picture)

    # --------------------------------------------------------------- movement

    def place(self, spot: Spot) -> None:
        """Jump to ``spot`` at once."""
        self.setPos(spot.x, spot.y)
        self.setRotation(spot.rotation)
        self.setScale(spot.scale)
        self.setZValue(spot.z)

    def animate(
        self,
        spot: Spot,
        duration: int,
        delay: int = 0,
        on_arrival: Callable[[], None] | None = None,
    ) -> QAbstractAnimation | None:
        """Move to ``spot`` with easing; at once (returning None) when ``duration`` is 0."""
        if duration <= 0:
            self.place(spot)
            if on_arrival is not None:
                on_arrival()
            return None
        self.setZValue(spot.z + 1000)  # fly above the cards already in place
        moves = QParallelAnimationGroup()
        # A property already at its end is not animated: at six and eight seats no card
        # turns, and each animation made costs the deal's first frame (104 cards).
        targets: list[tuple[bytes, object]] = [(b"pos", QPointF(spot.x, spot.y))]
        if self.rotation() != spot.rotation:
            targets.append((b"rotation", spot.rotation))
        if self.scale() != spot.scale:
            targets.append((b"scale", spot.scale))
        for name, value in targets:
            move = QPropertyAnimation(self, name)
            move.setEndValue(value)
            move.setDuration(duration)
            move.setEasingCurve(QEasingCurve.Type.OutCubic)
            moves.addAnimation(move)
        moves.finished.connect(lambda: self._arrive(spot, on_arrival))
        if not delay:
            return moves
        sequence = QSequentialAnimationGroup()
        sequence.addAnimation(QPauseAnimation(delay))
        sequence.addAnimation(moves)
        return sequence

    def _arrive(self, spot: Spot, on_arrival: Callable[[], None] | None) -> None:
        self.setZValue(spot.z)
        if on_arrival is not None:
            on_arrival()

    # ------------------------------------------------------------ QGraphicsItem

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._bounds

    def shape(self) -> QPainterPath:
        # The card itself, not its bounds: they take in the shadow's margin, and in a fanned
        # hand that margin lay over the strip of the card beside it (a click there took this).
        path = QPainterPath()
        path.addRect(self.card_rect())
        return path

    def card_rect(self) -> QRectF:
        """The card's own rectangle in item coordinates (centred on the origin)."""
        w, h = self._size.width(), self._size.height()
        return QRectF(-w / 2, -h / 2, w, h)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        """Nothing: the child picture is the card."""

    def _draw_picture(self) -> QPixmap:
        """The card as the table shows it: shadow, face or back, dimming, rings."""
        ratio = self._ratio
        bounds = self._bounds
        image = QImage(
            max(1, round(bounds.width() * ratio)),
            max(1, round(bounds.height() * ratio)),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        image.setDevicePixelRatio(ratio)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.translate(-bounds.topLeft())
        rect = self.card_rect()
        radius = rect.width() * 0.056
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SHADOW)
        painter.drawRoundedRect(rect.translated(1.2, 2.2), radius, radius)
        painter.drawPixmap(rect.topLeft(), self._pixmap)
        strong = self._cache.high_contrast
        if self._dimmed:
            _draw_dimming(painter, rect, radius, strong=strong)
        if self._highlighted:
            _draw_highlight(painter, rect, radius, strong=strong)
        if self._focused:
            _draw_focus(painter, rect, radius, strong=strong)
        painter.end()
        picture = QPixmap.fromImage(image)
        picture.setDevicePixelRatio(ratio)
        return picture


def _draw_dimming(painter: QPainter, rect: QRectF, radius: float, *, strong: bool) -> None:
    """An unplayable card darkened; with high contrast darker still and struck through with
    lines, so it reads without telling shades apart."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(DIM_STRONG if strong else DIM)
    painter.drawRoundedRect(rect, radius, radius)
    if strong:
        painter.setBrush(QBrush(QColor("black"), Qt.BrushStyle.BDiagPattern))
        painter.drawRoundedRect(rect, radius, radius)


def _draw_highlight(painter: QPainter, rect: QRectF, radius: float, *, strong: bool) -> None:
    """A card received or hinted: a gold ring; with high contrast a thick dashed one, black
    on white, unlike the focus's solid ring."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if not strong:
        painter.setPen(QPen(HIGHLIGHT, 3.0))
        painter.drawRoundedRect(rect.adjusted(1.5, 1.5, -1.5, -1.5), radius, radius)
        return
    inner = rect.adjusted(3, 3, -3, -3)
    painter.setPen(QPen(QColor("white"), 6.0))
    painter.drawRoundedRect(inner, radius, radius)
    painter.setPen(QPen(QColor("black"), 6.0, Qt.PenStyle.DashLine))
    painter.drawRoundedRect(inner, radius, radius)


def _draw_focus(painter: QPainter, rect: QRectF, radius: float, *, strong: bool) -> None:
    """The keyboard's ring: a dark band outside the card's edge and a bright one inside it,
    seen on the felt and on the face alike; with high contrast black and yellow, twice as
    wide."""
    dark, light, width = (
        (FOCUS_DARK, FOCUS, 3.0) if not strong else (QColor("black"), FOCUS_HC, 5.0)
    )
    painter.setBrush(Qt.BrushStyle.NoBrush)
    half = width / 2
    painter.setPen(QPen(dark, width))
    painter.drawRoundedRect(rect.adjusted(-half, -half, half, half), radius + half, radius + half)
    painter.setPen(QPen(light, width))
    painter.drawRoundedRect(rect.adjusted(half, half, -half, -half), radius, radius)
