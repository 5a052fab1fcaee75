"""Finish the hand is offered for the game it was worked out for, never for the next one."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from player_doubles import random_factory
from pytestqt.qtbot import QtBot

from peppa_qt.controller import GameController, GameSetup, Pace, SeatSetup
from peppa_qt.controller import claims as claims_module
from peppa_qt.controller.claims import ClaimWatcher
from peppa_qt.engine import PlayerView, RuleSet, cards_of
from peppa_qt.engine.claim import Points

BOTS = (SeatSetup("Bruno", "x"), SeatSetup("Carla", "x"), SeatSetup("Dario", "x"))


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
    with qtbot.waitSignal(controller.human_to_pass, timeout=5000):
        controller.start(leading_first(seed))
    hand = controller.hand
    assert hand is not None
    with qtbot.waitSignal(controller.human_to_move, timeout=5000):
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
            release.wait(10)
            return (26, 0, 0, 0)
        return None

    monkeypatch.setattr(claims_module, "view_settled_points", settled)
    watcher = ClaimWatcher(controller)
    offers: list[bool] = []
    watcher.changed.connect(offers.append)
    try:
        to_the_first_lead(qtbot, controller, seed=1)
        qtbot.waitUntil(lambda: len(checked) == 1)
        to_the_first_lead(qtbot, controller, seed=2)  # game B, at the same (hand, plays, seat)
        release.set()
        qtbot.waitUntil(lambda: len(checked) == 2, timeout=5000)
        qtbot.wait(100)  # both answers come back through the event loop
        assert checked[0].hand != checked[1].hand  # two games indeed
        assert not watcher.offered and watcher.points() is None
        assert True not in offers
    finally:
        release.set()
        watcher.shutdown()
