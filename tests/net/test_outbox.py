"""A connection's outbox: what a client is sent, in what order, when it reads late."""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

from websockets.asyncio.server import ServerConnection

from peppa_qt.net.server import Limits, _Client


class Recorded:
    """Stands for a connection: keeps what is sent on it."""

    def __init__(self) -> None:
        self.sent: list[str | bytes] = []
        self.closed: tuple[int, str] | None = None

    async def send(self, message: str | bytes) -> None:
        """Keep ``message``."""
        self.sent.append(message)

    async def close(self, code: int, reason: str) -> None:
        """Keep the close."""
        self.closed = (code, reason)


def _view(number: int) -> dict[str, Any]:
    return {"type": "view", "seat": 0, "record": {"hands": [{"play": "2C " * number}]}}


def test_a_late_reader_gets_the_other_messages_in_order_then_only_the_newest_view() -> None:
    async def test() -> Recorded:
        connection = Recorded()
        client = _Client(cast(ServerConnection, connection), Limits(outbox=3))
        pushed: list[dict[str, Any]] = [{"type": "welcome", "seat": 0, "token": "t"}]
        pushed += [_view(1), {"type": "refused", "code": "turn", "reason": "ü"}, _view(2)]
        pushed += [{"type": "refused", "code": f"c{n}", "reason": "r"} for n in range(3)]
        for message in pushed:
            client.push(message)  # before the writer runs: the client reads nothing yet
        client.close_after(1000, "done")
        await asyncio.wait_for(client.write(), 10)
        return connection

    connection = asyncio.run(test())
    texts = [text for text in connection.sent if isinstance(text, str)]
    assert len(texts) == len(connection.sent)  # text frames, never binary
    assert [json.loads(t) for t in texts] == [
        {"type": "refused", "code": f"c{n}", "reason": "r"} for n in range(3)
    ] + [_view(2)]  # the outbox's three newest others (the bound), then the newest view
    assert texts[-1] == json.dumps(_view(2), separators=(",", ":"))  # compact JSON
    assert connection.closed == (1000, "done")
