"""Low vision beyond the table: the panels, the aids bar and the dialogs in high contrast, the
keyboard's focus a thick yellow outline on every widget it reaches; and with low vision off,
each of them exactly as it was."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.dialogs.settings import SettingsDialog
from peppa_qt.gui.high_contrast import FOCUS_WIDTH, YELLOW
from peppa_qt.gui.presenter.table_presenter import PASSING
from peppa_qt.gui.window.main_window import MainWindow


def focused_picture(qtbot: QtBot, widget: QWidget) -> QImage:
    """The widget as drawn with the keyboard's focus on it."""
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus)
    return widget.grab().toImage()


def outline(image: QImage) -> list[str]:
    """The colours of the picture's first pixels from its left edge, at its middle."""
    y = image.height() // 2
    return [QColor(image.pixel(x, y)).name() for x in range(FOCUS_WIDTH)]


def focusable(parent: QWidget) -> list[QWidget]:
    """The widgets of ``parent`` the Tab key reaches (a combo box's list is the box's)."""
    reached = []
    for widget in parent.findChildren(QWidget):
        tab = bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        if tab and widget.isVisible() and widget.isEnabled() and widget.focusProxy() is None:
            reached.append(widget)
    return reached


def low_vision(window: MainWindow, on: bool) -> None:
    window.apply_settings(replace(window.settings, low_vision=on))


def passing(qtbot: QtBot, make_window: WindowMaker) -> MainWindow:
    window = make_window()
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        window.presenter.toggle_selected(card)  # the pass button is enabled
    window.game.aids_bar.show_aids(True, True)
    return window


def test_the_panels_buttons_have_a_thick_yellow_outline_with_the_focus(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = passing(qtbot, make_window)
    aids = window.game.aids_bar
    buttons = [window.pass_panel.button, aids.hint_button, aids.last_button]
    window.activateWindow()
    qtbot.waitActive(window)
    usual = [focused_picture(qtbot, button) for button in buttons]
    assert all(outline(picture) != [YELLOW] * FOCUS_WIDTH for picture in usual)
    low_vision(window, True)
    for button in buttons:
        assert outline(focused_picture(qtbot, button)) == [YELLOW] * FOCUS_WIDTH, button.text()
    low_vision(window, False)
    assert [focused_picture(qtbot, button) for button in buttons] == usual


def test_every_widget_of_a_dialog_has_a_thick_yellow_outline_with_the_focus(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """The settings dialog, switched live by its own box: the tabs, combo and check boxes,
    buttons; and back as they were when it is turned off."""
    window = make_window()
    dialog = SettingsDialog(window.settings, window.session.levels, window)
    qtbot.addWidget(dialog)
    dialog.changed.connect(window.apply_settings)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    widgets = focusable(dialog)
    kinds = {type(widget).__name__ for widget in widgets}
    assert {"QTabBar", "QComboBox", "QCheckBox", "QPushButton"} <= kinds
    usual = {id(widget): focused_picture(qtbot, widget) for widget in widgets}
    size = dialog.size()
    dialog.low_vision.setChecked(True)
    for widget in focusable(dialog):  # four colours is greyed, ticked by low vision
        assert outline(focused_picture(qtbot, widget)) == [YELLOW] * FOCUS_WIDTH, widget
    dialog.low_vision.setChecked(False)
    dialog.resize(size)  # bold words widened it; it stays as wide as the player had it
    for widget in widgets:
        assert focused_picture(qtbot, widget) == usual[id(widget)], widget


def test_the_panels_take_their_bold_words_room_at_the_switch(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Seen under Xvfb: turned on mid-hand, the aids bar kept its size and cut its words
    ("uggerimento (H")."""
    window = passing(qtbot, make_window)
    aids = window.game.aids_bar
    buttons = [window.pass_panel.button, aids.hint_button, aids.last_button]
    low_vision(window, True)
    for button in buttons:
        assert button.width() >= button.sizeHint().width(), button.text()
