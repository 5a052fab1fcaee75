"""Full screen for the television: F11 or View ▸ Full screen, Esc or F11 to leave; the table and
its panels fill the screen; the place kept for the next start is the window's."""

from __future__ import annotations

from dataclasses import replace

from persistence_helpers import step_until
from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.window.language import translations
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.gui.window.place import saved_frame


def _full_screen_action(window: MainWindow) -> object:
    view = window.menuBar().actions()[2].menu()
    assert view is not None
    return next(a for a in view.actions() if a.isCheckable())


def test_f11_and_the_view_menu_go_full_screen_and_f11_or_esc_leave(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.activateWindow()  # a shortcut is the active window's
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    action = window.menus.full_screen.action
    assert window.menuBar().actions()[2].text() == "&View"
    assert _full_screen_action(window) is action
    assert action.text() == "&Full screen" and action.isCheckable() and not action.isChecked()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)  # windowed, Esc is the table's: nothing
    assert not window.isFullScreen()
    qtbot.keyClick(window.view, Qt.Key.Key_F11)
    qtbot.waitUntil(window.isFullScreen)
    assert action.isChecked()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not action.isChecked()
    action.trigger()  # View ▸ Full screen
    qtbot.waitUntil(window.isFullScreen)
    qtbot.keyClick(window.view, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert not action.isChecked()
    window.showFullScreen()  # by the window manager: the tick follows
    qtbot.waitUntil(action.isChecked)
    window.showNormal()
    qtbot.waitUntil(lambda: not action.isChecked())


def test_full_screen_speaks_italian(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.apply_settings(replace(window.settings, language="it"))
    qtbot.waitUntil(lambda: translations.code == "it")
    QApplication.processEvents()
    assert window.menuBar().actions()[2].text() == "&Visualizza"
    assert window.menus.full_screen.action.text() == "&Schermo intero"


def test_the_end_of_hand_panel_is_placed_again_on_the_whole_screen(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.resize(window.minimumSize())
    window.start_game(short_game("hearts", 2))
    step_until(qtbot, window, window.summary_panel.isVisible)
    panel, view = window.summary_panel, window.view
    small = view.size()
    window.menus.full_screen.action.trigger()
    qtbot.waitUntil(lambda: view.size() != small)
    screen = window.screen().geometry()
    assert window.geometry() == screen
    assert window.scene.sceneRect().size().toSize() == view.viewport().size()
    centre = panel.geometry().center()
    assert abs(centre.x() - view.width() // 2) <= 2  # centred on the larger table
    assert view.rect().contains(panel.geometry())


def test_the_place_kept_while_full_screen_is_the_windows(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Not remembered: the next start opens windowed, where the window was."""
    window = make_window()
    windowed = saved_frame(window.saveGeometry())
    window.menus.full_screen.action.trigger()
    qtbot.waitUntil(window.isFullScreen)
    window.close()  # keeps the window's place in the settings
    kept = QByteArray.fromBase64(window.settings.window_geometry.encode("ascii"))
    assert saved_frame(kept) == windowed
    again = MainWindow(speed="off")
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert not again.isFullScreen()
    assert not again.menus.full_screen.action.isChecked()
    again.close()
