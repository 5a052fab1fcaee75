"""A table hosted by this window: the server on the network thread, the table, its file.

``HostedGame`` runs ``net.server.TableServer`` (the same host as ``peppa-qt serve``) on a
``NetThread``. The window's own people sit at ``local`` seats: their answers go to the table
in this process, and the window follows the whole game (``whole``), hiding other seats' cards
as a local game does. Other devices join the open seats over the network; the table may be
announced on the local network (mDNS). The table is kept in a folder after every change, so
that a window closed or killed mid-game hosts it again (``reopen``) and its players come back.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from ..engine import RuleSet
from ..net.hosted import HostedTable, TableTimes
from ..net.messages import Refusal, SeatSpec
from ..net.server import TableServer
from ..net.state import TableStore
from ..storage.files import write_atomic
from .net_thread import NetThread
from .setup import ELSEWHERE, GameSetup, SeatSetup

log = logging.getLogger(__name__)


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
        store: Path | None = None,
    ) -> None:
        """Listen on ``host``:``port`` (0: any free port; "": every address) and make the
        table, kept in ``store`` after every change (a table kept there before is let go).
        Raises OSError if the port cannot be listened on."""
        if store is not None:
            forget_tables(store)

        async def make(server: TableServer) -> HostedTable:
            return server.host(rules, specs, names)

        self._start(make, host, port, times, store)
        if store is not None:
            _write_port(store, self.port)
        if announce_as is not None:
            self._announce(announce_as, rules)

    def reopen(
        self,
        store: Path,
        host: str = "",
        *,
        times: TableTimes | None = None,
        announce_as: str | None = None,
    ) -> None:
        """Host again the table kept in ``store`` (the window was closed or killed), on the
        port it had: its players come back with their tokens. Raises OSError if the port
        cannot be listened on, LookupError if no table is kept there."""

        async def kept(server: TableServer) -> HostedTable:
            if not server.tables:
                raise LookupError("no table is kept")
            return next(iter(server.tables.values()))

        self._start(kept, host, _read_port(store), times, store)
        table = self._table
        assert table is not None
        if announce_as is not None:
            self._announce(announce_as, table.rules)

    def _start(
        self,
        table_of: Callable[[TableServer], Coroutine[Any, Any, HostedTable]],
        host: str,
        port: int,
        times: TableTimes | None,
        store: Path | None,
    ) -> None:
        self._net = NetThread()
        kept = TableStore(store) if store is not None else None
        self._server = TableServer(times=times or TableTimes(), allow_create=False, store=kept)
        server = self._server

        async def start() -> tuple[int, HostedTable]:
            listened = await server.start(host or "0.0.0.0", port)
            table = await table_of(server)
            table.watch = self.whole.emit
            return listened, table

        try:
            self.port, self._table = self._net.wait(start())
        except BaseException:
            self.close(keep=True)
            raise
        self.code, self.host = self._table.code, host

    def setup(self) -> GameSetup:
        """The table's game as the hosting window plays it: its people here, the open
        seats' players elsewhere, the computers at their levels."""
        table, net = self._table, self._net
        assert table is not None and net is not None

        async def read() -> GameSetup:
            seats = []
            for spec, player in zip(table.specs, table.players(), strict=True):
                if spec.kind == "local":
                    seats.append(SeatSetup(player.name))
                elif spec.kind == "human":
                    seats.append(SeatSetup(player.name, ELSEWHERE))
                else:
                    seats.append(SeatSetup(player.name, spec.level))
            return GameSetup(table.rules, tuple(seats))

        return net.wait(read())

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

    def close(self, *, keep: bool = False) -> None:
        """Stop hosting: the clients are told the table is closed; the thread ends. With
        ``keep`` the kept table stays kept (the window closes: it is hosted again later)."""
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
                    if not keep:
                        server.drop_table(table.code)  # (its kept file goes too)
                await server.stop()

            with contextlib.suppress(Exception):
                net.wait(stop())
        if net is not None:
            net.stop()


#: The file beside a hosting window's kept table that says its port (not a ``.json``: the
#: table store reads every ``.json`` there as a table, and set this one aside as damaged).
PORT_FILE = "port"
MAX_PORT = 65535


def kept_table(store: Path) -> bool:
    """Whether a hosting window left a table to host again in ``store`` (one whose game
    has begun and is not over)."""
    if not (store / PORT_FILE).exists():
        return False
    return any(
        document.get("started") and not restored.match.is_over
        for document, restored in TableStore(store).saved()
    )


def forget_tables(store: Path) -> None:
    """Let go of the tables kept in ``store`` (a new one is hosted, or the player declined)."""
    for path in store.glob("*.json"):
        with contextlib.suppress(OSError):
            path.unlink()


def _write_port(store: Path, port: int) -> None:
    with contextlib.suppress(OSError):
        write_atomic(store / PORT_FILE, json.dumps({"version": 1, "port": port}))


def _read_port(store: Path) -> int:
    try:
        port = json.loads((store / PORT_FILE).read_text(encoding="utf-8")).get("port")
    except (OSError, ValueError, AttributeError):
        return 0
    return port if isinstance(port, int) and 0 < port <= MAX_PORT else 0
