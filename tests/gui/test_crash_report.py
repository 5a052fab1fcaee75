"""A bug of ours in the window is logged and told, never silent, and the game goes on."""

from __future__ import annotations

import os
import stat
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from persistence_helpers import step
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_hot_seat import HotSeatPlay, hot_seat
from test_whole_game import assert_table_matches_engine

from peppa_qt.gui.dialogs import crash_report
from peppa_qt.gui.dialogs.crash_report import CrashReporter
from peppa_qt.gui.presenter.table_presenter import PLAYING, TablePresenter
from peppa_qt.gui.table.scene import TableScene
from peppa_qt.gui.window.game import WindowGame
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.table.computer import ComputerSeat


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


#: Where a bug of ours once stopped the game for good: (class, method). Each raises once.
SLOTS = [
    (TablePresenter, "_on_controller_card_played"),
    (TablePresenter, "_on_controller_trick_taken"),
    (TablePresenter, "_on_controller_hand_scored"),
    (TablePresenter, "_on_controller_cards_passed"),
    (TablePresenter, "_on_controller_hand_dealt"),
    (TablePresenter, "_on_controller_human_to_move"),
    (TablePresenter, "_on_controller_human_to_pass"),
    (WindowGame, "_on_presenter_hand_summary_ready"),
    (ComputerSeat, "_decided"),
    (TableScene, "play"),
    (TableScene, "take_trick"),
    (TableScene, "exchange"),
]


def _raising(
    original: Callable[..., object], times: int
) -> tuple[Callable[..., object], list[int]]:
    """``original`` that raises its first ``times`` calls; and the list of those raised."""
    raised: list[int] = []

    def slot(*args: object) -> object:
        if len(raised) < times:
            raised.append(1)
            raise RuntimeError(f"a bug in {original.__name__}")
        return original(*args)

    return slot, raised


def _reporting(window: MainWindow, log: Path, told: list[str]) -> CrashReporter:
    reporter = CrashReporter(
        log, window, lambda p, text: told.append(text), recover=window.go_on_after_error
    )
    reporter.install()
    return reporter


@pytest.mark.qt_no_exception_capture
@pytest.mark.parametrize("where", SLOTS, ids=[name for _, name in SLOTS])
def test_after_an_error_in_a_slot_the_game_really_goes_on(
    qtbot: QtBot,
    make_window: WindowMaker,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    where: tuple[type, str],
) -> None:
    owner, name = where
    slot, raised = _raising(getattr(owner, name), 1)
    monkeypatch.setattr(owner, name, slot)  # before the window connects it
    window = make_window()
    told: list[str] = []
    log = tmp_path / "peppa-qt.log"
    reporter = _reporting(window, log, told)
    try:
        window.start_game(short_game("hearts", 2))
        while step(qtbot, window):
            if window.presenter.mode == PLAYING:
                assert_table_matches_engine(window)
        qtbot.waitUntil(window.game_over_panel.isVisible, timeout=5000)
    finally:
        reporter.uninstall()
    assert raised == [1], "the slot was never called"
    match = window.controller.match
    assert match is not None and match.is_over and len(match.hands) == 2
    assert window.scores.hand_count() == 2  # each hand on the sheet once
    assert told == [
        f"Something went wrong inside Peppa. The game goes on; the details are in {log}."
    ]


KEEPS_GOING_WRONG = (
    "Something keeps going wrong inside Peppa, and the game cannot go on. Start Peppa again:"
    " your game goes on from where it was last autosaved. The details are in {log}."
)


@pytest.mark.qt_no_exception_capture
@pytest.mark.parametrize("broken", ["_on_controller_human_to_pass", "_redraw"])
def test_an_error_that_comes_back_each_time_is_told_as_such_not_looped_on(
    qtbot: QtBot,
    make_window: WindowMaker,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    broken: str,
) -> None:
    """The human is never asked (the prompt fails each time), or the table drawn again
    fails itself: after a few tries at most the player is told the game cannot go on, and
    how to go on from its autosave; the window does not spin on it."""
    first = "_on_controller_human_to_pass"  # the first error: the human is not asked to pass
    monkeypatch.setattr(TablePresenter, first, _raising(getattr(TablePresenter, first), 1)[0])
    slot, raised = _raising(getattr(TablePresenter, broken), 1000)
    monkeypatch.setattr(TablePresenter, broken, slot)
    window = make_window()
    told: list[str] = []
    log = tmp_path / "peppa-qt.log"
    reporter = _reporting(window, log, told)
    try:
        window.start_game(short_game("hearts", 1))
        qtbot.waitUntil(lambda: KEEPS_GOING_WRONG.format(log=log) in told, timeout=10_000)
        qtbot.wait(300)
        calls = len(raised)
        qtbot.wait(300)
    finally:
        reporter.uninstall()
    assert len(raised) == calls <= crash_report.MAX_RECOVERIES + 1  # and then no more
    assert told[-1] == KEEPS_GOING_WRONG.format(log=log) and len(told) <= 2
    assert window.isVisible()


@pytest.mark.qt_no_exception_capture
def test_after_an_error_in_hot_seat_the_game_goes_on_behind_its_hand_over_screens(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    name = "_on_controller_card_played"
    slot, raised = _raising(getattr(TablePresenter, name), 1)
    monkeypatch.setattr(TablePresenter, name, slot)
    window = make_window()
    told: list[str] = []
    reporter = _reporting(window, tmp_path / "peppa-qt.log", told)
    try:
        window.start_game(hot_seat((0, 2), "hearts"))
        HotSeatPlay(qtbot, window).to_the_end()  # no card of one shown to the other, either
    finally:
        reporter.uninstall()
    assert raised == [1] and len(told) == 1
    assert window.controller.match is not None and window.controller.match.is_over
