"""`peppa-qt review`'s lines: what each choice loses against the best (lower is better), and
hindsight never worded as the grade (issue 38)."""

from __future__ import annotations

from dataclasses import replace

from peppa_qt.ai.review import Grade, HandReview, Hindsight, ReviewBudget, review_hand
from peppa_qt.engine import Match, Phase, RuleSet
from peppa_qt.engine.cardset import listed
from peppa_qt.review_text import review_lines

SMALL = ReviewBudget(worlds=12, pass_worlds=12, pass_candidates=3)


def lowest_cards_review() -> HandReview:
    """South's review of a hand of Hearts played by the lowest legal cards."""
    match = Match(RuleSet.preset("hearts", {}), 9, track_undo=False)
    hand = match.start_hand()
    for seat in range(4):
        match.pass_cards(seat, listed(hand.hands[seat])[:3])
    while hand.phase is not Phase.SCORED:
        legal = hand.legal_mask()
        match.play((legal & -legal).bit_length() - 1)
    return review_hand(match, 0, 0, SMALL)


def test_losses_are_shown_lower_is_better_and_a_lucky_mistake_is_not_the_best() -> None:
    hand = lowest_cards_review()
    decision = next(d for d in hand.decisions if d.position.kind == "play" and len(d.values) > 1)
    other = next(c for c in decision.values if c != decision.chosen)
    lucky = replace(
        decision,
        best=other,
        grade=Grade.MISTAKE,
        loss=2.5,
        hindsight=Hindsight("playout", {decision.chosen: 1.0, other: 1.0}),
    )
    lines = list(review_lines(HandReview(0, 0, (lucky,))))
    [losses] = [line for line in lines if "lower is better" in line]
    first = losses.split(": ", 1)[1].split(", ")[0]
    assert first.split()[-1].startswith("0.00±")  # the best loses nothing
    [hindsight] = [line for line in lines if "hindsight" in line]
    assert "worked out" in hindsight and "the worse bet" in hindsight
    assert "best" not in hindsight.replace("the worse bet", "")


def test_a_loss_within_the_noise_is_said_so() -> None:
    hand = lowest_cards_review()
    decision = next(d for d in hand.decisions if d.position.kind == "play" and len(d.values) > 1)
    other = next(c for c in decision.values if c != decision.chosen)
    close = replace(decision, best=other, grade=Grade.GOOD, loss=2.0, error=1.5, reason=None)
    assert close.within_noise
    line = list(review_lines(HandReview(0, 0, (close,))))[1]
    assert line.endswith("within the noise") and "good" not in line
    assert not replace(close, loss=0.3, error=0.1).within_noise  # clear of it: good
    assert not replace(close, loss=2.0, error=0.5, grade=Grade.MISTAKE).within_noise
