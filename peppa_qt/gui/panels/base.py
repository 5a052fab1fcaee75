"""What every panel over the felt shares: its look, Enter on its buttons, its labels, and
the height the table gives it. Qt alone: the table imports it before the first frame."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QWidget

from ..high_contrast import BLACK, FOCUS_WIDTH, GREY, WHITE, YELLOW, own_style

PANEL_STYLE = """
QFrame#panel { background: rgb(10, 32, 22); border: 1px solid rgba(245, 197, 66, 150);
  border-radius: 14px; }
QFrame#panel QLabel { color: #f3f1e8; background: transparent; }
QLabel#title { font-size: 18px; font-weight: bold; }
QLabel#banner { color: #f5c542; font-size: 15px; font-weight: bold; }
QLabel#muted { color: #b9d3c4; }
QFrame#panel QPushButton { background: #f5c542; color: #1d1d1d; border: none; border-radius: 8px;
  padding: 7px 18px; font-weight: bold; }
QFrame#panel QPushButton:disabled { background: #6f7d73; color: #c9d2cb; }
QFrame#panel QPushButton:hover { background: #ffd766; }
QFrame#panel QPushButton#secondary { background: transparent; color: #f3f1e8;
  border: 1px solid #b9d3c4; }
QFrame#panel QPushButton:focus { border: 2px solid #7cc7ff; padding: 5px 16px; }
QFrame#panel QPushButton#secondary:focus { border: 2px solid #7cc7ff; color: #ffffff;
  padding: 6px 17px; }
"""
# The focus frame is wider than the border it replaces: the padding gives up what it takes
# (7 - 2 and 18 - 2 with no border; 7 + 1 - 2 with one of a pixel), so a focused button keeps
# its size and its words keep their room (the descenders were cut).

#: Low vision's high contrast, after ``PANEL_STYLE`` (each rule as weighty as the one it
#: overrides): black and white, bold, the focus a thick yellow outline (gui/high_contrast.py).
PANEL_HIGH_CONTRAST = f"""
QFrame#panel {{ background: {BLACK}; border: 3px solid {WHITE}; }}
QFrame#panel QLabel {{ color: {WHITE}; font-weight: bold; }}
QLabel#banner {{ color: {YELLOW}; }}
QLabel#muted {{ color: {WHITE}; }}
QFrame#panel QPushButton {{ background: {WHITE}; color: {BLACK}; border: 2px solid {WHITE};
  padding: 5px 16px; }}
QFrame#panel QPushButton:disabled {{ background: {BLACK}; color: {GREY};
  border: 2px dashed {GREY}; }}
QFrame#panel QPushButton:hover {{ background: #d9d9d9; }}
QFrame#panel QPushButton#secondary {{ background: {BLACK}; color: {WHITE};
  border: 2px solid {WHITE}; padding: 5px 16px; }}
QFrame#panel QPushButton:focus {{ border: {FOCUS_WIDTH}px solid {YELLOW}; padding: 3px 14px; }}
QFrame#panel QPushButton#secondary:focus {{ border: {FOCUS_WIDTH}px solid {YELLOW};
  color: {WHITE}; padding: 3px 14px; }}
"""


def pressed_by_enter(frame: QWidget, event: QKeyEvent) -> bool:
    """Enter on a focused button of ``frame`` presses it, as Space does (outside a dialog a
    button takes only Space: the key would go on to the table and play a card instead)."""
    button = frame.focusWidget()
    keys = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
    if event.key() in keys and isinstance(button, QPushButton) and frame.isAncestorOf(button):
        if button.isEnabled():
            button.animateClick()
        event.accept()
        return True
    return False


#: No limit on a widget's size (Qt's QWIDGETSIZE_MAX).
QWIDGETSIZE_MAX = (1 << 24) - 1


class Panel(QFrame):
    """A rounded, dark panel; hidden until shown. Over the table it is told the height it may
    take (``fit_to``) each time the table places it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        own_style(self, PANEL_STYLE, PANEL_STYLE + PANEL_HIGH_CONTRAST)
        self.hide()

    def fit_to(self, room: int) -> None:
        """Make the panel no taller than ``room`` where it can give way (a panel's own)."""

    def fit_width(self, clear: int, whole: int) -> None:
        """Make the panel no wider than ``clear`` (the felt between the plates at the
        table's sides), or else than ``whole`` (the table), where it can give way (a
        panel's own)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not pressed_by_enter(self, event):
            super().keyPressEvent(event)


def panel_label(text: str = "", name: str = "") -> QLabel:
    """A label of plain text (players' names come from files: never read as markup)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    if name:
        label.setObjectName(name)
    return label
