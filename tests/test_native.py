"""The compiled build and the pure one (peppa_qt/native.py): which runs, and that they agree.

The hot modules are compiled in place by scripts/compile.sh (CI does it before the tests,
and sets PEPPA_EXPECT_COMPILED=1 so that a build that failed to load fails here instead of
quietly testing the pure one twice). Without a compiled build the comparison is skipped.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from peppa_qt import native

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = os.environ.get("PEPPA_EXPECT_COMPILED", "") not in ("", "0")


def _decisions(*, pure: bool) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(native.PURE_VARIABLE, None)
    if pure:
        env[native.PURE_VARIABLE] = "1"
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "native_decisions.py")],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_ci_runs_the_compiled_build_where_it_was_built() -> None:
    if not EXPECTED:
        pytest.skip("PEPPA_EXPECT_COMPILED is not set (scripts/test.sh sets it)")
    if os.environ.get(native.PURE_VARIABLE, "") not in ("", "0"):
        pytest.skip("this run tests the pure build on purpose")
    assert native.compiled(), native.describe()


def test_every_level_chooses_the_same_cards_compiled_and_pure() -> None:
    """Passes and plays of every level at four, six and eight seats, and the cards played."""
    if native.why_pure(environ={}) and not EXPECTED:
        pytest.skip(f"no compiled build to compare: {native.why_pure(environ={})}")
    compiled = _decisions(pure=False)
    pure = _decisions(pure=True)
    assert str(compiled["build"]).startswith("compiled"), compiled["build"]
    assert str(pure["build"]).startswith("pure"), pure["build"]
    lines = compiled["decisions"]
    assert isinstance(lines, list) and len(lines) > 1000
    levels = {line.split(": ")[0].split()[-1] for line in lines}
    assert {"easy", "normal", "hard", "expert", "played"} <= levels
    assert lines == pure["decisions"]


# ------------------------------------------------------ which build a copy runs


def _fake_build(package: Path, *, sources: bool = True) -> None:
    """(Empty) compiled files of every module, with a record of the sources; and the
    sources themselves unless ``sources`` is False (they are there)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    record: dict[str, str] = {}
    for module in native.COMPILED:
        source = native.source_of(module, package)
        if sources:
            source.parent.mkdir(parents=True, exist_ok=True)
            source.write_text(f"# {module}\n", encoding="utf-8")
        source.with_name(source.stem + suffix).write_bytes(b"")
        record[module] = native.source_hash(source)
    (package / (native.LIBRARY.split(".")[-1] + suffix)).write_bytes(b"")
    (package / native.RECORD).write_text(json.dumps({"sources": record}), encoding="utf-8")


def test_a_complete_build_of_the_current_sources_runs_compiled(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    assert native.why_pure(tmp_path, environ={}) == ""
    assert native.why_pure(tmp_path, environ={"PEPPA_PURE": "0"}) == ""
    assert native.why_pure(tmp_path, environ={"PEPPA_PURE": "1"}) == "PEPPA_PURE is set"


def test_a_source_edited_after_the_build_runs_everything_pure(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    native.source_of("peppa_qt.ai.table", tmp_path).write_text("# edited\n", encoding="utf-8")
    assert native.why_pure(tmp_path, environ={}) == (
        "peppa_qt.ai.table was changed after it was compiled"
    )


def test_a_build_with_a_module_missing_runs_everything_pure(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    compiled = native.extension_of("peppa_qt.engine.trick", tmp_path)
    assert compiled is not None
    compiled.unlink()
    assert native.why_pure(tmp_path, environ={}) == (
        "1 of the compiled files missing (peppa_qt.engine.trick)"
    )
    (tmp_path / native.RECORD).unlink()
    for module in native.COMPILED:
        found = native.extension_of(module, tmp_path)
        if found is not None:
            found.unlink()
    assert native.why_pure(tmp_path, environ={}) == "no compiled modules in this copy"


def test_a_build_without_its_record_runs_pure(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    (tmp_path / native.RECORD).unlink()
    assert native.why_pure(tmp_path, environ={}) == (
        "the compiled modules have no build record (_native.json)"
    )


def test_the_pure_build_imports_the_sources_past_the_compiled_files() -> None:
    """With PEPPA_PURE=1 in a copy that has a build, every hot module comes from its .py."""
    if native.why_pure(environ={}) and not EXPECTED:
        pytest.skip(f"no compiled build here: {native.why_pure(environ={})}")
    probe = (
        "import peppa_qt.ai.expert, peppa_qt.ai.hard, peppa_qt.bench, peppa_qt.engine.claim;"
        "from peppa_qt import native; print(native.loaded(), native.describe())"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), native.PURE_VARIABLE: "1"}
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    everything = len(native.COMPILED)
    assert done.stdout.strip() == f"(0, {everything}) pure Python (PEPPA_PURE is set)"
    env.pop(native.PURE_VARIABLE)
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.strip() == (
        f"({everything}, {everything}) compiled (mypyc, {everything} modules)"
    )


# ------------------------------------------------------------ what says which


def _bench(*args: str, pure: bool) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(native.PURE_VARIABLE, None)
    if pure:
        env[native.PURE_VARIABLE] = "1"
    command = [sys.executable, "-m", "peppa_qt", "bench", "engine", "--seconds", "0.02", *args]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    return done.stdout.splitlines()


def test_the_engine_bench_says_which_build_it_measured() -> None:
    lines = _bench(pure=True)
    assert lines[0] == "build: pure Python (PEPPA_PURE is set)"
    assert [line.split()[0] for line in lines[2:]] == [
        "peppa",
        "torino",
        "hearts",
        "belmont-6",
        "belmont-8",
    ]


def test_the_engine_bench_compares_the_two_builds_in_one_run() -> None:
    if native.why_pure(environ={}) and not EXPECTED:
        pytest.skip(f"no compiled build here: {native.why_pure(environ={})}")
    lines = _bench("--compare", pure=False)
    everything = len(native.COMPILED)
    assert lines[0] == (
        f"compiled: compiled (mypyc, {everything} modules); pure: pure Python (PEPPA_PURE is set)"
        " (3 processes of each in turn, medians)"
    )
    assert lines[1].split() == ["rules", "hands/s", "pure", "ratio", "legal/s", "pure", "ratio"]
    rows = [line.split() for line in lines[2:]]
    assert [row[0] for row in rows] == ["peppa", "torino", "hearts", "belmont-6", "belmont-8"]
    assert all(row[3].endswith("x") and row[6].endswith("x") for row in rows)


def test_a_compiled_file_of_a_module_compiled_no_more_runs_everything_pure(
    tmp_path: Path,
) -> None:
    """An older build's file beside a source no longer compiled would shadow that source."""
    _fake_build(tmp_path)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / "ai" / "expert.py").write_text("# the level\n", encoding="utf-8")
    (tmp_path / "ai" / f"expert{suffix}").write_bytes(b"")
    assert native.leftovers(tmp_path) == ["peppa_qt.ai.expert"]
    assert native.why_pure(tmp_path, environ={}) == (
        "peppa_qt.ai.expert has a compiled file but is compiled no more"
    )


_LANDS_MIDWAY = """
import sys
from pathlib import Path
import peppa_qt
from peppa_qt import native
print(native.describe())
package = Path(peppa_qt.__file__).parent
sys.path.insert(0, {tests!r})
from test_native import _fake_build
_fake_build(package, sources=False)  # a compile lands while this process runs
print(native.why_pure(package, environ={{}}) or "a complete build now")
import peppa_qt.ai.table
print(Path(peppa_qt.ai.table.__file__).name)
"""


def test_a_build_that_lands_while_the_game_runs_pure_is_not_used(tmp_path: Path) -> None:
    """play.sh compiles in the background: a game that started pure stays pure."""
    package = tmp_path / "peppa_qt"
    package.mkdir()
    for name in ("__init__.py", "native.py"):
        (package / name).write_bytes((ROOT / "peppa_qt" / name).read_bytes())
    for module in native.COMPILED:
        source = native.source_of(module, package)
        source.parent.mkdir(parents=True, exist_ok=True)
        (source.parent / "__init__.py").touch()
        source.write_text(f"# {module}\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    env.pop(native.PURE_VARIABLE, None)
    probe = _LANDS_MIDWAY.format(tests=str(ROOT / "tests"))
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "pure Python (no compiled modules in this copy)",
        "a complete build now",
        "table.py",
    ]
