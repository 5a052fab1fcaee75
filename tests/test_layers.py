"""The layers below the window run headless: importing engine, ai, table or storage loads no
Qt."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
QT_LIST = """
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"))
print(",".join(qt) or "none")
"""
LAYERS = {
    "engine and ai": """
import importlib, peppa_qt.engine, peppa_qt.engine.record, peppa_qt.engine.view, peppa_qt.ai
for level in peppa_qt.ai.available_levels():  # every computer level that exists
    importlib.import_module(f"peppa_qt.ai.{level}")
""",
    # The loop plays a whole game too, with a seat kind of the probe's own.
    "table": """
import peppa_qt.table.bot, peppa_qt.table.computer, peppa_qt.table.stand_in
from peppa_qt.engine import Match, RuleSet, cards_of
from peppa_qt.table import ManualScheduler, Pace, Seat, TableLoop
class Lowest(Seat):
    def ask(self, request):
        view, size = request.view, (request.view.rules.pass_size if request.passing else 1)
        request.answer(cards_of(view.hand if request.passing else view.legal)[:size])
scheduler = ManualScheduler()
match = Match(RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 2}}), 1)
loop = TableLoop(match, [Lowest() for _ in range(4)], scheduler, pace=Pace(0, True))
loop.start()
assert scheduler.run_until(lambda: match.is_over, timeout=30)
""",
    "storage": """
import peppa_qt.storage, peppa_qt.storage.files, peppa_qt.storage.saves
import peppa_qt.storage.settings, peppa_qt.storage.statistics, peppa_qt.storage.profile
import peppa_qt.storage.paths, peppa_qt.storage.appearance
""",
}


#: The game session below the window may use QtCore (signals, timers), nothing that draws.
SESSION = """
import peppa_qt.controller.session, peppa_qt.controller.preferences
from peppa_qt.controller import GameSession, GameController, Preferences
"""
DRAWING = ("PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtSvg")


def _qt_modules_after(imports: str) -> str:
    # -I: a clean interpreter (no PYTHONPATH, no user site), so nothing imported by other tests
    # or by the environment interferes.
    code = f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n{imports}\n{QT_LIST}"
    done = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_layer_imports_no_qt(layer: str) -> None:
    assert _qt_modules_after(LAYERS[layer]) == "none"


def test_the_game_session_has_no_widgets() -> None:
    loaded = _qt_modules_after(SESSION).split(",")
    assert "PySide6.QtCore" in loaded
    assert not [m for m in loaded if m.startswith(DRAWING)]


def test_the_probe_would_see_qt() -> None:
    """The same probe reports PySide6 when it is imported (so the tests above can fail)."""
    assert "PySide6.QtCore" in _qt_modules_after(LAYERS["storage"] + "import PySide6.QtCore\n")
