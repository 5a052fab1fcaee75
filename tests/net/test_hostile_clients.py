"""Hostile clients get a clear ``refused`` (or, past the limits, the door) and the game goes
on: every case over a real connection on the loopback, each bounded in time."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from peppa_qt.engine import RuleSet
from peppa_qt.net.hosted import HostedTable, TableTimes
from peppa_qt.net.messages import SeatSpec
from peppa_qt.net.server import Limits, TableServer

from .clients import Player, bounded
from .test_table_server import FAST, ONE_HAND


@contextlib.asynccontextmanager
async def _serving(
    limits: Limits | None = None, times: TableTimes = FAST
) -> AsyncIterator[tuple[TableServer, str]]:
    """A server on 127.0.0.1 (a free port) and its table URL, stopped after."""
    server, url = await _served(limits, times)
    try:
        yield server, url
    finally:
        await server.stop()


async def _served(
    limits: Limits | None = None, times: TableTimes = FAST
) -> tuple[TableServer, str]:
    server = TableServer(limits=limits, times=times)
    port = await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{port}/table"


def _table(server: TableServer, humans: int = 2) -> HostedTable:
    specs = [SeatSpec("human")] * humans + [SeatSpec("ai", "easy")] * (4 - humans)
    return server.host(RuleSet.preset("hearts", ONE_HAND), specs)


async def _answer(connection: ClientConnection, message: object) -> dict[str, Any]:
    """Send ``message`` (text, bytes or an object) and return the first answer that is not a
    view."""
    if isinstance(message, (str, bytes)):
        await connection.send(message)
    else:
        await connection.send(json.dumps(message))
    while True:
        answer: dict[str, Any] = json.loads(await bounded(connection.recv(), 30))
        if answer["type"] != "view":
            return answer


def _hello(table: str, name: str = "Anna", **fields: object) -> dict[str, object]:
    return {"type": "hello", "protocol": 1, "table": table, "name": name, "seat": None} | fields


def run(test: Any) -> None:
    asyncio.run(bounded(test(), 120))


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json at all", "malformed"),
        ("[1, 2, 3]", "malformed"),
        ('{"no": "type"}', "malformed"),
        (b"\x00\x01binary", "binary"),
        ('{"type": "cards", "cards": ["ZZ"]}', "malformed"),
        ('{"type": "cards", "cards": "QS"}', "malformed"),
        ('{"type": "cards", "cards": ["QS"]}', "hello"),  # no seat taken yet
        ('{"type": "hello", "protocol": 0, "table": "X", "name": "A"}', "protocol"),
        ('{"type": "hello", "protocol": 1, "table": "NOSUCH", "name": "A"}', "table"),
        ('{"type": "hello", "protocol": 1, "table": "X", "name": "A\\u0007"}', "name"),
        ('{"type": "hello", "protocol": 1, "table": "X", "name": "' + "A" * 10_000 + '"}', "name"),
        ('{"type": "create", "protocol": 1, "rules": {"preset": "chess"}, "seats": []}', "rules"),
        (
            json.dumps(
                {
                    "type": "create",
                    "protocol": 1,
                    "rules": {"preset": "hearts"},
                    "seats": [{"kind": "ai", "level": "easy"}] * 4,
                }
            ),
            "rules",
        ),
    ],
)
def test_a_bad_message_is_refused_with_its_reason_and_the_connection_goes_on(
    message: str | bytes, code: str
) -> None:
    async def test() -> None:
        async with _serving() as (server, url), connect(url) as connection:
            refused = await _answer(connection, message)
            assert refused["type"] == "refused" and refused["code"] == code
            assert refused["reason"]
            # The same connection still takes a good message.
            table = _table(server)
            welcome = await _answer(connection, _hello(table.code))
            assert welcome["type"] == "welcome"

    run(test)


def test_out_of_turn_a_card_not_held_and_an_illegal_card_are_refused_and_the_game_goes_on() -> None:
    async def test() -> None:
        async with _serving() as (server, url):
            table = _table(server, humans=1)
            player = Player(url, table.code, "Anna")
            connection = await player.join()
            # Wait for the pass to be asked, then play a card as if it were a trick.
            while not (player.last_view and player.last_view["to_act"]):
                await player.receive(connection)
            held = player.last_view["record"]["hands"][0]["deal"][player.seat].split()
            foreign = next(
                c for c in ("2C", "3C", "4C", "5C", "6C", "7C", "8C", "AS", "KS") if c not in held
            )
            refused = await _answer(connection, {"type": "cards", "cards": [held[0]]})
            assert refused["code"] == "illegal"
            refused = await _answer(connection, {"type": "cards", "cards": [foreign, *held[:2]]})
            assert refused["code"] == "illegal"
            # The game goes on: the player plays it out, the table ends.
            await player.play(connection)
            assert table.over
            await connection.close()

    run(test)


def test_a_token_that_is_not_a_seat_s_is_refused_and_a_seat_taken_is_not_given_twice() -> None:
    async def test() -> None:
        async with _serving() as (server, url):
            table = _table(server, humans=2)
            first = Player(url, table.code, "Anna", seat=0)
            kept = await first.join()
            async with connect(url) as other:
                refused = await _answer(other, _hello(table.code, token="guessed" * 4))
                assert refused["code"] == "token"
                refused = await _answer(other, _hello(table.code, seat=0))
                assert refused["code"] == "seat"
                refused = await _answer(other, _hello(table.code, seat=2))  # a computer's
                assert refused["code"] == "seat"
            await kept.close()

    run(test)


def test_guessing_table_codes_is_stopped_after_a_few_tries() -> None:
    async def test() -> None:
        async with _serving(Limits(wrong_codes_per_minute=5)) as (server, url):
            table = _table(server)
            async with connect(url) as connection:
                codes = [
                    (await _answer(connection, _hello(f"AAAA{i:02}")))["code"] for i in range(8)
                ]
                assert codes == ["table"] * 5 + ["flood"] * 3
                # Even the right code is not taken from this address now.
                refused = await _answer(connection, _hello(table.code))
                assert refused["code"] == "flood"

    run(test)


def test_a_flood_is_refused_then_disconnected_and_the_others_play_on() -> None:
    async def test() -> None:
        limits = Limits(burst=30, messages_per_second=20, floods_to_close=20)
        async with _serving(limits) as (server, url):
            table = _table(server, humans=2)
            player = Player(url, table.code, "Anna")
            connection = await player.join()
            async with connect(url) as flooder:
                await _answer(flooder, _hello(table.code, name="Flood"))
                codes: list[str] = []
                with pytest.raises(ConnectionClosed):
                    for _ in range(500):
                        await flooder.send('{"type": "cards", "cards": ["2C"]}')
                    while True:
                        answer = json.loads(await bounded(flooder.recv(), 30))
                        codes.append(answer.get("code", answer["type"]))
                assert "flood" in codes
                assert flooder.close_code == 1008
            await player.play(connection)  # the flooder's seat is played for; the game ends
            assert table.over
            await connection.close()

    run(test)


def test_a_ten_megabyte_frame_closes_that_connection_only() -> None:
    async def test() -> None:
        async with _serving() as (server, url):
            table = _table(server, humans=1)
            player = Player(url, table.code, "Anna")
            connection = await player.join()
            big = await connect(url, max_size=None)
            with contextlib.suppress(ConnectionClosed):  # closed while it still sends: as good
                await bounded(big.send("x" * 10_000_000), 30)
            with pytest.raises(ConnectionClosed):
                await bounded(big.recv(), 30)
            assert big.close_code == 1009  # message too big
            await player.play(connection)
            assert table.over
            await connection.close()

    run(test)


def test_connections_past_the_limit_from_one_address_are_turned_away() -> None:
    async def test() -> None:
        async with _serving(Limits(connections_per_address=20)) as (_, url):
            opened: list[ClientConnection] = []
            turned_away = 0
            for _ in range(200):
                try:
                    opened.append(await connect(url))
                except InvalidStatus as error:
                    assert error.response.status_code == 429
                    turned_away += 1
            assert len(opened) == 20 and turned_away == 180
            for connection in opened:
                await connection.close()
            await asyncio.sleep(0.1)
            async with connect(url):  # the address may connect again once they are gone
                pass

    run(test)


def test_a_client_that_never_reads_holds_up_nobody() -> None:
    async def test() -> None:
        # A player's turn may take 0.1 s before the computer answers for them.
        times = TableTimes(grace=0.2, turn=0.1, between_hands=0, ai_pause=0)
        async with _serving(times=times) as (server, url):
            table = _table(server, humans=2)
            player = Player(url, table.code, "Anna")
            connection = await player.join()
            # The other seat's client says hello, then never reads a byte again.
            silent = await connect(url, max_queue=1)
            await silent.send(json.dumps(_hello(table.code, name="Silent")))
            await player.play(connection)  # the silent seat's turns go to the stand-in
            assert table.over
            await connection.close()
            await silent.close()

    run(test)


def test_a_wrong_path_is_not_found() -> None:
    async def test() -> None:
        async with _serving() as (_, url):
            with pytest.raises(InvalidStatus) as refused:
                await connect(url.replace("/table", "/other"))
            assert refused.value.response.status_code == 404

    run(test)
