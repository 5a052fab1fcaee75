"""The presenter and its parts import one another one way only: no module of them is reached
again from what it imports, at run time or for the type checker (``TYPE_CHECKING``).

A part that imported the presenter back (even for a type) would be a piece of it again, not
an object handed what it needs.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "peppa_qt"


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(path): path for path in PACKAGE.rglob("*.py")}


def _imports(name: str) -> set[str]:
    """The package's modules ``name`` imports anywhere in its text (and their packages)."""
    path = MODULES[name]
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{target}.{alias.name}"
                found.add(full if full in MODULES else target)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    parents = {".".join(m.split(".")[:i]) for m in found for i in range(2, m.count(".") + 1)}
    return {m for m in found | parents if m in MODULES and not name.startswith(f"{m}.")} - {name}


def _reaches(start: str, goal: str) -> bool:
    seen, todo = set(), list(_imports(start))
    while todo:
        name = todo.pop()
        if name == goal:
            return True
        if name not in seen:
            seen.add(name)
            todo.extend(_imports(name))
    return False


def test_the_presenter_and_its_parts_import_in_no_circle() -> None:
    presenter = "peppa_qt.gui.table_presenter"
    parts = {m for m in _imports(presenter) if m.startswith("peppa_qt.gui.")}
    assert {"peppa_qt.gui.table_aids", "peppa_qt.gui.table_input"} <= parts
    circles = [name for name in sorted({presenter} | parts) if _reaches(name, name)]
    assert circles == []
