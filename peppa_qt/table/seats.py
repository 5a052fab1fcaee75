"""A seat answers for itself: the game loop asks every seat the same way, whoever sits there.

The loop hands a seat a ``Request`` (its own view of the game, nothing more) when the seat
must pass or play, and the seat answers through it, on the loop's thread, when it has
chosen: a computer after thinking in a worker, a person when they click, a program over a
pipe, a player over the network. An illegal answer is refused and the request stays open; a
request the game no longer needs (a move taken back, a new game) is withdrawn. Kinds of seat
are objects of their own (``computer.py``, ``bot.py``, ``stand_in.py``, ``HumanSeat`` below);
a new kind is a new subclass of ``Seat``, and the loop does not change.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..engine.errors import IllegalMove, Reason

if TYPE_CHECKING:
    from ..engine import GameRecord, PlayerView

#: How the loop takes an answer: None if taken, else why not (the request stays open).
Reply = Callable[["Request", tuple[int, ...]], IllegalMove | None]


class Request:
    """One question to one seat: its pass or its card, from its own view."""

    def __init__(self, view: PlayerView, reply: Reply, record: Callable[[], GameRecord]) -> None:
        self.view = view
        self._reply = reply
        self._record = record
        self._seen: GameRecord | None = None
        #: Still wanted: not answered, not withdrawn (the loop closes it).
        self.open = True

    @property
    def seat(self) -> int:
        """The seat asked."""
        return self.view.seat

    @property
    def passing(self) -> bool:
        """A pass is asked for (else a card to play)."""
        return self.view.to_move is None

    def record(self) -> GameRecord:
        """The game seen from the seat, as the bot protocol sends it (other hands hidden).

        Read it while being asked (on the loop's thread): the game moves on after that.
        """
        if self._seen is None:
            self._seen = self._record()
        return self._seen

    def answer(self, cards: Sequence[int]) -> IllegalMove | None:
        """The seat's pass or card: None if taken, else why it was refused."""
        if not self.open:
            return IllegalMove(Reason.NOT_YOUR_TURN, "not asked now", seat=self.seat)
        return self._reply(self, tuple(cards))


class Seat(ABC):
    """Whoever sits at a seat, as the game loop sees them: asked, and answering."""

    #: Asked as soon as its position is known, while a screen still shows the move before
    #: (a computer thinks ahead); else asked once its turn has come.
    asks_ahead = False
    #: Its cards wait out the pace's pause after its turn begins (a computer seems to think);
    #: else they are played when given.
    paced = False

    @abstractmethod
    def ask(self, request: Request) -> None:
        """Choose for ``request`` and answer it (now or later, on the loop's thread)."""

    def withdraw(self, request: Request) -> None:
        """``request`` is no longer wanted (a move taken back, the game left): stop on it."""
        return  # not abstract: a seat with nothing under way has nothing to stop

    def close(self) -> None:
        """The game is over or left: let go of whatever the seat holds."""
        return  # not abstract: most seats hold nothing


class HumanSeat(Seat):
    """A person answers: the request waits for whoever shows it to them (a window, a client).

    ``on_asked`` is told of each request as it comes (on the loop's thread); the answer comes
    through ``answer`` once the person has chosen.
    """

    def __init__(self, on_asked: Callable[[Request], None] | None = None) -> None:
        self.on_asked = on_asked
        #: The request waiting for the person, if any.
        self.request: Request | None = None

    def ask(self, request: Request) -> None:
        """Keep ``request`` for the person, and say it came."""
        self.request = request
        if self.on_asked is not None:
            self.on_asked(request)

    def withdraw(self, request: Request) -> None:
        """The person is not waited for any more."""
        if self.request is request:
            self.request = None

    @property
    def asked(self) -> bool:
        """Whether the person is asked now."""
        return self.request is not None and self.request.open

    def answer(self, cards: Sequence[int]) -> IllegalMove | None:
        """The person's pass or card: None if taken, else why not."""
        request = self.request
        if request is None or not request.open:
            return IllegalMove(Reason.NOT_YOUR_TURN, "not asked now")
        refusal = request.answer(cards)
        if refusal is None and self.request is request:  # (the next question may be here)
            self.request = None
        return refusal
