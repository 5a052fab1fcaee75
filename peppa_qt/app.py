"""Start the game window: ``peppa-qt`` (one human against three computers) or ``--demo``."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from .gui.main_window import MainWindow


def run_gui(demo: bool, quit_after_hands: int | None, *, speed: str | None = None) -> int:
    """Open the window and run until it is closed; the exit code for the command."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("peppa-qt")
    app.setApplicationDisplayName("Peppa")
    window = build_window(demo, quit_after_hands, speed=speed)
    window.show()
    window.after_first_paint(window.start_game)
    return app.exec()


def build_window(
    demo: bool, quit_after_hands: int | None, *, speed: str | None = None
) -> MainWindow:
    """The window, set up for a normal game or the all-computer demo (the game not started)."""
    window = MainWindow(speed=speed or "normal", deferred=True)
    window.demo = demo
    window.quit_after_hands = quit_after_hands
    return window
