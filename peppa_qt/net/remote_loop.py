"""A hosted game played at this window: the host's views told as a game loop tells its events.

The window's ``GameController`` hosts a game loop and shows its events one at a time, holding
the loop while the table shows each. For a game played on another host (the window joined a
table) or hosted by this window on its network thread, the game goes on elsewhere: this
loop's events come from the host's messages, through a ``Mirror`` (each event with the game as
it leaves it), and its people's answers go back to the host (``send``). It gives the
controller what a ``TableLoop`` gives: ``match`` (the game as the event being told left it),
``listen``, ``hold``/``release``, the people asked (``HumanSeat`` requests) and ``close``.
Moves are not taken back and the next hand is dealt by the host.

The people's answers are checked here first, against the seat's own view (the rules need
nothing more: its own cards, the trick, what has been played), so an illegal card is refused
at once with the rule's reason; the host checks again and is the authority.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..engine import Match, Phase, PlayerView, RecordError, record_of, view_of
from ..engine.errors import IllegalMove, Reason
from ..table.clock import Scheduler
from ..table.events import Event, PassingBegan, TurnBegan
from ..table.pace import Pace
from ..table.seats import HumanSeat, Request
from .mirror import Mirror, Step

log = logging.getLogger(__name__)

#: How the loop hands a person's pass or card to the host.
Send = Callable[[int, tuple[int, ...]], None]
Listener = Callable[[Event], None]


class RemoteLoop:
    """The game loop of a game whose authority is elsewhere."""

    def __init__(
        self,
        mirror: Mirror,
        humans: Mapping[int, HumanSeat],
        send: Send,
        scheduler: Scheduler,
        ready: Callable[[], None] | None = None,
    ) -> None:
        """``ready`` tells the host this window's players have read a hand's score."""
        self.mirror = mirror
        self._ready = ready
        self.humans = dict(humans)
        self._send = send
        self._scheduler = scheduler
        #: The game as the last event told left it (None before the first view).
        self.match: Match | None = None
        #: Whether the seat knows who plays next (false before a hand's first card when it
        #: does not lead: the screen shows nobody to play).
        self.lead_known = True
        self.pace = Pace()
        #: The newest message's extras (names, who is connected…) for the screen.
        self.extras: dict[str, Any] = {}
        #: Told when the extras change (a player joined, dropped, came back).
        self.on_extras: Callable[[], None] | None = None
        self._listeners: list[Listener] = []
        self._steps: deque[Step] = deque()
        self._to_act: frozenset[int] = frozenset()
        self._open: dict[int, Request] = {}
        #: Where each seat stood when it answered: a view sent before the answer was taken
        #: asks nothing new.
        self._answered: dict[int, tuple[int, int, bool]] = {}
        self._held = False
        self._closed = False
        self._planned = False
        self._turn: tuple[int, int] | None = None
        self._passing_told: int | None = None

    # ------------------------------------------------------------------ as a TableLoop

    @property
    def closed(self) -> bool:
        """Whether the game was left."""
        return self._closed

    def asked(self) -> frozenset[int]:
        """The seats asked now."""
        return frozenset(self._open)

    def listen(self, listener: Listener) -> None:
        """Tell ``listener`` every event from now on."""
        self._listeners.append(listener)

    def start(self) -> None:
        """Nothing to deal: the host's first view tells where the game stands."""
        self._plan()

    def hold(self) -> None:
        """The window is showing what happened: tell nothing more until ``release``."""
        self._held = True

    def release(self) -> None:
        """The window has shown everything: the next event may be told."""
        self._held = False
        self._plan()

    def next_hand(self) -> bool:
        """The players here have read the score: the host is told (it deals the next hand
        once everyone has, or after its pause). False: nothing is dealt here."""
        if self._ready is not None and not self._closed:
            self._ready()
        return False

    def take_back(self, count: int) -> None:
        """Moves are never taken back at a hosted table: the window offers no undo, and
        the table is drawn again as it stands."""
        log.warning("%d moves not taken back: the game is hosted elsewhere", count)
        self.ask_again()

    def ask_again(self) -> None:
        """Forget the questions under way and ask afresh (the host is asked nothing)."""
        self._withdraw(self._open)
        self._answered.clear()
        self._plan()

    def close(self) -> None:
        """Leave the game: nothing more is told or asked."""
        self._withdraw(self._open)
        self._closed = True
        self._steps.clear()

    # ------------------------------------------------------------------ the host's messages

    def feed(self, message: dict[str, Any], to_act: Iterable[int]) -> bool:
        """A view of the game from the host, and the seats here it asks to act: told in
        turn. False if it could not be read (it is left aside; the next one will do)."""
        if self._closed:
            return False
        record = message.get("record")
        if isinstance(record, dict) and not record.get("hands"):  # the table waits for players
            self._note(message)
            return True
        try:
            steps = self.mirror.steps(message)
        except (RecordError, KeyError, TypeError, ValueError) as error:
            log.warning("a view from the host could not be read: %s", error)
            return False
        self._steps.extend(steps)
        self._to_act = frozenset(s for s in to_act if s in self.humans)
        self._note(message)
        self._plan()
        return True

    def _note(self, message: dict[str, Any]) -> None:
        extras = {k: v for k, v in message.items() if k not in ("record", "type", "to_act")}
        if extras != self.extras:
            self.extras = extras
            if self.on_extras is not None:
                self.on_extras()

    def refused(self, seat: int) -> None:
        """The host did not take the seat's last answer: it is asked again."""
        self._answered.pop(seat, None)
        self._plan()

    # ------------------------------------------------------------------ telling

    def _plan(self) -> None:
        if not self._planned and not self._closed:
            self._planned = True
            self._scheduler.call_soon(self._progress)

    def _progress(self) -> None:
        """Tell the events waiting, one at a time while the window shows them, then ask."""
        self._planned = False
        while not self._held and not self._closed:
            self._tell_turn()
            if self._held or not self._steps:
                break
            step = self._steps.popleft()
            self.match, self.lead_known = step.match, step.lead_known
            self._tell(step.event)
        if not self._held and not self._closed and not self._steps:
            self._ask()

    def _tell_turn(self) -> None:
        """Whose turn it is, once per position (as a local loop tells it before asking)."""
        match = self.match
        hand = match.current if match is not None else None
        if match is None or hand is None:
            return
        index = len(match.hands) - 1
        if hand.phase is Phase.PASSING and self._passing_told != index:
            self._passing_told = index
            self._tell(PassingBegan())
        elif hand.phase is Phase.PLAYING and self.lead_known and hand.to_move is not None:
            position = (index, len(hand.plays))
            if self._turn != position:
                self._turn = position
                self._tell(TurnBegan(hand.to_move))

    def _tell(self, event: Event) -> None:
        for listener in self._listeners:
            listener(event)

    # ------------------------------------------------------------------ asking

    def _position(self, seat: int) -> tuple[int, int, bool]:
        match = self.match
        assert match is not None and match.current is not None
        hand = match.current
        return len(match.hands), len(hand.plays), hand.passes[seat] is None

    def _ask(self) -> None:
        """Ask the people the host asks (once per position), withdraw the others."""
        match = self.match
        if match is None or match.current is None:
            return
        wanted = {s for s in self._to_act if self._answered.get(s) != self._position(s)}
        self._withdraw({s: r for s, r in self._open.items() if s not in wanted})
        for seat in sorted(wanted - self._open.keys()):
            seen = match

            def record(seat: int = seat, seen: Match = seen) -> Any:
                return record_of(seen).seen_from(seat)

            request = Request(self._view(seat), self._reply, record)
            self._open[seat] = request
            self.humans[seat].ask(request)

    def _view(self, seat: int) -> PlayerView:
        assert self.match is not None
        view = view_of(self.match, seat)
        if not self.lead_known:
            view = replace(view, first_lead=None, to_move=None, legal=0)
        return view

    def _withdraw(self, requests: Mapping[int, Request]) -> None:
        for seat, request in list(requests.items()):
            request.open = False
            self._open.pop(seat, None)
            self.humans[seat].withdraw(request)

    def _reply(self, request: Request, cards: tuple[int, ...]) -> IllegalMove | None:
        """A person's answer: refused here if illegal, else sent to the host."""
        seat, match = request.seat, self.match
        if self._open.get(seat) is not request or match is None:
            return IllegalMove(Reason.NOT_YOUR_TURN, "not asked now", seat=seat)
        refusal = _why_illegal(match, request, cards)
        if refusal is not None:
            return refusal
        request.open = False
        del self._open[seat]
        self._answered[seat] = self._position(seat)
        self._send(seat, cards)
        return None


def _why_illegal(match: Match, request: Request, cards: Sequence[int]) -> IllegalMove | None:
    """Why the rules refuse ``cards`` for ``request`` (the seat's own cards are true here)."""
    if request.passing:
        return match.why_illegal_pass(request.seat, cards)
    if len(cards) != 1:
        return IllegalMove(Reason.CARD_NOT_HELD, "a play is one card", seat=request.seat)
    return match.why_illegal(cards[0])
