"""The coach: one seat's decisions in a finished hand, each graded by what it cost.

For every decision of the seat (the pass, then each play) the expert's evaluation is run
again from the seat's view at that moment (``engine/view.py``: its cards, the pass, the
tricks so far, never another hand), over a fixed number of deals from fixed seeds: the same
record always gets the same review, whatever the machine's speed. Each choice gets its
expected value with a standard error; the chosen one's **loss** is how much less it is
worth than the best, and its grade comes from the loss alone (``grade``). What the same
choice would have scored with every card known (**hindsight**) is worked out beside it
and never enters the grade: in a hidden-card game a choice is judged by what could be known.

Values are relative points (``search.utility``: the others' mean minus one's own) of the
hand, as the expert plays for; the game's prize for ending it (``search.Stakes``) is left
out, so that a loss is a number of points in every hand (decisions.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Final

from ..engine.cards import CARDS, Card, cards_of
from ..engine.cardset import listed, set_of
from ..engine.hand import HandState, Phase
from ..engine.match import Match
from ..engine.rules import PassDirection
from ..engine.view import PlayerView, hand_view
from .advice import suggest
from .endgame import exact_tricks, solve
from .expert import CHUNK, playouts
from .hints import Hint, Reason
from .passing import moon_pass, rank_passes
from .reasons import pass_reason_of, true_reason
from .review_values import Samples, pass_samples, play_samples, played_out
from .search import Stakes, best_card, equivalent_cards, table_deals
from .search_reasons import reason_of, runner_up
from .table import policy_rules


class Grade(StrEnum):
    """How much a choice cost, in four steps (the JSON's words)."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


#: The most points a choice may lose and still be each grade (above the last: a blunder).
#: Chosen from measured distributions (benchmarks/README.md, docs/decisions.md).
GOOD_UP_TO: Final = 0.5
INACCURACY_UP_TO: Final = 1.5
MISTAKE_UP_TO: Final = 4.0
#: A loss is marked only when it is this many standard errors clear of nothing.
NOISE_ERRORS: Final = 2.0

#: Near the end every deal is solved exactly, which costs as much as some forty playouts
#: (three tricks from the end at four seats, each of three choices: 17 s a decision at the
#: full count): a quarter of the deals are drawn there, and the standard error says so.
ENDGAME_SHARE: Final = 4


def grade(loss: float, error: float) -> Grade:
    """The grade of a choice that loses ``loss`` points with standard error ``error``."""
    if loss <= GOOD_UP_TO or loss <= NOISE_ERRORS * error:
        return Grade.GOOD
    if loss <= INACCURACY_UP_TO:
        return Grade.INACCURACY
    if loss <= MISTAKE_UP_TO:
        return Grade.MISTAKE
    return Grade.BLUNDER


@dataclass(frozen=True)
class ReviewBudget:
    """How much the coach searches a decision: deals per play and per pass (for four seats;
    fewer at six and eight, as the search levels), and the passes it compares."""

    worlds: int = 480
    pass_worlds: int = 480
    pass_candidates: int = 8


#: The budget of every review (a test may lower it).
DEFAULT_BUDGET = ReviewBudget()


@dataclass(frozen=True)
class Position:
    """One decision of a seat: what the seat saw, what it chose, and the hand as it really
    was at that moment (for hindsight only)."""

    view: PlayerView
    #: The cards chosen: three (or the rules' pass size) for a pass, one for a play.
    chosen: tuple[Card, ...]
    #: The real hand at that moment; for a pass, the whole deal and every seat's pass.
    world: HandState

    @property
    def kind(self) -> str:
        """``"pass"`` or ``"play"``."""
        return "pass" if self.view.phase is Phase.PASSING else "play"

    @property
    def trick(self) -> int:
        """The trick of the decision, from 1 (0 for the pass)."""
        if self.kind == "pass":
            return 0
        return len(self.view.plays) // self.view.rules.seats + 1


@dataclass(frozen=True)
class Hindsight:
    """What each choice would have scored with every card known: ``"exact"`` (every seat
    playing perfectly from there, where the tricks left allow the solver) or ``"playout"``
    (the real deal played on by the normal level's policy)."""

    method: str
    values: dict[int, float]

    def best(self, chosen: int) -> int:
        """The choice that scored most (``chosen`` when it did as well as any)."""
        values = self.values
        top = max(values, key=lambda choice: (values[choice], -choice))
        return chosen if values.get(chosen) == values[top] else top

    def loss(self, chosen: int) -> float:
        """How much less than the best ``chosen`` scored."""
        values = self.values
        return values[self.best(chosen)] - values.get(chosen, values[self.best(chosen)])


@dataclass(frozen=True)
class DecisionReview:
    """One graded decision. A choice is a card for a play and a card set for a pass."""

    position: Position
    chosen: int
    best: int
    #: Per choice, its expected value and that value's standard error (empty when forced).
    values: dict[int, tuple[float, float]]
    loss: float
    #: The standard error of the loss (paired over the deals: the noise the grade allows).
    error: float
    grade: Grade
    #: Why the best is better: a code, or one read from the search with its figures.
    reason: Reason | None
    hindsight: Hindsight | None = None

    @property
    def within_noise(self) -> bool:
        """Whether the choice is unmarked only because its loss is within the search's noise
        (more than a good choice may lose, but under two standard errors): the coach cannot
        tell it from the best, and says so rather than call it good."""
        return (
            self.grade is Grade.GOOD
            and self.chosen != self.best
            and GOOD_UP_TO < self.loss <= NOISE_ERRORS * self.error
        )

    @property
    def forced(self) -> bool:
        """Whether there was nothing to choose (one legal card, or cards all worth alike)."""
        return not self.values

    def cards(self, choice: int) -> tuple[Card, ...]:
        """The cards of a choice, in the order the JSON writes them."""
        if self.position.kind == "pass":
            return tuple(CARDS[c] for c in listed(choice))
        return (CARDS[choice],)


@dataclass(frozen=True)
class HandReview:
    """The review of one seat in one hand."""

    hand: int
    seat: int
    decisions: tuple[DecisionReview, ...] = field(default_factory=tuple)

    @property
    def lost(self) -> float:
        """The points lost by the marked decisions (unmarked losses are within the noise)."""
        return sum(d.loss for d in self.decisions if d.grade is not Grade.GOOD)

    def count(self, which: Grade) -> int:
        """How many decisions got grade ``which``."""
        return sum(1 for d in self.decisions if d.grade is which)


def positions(match: Match, hand_index: int, seat: int) -> list[Position]:
    """Every decision ``seat`` took in hand ``hand_index`` of ``match`` (a scored hand)."""
    done = match.hands[hand_index]
    if done.phase is not Phase.SCORED:
        raise ValueError("only a finished hand can be reviewed")
    return positions_so_far(done, hand_index, history_of(match, hand_index), seat)


def history_of(match: Match, hand_index: int) -> tuple[tuple[int, ...], ...]:
    """The points of every hand before ``hand_index`` (what the seat's view knows)."""
    return tuple(r.points for r in match.results()[:hand_index])


def positions_so_far(
    done: HandState, hand_index: int, history: tuple[tuple[int, ...], ...], seat: int
) -> list[Position]:
    """The decisions ``seat`` has taken in ``done`` so far (a hand still in play too: a
    decision is final once taken, so its review can start while the hand goes on). The pass
    is one once every seat has passed."""
    rules = done.rules
    totals = rules.totals_of(history)
    hand = HandState(rules, done.dealer, done.deal, done.pass_direction, track_undo=False)
    found: list[Position] = []
    if done.pass_direction is not PassDirection.HOLD:
        if any(given is None for given in done.passes):
            return found
        view = hand_view(hand, seat, hand_index, history, totals)
        mine = done.passes[seat]
        assert mine is not None
        real = hand.copy()
        real.passes = list(done.passes)
        found.append(Position(view, tuple(CARDS[c] for c in listed(mine)), real))
        for giver in range(rules.seats):
            given = done.passes[giver]
            assert given is not None
            hand.pass_cards(giver, listed(given))
    for card in done.plays:
        if hand.to_move == seat:
            view = hand_view(hand, seat, hand_index, history, totals)
            found.append(Position(view, (CARDS[card],), hand.copy()))
        hand.play_unchecked(card)
    return found


def decision_key(position: Position) -> tuple[object, ...]:
    """What a decision's review depends on: the seat's view, its choice, and the real deal
    and passes (for hindsight). Equal keys, equal reviews: the review is reproducible."""
    world = position.world
    return (position.view, position.chosen, tuple(world.deal), tuple(world.passes))


def review_hand(
    match: Match,
    hand_index: int,
    seat: int,
    budget: ReviewBudget | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> HandReview:
    """The review of ``seat``'s decisions in hand ``hand_index`` (``progress(done, total)``
    is told after each decision)."""
    budget = budget or DEFAULT_BUDGET
    found = positions(match, hand_index, seat)
    decisions = []
    for index, position in enumerate(found):
        decisions.append(review_position(position, budget))
        if progress is not None:
            progress(index + 1, len(found))
    return HandReview(hand_index, seat, tuple(decisions))


def review_position(
    position: Position, budget: ReviewBudget, hindsight: bool = True
) -> DecisionReview:
    """The graded review of one decision (without ``hindsight``: never compared with every
    card known; the position's world may then hold stand-ins for the unseen cards)."""
    if position.kind == "pass":
        return _review_pass(position, budget, hindsight)
    return _review_play(position, budget, hindsight)


def _seeds(view: PlayerView, kind: str, count: int) -> list[int]:
    """The deals' seeds of one decision: fixed by the hand, the seat and the moment alone
    (not by the game's seed, which would tell the other hands)."""
    rng = random.Random(f"peppa-review:{view.hand_index}:{view.seat}:{kind}:{len(view.plays)}")
    return [rng.getrandbits(64) for _ in range(count)]


def _chunks(view: PlayerView, worlds: int) -> int:
    return max(1, table_deals(view.rules, worlds) // CHUNK)


def _review_play(position: Position, budget: ReviewBudget, with_hindsight: bool) -> DecisionReview:
    view, chosen = position.view, int(position.chosen[0])
    classes, samples = play_search(view, budget)
    if samples is None:
        only: Reason | None = Hint.ONLY_CARD if len(classes) == 1 else None
        return DecisionReview(position, chosen, chosen, {}, 0.0, 0.0, Grade.GOOD, only)
    values = {int(card): (samples.mean(card), samples.error(card)) for card in samples.values}
    best = best_play(samples)
    if classes[best] == classes[chosen]:  # a card worth exactly the best is the best
        best = chosen
    loss, error = samples.difference(best, chosen) if best != chosen else (0.0, 0.0)
    mark = grade(loss, error)
    reason = None
    if mark is not Grade.GOOD:  # name the card the reason is about, among those worth the best's
        best, reason = play_reason(view, classes, best, chosen, samples)
    hindsight = _play_hindsight(position, Stakes(view.rules)) if with_hindsight else None
    return DecisionReview(position, chosen, best, values, loss, error, mark, reason, hindsight)


#: How a search's chunks of deals are worked out: ``map`` by default (here, in order); a
#: pool's map spreads them over processes (the hint, controller/hinter.py). Each chunk is
#: searched from its own seed, and the values are joined in the seeds' order: the same result
#: whoever works the chunks out.
Mapper = Callable[[Callable[[int], Samples], Sequence[int]], Iterable[Samples]]


def play_search(
    view: PlayerView, budget: ReviewBudget, mapper: Mapper | None = None
) -> tuple[dict[int, int], Samples | None]:
    """The legal cards' classes of equal worth, and every legal card's value over the
    decision's fixed deals (None when the cards are all worth alike: nothing to search).

    The review of a play and the hint before it (``ai/teacher.py``) both search here, so the
    card a hint names is the card the review calls best.
    """
    legal = cards_of(view.legal)
    classes = equivalent_cards(view, legal)
    if len(set(classes.values())) == 1:
        return classes, None
    worlds = budget.worlds // ENDGAME_SHARE if _in_endgame(view) else budget.worlds
    seeds = _seeds(view, "play", _chunks(view, worlds))
    chunk = partial(play_chunk, view)
    samples = Samples.joined(list((mapper or map)(chunk, seeds)))
    return classes, samples


def play_chunk(view: PlayerView, seed: int) -> Samples:
    """One chunk of a play's search: ``CHUNK`` deals from ``seed`` (a pool's task: what it
    is sent must pickle, and the compiled ``Stakes`` does not, so each chunk makes its own)."""
    return play_samples(view, seed, CHUNK, Stakes(view.rules))


def pass_chunk(view: PlayerView, candidates: Sequence[int], seed: int) -> Samples:
    """One chunk of a pass's search (a pool's task)."""
    return pass_samples(view, candidates, seed, CHUNK, Stakes(view.rules))


def best_play(samples: Samples) -> int:
    """The card the search found best (ties to the search's own order)."""
    return best_card({int(card): samples.mean(card) for card in samples.values})


def play_reason(
    view: PlayerView,
    classes: dict[int, int],
    best: int,
    chosen: int | None = None,
    samples: Samples | None = None,
) -> tuple[int, Reason]:
    """The card to name among those worth the best's, and why (``reason_of``): the normal
    level's card where it is worth the best's, its rule of thumb where true of it (and, in a
    review, not of the ``chosen`` card too). The search's facts compare the best with the
    ``chosen`` card, or in a hint with the next best."""
    cards, hint = suggest(view)
    card = int(cards[0])
    if classes.get(card) == classes[best]:
        named, rule = card, true_reason(hint, view, card, chosen)
    else:
        named, rule = best, Hint.SEARCH
    if samples is None:
        return named, rule
    other = chosen if chosen is not None else runner_up(samples, classes, best)
    return named, reason_of(view, samples, (best, named), other, rule)


def _in_endgame(view: PlayerView) -> bool:
    """Whether the tricks left are few enough for the exact solver."""
    rules = view.rules
    left = rules.seats * rules.hand_size - len(view.plays)
    return left <= rules.seats * exact_tricks(rules.seats)


def _play_hindsight(position: Position, stakes: Stakes) -> Hindsight:
    """Each legal card's score in the real deal: exact where the solver reaches."""
    world, view = position.world, position.view
    legal = cards_of(view.legal)
    if _in_endgame(view):
        return Hindsight("exact", dict(solve(world.copy(), stakes)))
    return Hindsight("playout", playouts(world.copy(), legal, view.seat, stakes))


def _review_pass(position: Position, budget: ReviewBudget, with_hindsight: bool) -> DecisionReview:
    view = position.view
    chosen = set_of(position.chosen)
    candidates = pass_candidates(view, budget.pass_candidates)
    if chosen not in candidates:
        candidates.append(chosen)
    samples = pass_search(view, candidates, budget)
    values = {mask: (samples.mean(mask), samples.error(mask)) for mask in candidates}
    best = best_pass(candidates, samples)
    loss, error = samples.difference(best, chosen) if best != chosen else (0.0, 0.0)
    mark = grade(loss, error)
    reason = pass_reason(view, best, chosen, samples) if mark is not Grade.GOOD else None
    hindsight = (
        _pass_hindsight(position, candidates, Stakes(view.rules)) if with_hindsight else None
    )
    return DecisionReview(position, chosen, best, values, loss, error, mark, reason, hindsight)


def pass_search(
    view: PlayerView,
    candidates: Sequence[int],
    budget: ReviewBudget,
    mapper: Mapper | None = None,
) -> Samples:
    """Each candidate pass's value over the decision's fixed deals (as ``play_search``)."""
    seeds = _seeds(view, "pass", _chunks(view, budget.pass_worlds))
    chunk = partial(pass_chunk, view, list(candidates))
    return Samples.joined(list((mapper or map)(chunk, seeds)))


def best_pass(candidates: Sequence[int], samples: Samples) -> int:
    """The candidate pass worth most (ties to the first)."""
    return max(candidates, key=lambda mask: (samples.mean(mask), -candidates.index(mask)))


def pass_candidates(view: PlayerView, count: int) -> list[int]:
    """The passes the expert compares (the normal level's best few, and the moon pass)."""
    pr = policy_rules(view.rules)
    offset = view.rules.pass_offset(view.pass_direction)
    salt = _seeds(view, "candidates", 1)[0] & 0xFFFFFFFF
    candidates = [mask for _, mask in rank_passes(pr, view.hand, offset, salt)][:count]
    moon = moon_pass(pr, view.hand)
    if moon and moon not in candidates:
        candidates.append(moon)
    return candidates


def pass_reason(
    view: PlayerView, best: int, chosen: int | None = None, samples: Samples | None = None
) -> Reason:
    """Why the pass ``best`` is passed (and, in a review, why rather than ``chosen``; in a
    hint, rather than the next best pass, where the ``samples`` of the search are given)."""
    rule = pass_reason_of(view, best, chosen)
    if samples is None:
        return rule
    other = chosen
    if other is None:
        rest = [mask for mask in samples.values if mask != best]
        other = max(rest, key=samples.mean) if rest else None
    return reason_of(view, samples, (best, best), other, rule)


def _pass_hindsight(position: Position, candidates: Sequence[int], stakes: Stakes) -> Hindsight:
    """Each candidate pass played out in the real deal, the others passing as they did."""
    world, view = position.world, position.view
    values = {}
    for mask in candidates:
        passes = [p or 0 for p in world.passes]
        passes[view.seat] = mask
        values[mask] = played_out(view, world.deal, passes, stakes)
    return Hindsight("playout", values)


def review_hands(
    match: Match,
    seat: int,
    hands: Sequence[int] | None = None,
    budget: ReviewBudget | None = None,
) -> Iterator[HandReview]:
    """The reviews of ``seat`` in the finished ``hands`` of ``match`` (all of them if None)."""
    finished = [i for i, h in enumerate(match.hands) if h.phase is Phase.SCORED]
    for index in finished if hands is None else hands:
        yield review_hand(match, index, seat, budget)
