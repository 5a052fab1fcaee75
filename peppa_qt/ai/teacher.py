"""The hint: the coach before the move, so that a hint followed is a choice the coach calls best.

The coach (review.py) grades each decision of a finished hand by searching it again from the
seat's view, over deals drawn from seeds fixed by the hand, the seat and the moment. The hint
runs that very search (``review.play_search`` / ``review.pass_search``) from the same view with
the same budget before the player chooses: the same deals, the same values, the same best. The
reason given is the coach's own: what the search's deals came to after the best and after the
next best (``search_reasons.py``: "playing 2♦ you took the Q♠ in under 1 deal in 20; playing
A♠, in about 7 deals in 10"), else the normal level's rule of thumb where it names a card worth
the best's and is true of it (``reasons.py``), else that the two are about the same, else "it
tried the rest of the hand out".
"""

from __future__ import annotations

from ..engine.cards import CARDS, Card
from ..engine.cardset import listed
from ..engine.hand import Phase
from ..engine.view import PlayerView
from . import review
from .advice import suggest
from .hints import Hint, Reason
from .review import (
    Mapper,
    ReviewBudget,
    best_pass,
    best_play,
    pass_candidates,
    pass_reason,
    pass_search,
    play_reason,
    play_search,
)


def coach_hint(
    view: PlayerView, budget: ReviewBudget | None = None, mapper: Mapper | None = None
) -> tuple[tuple[Card, ...], Reason]:
    """The coach's best choice for the view's seat (a pass or a card) and its reason code.
    ``mapper``: how the search's chunks are worked out (a pool's, to spread them over
    processes); the answer is the same."""
    if view.to_move is not None and view.to_move != view.seat:
        raise ValueError("it is not this seat's turn")
    budget = budget or review.DEFAULT_BUDGET  # the review's, read when asked
    if view.phase is Phase.PASSING:
        return _pass_hint(view, budget, mapper)
    return _play_hint(view, budget, mapper)


def _play_hint(
    view: PlayerView, budget: ReviewBudget, mapper: Mapper | None
) -> tuple[tuple[Card, ...], Reason]:
    classes, samples = play_search(view, budget, mapper)
    if samples is None:  # every card worth alike: the rule of thumb's card is as good
        cards, alike = suggest(view)
        return cards, Hint.ONLY_CARD if len(classes) == 1 else alike
    card, said = play_reason(view, classes, best_play(samples), samples=samples)
    return (CARDS[card],), said


def _pass_hint(
    view: PlayerView, budget: ReviewBudget, mapper: Mapper | None
) -> tuple[tuple[Card, ...], Reason]:
    candidates = pass_candidates(view, budget.pass_candidates)
    samples = pass_search(view, candidates, budget, mapper)
    best = best_pass(candidates, samples)
    return tuple(CARDS[c] for c in listed(best)), pass_reason(view, best, samples=samples)
