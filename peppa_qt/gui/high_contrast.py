"""Low vision's high contrast beyond the table: the panels, the aids bar, the score sheet, the
status line, the menus and every dialog in black, white and yellow, their text bold, and the
keyboard's focus a thick yellow outline on whatever widget has it.

The table draws its own cards and plates (table/card_pixmaps.py, table/plates.py); the widgets
round it take a style sheet. One for the application reaches every widget and dialog, even
those made after the switch; but a widget's own sheet wins over it whatever the rules' weight
(Qt's cascade), so a widget with a sheet of its own (a panel, the review's labels) gives it
through ``own_style``, with its high-contrast counterpart, and is switched with the rest. With
low vision off the application has no sheet and each widget its usual one: nothing else
changes.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QWidget

BLACK, WHITE, YELLOW = "#000000", "#ffffff", "#ffd400"
#: A disabled widget's words and edge: grey, still 7:1 on black.
GREY = "#a6a6a6"
#: The keyboard focus's outline, in pixels: thick enough to find at a glance.
FOCUS_WIDTH = 4
#: A dynamic property of the application: whether high contrast is on.
_ON = "peppa_high_contrast"
#: A widget's own style sheets, usual and high-contrast (``own_style``), as properties.
_USUAL, _HIGH = "peppa_usual_style", "peppa_high_style"

#: The frames' usual edge is two pixels; with the focus it is ``FOCUS_WIDTH`` and the padding
#: gives up the difference, so a focused widget keeps its size and its words their room.
APP_STYLE = f"""
QWidget {{ background-color: {BLACK}; color: {WHITE}; font-weight: bold;
  selection-background-color: {WHITE}; selection-color: {BLACK}; }}
QWidget:disabled {{ color: {GREY}; }}
QToolTip {{ background-color: {BLACK}; color: {WHITE}; border: 2px solid {YELLOW}; }}
QMenuBar::item:selected, QMenu::item:selected {{ background-color: {YELLOW}; color: {BLACK}; }}
QMenu {{ border: 2px solid {WHITE}; }}
QMenu::separator {{ height: 2px; background: {WHITE}; margin: 4px 6px; }}
QPushButton, QToolButton {{ background-color: {BLACK}; color: {WHITE};
  border: 2px solid {WHITE}; border-radius: 6px; padding: 5px 14px; }}
QPushButton:hover, QToolButton:hover {{ background-color: #333333; }}
QPushButton:pressed, QToolButton:pressed {{ background-color: {WHITE}; color: {BLACK}; }}
QPushButton:disabled, QToolButton:disabled {{ color: {GREY}; border: 2px dashed {GREY}; }}
QPushButton:focus, QToolButton:focus {{ border: {FOCUS_WIDTH}px solid {YELLOW};
  padding: 3px 12px; outline: none; }}
QCheckBox, QRadioButton {{ border: 2px solid transparent; border-radius: 4px; padding: 3px; }}
QCheckBox:focus, QRadioButton:focus {{ border: {FOCUS_WIDTH}px solid {YELLOW}; padding: 1px;
  outline: none; }}
QCheckBox::indicator, QRadioButton::indicator {{ width: 16px; height: 16px;
  border: 2px solid {WHITE}; background-color: {BLACK}; }}
QRadioButton::indicator {{ border-radius: 10px; }}
QCheckBox::indicator:checked, QRadioButton::indicator:checked {{ background-color: {YELLOW};
  border: 2px solid {WHITE}; }}
QCheckBox::indicator:disabled, QRadioButton::indicator:disabled {{ border-color: {GREY}; }}
QComboBox, QSpinBox, QLineEdit, QPlainTextEdit, QTextEdit {{ background-color: {BLACK};
  color: {WHITE}; border: 2px solid {WHITE}; border-radius: 4px; padding: 3px 6px; }}
QComboBox:focus, QSpinBox:focus, QLineEdit:focus, QPlainTextEdit:focus, QTextEdit:focus {{
  border: {FOCUS_WIDTH}px solid {YELLOW}; padding: 1px 4px; }}
QComboBox QAbstractItemView {{ border: 2px solid {WHITE}; }}
QAbstractItemView {{ border: 2px solid {WHITE}; alternate-background-color: #1c1c1c;
  gridline-color: {GREY}; }}
QAbstractItemView:focus {{ border: {FOCUS_WIDTH}px solid {YELLOW}; }}
QAbstractItemView::item:selected {{ background-color: {WHITE}; color: {BLACK}; }}
QAbstractItemView::item:focus {{ border: 3px solid {YELLOW}; }}
QHeaderView::section {{ background-color: {BLACK}; color: {WHITE}; border: 1px solid {GREY};
  padding: 2px 4px; }}
QTabWidget::pane {{ border: 2px solid {WHITE}; }}
QTabBar::tab {{ background-color: {BLACK}; color: {WHITE}; border: 2px solid {WHITE};
  padding: 5px 12px; margin-right: 2px; }}
QTabBar::tab:selected {{ background-color: {WHITE}; color: {BLACK}; }}
QTabBar::tab:focus {{ border: {FOCUS_WIDTH}px solid {YELLOW}; padding: 3px 10px; }}
QDockWidget::title {{ background-color: {BLACK}; border-bottom: 2px solid {WHITE};
  padding: 4px; }}
QGroupBox {{ border: 2px solid {WHITE}; border-radius: 4px; margin-top: 1.4em; }}
QGroupBox::title {{ subcontrol-origin: margin; left: 8px; padding: 0 4px; }}
QStatusBar {{ border-top: 2px solid {WHITE}; }}
"""


def is_on() -> bool:
    """Whether high contrast is on."""
    app = QCoreApplication.instance()
    return app is not None and bool(app.property(_ON))


def own_style(widget: QWidget, usual: str, high: str) -> None:
    """Give ``widget`` the style sheet ``usual``, or ``high`` while high contrast is on; it
    follows each switch from now on."""
    widget.setProperty(_USUAL, usual)
    widget.setProperty(_HIGH, high)
    widget.setStyleSheet(high if is_on() else usual)


def mark_problem(label: QWidget, wrong: bool = True) -> None:
    """``label``'s words in a problem's red (or as usual if not ``wrong``), a light red on
    high contrast's black."""
    own_style(label, "color: #b3261e;" if wrong else "", "color: #ff8a80;" if wrong else "")


def set_high_contrast(on: bool) -> None:
    """Turn high contrast on or off for every widget, now and to come."""
    app = QCoreApplication.instance()
    if not isinstance(app, QApplication) or is_on() == on:
        return
    app.setProperty(_ON, on)
    app.setStyleSheet(APP_STYLE if on else "")
    for widget in app.allWidgets():
        usual = widget.property(_USUAL)
        if isinstance(usual, str):
            widget.setStyleSheet(str(widget.property(_HIGH)) if on else usual)
