"""The window under test for the AT-SPI check: a one-hand game, the language chosen, the
window given the keyboard; it quits by itself after ``seconds``."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

TESTS = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TESTS))

from player_doubles import random_factory  # noqa: E402
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from qt_helpers import short_game  # noqa: E402

from peppa_qt.controller import Pace  # noqa: E402
from peppa_qt.gui.window.main_window import MainWindow  # noqa: E402
from peppa_qt.storage import paths  # noqa: E402


def main(language: str, profile: str, seconds: float) -> int:
    """Show the table and wait for the keys."""
    paths._override = Path(profile)
    app = QApplication(sys.argv[:1])
    window = MainWindow(Pace.instant(), random_factory, speed="off")
    window.scene.trick_hold = 0
    window.resize(1024, 640)
    window.show()
    window.apply_settings(replace(window.settings, language=language))
    window.start_game(short_game("hearts", 1))
    window.activateWindow()
    window.view.setFocus()
    QTimer.singleShot(int(seconds * 1000), app.quit)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
