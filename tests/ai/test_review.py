"""The coach's review (ai/review.py): the expert's evaluation from the seat's view, graded by
the loss alone, reproducible, and hindsight kept out of the grade."""

from __future__ import annotations

import dataclasses
import random

import pytest

from peppa_qt.ai import make_player
from peppa_qt.ai.expert import CHUNK, evaluate_chunk, evaluate_passes
from peppa_qt.ai.review import (
    NOISE_ERRORS,
    DecisionReview,
    Grade,
    HandReview,
    Position,
    ReviewBudget,
    grade,
    pass_candidates,
    positions,
    review_hand,
    review_position,
)
from peppa_qt.ai.review_json import hand_from_dict, hand_to_dict
from peppa_qt.ai.review_values import pass_samples, play_samples
from peppa_qt.ai.search import Stakes
from peppa_qt.engine import Match, RuleSet
from peppa_qt.engine.cardset import listed
from peppa_qt.self_test import play_hand

#: Few deals: the tests check what the review does, not how precisely.
SMALL = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=4)


def played(rules: RuleSet, seed: int, hands: int = 1, level: str = "normal") -> Match:
    """A game of ``hands`` hands played by ``level`` at every seat."""
    match = Match(rules, seed, track_undo=False)
    players = [make_player(level, seed + s) for s in range(rules.seats)]
    for _ in range(hands):
        play_hand(match, players)
    return match


@pytest.fixture(scope="module")
def peppa_game() -> Match:
    return played(RuleSet.preset("peppa", {}), 5, hands=2)


def test_a_seat_is_reviewed_at_its_pass_and_each_of_its_plays(peppa_game: Match) -> None:
    found = positions(peppa_game, 0, 2)
    assert [p.kind for p in found] == ["pass"] + ["play"] * 13
    assert [p.trick for p in found] == list(range(14))
    hand = peppa_game.hands[0]
    assert found[0].chosen == tuple(listed(hand.passes[2] or 0))
    mine = [hand.plays[i] for i in range(52) if hand.seat_of_play(i) == 2]
    assert [p.chosen[0] for p in found[1:]] == mine
    for position in found[1:]:
        assert position.view.to_move == 2  # its turn, as it saw the table then
        assert position.view.legal >> position.chosen[0] & 1


def test_the_review_samples_the_deals_the_expert_does(peppa_game: Match) -> None:
    """The per-deal values add up to the expert's own sums: the coach's "best" is the
    expert's evaluation, not a look-alike."""
    play = positions(peppa_game, 0, 1)[3]
    stakes = Stakes.of(play.view)
    samples = play_samples(play.view, 99, CHUNK, stakes)
    for card, (total, weight) in evaluate_chunk(play.view, 99, CHUNK).items():
        assert sum(samples.weights) == pytest.approx(weight)
        mine = sum(w * v for w, v in zip(samples.weights, samples.values[card], strict=True))
        assert mine == pytest.approx(total)
    view = positions(peppa_game, 0, 1)[0].view
    candidates = pass_candidates(view, 4)
    passes = pass_samples(view, candidates, 7, CHUNK, Stakes.of(view))
    sums = evaluate_passes(view, candidates, 7, CHUNK)
    assert [sum(passes.values[c]) for c in candidates] == pytest.approx(sums)


def test_a_loss_within_the_noise_is_never_marked() -> None:
    assert grade(3.0, 3.0 / NOISE_ERRORS) is Grade.GOOD
    assert grade(3.0, 1.0) is Grade.MISTAKE
    assert grade(0.2, 0.0) is Grade.GOOD
    losses = [grade(x / 10, 0.0) for x in range(0, 200)]
    assert losses == sorted(losses, key=list(Grade).index)  # a bigger loss, a worse grade
    assert set(losses) == set(Grade)


def test_the_same_record_gets_the_same_review(peppa_game: Match) -> None:
    first = hand_to_dict(review_hand(peppa_game, 1, 3, SMALL))
    again = hand_to_dict(review_hand(peppa_game, 1, 3, SMALL))
    assert first == again
    assert first["hand"] == 2


def test_hindsight_never_enters_the_grade(peppa_game: Match) -> None:
    """The same view with the other hands dealt otherwise: the same values, loss and grade;
    only hindsight (the real deal's score) may differ."""
    position = next(p for p in positions(peppa_game, 0, 0)[1:] if p.view.legal.bit_count() > 2)
    other = _other_world(position)
    mine = review_position(position, SMALL)
    theirs = review_position(other, SMALL)
    assert (mine.values, mine.loss, mine.grade, mine.best) == (
        theirs.values,
        theirs.loss,
        theirs.grade,
        theirs.best,
    )
    assert mine.hindsight is not None and theirs.hindsight is not None
    assert mine.hindsight != theirs.hindsight


def _other_world(position: Position) -> Position:
    """The position with the unseen cards dealt again (the seat's view unchanged)."""
    from peppa_qt.ai.sampling import sample_hands
    from peppa_qt.engine import HandState

    view = position.view
    rng = random.Random(3)
    while True:
        hands = sample_hands(view, rng)
        if hands != position.world.hands:
            return dataclasses.replace(position, world=HandState.from_view(view, hands))


def test_a_forced_card_is_good_and_searched_not(peppa_game: Match) -> None:
    reviewed = review_hand(peppa_game, 0, 0, SMALL)
    forced = [d for d in reviewed.decisions if d.position.view.legal.bit_count() == 1]
    assert forced, "the hand has no forced card: choose another seed"
    for decision in forced:
        assert decision.forced and decision.grade is Grade.GOOD and decision.loss == 0
        assert decision.reason == "only_card" and decision.hindsight is None


def test_the_best_card_is_the_highest_valued_and_the_loss_its_distance(
    peppa_game: Match,
) -> None:
    reviewed = review_hand(peppa_game, 0, 1, SMALL)
    for decision in reviewed.decisions:
        if decision.forced:
            continue
        means = {choice: mean for choice, (mean, _) in decision.values.items()}
        assert means[decision.best] == max(means.values())
        gap = means[decision.best] - means[decision.chosen]
        assert decision.loss == pytest.approx(gap)
        assert decision.error >= 0


def test_the_hand_s_loss_counts_the_marked_decisions(peppa_game: Match) -> None:
    position = positions(peppa_game, 0, 0)[1]
    decisions = tuple(
        DecisionReview(position, 0, 1, {0: (0.0, 0.0), 1: (loss, 0.0)}, loss, 0.0, mark, None)
        for loss, mark in ((0.4, Grade.GOOD), (1.0, Grade.INACCURACY), (5.0, Grade.BLUNDER))
    )
    review = HandReview(0, 0, decisions)
    assert review.lost == pytest.approx(6.0)  # the unmarked 0.4 is within the noise
    assert review.count(Grade.INACCURACY) == 1


def test_a_review_read_back_from_its_json_is_the_same(peppa_game: Match) -> None:
    review = review_hand(peppa_game, 0, 2, SMALL)
    document = hand_to_dict(review)
    again = hand_from_dict(peppa_game, 2, document)
    assert hand_to_dict(again) == document
    assert [d.grade for d in again.decisions] == [d.grade for d in review.decisions]


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.update(hand=9),
        lambda d: d["decisions"].pop(),
        lambda d: d["decisions"][1].update(chosen=_another(d["decisions"][1]["chosen"])),
        lambda d: d["decisions"][0].update(grade="superb"),
        lambda d: d["decisions"][2].update(values={"QS": "high"}),
        lambda d: d["decisions"][2].update(loss=float("nan")),
    ],
)
def test_a_review_that_does_not_fit_the_game_is_refused(peppa_game: Match, spoil: object) -> None:
    document = hand_to_dict(review_hand(peppa_game, 0, 2, SMALL))
    spoil(document)  # type: ignore[operator]
    with pytest.raises(ValueError):
        hand_from_dict(peppa_game, 2, document)


def _another(cards: list[str]) -> list[str]:
    return ["2C"] if cards != ["2C"] else ["3C"]


@pytest.mark.parametrize("seats", [6, 8])
def test_belmont_hands_are_reviewed(seats: int) -> None:
    match = played(RuleSet.preset("belmont", {}, seats=seats), 3)
    review = review_hand(match, 0, 1, ReviewBudget(worlds=12, pass_worlds=12, pass_candidates=3))
    kinds = [d.position.kind for d in review.decisions]
    assert kinds == ["pass"] + ["play"] * match.rules.hand_size
    for decision in review.decisions:
        if not decision.forced:
            assert decision.chosen in decision.values and decision.best in decision.values
