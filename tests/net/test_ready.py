"""The next hand is dealt as soon as every player at the table has read the score (``ready``,
an extension old clients never send), not after the host's whole pause; a player who has not
read it yet is waited for."""

from __future__ import annotations

import asyncio
import json

from peppa_qt.ai import make_player
from peppa_qt.engine import RuleSet
from peppa_qt.net.client import TableClient
from peppa_qt.net.hosted import TableTimes
from peppa_qt.net.messages import SeatSpec
from peppa_qt.net.server import TableServer

from .clients import Player
from .test_table_server import run

#: A pause nobody waits out in a test: only ``ready`` deals the next hand in time.
LONG = TableTimes(grace=0.2, between_hands=600.0, ai_pause=0.0)


def test_two_players_who_read_the_score_get_the_next_hand_at_once() -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 3}})
        table = server.host(rules, [SeatSpec("human")] * 2 + [SeatSpec("ai", "easy")] * 2)
        bots = [TableClient(url, table.code, name) for name in ("Anna", "Bruno")]
        for bot in bots:
            await bot.join()
        chooser = make_player("easy", 3)
        plays = [bot.play(lambda view: chooser.decide(view).cards) for bot in bots]
        await asyncio.wait_for(asyncio.gather(*plays), 30)
        assert table.over and len(table.match.hands) == 3
        for bot in bots:
            await bot.close()

    run(test, LONG)


def test_a_player_who_has_not_read_the_score_is_waited_for() -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
        table = server.host(rules, [SeatSpec("human")] * 2 + [SeatSpec("ai", "easy")] * 2)
        reader = TableClient(url, table.code, "Anna")
        await reader.join()
        slow = Player(url, table.code, "Bruno")  # plays, never says it is ready
        connection = await slow.join()
        chooser = make_player("easy", 3)
        reading = asyncio.ensure_future(reader.play(lambda view: chooser.decide(view).cards))
        playing = asyncio.ensure_future(slow.play(connection))
        for _ in range(400):  # the first hand's last trick reaches the table
            if table.match.current is not None and table.match.current.result is not None:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        assert len(table.match.hands) == 1  # Anna has read the score; Bruno has not
        await connection.send(json.dumps({"type": "ready"}))
        for _ in range(100):
            if len(table.match.hands) == 2:
                break
            await asyncio.sleep(0.05)
        assert len(table.match.hands) == 2
        reading.cancel()
        playing.cancel()
        await connection.close()
        await reader.close()

    run(test, LONG)
