"""The coach's review in English lines, as ``peppa-qt review`` prints it (the window has its
own, translated words)."""

from __future__ import annotations

from collections.abc import Iterator

from .ai.hints import sentence
from .ai.review import DecisionReview, Grade, HandReview
from .engine.cards import format_cards
from .engine.errors import seat_label

#: Grades as counted in a summary: singular, plural.
_COUNTED = {
    Grade.INACCURACY: ("inaccuracy", "inaccuracies"),
    Grade.MISTAKE: ("mistake", "mistakes"),
    Grade.BLUNDER: ("blunder", "blunders"),
}


def summary_line(review: HandReview) -> str:
    """'2 inaccuracies, 1 mistake: about 4 points lost', or 'no mistakes'."""
    parts = []
    for grade, (one, many) in _COUNTED.items():
        count = review.count(grade)
        if count:
            parts.append(f"{count} {one if count == 1 else many}")
    if not parts:
        return "no choice marked"
    lost = round(review.lost)
    about = f"about {lost} point{'' if lost == 1 else 's'} lost" if lost else "under a point lost"
    return f"{', '.join(parts)}: {about}"


def review_lines(review: HandReview) -> Iterator[str]:
    """The lines of one hand's review: a header with the summary, then a line or two per
    decision."""
    seats = review.decisions[0].position.view.rules.seats if review.decisions else 4
    where = seat_label(review.seat, seats)
    yield f"Hand {review.hand + 1}, {where}: {summary_line(review)}"
    for decision in review.decisions:
        yield from _decision_lines(decision)


def _decision_lines(d: DecisionReview) -> Iterator[str]:
    place = "pass" if d.position.kind == "pass" else f"trick {d.position.trick}"
    chosen = format_cards(d.cards(d.chosen))
    if d.forced:
        yield f"  {place:<9} {chosen:<10} no choice"
        return
    best = format_cards(d.cards(d.best))
    line = f"  {place:<9} {chosen:<10} best {best:<10} lost {d.loss:5.2f} ± {d.error:4.2f}"
    line += "  within the noise" if d.within_noise else f"  {d.grade.value}"
    if d.reason is not None:
        line += f": {sentence(d.reason)}"
    yield line
    top = max(mean for mean, _ in d.values.values())
    ranked = sorted(d.values.items(), key=lambda item: -item[1][0])
    yield "            loses against the best (lower is better): " + ", ".join(
        f"{format_cards(d.cards(choice))} {top - mean:.2f}±{error:.2f}"
        for choice, (mean, error) in ranked
    )
    if d.hindsight is not None:
        yield "            " + _hindsight_line(d)


def _hindsight_line(d: DecisionReview) -> str:
    """With every card known, worded so it never reads as the grade."""
    hindsight = d.hindsight
    assert hindsight is not None
    values = hindsight.values
    top = hindsight.best(d.chosen)
    mine = values.get(d.chosen)
    method = f"hindsight ({hindsight.method}, all cards known, not graded)"
    if mine is None or top == d.chosen:
        bet = "; from what was seen, the worse bet" if d.grade is not Grade.GOOD else ""
        return f"{method}: the choice worked out as the cards lay{bet}"
    gain = values[top] - mine
    return f"{method}: {format_cards(d.cards(top))} would have scored {gain:.2f} more"
