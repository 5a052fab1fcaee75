"""``--self-test``'s network line: the networked table works in this build.

A table is hosted on the loopback (127.0.0.1, a free port: nothing leaves the machine), a
client takes its seat and receives its first view, the join page is served and the phone's
QR code drawn. A frozen build that left out a module the network needs (the WebSocket
library, ssl, the QR code's) fails here, not when a player first hosts a game.
"""

from __future__ import annotations

import asyncio
import urllib.request


def check_network() -> str:
    """A table hosted on the loopback, a seat taken over a WebSocket, its first view, the
    join page and its QR code."""
    from .engine import RuleSet
    from .net.client import TableClient
    from .net.hosted import TableTimes
    from .net.join import join_url, qr_svg
    from .net.messages import SeatSpec
    from .net.server import TableServer

    async def run() -> int:
        server = TableServer(times=TableTimes(ai_pause=0.0), allow_create=False)
        port = await server.start("127.0.0.1", 0)
        try:
            rules = RuleSet.preset("peppa")
            table = server.host(rules, [SeatSpec("human")] + [SeatSpec("ai", "easy")] * 3)
            client = TableClient(f"ws://127.0.0.1:{port}/table", table.code, "Self-test")
            await asyncio.wait_for(client.join(), 10)
            view = await asyncio.wait_for(client.receive(), 10)
            await client.close()
            if view.get("type") != "view" or view.get("seat") != 0:
                raise RuntimeError(f"the first message was not the seat's view: {view}")
            url = join_url("127.0.0.1", port, table.code)
            page = await asyncio.to_thread(_fetch, url)
            if "<html" not in page.lower():
                raise RuntimeError("the join page was not served")
            return len(qr_svg(url))
        finally:
            await server.stop()

    drawn = asyncio.run(run())
    return f"a table hosted on the loopback, a seat taken, its view and join page; QR ({drawn} B)"


def _fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode("utf-8", "replace"))
