"""Start the game window: ``peppa-qt`` (one human against three computers) or ``--demo``."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from .gui.window.main_window import MainWindow
from .storage import Profile, locations


def run_gui(
    demo: bool,
    quit_after_hands: int | None,
    *,
    speed: str | None = None,
    profile_dir: Path | None = None,
) -> int:
    """Open the window and run until it is closed; the exit code for the command.

    ``profile_dir`` keeps every file (settings, saves, statistics) under one folder instead of
    the player's usual ones.
    """
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("peppa-qt")
    app.setApplicationDisplayName("Peppa")
    window = build_window(demo, quit_after_hands, speed=speed, profile_dir=profile_dir)
    from .gui.dialogs.crash_report import CrashReporter

    CrashReporter(window.profile.where.log_file, window, recover=window.go_on_after_error).install()
    window.show()
    window.after_first_paint(window.start_or_resume)
    return app.exec()


def build_window(
    demo: bool,
    quit_after_hands: int | None,
    *,
    speed: str | None = None,
    profile_dir: Path | None = None,
) -> MainWindow:
    """The window, set up for a normal game or the all-computer demo (the game not started).

    While tests run, the player's real folders are refused unless a base directory is set.
    """
    profile = Profile(locations(profile_dir))
    window = MainWindow(speed=speed, deferred=True, profile=profile)
    window.demo = demo
    window.quit_after_hands = quit_after_hands
    return window
