"""The protocol's own client (peppa_qt/net/client.py) and ``peppa-qt join``: computer levels
playing seats of a hosted table over the loopback, coming back after a dropped connection."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable

from peppa_qt.ai import make_player
from peppa_qt.engine import PlayerView, RuleSet
from peppa_qt.net.client import TableClient
from peppa_qt.net.hosted import token_hash
from peppa_qt.net.messages import Refusal, SeatSpec
from peppa_qt.net.server import TableServer

from .clients import bounded
from .test_serve import ROOT, served
from .test_table_server import FAST, ONE_HAND, run


def test_four_clients_of_different_levels_play_a_hosted_game_to_the_end() -> None:
    async def test(server: TableServer, url: str) -> None:
        table = server.host(RuleSet.preset("torino", ONE_HAND), [SeatSpec("human")] * 4)
        levels = ["easy", "normal", "hard", "easy"]
        clients = [TableClient(url, table.code, f"{level} {s}") for s, level in enumerate(levels)]
        for client in clients:
            await client.join()
        players = [make_player(level, s) for s, level in enumerate(levels)]

        def chooser(s: int) -> Callable[[PlayerView], tuple[int, ...]]:
            return lambda view: tuple(players[s].decide(view).cards)

        finals = await asyncio.gather(*(c.play(chooser(s)) for s, c in enumerate(clients)))
        assert table.over
        assert all(final["over"] for final in finals)
        assert [c.refusals for c in clients] == [[]] * 4
        for client in clients:
            await client.close()

    run(test)


def test_a_client_whose_connection_drops_comes_back_with_its_token_and_finishes() -> None:
    async def test(server: TableServer, url: str) -> None:
        specs = [
            SeatSpec("human"),
            SeatSpec("ai", "easy"),
            SeatSpec("ai", "easy"),
            SeatSpec("ai", "easy"),
        ]
        table = server.host(RuleSet.preset("hearts", ONE_HAND), specs)
        client = TableClient(url, table.code, "Anna")
        await client.join()
        easy = make_player("easy")
        cards_chosen = 0

        def choose(view: PlayerView) -> list[int]:
            nonlocal cards_chosen
            cards_chosen += 1
            if cards_chosen == 4:  # the line goes down in the middle of the hand
                connection = client._connection
                assert connection is not None
                connection.transport.abort()
            return list(easy.decide(view).cards)

        final = await client.play(choose)
        assert final["over"] and table.over
        assert final["connected"][0] is True
        seat_token = client.token
        assert seat_token is not None and table.remote[0].token_hash == token_hash(seat_token)
        await client.close()

    run(test, FAST)


def test_a_seat_refused_is_said_with_its_reason() -> None:
    async def test(server: TableServer, url: str) -> None:
        client = TableClient(url, "NOSUCH", "Anna")
        try:
            await client.join()
        except Refusal as refusal:
            assert refusal.code == "table"
        else:
            raise AssertionError("seated at a table that does not exist")

    run(test)


def test_peppa_qt_join_plays_a_seat_of_a_table_served_elsewhere() -> None:
    with served() as url:

        async def create() -> str:
            seats = [{"kind": "human"}] * 2 + [{"kind": "ai", "level": "easy"}] * 2
            from websockets.asyncio.client import connect

            async with connect(url) as creator:
                await creator.send(
                    json.dumps(
                        {
                            "type": "create",
                            "protocol": 1,
                            "rules": {"preset": "peppa", "options": ONE_HAND},
                            "seats": seats,
                        }
                    )
                )
                created = json.loads(await bounded(creator.recv(), 30))
                return str(created["table"])

        code = asyncio.run(create())
        command = [sys.executable, "-m", "peppa_qt", "join", url, code.lower(), "--level", "easy"]
        bots = [
            subprocess.Popen(
                [*command, "--name", f"Bot {i}"], cwd=ROOT, stdout=subprocess.PIPE, text=True
            )
            for i in range(2)
        ]
        results = [json.loads(bot.communicate(timeout=120)[0]) for bot in bots]
        assert [bot.returncode for bot in bots] == [0, 0]
        assert sorted(r["seat"] for r in results) == [0, 1]
        assert all(r["over"] and r["hands"] == 1 for r in results)
        refused = subprocess.run(
            [*command, "--name", "Late"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert refused.returncode == 2 and "refused (" in refused.stderr
