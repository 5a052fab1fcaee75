"""Flat Monte-Carlo search over sampled deals (PIMC), shared by the hard and expert levels.

For each sampled deal of the hidden cards, every legal card is played and the hand is played
out with a fast policy; a card's value is its mean utility over the deals. Utility is relative
(the others' mean points minus one's own), so an opponent's moon is something to stop and
one's own moon something to go for. Near the end of a game played to a points limit, the
game counts too (Stakes): a hand that ends it is worth a win or a loss on top of its points.
"""

from __future__ import annotations

import random
import time
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.cards import CARDS, cards_of
from ..engine.cardset import COPY_SHIFT, FACES, plus, set_of
from ..engine.hand import HandState, Phase
from ..engine.rules import EndMode, MoonMode, RuleSet
from ..engine.view import PlayerView
from .base import Decision, Player, mypyc_attr
from .normal import NormalPlayer
from .sampling import barred_cards, known_cards, sample_hands

#: A playout policy: the card the seat to move plays in a (sampled, fully known) hand.
Policy = Callable[[HandState], int]


@dataclass(frozen=True)
class Budget:
    """How much a search may do: deals to sample, and a time cap that only guards slow machines."""

    worlds: int
    seconds: float


def utility(rules: RuleSet, points: Sequence[int], seat: int) -> float:
    """How good a hand's points are for ``seat``: opponents' mean minus its own side's."""
    if rules.teams:
        own = rules.team_totals(points)[seat]
        return (sum(points) - own - own) / 2
    return (sum(points) - points[seat]) / (rules.seats - 1) - points[seat]


class Stakes:
    """What a hand's points are worth to each seat, given the game score before the hand.

    Relative points (``utility``) as a rule. In a game played to a points limit that this
    hand can reach, a hand that ends the game is also worth a win or a loss, more than any
    difference in points: so a search level does not end a game it would lose (pushing a
    rival over the limit while behind) and does end one it wins, as the normal level does;
    in Torino the two lowest win, in teams the lower team. The last hand of a game of a set
    number of hands ends it whatever its points, so there every outcome counts the game:
    the points that change who wins matter more than the others. (A game of one hand is a
    single deal, as the arena plays them to measure points per hand: points alone.)
    """

    __slots__ = ("hands", "prize", "rules", "totals", "winners")

    def __init__(
        self, rules: RuleSet, totals: Sequence[int] | None = None, *, hands: int = 0
    ) -> None:
        self.rules = rules
        #: The totals before the hand (team totals in teams), or None when the hand cannot
        #: end the game: then a hand's value is its relative points alone.
        self.totals = tuple(totals) if totals is not None else None
        #: The hands played in the game once this one is over (for a game of a set number).
        self.hands = hands
        self.prize = 2.0 * (rules.hand_total + rules.moon_value)
        self.winners = 2 if rules.teams or rules.two_winners else 1

    @classmethod
    def of(cls, view: PlayerView) -> Stakes:
        """The stakes of the hand ``view`` is in."""
        rules = view.rules
        if rules.end_mode is EndMode.HANDS:
            if 1 < rules.end_value <= view.hand_index + 1:
                return cls(rules, view.totals, hands=view.hand_index + 1)
            return cls(rules)
        if max(view.totals) + _most_in_a_hand(rules) < rules.end_value:
            return cls(rules)
        return cls(rules, view.totals)

    def value(self, points: Sequence[int], seat: int) -> float:
        """How good a finished hand's ``points`` are for ``seat``."""
        relative = utility(self.rules, points, seat)
        totals = self.totals
        if totals is None:
            return relative
        rules = self.rules
        final = [t + p for t, p in zip(totals, rules.team_totals(points), strict=True)]
        if not rules.is_over(final, self.hands):
            return relative
        mine = final[seat]
        partner = rules.partner(seat)
        ahead = sum(1 for s in range(rules.seats) if s not in (seat, partner) and final[s] < mine)
        return relative + (self.prize if ahead < self.winners else -self.prize)


def _most_in_a_hand(rules: RuleSet) -> int:
    """The most one seat's total (a team's in teams) can grow in one hand."""
    most = rules.hand_total
    if rules.moon is MoonMode.GIVE:  # a rival's moon, plus what lies outside the moon cards
        outside = rules.point_mask & ~rules.moon_mask & FACES
        spare = sum(max(0, rules.card_points[c]) for c in cards_of(outside))
        most = max(most, rules.moon_value + spare + rules.last_trick_points)
    return most * (2 if rules.teams else 1)


#: The table the search levels' deal counts are set for.
BASE_SEATS = 4


def table_deals(rules: RuleSet, worlds: int) -> int:
    """The deals to search at the rules' table where four seats search ``worlds`` (at least 1).

    A playout at N seats plays N × 13 cards, each chosen against N − 1 others: it costs about
    (N/4)² of a four-seat one (measured 2.3× at six seats, 3.4× at eight), so a table of six
    or eight searches as many times fewer deals. A decision then takes about the time it
    takes at four, and the time cap stays a guard for slow machines: a search the clock cut
    short would decide by the machine's speed, not by its seed and view.
    """
    return max(1, worlds * BASE_SEATS**2 // rules.seats**2)


def playout(world: HandState, policy: Policy) -> None:
    """Play ``world`` to the end of the hand with ``policy`` for every seat."""
    while world.phase is Phase.PLAYING:
        world.play_unchecked(policy(world))


def evaluate_plays(
    view: PlayerView,
    policy: Policy,
    budget: Budget,
    rng: random.Random,
    cancelled: Callable[[], bool] = lambda: False,
) -> dict[int, float]:
    """Mean utility of each legal card over sampled deals (common deals for all cards)."""
    legal = cards_of(view.legal)
    sums: dict[int, float] = dict.fromkeys(legal, 0.0)
    voids, known = barred_cards(view), known_cards(view)
    stakes = Stakes.of(view)
    deadline = time.perf_counter() + budget.seconds
    done = 0
    while done < budget.worlds:
        base = HandState.from_view(view, sample_hands(view, rng, voids, known))
        for card in legal:
            world = base.copy()
            world.play_unchecked(card)
            playout(world, policy)
            assert world.result is not None
            sums[card] += stakes.value(world.result.points, view.seat)
        done += 1
        if cancelled() or time.perf_counter() > deadline:
            break
    return {card: total / done for card, total in sums.items()}


def equivalent_cards(view: PlayerView, legal: Sequence[int]) -> dict[int, int]:
    """Each legal card mapped to the lowest legal card that is worth exactly the same.

    Two cards of one suit are equivalent when every card ranked between them is in the same
    hand, was taken in a finished trick, or is not in the deck, and they carry the same points:
    against any card another seat can still play they win or lose alike, so searching one of
    them is enough. (Cards of the trick in progress are not "gone": one may lie between.)
    """
    rules = view.rules
    done = len(view.plays) - len(view.plays) % rules.seats
    between_ok = settled_cards(rules.deck_mask, plus(view.hand, set_of(view.plays[:done])))
    points, moon = rules.card_points, rules.moon_mask
    classes: dict[int, int] = {}
    done_cards: list[int] = []
    for card in sorted(legal):
        classes[card] = card
        for lower in reversed(done_cards):  # the nearest touching card of the same worth
            if lower // 13 != card // 13 or not _all_in(between_ok, lower + 1, card):
                break
            if rules.copies > 1 and not _all_in(between_ok, lower, card + 1):
                break  # another copy of either is out: it beats one and not the other
            if points[lower] == points[card] and (moon >> lower & 1) == (moon >> card & 1):
                classes[card] = classes[lower]
                break
        done_cards.append(card)
    return classes


def settled_cards(deck: int, known: int) -> int:
    """The cards (52-bit) of which every copy in ``deck`` is in ``known`` (a card set inside
    the deck), and those the deck does not have: no other seat can hold or play one."""
    agree = ~(deck ^ known)
    return agree & agree >> COPY_SHIFT & FACES


def _all_in(mask: int, low: int, high: int) -> bool:
    """Whether every card from ``low`` up to (not including) ``high`` is in ``mask``."""
    span = ((1 << high) - 1) & ~((1 << low) - 1)
    return mask & span == span


def best_card(scores: dict[int, float]) -> int:
    """The card of highest value; ties go to the lower card, so the choice is reproducible."""
    return max(scores, key=lambda card: (scores[card], -card))


# Subclassed by the levels of uncompiled modules (hard.py, expert.py), whose methods the
# compiled ones must call: a native class, open to interpreted subclasses.
@mypyc_attr(allow_interpreted_subclasses=True)
class SearchPlayer(Player):
    """A searching level (hard, expert): passes as the normal level, searches its plays."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._normal = NormalPlayer(seed)

    def choose_pass(self, view: PlayerView) -> Decision:
        """Pass as the normal level does (its danger scores and void making)."""
        return self._normal.choose_pass(view)

    def choose_play(self, view: PlayerView) -> Decision:
        """The legal card with the best value found by the search."""
        legal = cards_of(view.legal)
        if len(legal) == 1:
            return Decision((legal[0],), "only_card")
        scores = self.search(view, legal)
        if not scores:  # cancelled before any deal was searched
            return self._normal.choose_play(view)
        return Decision((CARDS[best_card(scores)],), "search")

    @abstractmethod
    def search(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
        """The value of each legal card (empty if cancelled before anything was found)."""
