"""The coach's figures reach the statistics: the hands a human had reviewed in a game counted,
also those reviewed after its end; a hand not reviewed adds no loss."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from player_doubles import random_factory
from pytestqt.qtbot import QtBot

from peppa_qt.ai.review import HandReview, ReviewBudget
from peppa_qt.controller import GameSession, GameSetup, Pace, Preferences, SeatSetup
from peppa_qt.engine import Phase, RuleSet, cards_of
from peppa_qt.storage import CoachGame, Profile, locations

SMALL = ReviewBudget(worlds=12, pass_worlds=12, pass_candidates=3)


@pytest.fixture
def session(profile_dir: Path) -> Iterator[GameSession]:
    profile = Profile(locations())
    made = GameSession(profile, Preferences(profile), Pace.instant(), random_factory, gated=False)
    made.reviewer.budget = SMALL
    yield made
    made.controller.shutdown()
    made.reviewer.shutdown()


def play_until(qtbot: QtBot, session: GameSession, hands: int) -> None:
    """Anna plays her lowest cards until ``hands`` hands are scored."""

    def act() -> bool:
        match, hand = session.controller.match, session.controller.hand
        if match is None or hand is None:
            return False
        if hand.phase is Phase.SCORED:
            if len(match.hands) >= hands:
                return True
            session.next_hand()
        if hand.phase is Phase.PASSING and hand.passes[0] is None:
            session.submit_pass(0, cards_of(hand.hands[0])[:3])
        elif hand.to_move == 0:
            session.submit_play(0, cards_of(hand.legal_mask())[0])
        return False

    qtbot.waitUntil(act, timeout=20_000)


def review(qtbot: QtBot, session: GameSession, hand: int) -> HandReview:
    with qtbot.waitSignal(session.reviewer.reviewed, timeout=60_000) as caught:
        session.request_review(hand, 0)
    assert isinstance(caught.args[0], HandReview)
    return caught.args[0]


def test_reviewed_hands_count_in_their_game_even_after_its_end(
    qtbot: QtBot, session: GameSession
) -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    bots = tuple(SeatSetup(name, "x") for name in ("Bruno", "Carla", "Dario"))
    session.start(GameSetup(rules, (SeatSetup("Anna"), *bots), seed=4))
    play_until(qtbot, session, 1)
    first = review(qtbot, session, 0)
    with qtbot.waitSignal(session.controller.game_over, timeout=20_000):
        play_until(qtbot, session, 2)
    anna = session.statistics().get("Anna", "hearts")
    assert anna is not None and anna.coach == (CoachGame(1, 1, round(first.lost, 2)),)
    second = review(qtbot, session, 1)  # the game was counted already: it joins it
    anna = session.statistics().get("Anna", "hearts")
    assert anna is not None
    assert anna.coach == (CoachGame(1, 2, round(first.lost + second.lost, 2)),)
    bruno = session.statistics().get("Bruno", "hearts")
    assert bruno is not None and bruno.games == 1 and bruno.coach == ()
    session.start(GameSetup(rules, (SeatSetup("Anna"), *bots), seed=5))
    play_until(qtbot, session, 1)
    review(qtbot, session, 0)  # a game not counted yet: nothing until it ends
    assert session.statistics().get("Anna", "hearts") == anna


def test_a_game_with_no_review_has_no_coach_figures(qtbot: QtBot, session: GameSession) -> None:
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 1}})
    bots = tuple(SeatSetup(name, "x") for name in ("Bruno", "Carla", "Dario"))
    with qtbot.waitSignal(session.controller.game_over, timeout=20_000):
        session.start(GameSetup(rules, (SeatSetup("Anna"), *bots), seed=4))
        play_until(qtbot, session, 1)
    anna = session.statistics().get("Anna", "hearts")
    assert anna is not None and anna.games == 1 and anna.coach == ()
