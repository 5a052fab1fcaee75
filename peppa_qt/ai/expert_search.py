"""The expert's search of one worker task: deals weighted by inference, then played out.

Compiled by mypyc with the other hot modules (peppa_qt/native.py); the player itself
(expert.py: its pool, budget and time cap) stays a plain Python class, whose settings a
test, the self-test or a benchmark may change on the class.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

from ..engine.cards import cards_of
from ..engine.cardset import add, listed, minus, plus, set_of
from ..engine.hand import HandState
from ..engine.rules import PassDirection, RuleSet
from ..engine.view import PlayerView
from .endgame import solvable, solve
from .normal import world_policy
from .passing import choose_pass
from .sampling import barred_cards, known_cards, sample_hands, shuffle
from .search import Policy, Stakes, equivalent_cards, playout
from .table import policy_rules

#: The opponent model of the inference: a player plays the normal policy's card with chance
#: LEAD (FOLLOW, DISCARD) more than a uniform pick among its k legal cards would give it.
#: Fitted to the search levels' own play (40 hands of four hard players per rule set): they
#: play the normal policy's card in 36–42% of their leads (chance alone: 18–21%), 43–45% of
#: their follows (35%) and 24–30% of their discards (27%, so a discard tells next to nothing).
#: The model they replace (the normal policy's card with chance 0.65 at every play) made
#: hard's search worse in Peppa: +2.2 relative points a deal (scripts/ai_parts.py, 165 deals).
LEAD, FOLLOW, DISCARD = 0.25, 0.13, 0.02
#: Likelihoods are raised to this power: the plays of one hand are not independent evidence.
TEMPER = 0.25
#: Deals per worker task: small enough that cancelling stops the search within ~0.1 s.
CHUNK = 12


class Evidence:
    """What ``likelihood`` reads of a view, worked out once for all the deals of a search:
    the hand at its first card, and the seat that played each card.
    """

    __slots__ = ("seats", "start")

    def __init__(self, view: PlayerView) -> None:
        # The hand at its first card, led by the seat that led it (not worked out again from
        # the holdings: a deal drawn without every constraint could have another seat lead,
        # and the plays would then be replayed by the wrong seats).
        self.start = replace(
            view,
            plays=(),
            trick_winners=(),
            taken=(0,) * view.rules.seats,
            hearts_broken=False,
            to_move=view.first_lead,
        )
        #: The seat of each play of the hand so far.
        self.seats = [view.seat_of_play(i) for i in range(len(view.plays))]


def likelihood(view: PlayerView, hands: list[int], evidence: Evidence | None = None) -> float:
    """How likely the other seats' plays of this hand were, if they held ``hands`` (tempered).

    Each play's chance is taken relative to a uniform pick among the legal cards, so only
    the normal policy's prediction tells deals apart, not how many cards a seat could play.
    ``evidence`` is ``Evidence(view)``, for a caller that weighs many deals of one view.
    """
    if evidence is None:
        evidence = Evidence(view)
    seats = evidence.seats
    holdings = list(hands)
    for index, card in enumerate(view.plays):
        holdings[seats[index]] = add(holdings[seats[index]], card)
    world = HandState.from_view(evidence.start, holdings)
    log_weight = 0.0
    me = view.seat
    for index, card in enumerate(view.plays):
        if seats[index] != me:
            choices = world.legal_mask().bit_count()
            if choices > 1:
                trick = world.trick
                if not trick:
                    lean = LEAD
                elif card // 13 == trick[0] // 13:
                    lean = FOLLOW
                else:
                    lean = DISCARD
                chance = 1 - lean + (lean * choices if world_policy(world) == card else 0)
                log_weight += math.log(chance)  # times k: the uniform part counts alike
        world.play_unchecked(card)
    return math.exp(TEMPER * log_weight)


class DealValues:
    """The weight and card values of each deal searched for one view, in this process.

    Late in a hand few cards are unseen, and the deals drawn repeat: at the eleventh of
    thirteen cards, 720 deals were 9 to 195 different ones in eight Hearts positions
    (benchmarks/players.py --by-card 8), each solved exactly (endgame.py) as often as it was
    drawn. A deal's values depend on the view and the deal alone, so a deal drawn again, by
    this task or an earlier one of the same decision, is summed again but not searched
    again: the same numbers in the same order, the same cards chosen.
    """

    __slots__ = ("found", "view")

    def __init__(self) -> None:
        self.view: PlayerView | None = None
        self.found: dict[tuple[int, ...], tuple[float, dict[int, float]]] = {}

    def of(self, view: PlayerView) -> dict[tuple[int, ...], tuple[float, dict[int, float]]]:
        """The deals found so far for ``view`` (none when it is another view than the last)."""
        if self.view != view:
            self.view = view
            self.found = {}
        return self.found


#: This process's deals of the view it searched last (a worker searches one view at a time).
_DEALS = DealValues()


def evaluate_chunk(view: PlayerView, seed: int, worlds: int) -> dict[int, tuple[float, float]]:
    """Weighted utility sums (and weight totals) of each legal card over ``worlds`` deals."""
    rng = random.Random(seed)
    legal = cards_of(view.legal)
    classes = equivalent_cards(view, legal)
    searched = sorted(set(classes.values()))
    sums: dict[int, tuple[float, float]] = dict.fromkeys(legal, (0.0, 0.0))
    voids, known = barred_cards(view), known_cards(view)
    stakes = Stakes.of(view)
    evidence = Evidence(view)
    seen = _DEALS.of(view)
    for _ in range(worlds):
        hands = sample_hands(view, rng, voids, known)
        deal = tuple(hands)
        known_deal = seen.get(deal)
        if known_deal is None:
            weight = likelihood(view, hands, evidence)
            base = HandState.from_view(view, hands)
            if solvable(base):
                values = solve(base, stakes)
            else:
                found = playouts(base, searched, view.seat, stakes)
                values = {card: found[classes[card]] for card in legal}
            seen[deal] = (weight, values)
        else:
            weight, values = known_deal
        for card, value in values.items():
            total, weights = sums[card]
            sums[card] = (total + weight * value, weights + weight)
    return sums


def evaluate_passes(
    view: PlayerView, candidates: Sequence[int], seed: int, worlds: int
) -> list[float]:
    """Utility sums of each candidate pass (a mask of three cards) over ``worlds`` deals.

    Each deal gives the unseen cards to the other seats at random; they pass as the normal
    level would (their choice does not depend on ours), and the hand is played out.
    """
    rules, seat, direction = view.rules, view.seat, view.pass_direction
    stakes = Stakes.of(view)
    sums = [0.0] * len(candidates)
    for hands, passes in pass_worlds(view, seed, worlds):
        for index, mine in enumerate(candidates):
            passes[seat] = mine
            holdings = after_passes(rules, direction, hands, passes)
            world = HandState.in_play(rules, view.dealer, direction, holdings)
            playout(world, world_policy)
            assert world.result is not None
            sums[index] += stakes.value(world.result.points, seat)
    return sums


def pass_worlds(view: PlayerView, seed: int, worlds: int) -> Iterator[tuple[list[int], list[int]]]:
    """The deals of a pass search, ``(hands, passes)`` per deal: the unseen cards given to
    the other seats at random, each of them passing as the normal level would; the view's
    own seat holds its hand, its pass (0) is the caller's to fill. The same deals in the
    same order for the expert and the coach (review_values.py)."""
    rng = random.Random(seed)
    rules, seat = view.rules, view.seat
    offset = rules.pass_offset(view.pass_direction)
    pr = policy_rules(rules)
    unseen = listed(minus(rules.deck_mask, view.hand))
    size = rules.hand_size
    count = rules.seats
    others = [(seat + k) % count for k in range(1, count)]
    for _ in range(worlds):
        shuffle(rng, unseen)
        hands = [0] * count
        passes = [0] * count
        hands[seat] = view.hand
        for index, other in enumerate(others):
            hands[other] = set_of(unseen[index * size : (index + 1) * size])
            passes[other] = choose_pass(pr, hands[other], offset, rng.getrandbits(32))[0]
        yield hands, passes


def after_passes(
    rules: RuleSet, direction: PassDirection, hands: Sequence[int], passes: Sequence[int]
) -> list[int]:
    """Each seat's holding once ``passes`` (per giver) have been exchanged."""
    return [
        plus(minus(hands[s], passes[s]), passes[rules.giver(s, direction)])
        for s in range(rules.seats)
    ]


def playouts(
    base: HandState,
    legal: Sequence[int],
    seat: int,
    stakes: Stakes,
    policy: Policy = world_policy,
) -> dict[int, float]:
    """The value for ``seat`` of each card of ``legal`` played in ``base``, then played out."""
    values = {}
    for card in legal:
        world = base.copy()
        world.play_unchecked(card)
        playout(world, policy)
        assert world.result is not None
        values[card] = stakes.value(world.result.points, seat)
    return values
