"""The table protocol over WebSocket: tables hosted for clients on other devices.

A ``TableServer`` listens at ``ws://HOST:PORT/table`` (the ``websockets`` library does the
framing: never hand-written) and runs on one asyncio event loop, which is also the game
loops' scheduler (``AsyncioScheduler``): everything a table does happens on that thread.
Each connection is a ``_Client``. What it sends is read by ``messages.parse`` (bounded and
checked) and handed to its table; what it is sent goes through its own outbox, written by a
task of its own, so a client that never reads holds up nobody: its outbox keeps only the
newest view (each view is the whole game as the seat sees it) and a few other messages.

Limits (DESIGN.md): a message ≤ 64 KiB (a larger frame closes the connection, code 1009,
the library's answer), a bounded number of messages a second per connection (more are
refused; a client that keeps flooding is disconnected), of connections per address and of
wrong table codes per address a minute (a code cannot be guessed by trying).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import ssl
import time
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from functools import partial
from http import HTTPStatus
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..engine import RuleSet
from .hosted import HostedTable, Restored, TableTimes, new_code
from .messages import (
    MAX_MESSAGE,
    TAKEN_BACK,
    Cards,
    Create,
    Hello,
    Ready,
    Refusal,
    Seats,
    SeatSpec,
    parse,
)
from .state import TableStore, specs_of
from .web import Pages

log = logging.getLogger("peppa.serve")

#: The path clients connect to.
TABLE_PATH = "/table"


@dataclass(frozen=True)
class Limits:
    """What one address and one connection may do."""

    connections_per_address: int = 32
    #: Messages a second a connection may send, and the burst it may save up.
    messages_per_second: float = 20.0
    burst: int = 40
    #: Refusals for flooding after which the connection is closed.
    floods_to_close: int = 50
    #: Wrong table codes an address may try a minute.
    wrong_codes_per_minute: int = 10
    #: Tables a server holds at once (``create``).
    tables: int = 2000
    #: Messages besides views kept for a client that does not read.
    outbox: int = 16
    #: Seconds a finished table stays (its players see the final scores), and that a table
    #: with nobody connected is kept before it is let go.
    finished_kept: float = 300.0
    idle: float = 1800.0


class AsyncioScheduler:
    """The game loops' scheduler on an asyncio event loop (``table.clock.Scheduler``)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def call_soon(self, call: Callable[[], None]) -> None:
        """Run ``call`` on the event loop's thread (from any thread)."""
        self._loop.call_soon_threadsafe(call)

    def call_later(self, seconds: float, call: Callable[[], None]) -> asyncio.TimerHandle:
        """Run ``call`` in ``seconds`` (from the event loop's thread)."""
        return self._loop.call_later(max(0.0, seconds), call)

    def now(self) -> float:
        """The event loop's clock."""
        return self._loop.time()


class _Client:
    """One connection: its seat once welcomed, its outbox, its allowance of messages."""

    def __init__(self, connection: ServerConnection, limits: Limits) -> None:
        self.connection = connection
        self.limits = limits
        self.table: HostedTable | None = None
        self.seat: int | None = None
        #: The newest view not sent yet, and the other messages, as the JSON text to send:
        #: text is no work for the garbage collector, while thousands of views wait their
        #: turn on a busy server (benchmarks/server.py). Past the bound, the oldest go.
        self._view: str | None = None
        self._others: deque[str] = deque(maxlen=limits.outbox)
        self._ready = asyncio.Event()
        self._allowance = float(limits.burst)
        self._counted_at = time.monotonic()
        self.floods = 0
        self.closed = False
        #: The close to make once everything pushed before it is sent (code, reason).
        self._closing: tuple[int, str] | None = None

    def push(self, message: dict[str, Any]) -> None:
        """Send ``message`` soon; a view replaces the one not sent yet (it says all)."""
        if self.closed:
            return
        text = json.dumps(message, separators=(",", ":"))
        if message.get("type") == "view":
            self._view = text
        else:
            self._others.append(text)
        self._ready.set()

    def close_after(self, code: int, reason: str) -> None:
        """Close the connection once what was pushed before is sent."""
        self._closing = (code, reason)
        self._ready.set()

    async def write(self) -> None:
        """Send what is pushed, in order, until the connection ends (or is to close)."""
        while not self.closed:
            await self._ready.wait()
            self._ready.clear()
            while self._others or self._view is not None:
                if self._others:
                    text = self._others.popleft()
                elif self._view is not None:
                    text, self._view = self._view, None
                await self.connection.send(text)
            if self._closing is not None:
                await self.connection.close(*self._closing)
                return

    def allowed(self) -> bool:
        """Whether one more message fits the connection's allowance (a token bucket)."""
        now = time.monotonic()
        rate, burst = self.limits.messages_per_second, self.limits.burst
        self._allowance = min(burst, self._allowance + (now - self._counted_at) * rate)
        self._counted_at = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True


class TableServer:
    """Tables and the clients at them, on one event loop."""

    def __init__(
        self,
        *,
        limits: Limits | None = None,
        times: TableTimes | None = None,
        allow_create: bool = True,
        store: TableStore | None = None,
    ) -> None:
        """``store``: where tables are kept, to go on after a stop or a kill (None: nowhere)."""
        self.store = store
        self.limits = limits or Limits()
        self.times = times or TableTimes()
        self.allow_create = allow_create
        self.tables: dict[str, HostedTable] = {}
        self._clients: dict[tuple[str, int], _Client] = {}
        self._per_address: dict[str, int] = {}
        self._wrong_codes: dict[str, deque[float]] = {}
        self._scheduler: AsyncioScheduler | None = None
        self._server: Server | None = None
        self._tasks: set[asyncio.Future[None]] = set()
        #: Called when a table is made, a seat taken, its game over or it is let go (then no
        #: longer in ``tables``): what announces tables on the network hears of them.
        self.on_table: Callable[[HostedTable], None] | None = None
        #: The join page and its files, served to browsers on the same port (``web.py``).
        self.pages = Pages()

    # ------------------------------------------------------------------ tables

    def scheduler(self) -> AsyncioScheduler:
        """The scheduler of the running event loop (made on first use)."""
        if self._scheduler is None:
            self._scheduler = AsyncioScheduler(asyncio.get_running_loop())
        return self._scheduler

    def host(
        self,
        rules: RuleSet,
        specs: Sequence[SeatSpec],
        names: Sequence[str] | None = None,
        *,
        code: str | None = None,
        restored: Restored | None = None,
    ) -> HostedTable:
        """A new table with a code nobody else's has, or a saved one taken up again (call on
        the event loop)."""
        if code is None:
            code = new_code()
            while code in self.tables:
                code = new_code()
        table = HostedTable(
            code,
            rules,
            specs,
            self.scheduler(),
            partial(self._send, code),
            times=self.times,
            names=names,
            restored=restored,
        )
        table.on_over = self._table_over
        if self.store is not None:
            table.on_change = self.store.save
            self.store.save(table)
        self.tables[code] = table
        self._check_idle(code)
        log.info("table %s created: %s, %d seats", code, rules.name, rules.seats)
        self._changed(table)
        return table

    def _changed(self, table: HostedTable) -> None:
        if self.on_table is not None:
            self.on_table(table)

    def _table_over(self, table: HostedTable) -> None:
        log.info("table %s: the game is over", table.code)
        code = table.code
        self.scheduler().call_later(self.limits.finished_kept, lambda: self.drop_table(code))
        self._changed(table)

    def _check_idle(self, code: str) -> None:
        """Let the table go once it has had nobody connected for ``idle`` seconds."""

        def check() -> None:
            table = self.tables.get(code)
            if table is None:
                return
            if any(key[0] == code for key in self._clients):
                self._check_idle(code)  # someone is there: look again later
            else:
                log.info("table %s: nobody came or stayed", code)
                self.drop_table(code)

        self.scheduler().call_later(self.limits.idle, check)

    def drop_table(self, code: str, *, forget: bool = True) -> None:
        """Let a table go: its game stops, its clients are closed; its saved file goes too
        unless the server is only stopping (``forget`` False: it goes on at the next start)."""
        table = self.tables.pop(code, None)
        if table is None:
            return
        table.on_change = None
        table.close()
        if forget and self.store is not None:
            self.store.forget(code)
        self._changed(table)
        for key in [k for k in self._clients if k[0] == code]:
            client = self._clients.pop(key)
            client.closed = True
            self._later(client.connection.close(1001, "the table is closed"))
        log.info("table %s closed", code)

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the event loop, kept until it ends."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _send(self, code: str, seat: int, message: dict[str, Any]) -> None:
        client = self._clients.get((code, seat))
        if client is not None:
            client.push(message)

    # ------------------------------------------------------------------ listening

    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> int:
        """Listen on ``host``:``port`` (0: any free port); the port listened on."""
        self.scheduler()
        if self.store is not None:
            for document, restored in self.store.saved():
                rules, names = restored.match.rules, restored.seat_names or None
                specs = specs_of(document)
                self.host(rules, specs, names, code=document["code"], restored=restored)
                log.info("table %s taken up again", document["code"])
        self._server = await serve(
            self._connected,
            host,
            port,
            ssl=tls,
            max_size=MAX_MESSAGE,
            max_queue=4,
            process_request=self._check_path,
            compression=None,
            close_timeout=2,
        )
        sockets = list(self._server.sockets)
        return int(sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Stop listening, close every table and connection."""
        for code in list(self.tables):
            self.drop_table(code, forget=False)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    def _check_path(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.path.split("?")[0] != TABLE_PATH:
            return self.pages.respond(connection, request)  # the browser's page, or 404
        address = _address(connection)
        if self._per_address.get(address, 0) >= self.limits.connections_per_address:
            return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many connections\n")
        return None

    async def _connected(self, connection: ServerConnection) -> None:
        address = _address(connection)
        self._per_address[address] = self._per_address.get(address, 0) + 1
        client = _Client(connection, self.limits)
        writer = asyncio.ensure_future(client.write())
        try:
            async for data in connection:
                if not client.allowed():
                    client.floods += 1
                    if client.floods >= self.limits.floods_to_close:
                        self._gone(client)  # its seat is away at once, whatever the close takes
                        client.close_after(1008, "too many messages")
                        with contextlib.suppress(TimeoutError, ConnectionClosed):
                            await asyncio.wait_for(asyncio.shield(writer), 3)
                        break
                    self._refuse(client, Refusal("flood", "too many messages: slow down"))
                    continue
                try:
                    self._take(client, address, data)
                except Refusal as refusal:
                    self._refuse(client, refusal)
        except ConnectionClosed:
            pass
        finally:
            client.closed = True
            writer.cancel()
            self._per_address[address] -= 1
            if self._per_address[address] <= 0:
                del self._per_address[address]
            self._gone(client)

    def _refuse(self, client: _Client, refusal: Refusal) -> None:
        """Say why, and show the game as it stands: a client that acted on a view gone
        stale, or too fast, sees where it is (the view replaces one not sent yet)."""
        client.push(refusal.message())
        if client.table is not None and client.seat is not None:
            client.push(client.table.view(client.seat))

    def _gone(self, client: _Client) -> None:
        table, seat = client.table, client.seat
        if table is None or seat is None:
            return
        if self._clients.get((table.code, seat)) is client:
            del self._clients[(table.code, seat)]
            table.leave(seat)
            log.info("table %s: seat %d left", table.code, seat)

    # ------------------------------------------------------------------ messages

    def _take(self, client: _Client, address: str, data: str | bytes) -> None:
        message = parse(data)
        if isinstance(message, Cards):
            if client.table is None or client.seat is None:
                raise Refusal("hello", "say hello first: take a seat at a table")
            client.table.cards(client.seat, message.cards)
        elif isinstance(message, Ready):
            if client.table is not None and client.seat is not None:
                client.table.ready(client.seat)
        elif isinstance(message, Hello):
            self._hello(client, address, message)
        elif isinstance(message, Seats):
            client.push(self._table_for(address, message.table).seats())
        elif isinstance(message, Create):
            if not self.allow_create:
                raise Refusal("create", "this host makes no tables for clients")
            if len(self.tables) >= self.limits.tables:
                raise Refusal("busy", "this server holds as many tables as it can")
            table = self.host(message.rules, message.seats)
            client.push({"type": "created", "table": table.code})

    def _hello(self, client: _Client, address: str, hello: Hello) -> None:
        if client.table is not None:
            raise Refusal("hello", "this connection has its seat already")
        table = self._table_for(address, hello.table)
        seat, token = table.join(hello.name, hello.seat, hello.token, glance=hello.glance)
        replaced = self._clients.get((table.code, seat))
        if replaced is not None and replaced is not client:  # the seat's new connection
            replaced.table = replaced.seat = None
            replaced.closed = True
            self._later(replaced.connection.close(TAKEN_BACK, "the seat was taken back"))
        client.table, client.seat = table, seat
        self._clients[(table.code, seat)] = client
        client.push({"type": "welcome", "table": table.code, "seat": seat, "token": token})
        log.info("table %s: seat %d taken by %r", table.code, seat, hello.name)
        self._changed(table)

    def _table_for(self, address: str, code: str) -> HostedTable:
        """The table of ``code``; Refusal if none, or if ``address`` tried too many wrong
        codes this minute."""
        # An address that tried too many wrong codes is refused whatever code it gives now:
        # an answer to a right one would tell a guesser it found a table.
        tries = self._wrong_codes.setdefault(address, deque())
        now = time.monotonic()
        while tries and now - tries[0] > 60:  # noqa: PLR2004  (a minute)
            tries.popleft()
        if len(tries) >= self.limits.wrong_codes_per_minute:
            raise Refusal("flood", "too many wrong table codes: wait a minute")
        table = self.tables.get(code)
        if table is None:
            tries.append(now)
            raise Refusal("table", "no table has this code")
        if not tries:
            del self._wrong_codes[address]
        return table


def _address(connection: ServerConnection) -> str:
    remote = connection.remote_address
    return str(remote[0]) if remote else "?"


def tls_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """A server's TLS context from its certificate and key files (wss://)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certfile, keyfile)
    return context
