"""scripts/play.sh: the game starts at once as plain Python while the compiled build is made in
the background for the next start (scripts/compile.sh --for-next-start), one compile at a time,
and a compile cut short is not trusted.

Run in a copy of the scripts with a stand-in for the compile (a setup.py that waits to be let
go, then writes empty compiled files and their record), for the game (it prints which build it
runs) and for the environment's pip and the Debian tools (nothing is installed).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from peppa_qt import native

ROOT = Path(__file__).resolve().parents[1]
PURE_AND_COMPILING = (
    "Starting now in plain Python; the faster build is being compiled in the background"
    " for next time."
)

FAKE_SETUP = """
import os, sys, time
from pathlib import Path
sys.path.insert(0, {tests!r})
from test_native import _fake_build
root = Path(__file__).parent
_fake_build(root / "peppa_qt", sources=False)  # the compiled files, then (let go) the record
record = root / "peppa_qt" / "_native.json"
record.rename(root / "record")
with open(root / "compiles.log", "a") as log:  # the files are there: waiting to be let go
    print(os.getpid(), file=log, flush=True)
for _ in range(600):  # let go by the test, or given up after a minute
    if (root / "go").exists():
        break
    time.sleep(0.1)
else:
    sys.exit("not let go")
(root / "record").rename(record)
"""

FAKE_GAME = """#!/bin/sh
exec {python} -c 'import sys; from peppa_qt import native
print("game", *sys.argv[1:], "-", native.describe())' "$@"
"""

# The environment's Python, but its pip does nothing (it says what it was asked).
FAKE_PYTHON = """#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then echo "$@" >> "$(dirname "$0")/pip.log"; exit 0; fi
exec {python} "$@"
"""


def _script(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)


@pytest.fixture
def copy(tmp_path: Path) -> Iterator[Path]:
    """A copy of the scripts, of native.py and (one-line) hot modules, with the stand-ins."""
    for name in ("scripts/play.sh", "scripts/setup.sh", "scripts/compile.sh", "pyproject.toml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    package = tmp_path / "peppa_qt"
    package.mkdir()
    for name in ("__init__.py", "native.py"):
        shutil.copy(ROOT / "peppa_qt" / name, package / name)
    for module in native.COMPILED:
        source = native.source_of(module, package)
        source.parent.mkdir(parents=True, exist_ok=True)
        (source.parent / "__init__.py").touch()
        source.write_text(f"# {module}\n", encoding="utf-8")
    (tmp_path / "setup.py").write_text(FAKE_SETUP.format(tests=str(ROOT / "tests")))
    _script(tmp_path / "venv" / "bin" / "python", FAKE_PYTHON.format(python=sys.executable))
    _script(tmp_path / "venv" / "bin" / "peppa-qt", FAKE_GAME.format(python=sys.executable))
    _script(tmp_path / "fakebin" / "dpkg-query", "#!/bin/sh\necho 'install ok installed'\n")
    _script(tmp_path / "fakebin" / "apt-get", "#!/bin/sh\nexit 1\n")
    try:
        yield tmp_path
    finally:
        (tmp_path / "go").touch()  # no stand-in compile is left waiting
        _wait_for(lambda: not _compiling(tmp_path))


def _env(copy: Path) -> dict[str, str]:
    env = {**os.environ, "PEPPA_VENV": str(copy / "venv"), "PYTHONPATH": str(copy)}
    env["PATH"] = f"{copy / 'fakebin'}{os.pathsep}{env['PATH']}"
    env.pop(native.PURE_VARIABLE, None)
    return env


def _play(copy: Path) -> list[str]:
    """What ``bash scripts/play.sh --demo`` in the copy prints; the game's line last."""
    done = subprocess.run(
        ["bash", "scripts/play.sh", "--demo"],
        cwd=copy,
        env=_env(copy),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _compiles(copy: Path) -> list[int]:
    """The process ids of the stand-in compiles started so far."""
    log = copy / "compiles.log"
    return [int(line) for line in log.read_text().split()] if log.exists() else []


def _compiling(copy: Path) -> bool:
    """Whether a compile holds the copy's lock."""
    lock = copy / "build" / "compile.lock"
    if not lock.exists():
        return False
    free = subprocess.run(["flock", "-n", str(lock), "true"], check=False, timeout=10)
    return free.returncode != 0


def _wait_for(condition: Callable[[], bool]) -> None:
    for _ in range(600):
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("waited a minute")


def test_the_game_starts_pure_at_once_and_the_next_start_runs_the_compiled_build(
    copy: Path,
) -> None:
    assert _play(copy) == [
        PURE_AND_COMPILING,
        "game --demo - pure Python (no compiled modules in this copy)",
    ]
    _wait_for(lambda: len(_compiles(copy)) == 1)  # the game was not kept waiting for it
    # A second start meanwhile: pure again, and no second compile of the same copy.
    assert _play(copy)[-1] == (
        "game --demo - pure Python (the compiled modules have no build record (_native.json))"
    )
    done = subprocess.run(
        ["bash", "scripts/compile.sh", "--for-next-start"],
        cwd=copy,
        env=_env(copy),
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and len(_compiles(copy)) == 1 and _compiling(copy)
    (copy / "go").touch()
    _wait_for(lambda: not _compiling(copy))
    log = (copy / "build" / "compile.log").read_text()
    assert f"built: compiled (mypyc, {len(native.COMPILED)} modules)" in log
    assert "pip install -q mypy" in (copy / "venv" / "bin" / "pip.log").read_text()
    assert _play(copy) == [f"game --demo - compiled (mypyc, {len(native.COMPILED)} modules)"]


def test_a_compile_cut_short_leaves_a_build_the_next_start_does_not_trust(copy: Path) -> None:
    _play(copy)
    (copy / "go").touch()
    _wait_for(lambda: len(_compiles(copy)) == 1 and not _compiling(copy))
    (copy / "go").unlink()
    compiled = native.extension_of("peppa_qt.ai.table", copy / "peppa_qt")
    assert compiled is not None
    compiled.unlink()  # the record still vouches for the sources, unchanged
    assert _play(copy)[-1] == (
        "game --demo - pure Python (1 of the compiled files missing (peppa_qt.ai.table))"
    )
    _wait_for(lambda: len(_compiles(copy)) == 2)
    os.killpg(os.getpgid(_compiles(copy)[-1]), signal.SIGKILL)  # the machine shut down, say
    _wait_for(lambda: not _compiling(copy))
    assert native.extension_of("peppa_qt.ai.table", copy / "peppa_qt") is not None
    lines = _play(copy)
    assert lines[0] == (
        "Starting now in plain Python; the faster build did not finish last time"
        " (build/compile.log): compiling it again in the background."
    )
    assert lines[1] == (
        "game --demo - pure Python (the compiled modules have no build record (_native.json))"
    )
