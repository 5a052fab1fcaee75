"""Which build of the hot paths runs: compiled by mypyc, or the pure Python of the same source.

The modules in ``COMPILED`` (the engine's hand, its legal moves and scoring, tricks and card
sets, the claim check's search, the players' heuristics, deals and search) are compiled into C
extensions by mypyc where a build can (``setup.py``); the same source runs as plain Python
everywhere else, and both choose the same cards.

A compiled module is used only when every one of them is there and was built from the
sources beside it (``setup.py`` writes a hash of each into ``_native.json``). Otherwise — a
module edited since it was compiled, a copy with some of them missing — all of them run as
Python: compiled modules call each other's compiled code directly, so one of them stale or
missing would mix old code with new. ``PEPPA_PURE=1`` runs the pure build on purpose (the
tests of both builds, the benchmark's comparison). The choice is made once, when ``peppa_qt``
is imported (``choose``), and said by ``describe()`` (``--self-test``, ``peppa-qt bench``); a
process that chose the pure build keeps importing the sources even if a compile
(``scripts/compile.sh``, which ``play.sh`` runs in the background) lands beside them meanwhile.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Final

# hashlib and json are imported only where a compiled build is found: every start of the
# game imports this module, and most copies (a checkout) have nothing compiled.

#: The modules compiled, chosen by profile (a search level's decision spends its time here,
#: and the claim check at Belmont's tables in claim.py).
COMPILED: Final = (
    "peppa_qt.engine.cardset",
    "peppa_qt.engine.claim",
    "peppa_qt.engine.hand",
    "peppa_qt.engine.legal",
    "peppa_qt.engine.scoring",
    "peppa_qt.engine.trick",
    "peppa_qt.ai.endgame",
    "peppa_qt.ai.expert_search",
    "peppa_qt.ai.knowledge",
    "peppa_qt.ai.moon",
    "peppa_qt.ai.normal",
    "peppa_qt.ai.passing",
    "peppa_qt.ai.policy",
    "peppa_qt.ai.sampling",
    "peppa_qt.ai.search",
    "peppa_qt.ai.table",
)
#: mypyc's shared library of the compiled modules (``peppa_qt/_compiled__mypyc.*``: inside
#: the package, where an editable install finds it too).
GROUP: Final = "peppa_qt._compiled"
LIBRARY: Final = GROUP + "__mypyc"
#: The build's record, beside this module: the hash of each compiled module's source.
RECORD: Final = "_native.json"
#: Set to anything but "" or "0", the pure build runs even where the compiled one is there.
PURE_VARIABLE: Final = "PEPPA_PURE"

_PACKAGE = Path(__file__).resolve().parent

#: Whether this process runs the compiled modules, and why not when it does not.
_state: dict[str, object] = {"compiled": False, "why": "not chosen yet"}


def source_of(module: str, package: Path = _PACKAGE) -> Path:
    """The source file of a module of ``COMPILED``."""
    return package.joinpath(*module.split(".")[1:]).with_suffix(".py")


def extension_of(module: str, package: Path = _PACKAGE) -> Path | None:
    """The compiled file of a module of ``COMPILED`` (or of ``GROUP``'s library) in this
    copy, or None."""
    base = package.joinpath(*module.split(".")[1:])
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = base.with_name(base.name + suffix)
        if candidate.is_file():
            return candidate
    return None


def source_hash(path: Path) -> str:
    """The hash ``setup.py`` records of a source file."""
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def why_pure(package: Path = _PACKAGE, environ: dict[str, str] | None = None) -> str:
    """Why this copy runs the pure build ("" when the compiled one can run)."""
    env = os.environ if environ is None else environ
    if env.get(PURE_VARIABLE, "") not in ("", "0"):
        return f"{PURE_VARIABLE} is set"
    missing = [m for m in COMPILED if extension_of(m, package) is None]
    if len(missing) == len(COMPILED):
        return "no compiled modules in this copy"
    if extension_of(LIBRARY, package) is None:
        missing.append(LIBRARY)
    if missing:
        return f"{len(missing)} of the compiled files missing ({missing[0]})"
    if getattr(sys, "frozen", False):
        return ""  # a built app carries no sources to compare with, and was built in one go
    stale = leftovers(package)
    if stale:
        return f"{stale[0]} has a compiled file but is compiled no more"
    import json

    try:
        record = json.loads((package / RECORD).read_text(encoding="utf-8"))
        hashes = {m: str(record["sources"][m]) for m in COMPILED}
    except (OSError, ValueError, KeyError, TypeError):
        return f"the compiled modules have no build record ({RECORD})"
    for module in COMPILED:
        source = source_of(module, package)
        if source.is_file() and source_hash(source) != hashes[module]:
            return f"{module} was changed after it was compiled"
    return ""


def leftovers(package: Path = _PACKAGE) -> list[str]:
    """Modules beside their source with a compiled file of an older build, though they are
    not in ``COMPILED`` (any more): Python would import that file instead of the source."""
    # Only the folders a build writes to (a listing each: every start of the game asks).
    folders = {tuple(m.split(".")[1:-1]) for m in COMPILED}
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = set()
    for folder in folders:
        with os.scandir(package.joinpath(*folder)) as entries:
            names = {entry.name for entry in entries}
        for name in names:
            if not name.endswith(suffixes):
                continue
            stem = name.split(".")[0]
            module = ".".join(("peppa_qt", *folder, stem))
            if module not in COMPILED and module != LIBRARY and f"{stem}.py" in names:
                found.add(module)
    return sorted(found)


class _PureFinder:
    """Imports the modules of ``COMPILED`` from their sources, past their compiled files (a
    finder of ``sys.meta_path``)."""

    def __init__(self, package: Path, modules: Sequence[str]) -> None:
        self.package = package
        self.modules = frozenset(modules)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The source's spec for a compiled module, None for every other."""
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname, self.package))


def choose() -> None:
    """Decide, once per process and before any of them is imported, which build runs."""
    if _state["why"] != "not chosen yet":
        return
    why = why_pure()
    _state.update(compiled=not why, why=why)
    if why and all(source_of(m).is_file() for m in COMPILED):
        # Past compiled files there now or later: a compile in the background (play.sh) may
        # finish while this process runs, and its later imports must stay pure.
        sys.meta_path.insert(0, _PureFinder(_PACKAGE, (*COMPILED, *leftovers())))


def compiled() -> bool:
    """Whether this process runs the compiled modules."""
    return bool(_state["compiled"])


def loaded() -> tuple[int, int]:
    """(compiled, all) of the modules of ``COMPILED`` imported so far in this process."""
    modules = [sys.modules[m] for m in COMPILED if m in sys.modules]
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    native = sum(1 for m in modules if str(getattr(m, "__file__", "")).endswith(suffixes))
    return native, len(modules)


def describe() -> str:
    """The build this process runs, in a few words (for ``--self-test`` and ``bench``)."""
    if compiled():
        return f"compiled (mypyc, {len(COMPILED)} modules)"
    return f"pure Python ({_state['why']})"
