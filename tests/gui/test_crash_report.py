"""A bug of ours in the window is logged and told, never silent, and the game goes on."""

from __future__ import annotations

import os
import stat
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker

from peppa_qt.gui import crash_report
from peppa_qt.gui.crash_report import CrashReporter


def _boom() -> None:
    raise ZeroDivisionError("a bug in a slot")


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_is_logged_and_told_once_a_minute(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    window = make_window()
    told: list[str] = []
    log = tmp_path / "log" / "peppa-qt.log"
    reporter = CrashReporter(log, window, lambda parent, text: told.append(text))
    reporter.install()
    try:
        QTimer.singleShot(0, _boom)
        qtbot.waitUntil(lambda: bool(told))
        QTimer.singleShot(0, _boom)  # a second one within the minute: logged, not told again
        qtbot.waitUntil(lambda: log.read_text().count("ZeroDivisionError: a bug in a slot") == 2)
        worker = threading.Thread(target=_boom)  # and one in another thread
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: log.read_text().count("ZeroDivisionError: a bug in a slot") == 3)
    finally:
        reporter.uninstall()
    assert told == [
        f"Something went wrong inside Peppa. The game goes on; the details are in {log}."
    ]
    assert "Traceback (most recent call last)" in log.read_text()
    assert sys.excepthook is not reporter._hook
    assert window.isVisible() and window.view.isEnabled()


def test_the_log_keeps_a_megabyte_and_the_older_half(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(crash_report, "MAX_LOG_BYTES", 100)
    parent = QWidget()
    qtbot.addWidget(parent)
    log = tmp_path / "peppa-qt.log"
    reporter = CrashReporter(log, parent, lambda p, t: None)
    for n in range(3):
        reporter._write(f"error {n}\n" + "x" * 80 + "\n")
    assert "error 2" in log.read_text() and "error 0" not in log.read_text()
    assert "error 1" in (tmp_path / "peppa-qt.log.1").read_text()


def _write_soon(reporter: CrashReporter, text: str) -> None:
    """``reporter._write(text)``, which must be done within a few seconds."""
    writer = threading.Thread(target=reporter._write, args=(text,), daemon=True)
    writer.start()
    writer.join(5)
    assert not writer.is_alive(), "writing the log hangs"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_at_the_log_s_place_neither_hangs_the_window_nor_takes_the_log(
    qtbot: QtBot, tmp_path: Path
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    log = tmp_path / "peppa-qt.log"
    os.mkfifo(log)
    reporter = CrashReporter(log, parent, lambda p, t: None)
    _write_soon(reporter, "error one\n")
    _write_soon(reporter, "error two\n")
    assert stat.S_ISREG(log.lstat().st_mode)
    assert "error one" in log.read_text() and "error two" in log.read_text()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links need a POSIX system")
def test_a_link_at_the_log_s_place_is_not_written_through(qtbot: QtBot, tmp_path: Path) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    elsewhere = tmp_path / "not-the-log.txt"
    elsewhere.write_text("someone else's file\n")
    log = tmp_path / "log" / "peppa-qt.log"
    log.parent.mkdir()
    log.symlink_to(elsewhere)
    (log.parent / "peppa-qt.log.1").symlink_to(elsewhere)  # nor when the log is started again
    reporter = CrashReporter(log, parent, lambda p, t: None)
    _write_soon(reporter, "error one\n")
    assert elsewhere.read_text() == "someone else's file\n"
    assert not log.is_symlink() and "error one" in log.read_text()
    log.write_text("x" * (crash_report.MAX_LOG_BYTES + 1))
    _write_soon(reporter, "error two\n")
    assert elsewhere.read_text() == "someone else's file\n"
    assert "error two" in log.read_text()
