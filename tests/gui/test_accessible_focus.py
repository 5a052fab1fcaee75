"""The focus a screen reader follows on the hand: at the turn a card to play, told after "Your
turn"; after a card played the hand itself, never a card gone (read as an empty item); a card
chosen to pass told as selected. The events are taken where the table sends them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QAccessibleEvent,
    QAccessibleInterface,
)
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.table import accessible
from peppa_qt.gui.window.main_window import MainWindow

Name = QAccessible.Text.Name
Event = QAccessible.Event


@dataclass
class Told:
    """One event as the table sent it: its kind, the object, its name then (or the words)."""

    kind: Event
    iface: QAccessibleInterface | None
    name: str
    selected: bool = False
    #: The name read a moment after, as a reader reads it (out of the application's turn).
    read: str | None = None


@pytest.fixture
def told(
    make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[MainWindow, list[Told]]]:
    window = make_window()
    window.activateWindow()
    events: list[Told] = []

    def keep(event: QAccessibleEvent) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            events.append(Told(event.type(), None, event.message()))
            return
        iface = event.accessibleInterface()
        name = iface.text(Name) if iface is not None else ""
        selected = event.type() in (Event.SelectionAdd, Event.SelectionRemove)
        told = Told(event.type(), iface, name, selected)
        events.append(told)
        if iface is not None:
            QTimer.singleShot(0, lambda: setattr(told, "read", iface.text(Name)))

    monkeypatch.setattr(accessible, "send", keep)
    was = QAccessible.isActive()
    QAccessible.setActive(True)
    yield window, events
    QAccessible.setActive(was)


def start(qtbot: QtBot, window: MainWindow) -> None:
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus)


def said(events: list[Told], words: str) -> int:
    """Where ``words`` were announced (an announcement, or a notice shown), or -1."""
    return next((i for i, e in enumerate(events) if e.name == words and e.kind != Event.Focus), -1)


def test_a_card_chosen_to_pass_is_told_selected(
    qtbot: QtBot, told: tuple[MainWindow, list[Told]]
) -> None:
    window, events = told
    start(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: any(e.kind == Event.Focus for e in events))
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: any(e.selected for e in events))
    chosen = next(e for e in events if e.selected)
    assert chosen.kind == Event.SelectionAdd and chosen.name.endswith(", chosen to pass")
    assert chosen.iface is not None and chosen.iface.state().selected
    qtbot.keyClick(window.view, Qt.Key.Key_Space)  # put back
    qtbot.waitUntil(lambda: events[-2].kind == Event.SelectionRemove)


def test_at_the_turn_your_turn_then_the_card_under_the_ring_and_no_empty_card_after_a_play(
    qtbot: QtBot, told: tuple[MainWindow, list[Told]]
) -> None:
    window, events = told
    start(qtbot, window)
    for _ in range(3):
        qtbot.keyClick(window.view, Qt.Key.Key_Right)
        qtbot.keyClick(window.view, Qt.Key.Key_Space)
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    for _ in range(2):
        qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
        qtbot.waitUntil(lambda: events[-1].kind == Event.Focus)
        turn_said = max(i for i, e in enumerate(events) if e.name == "Your turn: play a card.")
        card = events[-1]
        assert turn_said < len(events) - 1 and card.name.endswith(", playable"), events
        assert card.iface is not None and card.iface.state().focused
        count = len(window.scene.hands[0])
        qtbot.keyClick(window.view, Qt.Key.Key_Return)  # that card played, at once
        qtbot.waitUntil(lambda n=count: len(window.scene.hands[0]) == n - 1)
        gone = next(e for e in reversed(events) if e.kind == Event.Focus)
        assert gone.iface is not None and gone.iface.role() == QAccessible.Role.List
        assert gone.name.startswith("Your hand, ")
        assert gone.iface.state().focused
    # Every object given the focus still had a name when read: none was a card on its way
    # out of the hand (a reader found an empty "list item" there).
    focused = [e for e in events if e.kind == Event.Focus]
    assert all(e.read for e in focused), [(e.name, e.read) for e in focused]
