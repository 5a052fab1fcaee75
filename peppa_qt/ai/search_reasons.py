"""Why the coach's better choice is better, read from its own search.

The search (``review_values.py``) plays every choice out in the same deals and keeps, beside
each value, what the deal came to for the seat (``Facts``): the trick of the decision won or
not and its points, the points of the later tricks, the Q♠, the moon. Of two choices, the
better and the other (the player's in a review, the next best in a hint), the fact whose
difference explains most of the difference in value is the reason, said with its figures
(``hints.Why``): "After 7♦ you took the Q♠ in about 3 deals in 10; after K♦ in about 1".
A fact is said only where the position cannot contradict it, and only where its figures,
rounded as a beginner reads them, differ; where none explains the difference, none is said.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ..engine.cards import QUEEN_OF_SPADES
from ..engine.cardset import listed
from ..engine.hand import Phase
from ..engine.view import PlayerView
from .hints import Hint, Reason, Why, often_words, points_about
from .reasons import fact_holds
from .review_values import Samples
from .search import best_card

#: A fact is the reason only when it explains at least this share of the value's difference.
EXPLAINS: Final = 0.5


@dataclass(frozen=True)
class Tally:
    """One choice's facts over the deals, weighted as the values are: shares of the deals
    (``won``, ``queen``, ``moon_mine``, ``moon_other``) and mean points (``now``, ``later``)."""

    won: float
    now: float
    later: float
    queen: float
    moon_mine: float
    moon_other: float


def tally(samples: Samples, choice: int) -> Tally | None:
    """``choice``'s facts over the deals (None where the search kept none)."""
    facts = samples.facts.get(choice)
    total = sum(samples.weights)
    if not facts or total <= 0:
        return None
    sums = [0.0] * 6
    for weight, (won, now, later, queen, moon) in zip(samples.weights, facts, strict=True):
        for index, value in enumerate((won, now, later, queen, moon == 1, moon == 2)):  # noqa: PLR2004
            sums[index] += weight * value
    return Tally(*(s / total for s in sums))


def search_why(view: PlayerView, samples: Samples, better: int, other: int) -> Why | None:
    """The fact that explains why ``better`` is worth more than ``other`` in the search's
    deals (choices as the samples key them: a card, or a pass's card set), or None."""
    mine, theirs = tally(samples, better), tally(samples, other)
    gap = samples.mean(better) - samples.mean(other)
    if mine is None or theirs is None or gap <= 0:
        return None
    seats = view.rules.seats
    owed = EXPLAINS * gap * (seats - 1) / seats  # the value's gap in the seat's own points
    cards = _cards(view, better), _cards(view, other)
    for why in _candidates(view, mine, theirs, cards):
        if why.points >= owed and fact_holds(view, why):
            return why
    return None


def reason_of(
    view: PlayerView, samples: Samples, best: tuple[int, int], other: int | None, rule: Hint
) -> Reason:
    """Why ``best`` (the choice searched, and the one named: of equal worth) is better than
    ``other``: the search's fact that explains most of their difference (where it is more
    than half a point and clear of the noise); else ``rule`` where it is a rule of thumb true
    of it; else, where the two are within half a point or the noise, that they are; else the
    general reason."""
    from .review import GOOD_UP_TO, NOISE_ERRORS  # (review.py imports this module)

    if other is None:
        return rule
    searched, named = best
    gap, error = samples.difference(searched, other)
    close, noisy = gap <= GOOD_UP_TO, gap <= NOISE_ERRORS * error
    found = None if close or noisy else search_why(view, samples, searched, other)
    if found is not None:
        return replace(found, better=_cards(view, named))
    if rule is not Hint.SEARCH:
        return rule
    if close or noisy:
        code = Hint.FACT_CLOSE if close else Hint.FACT_NOISE
        return Why(code, _cards(view, named), _cards(view, other))
    return Hint.SEARCH


def runner_up(samples: Samples, classes: dict[int, int], best: int) -> int | None:
    """The card worth most after the best's class (None: there is none)."""
    others = {c: samples.mean(c) for c in samples.values if classes.get(c) != classes.get(best)}
    return best_card(others) if others else None


def _candidates(
    view: PlayerView, mine: Tally, theirs: Tally, cards: tuple[tuple[int, ...], tuple[int, ...]]
) -> list[Why]:
    """Every fact in which ``better`` does better, as a reason (``points``: what it is worth
    to the seat), the likeliest to explain the difference first."""
    better, other = cards
    moon = view.rules.moon_value
    queen = view.rules.card_points[QUEEN_OF_SPADES]
    found: list[Why] = []

    def add(code: Hint, ours: float, others: float, points: float) -> None:
        if points > 0:
            found.append(Why(code, better, other, round(ours, 3), round(others, 3), points))

    if _differ(mine.moon_other, theirs.moon_other):
        add(Hint.FACT_STOP_MOON, mine.moon_other, theirs.moon_other,
            (theirs.moon_other - mine.moon_other) * moon)  # fmt: skip
    if _differ(mine.moon_mine, theirs.moon_mine):
        add(Hint.FACT_SHOOT_MOON, mine.moon_mine, theirs.moon_mine,
            (mine.moon_mine - theirs.moon_mine) * moon)  # fmt: skip
    if queen > 0 and _differ(mine.queen, theirs.queen):
        add(Hint.FACT_QUEEN, mine.queen, theirs.queen, (theirs.queen - mine.queen) * queen)
    now, later = theirs.now - mine.now, theirs.later - mine.later
    if view.phase is not Phase.PASSING and points_about(now) >= 1:
        duck = mine.won < _NEVER and theirs.won >= _NEVER
        add(Hint.FACT_DUCK if duck else Hint.FACT_TRICK, mine.won, theirs.won, now)
    if points_about(later) >= 1:
        add(Hint.FACT_LATER, mine.later, theirs.later, later)
    found.sort(key=lambda why: -why.points)
    return _queen_first(found)


def _queen_first(found: list[Why]) -> list[Why]:
    """The Q♠'s share named before the points it is part of, where it is half of them: "you
    took the Q♠ in 3 deals in 10" says more than the points it costs."""
    queen = next((why for why in found if why.code is Hint.FACT_QUEEN), None)
    if queen is None or not found or 2 * queen.points < found[0].points:
        return found
    return [queen, *(why for why in found if why is not queen)]


#: Under this share of the deals a trick is won "in under 1 deal in 20".
_NEVER: Final = 0.05


def _differ(mine: float, theirs: float) -> bool:
    """Whether two shares read differently once rounded ("about 3 in 10" against "1"), and
    are a deal in ten apart (not 4 and 6 in a hundred: "under 1 deal in 20", "about 1 in 10")."""
    return often_words(mine) != often_words(theirs) and abs(mine - theirs) >= _TENTH


#: The least difference in a share said: one deal in ten.
_TENTH: Final = 0.1


def _cards(view: PlayerView, choice: int) -> tuple[int, ...]:
    """A choice's cards (a pass's set, or a card)."""
    if view.phase is Phase.PASSING:
        return tuple(int(c) for c in listed(choice))
    return (choice,)
