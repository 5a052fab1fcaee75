"""One hand (smazzata): pass → play → scored, with legal moves, scoring and undo."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .cards import CARDS, HEARTS_MASK, QUEEN_OF_SPADES, SUIT_MASKS, SUIT_NAMES, mask_of
from .errors import IllegalMove, Reason
from .rules import MoonMode, PassDirection, RuleSet

PASS_SIZE = 3


class Phase(Enum):
    """Where a hand is."""

    PASSING = "passing"
    PLAYING = "playing"
    SCORED = "scored"


class _Snapshot(NamedTuple):
    """What undo restores: the mutable fields before an action."""

    hands: tuple[int, ...]
    passes: tuple[int | None, ...]
    phase: Phase
    to_move: int | None
    leader: int
    first_lead: int
    trick: tuple[int, ...]
    taken: tuple[int, ...]
    hearts_broken: bool
    plays: int
    tricks: int


@dataclass(frozen=True)
class HandResult:
    """What a finished hand scored: points per seat (moon and −10 included)."""

    points: tuple[int, int, int, int]
    #: The seat that made cappotto / shot the moon, if any.
    moon: int | None
    #: The cards each seat took, as masks.
    taken: tuple[int, int, int, int]


class HandState:
    """The full state of one hand; the controller is the only caller of its mutators."""

    __slots__ = (
        "_track",
        "_undo",
        "deal",
        "dealer",
        "first_lead",
        "hands",
        "hearts_broken",
        "leader",
        "pass_direction",
        "passes",
        "phase",
        "plays",
        "result",
        "rules",
        "taken",
        "to_move",
        "trick",
        "trick_winners",
    )

    def __init__(
        self,
        rules: RuleSet,
        dealer: int,
        deal: Sequence[int],
        pass_direction: PassDirection,
        *,
        track_undo: bool = True,
    ) -> None:
        _check_deal(rules, deal)
        self.rules = rules
        self.dealer = dealer
        self.deal: tuple[int, ...] = tuple(deal)
        self.pass_direction = pass_direction
        self.hands = list(deal)
        self.passes: list[int | None] = [None] * 4
        self.trick: list[int] = []
        self.plays: list[int] = []
        self.trick_winners: list[int] = []
        self.taken = [0, 0, 0, 0]
        self.hearts_broken = False
        self.result: HandResult | None = None
        self._undo: list[_Snapshot] = []
        self._track = track_undo
        self.leader = self.first_lead = 0
        self.to_move: int | None = None
        self.phase = Phase.PASSING
        if pass_direction is PassDirection.HOLD:
            self._start_play()

    @classmethod
    def in_play(
        cls,
        rules: RuleSet,
        dealer: int,
        pass_direction: PassDirection,
        holdings: Sequence[int],
        plays: Iterable[int] = (),
    ) -> HandState:
        """A hand from the holdings after passing, with ``plays`` replayed (and checked).

        Search uses it to build a world from a player view and sampled hidden hands.
        """
        hand = cls(rules, dealer, holdings, PassDirection.HOLD, track_undo=False)
        hand.pass_direction = pass_direction
        for card in plays:
            hand.play(card)
        return hand

    # ----------------------------------------------------------------- queries

    @property
    def trick_index(self) -> int:
        """0-based index of the trick being played (or about to be)."""
        return len(self.plays) // 4

    @property
    def tricks_per_hand(self) -> int:
        """13 with the full deck, 9 with 36 cards."""
        return self.rules.hand_size

    def first_leader(self) -> int:
        """Who leads trick 1 once passing is over."""
        if self.rules.lead_lowest_club:
            club = 1 << self.rules.lowest_club
            return next(s for s in range(4) if self.hands[s] & club)
        return (self.dealer + 1) % 4

    def seat_of_play(self, index: int) -> int:
        """The seat that played the ``index``-th card of the hand."""
        trick, position = divmod(index, 4)
        leader = self.trick_winners[trick - 1] if trick else self.first_lead
        return (leader + position * self.rules.direction) % 4

    def received(self, seat: int) -> int | None:
        """The cards ``seat`` received, once the exchange has happened."""
        if self.pass_direction is PassDirection.HOLD or self.phase is Phase.PASSING:
            return None
        return self.passes[(seat - self.pass_direction.offset) % 4]

    def legal_mask(self) -> int:
        """The cards the seat to move may play now (0 when nobody is to play)."""
        if self.phase is not Phase.PLAYING:
            return 0
        hand = self.hands[self.to_move]  # type: ignore[index]
        return legal_cards(self.rules, hand, self.trick, len(self.plays) < 4, self.hearts_broken)

    def why_illegal(self, card: int) -> IllegalMove | None:
        """The refusal ``play(card)`` would raise, or None when it is legal."""
        if self.phase is not Phase.PLAYING:
            words = _phase_words(self.phase)
            return IllegalMove(Reason.WRONG_PHASE, f"no card can be played while {words}")
        seat = self.to_move
        assert seat is not None
        if not 0 <= card < 52:
            return IllegalMove(Reason.CARD_NOT_HELD, f"{card!r} is not a card", seat=seat)
        bit = 1 << card
        name = str(CARDS[card])
        if not self.hands[seat] & bit:
            return IllegalMove(
                Reason.CARD_NOT_HELD, f"{name} is not in the hand", seat=seat, card=card
            )
        if self.legal_mask() & bit:
            return None
        return IllegalMove(*self._refusal(card), seat=seat, card=card)

    def _refusal(self, card: int) -> tuple[Reason, str]:
        if self.trick:
            suit = self.trick[0] // 13
            holds_suit = self.hands[self.to_move] & SUIT_MASKS[suit]  # type: ignore[index]
            if card // 13 != suit and holds_suit:
                return Reason.MUST_FOLLOW_SUIT, f"must follow {SUIT_NAMES[suit]}"
            return Reason.NO_POINTS_ON_FIRST_TRICK, "no heart or Q♠ on the first trick"
        if not self.plays and self.rules.lead_lowest_club:
            club = CARDS[self.rules.lowest_club]
            return Reason.MUST_LEAD_LOWEST_CLUB, f"the {club} must lead the first trick"
        return Reason.HEARTS_NOT_BROKEN, "hearts may not be led before they are broken"

    # ---------------------------------------------------------------- mutators

    def pass_cards(self, seat: int, cards: Iterable[int]) -> None:
        """Seat ``seat`` chooses its three cards; the exchange happens when all four have."""
        chosen = list(cards)
        stray = next((c for c in chosen if not 0 <= c < 52), None)
        if stray is not None:
            raise IllegalMove(Reason.CARD_NOT_HELD, f"{stray!r} is not a card", seat=seat)
        mask = mask_of(chosen)
        self._check_pass(seat, chosen, mask)
        self._push_undo()
        self.passes[seat] = mask
        if all(p is not None for p in self.passes):
            offset = self.pass_direction.offset
            for s in range(4):
                given = self.passes[s]
                received = self.passes[(s - offset) % 4]
                assert given is not None and received is not None
                self.hands[s] = self.hands[s] & ~given | received
            self._start_play()

    def _check_pass(self, seat: int, chosen: list[int], mask: int) -> None:
        if seat not in (0, 1, 2, 3):
            raise IllegalMove(Reason.NOT_YOUR_TURN, f"there is no seat {seat!r}")
        if self.phase is not Phase.PASSING:
            hold = self.pass_direction is PassDirection.HOLD
            reason = Reason.NO_PASS_THIS_HAND if hold else Reason.WRONG_PHASE
            raise IllegalMove(reason, "no passing now", seat=seat)
        if self.passes[seat] is not None:
            raise IllegalMove(Reason.ALREADY_PASSED, "this seat has already passed", seat=seat)
        if len(chosen) != PASS_SIZE or mask.bit_count() != PASS_SIZE:
            raise IllegalMove(
                Reason.WRONG_PASS_SIZE,
                f"must pass exactly {PASS_SIZE} different cards, not {len(chosen)}",
                seat=seat,
            )
        stray = mask & ~self.hands[seat]
        if stray:
            card = (stray & -stray).bit_length() - 1
            raise IllegalMove(
                Reason.CARD_NOT_HELD, f"{CARDS[card]} is not in the hand", seat=seat, card=card
            )

    def play(self, card: int) -> None:
        """The seat to move plays ``card``; raises IllegalMove and changes nothing if illegal."""
        if not 0 <= card < 52 or not self.legal_mask() >> card & 1:  # legal cards are held
            refusal = self.why_illegal(card)
            assert refusal is not None
            raise refusal
        if self._track:
            self._push_undo()
        self._apply_play(card)

    def play_unchecked(self, card: int) -> None:
        """Play a card the caller knows is legal, without undo: the search playouts' fast path."""
        self._apply_play(card)

    def _apply_play(self, card: int) -> None:
        seat = self.to_move
        assert seat is not None
        self.hands[seat] ^= 1 << card
        self.plays.append(card)
        trick = self.trick
        trick.append(card)
        if 26 <= card < 39 or (card == QUEEN_OF_SPADES and self.rules.queen_breaks_hearts):
            self.hearts_broken = True
        direction = self.rules.direction
        if len(trick) < 4:
            self.to_move = (seat + direction) % 4
            return
        winner = (self.leader + winner_position(trick) * direction) % 4
        self.taken[winner] |= mask_of(trick)
        self.trick_winners.append(winner)
        self.trick = []
        self.leader = self.to_move = winner
        if len(self.plays) == 4 * self.rules.hand_size:
            self._finish()

    def _start_play(self) -> None:
        self.phase = Phase.PLAYING
        self.leader = self.first_lead = self.first_leader()
        self.to_move = self.leader

    def _finish(self) -> None:
        self.result = score_hand(self.rules, self.taken, self.trick_winners[-1])
        self.phase = Phase.SCORED
        self.to_move = None

    # -------------------------------------------------------------------- undo

    def can_undo(self) -> bool:
        """Whether an action can be taken back."""
        return bool(self._undo)

    def _push_undo(self) -> None:
        if self._track:
            self._undo.append(
                _Snapshot(
                    tuple(self.hands),
                    tuple(self.passes),
                    self.phase,
                    self.to_move,
                    self.leader,
                    self.first_lead,
                    tuple(self.trick),
                    tuple(self.taken),
                    self.hearts_broken,
                    len(self.plays),
                    len(self.trick_winners),
                )
            )

    def undo(self) -> None:
        """Restore the state before the last pass or play."""
        if not self._undo:
            raise IllegalMove(Reason.NOTHING_TO_UNDO, "nothing to undo")
        snap = self._undo.pop()
        self.hands = list(snap.hands)
        self.passes = list(snap.passes)
        self.phase = snap.phase
        self.to_move = snap.to_move
        self.leader = snap.leader
        self.first_lead = snap.first_lead
        self.trick = list(snap.trick)
        self.taken = list(snap.taken)
        self.hearts_broken = snap.hearts_broken
        del self.plays[snap.plays :]
        del self.trick_winners[snap.tricks :]
        self.result = None

    def copy(self, *, track_undo: bool = False) -> HandState:
        """An independent copy (without undo history unless asked), for search."""
        twin = HandState.__new__(HandState)
        twin.rules = self.rules
        twin.dealer = self.dealer
        twin.deal = self.deal
        twin.pass_direction = self.pass_direction
        twin.hands = self.hands[:]
        twin.passes = self.passes[:]
        twin.trick = self.trick[:]
        twin.plays = self.plays[:]
        twin.trick_winners = self.trick_winners[:]
        twin.taken = self.taken[:]
        twin.hearts_broken = self.hearts_broken
        twin.result = self.result
        twin.leader = self.leader
        twin.first_lead = self.first_lead
        twin.to_move = self.to_move
        twin.phase = self.phase
        twin._track = track_undo
        twin._undo = self._undo[:] if track_undo else []
        return twin


def legal_cards(
    rules: RuleSet, hand: int, trick: Sequence[int], first_trick: bool, hearts_broken: bool
) -> int:
    """The cards of ``hand`` that may be played on ``trick`` (RULES.md restrictions)."""
    if trick:
        legal = hand & SUIT_MASKS[trick[0] // 13] or hand
        if first_trick and rules.first_trick_clean:
            legal = legal & ~rules.moon_mask or legal
        return legal
    if first_trick and rules.lead_lowest_club:
        return 1 << rules.lowest_club & hand
    if rules.hearts_must_break and not hearts_broken:
        return hand & ~HEARTS_MASK or hand
    return hand


def winner_position(trick: Sequence[int]) -> int:
    """Position (0..3) in ``trick`` of the highest card of the suit led."""
    best = trick[0]
    suit = best // 13
    position = 0
    for i in (1, 2, 3):
        card = trick[i]
        if card // 13 == suit and card > best:
            best, position = card, i
    return position


def score_hand(rules: RuleSet, taken: Sequence[int], last_winner: int) -> HandResult:
    """Points of a finished hand from the cards each seat took (RULES.md scoring)."""
    values = rules.card_points
    points = [0, 0, 0, 0]
    for seat in range(4):
        mask = taken[seat] & rules.point_mask
        while mask:
            low = mask & -mask
            points[seat] += values[low.bit_length() - 1]
            mask ^= low
    points[last_winner] += rules.last_trick_points
    moon = None
    if rules.moon is not MoonMode.OFF:
        moon = next((s for s in range(4) if taken[s] & rules.moon_mask == rules.moon_mask), None)
    if moon is not None:
        points[moon] -= rules.moon_value
        if rules.moon is MoonMode.SUBTRACT:
            points[moon] -= rules.moon_value
        else:
            for other in range(4):
                if other != moon and other != rules.partner(moon):
                    points[other] += rules.moon_value
    if rules.no_card_bonus:
        for seat in range(4):
            if not taken[seat]:
                points[seat] += rules.no_card_bonus
    return HandResult((points[0], points[1], points[2], points[3]), moon, _four(taken))


def _four(values: Sequence[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _check_deal(rules: RuleSet, deal: Sequence[int]) -> None:
    if len(deal) != 4:
        raise ValueError("a deal has four hands")
    union = 0
    for mask in deal:
        if mask.bit_count() != rules.hand_size or union & mask:
            raise ValueError("each seat must get its own cards, the same number each")
        union |= mask
    if union != rules.deck_mask:
        raise ValueError("the deal must use the whole deck of the rules")


def _phase_words(phase: Phase) -> str:
    return "cards are being passed" if phase is Phase.PASSING else "the hand is over"
