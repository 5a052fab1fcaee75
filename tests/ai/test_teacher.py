"""The hint is the coach before the move: a hint followed is the choice the review calls best."""

from __future__ import annotations

import pytest

from peppa_qt.ai import make_player
from peppa_qt.ai.advice import suggest
from peppa_qt.ai.hints import Hint
from peppa_qt.ai.review import Grade, ReviewBudget, review_hand
from peppa_qt.ai.teacher import coach_hint
from peppa_qt.engine import Match, Phase, RuleSet, view_of

#: Few deals: the hint and the review must agree at any budget, so a small one will do.
SMALL = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=4)

TABLES = [("peppa", 4), ("torino", 4), ("hearts", 4), ("belmont", 6)]


def _rules(preset: str, seats: int) -> RuleSet:
    return RuleSet.preset(preset, seats=seats) if preset == "belmont" else RuleSet.preset(preset)


def hinted_hand(rules: RuleSet, seed: int, hinted: int) -> tuple[Match, list[Hint]]:
    """One hand where ``hinted`` always follows the hint; the others play easy and normal."""
    match = Match(rules, seed, track_undo=False)
    levels = ["easy", "normal"]
    players = [make_player(levels[s % 2], seed + s) for s in range(rules.seats)]
    reasons: list[Hint] = []

    def choose(seat: int) -> tuple[int, ...]:
        view = view_of(match, seat)
        if seat != hinted:
            return tuple(players[seat].decide(view).cards)
        cards, reason = coach_hint(view, SMALL)
        reasons.append(reason)
        return tuple(cards)

    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        chosen = {seat: choose(seat) for seat in range(rules.seats)}
        for seat, cards in chosen.items():
            match.pass_cards(seat, cards)
    while hand.to_move is not None:
        match.play(choose(hand.to_move)[0])
    return match, reasons


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(("preset", "seats"), TABLES)
def test_the_review_grades_every_hinted_choice_best(preset: str, seats: int, seed: int) -> None:
    """Issue 38: a player who follows every hint is never told it was a mistake."""
    hinted = seed % seats
    match, reasons = hinted_hand(_rules(preset, seats), seed, hinted)
    review = review_hand(match, 0, hinted, SMALL)
    assert len(review.decisions) == len(reasons)
    for decision in review.decisions:
        assert decision.best == decision.chosen, decision.position.trick
        assert decision.loss == 0.0 and decision.grade is Grade.GOOD


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
        if reason not in (Hint.SEARCH, Hint.ONLY_CARD):
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
