"""The window comes back where the player left it: its frame, title bar included, not lower."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from peppa_qt.gui.window.main_window import MainWindow


def test_a_window_left_at_the_top_of_the_screen_comes_back_there(qtbot: QtBot) -> None:
    """As a first start leaves it: Qt puts the client area back below a title bar of its own
    guess (the style's 25 px, more than a real one often is), so the frame came back lower
    at every start after the first, its bottom off a 1280×800 screen."""
    before = MainWindow(speed="off")
    qtbot.addWidget(before)
    before.show()
    qtbot.waitExposed(before)
    top_left = before.screen().availableGeometry().topLeft()
    before.move(top_left)
    qtbot.waitUntil(lambda: before.frameGeometry().topLeft() == top_left)
    qtbot.wait(600)  # settled, as the second is below: a frame over the screen is cut to it
    before.close()  # remembers the window's place in the settings

    again = MainWindow(speed="off")
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    qtbot.wait(600)  # the frame is known only once the window is shown
    assert again.frameGeometry().topLeft() == top_left
    assert again.size() == before.size()
    again.resize(again.minimumSize())  # and a place and size the player chose later stay
    again.move(top_left + QPoint(0, 60))
    qtbot.waitUntil(lambda: again.frameGeometry().topLeft() == top_left + QPoint(0, 60))
    again.close()
    third = MainWindow(speed="off")
    qtbot.addWidget(third)
    third.show()
    qtbot.waitExposed(third)
    qtbot.wait(600)
    assert third.frameGeometry().topLeft() == top_left + QPoint(0, 60)
    assert third.size() == again.size()
