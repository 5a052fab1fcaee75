"""``peppa-qt serve``: tables for players on other devices, without a window (no Qt).

For a club or a small server: clients create tables (``create``) and join them (``hello``)
at ``ws://HOST:PORT/table`` (``wss://`` with ``--certfile``/``--keyfile``, or behind a
reverse proxy that passes WebSocket upgrades on). Who joins each table, and each table's
end, is logged on standard error; each table's join page (``http://HOST:PORT/join/CODE``,
a browser's way in) is printed on standard output, with ``--qr`` as a QR code too. Ctrl+C
(or SIGTERM) stops it. With ``--announce``, each
table with free seats is announced on the local network (``discovery.py``) until its seats
are taken or its game ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import signal
import socket
import ssl
from pathlib import Path

from .discovery import Announcer, TableAd
from .hosted import HostedTable, TableTimes
from .join import join_url, qr_text
from .server import TableServer, tls_context
from .state import TableStore

log = logging.getLogger("peppa.serve")


def run_server(
    host: str,
    port: int,
    *,
    certfile: str | None = None,
    keyfile: str | None = None,
    state: str | None = None,
    announce: bool = False,
    times: TableTimes | None = None,
    qr: bool = False,
) -> int:
    """Serve until stopped; the exit status. ``state``: the folder tables are kept in, to
    go on after a stop or a kill; ``announce``: tables with free seats are announced on the
    local network; ``times``: the tables' pauses and graces; ``qr``: each table's join page
    printed as a QR code too."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # each connection: too much
    tls = tls_context(certfile, keyfile or certfile) if certfile else None
    try:
        store = TableStore(Path(state)) if state else None
        asyncio.run(_serve(host, port, tls, store, announce, times, qr))
    except OSError as error:
        log.error("cannot listen on %s:%d: %s", host, port, error.strerror or error)
        return 1
    return 0


async def _serve(  # noqa: PLR0917  (what run_server was given)
    host: str,
    port: int,
    tls: ssl.SSLContext | None,
    store: TableStore | None,
    announce: bool,
    times: TableTimes | None,
    qr: bool = False,
) -> None:
    server = TableServer(store=store, times=times)
    listening = await server.start(host, port, tls)
    scheme = "wss" if tls is not None else "ws"
    log.info("Peppa tables at %s://%s:%d/table", scheme, host, listening)
    announcer = await _announcer(server, host, listening) if announce else None
    _print_join_pages(server, join_url(host, listening, "CODE", tls=tls is not None), qr)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # (not on Windows)
            loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
        if announcer is not None:
            await asyncio.to_thread(announcer.close)  # the goodbyes
        log.info("stopped")


async def _announcer(server: TableServer, host: str, port: int) -> Announcer:
    """Announce the server's open tables: on the address listened on, or on this machine's
    own when it listens on all of them."""
    try:
        wildcard = ipaddress.ip_address(host).is_unspecified
    except ValueError:  # a host name: the machine's addresses
        wildcard = True
    where = None if wildcard else [host]
    announcer = await asyncio.to_thread(Announcer, port, addresses=where, interfaces=where)
    name = socket.gethostname().split(".")[0]
    announced: dict[str, int] = {}

    def changed(table: HostedTable) -> None:
        free = len(table.free_seats())
        was = announced.pop(table.code, None)
        if free and not table.over and server.tables.get(table.code) is table:
            announced[table.code] = free
            if was != free:
                rules = table.rules
                announcer.announce(TableAd(table.code, name, rules.name, rules.seats, free))
        elif was is not None:
            announcer.withdraw(table.code)

    server.on_table = changed
    log.info("announcing tables on %s", ", ".join(announcer.addresses))
    return announcer


def _print_join_pages(server: TableServer, pattern: str, qr: bool) -> None:
    """Print each table's join page once, as it is made (and those taken up again): the
    URL (``pattern`` with the code for CODE), and with ``qr`` its QR code."""
    told: set[str] = set()
    before = server.on_table

    def changed(table: HostedTable) -> None:
        if before is not None:
            before(table)
        if server.tables.get(table.code) is not table:
            told.discard(table.code)  # (let go)
        elif table.code not in told:
            told.add(table.code)
            url = pattern.removesuffix("CODE") + table.code
            print(f"table {table.code}: {url}", flush=True)
            if qr:
                print(qr_text(url), flush=True)

    server.on_table = changed
    for table in list(server.tables.values()):
        changed(table)
