"""An evening of play must not grow the memory: what the controller makes per decision (the
views it hands out, the jobs its worker runs, the players it seats) is freed when done."""

from __future__ import annotations

import gc
from collections import Counter

from player_doubles import random_factory
from pytestqt.qtbot import QtBot

from peppa_qt.controller import GameController, GameSetup, Pace, SeatSetup
from peppa_qt.engine import RuleSet

WATCHED = ("_ThinkJob", "PlayerView", "RandomPlayer", "HandState", "Match")


def _live() -> Counter[str]:
    gc.collect()
    return Counter(type(o).__name__ for o in gc.get_objects() if type(o).__name__ in WATCHED)


def _play_hands(qtbot: QtBot, controller: GameController, hands: int) -> None:
    """All-computer games of ten hands, one after another, until ``hands`` have been played."""
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 10}})
    seats = tuple(SeatSetup(name, "x") for name in ("Anna", "Bruno", "Carla", "Dario"))
    for game in range(hands // 10):
        with qtbot.waitSignal(controller.game_over, timeout=30_000):
            controller.start(GameSetup(rules, (seats[0], seats[1], seats[2], seats[3]), game))


def test_live_objects_do_not_grow_with_the_hands_played(qtbot: QtBot) -> None:
    controller = GameController(Pace.instant(auto_next_hand=True), random_factory, gated=False)
    try:
        _play_hands(qtbot, controller, 20)
        after_20 = _live()
        _play_hands(qtbot, controller, 200)
        after_220 = _live()
    finally:
        controller.shutdown()
    grown = {
        name: (after_20[name], after_220[name])
        for name in WATCHED
        if after_220[name] > after_20[name] + 4
    }
    assert not grown, f"live objects (after 20 hands, after 220) grew: {grown}"
