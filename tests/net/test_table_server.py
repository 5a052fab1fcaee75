"""A table hosted over real WebSocket connections on the loopback: whole games played by
scripted clients, a drop and a comeback, and an audit of every byte each client received."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from peppa_qt.engine import RuleSet, cards_of
from peppa_qt.engine.deals import deal_from_secret
from peppa_qt.engine.record import record_of, record_to_dict
from peppa_qt.net.hosted import TableTimes
from peppa_qt.net.messages import SeatSpec
from peppa_qt.net.server import Limits, TableServer

from .clients import Player, audit, bounded, replay_keys_told_early

ONE_HAND = {"end": {"mode": "hands", "count": 1}}
FAST = TableTimes(grace=0.2, between_hands=0.0, ai_pause=0.0)


def run(test: Callable[[TableServer, str], Awaitable[Any]], times: TableTimes = FAST) -> Any:
    """Run ``test`` with a server listening on 127.0.0.1 (any free port), stopped after."""

    async def main() -> Any:
        server = TableServer(times=times)
        port = await server.start("127.0.0.1", 0)
        try:
            return await bounded(test(server, f"ws://127.0.0.1:{port}/table"), 180)
        finally:
            await server.stop()

    return asyncio.run(main())


def truth(server: TableServer, code: str) -> dict[str, Any]:
    """The host's whole record of table ``code`` (every deal), as JSON would carry it."""
    table = server.tables[code]
    return json.loads(json.dumps(record_to_dict(record_of(table.match, table.players()))))


def test_three_clients_and_a_computer_play_a_game_to_the_end_and_see_only_their_own() -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
        specs = [SeatSpec("human"), SeatSpec("human"), SeatSpec("ai", "normal"), SeatSpec("human")]
        table = server.host(rules, specs)
        players = [Player(url, table.code.lower(), name) for name in ("Anna", "Bruno", "Carla")]
        connections = [await p.join() for p in players]
        assert sorted(p.seat for p in players) == [0, 1, 3]
        await asyncio.gather(*(p.play(c) for p, c in zip(players, connections, strict=True)))
        assert table.over and len(table.match.hands) == 2
        whole = truth(server, table.code)
        for player in players:
            assert audit(player, whole) > 20
            assert not player.refused
            final = player.last_view
            assert final is not None and final["over"]
            assert final["names"] == ["Anna", "Bruno", "Computer 3", "Carla"]
            # Each hand over can be replayed from its key, told once it was over.
            assert sorted(final["replay"]) == ["0", "1"]
            for index, key in final["replay"].items():
                dealt = [sorted(map(str, cards_of(m))) for m in deal_from_secret(rules, key)]
                assert dealt == [sorted(d.split()) for d in whole["hands"][int(index)]["deal"]]
            assert replay_keys_told_early(player) == []
            # The seat's record ends as the host's, seen from the seat: the same plays.
            assert [h["play"] for h in final["record"]["hands"]] == [
                h["play"] for h in whole["hands"]
            ]
        for c in connections:
            await c.close()

    run(test)


@pytest.mark.parametrize("seats", [6, 8])
def test_belmont_with_every_seat_but_one_remote(seats: int) -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("belmont", ONE_HAND, seats=seats)
        specs = [SeatSpec("ai", "easy")] + [SeatSpec("human")] * (seats - 1)
        table = server.host(rules, specs)
        players = [Player(url, table.code, f"P{s}") for s in range(seats - 1)]
        connections = [await p.join() for p in players]
        await asyncio.gather(*(p.play(c) for p, c in zip(players, connections, strict=True)))
        assert table.over
        whole = truth(server, table.code)
        for player in players:
            assert audit(player, whole) > 10
        for c in connections:
            await c.close()

    run(test)


def test_a_player_who_drops_mid_trick_is_played_for_and_comes_back_to_the_table_as_it_stands() -> (
    None
):
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("peppa", ONE_HAND)
        specs = [
            SeatSpec("human"),
            SeatSpec("human"),
            SeatSpec("ai", "easy"),
            SeatSpec("ai", "easy"),
        ]
        table = server.host(rules, specs)
        stays, drops = Player(url, table.code, "Anna"), Player(url, table.code, "Bruno")
        kept, lost = await stays.join(), await drops.join()
        staying = asyncio.ensure_future(stays.play(kept))
        await drops.play(lost, stop_after=3)  # three cards, then the connection is lost
        await lost.close()
        # While away, the others are told, and a computer plays the seat after the grace.
        for _ in range(400):
            hand = table.match.current
            if hand is not None and len(hand.plays) > 3 * 4 + 4:
                break
            await asyncio.sleep(0.02)
        assert table.players()[drops.seat or 0].name == "Bruno"
        seen = stays.last_view
        assert seen is not None and seen["connected"][drops.seat] is False
        # Back with the token: the same seat, the game as it stands now.
        back = Player(url, table.code, "Bruno (again)", token=drops.token)
        again = await back.join()
        assert back.seat == drops.seat
        await bounded(back.play(again))
        await staying
        assert table.over
        final = back.last_view
        assert final is not None and final["connected"][back.seat] is True
        whole = truth(server, table.code)
        audit(drops, whole)
        audit(back, whole)
        # The hand was finished with the player's own cards, some played by the stand-in.
        assert back.played + drops.played < 13
        await kept.close()
        await again.close()

    run(test)


def test_a_finished_table_and_a_table_nobody_joins_are_let_go() -> None:
    async def test() -> None:
        server = TableServer(times=FAST, limits=Limits(finished_kept=0.3, idle=0.5))
        port = await server.start("127.0.0.1", 0)
        url = f"ws://127.0.0.1:{port}/table"
        try:
            specs = [SeatSpec("human")] + [SeatSpec("ai", "easy")] * 3
            idle = server.host(RuleSet.preset("hearts", ONE_HAND), specs)
            played = server.host(RuleSet.preset("hearts", ONE_HAND), specs)
            player = Player(url, played.code, "Anna")
            connection = await player.join()
            await bounded(player.play(connection))
            assert played.code in server.tables  # the final scores stay to be seen
            await bounded(connection.wait_closed(), 30)  # then the table goes, and its client
            assert connection.close_code == 1001
            for _ in range(100):
                if idle.code not in server.tables:
                    break
                await asyncio.sleep(0.05)
            assert server.tables == {}
        finally:
            await server.stop()

    asyncio.run(bounded(test(), 60))
