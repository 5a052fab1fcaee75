"""A seat whose player may be away: a computer answers for them meanwhile.

A person at a seat (a window's human, a player over the network) may step away, lose their
connection, or keep the table waiting. ``StandIn`` asks the person as usual; while they are
``away`` (the host says so), or once ``grace`` seconds pass without their answer, the stand-in
computer is asked the same question, and the first legal answer is the seat's. When the person
comes back, an open question is theirs again.
"""

from __future__ import annotations

from .clock import Scheduler, Timer
from .seats import Request, Seat


class StandIn(Seat):
    """A person's seat with a computer to answer while they are away or too long."""

    def __init__(
        self, person: Seat, computer: Seat, scheduler: Scheduler, grace: float | None = None
    ) -> None:
        """``grace``: seconds the person may take before the computer answers (None: no limit)."""
        self.person = person
        self.computer = computer
        self.grace = grace
        self._scheduler = scheduler
        self._request: Request | None = None
        self._timer: Timer | None = None
        self._away = False
        self.asks_ahead = person.asks_ahead
        self.paced = person.paced

    @property
    def away(self) -> bool:
        """Whether the person is away (the computer answers for them)."""
        return self._away

    def set_away(self, away: bool) -> None:
        """The person left (the computer takes an open question at once) or came back (it is
        theirs again, and the computer stops on it)."""
        self._away = away
        request = self._request
        if request is None or not request.open:
            return
        if away:
            self._relieve(request)
        else:
            self.computer.withdraw(request)
            self.person.ask(request)
            self._start_grace(request)

    def ask(self, request: Request) -> None:
        """The person is asked; the computer, while they are away or once the grace is over."""
        self._request = request
        if self._away:
            self._relieve(request)
            return
        self.person.ask(request)
        self._start_grace(request)

    def withdraw(self, request: Request) -> None:
        """Neither answers it any more."""
        self._stop_grace()
        self.person.withdraw(request)
        self.computer.withdraw(request)
        if self._request is request:
            self._request = None

    def close(self) -> None:
        """Both let go."""
        self._stop_grace()
        self.person.close()
        self.computer.close()

    def _start_grace(self, request: Request) -> None:
        self._stop_grace()
        if self.grace is not None:
            self._timer = self._scheduler.call_later(self.grace, lambda: self._relieve(request))

    def _stop_grace(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _relieve(self, request: Request) -> None:
        """The computer answers ``request`` for the person (if it is still open)."""
        self._timer = None
        if request.open and request is self._request:
            self.person.withdraw(request)
            self.computer.ask(request)
