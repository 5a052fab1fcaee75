"""A whole game (partita): several hands, dealer rotation, pass cycle, totals, end and ranking."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise

from .deals import NumberedDeal, deal_key, deal_number, fingerprint_of
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
    #: Position (0..N−1) in the first trick of the last hand, for the no-trick tie-break.
    first_trick_position: int

    def key(self) -> tuple[int, int, int]:
        """Lower ranks higher: total, then no-trick first, then earliest last trick."""
        if self.last_trick is None:
            return (self.total, 0, self.first_trick_position)
        return (self.total, 1, self.last_trick)


class TieBreak(Enum):
    """Why, of two seats with the same total, one ranks ahead (RULES.md, set A's ties)."""

    #: It took no trick in the whole game; the other took some.
    NO_TRICK = "no_trick"
    #: Its last trick of the game was taken earlier.
    EARLIER_LAST_TRICK = "earlier_last_trick"
    #: Neither took a trick: it played earlier in the first trick of the last hand.
    FIRST_TRICK_ORDER = "first_trick_order"


@dataclass(frozen=True)
class Tie:
    """Two seats next to each other in the ranking with one total, and why ``ahead`` ranks
    ahead of ``behind``."""

    ahead: int
    behind: int
    total: int
    reason: TieBreak


def ties_of(standings: Sequence[Standing], ranking: Sequence[int]) -> list[Tie]:
    """Each tie the ranking breaks, between neighbours in it, best first."""
    ties = []
    for ahead, behind in pairwise(ranking):
        a, b = standings[ahead], standings[behind]
        if a.total != b.total:
            continue
        if a.last_trick is None and b.last_trick is not None:
            reason = TieBreak.NO_TRICK
        elif a.last_trick is None:
            reason = TieBreak.FIRST_TRICK_ORDER
        else:
            reason = TieBreak.EARLIER_LAST_TRICK
        ties.append(Tie(ahead, behind, a.total, reason))
    return ties


def first_dealer(seed: int, seats: int) -> int:
    """The random first dealer, fixed by the game's seed."""
    return random.Random(f"peppa-dealer:{seed}").randrange(seats)


class Match:
    """A game of several hands under one rule set.

    Each hand is dealt from a deal number (``deals.py``): hand i's is ``deal_number(seed, i)``
    unless ``deal_numbers`` gives it (an int, or a ``NumberedDeal`` with the seats turned), as
    "Replay this deal" and "New game from a deal number" do: ``Match(rules,
    deal_numbers={0: number})``. A deal given to ``start_hand`` is dealt as it is.
    """

    def __init__(
        self,
        rules: RuleSet,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        track_undo: bool = True,
        deal_numbers: Mapping[int, int | NumberedDeal] | None = None,
    ) -> None:
        self.rules = rules
        self.seed = secrets.randbelow(2**53) if seed is None else seed
        self.first_dealer = first_dealer(self.seed, rules.seats) if dealer is None else dealer
        self.hands: list[HandState] = []
        #: Whether the hands dealt from now on keep what undo needs (a replay keeps it for
        #: its last hand only: a long game's would hold a snapshot of every card played).
        self.track_undo = track_undo
        self._given = {
            index: (value if isinstance(value, NumberedDeal) else NumberedDeal(value)).turned(
                rules.seats
            )
            for index, value in (deal_numbers or {}).items()
        }
        #: Per hand index, where its cards came from: a number, or None for a deal given as
        #: it is (looked up lazily: it may be the seed's own, as in a game resumed).
        self._sources: dict[int, NumberedDeal | None] = {}
        #: The hands dealt from a number the seed does not give (given, or told by a save).
        self._chosen: dict[int, NumberedDeal] = {}
        #: The results of every hand before the last one (all scored), and their sums: kept
        #: as hands are dealt, so a game of thousands of hands costs no more per move.
        self._earlier: list[HandResult] = []
        self._earlier_sums = [0] * rules.seats
        #: ``_earlier`` as a tuple and its points, made when asked (None: not since the last
        #: change): a tuple made anew at every deal cost a long game's replay quadratic time.
        self._earlier_tuple: tuple[HandResult, ...] | None = ()
        self._history: tuple[tuple[int, ...], ...] | None = ()

    @classmethod
    def of_hands(cls, rules: RuleSet, hands: Sequence[HandState]) -> Match:
        """A match made of ``hands`` as they stand (every one but the last scored): a game as
        one seat saw it (``seat_record.match_seen_from``), whose hidden cards are stand-ins.
        Its deals come from no number: it tells no deal number and no fingerprint."""
        if not hands:
            raise ValueError("no hand has been dealt")
        match = cls(rules, 0, dealer=hands[0].dealer, track_undo=False)
        for index, hand in enumerate(hands):
            if index < len(hands) - 1 and hand.result is None:
                raise ValueError("only the last hand may be unfinished")
            last = match.current
            if last is not None and last.result is not None:
                match._earlier.append(last.result)
                match._earlier_tuple = match._history = None
                match._earlier_sums = [
                    t + p for t, p in zip(match._earlier_sums, last.result.points, strict=True)
                ]
            match._sources[index] = None
            match.hands.append(hand)
        return match

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
        if self._earlier_tuple is None:
            self._earlier_tuple = tuple(self._earlier)
        last = self.current
        if last is not None and last.result is not None:
            return (*self._earlier_tuple, last.result)
        return self._earlier_tuple

    def history_before(self) -> tuple[tuple[int, ...], ...]:
        """The points of every hand before the current one (cached: shared between calls)."""
        if self._history is None:
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
        seats = self.rules.seats
        last: list[int | None] = [None] * seats
        counter = 0
        for hand in self.hands:
            for winner in hand.trick_winners:
                last[winner] = counter
                counter += 1
        positions = self._first_trick_positions()
        return [Standing(s, totals[s], last[s], positions[s]) for s in range(seats)]

    def _first_trick_positions(self) -> list[int]:
        rules = self.rules
        hand = next((h for h in reversed(self.hands) if h.phase is not Phase.PASSING), None)
        if hand is not None:
            lead = hand.first_lead
        else:
            lead = ((self.hands[-1].dealer if self.hands else self.first_dealer) + 1) % rules.seats
        return [((s - lead) * rules.direction) % rules.seats for s in range(rules.seats)]

    def ranking(self) -> list[int]:
        """Every seat, best first (RULES.md ties; partners together in teams)."""
        standings = self.standings()
        if not self.rules.teams:
            return [s.seat for s in sorted(standings, key=Standing.key)]
        half = self.rules.seats // 2
        teams = sorted(range(half), key=lambda t: _team_key(standings[t], standings[t + half]))
        order: list[int] = []
        for team in teams:
            pair = sorted((standings[team], standings[team + half]), key=Standing.key)
            order.extend(s.seat for s in pair)
        return order

    def ties(self) -> list[Tie]:
        """The ties the ranking breaks and why (none in teams: partners share a total)."""
        if self.rules.teams:
            return []
        return ties_of(self.standings(), self.ranking())

    def numbered_deal(self, index: int) -> NumberedDeal | None:
        """The number (and turn) hand ``index``'s cards came from, or None: a hand dealt as
        given (a record's) has one only when its cards are those of the seed's number."""
        if not 0 <= index < len(self.hands):
            raise IndexError(f"no hand {index} has been dealt")
        if index not in self._sources:
            own = NumberedDeal(deal_number(self.seed, index))
            same = own.masks(self.rules) == list(self.hands[index].deal)
            self._sources[index] = own if same else None
        return self._sources[index]

    def given_deals(self) -> dict[int, NumberedDeal]:
        """The hands dealt from a number other than the seed's own (a game from a deal number,
        a replayed deal): what a saved game must tell, since the seed does not."""
        return dict(self._chosen)

    def replayed_number(self, index: int) -> int | None:
        """The number hand ``index`` was dealt from when the players chose it (a replay, a
        game from a deal number), else None: they knew it before the deal."""
        chosen = self._chosen.get(index)
        return None if chosen is None else chosen.number

    def adopt_numbered(self, index: int, numbered: NumberedDeal) -> None:
        """Say hand ``index`` was dealt from ``numbered`` (a saved game tells it: a game from a
        deal number); ValueError if its cards are not that number's."""
        if not 0 <= index < len(self.hands):
            raise IndexError(f"no hand {index} has been dealt")
        numbered = numbered.turned(self.rules.seats)
        if numbered.masks(self.rules) != list(self.hands[index].deal):
            raise ValueError(f"hand {index + 1} was not dealt from deal number {numbered.number}")
        self._sources[index] = numbered
        self._note_chosen(index, numbered)

    def _note_chosen(self, index: int, numbered: NumberedDeal) -> None:
        if numbered == NumberedDeal(deal_number(self.seed, index)):
            self._chosen.pop(index, None)  # the seed's own: it tells it
        else:
            self._chosen[index] = numbered

    def deal_number(self, index: int) -> int | None:
        """The deal number of hand ``index`` (None when it was not dealt from one): show it
        only once the hand is over, for it gives every card."""
        numbered = self.numbered_deal(index)
        return None if numbered is None else numbered.number

    def deal_key(self, index: int) -> str | None:
        """The key that matches hand ``index``'s fingerprint to its number: show it with the
        number, once the hand is over."""
        return None if self.numbered_deal(index) is None else deal_key(self.seed, index)

    def deal_fingerprint(self, index: int) -> str | None:
        """Hand ``index``'s fingerprint, safe to show while it is played (None when it was
        not dealt from a number)."""
        numbered = self.numbered_deal(index)
        if numbered is None:
            return None
        return fingerprint_of(numbered.number, deal_key(self.seed, index))

    def winners(self) -> list[int]:
        """The winning seats once the game is over, best first (two in Torino and in teams)."""
        if not self.is_over:
            return []
        ranking = self.ranking()  # best first, as DESIGN.md's check prints them
        return ranking[:2] if self.rules.teams or self.rules.two_winners else ranking[:1]

    # ---------------------------------------------------------------- mutators

    def start_hand(self, deal: Sequence[int] | None = None) -> HandState:
        """Deal the next hand: ``deal`` as given, else from its deal number."""
        if self.hands and self.hands[-1].phase is not Phase.SCORED:
            raise IllegalMove(Reason.HAND_IN_PROGRESS, "the current hand is not finished")
        if self.is_over:
            raise IllegalMove(Reason.GAME_OVER, "the game is over")
        index = len(self.hands)
        if deal is None:
            numbered = self._given.get(index) or NumberedDeal(deal_number(self.seed, index))
            cards: Sequence[int] = numbered.masks(self.rules)
            self._sources[index] = numbered
            self._note_chosen(index, numbered)
        else:
            cards = deal
            self._sources.pop(index, None)
            self._chosen.pop(index, None)
        hand = HandState(
            self.rules,
            self.next_dealer(),
            cards,
            self.rules.pass_direction(index),
            track_undo=self.track_undo,
        )
        last = self.current
        if last is not None and last.result is not None:
            self._earlier.append(last.result)
            self._earlier_tuple = self._history = None
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
        if len(self.hands) == 1 or not self.hands[-2].can_undo():  # no hand before this one
            raise IllegalMove(Reason.NOTHING_TO_UNDO, "nothing to undo")
        self.hands.pop()
        self._sources.pop(len(self.hands), None)  # dealt again, it is looked up again
        self._chosen.pop(len(self.hands), None)
        last = self._earlier.pop()
        self._earlier_tuple = self._history = None
        self._earlier_sums = [t - p for t, p in zip(self._earlier_sums, last.points, strict=True)]
        self.hands[-1].undo()


def _team_key(a: Standing, b: Standing) -> tuple[int, int, int]:
    """A team ranks by its shared total, then as its later-finishing member."""
    return max(a.key(), b.key())
