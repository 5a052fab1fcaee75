"""The hand-over screen of hot-seat play: the computer passes to the next human.

It covers the whole table with a veil, so the public state (the plates, the trick in play,
whose turn) stays in sight behind it while every hand is face down, and it holds one button
that shows the next human's cards. Enter and Space press it. Its box lies below the trick, over
the face-down hand it stands for (in the middle it hid the trick at six seats, 1024×640).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from ..high_contrast import own_style
from .base import PANEL_HIGH_CONTRAST, PANEL_STYLE, Panel

VEIL = QColor(4, 16, 10, 150)


class HandOverScreen(QWidget):
    """A veil over the table with "Marco's turn" and a button to show Marco's cards."""

    shown = Signal()

    def __init__(self, room: Callable[[], QRectF], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: Where the box goes, in the table's coordinates (the view's, 1:1): below the trick.
        self._room = room
        own_style(self, PANEL_STYLE, PANEL_STYLE + PANEL_HIGH_CONTRAST)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        self.box = Panel()
        self.box.show()
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # a name is never markup
        self.title.setObjectName("title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint = QLabel()
        self.hint.setTextFormat(Qt.TextFormat.PlainText)
        self.hint.setObjectName("muted")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.button = QPushButton()
        self.button.setDefault(True)
        self.button.clicked.connect(self.shown)
        inner = QVBoxLayout(self.box)
        self._inner = inner
        inner.setContentsMargins(26, 18, 26, 18)
        inner.setSpacing(10)
        inner.addWidget(self.title)
        inner.addWidget(self.hint)
        inner.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        # A fixed width lets the wrapped line take the height it needs (heightForWidth).
        self.box.setFixedWidth(460)
        self.box.setParent(self)
        self.hide()

    def show_for(self, name: str) -> None:
        """Cover the table and wait for ``name`` to ask for their cards."""
        self.title.setText(self.tr("{name}'s turn").format(name=name))
        self.hint.setText(
            self.tr("Pass the computer to {name}. Only {name} should look now.").format(name=name)
        )
        self.button.setText(self.tr("Show {name}'s cards").format(name=name))
        self.show()
        self._fit_box()
        self._place_box()
        self.raise_()
        self.button.setFocus()

    def _fit_box(self) -> None:
        """The box's height for its texts at its fixed width. The outer layout centres the
        box at its size hint, which counts the wrapped line as one (a long name's second
        line was cut, the button squeezed); and before the first layout has run the box
        answers no height for a width at all, so the parts are added up here."""
        self.box.ensurePolished()  # the style sheet's fonts and padding count
        inner = self._inner
        margins, frame = inner.contentsMargins(), self.box.contentsMargins()
        room = self.box.width() - margins.left() - margins.right()
        room -= frame.left() + frame.right()
        parts = (
            self.title.sizeHint().height(),
            self.hint.heightForWidth(room),
            self.button.sizeHint().height(),
        )
        spacing = inner.spacing() * (len(parts) - 1)
        edges = margins.top() + margins.bottom() + frame.top() + frame.bottom()
        self.box.setFixedHeight(sum(parts) + spacing + edges)

    def _place_box(self) -> None:
        """The box in the middle of its room, as low as it must be to stay whole."""
        room, size = self._room(), self.box.size()
        x = round(room.center().x() - size.width() / 2)
        y = round(room.center().y() - size.height() / 2)
        x = max(0, min(x, self.width() - size.width()))
        y = max(0, min(y, self.height() - size.height()))
        self.box.move(x, y)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._place_box()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.fillRect(self.rect(), VEIL)
        painter.end()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            event.accept()
            self.shown.emit()
            return
        super().keyPressEvent(event)
