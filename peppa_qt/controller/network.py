"""The window's network side: a table hosted by this window, or one joined elsewhere.

The network runs on an asyncio event loop in a thread of its own (``NetThread``), so the
window never waits on a socket. What comes from it reaches the window as Qt signals (queued
to the window's thread); what the window sends is handed to the event loop's thread.

- ``HostedGame``: this window hosts a table (``net.server.TableServer``, the same host as
  ``peppa-qt serve``). Its own people sit at ``local`` seats: their answers go to the table in
  this process, and the window follows the whole game (``whole``), hiding other seats' cards
  as a local game does. Other devices join the open seats over the network; the table may be
  announced on the local network (mDNS).
- ``JoinedGame``: this window holds one seat of a table hosted elsewhere: its views come in
  (``view``), its pass and cards go out, and a dropped connection is taken up again with the
  seat's token.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import threading
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine import RecordError, RuleSet
from ..engine.cards import format_cards
from ..engine.record import record_from_dict
from ..net.client import TableClient, taken_back
from ..net.hosted import HostedTable, TableTimes
from ..net.messages import Refusal, SeatSpec
from ..net.mirror import Mirror
from ..net.remote_loop import RemoteLoop
from ..net.server import TABLE_PATH, TableServer
from ..table import HumanSeat
from ..table.clock import Scheduler
from .setup import ELSEWHERE, GameSetup, SeatSetup, names_at_table

if TYPE_CHECKING:
    from .session import GameSession

log = logging.getLogger(__name__)
T = TypeVar("T")

#: How long the window waits for the network thread to start or stop a server, in seconds.
WAIT = 10.0


class NetThread:
    """An asyncio event loop running in a daemon thread of its own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="peppa-net", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def call(self, work: Callable[[], object]) -> None:
        """Run ``work`` on the event loop's thread, soon (from any thread)."""
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(work)

    def submit(self, work: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run the coroutine on the event loop; its future."""
        return asyncio.run_coroutine_threadsafe(work, self.loop)

    def wait(self, work: Coroutine[Any, Any, T], timeout: float = WAIT) -> T:
        """Run the coroutine on the event loop and wait for its result (raises its error)."""
        return self.submit(work).result(timeout)

    def stop(self) -> None:
        """Stop the event loop and let the thread end (waits a moment for it)."""
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(WAIT)
        if not self._thread.is_alive():
            self.loop.close()


class HostedGame(QObject):
    """A table this window hosts: the server, the table, and what the window learns of it."""

    #: The whole game after each change (the window's copy; never sent anywhere).
    whole = Signal(object)
    #: A local seat's answer was not taken by the table (the seat is asked again).
    refused = Signal(int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._net: NetThread | None = None
        self._server: TableServer | None = None
        self._table: HostedTable | None = None
        self._announcer: Any = None
        self.code = ""
        self.port = 0
        self.host = ""

    def open(
        self,
        rules: RuleSet,
        specs: Sequence[SeatSpec],
        names: Sequence[str],
        host: str = "",
        port: int = 0,
        *,
        times: TableTimes | None = None,
        announce_as: str | None = None,
    ) -> None:
        """Listen on ``host``:``port`` (0: any free port; "": every address) and make the
        table. Raises OSError if the port cannot be listened on."""
        self._net = NetThread()
        self._server = TableServer(times=times or TableTimes(), allow_create=False)
        server = self._server

        async def start() -> tuple[int, HostedTable]:
            listened = await server.start(host or "0.0.0.0", port)
            table = server.host(rules, specs, names)
            table.watch = self.whole.emit
            return listened, table

        try:
            self.port, self._table = self._net.wait(start())
        except BaseException:
            self.close()
            raise
        self.code, self.host = self._table.code, host
        if announce_as is not None:
            self._announce(announce_as, rules)

    def _announce(self, name: str, rules: RuleSet) -> None:
        """Tell the local network about the table (mDNS); the game works without it."""
        from ..net.discovery import Announcer, TableAd

        table = self._table
        assert table is not None
        try:
            self._announcer = Announcer(self.port)
            free = len(table.free_seats())
            self._announcer.announce(TableAd(self.code, name, rules.name, rules.seats, free))
        except (OSError, RuntimeError) as error:
            log.warning("the table is not announced on the local network: %s", error)

    def whole_now(self) -> dict[str, Any]:
        """The whole game as it stands (waits for the network thread to write it)."""
        table, net = self._table, self._net
        assert table is not None and net is not None

        async def whole() -> dict[str, Any]:
            return table.whole_game()

        return net.wait(whole())

    @property
    def table(self) -> HostedTable | None:
        """The table (live on the network thread: read it there, or through ``whole``)."""
        return self._table

    def start_now(self) -> None:
        """Start without waiting for every open seat: computers play the empty ones."""
        table = self._table
        if self._net is not None and table is not None:
            self._net.call(table.start)

    def send(self, seat: int, cards: tuple[int, ...]) -> None:
        """A local seat's pass or card, handed to the table."""
        table, net = self._table, self._net
        if table is None or net is None:
            return

        def give() -> None:
            try:
                table.local_cards(seat, cards)
            except Refusal as refusal:
                self.refused.emit(seat, refusal.reason)

        net.call(give)

    def ready(self) -> None:
        """This window's players have read the hand's score."""
        table, net = self._table, self._net
        if table is not None and net is not None:

            def all_ready() -> None:
                for seat in table.local:
                    table.ready(seat)

            net.call(all_ready)

    def close(self) -> None:
        """Stop hosting: the clients are told the table is closed; the thread ends."""
        if self._announcer is not None:
            with contextlib.suppress(Exception):  # the network may be gone: nothing to say
                self._announcer.close()
            self._announcer = None
        net, server, table = self._net, self._server, self._table
        self._net = self._server = self._table = None
        if net is not None and server is not None:

            async def stop() -> None:
                if table is not None:
                    table.watch = None  # nothing more reaches this object, soon deleted
                await server.stop()

            with contextlib.suppress(Exception):
                net.wait(stop())
        if net is not None:
            net.stop()


def table_url(address: str, port: int, *, secure: bool = False) -> str:
    """The WebSocket address of the tables at ``address``:``port``."""
    host = f"[{address}]" if ":" in address and not address.startswith("[") else address
    return f"{'wss' if secure else 'ws'}://{host}:{port}{TABLE_PATH}"


class JoinedGame(QObject):
    """This window's seat at a table hosted elsewhere."""

    #: The seat was taken: its number.
    welcomed = Signal(int)
    #: A view of the game from the host (its seat's only).
    view = Signal(object)
    #: The host refused something: its code and reason (in English, from the protocol).
    refused = Signal(str, str)
    #: The connection dropped (the seat is taken up again meanwhile) / it is back.
    dropped = Signal()
    back = Signal()
    #: The seat could not be taken, or the host is gone for good: why.
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._net: NetThread | None = None
        self._client: TableClient | None = None
        self._task: concurrent.futures.Future[None] | None = None
        self.seat: int | None = None

    def join(self, url: str, code: str, name: str, seat: int | None = None) -> None:
        """Connect and take a seat (``welcomed``, then views), or ``failed``."""
        self.close()
        self._net = NetThread()
        self._client = TableClient(url, code, name, seat=seat)
        self._task = self._net.submit(self._run(self._client))

    async def _run(self, client: TableClient) -> None:
        try:
            await client.join()
        except Refusal as refusal:
            self.failed.emit(refusal.reason)
            return
        except (OSError, InvalidHandshake, InvalidURI, ConnectionClosed, TimeoutError) as error:
            self.failed.emit(str(error) or type(error).__name__)
            return
        assert client.seat is not None
        self.seat = client.seat
        self.welcomed.emit(client.seat)
        while True:
            try:
                message = await client.receive()
            except ConnectionClosed as closed:
                if taken_back(closed):  # the player went on in another window
                    self.failed.emit("the seat was taken back elsewhere")
                    return
                self.dropped.emit()
                try:
                    await client.come_back(30)
                except ConnectionClosed:
                    self.failed.emit("the host is gone")
                    return
                self.back.emit()
                continue
            kind = message.get("type")
            if kind == "view":
                self.view.emit(message)
            elif kind == "refused":
                self.refused.emit(str(message.get("code")), str(message.get("reason")))

    def send(self, seat: int, cards: tuple[int, ...]) -> None:
        """The seat's pass or card, sent to the host."""
        client, net = self._client, self._net
        if client is None or net is None or seat != self.seat:
            return
        text = json.dumps({"type": "cards", "cards": format_cards(cards).split()})
        net.submit(client.send_text(text))

    def ready(self) -> None:
        """The player here has read the hand's score (the host may deal the next hand)."""
        client, net = self._client, self._net
        if client is not None and net is not None:
            net.submit(client.send_text(json.dumps({"type": "ready"})))

    def close(self) -> None:
        """Leave the table (the seat stays ours for its grace; a computer plays it after)."""
        net, client, task = self._net, self._client, self._task
        self._net = self._client = self._task = None
        if task is not None:
            task.cancel()
        if net is not None and client is not None:
            with contextlib.suppress(Exception):
                net.wait(client.close(), 3.0)
        if net is not None:
            net.stop()


class NetworkTable(QObject):
    """The window's game at a networked table: hosting one or joined to one (or neither).

    It makes the table (``host``) or takes a seat (``join``), starts the session's game on a
    ``RemoteLoop`` fed from the network, and keeps what the window shows besides the table:
    the code, the addresses, who has joined.
    """

    #: Who sits where changed (a player joined, dropped, came back), or the game started.
    lobby_changed = Signal()
    #: Joining worked: the game (or the table waiting for its players) is shown.
    joined = Signal()
    #: Joining failed, or the host is gone: why (the protocol's words, in English).
    failed = Signal(str)
    #: This window's connection dropped (True) or is back (False).
    connection_lost = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.hosted: HostedGame | None = None
        self.joined_game: JoinedGame | None = None
        self._loop: RemoteLoop | None = None
        self._session: GameSession | None = None
        self._seat: int | None = None
        #: The newest extras (names, connected, away, started) of the table.
        self.extras: dict[str, Any] = {}
        self._retired: list[QObject] = []
        self._watched: set[int] = set()

    @property
    def active(self) -> bool:
        """Whether the window is at a networked table."""
        return self.hosted is not None or self.joined_game is not None

    @property
    def code(self) -> str:
        """The table's code (empty when not hosting)."""
        return self.hosted.code if self.hosted is not None else ""

    @property
    def port(self) -> int:
        """The port the table listens on (0 when not hosting)."""
        return self.hosted.port if self.hosted is not None else 0

    def addresses(self) -> list[str]:
        """Where others reach the hosted table: this machine's addresses, or the one the
        table listens on."""
        hosted = self.hosted
        if hosted is None:
            return []
        if hosted.host and hosted.host not in ("0.0.0.0", "::"):
            return [hosted.host]
        from ..net.discovery import own_addresses

        return own_addresses()

    def host(
        self,
        session: GameSession,
        setup: GameSetup,
        open_seats: Sequence[int],
        *,
        host: str = "",
        port: int = 0,
        announce_as: str | None = None,
        times: TableTimes | None = None,
    ) -> None:
        """Host ``setup``'s game with ``open_seats`` (human seats) open to other devices;
        the other human seats are this window's. Raises OSError if the port is taken."""
        self.leave()
        open_seats = [
            s for s, spec in enumerate(setup.seats) if s in open_seats or spec.level == ELSEWHERE
        ]
        specs = [
            SeatSpec("human")
            if seat in open_seats
            else SeatSpec("local")
            if spec.is_human
            else SeatSpec("ai", spec.level)
            for seat, spec in enumerate(setup.seats)
        ]
        names = [spec.name for spec in setup.seats]
        hosted = HostedGame(self)
        hosted.open(setup.rules, specs, names, host, port, times=times, announce_as=announce_as)
        self.hosted = hosted
        here = tuple(
            replace(spec, level=ELSEWHERE) if seat in open_seats else spec
            for seat, spec in enumerate(setup.seats)
        )

        def make_loop(humans: dict[int, HumanSeat], scheduler: Scheduler) -> RemoteLoop:
            return RemoteLoop(Mirror(None), humans, hosted.send, scheduler, hosted.ready)

        self._session = session
        self._watch(session)
        self._loop = session.play_remote(replace(setup, seats=here), make_loop)
        hosted.whole.connect(self._on_whole)
        hosted.refused.connect(self._on_refused)
        table = hosted.table
        if table is not None:
            self._on_whole(self._whole_now(hosted))

    def _whole_now(self, hosted: HostedGame) -> dict[str, Any]:
        table, net = hosted.table, hosted._net
        assert table is not None and net is not None

        async def whole() -> dict[str, Any]:
            return table.whole_game()

        return net.wait(whole())

    def start_now(self) -> None:
        """The host starts the game: computers play the seats nobody took."""
        if self.hosted is not None:
            self.hosted.start_now()

    def join(self, session: GameSession, url: str, code: str, name: str) -> None:
        """Take a seat at the table ``code`` at ``url``: ``joined`` once the table is shown,
        or ``failed``."""
        self.leave()
        joined = JoinedGame(self)
        self.joined_game = joined
        self._session = session
        self._watch(session)
        joined.view.connect(self._on_view)
        joined.failed.connect(self._on_failed)
        joined.refused.connect(self._on_join_refused)
        joined.dropped.connect(lambda: self.connection_lost.emit(True))
        joined.back.connect(lambda: self.connection_lost.emit(False))
        joined.join(url, code, name)

    def _watch(self, session: GameSession) -> None:
        """Leave the table when the session starts a game of its own (a New game, a file
        opened, the demo)."""
        if id(session) not in self._watched:
            self._watched.add(id(session))
            session.controller.game_started.connect(lambda: self._on_game_started(session))

    def _on_game_started(self, session: GameSession) -> None:
        if self.active and session is self._session and session.controller.remote is None:
            self.leave()

    def leave(self) -> None:
        """Leave the networked table (a hosted one closes for everyone)."""
        if self._loop is not None:
            self._loop.close()
        self._loop = None
        self._seat = None
        self.extras = {}
        for part in (self.hosted, self.joined_game):
            if part is not None:
                part.close()
                # Kept, not deleted: a thread of the closed table (a computer's) may still
                # hand it something, which must find a live object.
                self._retired.append(part)
        self.hosted = self.joined_game = None

    def lobby(self) -> list[tuple[str, str]]:
        """Each seat's name and state: "here" (this window), "joined", "away", "open" (a
        player's seat nobody took yet) or "computer"."""
        session = self._session
        setup = session.controller.setup if session is not None else None
        if setup is None:
            return []
        names = names_at_table(setup.seats, self.extras)
        connected = self.extras.get("connected") or []
        away = self.extras.get("away") or []
        rows = []
        for seat, spec in enumerate(setup.seats):
            name = names[seat]
            if spec.is_human:
                state = "here"
            elif spec.level != ELSEWHERE:
                state = "computer"
            elif seat < len(connected) and connected[seat]:
                state = "joined"
            elif seat < len(away) and away[seat]:
                state = "away"
            else:
                state = "open"
            rows.append((name, state))
        return rows

    @property
    def started(self) -> bool:
        """Whether the table's game has begun."""
        return bool(self.extras.get("started"))

    # ------------------------------------------------------------------ the network's news

    def _on_whole(self, message: dict[str, Any]) -> None:
        if self._loop is not None:
            self._loop.feed(message, message.get("to_act") or [])
        self._note(message)

    def _on_refused(self, seat: int, reason: str) -> None:
        log.info("the table did not take seat %d's answer: %s", seat, reason)
        if self._loop is not None:
            self._loop.refused(seat)

    def _on_join_refused(self, code: str, reason: str) -> None:
        log.info("the host refused: %s (%s)", reason, code)
        if self._loop is not None and self._seat is not None:
            self._loop.refused(self._seat)

    def _on_failed(self, reason: str) -> None:
        self.failed.emit(reason)

    def _on_view(self, message: dict[str, Any]) -> None:
        joined, session = self.joined_game, self._session
        if joined is None or session is None:
            return
        if self._loop is None:
            try:
                setup, seat = setup_of_view(message)
            except (RecordError, KeyError, TypeError, ValueError) as error:
                self.failed.emit(f"the host's table cannot be read: {error}")
                return
            self._seat = seat

            def make_loop(humans: dict[int, HumanSeat], scheduler: Scheduler) -> RemoteLoop:
                return RemoteLoop(Mirror(seat), humans, joined.send, scheduler, joined.ready)

            self._loop = session.play_remote(setup, make_loop)
            self.joined.emit()
        asked = [self._seat] if message.get("to_act") and self._seat is not None else []
        self._loop.feed(message, asked)
        self._note(message)

    def _note(self, message: dict[str, Any]) -> None:
        extras = {k: v for k, v in message.items() if k not in ("record", "type")}
        if extras != self.extras:
            self.extras = extras
            self.lobby_changed.emit()


def setup_of_view(message: dict[str, Any]) -> tuple[GameSetup, int]:
    """The game's setup as a seat's first view tells it, and the seat: this window's person
    at the seat, the others elsewhere or computers (their levels as the record names them).
    Raises RecordError (or KeyError, TypeError, ValueError) if it cannot be read."""
    record = record_from_dict(message["record"], hidden=True)
    seat = int(message["seat"])
    if not 0 <= seat < record.seats:
        raise ValueError(f"seat {seat} is not at this table")
    seats = []
    for index, player in enumerate(record.players):
        if index == seat:
            seats.append(SeatSetup(player.name))
        elif player.kind == "ai" and player.level:
            seats.append(SeatSetup(player.name, player.level))
        else:
            seats.append(SeatSetup(player.name, ELSEWHERE))
    return GameSetup(record.rules, tuple(seats)), seat
