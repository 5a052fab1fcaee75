"""One hand (smazzata): pass → play → scored, with undo. What a move may be is in
``legal.py``, what a finished hand scores in ``scoring.py``.

Hands, passes and takings are card sets (``cardset.py``: a card may be there twice in
Belmont); the cards played and the legal cards are plain cards and 52-bit masks of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Final, NamedTuple

from .cards import CARDS
from .cardset import COPY_SHIFT, minus, plus, remove, set_of
from .errors import IllegalMove, Reason
from .legal import check_deal, first_leader, legal_cards, pass_refusal, play_refusal
from .rules import PASS_SIZE, PassDirection, RuleSet
from .scoring import HandResult, score_hand, set_points
from .trick import seat_of_play, trick_winner, winner_position

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = [
    "PASS_SIZE",
    "HandResult",
    "HandState",
    "Phase",
    "first_leader",
    "legal_cards",
    "score_hand",
    "set_points",
    "winner_position",
]


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


#: A hand's public fields (its slots but the private ones: a compiled class has no
#: ``__slots__`` to read them from).
FIELDS: Final = (
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


class HandState:
    """The full state of one hand; the controller is the only caller of its mutators."""

    __slots__ = ("_legal", "_track", "_undo", *FIELDS)

    def __new__(cls, rules: RuleSet | None = None, *_args: object, **_kwargs: object) -> HandState:
        """A hand of a deck with copies is a ``_TwinDeckHand``: it plays them by its own code,
        so the one-deck game's inner loop pays nothing for copies.

        (``object.__new__`` of the class argument itself, as mypyc compiles it.)"""
        if cls is HandState and rules is not None and rules.copies > 1:
            return _TwinDeckHand.__new__(_TwinDeckHand, rules)
        return object.__new__(cls)

    def __init__(
        self,
        rules: RuleSet,
        dealer: int,
        deal: Sequence[int],
        pass_direction: PassDirection,
        *,
        track_undo: bool = True,
    ) -> None:
        check_deal(rules, deal)
        self._set_state(
            rules,
            dealer,
            pass_direction,
            tuple(deal),
            hands=list(deal),
            passes=[None] * rules.seats,
            plays=[],
            trick_winners=[],
            taken=[0] * rules.seats,
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
        world = cls.__new__(cls, view.rules)
        world._set_state(
            view.rules,
            view.dealer,
            view.pass_direction,
            tuple(hands),
            hands=list(hands),
            passes=[None] * view.rules.seats,
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
        self._legal = -1  # the legal cards of the position, once worked out (-1: not yet)
        self.leader = self.first_lead = 0
        self.to_move: int | None = None
        self.phase = Phase.PASSING

    # ----------------------------------------------------------------- queries

    @property
    def trick_index(self) -> int:
        """0-based index of the trick being played (or about to be)."""
        return len(self.plays) // self.rules.seats

    @property
    def tricks_per_hand(self) -> int:
        """13 with the full deck, 9 with 36 cards."""
        return self.rules.hand_size

    def first_leader(self) -> int:
        """Who leads trick 1 once passing is over."""
        return first_leader(self.rules, self.dealer, self.hands)

    def seat_of_play(self, index: int) -> int:
        """The seat that played the ``index``-th card of the hand."""
        rules = self.rules
        return seat_of_play(
            self.first_lead, self.trick_winners, index, rules.direction, rules.seats
        )

    def received(self, seat: int) -> int | None:
        """The cards ``seat`` received, once the exchange has happened."""
        if self.pass_direction is PassDirection.HOLD or self.phase is Phase.PASSING:
            return None
        return self.passes[self.rules.giver(seat, self.pass_direction)]

    def legal_mask(self) -> int:
        """The cards the seat to move may play now (0 when nobody is to play).

        Worked out once per position: the check before a play and a player's question ask
        for the same cards."""
        legal = self._legal
        if legal < 0:
            if self.phase is not Phase.PLAYING:
                return 0
            hand = self.hands[self.to_move]  # type: ignore[index]
            first = not self.trick_winners
            legal = self._legal = legal_cards(
                self.rules, hand, self.trick, first, self.hearts_broken
            )
        return legal

    def work_out_legal(self) -> int:
        """The cards the seat to move may play now, worked out afresh (the benchmark's)."""
        if self.phase is not Phase.PLAYING:
            return 0
        hand = self.hands[self.to_move]  # type: ignore[index]
        first = not self.trick_winners
        return legal_cards(self.rules, hand, self.trick, first, self.hearts_broken)

    def why_illegal(self, card: int) -> IllegalMove | None:
        """The refusal ``play(card)`` would raise, or None when it is legal."""
        if self.phase is not Phase.PLAYING:
            words = _phase_words(self.phase)
            return IllegalMove(Reason.WRONG_PHASE, f"no card can be played while {words}")
        seat = self.to_move
        assert seat is not None
        if not 0 <= card < COPY_SHIFT:
            return IllegalMove(Reason.CARD_NOT_HELD, f"{card!r} is not a card", seat=seat)
        bit = 1 << card
        name = str(CARDS[card])
        if not self.hands[seat] & bit:
            return IllegalMove(
                Reason.CARD_NOT_HELD, f"{name} is not in the hand", seat=seat, card=card
            )
        if self.legal_mask() & bit:
            return None
        why = play_refusal(self.rules, self.hands[seat], self.trick, not self.plays, card)
        return IllegalMove(*why, seat=seat, card=card)

    # ---------------------------------------------------------------- mutators

    def pass_cards(self, seat: int, cards: Iterable[int]) -> None:
        """Seat ``seat`` chooses its three cards; the exchange happens when every seat has."""
        chosen = list(cards)
        refusal = self.why_illegal_pass(seat, chosen)
        if refusal is not None:
            raise refusal
        self._push_undo()
        self.passes[seat] = set_of(chosen)
        if all(p is not None for p in self.passes):
            rules, direction = self.rules, self.pass_direction
            for s in range(rules.seats):
                given = self.passes[s]
                received = self.passes[rules.giver(s, direction)]
                assert given is not None and received is not None
                self.hands[s] = plus(minus(self.hands[s], given), received)
            self._start_play()

    def why_illegal_pass(self, seat: int, cards: Iterable[int]) -> IllegalMove | None:
        """The refusal ``pass_cards(seat, cards)`` would raise, or None when it is legal."""
        chosen = list(cards)
        stray = next((c for c in chosen if not isinstance(c, int) or not 0 <= c < COPY_SHIFT), None)
        if stray is not None:
            return IllegalMove(Reason.CARD_NOT_HELD, f"{stray!r} is not a card", seat=seat)
        if not isinstance(seat, int) or not 0 <= seat < self.rules.seats:
            return IllegalMove(Reason.NOT_YOUR_TURN, f"there is no seat {seat!r}")
        if self.phase is not Phase.PASSING:
            hold = self.pass_direction is PassDirection.HOLD
            reason = Reason.NO_PASS_THIS_HAND if hold else Reason.WRONG_PHASE
            return IllegalMove(reason, "no passing now", seat=seat)
        if self.passes[seat] is not None:
            return IllegalMove(Reason.ALREADY_PASSED, "this seat has already passed", seat=seat)
        return pass_refusal(self.rules, self.hands[seat], chosen, seat)

    def play(self, card: int) -> None:
        """The seat to move plays ``card``; raises IllegalMove and changes nothing if illegal."""
        if not 0 <= card < COPY_SHIFT or not self.legal_mask() >> card & 1:  # legal: held
            refusal = self.why_illegal(card)
            assert refusal is not None
            raise refusal
        if self._track:
            self._push_undo()
        self.play_unchecked(card)

    def play_unchecked(self, card: int) -> None:
        """Play a card the caller knows is legal, without undo: the search playouts' fast path.

        The one-deck play; ``_TwinDeckHand`` has the one with copies."""
        seat = self.to_move
        assert seat is not None
        self._legal = -1
        self.hands[seat] ^= 1 << card
        played = CARDS[card]  # kept a Card: a compiled build passes ``card`` as a bare int
        self.plays.append(played)
        trick = self.trick
        trick.append(played)
        rules = self.rules
        if rules.heart_breakers >> card & 1:  # RuleSet.breaks_hearts, inlined for the playouts
            self.hearts_broken = True
        seats = rules.seats
        if len(trick) < seats:
            self.to_move = (seat + rules.direction) % seats
            return
        winner = trick_winner(self.leader, trick, rules.direction, seats)
        won = 0
        for one in trick:
            won |= 1 << one
        self.taken[winner] |= won
        self.trick_winners.append(winner)
        self.trick = []
        self.leader = self.to_move = winner
        if len(self.plays) == seats * rules.hand_size:
            self._finish()

    def _start_play(self) -> None:
        self._legal = -1
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
        self._legal = -1
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
        kind = type(self)
        twin = kind.__new__(kind)  # a compiled class is made by its own __new__ only
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
        twin._legal = self._legal
        return twin


class _TwinDeckHand(HandState):
    """A hand of a deck with two copies of some cards (Belmont): a card played takes one
    copy out of its holder's set, the second first so that the set stays canonical."""

    __slots__ = ()

    def play_unchecked(self, card: int) -> None:
        """Play a card the caller knows is legal, without undo (with copies)."""
        seat = self.to_move
        assert seat is not None
        self._legal = -1
        self.hands[seat] = remove(self.hands[seat], card)
        played = CARDS[card]
        self.plays.append(played)
        trick = self.trick
        trick.append(played)
        rules = self.rules
        if rules.heart_breakers >> card & 1:
            self.hearts_broken = True
        seats = rules.seats
        if len(trick) < seats:
            self.to_move = (seat + rules.direction) % seats
            return
        winner = trick_winner(self.leader, trick, rules.direction, seats)
        self.taken[winner] = plus(self.taken[winner], set_of(trick))
        self.trick_winners.append(winner)
        self.trick = []
        self.leader = self.to_move = winner
        if len(self.plays) == seats * rules.hand_size:
            self._finish()


def _phase_words(phase: Phase) -> str:
    return "cards are being passed" if phase is Phase.PASSING else "the hand is over"
