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


def start_serve(*options: str) -> tuple[subprocess.Popen[str], str]:
    """A ``peppa-qt serve`` process on 127.0.0.1 and its table URL (said on its first line;
    its log on stderr: a few lines a game, the pipe never fills)."""
    command = [sys.executable, "-m", "peppa_qt", "serve", "--host", "127.0.0.1", *options]
    server = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    assert server.stderr is not None
    for _ in range(20):  # up to the line that says where it listens
        line = server.stderr.readline()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/table", line)
        if found:
            return server, f"ws://127.0.0.1:{found.group(1)}/table"
    server.kill()
    raise AssertionError("the server did not say where it listens")


@contextlib.contextmanager
def served() -> Iterator[str]:
    """A ``peppa-qt serve`` process on a free port: its table URL; stopped after."""
    server, url = start_serve("--port", "0", "--ai-pause", "0")
    try:
        yield url
    finally:
        server.terminate()
        server.communicate(timeout=30)


def test_serve_hosts_a_created_table_logs_who_joins_and_stops_on_sigterm() -> None:
    server, url = start_serve("--port", "0", "--ai-pause", "0")
    try:

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


def test_a_server_killed_mid_hand_goes_on_from_its_state_and_the_player_comes_back(
    tmp_path: Path,
) -> None:
    import socket

    from peppa_qt.ai import make_player
    from peppa_qt.engine import PlayerView
    from peppa_qt.net.client import TableClient

    with socket.socket() as probe:  # a free port, for both runs of the server
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    state = tmp_path / "tables"

    def start() -> subprocess.Popen[str]:
        return start_serve("--port", str(port), "--state", str(state), "--ai-pause", "0")[0]

    servers = [start()]
    url = f"ws://127.0.0.1:{port}/table"
    easy = make_player("easy")
    seen_before_kill: list[str] = []

    async def play() -> dict[str, object]:
        async with connect(url) as creator:
            seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * 3
            create = {"type": "create", "protocol": 1, "seats": seats}
            create["rules"] = {
                "preset": "hearts",
                "options": {"end": {"mode": "hands", "count": 1}},
            }
            await creator.send(json.dumps(create))
            code = json.loads(await bounded(creator.recv(), 30))["table"]
        client = TableClient(url, code, "Anna")
        await client.join()
        chosen = 0

        def choose(view: PlayerView) -> list[int]:
            nonlocal chosen
            chosen += 1
            if chosen == 5:  # in the middle of the hand: the server is killed, then started again
                assert client.view is not None
                seen_before_kill.append(client.view["record"]["hands"][0]["play"])
                servers[0].kill()
                servers[0].wait(timeout=30)
                servers.append(start())
            return list(easy.decide(view).cards)

        final = await client.play(choose)
        await client.close()
        return final

    try:
        final = asyncio.run(bounded(play(), 150))
        assert final["over"] and seen_before_kill
        # The hand went on from where it was: the plays before the kill begin the whole hand's.
        played = str(final["record"]["hands"][0]["play"])  # type: ignore[index]
        assert played.startswith(seen_before_kill[0]) and len(played.split()) == 52
        assert len(list(state.glob("*.json"))) == 1  # kept until the finished table is let go
    finally:
        for server in servers:
            if server.poll() is None:
                server.kill()
            server.communicate()


def test_serve_prints_each_new_tables_join_page_and_its_qr_code_and_serves_the_page() -> None:
    command = [sys.executable, "-m", "peppa_qt", "serve", "--port", "0", "--qr"]
    server = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert server.stderr is not None and server.stdout is not None
        port = None
        for _ in range(20):
            found = re.search(r"ws://127\.0\.0\.1:(\d+)/table", server.stderr.readline())
            if found:
                port = int(found.group(1))
                break
        assert port is not None

        async def create() -> str:
            async with connect(f"ws://127.0.0.1:{port}/table") as creator:
                seats = [{"kind": "human"}] * 4
                rules = {"preset": "peppa"}
                await creator.send(
                    json.dumps({"type": "create", "protocol": 1, "rules": rules, "seats": seats})
                )
                return str(json.loads(await bounded(creator.recv(), 30))["table"])

        code = asyncio.run(bounded(create(), 60))
        url = f"http://127.0.0.1:{port}/join/{code}"
        assert server.stdout.readline().strip() == f"table {code}: {url}"
        assert "█" in server.stdout.readline()  # the QR code follows, drawn in blocks
        from .test_web import get

        status, headers, _ = asyncio.run(get(port, f"/join/{code}"))
        assert status == 200 and headers["content-type"].startswith("text/html")
    finally:
        server.terminate()
        server.communicate(timeout=30)
