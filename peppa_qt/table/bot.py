"""An outside program at a seat (the bot protocol: ``ai/protocol.py``): asked over its pipe.

It is asked with the game seen from its seat (the record the protocol sends) in a thread of
its own, so that several programs think at once (every seat passes at the same time) and a
silent one costs its own time-out, not the others'. A program that times out, breaks the
protocol, ends, or answers illegally loses the seat for the rest of the game: its stand-in (a
computer) answers from then on, the question it failed included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from ..ai.protocol import BotError, ExternalBot
from .clock import Scheduler
from .seats import Request, Seat

if TYPE_CHECKING:
    from ..engine import GameRecord


class BotSeat(Seat):
    """An external program at a seat, with a computer to take over should it fail."""

    asks_ahead = True
    paced = True

    def __init__(
        self,
        bot: ExternalBot,
        stand_in: Seat,
        scheduler: Scheduler,
        on_dropped: Callable[[str], None] | None = None,
    ) -> None:
        """``on_dropped`` is told why the program lost its seat (once)."""
        self.bot = bot
        self.stand_in = stand_in
        self._scheduler = scheduler
        self._on_dropped = on_dropped
        self._asker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="peppa-bot")
        #: Why the program lost the seat ("" while it has it).
        self.dropped = ""

    def ask(self, request: Request) -> None:
        """Send the program the game seen from the seat; its answer comes back on the loop."""
        if self.dropped:
            self.stand_in.ask(request)
            return
        record = request.record()  # read now, on the loop's thread
        self._asker.submit(self._consult, request, record)

    def _consult(self, request: Request, record: GameRecord) -> None:
        """In the seat's thread: ask the program, post what it said (or why it failed)."""
        try:
            cards = self.bot.ask(request.seat, record)
        except BotError as error:
            why = str(error)
            self._scheduler.call_soon(lambda: self._failed(request, why))
            return
        self._scheduler.call_soon(lambda: self._answered(request, cards))

    def _answered(self, request: Request, cards: Sequence[int]) -> None:
        if not request.open or self.dropped:
            return
        refusal = request.answer(cards)
        if refusal is not None:
            self._failed(request, f"made an illegal move ({refusal})")

    def _failed(self, request: Request, why: str) -> None:
        if not self.dropped:
            self.dropped = why
            self._asker.submit(self.bot.close)  # it may take seconds to end: not here
            if self._on_dropped is not None:
                self._on_dropped(why)
        if request.open:
            self.stand_in.ask(request)

    def withdraw(self, request: Request) -> None:
        """The program's reply to it, if one comes, is dropped; a stand-in stops."""
        if self.dropped:
            self.stand_in.withdraw(request)

    def close(self) -> None:
        """The program is told the game is over (its input closes); the stand-in too."""
        self._asker.submit(self.bot.close)  # after a question still being asked
        self._asker.shutdown(wait=False)
        self.stand_in.close()
