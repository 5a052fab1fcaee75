"""The table's buttons beside the player's plate: a hint, the last trick again, and
"Finish the hand" when a claim is offered."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QFrame,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..high_contrast import BLACK, FOCUS_WIDTH, GREY, YELLOW, own_style
from .base import PANEL_HIGH_CONTRAST, PANEL_STYLE, pressed_by_enter


class AidsBar(QFrame):
    """Two small buttons by the player's plate: a hint, and the last trick again.

    Reached by Tab only. The arrows are the cards' keys: on a button they give the keys back
    to the table (``keys_returned``, with the arrow), as does a focused button that goes (a
    disabled one would pass the focus on to the next, where the player's Enter meant for a
    card would press it).
    """

    hint_asked = Signal()
    last_trick_asked = Signal()
    finish_asked = Signal()
    #: The keys go back to the cards; with the arrow key pressed (a Qt.Key), or 0.
    keys_returned = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        usual = PANEL_STYLE + AIDS_STYLE
        own_style(self, usual, usual + PANEL_HIGH_CONTRAST + AIDS_HIGH_CONTRAST)
        self.hint_button = QPushButton()
        self.hint_button.setObjectName("secondary")
        self.hint_button.clicked.connect(self.hint_asked)
        self.last_button = QPushButton()
        self.last_button.setObjectName("secondary")
        self.last_button.clicked.connect(self.last_trick_asked)
        self.finish_button = QPushButton()
        self.finish_button.clicked.connect(self.finish_asked)
        self.finish_button.hide()  # offered only when the rest of the hand is decided
        self._aids = (False, False)
        buttons = (self.finish_button, self.hint_button, self.last_button)
        for button in buttons:
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the keys to the cards
            button.installEventFilter(self)
        box = QVBoxLayout(self)
        box.setContentsMargins(6, 6, 6, 6)
        box.setSpacing(5)
        for button in buttons:
            box.addWidget(button)
        self.retranslate()
        self.hide()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not pressed_by_enter(self, event):
            super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        # A button would take Left and Right to go to the next button (Qt's way in a group).
        key = event.key() if isinstance(event, QKeyEvent) else None
        if event.type() == QEvent.Type.KeyPress and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            self.keys_returned.emit(int(key))
            return True
        return super().eventFilter(watched, event)

    def retranslate(self) -> None:
        """The buttons' words (and their keys) in the language in use."""
        self.hint_button.setText(self.tr("Hint (H)"))
        self.last_button.setText(self.tr("Last trick (L)"))
        self.finish_button.setText(self.tr("Finish the hand (F)"))

    def show_aids(self, hint: bool, last_trick: bool) -> None:
        """Offer what can be asked for now; hide the bar when nothing can."""
        self._aids = (hint, last_trick)
        going = (self.hint_button, hint), (self.last_button, last_trick)
        lost = any(button.hasFocus() and not kept for button, kept in going)
        self.hint_button.setEnabled(hint)
        self.last_button.setEnabled(last_trick)
        self.setVisible(hint or last_trick or self.finish_button.isVisibleTo(self))
        if lost:
            self.keys_returned.emit(0)

    def show_finish(self, offered: bool) -> None:
        """Offer "Finish the hand" (the rest of it is decided), or take the offer back."""
        lost = self.finish_button.hasFocus() and not offered
        self.finish_button.setVisible(offered)
        self.adjustSize()
        self.show_aids(*self._aids)
        if lost:
            self.keys_returned.emit(0)


#: The table's small buttons. With the focus one is filled, not only framed: on the felt, a
#: frame alone was hard to see, and Enter then pressed a button the player did not know
#: they were on.
AIDS_STYLE = """
QFrame#panel { background: rgba(10, 32, 22, 200); border-radius: 10px; }
QFrame#panel QPushButton#secondary { padding: 4px 10px; font-weight: normal; }
QFrame#panel QPushButton#secondary:disabled { color: #6f8d7c; border-color: #4d6b5a; }
QFrame#panel QPushButton#secondary:focus { padding: 3px 9px; background: #7cc7ff;
  color: #10263d; }
"""

#: Low vision's: on black, the words bold; with the focus a button is filled yellow inside a
#: thick yellow edge.
AIDS_HIGH_CONTRAST = f"""
QFrame#panel {{ background: {BLACK}; border-radius: 10px; }}
QFrame#panel QPushButton#secondary {{ padding: 3px 9px; font-weight: bold; }}
QFrame#panel QPushButton#secondary:disabled {{ color: {GREY}; border: 2px dashed {GREY}; }}
QFrame#panel QPushButton#secondary:focus {{ border: {FOCUS_WIDTH}px solid {YELLOW};
  padding: 1px 7px; background: {YELLOW}; color: {BLACK}; }}
"""
