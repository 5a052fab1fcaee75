"""A seeded monkey at the window: 1,500 random keys, clicks, drags, resizes and menu commands.

Protected here: whatever a player presses or clicks, in whatever order and at whatever
moment (mid-animation included), and whatever the menus are asked:

- no exception escapes (pytest-qt fails the test on an exception in a Qt slot or event);
- the window always shows a table: its view, its scene with a whole deck and four plates,
  and a game in the controller;
- the game goes on: tricks are played (read from what the controller publishes, ``table``);
- nothing the player did not cause is reported: every message shown is about a file the
  monkey picked, and no file of the player's own is set aside as damaged.

The modal dialogs (new game, preferences, statistics, keyboard, about) are opened for real,
poked with a few keys and closed by a timer; the message boxes and file choosers are replaced
(``Notices``), the chooser answering with a seeded pick of real, missing and hostile files
(a FIFO, a folder, junk, a cut record). Only Quit is never chosen.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Final

import pytest
from PySide6.QtCore import QObject, QPoint, QSize, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from peppa_qt import cli
from peppa_qt.controller import GameSetup, SeatSetup
from peppa_qt.engine import RuleSet
from peppa_qt.gui.dialogs.notices import Notices
from peppa_qt.gui.window.main_window import MainWindow

WindowMaker = Callable[..., MainWindow]

SEED: Final = 1500
ACTIONS: Final = 1500
#: The monkey must have seen at least this many tricks played in games where it has a seat
#: (it sees some 15; the demo's tricks, played without it, do not count).
LEAST_TRICKS: Final = 6
#: Window sizes the monkey picks from (the window's own minimum may enlarge the smallest).
SIZES: Final = ((760, 1600), (500, 1000))
Key = Qt.Key
PLAIN_KEYS: Final = (
    *(Key.Key_Left, Key.Key_Right) * 4,
    *(Key.Key_Return,) * 4,
    Key.Key_Enter,
    *(Key.Key_Space,) * 2,
    Key.Key_Escape,
    Key.Key_Tab,
    Key.Key_Backtab,
    Key.Key_Up,
    Key.Key_Down,
    Key.Key_Home,
    Key.Key_End,
    Key.Key_PageDown,
    Key.Key_Backspace,
    Key.Key_Delete,
    Key.Key_A,
    Key.Key_H,
    Key.Key_P,
    Key.Key_Q,
    Key.Key_S,
    Key.Key_Z,
    Key.Key_1,
)
#: Shortcuts of the menus: undo, save, statistics, new game, preferences (Ctrl+Q, Quit, is left
#: out on purpose; play again and open come through the menus, as rarely as other restarts).
CTRL_KEYS: Final = (Key.Key_Z, Key.Key_S, Key.Key_T, Key.Key_N, Key.Key_Comma)
FUNCTION_KEYS: Final = (Key.Key_F1, Key.Key_F3)
#: Menu commands that give up the game in play (for another, the demo, or a saved one).
RESTARTS: Final = frozenset(
    {"&New game…", "&Play again", "&Watch the computers play", "&Open…", "&Import record…"}
)
DIALOG_KEYS: Final = (Key.Key_Tab, Key.Key_Down, Key.Key_Up, Key.Key_Space, Key.Key_Right)


def monkey_game() -> GameSetup:
    """A two-hand Peppa game: the monkey at South against three quick random players."""
    rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 2}})
    bots = (SeatSetup("Bruno", "x"), SeatSetup("Carla", "x"), SeatSetup("Dario", "x"))
    return GameSetup(rules, (SeatSetup("Anna"), *bots), seed=SEED)


class DialogCloser(QObject):
    """Every few milliseconds: a modal dialog open is poked with a few keys, then rejected;
    an open popup (a combo box's list, a menu) is closed. What was closed is noted."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng
        self.closed: list[str] = []
        self.timer = QTimer(self)
        self.timer.setInterval(15)
        self.timer.timeout.connect(self._close)
        self.timer.start()

    def _close(self) -> None:
        popup = QApplication.activePopupWidget()
        if popup is not None:
            popup.close()
            return
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            return
        for _ in range(self.rng.randrange(4)):
            target = QApplication.focusWidget() or dialog
            if not dialog.isVisible() or QApplication.activeModalWidget() is not dialog:
                return  # a key closed it (or opened another: closed on the next tick)
            QTest.keyClick(target, self.rng.choice(DIALOG_KEYS))
        if dialog.isVisible():
            self.closed.append(type(dialog).__name__)
            dialog.reject()


class PickedFiles:
    """What the replaced file choosers answer: a seeded pick among real and hostile files."""

    def __init__(self, folder: Path, rng: random.Random) -> None:
        self.rng = rng
        folder.mkdir()
        self.saved = folder / "monkey.peppa"
        self.exported = folder / "monkey.json"
        junk = folder / "junk.peppa"
        junk.write_bytes(b"\xff\xfe{not json")
        cut = folder / "cut.peppa"
        cut.write_text('{"format": "peppa-record", "version": 1, "rules": {"pre', encoding="utf-8")
        fifo = folder / "pipe.peppa"
        os.mkfifo(fifo)
        folder_named_like_a_game = folder / "folder.peppa"
        folder_named_like_a_game.mkdir()
        #: Files whose opening must be refused (and told): the only messages allowed.
        self.hostile = (junk, cut, fifo, folder_named_like_a_game, folder / "missing.peppa")
        self.opened: list[Path] = []
        #: What the window told the player (Notices.inform).
        self.told: list[str] = []

    def open_path(self, parent: object, title: str, folder: Path, filters: str) -> Path | None:
        choices: list[Path | None] = [None, *self.hostile]
        choices += [p for p in (self.saved, self.exported) if p.exists()] * 3
        chosen = self.rng.choice(choices)
        if chosen is not None:
            self.opened.append(chosen)
        return chosen

    def save_path(self, parent: object, title: str, suggested: Path, filters: str) -> Path | None:
        if self.rng.random() < 0.2:
            return None  # the player cancelled
        return self.exported if title.startswith("Export") else self.saved


@pytest.fixture
def closer(qapp: QApplication) -> Iterator[DialogCloser]:
    """The dialog closer, running for the test only (stopped even if the test fails)."""
    running = DialogCloser(random.Random(SEED + 2))
    yield running
    running.timer.stop()


@pytest.fixture
def seeded_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """New games (play again, a new game, the demo) deal from seeded seeds, not the system's."""
    from peppa_qt.engine import match

    seeds = random.Random(SEED + 3)
    monkeypatch.setattr(match, "secrets", SimpleNamespace(randbelow=seeds.randrange))


@pytest.fixture
def picked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PickedFiles:
    """The file choosers answer from ``PickedFiles``; messages are noted, questions get yes."""
    files = PickedFiles(tmp_path / "picked", random.Random(SEED + 1))

    def inform(cls: type, parent: object, text: str) -> None:
        files.told.append(text)

    def ask(cls: type, parent: object, question: str) -> bool:
        return True

    def open_path(cls: type, parent: object, title: str, folder: Path, filters: str) -> Path | None:
        return files.open_path(parent, title, folder, filters)

    def save_path(
        cls: type, parent: object, title: str, suggested: Path, filters: str
    ) -> Path | None:
        return files.save_path(parent, title, suggested, filters)

    monkeypatch.setattr(Notices, "inform", classmethod(inform))
    monkeypatch.setattr(Notices, "ask", classmethod(ask))
    monkeypatch.setattr(Notices, "open_path", classmethod(open_path))
    monkeypatch.setattr(Notices, "save_path", classmethod(save_path))
    return files


class Monkey:
    """The random player: one seeded action at a time on ``window``."""

    def __init__(self, qtbot: QtBot, window: MainWindow, rng: random.Random) -> None:
        self.qtbot, self.window, self.rng = qtbot, window, rng
        quit_action = next(a for a in window.findChildren(QAction) if a.text() == "&Quit")
        self.quit = quit_action
        self.counts: dict[str, int] = {}

    def actions(self) -> list[QAction]:
        """The menus' commands (Quit, the menus' own titles and the Network menu left out:
        hosting would listen on every address and announce the table on the network, which
        a test may not; tests/gui/test_network_windows.py plays it on the loopback)."""
        found = self.window.findChildren(QAction)
        network = {"&Host a game…", "&Join a game…"}
        return [
            a
            for a in found
            if a is not self.quit
            and a.menu() is None
            and not a.isSeparator()
            and a.text() not in network
        ]

    def act(self) -> None:
        """One action, chosen by weight."""
        kinds: list[tuple[str, int, Callable[[], None]]] = [
            ("key", 30, self.key),
            ("click", 36, self.click),
            ("drag", 4, self.drag),
            ("resize", 3, self.resize),
            ("menu", 7, self.menu),
            ("wait", 16, self.wait),
        ]
        name, _, action = self.rng.choices(kinds, weights=[w for _, w, _ in kinds])[0]
        self.counts[name] = self.counts.get(name, 0) + 1
        action()

    def target(self) -> QWidget:
        """Where a key goes: the widget with the focus, if it is the window's, else the table."""
        focused = QApplication.focusWidget()
        if focused is not None and focused.window() is self.window and focused.isVisible():
            return focused
        return self.window.view

    def key(self) -> None:
        roll = self.rng.random()
        if roll < 0.08:
            QTest.keyClick(
                self.target(), self.rng.choice(CTRL_KEYS), Qt.KeyboardModifier.ControlModifier
            )
        elif roll < 0.1:
            QTest.keyClick(self.target(), self.rng.choice(FUNCTION_KEYS))
        else:
            QTest.keyClick(self.target(), self.rng.choice(PLAIN_KEYS))

    def point(self) -> QPoint:
        """A random point of the table: often on (or near) a card of the hand at the bottom,
        else anywhere, half of the time in the band of that hand."""
        rng = self.rng  # as many draws whatever the table shows: the sequence stays the seed's
        on_card, which, band, x, y = (rng.random() for _ in range(5))
        jitter = QPoint(rng.randint(-8, 8), rng.randint(-8, 8))
        view, scene = self.window.view, self.window.scene
        hand = scene.hands[scene.viewer]
        if hand and on_card < 0.4:
            return view.card_position(hand[int(which * len(hand))]) + jitter
        width, height = max(1, view.width()), max(1, view.height())
        low = 0.7 if band < 0.5 else 0.0
        return QPoint(int(x * width), int((low + (1 - low) * y) * height) - 1)

    def under(self, point: QPoint) -> tuple[QWidget, QPoint]:
        """The widget at ``point`` of the view (a panel's button, or the table), and where."""
        view = self.window.view
        widget = view.childAt(point) or view.viewport()
        return widget, widget.mapFrom(view, point)

    def click(self) -> None:
        widget, at = self.under(self.point())
        button = (
            Qt.MouseButton.RightButton if self.rng.random() < 0.05 else Qt.MouseButton.LeftButton
        )
        if self.rng.random() < 0.1:
            QTest.mouseDClick(widget, button, Qt.KeyboardModifier.NoModifier, at)
        else:
            QTest.mouseClick(widget, button, Qt.KeyboardModifier.NoModifier, at)

    def drag(self) -> None:
        viewport = self.window.view.viewport()
        start, end = self.point(), self.point()
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        for step in range(1, 4):
            x = start.x() + (end.x() - start.x()) * step // 3
            y = start.y() + (end.y() - start.y()) * step // 3
            QTest.mouseMove(viewport, QPoint(x, y))
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)

    def resize(self) -> None:
        (least_w, most_w), (least_h, most_h) = SIZES
        size = QSize(self.rng.randint(least_w, most_w), self.rng.randint(least_h, most_h))
        self.window.resize(size)

    def menu(self) -> None:
        """A menu command; those that end the game in play come an eighth as often. Chosen
        among all (a disabled one does nothing), so the choice does not hang on timing."""
        actions = self.actions()
        weights = [1 if a.text() in RESTARTS else 8 for a in actions]
        action = self.rng.choices(actions, weights=weights)[0]
        self.counts[f"menu {action.text()}"] = self.counts.get(f"menu {action.text()}", 0) + 1
        action.trigger()

    def wait(self) -> None:
        self.qtbot.wait(self.rng.choice((10, 30, 80)))


def assert_shows_a_table(window: MainWindow) -> None:
    """The window, its table view and scene, a whole deck of sprites, four plates, a game."""
    assert window.isVisible()
    assert window.centralWidget() is window.view and window.view.isVisible()
    assert window.view.scene() is window.scene
    assert len(window.scene.card_items()) in (36, 52)
    assert len(window.scene.badges) == 4
    assert window.controller.match is not None


@pytest.mark.usefixtures("seeded_deals")
def test_a_seeded_monkey_never_breaks_the_window(
    qtbot: QtBot,
    make_window: WindowMaker,
    picked: PickedFiles,
    closer: DialogCloser,
    profile_dir: Path,
) -> None:
    """1,500 seeded actions with the animations running: nothing raises, the table is always
    there, tricks are played, and only the monkey's own bad files are complained about."""
    rng = random.Random(SEED)
    window = make_window(speed="fast", size=(1024, 640))
    games = [0]  # games started so far: the first key of a published position
    window.controller.game_started.connect(lambda: games.__setitem__(0, games[0] + 1))
    window.start_game(monkey_game())
    qtbot.waitUntil(lambda: len(window.scene.card_items()) == 52, timeout=10_000)  # dealt
    monkey = Monkey(qtbot, window, rng)
    seen: set[tuple[int, int, int]] = set()  # (game, hand, tricks taken) as published
    started = time.monotonic()
    for number in range(ACTIONS):
        monkey.act()
        qtbot.wait(rng.choice((0, 2, 5, 10, 20)))
        assert_shows_a_table(window)
        table = window.controller.table
        if table is not None and window.controller.humans():
            seen.add((games[0], table.hand_index, len(table.trick_winners)))
        assert time.monotonic() - started < 60, f"too slow: {number} actions in 60 s"
    closer.timer.stop()
    assert closer.closed, "no dialog was opened: the monkey missed the menus"
    tricks = sum(1 for _, _, taken in seen if taken > 0)
    assert tricks >= LEAST_TRICKS, f"{tricks} tricks of the monkey's games: {monkey.counts}"
    assert QApplication.activeModalWidget() is None
    hostile = {p.name for p in picked.hostile}
    for message in picked.told:
        assert any(name in message for name in hostile), f"unexpected message: {message}"
    where = window.profile.where
    assert sorted(profile_dir.rglob("*.corrupt")) == []
    if where.autosave_file.exists():  # what the window autosaved is a whole game record
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(["check", str(where.autosave_file)])
        assert code == 0, err.getvalue()
        json.loads(out.getvalue())
