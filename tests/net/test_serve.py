"""``peppa-qt serve``: a headless server a client creates a table at and plays a game on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from websockets.asyncio.client import connect

from .clients import Player, bounded

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def served() -> Iterator[str]:
    """A ``peppa-qt serve`` process on 127.0.0.1 (a free port): its table URL; stopped after."""
    server = subprocess.Popen(
        [sys.executable, "-m", "peppa_qt", "serve", "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        stderr=subprocess.PIPE,  # a few lines a game: the pipe never fills
        text=True,
    )
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/table", line)
        assert found, line
        yield f"ws://127.0.0.1:{found.group(1)}/table"
    finally:
        server.terminate()
        server.communicate(timeout=30)


def test_serve_hosts_a_created_table_logs_who_joins_and_stops_on_sigterm() -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "peppa_qt", "serve", "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stderr is not None
        first = server.stderr.readline()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/table", first)
        assert found, first
        url = f"ws://127.0.0.1:{found.group(1)}/table"

        async def play() -> None:
            async with connect(url) as creator:
                seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * 3
                create = {
                    "type": "create",
                    "protocol": 1,
                    "rules": {"preset": "peppa", "options": {"end": {"mode": "hands", "count": 1}}},
                    "seats": seats,
                }
                await creator.send(json.dumps(create))
                created = json.loads(await bounded(creator.recv(), 30))
                assert created["type"] == "created" and len(created["table"]) == 6
                player = Player(url, created["table"], "Anna")
                connection = await player.join()
                await bounded(player.play(connection))
                assert player.last_view is not None and player.last_view["over"]
                await connection.close()

        asyncio.run(bounded(play(), 120))
        server.send_signal(signal.SIGTERM)
        _, log = server.communicate(timeout=30)
        assert server.returncode == 0
        assert "seat 0 taken by 'Anna'" in log and "the game is over" in log
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
