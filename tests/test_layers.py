"""The layers below the window run headless: importing engine, ai, table or storage loads no
Qt."""

from __future__ import annotations

import ast
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
    # The network table: its server and a headless serve, no Qt.
    "net": """
import peppa_qt.net.messages, peppa_qt.net.hosted, peppa_qt.net.server, peppa_qt.net.serve
import peppa_qt.net.discovery
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


def _imports(module: str, path: Path) -> set[str]:
    """The modules of ``peppa_qt`` that ``module`` imports: at the top, in a function or under
    TYPE_CHECKING alike (an import only for the type checker still ties the two together)."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _import_graph() -> dict[str, set[str]]:
    modules: dict[str, Path] = {}
    for path in (ROOT / "peppa_qt").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return {m: (_imports(m, p) & modules.keys()) - {m} for m, p in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round and round (Tarjan's algorithm)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in graph[module]:
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = []
            while (other := stack.pop()) != module:
                group.append(other)
            if group:
                found.append(sorted([module, *group]))

    for module in graph:
        if module not in order:
            visit(module)
    return found


@pytest.mark.parametrize("package", ["controller", "table", "net", "gui"])
def test_no_import_circle(package: str) -> None:
    """No two modules of the package import each other, even only for the type checker: a
    part that needs its owner is handed what it needs, it does not import it."""
    inside = f"peppa_qt.{package}"
    circles = [c for c in _circles(_import_graph()) if any(m.startswith(inside) for m in c)]
    assert circles == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
