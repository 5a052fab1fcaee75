"""A client of the table protocol (no Qt): takes a seat at a hosted table and plays it.

``TableClient`` connects to ``ws://HOST:PORT/table``, says hello (a free seat, a chosen one,
or its own back with its token) and keeps the newest view; ``play`` answers every view that
asks the seat to act with a chooser's cards (a computer level, a person's window later),
once per position (a view sent before the last answer was taken asks nothing new), and comes
back with its token when the connection drops. ``peppa-qt join`` plays a seat with a
computer level this way: a bot over the network.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
import sys
from collections.abc import Callable, Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ..engine import PlayerView
from ..engine.cards import format_cards
from ..engine.record import record_from_dict
from ..engine.seat_record import view_from_seat_record
from .messages import MAX_MESSAGE, PROTOCOL, TAKEN_BACK, Refusal

Chooser = Callable[[PlayerView], Sequence[int]]


class TableClient:
    """One seat's connection to a hosted table."""

    def __init__(
        self,
        url: str,
        table: str,
        name: str,
        *,
        seat: int | None = None,
        token: str | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.url = url
        self.table = table
        self.name = name
        self.seat = seat
        self.token = token
        self._tls = tls
        self._connection: ClientConnection | None = None
        #: The newest view received.
        self.view: dict[str, Any] | None = None
        #: The refusals received (code, reason), the newest last.
        self.refusals: list[tuple[str, str]] = []

    async def join(self) -> None:
        """Connect and take the seat. Raises ``Refusal`` if the host will not seat us."""
        kwargs: dict[str, Any] = {"max_size": 16 * MAX_MESSAGE}
        if self._tls is not None:
            kwargs["ssl"] = self._tls
        self._connection = await connect(self.url, **kwargs)
        hello = {
            "type": "hello",
            "protocol": PROTOCOL,
            "table": self.table,
            "name": self.name,
            "seat": self.seat,
            "token": self.token,
        }
        await self._connection.send(json.dumps(hello))
        while True:
            message = await self.receive()
            if message.get("type") == "welcome":
                self.seat, self.token = int(message["seat"]), str(message["token"])
                return
            if message.get("type") == "refused":
                await self.close()
                raise Refusal(str(message.get("code")), str(message.get("reason")))

    async def close(self) -> None:
        """Leave the table (the seat stays ours: ``join`` again with the token)."""
        if self._connection is not None:
            await self._connection.close()
            self._connection = None

    async def play(self, choose: Chooser, *, comebacks: int = 30) -> dict[str, Any]:
        """Answer every view that asks the seat to act, until the game is over; the final
        view. A dropped connection is taken up again with the token (tried ``comebacks``
        times, a second apart); Refusal if another connection took the seat with it."""
        answered: tuple[int, str, str] | None = None
        readied = 0
        while True:
            try:
                message = await self.receive()
            except ConnectionClosed as closed:
                if taken_back(closed):
                    # Another connection holds the seat with our token (the player went on
                    # elsewhere): coming back would take it from them, and they from us.
                    raise Refusal("taken-back", "the seat was taken back elsewhere") from None
                await self.come_back(comebacks)
                answered = None
                continue
            if message.get("type") == "refused":
                answered = None  # not taken: the view that follows asks again
                if message.get("code") == "flood":
                    await asyncio.sleep(0.2)  # slow down, as asked
            if message.get("type") != "view":
                continue
            if message.get("over"):
                return message
            hands = len(message["record"]["hands"])
            if message.get("scored") and readied != hands:
                readied = hands  # a program reads the score at once: the next hand, please
                await self.send_text(json.dumps({"type": "ready"}))
            position = _position(message)
            if not message.get("to_act") or position == answered:
                continue
            answered = position
            view = seat_view(message)
            cards = list(choose(view))
            assert self._connection is not None
            await self._connection.send(
                json.dumps({"type": "cards", "cards": format_cards(cards).split()})
            )

    async def come_back(self, tries: int) -> None:
        """Take the seat back with the token: ``tries`` times, a second apart (a host that
        restarts takes a moment); raises ConnectionClosed if it never answers."""
        for _ in range(tries):
            await asyncio.sleep(1.0)
            try:
                await self.join()
                return
            except (OSError, InvalidHandshake, ConnectionClosed):
                continue
        raise ConnectionClosed(None, None)

    async def send_text(self, text: str) -> None:
        """Send one message (nothing if the connection is down: the view after the comeback
        asks again)."""
        if self._connection is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._connection.send(text)

    async def receive(self) -> dict[str, Any]:
        """The next message (a view or a refusal kept as the newest). Raises
        ConnectionClosed when the connection drops."""
        if self._connection is None:
            raise ConnectionClosed(None, None)
        text = await self._connection.recv()
        message = json.loads(text)
        if not isinstance(message, dict):
            return {}
        if message.get("type") == "view":
            self.view = message
        elif message.get("type") == "refused":
            self.refusals.append((str(message.get("code")), str(message.get("reason"))))
        return message


def seat_view(message: dict[str, Any]) -> PlayerView:
    """The seat's view of the game in a ``view`` message (what a player decides from)."""
    record = record_from_dict(message["record"], hidden=True)
    return view_from_seat_record(record, int(message["seat"]))


def _position(message: dict[str, Any]) -> tuple[int, str, str]:
    """Where the seat stands in a view: the hand, the cards played, the passes it sees (a
    pass made by another seat, hidden, changes nothing for it)."""
    hands = message["record"]["hands"]
    last = hands[-1] if hands else {}
    seen = [given for given in (last.get("pass") or []) if given]
    return len(hands), str(last.get("play")), json.dumps(seen)


def run_bot(url: str, table: str, name: str, level: str, seat: int | None = None) -> int:
    """``peppa-qt join``: play a seat of a hosted table with a computer level; print one JSON
    line at the end (the seat, the hands played). The exit status."""
    from ..ai import make_player  # (the levels load their search only when asked)

    player = make_player(level)

    async def main() -> dict[str, Any]:
        client = TableClient(url, table, name, seat=seat)
        await client.join()
        try:
            final = await client.play(lambda view: player.decide(view).cards)
        finally:
            await client.close()
        return {"seat": client.seat, "hands": len(final["record"]["hands"]), "over": True}

    try:
        done = asyncio.run(main())
    except Refusal as refusal:
        print(f"peppa-qt join: refused ({refusal.code}): {refusal.reason}", file=sys.stderr)
        return 2
    except (OSError, InvalidHandshake, ConnectionClosed) as error:
        print(f"peppa-qt join: cannot play at {url}: {error}", file=sys.stderr)
        return 1
    print(json.dumps(done))
    return 0


def taken_back(closed: ConnectionClosed) -> bool:
    """Whether the host closed the connection because another took the seat with its token."""
    return closed.rcvd is not None and closed.rcvd.code == TAKEN_BACK
