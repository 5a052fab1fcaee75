"""The bot protocol (DESIGN.md): JSON lines, a record seen from one seat in, cards out.

``serve`` is ``peppa-qt bot``: our players for other programs. ``ExternalBot`` is the other
side: another program's player sitting in our arena as an ``ext:COMMAND`` seat.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from typing import IO, Any

from ..engine.cards import Card, CardError
from ..engine.errors import RecordError
from ..engine.hand import Phase
from ..engine.record import GameRecord, record_from_dict, record_to_dict
from ..engine.seat_record import view_from_seat_record
from .base import Player


class BotError(Exception):
    """An external bot that cannot be understood (bad reply, crash, silence)."""


def answer(player: Player, request: object) -> dict[str, Any]:
    """The reply to one request: ``{"cards": [...]}`` or ``{"error": "..."}``."""
    try:
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object")
        seat = request.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise ValueError("seat must be 0..3")
        record = record_from_dict(request.get("record"), hidden=True)
        view = view_from_seat_record(record, seat)
        passing = view.phase is Phase.PASSING and view.passed is None
        if not passing and view.to_move != seat:
            raise ValueError(f"it is not seat {seat}'s turn")
        decision = player.decide(view)
    except (RecordError, ValueError) as error:
        return {"error": str(error)}
    return {"cards": [str(card) for card in decision.cards]}


def serve(player: Player, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer requests line by line until stdin closes."""
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError:
            reply: dict[str, Any] = {"error": "not valid JSON"}
        else:
            reply = answer(player, request)
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


class ExternalBot:
    """A program speaking the bot protocol, started once and asked for every move.

    Replies are numbered as they arrive and the n-th reply answers the n-th request, so a reply
    that comes after its request timed out is dropped, never taken for a later answer. A program
    that has ended is noticed at once (end of its output or its exit), not after the timeout.
    """

    #: How often a wait for a reply looks whether the program is still running (seconds).
    POLL = 0.1
    #: How long output already written by a program that has exited may take to arrive.
    GRACE = 1.0

    def __init__(self, command: str, timeout: float = 30.0) -> None:
        self.command = command
        self.timeout = timeout
        self._process = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._lines: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._sent = 0  # requests written so far: the next request's number
        self._ended = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self._process.stdout is not None
        number = 0
        for line in self._process.stdout:
            if line.strip():
                self._lines.put((number, line))
                number += 1
        self._lines.put(None)

    def ask(self, seat: int, record: GameRecord) -> list[Card]:
        """Send one request; the cards of the reply (raises BotError on any trouble)."""
        if self._ended or self._process.poll() is not None:
            self._ended = True
            raise BotError("the program ended")
        request = {"seat": seat, "record": record_to_dict(record)}
        number = self._sent
        self._sent += 1
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
        except OSError as error:
            self._ended = True
            raise BotError(f"the program ended ({error.__class__.__name__})") from None
        return _parse_reply(self._reply(number))

    def _reply(self, number: int) -> str:
        """The reply line to request ``number``, dropping late replies to earlier ones."""
        deadline = time.monotonic() + self.timeout
        exited: float | None = None  # when the program was first seen to have exited
        while True:
            now = time.monotonic()
            if now >= deadline:
                raise BotError(f"no answer within {self.timeout:g} s")
            if exited is None and self._process.poll() is not None:
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
            index, line = item
            if index == number:
                return line
            if index > number:
                raise BotError("the program wrote more replies than it was sent requests")
            # index < number: the late reply to a request that already timed out.

    def close(self) -> None:
        """Close stdin and wait briefly for the program to end."""
        try:
            if self._process.stdin is not None:
                self._process.stdin.close()
            self._process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self._process.kill()


def _parse_reply(line: str) -> list[Card]:
    try:
        reply = json.loads(line)
    except ValueError:
        raise BotError(f"reply is not JSON: {line.strip()[:80]!r}") from None
    if not isinstance(reply, dict):
        raise BotError("reply is not a JSON object")
    if "error" in reply:
        raise BotError(f"the bot answered an error: {reply['error']}")
    cards = reply.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise BotError('reply needs "cards": a list of card names')
    try:
        return [Card.parse(c) for c in cards]
    except CardError as error:
        raise BotError(str(error)) from None
