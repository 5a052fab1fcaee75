"""A window hosts a table and another joins it over the loopback: both play a game to its end
through their sessions, as their screens would, and see the same scores; neither autosaves
the game (the host keeps it), both count it in their statistics."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from peppa_qt.ai.review import ReviewBudget
from peppa_qt.controller import GameSession, GameSetup, Pace, Preferences, SeatSetup
from peppa_qt.controller.network import NetworkTable, kept_table, table_url
from peppa_qt.controller.published import Published
from peppa_qt.controller.setup import ELSEWHERE
from peppa_qt.engine import RuleSet
from peppa_qt.engine.cardset import CardSet
from peppa_qt.engine.deals import (
    deal_from_number,
    format_deal_number,
    is_long,
    parse_deal_number,
)
from peppa_qt.net.hosted import TableTimes
from peppa_qt.storage import Profile, locations

FAST = TableTimes(grace=0.5, between_hands=0.2, ai_pause=0.0)
#: Few deals: the test checks what the review is made of, not how precise it is.
SMALL = ReviewBudget(worlds=8, pass_worlds=8, pass_candidates=2)


@pytest.fixture
def made(profile_dir: Path) -> Iterator[list[GameSession | NetworkTable]]:
    parts: list[GameSession | NetworkTable] = []
    yield parts
    for part in parts:
        if isinstance(part, NetworkTable):
            part.leave()
        else:  # as the window closes it (a claim's check may still be at work)
            part.claims.shutdown()
            part.controller.shutdown()


def _session(made: list[GameSession | NetworkTable]) -> GameSession:
    profile = Profile(locations())
    session = GameSession(profile, Preferences(profile), Pace.instant(), gated=False)
    made.append(session)
    _plays_by_itself(session)
    return session


def _plays_by_itself(session: GameSession) -> None:
    """The person at the window passes their three first cards and plays their first legal
    card, as soon as asked."""
    c = session.controller

    def to_pass(seat: int, moment: Published) -> None:
        assert moment.view is not None
        session.submit_pass(seat, list(CardSet(moment.view.hand))[:3])

    def to_move(seat: int, legal: CardSet, moment: Published) -> None:
        session.submit_play(seat, next(iter(legal)))

    c.human_to_pass.connect(to_pass)
    c.human_to_move.connect(to_move)


def test_a_hosted_table_and_a_joined_window_play_a_game_to_its_end(
    qtbot: QtBot, made: list[GameSession | NetworkTable]
) -> None:
    host_session, guest_session = _session(made), _session(made)
    hosting, joining = NetworkTable(), NetworkTable()
    made += [hosting, joining]
    rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 2}})
    seats = (
        SeatSetup("Anna"),
        SeatSetup("Seat 2", ELSEWHERE),  # as the host dialog gives an open seat
        SeatSetup("Carla", "easy"),
        SeatSetup("Dario", "easy"),
    )
    hosting.host(host_session, GameSetup(rules, seats), [], host="127.0.0.1", times=FAST)
    assert len(hosting.code) == 6 and hosting.port > 0
    assert hosting.addresses() == ["127.0.0.1"]
    assert [state for _, state in hosting.lobby()] == ["here", "open", "computer", "computer"]
    assert not hosting.started

    url = table_url("127.0.0.1", hosting.port)
    with (
        qtbot.waitSignal(joining.joined, timeout=10_000),
        qtbot.waitSignal(host_session.controller.game_over, timeout=60_000),
        qtbot.waitSignal(guest_session.controller.game_over, timeout=60_000),
    ):
        joining.join(guest_session, url, hosting.code, "Bruno")
    # The table started by itself once its open seat was taken.
    assert hosting.started and [n for n, _ in hosting.lobby()][:2] == ["Anna", "Bruno"]
    assert [state for _, state in hosting.lobby()][:2] == ["here", "joined"]
    guest = guest_session.controller
    assert guest.setup is not None and guest.humans() == [1]
    assert guest.setup.seats[0].level == ELSEWHERE and guest.setup.seats[2].level == "easy"
    host_table, guest_table = host_session.controller.table, guest.table
    assert host_table is not None and guest_table is not None
    assert host_table.totals == guest_table.totals and host_table.over
    for session in (host_session, guest_session):
        assert session.profile.load_autosave()[0] is None
    assert guest_session.statistics().get("Bruno", "peppa") is not None
    assert host_session.statistics().get("Anna", "peppa") is not None
    # The hand over, its deal can be dealt again from the long deal number the host told.
    last = guest_session.last_deal()
    host_match = host_session.controller.match
    assert last is not None and last[0] is not None and host_match is not None
    number, dealer = last
    assert is_long(number) and len(format_deal_number(number)) == 39
    assert parse_deal_number(format_deal_number(number)) == number
    assert deal_from_number(rules, number) == list(host_match.hands[-1].deal)
    assert dealer == host_match.hands[-1].dealer
    # The coach reviews the guest's own hand from what the guest saw, without hindsight.
    guest_session.reviewer.budget = SMALL
    reviewer, told = guest_session.reviewer, list[Any]()
    reviewer.reviewed.connect(told.append)
    reviewer.failed.connect(lambda *why: told.append(why))
    guest_session.request_review(0, 1)
    qtbot.waitUntil(lambda: bool(told), timeout=60_000)
    review = told[0]
    assert review.seat == 1 and len(review.decisions) == 14  # the pass and 13 cards
    assert all(decision.hindsight is None for decision in review.decisions)


def test_joining_a_table_that_does_not_exist_says_why(
    qtbot: QtBot, made: list[GameSession | NetworkTable]
) -> None:
    host_session, guest_session = _session(made), _session(made)
    hosting, joining = NetworkTable(), NetworkTable()
    made += [hosting, joining]
    rules = RuleSet.preset("hearts")
    seats = (SeatSetup("Anna"), SeatSetup("Seat 2"), SeatSetup("C", "easy"), SeatSetup("D", "easy"))
    hosting.host(host_session, GameSetup(rules, seats), [1], host="127.0.0.1", times=FAST)
    url = table_url("127.0.0.1", hosting.port)
    with qtbot.waitSignal(joining.failed, timeout=10_000) as failed:
        joining.join(guest_session, url, "ZZZZZZ", "Bruno")
    assert "table" in failed.args[0]
    with qtbot.waitSignal(joining.failed, timeout=15_000) as failed:
        joining.join(guest_session, table_url("127.0.0.1", 1), hosting.code, "Bruno")
    assert failed.args[0]


def test_a_hosting_window_with_nobody_of_its_own_shows_every_hand_face_down(
    qtbot: QtBot, made: list[GameSession | NetworkTable]
) -> None:
    """The table's screen for everyone (players on their own devices): no moment it shows
    holds a hand, not even seat 0's."""
    host_session, guest_session = _session(made), _session(made)
    hosting, joining = NetworkTable(), NetworkTable()
    made += [hosting, joining]
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    seats = (
        SeatSetup("Seat 1", ELSEWHERE),
        SeatSetup("Bea", "easy"),
        SeatSetup("Carla", "easy"),
        SeatSetup("Dario", "easy"),
    )
    hosting.host(host_session, GameSetup(rules, seats), [], host="127.0.0.1", times=FAST)
    host = host_session.controller
    shown: list[Published] = []
    for signal in (host.hand_dealt, host.cards_passed, host.trick_taken):
        signal.connect(lambda *args: shown.append(args[-1]))
    host.card_played.connect(lambda seat, card, moment: shown.append(moment))
    url = table_url("127.0.0.1", hosting.port)
    with qtbot.waitSignal(host.game_over, timeout=60_000):
        joining.join(guest_session, url, hosting.code, "Anna")
    assert host.humans() == [] and host.covered
    assert len(shown) > 52 and all(moment.view is None for moment in shown)
    guest = guest_session.controller.published
    assert guest is not None and guest.view is not None  # the player sees their own


def test_a_hosting_window_closed_mid_game_hosts_its_table_again_and_the_guest_comes_back(
    qtbot: QtBot, made: list[GameSession | NetworkTable], tmp_path: Path
) -> None:
    """The table is kept after every change: a window that closed (or was killed) hosts it
    again where it stood, on its port, and the player elsewhere comes back to their seat."""
    store = tmp_path / "tables"
    host_session, guest_session = _session(made), _session(made)
    hosting, joining = NetworkTable(), NetworkTable()
    made += [hosting, joining]
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    seats = (
        SeatSetup("Anna"),
        SeatSetup("", ELSEWHERE),
        SeatSetup("C", "easy"),
        SeatSetup("D", "easy"),
    )
    hosting.host(
        host_session, GameSetup(rules, seats), [], host="127.0.0.1", times=FAST, store=store
    )
    code, port = hosting.code, hosting.port
    guest = guest_session.controller
    with qtbot.waitSignal(guest.trick_taken, timeout=30_000):
        joining.join(guest_session, table_url("127.0.0.1", port), code, "Bruno")
    assert not kept_table(tmp_path / "nothing")
    hosting.leave(keep=True)  # the window closes mid-hand
    assert kept_table(store)
    played = len(guest.match.current.plays) if guest.match and guest.match.current else 0

    again_session = _session(made)
    again = NetworkTable()
    made.append(again)
    with (
        qtbot.waitSignal(joining.connection_lost, timeout=10_000),
        qtbot.waitSignal(guest.game_over, timeout=60_000),
        qtbot.waitSignal(again_session.controller.game_over, timeout=60_000),
    ):
        again.rehost(again_session, store, host="127.0.0.1", times=FAST)
        assert again.code == code and again.port == port
        assert kept_table(store) and not list(store.glob("*.corrupt"))  # nothing set aside
        names = again_session.controller.names()
        assert names[0] == "Anna" and names[2:] == ["C", "D"]
    host_match = again_session.controller.match
    assert host_match is not None and host_match.is_over and len(host_match.hands) == 2
    assert played > 0 and again_session.controller.table.totals == guest.table.totals  # type: ignore[union-attr]
    again.leave()
    assert not kept_table(store)  # a table left on purpose is not offered again


def test_hot_seat_at_the_host_with_a_player_elsewhere_and_computers_at_six_seats(
    qtbot: QtBot, made: list[GameSession | NetworkTable]
) -> None:
    """Two people share the hosting computer (each handed it in turn, the other's cards
    covered meanwhile), one plays from another device, three computers: Belmont at six."""
    host_session, guest_session = _session(made), _session(made)
    host = host_session.controller
    host.hand_over.connect(lambda seat, moment: host_session.show_cards())
    hosting, joining = NetworkTable(), NetworkTable()
    made += [hosting, joining]
    rules = RuleSet.preset("belmont", {"end": {"mode": "hands", "count": 1}}, seats=6)
    seats = (
        SeatSetup("Anna"),
        SeatSetup("", ELSEWHERE),
        SeatSetup("Carla", "easy"),
        SeatSetup("Dora"),
        SeatSetup("Ezio", "easy"),
        SeatSetup("Fabio", "easy"),
    )
    hosting.host(host_session, GameSetup(rules, seats), [], host="127.0.0.1", times=FAST)
    covered: list[bool] = []
    host.card_played.connect(lambda seat, card, moment: covered.append(moment.view is None))
    viewers: set[int] = set()
    host.viewer_changed.connect(lambda seat, moment: viewers.add(seat))
    url = table_url("127.0.0.1", hosting.port)
    with (
        qtbot.waitSignal(host.game_over, timeout=60_000),
        qtbot.waitSignal(guest_session.controller.game_over, timeout=60_000),
    ):
        joining.join(guest_session, url, hosting.code, "Bruno")
    assert host.humans() == [0, 3] and host.hot_seat()
    assert viewers == {0, 3}  # the table was drawn for each of them in turn
    assert any(covered)  # and covered between them
    assert host.table.totals == guest_session.controller.table.totals  # type: ignore[union-attr]
