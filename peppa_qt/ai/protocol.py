"""The bot protocol (DESIGN.md): JSON lines, a record seen from one seat in, cards out.

``serve`` is ``peppa-qt bot``: our players for other programs. ``ExternalBot`` is the other
side: another program's player sitting in our arena as an ``ext:COMMAND`` seat.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Iterable
from typing import IO, Any, Final, NamedTuple

from ..engine.cards import Card, CardError
from ..engine.errors import RecordError
from ..engine.hand import Phase
from ..engine.record import MAX_VALUES, GameRecord, record_from_dict, record_to_dict
from ..engine.seat_record import view_from_seat_record
from ..jsontext import JsonTextError, load_json, quoted
from ..safe_read import MAX_FILE_BYTES
from .base import Player

#: The most cards a reply may name: a whole hand (a pass is three, a play one).
MOST_REPLY_CARDS = 13


class BotError(Exception):
    """An external bot that cannot be understood (bad reply, crash, silence)."""


#: The longest request or reply line read (a record of 10,000 hands is a few MB).
MAX_LINE: Final = MAX_FILE_BYTES
#: The most JSON values a request may hold: a record's most (as ``check`` reads one), and the
#: request's seat and record. A line padded past it is refused before anything is built.
MAX_REQUEST_VALUES: Final = MAX_VALUES + 2
#: The most a reply may hold: thirteen cards, with room for whatever else a bot tells.
MAX_REPLY_VALUES: Final = 10_000


def answer(player: Player, request: object) -> dict[str, Any]:
    """The reply to one request: ``{"cards": [...]}`` or ``{"error": "..."}``.

    The request is checked as a position (a record seen from the seat, replayed by the
    engine) before any player sees it; a position no game can reach is refused.
    """
    try:
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object")
        seat = request.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError("seat must be a seat number")
        record = record_from_dict(request.get("record"), hidden=True)
        if not 0 <= seat < record.seats:  # 4, or 6 or 8 in Belmont
            raise ValueError(f"seat must be 0..{record.seats - 1}")
        view = view_from_seat_record(record, seat)
        passing = view.phase is Phase.PASSING and view.passed is None
        if view.phase is Phase.PLAYING and view.first_lead is None:
            raise ValueError("the record must say who leads the first trick (lead)")
        if not passing and view.to_move != seat:
            raise ValueError(f"it is not seat {seat}'s turn")
        decision = player.decide(view)
    except (RecordError, ValueError) as error:
        return {"error": str(error)}
    except Exception as error:  # a bug of ours: said, and the loop goes on
        return {"error": f"the position could not be answered ({error.__class__.__name__})"}
    return {"cards": [str(card) for card in decision.cards]}


def read_line(stream: IO[bytes], limit: int | None = None) -> bytes | None:
    """The next line of ``stream`` (None at its end); a line longer than ``limit`` (MAX_LINE)
    is read to its end without keeping it and comes back as ``b""``: too long."""
    limit = MAX_LINE if limit is None else limit
    line = stream.readline(limit + 1)
    if not line:
        return None
    if len(line) <= limit or line.endswith(b"\n"):
        return line
    _skip_line(stream)  # the rest of an endless line, a piece at a time
    return b""


def serve(player: Player, stdin: IO[bytes], stdout: IO[str]) -> None:
    """Answer requests line by line until stdin closes; nothing a line holds ends the loop."""
    while (line := read_line(stdin)) is not None:
        if line == b"":
            reply: dict[str, Any] = {"error": f"a request line is longer than {MAX_LINE} bytes"}
        elif not line.strip():
            continue
        else:
            try:
                request = load_json(line, max_values=MAX_REQUEST_VALUES)
            except JsonTextError as error:
                reply = {"error": str(error)}
            else:
                reply = answer(player, request)
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


class Request(NamedTuple):
    """A request sent to an external bot: its number, when its reply is due
    (``time.monotonic()``) and when it was sent (``time.perf_counter()``)."""

    number: int
    deadline: float
    sent: float


class ExternalBot:
    """A program speaking the bot protocol, started once and asked for every move.

    Replies are numbered as they arrive and the n-th reply answers the n-th request, so a reply
    that comes after its request timed out is dropped, never taken for a later answer, and a
    reply more than was asked for is an error. A program that has ended is noticed at once
    (end of its output or its exit), not after the timeout. Its output is read as bytes, a
    line at most ``MAX_LINE`` long: nothing it writes can stop the reader or fill the memory.
    Requests are written by a thread of their own, so a program that stops reading its input
    (a full pipe) costs the reply timeout, as silence does, instead of blocking the arena.
    The program runs in a process group of its own (POSIX): closing it ends whatever
    processes it started too. Several programs can think at once: ``send`` to each, then
    ``receive`` each reply (as the arena asks for simultaneous passes); ``close_all`` gives
    many programs one moment together to end, and ``kill`` gives a misbehaving one none.
    """

    #: How often a wait for a reply looks whether the program is still running (seconds).
    POLL = 0.1
    #: How long output already written by a program that has exited may take to arrive.
    GRACE = 1.0
    #: How long a program may take to end once its input is closed.
    CLOSE_WAIT = 5.0

    def __init__(self, command: str, timeout: float = 30.0) -> None:
        self.command = command
        self.timeout = timeout
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise BotError(f"is not a command ({error})") from None
        if not argv:
            raise BotError("needs a command after ext:")
        try:
            self._process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True
            )
        except OSError as error:
            raise BotError(f"could not be started ({error.strerror or error})") from None
        #: Reply lines as they arrive: their number, the line and when it came (perf_counter).
        self._lines: queue.Queue[tuple[int, bytes, float] | None] = queue.Queue()
        #: Request lines for the writer; None closes the program's input.
        self._requests: queue.Queue[bytes | None] = queue.Queue()
        self._sent = 0  # requests written so far: the next request's number
        self._ended = False
        threading.Thread(target=self._read, daemon=True).start()
        self._writer = threading.Thread(target=self._write, daemon=True)
        self._writer.start()

    def _read(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        number = 0
        try:
            while line := stream.readline(MAX_LINE + 1):
                if len(line) > MAX_LINE and not line.endswith(b"\n"):
                    self._lines.put((number, b"", time.perf_counter()))  # too long: said now
                    number += 1
                    _skip_line(stream)
                elif line.strip():
                    self._lines.put((number, line, time.perf_counter()))
                    number += 1
        except (OSError, ValueError):  # the pipe closed under the reader
            pass
        self._lines.put(None)

    def _write(self) -> None:
        """Write the queued requests; the only user of the program's input, which it closes."""
        stream = self._process.stdin
        assert stream is not None
        try:
            while (data := self._requests.get()) is not None:
                stream.write(data)
                stream.flush()
        except OSError:  # the program closed its input or ended: the waiting ask is told
            self._lines.put(None)
        finally:
            with contextlib.suppress(OSError):
                stream.close()

    def ask(self, seat: int, record: GameRecord) -> list[Card]:
        """Send one request; the cards of the reply (raises BotError on any trouble)."""
        return self.receive(self.send(seat, record))[0]

    def send(self, seat: int, record: GameRecord, deadline: float | None = None) -> Request:
        """Send one request without waiting for its reply, which is due by ``deadline``
        (``time.monotonic()``; by default the timeout from now): several programs asked at
        once, as for simultaneous passes, think together. Raises BotError if it has ended."""
        if self._ended or self._has_exited():
            self._ended = True
            raise BotError("the program ended")
        self._drop_late_replies()
        if deadline is None:
            deadline = time.monotonic() + self.timeout  # writing the request counts too
        request = {"seat": seat, "record": record_to_dict(record)}
        sent = Request(self._sent, deadline, time.perf_counter())
        self._sent += 1
        self._requests.put(json.dumps(request).encode() + b"\n")
        return sent

    def receive(self, request: Request) -> tuple[list[Card], float]:
        """The cards of the reply to ``request`` and the seconds it took to come (BotError on
        any trouble, silence past its deadline included)."""
        line, arrived = self._reply(request.number, request.deadline)
        return _parse_reply(line), max(0.0, arrived - request.sent)

    def _drop_late_replies(self) -> None:
        """Before a request: late replies to timed-out ones go; one more than asked is an error."""
        while True:
            try:
                item = self._lines.get_nowait()
            except queue.Empty:
                return
            if item is None:
                self._ended = True
                raise BotError("the program ended")
            if item[0] >= self._sent:
                raise BotError("the program wrote more replies than it was sent requests")

    def _reply(self, number: int, deadline: float) -> tuple[bytes, float]:
        """The reply line to request ``number`` and when it came, dropping late replies to
        earlier ones."""
        exited: float | None = None  # when the program was first seen to have exited
        while True:
            now = time.monotonic()
            if now >= deadline:
                raise BotError(f"no answer within {self.timeout:g} s")
            if exited is None and self._has_exited():
                exited = now
            if exited is not None and now - exited >= self.GRACE:
                self._ended = True
                raise BotError("the program ended")
            try:
                item = self._lines.get(timeout=min(self.POLL, deadline - now))
            except queue.Empty:
                continue
            if item is None:
                self._ended = True
                raise BotError("the program ended")
            index, line, arrived = item
            if index == number:
                return line, arrived
            if index > number:
                raise BotError("the program wrote more replies than it was sent requests")
            # index < number: the late reply to a request that already timed out.

    def _has_exited(self) -> bool:
        """Whether the program has ended. On POSIX it is left unreaped until ``close``: its
        process id, which names its process group, is then given to no other process."""
        if self._process.returncode is not None:
            return True
        if not hasattr(os, "waitid"):
            return self._process.poll() is not None
        try:
            flags = os.WEXITED | os.WNOHANG | os.WNOWAIT
            return os.waitid(os.P_PID, self._process.pid, flags) is not None
        except ChildProcessError:  # reaped by someone else: its id is no longer held
            self._process.poll()  # sets its returncode: its group is not killed by id
            return True

    def close(self) -> None:
        """Close the program's input, give it a moment to end, then end its process group."""
        ExternalBot.close_all([self])

    @classmethod
    def close_all(cls, bots: Iterable[ExternalBot]) -> None:
        """Close the programs' inputs, give them one moment together to end, then end their
        process groups: many programs are waited for at once, not one after another."""
        bots = list(bots)
        for bot in bots:
            bot._requests.put(None)
        deadline = time.monotonic() + cls.GRACE
        for bot in bots:  # still writing after the moment: that program reads no more
            bot._writer.join(timeout=max(0.0, deadline - time.monotonic()))
        waiting = [bot for bot in bots if not bot._writer.is_alive()]  # input closed
        deadline = time.monotonic() + cls.CLOSE_WAIT
        while any(not bot._has_exited() for bot in waiting) and time.monotonic() < deadline:
            time.sleep(0.02)
        for bot in bots:
            bot._end_group()

    def kill(self) -> None:
        """End the program and its process group now, without the moment to end by itself:
        it misbehaved, and the game goes on without waiting for it."""
        self._requests.put(None)  # the writer ends: at once, or when the kill breaks its pipe
        self._end_group()

    def _end_group(self) -> None:
        """Kill every process left in the program's group, the program too, and reap it."""
        if hasattr(os, "killpg") and self._process.returncode is None:  # the group's id held
            with contextlib.suppress(OSError):
                os.killpg(self._process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self._process.kill()  # where there are no groups, or it left its own
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=self.CLOSE_WAIT)


def _skip_line(stream: IO[bytes]) -> None:
    """Read ``stream`` to the end of the current line without keeping it."""
    while True:
        piece = stream.readline(1 << 20)
        if not piece or piece.endswith(b"\n"):
            return


def _parse_reply(line: bytes) -> list[Card]:
    if not line:
        raise BotError(f"wrote a reply line longer than {MAX_LINE} bytes")
    try:
        reply = load_json(line.decode("utf-8"), max_values=MAX_REPLY_VALUES)
    except UnicodeDecodeError:
        raise BotError("wrote a reply that is not UTF-8 text") from None
    except JsonTextError as error:
        raise BotError(f"reply {quoted(line.strip().decode())} is {error}") from None
    if not isinstance(reply, dict):
        raise BotError("reply is not a JSON object")
    if "error" in reply:
        raise BotError(f"the bot answered an error: {quoted(reply['error'])}")
    cards = reply.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise BotError('reply needs "cards": a list of card names')
    if len(cards) > MOST_REPLY_CARDS:
        raise BotError(f"reply gives {len(cards)} cards")
    try:
        return [Card.parse(c) for c in cards]
    except CardError as error:
        raise BotError(str(error)) from None
