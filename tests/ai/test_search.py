"""The search levels (hard, expert): legal under every rule set, relative, cancellable."""

from __future__ import annotations

import random
import threading
import time
from types import ModuleType

import pytest

from peppa_qt.ai import make_player
from peppa_qt.ai.expert import ExpertPlayer
from peppa_qt.ai.hard import HardPlayer
from peppa_qt.ai.search import Budget, utility
from peppa_qt.engine import Phase, RuleSet
from peppa_qt.engine.view import hand_view

SEARCH_LEVELS = ("hard", "expert")


@pytest.fixture(autouse=True)
def _small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HardPlayer, "budget", Budget(worlds=6, seconds=60.0))
    monkeypatch.setattr(ExpertPlayer, "worlds", 24)


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_search_levels_answer_legally_under_every_rule_combination(
    level: str, aikit: ModuleType
) -> None:
    rng = random.Random(level)
    player = make_player(level, seed=3)
    for rules in aikit.all_rules():
        hand, view = aikit.random_position(rules, rng)
        decision = player.decide(view)
        if view.to_move is None:
            hand.pass_cards(view.seat, decision.cards)
        else:
            assert len(decision.cards) == 1
            hand.play(decision.cards[0])  # raises IllegalMove if the card is not legal


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_search_levels_play_whole_hands_to_the_end(level: str, aikit: ModuleType) -> None:
    rng = random.Random(f"whole-{level}")
    for rules in aikit.all_rules()[::9]:
        players = [make_player(level if s % 2 else "normal", seed=s) for s in range(4)]
        hand = aikit.random_hand(rules, rng)
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                hand.pass_cards(seat, players[seat].decide(hand_view(hand, seat)).cards)
        while hand.to_move is not None:
            seat = hand.to_move
            hand.play(players[seat].decide(hand_view(hand, seat)).cards[0])
        assert hand.phase is Phase.SCORED


def test_an_opponents_moon_is_worse_than_taking_a_point_to_stop_it() -> None:
    rules = RuleSet.preset("hearts")
    moon_for_west = (26, 26, 26, 0)
    stopped_by_south = (1, 0, 25, 0)
    assert utility(rules, moon_for_west, 0) < utility(rules, stopped_by_south, 0)
    assert utility(rules, moon_for_west, 3) > utility(rules, stopped_by_south, 3)
    teams = RuleSet.preset("hearts", {"teams": True})
    assert utility(teams, (10, 0, 10, 6), 0) == utility(teams, (10, 0, 10, 6), 2) < 0


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_thinking_stops_soon_after_cancel(
    level: str, aikit: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(HardPlayer, "budget", Budget(worlds=100_000, seconds=60.0))
    monkeypatch.setattr(ExpertPlayer, "worlds", 100_000)
    monkeypatch.setattr(ExpertPlayer, "seconds", 60.0)
    rng = random.Random("cancel")
    view = None
    while view is None or view.to_move is None or view.legal.bit_count() < 2:
        _, view = aikit.random_position(RuleSet.preset("peppa"), rng)
    player = make_player(level, seed=1)
    answer: list[object] = []
    thread = threading.Thread(target=lambda: answer.append(player.decide(view)))
    thread.start()
    time.sleep(0.3)
    cancelled_at = time.perf_counter()
    player.cancel()
    thread.join(timeout=5)
    assert not thread.is_alive()
    assert time.perf_counter() - cancelled_at < 1.0
    assert answer and view.legal >> answer[0].cards[0] & 1  # type: ignore[attr-defined]
