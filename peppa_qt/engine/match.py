"""A whole game (partita): several hands, dealer rotation, pass cycle, totals, end and ranking."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import iter_cards, mask_of
from .errors import IllegalMove, Reason
from .hand import HandResult, HandState, Phase
from .rules import RuleSet


@dataclass(frozen=True)
class Standing:
    """Where a seat stands for the ranking: its total and the tie-break facts."""

    seat: int
    total: int
    #: Match-wide index of the last trick this seat took, None if it took none.
    last_trick: int | None
    #: Position (0..3) in the first trick of the last hand, for the no-trick tie-break.
    first_trick_position: int

    def key(self) -> tuple[int, int, int]:
        """Lower ranks higher: total, then no-trick first, then earliest last trick."""
        if self.last_trick is None:
            return (self.total, 0, self.first_trick_position)
        return (self.total, 1, self.last_trick)


def deal_cards(rules: RuleSet, seed: int, hand_index: int) -> tuple[int, int, int, int]:
    """The deal of hand ``hand_index``, fixed by the game's seed."""
    rng = random.Random(f"peppa-deal:{seed}:{hand_index}")
    deck = list(iter_cards(rules.deck_mask))
    rng.shuffle(deck)
    size = rules.hand_size
    masks = [mask_of(deck[s * size : (s + 1) * size]) for s in range(4)]
    return (masks[0], masks[1], masks[2], masks[3])


def first_dealer(seed: int) -> int:
    """The random first dealer, fixed by the game's seed."""
    return random.Random(f"peppa-dealer:{seed}").randrange(4)


class Match:
    """A game of several hands under one rule set."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        track_undo: bool = True,
    ) -> None:
        self.rules = rules
        self.seed = secrets.randbelow(2**53) if seed is None else seed
        self.first_dealer = first_dealer(self.seed) if dealer is None else dealer
        self.hands: list[HandState] = []
        self._track = track_undo
        #: The results of every hand before the last one (all scored), and their sums: kept
        #: as hands are dealt, so a game of thousands of hands costs no more per move.
        self._earlier: tuple[HandResult, ...] = ()
        self._earlier_sums = [0, 0, 0, 0]
        self._history: tuple[tuple[int, int, int, int], ...] = ()

    # ----------------------------------------------------------------- queries

    @property
    def current(self) -> HandState | None:
        """The hand being played or the last one scored."""
        return self.hands[-1] if self.hands else None

    def results(self) -> list[HandResult]:
        """The results of the scored hands, in order."""
        return list(self.scored())

    def scored(self) -> tuple[HandResult, ...]:
        """The results of the scored hands, in order (a tuple shared while no hand ends)."""
        last = self.current
        if last is not None and last.result is not None:
            return (*self._earlier, last.result)
        return self._earlier

    def history_before(self) -> tuple[tuple[int, int, int, int], ...]:
        """The points of every hand before the current one (cached: shared between calls)."""
        if len(self._history) != len(self._earlier):
            self._history = tuple(r.points for r in self._earlier)
        return self._history

    def totals_before(self) -> list[int]:
        """The running totals before the current hand (team totals when playing in teams)."""
        return self.rules.team_totals(list(self._earlier_sums))

    def totals(self) -> list[int]:
        """Running totals per seat; partners share one total when playing in teams."""
        totals = list(self._earlier_sums)
        last = self.current
        if last is not None and last.result is not None:
            totals = [t + p for t, p in zip(totals, last.result.points, strict=True)]
        return self.rules.team_totals(totals)

    @property
    def is_over(self) -> bool:
        """The game has ended: the last hand is scored and the end condition holds."""
        last = self.current
        if last is None or last.phase is not Phase.SCORED:
            return False
        return self.rules.is_over(self.totals(), len(self.hands))

    def next_dealer(self) -> int:
        """The dealer of the next hand to start."""
        if not self.hands:
            return self.first_dealer
        return self.rules.next_dealer(self.hands[-1].dealer)

    def standings(self) -> list[Standing]:
        """Each seat's total and tie-break facts."""
        totals = self.totals()
        last: list[int | None] = [None] * 4
        counter = 0
        for hand in self.hands:
            for winner in hand.trick_winners:
                last[winner] = counter
                counter += 1
        positions = self._first_trick_positions()
        return [Standing(s, totals[s], last[s], positions[s]) for s in range(4)]

    def _first_trick_positions(self) -> list[int]:
        hand = next((h for h in reversed(self.hands) if h.phase is not Phase.PASSING), None)
        if hand is not None:
            lead = hand.first_lead
        else:
            lead = ((self.hands[-1].dealer if self.hands else self.first_dealer) + 1) % 4
        return [((s - lead) * self.rules.direction) % 4 for s in range(4)]

    def ranking(self) -> list[int]:
        """All four seats, best first (RULES.md ties; partners together in teams)."""
        standings = self.standings()
        if not self.rules.teams:
            return [s.seat for s in sorted(standings, key=Standing.key)]
        teams = sorted((0, 1), key=lambda t: _team_key(standings[t], standings[t + 2]))
        order: list[int] = []
        for team in teams:
            pair = sorted((standings[team], standings[team + 2]), key=Standing.key)
            order.extend(s.seat for s in pair)
        return order

    def winners(self) -> list[int]:
        """The winning seats once the game is over, best first (two in Torino and in teams)."""
        if not self.is_over:
            return []
        ranking = self.ranking()  # best first, as DESIGN.md's check prints them
        return ranking[:2] if self.rules.teams or self.rules.two_winners else ranking[:1]

    # ---------------------------------------------------------------- mutators

    def start_hand(self, deal: Sequence[int] | None = None) -> HandState:
        """Deal the next hand (from the seed unless ``deal`` is given)."""
        if self.hands and self.hands[-1].phase is not Phase.SCORED:
            raise IllegalMove(Reason.HAND_IN_PROGRESS, "the current hand is not finished")
        if self.is_over:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
        index = len(self.hands)
        cards = deal_cards(self.rules, self.seed, index) if deal is None else deal
        hand = HandState(
            self.rules,
            self.next_dealer(),
            cards,
            self.rules.pass_direction(index),
            track_undo=self._track,
        )
        last = self.current
        if last is not None and last.result is not None:
            self._earlier += (last.result,)
            self._earlier_sums = [
                t + p for t, p in zip(self._earlier_sums, last.result.points, strict=True)
            ]
        self.hands.append(hand)
        return hand

    def pass_cards(self, seat: int, cards: Sequence[int]) -> None:
        """``seat`` passes ``cards`` in the current hand (IllegalMove if it may not)."""
        self._hand().pass_cards(seat, cards)

    def play(self, card: int) -> None:
        """The seat to move plays ``card`` in the current hand (IllegalMove if it may not)."""
        self._hand().play(card)

    def why_illegal_pass(self, seat: int, cards: Sequence[int]) -> IllegalMove | None:
        """The refusal ``pass_cards`` would raise, or None: a check that changes nothing."""
        return self._hand().why_illegal_pass(seat, cards)

    def why_illegal(self, card: int) -> IllegalMove | None:
        """The refusal ``play`` would raise, or None: a check that changes nothing."""
        return self._hand().why_illegal(card)

    def _hand(self) -> HandState:
        if not self.hands:
            raise IllegalMove(Reason.WRONG_PHASE, "no hand has been dealt")
        return self.hands[-1]

    def undo(self) -> None:
        """Take back the last pass or play, across the start of a hand if needed."""
        hand = self.current
        if hand is None:
            raise IllegalMove(Reason.NOTHING_TO_UNDO, "nothing to undo")
        if hand.can_undo():
            hand.undo()
            return
        if len(self.hands) < 2 or not self.hands[-2].can_undo():
            raise IllegalMove(Reason.NOTHING_TO_UNDO, "nothing to undo")
        self.hands.pop()
        last = self._earlier[-1]
        self._earlier = self._earlier[:-1]
        self._earlier_sums = [t - p for t, p in zip(self._earlier_sums, last.points, strict=True)]
        self.hands[-1].undo()


def _team_key(a: Standing, b: Standing) -> tuple[int, int, int]:
    """A team ranks by its shared total, then as its later-finishing member."""
    return max(a.key(), b.key())
