"""One hand (smazzata): pass → play → scored, with legal moves, scoring and undo."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from .cards import CARDS, HEARTS_MASK, SUIT_MASKS, SUIT_NAMES, mask_of
from .errors import IllegalMove, Reason
from .rules import MoonMode, PassDirection, RuleSet
from .trick import seat_of_play, trick_winner, winner_position

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = [
    "PASS_SIZE",
    "HandResult",
    "HandState",
    "Phase",
    "legal_cards",
    "score_hand",
    "winner_position",
]

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
        self._set_state(
            rules,
            dealer,
            pass_direction,
            tuple(deal),
            hands=list(deal),
            passes=[None] * 4,
            plays=[],
            trick_winners=[],
            taken=[0, 0, 0, 0],
            track_undo=track_undo,
        )
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
        *,
        deal: Sequence[int] | None = None,
        passes: Sequence[int | None] | None = None,
    ) -> HandState:
        """A hand from the holdings after passing, with ``plays`` replayed (and checked).

        Search uses it to try a deal of the hidden cards out; ``deal`` and ``passes``, when
        given, are what the hand says was dealt and passed (a hand rebuilt from one seat's
        knowledge keeps that seat's own).
        """
        hand = cls(rules, dealer, holdings, PassDirection.HOLD, track_undo=False)
        hand.pass_direction = pass_direction
        if deal is not None:
            hand.deal = tuple(deal)
        if passes is not None:
            hand.passes = list(passes)
        for card in plays:
            hand.play(card)
        return hand

    @classmethod
    def from_view(cls, view: PlayerView, hands: Sequence[int]) -> HandState:
        """A playable hand: ``view``'s public state with ``hands`` as everyone's cards now.

        Search builds one per sampled deal of the hidden cards. Past plays are not re-checked
        against the sampled hands; only the play from now on is.
        """
        if view.first_lead is None or view.phase is not Phase.PLAYING:
            raise ValueError("a hand can only be rebuilt while cards are being played")
        world = cls.__new__(cls)
        world._set_state(
            view.rules,
            view.dealer,
            view.pass_direction,
            tuple(hands),
            hands=list(hands),
            passes=[None] * 4,
            plays=list(view.plays),
            trick_winners=list(view.trick_winners),
            taken=list(view.taken),
        )
        world.trick = list(view.trick)
        world.hearts_broken = view.hearts_broken
        world.first_lead = view.first_lead
        world.leader = view.leader if view.leader is not None else view.first_lead
        world.to_move = view.to_move
        world.phase = Phase.PLAYING
        return world

    def _set_state(
        self,
        rules: RuleSet,
        dealer: int,
        pass_direction: PassDirection,
        deal: tuple[int, ...],
        *,
        hands: list[int],
        passes: list[int | None],
        plays: list[int],
        trick_winners: list[int],
        taken: list[int],
        track_undo: bool = False,
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.deal = deal
        self.pass_direction = pass_direction
        self.hands = hands
        self.passes = passes
        self.trick: list[int] = []
        self.plays = plays
        self.trick_winners = trick_winners
        self.taken = taken
        self.hearts_broken = False
        self.result: HandResult | None = None
        self._undo: list[_Snapshot] = []
        self._track = track_undo
        self.leader = self.first_lead = 0
        self.to_move: int | None = None
        self.phase = Phase.PASSING

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
        return seat_of_play(self.first_lead, self.trick_winners, index, self.rules.direction)

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
        refusal = self.why_illegal_pass(seat, chosen)
        if refusal is not None:
            raise refusal
        self._push_undo()
        self.passes[seat] = mask_of(chosen)
        if all(p is not None for p in self.passes):
            offset = self.pass_direction.offset
            for s in range(4):
                given = self.passes[s]
                received = self.passes[(s - offset) % 4]
                assert given is not None and received is not None
                self.hands[s] = self.hands[s] & ~given | received
            self._start_play()

    def why_illegal_pass(self, seat: int, cards: Iterable[int]) -> IllegalMove | None:
        """The refusal ``pass_cards(seat, cards)`` would raise, or None when it is legal."""
        chosen = list(cards)
        stray = next((c for c in chosen if not isinstance(c, int) or not 0 <= c < 52), None)
        if stray is not None:
            return IllegalMove(Reason.CARD_NOT_HELD, f"{stray!r} is not a card", seat=seat)
        if seat not in (0, 1, 2, 3):
            return IllegalMove(Reason.NOT_YOUR_TURN, f"there is no seat {seat!r}")
        if self.phase is not Phase.PASSING:
            hold = self.pass_direction is PassDirection.HOLD
            reason = Reason.NO_PASS_THIS_HAND if hold else Reason.WRONG_PHASE
            return IllegalMove(reason, "no passing now", seat=seat)
        if self.passes[seat] is not None:
            return IllegalMove(Reason.ALREADY_PASSED, "this seat has already passed", seat=seat)
        mask = mask_of(chosen)
        if len(chosen) != PASS_SIZE or mask.bit_count() != PASS_SIZE:
            return IllegalMove(
                Reason.WRONG_PASS_SIZE,
                f"must pass exactly {PASS_SIZE} different cards, not {len(chosen)}",
                seat=seat,
            )
        stray_mask = mask & ~self.hands[seat]
        if stray_mask:
            card = (stray_mask & -stray_mask).bit_length() - 1
            return IllegalMove(
                Reason.CARD_NOT_HELD, f"{CARDS[card]} is not in the hand", seat=seat, card=card
            )
        return None

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
        rules = self.rules
        if rules.heart_breakers >> card & 1:  # RuleSet.breaks_hearts, inlined for the playouts
            self.hearts_broken = True
        direction = rules.direction
        if len(trick) < 4:
            self.to_move = (seat + direction) % 4
            return
        winner = trick_winner(self.leader, trick, direction)
        self.taken[winner] |= mask_of(trick)
        self.trick_winners.append(winner)
        self.trick = []
        self.leader = self.to_move = winner
        if len(self.plays) == 4 * rules.hand_size:
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
        """An independent copy (without undo history unless asked), for search.

        Field by field rather than through ``_set_state``: search copies hands millions of
        times, and the call with keywords costs 40% more.
        """
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
