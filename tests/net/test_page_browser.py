"""The join page in a real browser (headless Chromium, tests/net/browser.py): four players on
four phones play a whole hand, a reload mid-trick comes back where it was, a second tab with
the same token takes the seat over, a dropped connection comes back by itself, and nothing a
browser received names another seat's card before it is played."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from peppa_qt.engine import RuleSet, cards_of
from peppa_qt.engine.record import record_of, record_to_dict
from peppa_qt.net.hosted import HostedTable, TableTimes
from peppa_qt.net.messages import SeatSpec

from .browser import (
    PHONE,
    PHONE_SIDEWAYS,
    TABLET,
    ServerThread,
    Tab,
    frames_received,
    open_tab,
    start_chromium,
)
from .clients import Player, audit

ONE_HAND = {"end": {"mode": "hands", "count": 1}}
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "page-shots"
WORDS = ROOT / "peppa_qt" / "net" / "web" / "it.json"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    """One headless Chromium for the module (its tabs are the players)."""
    browser = start_chromium()
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def server() -> Iterator[ServerThread]:
    """A table server on 127.0.0.1, its tables quick (no pause before a computer's card)."""
    thread = ServerThread(TableTimes(grace=30.0, between_hands=30.0, ai_pause=0.0))
    try:
        yield thread
    finally:
        thread.stop()


def wait(what: Callable[[], Any], seconds: float = 20.0) -> Any:
    """``what()`` once it is true (polled; a bound against a hang, not a pace)."""
    deadline = time.monotonic() + seconds
    while True:
        value = what()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still not so after {seconds} s: {what}")
        time.sleep(0.03)


def host(server: ServerThread, specs: list[SeatSpec], preset: str = "hearts") -> HostedTable:
    rules = RuleSet.preset(preset, ONE_HAND)
    return server.call(lambda: server.server.host(rules, specs))


def go(driver: Any, tab: Tab) -> None:
    driver.switch_to.window(tab.handle)


def text(driver: Any, element_id: str) -> str:
    return str(driver.execute_script(f"return document.getElementById('{element_id}').textContent"))


def shown_hand(driver: Any) -> list[str]:
    return list(
        driver.execute_script(
            "return [...document.querySelectorAll('#hand .card')].map(b => b.dataset.card)"
        )
    )


def shown_trick(driver: Any) -> list[str]:
    return list(
        driver.execute_script(
            "return [...document.querySelectorAll('#trick-cards img')].map(i => i.alt)"
        )
    )


def join(driver: Any, tab: Tab, code: str, name: str) -> None:
    """Open the join page, give a name, take the first free seat."""
    go(driver, tab)
    driver.get(f"{tab.origin}/join/{code}")
    wait(lambda: driver.find_elements("css selector", "#seats button:enabled"))
    driver.find_element("id", "name").send_keys(name)
    driver.find_elements("css selector", "#seats button:enabled")[0].click()
    wait(lambda: driver.find_element("id", "table").is_displayed())


def seat_state(server: ServerThread, table: HostedTable) -> dict[str, Any]:
    """The host's side of things (the referee's view: every hand)."""

    def read() -> dict[str, Any]:
        hand = table.match.current
        return {
            "over": table.over,
            "phase": hand.phase.value if hand else None,
            "plays": len(hand.plays) if hand else 0,
            "asked": [s for s, r in table.remote.items() if r.person.asked],
            "legal": [str(c) for c in cards_of(hand.legal_mask())] if hand else [],
            "hands": [[str(c) for c in cards_of(m)] for m in hand.hands] if hand else [],
        }

    return server.call(read)


def tap(driver: Any, card: str) -> None:
    driver.find_element("css selector", f'#hand .card[data-card="{card}"]').click()


def pass_three(driver: Any, hand: list[str]) -> None:
    """Choose three cards and send them, as a thumb would."""
    for card in hand[:3]:
        tap(driver, card)
    send = driver.find_element("id", "send")
    wait(send.is_enabled)
    send.click()


def test_four_browser_players_play_a_whole_hand(driver: Any, server: ServerThread) -> None:
    table = host(server, [SeatSpec("human")] * 4)
    port = server.port
    sizes = [(PHONE, "it"), (PHONE, "en"), (TABLET, "en"), (PHONE_SIDEWAYS, "it")]
    SHOTS.mkdir(parents=True, exist_ok=True)
    tabs = [
        open_tab(driver, f"http://p{i}.localhost:{port}", size, language)
        for i, (size, language) in enumerate(sizes)
    ]
    names = ["Anna", "<b>Bruno</b>", "Carla", "Dario"]  # (a name is text, never HTML)
    for tab, name in zip(tabs, names, strict=True):
        join(driver, tab, table.code, name)
    seated = server.call(lambda: [r.name for r in table.remote.values()])
    seat_of = {name: seat for seat, name in enumerate(seated)}
    tab_of = {seat_of[name]: tab for tab, name in zip(tabs, names, strict=True)}
    go(driver, tab_of[seat_of["Anna"]])
    wait(lambda: "Bruno" in text(driver, "scores"))
    assert not driver.find_elements("css selector", "#scores b")  # shown as text

    # The pass: each phone chooses three and sends them.
    wait(lambda: seat_state(server, table)["phase"] == "passing")
    for seat in range(4):
        go(driver, tab_of[seat])
        wait(lambda: driver.find_element("id", "send").is_displayed())
        tap(driver, shown_hand(driver)[-1])  # (one chosen: to be seen risen in the picture)
        driver.save_screenshot(str(SHOTS / f"{tab_of[seat].name}-pass.png"))
        tap(driver, shown_hand(driver)[-1])
        pass_three(driver, shown_hand(driver))
    wait(lambda: seat_state(server, table)["phase"] == "playing")

    explained, reloaded = play_the_hand(driver, server, table, tab_of)
    assert explained and reloaded

    # Every phone shows the hand's end and the game over, in its language.
    for tab in tabs:
        go(driver, tab)
        wait(lambda: driver.find_element("id", "summary").is_displayed())
        assert text(driver, "summary-title") in ("Game over", "Partita finita")
        rows = driver.find_elements("css selector", "#summary-table tbody tr")
        assert len(rows) == 4
    go(driver, tab_of[seat_of["Anna"]])
    driver.save_screenshot(str(SHOTS / "phone-it-over.png"))

    # Nothing any browser received named a card of another seat before it was played.
    truth = json.loads(json.dumps(record_to_dict(record_of(table.match, table.players()))))
    checked = audit_browsers(driver, truth)
    assert checked == {0, 1, 2, 3}


def play_the_hand(
    driver: Any, server: ServerThread, table: HostedTable, tab_of: dict[int, Tab]
) -> tuple[bool, bool]:
    """Each card tapped on the phone whose turn it is, until the game is over; whether an
    illegal tap was explained, and whether a page reloaded mid-trick came back as it was."""
    explained = reloaded = False
    while not (state := seat_state(server, table))["over"]:
        if not state["asked"]:
            time.sleep(0.02)
            continue
        seat = state["asked"][0]
        go(driver, tab_of[seat])
        wait(lambda: "yours" in driver.find_element("id", "status").get_attribute("class"))
        illegal = [c for c in state["hands"][seat] if c not in state["legal"]]
        if illegal and not explained:  # an illegal tap is explained in one line
            tap(driver, illegal[0])
            reason = wait(lambda: text(driver, "problem"))
            assert reason in EXPLANATIONS, reason
            explained = True
        if state["plays"] == 5:  # each screen mid-trick, to be looked at
            for tab in tab_of.values():
                go(driver, tab)
                wait(lambda: len(shown_trick(driver)) == 1)
                driver.save_screenshot(str(SHOTS / f"{tab.name}-trick.png"))
            go(driver, tab_of[seat])
        if state["plays"] == 6 and not reloaded:  # mid-trick: the page comes back as it was
            before = shown_hand(driver), shown_trick(driver)
            driver.refresh()
            wait(lambda shown=before: (shown_hand(driver), shown_trick(driver)) == shown)
            reloaded = True
        tap(driver, state["legal"][0])
        wait(lambda played=state["plays"]: moved_on(server, table, played))
    return explained, reloaded


def moved_on(server: ServerThread, table: HostedTable, played: int) -> bool:
    """Whether a card was played since ``played`` cards were, or the game is over."""
    state = seat_state(server, table)
    return bool(state["plays"] != played or state["over"])


def explanations() -> set[str]:
    """The window's sentences for a card refused, in English and in Italian."""
    italian = json.loads(WORDS.read_text(encoding="utf-8"))["Texts"]
    said = set()
    for words in ({}, italian):
        for sentence in (
            "Hearts are not broken yet: lead another suit.",
            "No hearts and no queen of spades on the first trick.",
            "The first trick must be led with the lowest club.",
        ):
            said.add(words.get(sentence, sentence))
        for suit in ("clubs", "diamonds", "hearts", "spades"):
            follow = words.get("You must follow {suit}.", "You must follow {suit}.")
            said.add(follow.format(suit=words.get(suit, suit)))
    return said


EXPLANATIONS = explanations()


def audit_browsers(driver: Any, truth: dict[str, Any]) -> set[int]:
    """Check every view each tab received (the record's audit of tests/net/clients.py, and
    the glance: every card it names is the seat's own, received, or played); the seats."""
    players: dict[int, Player] = {}
    for message in frames_received(driver):
        if message.get("type") != "view":
            continue
        seat = message["seat"]
        player = players.setdefault(seat, Player("", "", "", seat=seat))
        player.received.append(json.dumps(message))
        check_glance(message, truth)
    for player in players.values():
        assert audit(player, truth) > 10
    return set(players)


def check_glance(message: dict[str, Any], truth: dict[str, Any]) -> None:
    glance = message.get("glance")
    if glance is None:
        return
    seat, index = message["seat"], glance["hand_index"]
    true_hand = truth["hands"][index]
    own = set(true_hand["deal"][seat].split())
    passes = true_hand.get("pass") or []
    received = {
        c
        for g, given in enumerate(passes)
        if given and g != seat and g == glance["pass"]["from"]
        for c in given.split()
    }
    played = set(message["record"]["hands"][index]["play"].split())
    named = set(glance["hand"]) | set(glance["legal"])
    named |= set(glance["pass"]["given"] or []) | set(glance["pass"]["received"] or [])
    named |= {card for _, card in glance["trick"]}
    named |= {card for _, card in (glance["last_trick"] or {}).get("cards", [])}
    assert named <= own | received | played, (seat, named - own - received - played)


def one_player_table(server: ServerThread) -> HostedTable:
    """A table of one browser player and three computers."""
    return host(server, [SeatSpec("human")] + [SeatSpec("ai", "easy")] * 3)


def test_a_second_tab_with_the_token_takes_the_seat_and_the_first_stays_away(
    driver: Any, server: ServerThread
) -> None:
    table = one_player_table(server)
    origin = f"http://p9.localhost:{server.port}"  # (one origin: one localStorage, one token)
    first = open_tab(driver, origin, PHONE)
    join(driver, first, table.code, "Anna")
    wait(lambda: shown_hand(driver))
    hand = shown_hand(driver)
    second = open_tab(driver, origin, PHONE)
    driver.get(f"{origin}/join/{table.code}")  # no seat chosen: the token brings it back
    wait(lambda: shown_hand(driver) == hand)
    go(driver, first)
    wait(lambda: driver.find_element("id", "away").is_displayed())
    assert text(driver, "away-text") == "This seat is now played in another window."
    time.sleep(1.5)  # (longer than the page's first comeback would wait)
    assert driver.find_element("id", "away").is_displayed()  # it does not take the seat back
    assert server.call(table.free_seats) == []
    # Its player may take it back: then the other tab is the one away.
    driver.find_element("id", "again").click()
    wait(lambda: shown_hand(driver) == hand)
    go(driver, second)
    wait(lambda: driver.find_element("id", "away").is_displayed())
    for tab in (first, second):
        go(driver, tab)
        driver.close()
    driver.switch_to.window(driver.window_handles[0])


def test_the_page_comes_back_by_itself_after_the_connection_drops(
    driver: Any, server: ServerThread
) -> None:
    table = one_player_table(server)
    tab = open_tab(driver, f"http://p8.localhost:{server.port}", PHONE, "it")
    join(driver, tab, table.code, "Anna")
    wait(lambda: shown_hand(driver))
    hand = shown_hand(driver)

    def drop() -> None:  # the Wi-Fi blips: the connection is cut, no goodbye
        for client in server.server._clients.values():
            transport = client.connection.transport
            transport.abort()

    server.call(drop)
    wait(lambda: driver.find_element("id", "banner").is_displayed())
    assert text(driver, "banner") == "Connessione persa: riprovo…"
    wait(lambda: not driver.find_element("id", "banner").is_displayed())
    wait(lambda: shown_hand(driver) == hand)
    assert server.call(lambda: table.remote[0].connected)  # the same seat, taken back
    driver.close()
    driver.switch_to.window(driver.window_handles[0])


def test_a_phone_woken_from_sleep_with_a_dead_connection_comes_back_by_itself(
    driver: Any, server: ServerThread
) -> None:
    """After a sleep the page's socket may look open and be dead (nothing answers on it): on
    waking, the page asks, hears nothing, and takes its seat back on a new connection."""
    table = one_player_table(server)
    tab = open_tab(driver, f"http://p9.localhost:{server.port}", PHONE, "en")
    join(driver, tab, table.code, "Anna")
    wait(lambda: shown_hand(driver))
    hand = shown_hand(driver)
    before = server.call(lambda: list(server.server._clients.values()))

    def go_dead() -> None:  # the phone slept: its connection hears nothing any more
        for client in server.server._clients.values():
            client.connection.transport.pause_reading()

    server.call(go_dead)
    driver.execute_script("document.dispatchEvent(new Event('visibilitychange'))")  # it wakes
    wait(lambda: server.call(lambda: list(server.server._clients.values())) != before, 15)
    wait(lambda: server.call(lambda: table.remote[0].connected))
    wait(lambda: shown_hand(driver) == hand)
    assert not driver.find_element("id", "away").is_displayed()  # not "taken elsewhere"
    driver.close()
    driver.switch_to.window(driver.window_handles[0])
