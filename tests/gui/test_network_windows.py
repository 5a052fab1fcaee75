"""Two windows on one machine: one hosts a table (Game ▸ Host a game…), the other joins it
(Game ▸ Join a game…); each draws the table for its own seat, with only its own cards face
up, and a whole hand is played by clicking in both."""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker
from test_whole_game import pass_by_clicking, play_by_clicking

from peppa_qt.controller import GameSetup, SeatSetup
from peppa_qt.controller.network import table_url
from peppa_qt.controller.setup import ELSEWHERE
from peppa_qt.engine import RuleSet
from peppa_qt.gui.dialogs.host_game import HostGameDialog
from peppa_qt.gui.dialogs.join_game import JoinGameDialog
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.table.card_pixmaps import is_hidden
from peppa_qt.gui.window.main_window import MainWindow


def _seen_elsewhere(window: MainWindow, passed: set[int]) -> list[int]:
    """The cards of another seat's hand the window shows or knows (never any but those it
    passed there itself)."""
    scene = window.scene
    return [
        card
        for seat, hand in enumerate(scene.hands)
        if seat != scene.viewer
        for card in hand
        if scene.item(card).face_up or (not is_hidden(card) and card not in passed)
    ]


def test_one_window_hosts_another_joins_and_a_hand_is_played_in_both(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, guest = make_window(), make_window()
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    setup = GameSetup(
        rules,
        (
            SeatSetup("Anna"),
            SeatSetup("", ELSEWHERE),
            SeatSetup("Carla", "easy"),
            SeatSetup("Dario", "easy"),
        ),
    )

    def ask_host(cls: Any, *args: object) -> tuple[GameSetup, int, bool]:
        return setup, 0, False

    monkeypatch.setattr(HostGameDialog, "ask_host", classmethod(ask_host))
    commands = host.commands.network
    commands.listen_on = "127.0.0.1"
    host.commands.host_game()
    table = commands.network
    lobby = commands._lobby
    assert lobby is not None and lobby.isVisible()
    assert lobby.code.text() == table.code and not lobby.qr.pixmap().isNull()
    assert f"/join/{table.code}" in lobby.phone_how.text()
    assert host.scene.card_ids() == []  # the table waits, empty, for its players

    def ask_join(cls: Any, *args: object) -> tuple[str, str, str]:
        return table_url("127.0.0.1", table.port), table.code, "Bruno"

    monkeypatch.setattr(JoinGameDialog, "ask_join", classmethod(ask_join))
    guest.commands.join_game()
    for window in (host, guest):
        qtbot.waitUntil(lambda w=window: w.presenter.mode == PASSING, timeout=15_000)
    assert not lobby.isVisible()  # the game began: the table is what matters
    assert guest.scene.viewer == 1 and len(guest.scene.hands[1]) == 13
    assert [p for p in guest.presenter.names()] == ["Anna", "Bruno", "Carla", "Dario"]
    assert host.presenter.names()[1] == "Bruno"
    passed: dict[int, set[int]] = {}
    for window in (host, guest):
        hand = window.scene.hands[window.scene.viewer]
        passed[id(window)] = {hand[0], hand[5], hand[-1]}  # (what pass_by_clicking chooses)
        pass_by_clicking(qtbot, window)
    played = 0
    while not (host.summary_panel.isVisible() and guest.summary_panel.isVisible()):
        for window in (host, guest):
            assert _seen_elsewhere(window, passed[id(window)]) == []
            if window.presenter.mode == PLAYING:
                play_by_clicking(qtbot, window)
                played += 1
        qtbot.wait(20)
        assert played <= 26
    assert played == 26
    host_totals = host.controller.table.totals  # type: ignore[union-attr]
    assert host_totals == guest.controller.table.totals  # type: ignore[union-attr]
