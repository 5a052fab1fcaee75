"""The game loop: asks each seat for its pass or card, applies the answer, tells what happened.

One ``TableLoop`` plays one game (a ``Match``) for whoever hosts it: the window
(controller/game_controller.py), a server, a test. It is the only caller of the match's
moves while it runs. Each seat is asked through one interface (``seats.Seat``), with its
own view; each answer is checked by the engine, and a legal one is applied; every change is
told to the listeners as a plain event (``events.py``) at the moment it happens.

The host *holds* the loop while it shows what happened (a table animating a card): answers
that come meanwhile wait, and are applied, in the order of the game, once it lets go. A
computer (``Seat.asks_ahead``) is asked as soon as its position is known, so it thinks
while the card before is still being shown; its card then waits out the pace's pause from
the moment its turn began (``Seat.paced``). Nothing here blocks: a seat answers when it
can, and the loop goes on from there (``clock.Scheduler``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..engine import HandState, Match, Phase, PlayerInfo, record_of, view_of
from ..engine.errors import IllegalMove, Reason
from .events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandResumed,
    HandScored,
    MovesTakenBack,
    PassChosen,
    PassingBegan,
    TrickWon,
    TurnBegan,
)
from .pace import Pace
from .seats import Request, Seat

if TYPE_CHECKING:
    from .clock import Scheduler, Timer

Listener = Callable[[Event], None]
#: A pause this close to its end (seconds) is over: a clock's rounding never plans another.
_ON_TIME = 1e-6


class TableLoop:
    """Plays one game: asks the seats, applies their answers, tells the listeners."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[Seat],
        scheduler: Scheduler,
        *,
        pace: Pace | None = None,
        players: tuple[PlayerInfo, ...] | None = None,
        deals: Callable[[int], list[int]] | None = None,
    ) -> None:
        """``players``: the names and kinds a seat's record tells (the bot protocol's).
        ``deals``: the cards of hand i (a host's secret randomness); by default the match
        deals from its deal numbers, a public scheme."""
        if len(seats) != match.rules.seats:
            raise ValueError(f"{match.rules.seats} seats at this table, {len(seats)} given")
        self.match = match
        self.seats = tuple(seats)
        #: How fast the game goes on (settable: a hand being finished goes faster).
        self.pace = pace or Pace()
        self._scheduler = scheduler
        self._players = players
        self._deals = deals
        self._listeners: list[Listener] = []
        #: The question each seat is being asked, unanswered.
        self._open: dict[int, Request] = {}
        #: Legal answers not applied yet (the host holds the loop, or the pause runs).
        self._answers: dict[int, tuple[int, ...]] = {}
        self._held = False
        #: The position (hand, cards played) whose turn has begun, and when.
        self._turn: tuple[int, int] | None = None
        self._turn_at = 0.0
        self._pause: Timer | None = None
        self._passing_told = False
        self._closed = False
        self._running = self._again = self._planned = False

    # ------------------------------------------------------------------ queries

    @property
    def hand(self) -> HandState | None:
        """The hand in play, or the last one scored."""
        return self.match.current

    @property
    def held(self) -> bool:
        """Whether the host is showing what happened (the game waits for it)."""
        return self._held

    @property
    def closed(self) -> bool:
        """Whether the game was left (``close``)."""
        return self._closed

    def asked(self) -> frozenset[int]:
        """The seats asked now and not yet answered."""
        return frozenset(self._open)

    def index(self) -> int:
        """The index of the hand in play (or last scored) in the game."""
        return len(self.match.hands) - 1

    # ------------------------------------------------------------------ the host's calls

    def listen(self, listener: Listener) -> None:
        """Tell ``listener`` every event from now on."""
        self._listeners.append(listener)

    def start(self) -> None:
        """Deal the first hand, or go on with the match as it stands (a saved game)."""
        hand = self.match.current
        if hand is None:
            self._deal()
        else:
            self._tell(HandResumed(self.index()))
            if hand.result is not None:
                self._tell_scored(hand)
            self._ask_ahead()
        self._plan()

    def hold(self) -> None:
        """The host is showing what happened: apply nothing until ``release``."""
        self._held = True

    def release(self) -> None:
        """The host has shown everything: the game goes on."""
        self._held = False
        self._plan()

    def next_hand(self) -> bool:
        """Deal the next hand once the last one is scored (False: not now). The host asks
        when it has shown the score; the deal's events then hold it again."""
        hand = self.match.current
        if self._closed or self.match.is_over:
            return False
        if hand is None or hand.phase is not Phase.SCORED:
            return False
        self._deal()
        self._plan()
        return True

    def take_back(self, count: int) -> None:
        """Take back the last ``count`` moves of the hand in play (undo); every seat is
        asked again from the position they leave."""
        self._withdraw_all()
        for _ in range(count):
            self.match.undo()
        self._turn = None
        self._passing_told = False
        self._tell(MovesTakenBack(count))
        self._ask_ahead()
        self._plan()

    def ask_again(self) -> None:
        """Forget every question and answer under way and ask afresh (after a host's error:
        an answer may have been lost with it)."""
        self._withdraw_all()
        self._turn = None
        self._passing_told = False
        self._ask_ahead()
        self._plan()

    def close(self) -> None:
        """Leave the game: nothing more is asked or applied; the seats let go."""
        self._withdraw_all()
        self._closed = True
        for seat in self.seats:
            seat.close()

    # ------------------------------------------------------------------ the loop

    def _plan(self) -> None:
        """Go on from here on the loop's thread, after the call in progress."""
        if not self._planned:
            self._planned = True
            self._scheduler.call_soon(self._planned_progress)

    def _planned_progress(self) -> None:
        self._planned = False
        self._progress()

    def _progress(self) -> None:
        """Apply what can be applied and ask whoever must act, until the game waits."""
        if self._running:  # an answer given while being asked: the loop in progress takes it
            self._again = True
            return
        self._running = True
        try:
            self._again = True
            while self._again and not self._closed:
                self._again = False
                self._step()
        finally:
            self._running = False

    def _step(self) -> None:
        hand = self.match.current
        if hand is None or self._held:
            return
        if hand.phase is Phase.PASSING:
            self._passes(hand)
        elif hand.phase is Phase.PLAYING:
            self._plays(hand)
        elif not self.match.is_over and self.pace.auto_next_hand:
            self._deal()

    def _passes(self, hand: HandState) -> None:
        """Every seat is asked at once; each pass is applied as it comes."""
        if not self._passing_told:
            self._passing_told = True
            self._tell(PassingBegan())
        for seat in range(hand.rules.seats):
            if self._held or hand.phase is not Phase.PASSING:
                return
            if hand.passes[seat] is not None:
                continue
            cards = self._answers.pop(seat, None)
            if cards is not None:
                self._apply_pass(hand, seat, cards)
            elif seat not in self._open:
                self._ask(seat)

    def _plays(self, hand: HandState) -> None:
        """The seat to play: its turn begins, it is asked, its card waits out the pause."""
        seat = hand.to_move
        assert seat is not None
        position = (self.index(), len(hand.plays))
        if self._turn != position:
            self._turn, self._turn_at = position, self._scheduler.now()
            self._tell(TurnBegan(seat))
        cards = self._answers.get(seat)
        if cards is None:
            if seat not in self._open:
                self._ask(seat)
            return
        if self.seats[seat].paced:
            wait = self.pace.ai_pause_ms / 1000 - (self._scheduler.now() - self._turn_at)
            if wait > _ON_TIME:
                if self._pause is None:
                    self._pause = self._scheduler.call_later(wait, self._paused)
                return
        del self._answers[seat]
        self._apply_play(hand, seat, cards[0])

    def _paused(self) -> None:
        self._pause = None
        self._progress()

    # ------------------------------------------------------------------ asking

    def _ask(self, seat: int) -> None:
        match, players = self.match, self._players
        request = Request(
            view_of(match, seat), self._reply, lambda: record_of(match, players).seen_from(seat)
        )
        self._open[seat] = request
        self.seats[seat].ask(request)

    def _ask_ahead(self) -> None:
        """The seats that think ahead are asked now what they will have to decide."""
        hand = self.match.current
        if hand is None or self._closed:
            return
        if hand.phase is Phase.PASSING:
            acting = [s for s in range(hand.rules.seats) if hand.passes[s] is None]
        elif hand.phase is Phase.PLAYING and hand.to_move is not None:
            acting = [hand.to_move]
        else:
            acting = []
        for seat in acting:
            if self.seats[seat].asks_ahead and seat not in self._open | self._answers.keys():
                self._ask(seat)

    def _reply(self, request: Request, cards: tuple[int, ...]) -> IllegalMove | None:
        """A seat's answer: refused if illegal, else kept and applied when the game may."""
        seat = request.seat
        if self._open.get(seat) is not request:
            return IllegalMove(Reason.NOT_YOUR_TURN, "not asked now", seat=seat)
        refusal = self._why_illegal(request, cards)
        if refusal is not None:
            return refusal
        request.open = False
        del self._open[seat]
        self._answers[seat] = cards
        self._progress()
        return None

    def _why_illegal(self, request: Request, cards: tuple[int, ...]) -> IllegalMove | None:
        if request.passing:
            return self.match.why_illegal_pass(request.seat, cards)
        if len(cards) != 1:
            return IllegalMove(Reason.CARD_NOT_HELD, "a play is one card", seat=request.seat)
        return self.match.why_illegal(cards[0])

    def _withdraw_all(self) -> None:
        opened, self._open = self._open, {}
        self._answers.clear()
        if self._pause is not None:
            self._pause.cancel()
            self._pause = None
        for seat, request in opened.items():
            request.open = False
            self.seats[seat].withdraw(request)

    # ------------------------------------------------------------------ applying

    def _deal(self) -> None:
        deals = self._deals
        self.match.start_hand(None if deals is None else deals(len(self.match.hands)))
        self._turn = None
        self._passing_told = False
        self._tell(HandDealt(self.index()))
        self._ask_ahead()
        self._again = True

    def _apply_pass(self, hand: HandState, seat: int, cards: tuple[int, ...]) -> None:
        self.match.pass_cards(seat, cards)
        self._tell(PassChosen(seat))
        if hand.phase is Phase.PLAYING:
            self._tell(CardsPassed(self.index()))
            self._ask_ahead()
        self._again = True

    def _apply_play(self, hand: HandState, seat: int, card: int) -> None:
        seats = hand.rules.seats
        completes_trick = len(hand.trick) == seats - 1
        self.match.play(card)
        self._turn = None
        self._tell(CardPlayed(seat, card))
        if completes_trick:
            self._tell(TrickWon(hand.trick_winners[-1], tuple(hand.plays[-seats:])))
        if hand.result is not None:
            self._tell_scored(hand)
        self._ask_ahead()  # the next to play (the trick's winner after its last card)
        self._again = True

    def _tell_scored(self, hand: HandState) -> None:
        assert hand.result is not None
        self._tell(HandScored(self.index(), hand.result))
        if self.match.is_over:
            self._tell(GameOver(tuple(self.match.ranking())))

    def _tell(self, event: Event) -> None:
        for listener in self._listeners:
            listener(event)
