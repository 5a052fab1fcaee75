"""Finish the hand is offered for the game it was worked out for, never for the next one."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future

import pytest
from player_doubles import (
    BUSY_CHECK_SECONDS,
    busy_claim_check,
    random_factory,
    slow_claim_check,
)
from pytestqt.qtbot import QtBot

from peppa_qt.controller import GameController, GameSetup, Pace, SeatSetup
from peppa_qt.controller import claims as claims_module
from peppa_qt.controller.claims import ClaimWatcher, Position
from peppa_qt.engine import Match, Phase, PlayerView, RuleSet, cards_of, view_of
from peppa_qt.engine.cardset import listed
from peppa_qt.engine.claim import Points

BOTS = (SeatSetup("Bruno", "x"), SeatSetup("Carla", "x"), SeatSetup("Dario", "x"))
#: How long a wait may last before the test calls it a hang: each wait ends on its event, and
#: a busy machine (a load of 8 on two cores) must never be taken for a hang.
GUARD_MS = 120_000


def leading_first(seed: int) -> GameSetup:
    """Peppa, the human (seat 0) leading the first trick: asked at the same point in every game."""
    rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 1}})
    return GameSetup(rules, (SeatSetup("Anna"), *BOTS), seed=seed, dealer=3)


@pytest.fixture
def controller() -> Iterator[GameController]:
    made = GameController(Pace.instant(), random_factory, gated=False)
    yield made
    made.shutdown()


def to_the_first_lead(qtbot: QtBot, controller: GameController, seed: int) -> None:
    with qtbot.waitSignal(controller.human_to_pass, timeout=GUARD_MS):
        controller.start(leading_first(seed))
    hand = controller.hand
    assert hand is not None
    with qtbot.waitSignal(controller.human_to_move, timeout=GUARD_MS):
        controller.submit_pass(0, cards_of(hand.hands[0])[:3])
    assert controller.hand is not None and controller.hand.plays == []


def test_an_answer_worked_out_for_the_last_game_is_not_offered_in_the_new_one(
    qtbot: QtBot, controller: GameController, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Game A's check is slow; game B, opened meanwhile, reaches the same hand, trick and seat.
    A's "decided" must not become B's offer (B's own check says it is not decided)."""
    release = threading.Event()
    checked: list[PlayerView] = []

    def settled(view: PlayerView) -> Points | None:
        checked.append(view)
        if len(checked) == 1:  # game A's: decided, once it is let go
            release.wait(GUARD_MS / 1000)
            return (26, 0, 0, 0)
        return None

    monkeypatch.setattr(claims_module, "view_settled_points", settled)
    monkeypatch.setattr(claims_module, "_claim_process", lambda: None)  # the stand-in is here
    heard: list[Points | None] = []  # each answer, once the window's thread has taken it
    on_checked = ClaimWatcher._on_checked

    def hearing(watcher: ClaimWatcher, position: Position, points: Points | None) -> None:
        on_checked(watcher, position, points)
        heard.append(points)

    monkeypatch.setattr(ClaimWatcher, "_on_checked", hearing)
    watcher = ClaimWatcher(controller)
    offers: list[bool] = []
    watcher.changed.connect(offers.append)
    try:
        to_the_first_lead(qtbot, controller, seed=1)
        qtbot.waitUntil(lambda: len(checked) == 1, timeout=GUARD_MS)
        to_the_first_lead(qtbot, controller, seed=2)  # game B, at the same (hand, plays, seat)
        release.set()
        qtbot.waitUntil(lambda: len(heard) == 2, timeout=GUARD_MS)
        assert heard == [(26, 0, 0, 0), None]  # A's answer came, and was not offered in B
        assert checked[0].hand != checked[1].hand  # two games indeed
        assert not watcher.offered and watcher.points() is None
        assert True not in offers
    finally:
        release.set()
        watcher.shutdown()


def two_cards_left_at_eight(seed: int) -> PlayerView:
    """Seat 0's view with two cards left in a random Belmont hand of eight seats."""
    rules = RuleSet.preset("belmont", seats=8)
    match = Match(rules, seed, track_undo=False)
    rng = random.Random(seed)
    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        for seat in range(rules.seats):
            match.pass_cards(seat, rng.sample(listed(hand.hands[seat]), rules.pass_size))
    while hand.to_move != 0 or len(cards_of(hand.hands[0])) > 2:
        match.play(rng.choice(cards_of(hand.legal_mask())))
    return view_of(match, 0)


def test_the_claim_check_takes_no_time_from_the_window(
    qtbot: QtBot, controller: GameController, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At eight seats a check once took 17 s. In a thread of the window's process it held the
    interpreter's lock, so that each call of the window's thread into Python waited: a frame
    came 0.3 s late. In the claim's own process its work is not the window's: a check that
    keeps a core busy for half a second costs the window's process next to nothing (counted
    in CPU time, which a busy machine does not stretch)."""
    view = two_cards_left_at_eight(seed=8)
    watcher = ClaimWatcher(controller)
    claims_module._claim_process()  # started with the window's first check
    monkeypatch.setattr(claims_module, "view_settled_points", busy_claim_check)
    before = time.process_time()
    job = watcher._check(view)
    qtbot.waitUntil(job.done, timeout=GUARD_MS)
    spent = time.process_time() - before
    watcher.shutdown()
    assert job.exception() is None and job.result() is None  # the busy check ran to its end
    assert spent < BUSY_CHECK_SECONDS / 2, spent


def test_a_check_no_longer_wanted_does_not_hold_up_the_next(
    qtbot: QtBot, controller: GameController, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At eight seats one check took 17 s: the human played on meanwhile, and the check of
    their next turn waited behind the stale one in the claim's single process. Now the stale
    one is stopped and the next is answered: long before the stale one's ten minutes, which
    no wait of this test would last."""
    view = two_cards_left_at_eight(seed=8)
    watcher = ClaimWatcher(controller)
    monkeypatch.setattr(claims_module, "view_settled_points", slow_claim_check)
    stale = watcher._check(view)
    qtbot.waitUntil(stale.running, timeout=GUARD_MS)  # handed to the claim's process
    monkeypatch.undo()
    fresh = watcher._check(view)
    qtbot.waitUntil(fresh.done, timeout=GUARD_MS)
    watcher.shutdown()
    assert fresh.result() is None  # the real check's answer (not decided)
    assert stale.done() and stale.exception() is not None  # it was stopped, not answered


def test_a_check_answered_at_once_finishes_the_hand_after_the_turn_is_told(
    qtbot: QtBot, controller: GameController, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A check whose answer was ready when asked (a done future) came back inside the
    human_to_move it was asked in: finishing played the human's card before the table heard
    it was their turn, and the table's own forced card was refused ("not your turn")."""
    decided: Future[Points | None] = Future()
    decided.set_result((0, 36, 0, 0))
    monkeypatch.setattr(ClaimWatcher, "_check", lambda self, view: decided)
    watcher = ClaimWatcher(controller)
    watcher.automatic = True
    told: list[int | None] = []  # whose turn the hand said it was, as the table was told
    refused: list[object] = []
    controller.move_refused.connect(refused.append)
    controller.human_to_move.connect(
        lambda seat, legal, moment=None: told.append(controller.hand.to_move)  # type: ignore[union-attr]
    )
    played: list[int] = []
    controller.card_played.connect(lambda seat, card: played.append(seat))
    try:
        to_the_first_lead(qtbot, controller, seed=1)
        assert told == [0]  # the human was still to play when told: nothing played for them yet
        qtbot.waitUntil(lambda: 0 in played, timeout=GUARD_MS)  # then finished for them
        assert refused == []
    finally:
        watcher.shutdown()
