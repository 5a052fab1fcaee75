"""``peppa-qt serve``: tables for players on other devices, without a window (no Qt).

For a club or a small server: clients create tables (``create``) and join them (``hello``)
at ``ws://HOST:PORT/table`` (``wss://`` with ``--certfile``/``--keyfile``, or behind a
reverse proxy that passes WebSocket upgrades on). Who joins each table, and each table's
end, is logged on standard error. Ctrl+C (or SIGTERM) stops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
from pathlib import Path

from .server import TableServer, tls_context
from .state import TableStore

log = logging.getLogger("peppa.serve")


def run_server(
    host: str,
    port: int,
    certfile: str | None = None,
    keyfile: str | None = None,
    state: str | None = None,
) -> int:
    """Serve until stopped; the exit status. ``state``: the folder tables are kept in, to
    go on after a stop or a kill."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # each connection: too much
    tls = tls_context(certfile, keyfile or certfile) if certfile else None
    try:
        store = TableStore(Path(state)) if state else None
        asyncio.run(_serve(host, port, tls, store))
    except OSError as error:
        log.error("cannot listen on %s:%d: %s", host, port, error.strerror or error)
        return 1
    return 0


async def _serve(
    host: str, port: int, tls: ssl.SSLContext | None, store: TableStore | None
) -> None:
    server = TableServer(store=store)
    listening = await server.start(host, port, tls)
    scheme = "wss" if tls is not None else "ws"
    log.info("Peppa tables at %s://%s:%d/table", scheme, host, listening)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # (not on Windows)
            loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
        log.info("stopped")
