"""The hint is the coach before the move: a hint followed is the choice the review calls best."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from peppa_qt.ai import LEVELS, Player, make_player
from peppa_qt.ai.advice import suggest
from peppa_qt.ai.expert import ExpertPlayer
from peppa_qt.ai.hard import HardPlayer
from peppa_qt.ai.hints import Hint, Why
from peppa_qt.ai.review import Grade, ReviewBudget, review_hand
from peppa_qt.ai.teacher import coach_hint
from peppa_qt.engine import Match, PassDirection, Phase, PlayerView, RuleSet, view_of

#: Few deals: the hint and the review must agree at any budget, so a small one will do.
SMALL = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=4)

TABLES = [("peppa", 4), ("torino", 4), ("hearts", 4), ("belmont", 6)]

#: The hands of the issue's test: per table (every rule set, Belmont at six and eight) a few
#: seeds, each the hand ``seed % 4`` of its game (every pass of the cycle, and a game's
#: history, is met), the hinted seat going round the table. The full 200 hands are
#: benchmarks/teacher.py's (not in CI: minutes).
FOLLOWED = [
    (preset, seats, seed) for preset, seats in [*TABLES, ("belmont", 8)] for seed in (1, 2, 4, 7)
]


def _rules(preset: str, seats: int) -> RuleSet:
    return RuleSet.preset(preset, seats=seats) if preset == "belmont" else RuleSet.preset(preset)


def _other(seat: int, seed: int) -> Player:
    """The player of a seat not hinted: every level in turn round the table (the search levels
    in this process, the expert with few deals: the positions matter here, not its strength)."""
    level = LEVELS[(seat + seed) % len(LEVELS)]
    if level == "hard":
        return HardPlayer(seed + seat, parallel=False)
    if level == "expert":
        expert = ExpertPlayer(seed + seat, parallel=False)
        expert.worlds = expert.pass_worlds = 48
        return expert
    return make_player(level, seed + seat)


def hinted_hand(rules: RuleSet, seed: int, hinted: int, before: int = 0) -> tuple[Match, int]:
    """A game whose hand ``before`` (after as many quick hands by the easy level) ``hinted``
    plays by following every hint, the others any level; the match and the hand's index."""
    match = Match(rules, seed, track_undo=False)
    quick = [make_player("easy", seed + s) for s in range(rules.seats)]
    for _ in range(before):
        _play_hand(match, lambda view: tuple(quick[view.seat].decide(view).cards))
    players = [_other(s, seed) for s in range(rules.seats)]

    def choose(view: PlayerView) -> tuple[int, ...]:
        if view.seat == hinted:
            return tuple(coach_hint(view, SMALL)[0])
        return tuple(players[view.seat].decide(view).cards)

    _play_hand(match, choose)
    return match, before


def _play_hand(match: Match, choose: Callable[[PlayerView], tuple[int, ...]]) -> None:
    """One hand of ``match`` played out, each seat's cards chosen by ``choose``."""
    hand = match.start_hand()
    seats = match.rules.seats
    if hand.phase is Phase.PASSING:  # every seat chooses before any pass is made
        chosen = [choose(view_of(match, seat)) for seat in range(seats)]
        for seat, cards in enumerate(chosen):
            match.pass_cards(seat, cards)
    while hand.to_move is not None:
        match.play(choose(view_of(match, hand.to_move))[0])


@pytest.mark.parametrize(("preset", "seats", "seed"), FOLLOWED)
def test_the_review_grades_every_hinted_choice_best(preset: str, seats: int, seed: int) -> None:
    """Issue 38: a player who follows every hint is never told it was a mistake, nor that the
    choice was too close to tell: the review's best is the hinted card or pass itself."""
    hinted = seed % seats
    match, index = hinted_hand(_rules(preset, seats), seed, hinted, before=seed % 4)
    review = review_hand(match, index, hinted, SMALL)
    passes = match.hands[index].pass_direction is not PassDirection.HOLD
    assert len(review.decisions) == match.rules.hand_size + passes
    for decision in review.decisions:
        where = (decision.position.kind, decision.position.trick)
        assert decision.best == decision.chosen, where
        assert decision.loss == 0.0 and decision.grade is Grade.GOOD, where
        assert not decision.within_noise, where


@pytest.mark.parametrize(("preset", "seats"), TABLES)
def test_a_hint_s_reason_is_the_rule_of_thumb_s_only_for_its_own_card(
    preset: str, seats: int
) -> None:
    """A rule of thumb's sentence is given only with the card (or pass) it is about."""
    match = Match(_rules(preset, seats), 7, track_undo=False)
    players = [make_player("normal", 7 + s) for s in range(seats)]
    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        for seat in range(seats):
            match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
    while hand.to_move is not None:
        view = view_of(match, hand.to_move)
        cards, reason = coach_hint(view, SMALL)
        if isinstance(reason, Why):  # read from the search: about the card named
            assert reason.better == tuple(int(c) for c in cards)
        elif reason not in (Hint.SEARCH, Hint.ONLY_CARD):
            assert cards == suggest(view)[0]
        assert view.legal >> int(cards[0]) & 1
        match.play(cards[0])


def test_no_hint_for_a_seat_not_to_play() -> None:
    match = Match(RuleSet.preset("hearts"), 3, track_undo=False)
    hand = match.start_hand()
    for seat in range(4):
        match.pass_cards(seat, suggest(view_of(match, seat))[0])
    idle = (hand.to_move or 0) + 1
    with pytest.raises(ValueError, match="turn"):
        coach_hint(view_of(match, idle % 4), SMALL)


def test_a_hint_spread_over_processes_is_the_hint_worked_out_alone() -> None:
    """The window spreads the hint's chunks of deals over the search processes
    (controller/hinter.py): the same seeds, joined in order, give the same answer."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    rules = _rules("hearts", 4)
    match = Match(rules, 5, track_undo=False)
    hand = match.start_hand()
    views = [view_of(match, 0)]  # the pass
    players = [make_player("normal", s) for s in range(4)]
    for seat in range(4):
        match.pass_cards(seat, players[seat].decide(view_of(match, seat)).cards)
    while hand.to_move is not None and len(views) < 8:
        if hand.to_move == 0:
            views.append(view_of(match, 0))
        match.play(players[hand.to_move].decide(view_of(match, hand.to_move)).cards[0])
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        for view in views:
            spread = coach_hint(view, SMALL, pool.map)
            assert spread == coach_hint(view, SMALL)
