"""One table, every kind of player: a person at the hosting window, one at a joined window,
one on a phone's browser (headless Chromium at the join page the host's QR code names) and a
computer; a whole hand played to its end, every screen agreeing on the scores."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker
from test_whole_game import pass_by_clicking, play_by_clicking

from peppa_qt.controller import GameSetup, SeatSetup
from peppa_qt.controller.network import table_url
from peppa_qt.controller.setup import ELSEWHERE
from peppa_qt.engine import RuleSet, cards_of
from peppa_qt.gui.dialogs.host_game import HostGameDialog
from peppa_qt.gui.dialogs.join_game import JoinGameDialog
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from net.browser import PHONE, open_tab, start_chromium


def tap(driver: Any, card: str) -> bool:
    """Tap a card of the page's hand, in the page itself (the hand is drawn again with each
    view: an element found first and clicked after may be gone by then)."""
    return bool(
        driver.execute_script(
            "const b = document.querySelector(`#hand .card[data-card='${arguments[0]}']`);"
            "if (b) b.click(); return !!b;",
            card,
        )
    )


@pytest.fixture
def driver() -> Iterator[Any]:
    browser = start_chromium()
    try:
        yield browser
    finally:
        browser.quit()


def test_a_hosting_window_a_joined_window_a_phone_and_a_computer_play_a_hand(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch, driver: Any
) -> None:
    host, guest = make_window(), make_window()
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    seats = (
        SeatSetup("Anna"),
        SeatSetup("", ELSEWHERE),
        SeatSetup("", ELSEWHERE),
        SeatSetup("Dario", "easy"),
    )
    monkeypatch.setattr(
        HostGameDialog, "ask_host", classmethod(lambda cls, *a: (GameSetup(rules, seats), 0, False))
    )
    commands = host.commands.network
    commands.listen_on = "127.0.0.1"
    host.commands.host_game()
    network = commands.network
    code, port = network.code, network.port
    hosted = network.hosted
    assert hosted is not None

    # The phone first (it takes seat 1), then the window (seat 2).
    tab = open_tab(driver, f"http://p0.localhost:{port}", PHONE, "it")
    driver.switch_to.window(tab.handle)
    driver.get(f"{tab.origin}/join/{code}")
    qtbot.waitUntil(lambda: bool(driver.find_elements("css selector", "#seats button:enabled")))
    driver.find_element("id", "name").send_keys("Bea")
    driver.find_elements("css selector", "#seats button:enabled")[0].click()
    url = table_url("127.0.0.1", port)
    monkeypatch.setattr(
        JoinGameDialog, "ask_join", classmethod(lambda cls, *a: (url, code, "Bruno"))
    )
    guest.commands.join_game()
    for window in (host, guest):
        qtbot.waitUntil(lambda w=window: w.presenter.mode == PASSING, timeout=20_000)
    assert host.presenter.names() == ["Anna", "Bea", "Bruno", "Dario"]

    def truth() -> dict[str, Any]:
        async def read() -> dict[str, Any]:
            table = hosted.table
            assert table is not None
            hand = table.match.current
            assert hand is not None
            return {
                "phase": hand.phase.value,
                "phone_asked": table.remote[1].person.asked,
                "legal": [str(c) for c in cards_of(hand.legal_mask())],
                "hand": [str(c) for c in cards_of(hand.hands[1])],
                "over": hand.result is not None,
            }

        assert hosted._net is not None
        return hosted._net.wait(read())

    for window in (host, guest):
        pass_by_clicking(qtbot, window)
    shown = driver.execute_script(
        "return [...document.querySelectorAll('#hand .card')].map(b => b.dataset.card)"
    )
    for card in shown[:3]:
        assert tap(driver, card)
    qtbot.waitUntil(lambda: driver.find_element("id", "send").is_enabled(), timeout=10_000)
    driver.execute_script("document.getElementById('send').click()")
    qtbot.waitUntil(lambda: truth()["phase"] == "playing", timeout=20_000)

    played = {"windows": 0, "phone": 0}
    while not truth()["over"]:
        for window in (host, guest):
            if window.presenter.mode == PLAYING:
                play_by_clicking(qtbot, window)
                played["windows"] += 1
        state = truth()
        if state["phone_asked"]:
            card = state["legal"][0]
            qtbot.waitUntil(lambda c=card: tap(driver, c), timeout=10_000)
            qtbot.waitUntil(lambda c=card: c not in truth()["hand"], timeout=10_000)
            played["phone"] += 1
        qtbot.wait(20)
        assert sum(played.values()) <= 39
    assert played == {"windows": 26, "phone": 13}
    for window in (host, guest):
        qtbot.waitUntil(window.summary_panel.isVisible, timeout=10_000)
    host_totals = host.controller.table.totals  # type: ignore[union-attr]
    assert host_totals == guest.controller.table.totals  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: driver.find_element("id", "summary").is_displayed(), timeout=10_000)
