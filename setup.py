"""The package's build: its hot paths compiled by mypyc where it can, else pure Python.

The metadata is in pyproject.toml; this file only adds the compiled modules
(``peppa_qt/native.py`` lists them and says at run time which build runs).

- ``PEPPA_COMPILE=1``: compile, and fail if that cannot be done (scripts/test.sh,
  scripts/compile.sh, packaging/build.py);
- ``PEPPA_COMPILE=0``: pure Python;
- unset: a wheel is compiled where mypyc (it comes with mypy) and a C compiler are at hand,
  and pure where not (a compile error leaves the modules pure, with a warning); an editable
  install stays pure, as its sources are edited in place and compiled copies would hide the
  edits (scripts/compile.sh compiles them in place on purpose, ``native.py`` sets them aside
  once a source changes).

Each build of the compiled modules also writes ``peppa_qt/_native.json``: the hash of every
source compiled, so that a copy whose sources changed since runs them pure.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
#: Where mypyc writes its C and the compiler its objects (not build/ itself: packaging/build.py
#: keeps its own work there).
TARGET = "build/mypyc"
#: The commands that build extension modules (metadata-only ones need no compiling).
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


def _native() -> ModuleType:
    """``peppa_qt/native.py``, loaded alone (the package is not importable while building)."""
    spec = importlib.util.spec_from_file_location("_peppa_native", ROOT / "peppa_qt" / "native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NATIVE = _native()


def _mode() -> str:
    """Whether this build compiles: "yes", "no" or "try"."""
    wanted = os.environ.get("PEPPA_COMPILE", "").strip().lower()
    if wanted in ("1", "yes", "true"):
        return "yes"
    if wanted in ("0", "no", "false") or not BUILDING & set(sys.argv[1:]):
        return "no"
    if "editable_wheel" in sys.argv or "develop" in sys.argv:
        return "no"
    return "try"


def _extensions(mode: str) -> list[Any]:
    """mypyc's extension modules for the build, or none for a pure one."""
    if mode == "no":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        if mode == "yes":
            raise SystemExit("PEPPA_COMPILE=1 needs mypyc: pip install mypy") from None
        print("mypyc is not installed: building pure Python", file=sys.stderr)
        return []
    sources = [str(NATIVE.source_of(m, Path("peppa_qt"))) for m in NATIVE.COMPILED]
    extensions = mypycify(sources, opt_level="3", group_name=NATIVE.GROUP, target_dir=TARGET)
    for extension in extensions:
        extension.optional = mode == "try"  # a failed compile leaves a pure build
    return extensions


class BuildWithRecord(build_ext):
    """build_ext that records the sources it compiled (``peppa_qt/_native.json``)."""

    def initialize_options(self) -> None:
        """The compiler's objects beside mypyc's C (``TARGET``)."""
        super().initialize_options()
        self.build_temp = f"{TARGET}/temp"

    def finalize_options(self) -> None:
        """In place, the libraries too before they are copied beside their sources (a wheel's
        go where the wheel is put together)."""
        super().finalize_options()
        if self.inplace:
            self.build_lib = f"{TARGET}/lib"

    def run(self) -> None:
        """Build the extensions, then write the record where they went, last: a build cut
        short (a start's compile in the background, killed) leaves no record, so runs pure."""
        if not self.extensions:
            super().run()
            return
        places = {Path(self.get_ext_fullpath(NATIVE.COMPILED[0])).parents[1]}
        if self.inplace or getattr(self, "editable_mode", False):
            places.add(ROOT / "peppa_qt")
        for place in places:
            (place / NATIVE.RECORD).unlink(missing_ok=True)
        # The sources as compiled: one edited during the build is recorded as it was before.
        hashes = {
            m: NATIVE.source_hash(ROOT / NATIVE.source_of(m, Path("peppa_qt")))
            for m in NATIVE.COMPILED
        }
        super().run()
        built = all(Path(self.get_ext_fullpath(e.name)).is_file() for e in self.extensions)
        if not built:
            print("some modules did not compile: this build runs pure Python", file=sys.stderr)
            return
        record = {
            "about": "sources of the compiled modules (peppa_qt/native.py)",
            "sources": hashes,
        }
        text = json.dumps(record, indent=1) + "\n"
        for place in places:
            partial = place / f"{NATIVE.RECORD}.{os.getpid()}"
            partial.write_text(text, encoding="utf-8")
            partial.replace(place / NATIVE.RECORD)  # whole or not at all, for a start reading it


setup(ext_modules=_extensions(_mode()), cmdclass={"build_ext": BuildWithRecord})
