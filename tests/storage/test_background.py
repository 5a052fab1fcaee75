"""The writer's thread: files written whole, each file's texts in the order asked, never back
to an older one, and every outcome told."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from peppa_qt.storage import FileKind, Problem, ProblemKind
from peppa_qt.storage import files as storage_files
from peppa_qt.storage.background import THREAD_NAME, BackgroundWriter


def text_number(number: int) -> str:
    """A text that says which it is, of a length that changes (a torn write would show)."""
    return f'{{"number": {number}, "pad": "{"x" * (number % 7 * 50_000)}"}}\n'


def test_a_files_texts_are_written_whole_in_order_and_the_last_one_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = storage_files.write_atomic
    writers: set[str] = set()

    def slow(path: Path, text: str) -> None:  # as a busy disk: texts are asked meanwhile
        writers.add(threading.current_thread().name)
        time.sleep(0.01)
        real(path, text)

    monkeypatch.setattr(storage_files, "write_atomic", slow)
    writer, path = BackgroundWriter(), tmp_path / "autosave.json"
    told: list[Problem | None] = []
    seen: list[int] = []
    for number in range(60):
        writer.write(path, text_number(number), FileKind.AUTOSAVE, told.append)
        if path.exists():  # what a reader finds at any moment: a whole text, never older
            text = path.read_text(encoding="utf-8")
            seen.append(int(text.split(",")[0].split(":")[1]))
            assert text == text_number(seen[-1])
        time.sleep(0.002)
    assert writer.flush(timeout=30)
    assert path.read_text(encoding="utf-8") == text_number(59)
    assert seen == sorted(seen)
    assert told and told[-1] is None and set(told) == {None}
    assert 1 < len(told) < 60  # texts overtaken while waiting were never written
    assert writers == {THREAD_NAME}  # not the thread that asked
    assert not writer.busy()
    assert not list(tmp_path.glob(".*.tmp"))


def test_each_outcome_is_told_in_the_writers_thread_a_failure_with_its_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    writer, path = BackgroundWriter(), tmp_path / "autosave.json"
    path.write_text("the game before", encoding="utf-8")
    told: list[tuple[str, Problem | None]] = []

    def done(problem: Problem | None) -> None:
        told.append((threading.current_thread().name, problem))

    monkeypatch.setattr(storage_files, "write_atomic", full)
    writer.write(path, "a newer game", FileKind.AUTOSAVE, done)
    assert writer.flush(timeout=30)
    [(thread, problem)] = told
    assert thread == THREAD_NAME
    assert problem is not None and problem.kind is ProblemKind.NOT_SAVED and problem.errno == 28
    assert path.read_text(encoding="utf-8") == "the game before"
    monkeypatch.undo()
    writer.write(path, "a newer game", FileKind.AUTOSAVE, done)
    assert writer.flush(timeout=30)
    assert told[-1] == (THREAD_NAME, None)
    assert path.read_text(encoding="utf-8") == "a newer game"


def test_a_failing_outcome_does_not_stop_the_writes_after_it(tmp_path: Path) -> None:
    def broken(problem: Problem | None) -> None:
        raise RuntimeError("a bug of the caller's")

    writer = BackgroundWriter()
    writer.write(tmp_path / "one.json", "1", FileKind.AUTOSAVE, broken)
    writer.write(tmp_path / "two.json", "2", FileKind.AUTOSAVE, lambda problem: None)
    assert writer.flush(timeout=30)
    assert (tmp_path / "two.json").read_text(encoding="utf-8") == "2"
