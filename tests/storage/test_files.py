"""Writes are all or nothing; a damaged file is set aside, never overwritten, never fatal."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from peppa_qt.storage import FileKind, FormatError, ProblemKind, files
from peppa_qt.storage.files import load, save_text, set_aside, write_atomic


def strict_int(text: str) -> int:
    if not text.strip().isdigit():
        raise FormatError("not a number")
    return int(text)


def test_write_atomic_creates_folders_and_replaces(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "file.json"
    write_atomic(path, "one")
    write_atomic(path, "two — ünïcode")
    assert path.read_text(encoding="utf-8") == "two — ünïcode"
    assert [p.name for p in path.parent.iterdir()] == ["file.json"]  # no temporary left


def test_a_crash_before_the_rename_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    write_atomic(path, "old")

    def crash(source: object, target: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", crash)
    problem = save_text(path, "new", FileKind.SETTINGS)
    assert problem is not None and problem.kind is ProblemKind.NOT_SAVED
    assert problem.detail == "Input/output error"
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_full_disk_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stats.json"
    write_atomic(path, "old")

    def full(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    problem = save_text(path, "new" * 1000, FileKind.STATISTICS)
    assert problem is not None and problem.detail == "No space left on device"
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions")
def test_a_read_only_folder_gives_a_problem_not_an_exception(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write_atomic(path, "old")
    tmp_path.chmod(0o500)
    try:
        problem = save_text(path, "new", FileKind.SETTINGS)
    finally:
        tmp_path.chmod(0o700)
    assert problem is not None and problem.kind is ProblemKind.NOT_SAVED
    assert path.read_text() == "old"


def test_a_folder_refusing_new_files_gives_a_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a read-only folder does, even for root (who ignores permissions)."""
    path = tmp_path / "settings.json"
    write_atomic(path, "old")

    def refuse(**options: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.tempfile, "mkstemp", refuse)
    problem = save_text(path, "new", FileKind.SETTINGS)
    assert problem is not None and problem.detail == "Permission denied"
    assert path.read_text() == "old"


def test_damaged_files_are_numbered_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    kept = []
    for number in range(3):
        path.write_text(f"damage {number}")
        kept.append(set_aside(path))
    assert [p.name for p in kept if p] == [
        "settings.json.corrupt",
        "settings.json.2.corrupt",
        "settings.json.3.corrupt",
    ]
    assert [p.read_text() for p in kept if p] == ["damage 0", "damage 1", "damage 2"]
    assert not path.exists()


def test_setting_aside_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(source: object, target: object) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "stats.json"
    (tmp_path / "stats.json.corrupt").write_text("earlier")
    path.write_text("now")
    assert set_aside(path) == tmp_path / "stats.json.2.corrupt"
    assert (tmp_path / "stats.json.corrupt").read_text() == "earlier"


def test_load_reports_instead_of_raising(tmp_path: Path) -> None:
    path = tmp_path / "n.json"
    assert load(path, FileKind.SETTINGS, strict_int, set_aside_damaged=True).problem is None
    missing = load(path, FileKind.SAVED_GAME, strict_int, set_aside_damaged=False).problem
    assert missing is not None and missing.kind is ProblemKind.NOT_FOUND
    path.write_text("12")
    assert load(path, FileKind.SETTINGS, strict_int, set_aside_damaged=True).value == 12
    path.write_bytes(b"\xff\xfe not text")
    loaded = load(path, FileKind.SETTINGS, strict_int, set_aside_damaged=True)
    assert loaded.value is None and loaded.problem is not None
    assert loaded.problem.kind is ProblemKind.DAMAGED and "UTF-8" in loaded.problem.detail
    assert loaded.problem.kept_as == tmp_path / "n.json.corrupt"


def test_a_folder_in_the_files_place_is_unreadable_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()
    problem = load(path, FileKind.SETTINGS, strict_int, set_aside_damaged=True).problem
    assert problem is not None and problem.kind is ProblemKind.UNREADABLE
    assert path.is_dir()


def test_a_bug_in_a_parser_is_still_only_a_problem(tmp_path: Path) -> None:
    def buggy(text: str) -> int:
        raise KeyError("bug")

    path = tmp_path / "x.json"
    path.write_text("{}")
    problem = load(path, FileKind.STATISTICS, buggy, set_aside_damaged=True).problem
    assert problem is not None and problem.kind is ProblemKind.DAMAGED
    assert problem.kept_as is not None and problem.kept_as.read_text() == "{}"
