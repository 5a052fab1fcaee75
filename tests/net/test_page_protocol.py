"""What the table protocol gained for the browser's page: the free seats asked before taking
one, the table at a glance in each view (and only the seat's own cards in it), the rule a
refused card broke, and a seat taken over by another tab that does not fight back."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import connect

from peppa_qt.engine import RuleSet, cards_of
from peppa_qt.net.client import TableClient
from peppa_qt.net.messages import TAKEN_BACK, Refusal, SeatSpec
from peppa_qt.net.server import TableServer

from .clients import Player, audit
from .test_page_browser import check_glance
from .test_table_server import ONE_HAND, run, truth


async def ask(url: str, message: dict[str, Any]) -> dict[str, Any]:
    """Send one message on a fresh connection; the first answer."""
    async with connect(url) as connection:
        await connection.send(json.dumps(message))
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(connection.recv(), 10))
        return answer


def test_a_page_lists_the_free_seats_before_taking_one() -> None:
    async def test(server: TableServer, url: str) -> None:
        specs = [SeatSpec("human"), SeatSpec("ai", "easy"), SeatSpec("human"), SeatSpec("human")]
        table = server.host(RuleSet.preset("peppa", ONE_HAND), specs)
        anna = Player(url, table.code, "Anna", seat=2)
        connection = await anna.join()
        seats = await ask(url, {"type": "seats", "protocol": 1, "table": table.code.lower()})
        assert seats["type"] == "seats" and seats["free"] == [0, 3]
        assert [p["free"] for p in seats["players"]] == [True, False, False, True]
        assert [p["name"] for p in seats["players"]][1:3] == ["Computer 2", "Anna"]
        assert seats["rules"] == "peppa" and seats["started"] is False
        wrong = await ask(url, {"type": "seats", "protocol": 1, "table": "ZZZZZZ"})
        assert wrong["type"] == "refused" and wrong["code"] == "table"
        await connection.close()

    run(test)


@pytest.mark.parametrize(("preset", "seats"), [("hearts", 4), ("belmont", 6)])
def test_views_carry_the_table_at_a_glance_only_when_asked_and_only_the_seats_own_cards(
    preset: str, seats: int
) -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset(preset, ONE_HAND, seats=seats)
        specs = [SeatSpec("human")] * (seats - 1) + [SeatSpec("ai", "easy")]
        table = server.host(rules, specs)
        players = [Player(url, table.code, f"P{s}", glance=s < 2) for s in range(seats - 1)]
        connections = [await p.join() for p in players]
        await asyncio.gather(*(p.play(c) for p, c in zip(players, connections, strict=True)))
        whole = truth(server, table.code)
        for player in players:
            assert audit(player, whole) > 10
            views = [json.loads(t) for t in player.received]
            views = [v for v in views if v["type"] == "view"]
            assert all(("glance" in v) == player.glance for v in views)
            for view in views:
                check_glance(view, whole)
        final = players[0].last_view
        assert final is not None and final["glance"]["phase"] == "scored"
        assert len(final["glance"]["result"]["points"]) == seats
        assert final["glance"]["totals"] == final["glance"]["result"]["points"]
        assert final["glance"]["ranking"] and final["glance"]["hand"] == []
        for c in connections:
            await c.close()

    run(test)


def test_a_refused_card_names_the_rule_it_breaks() -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("hearts", {**ONE_HAND, "pass_cycle": ["hold"]})
        table = server.host(rules, [SeatSpec("human")] * 4)
        players = [Player(url, table.code, f"P{s}", glance=True) for s in range(4)]
        connections = [await p.join() for p in players]
        while not any(r.person.asked for r in table.remote.values()):
            await asyncio.sleep(0.01)
        seat = next(s for s, r in table.remote.items() if r.person.asked)
        leader = next(p for p in players if p.seat == seat)
        hand = table.match.current
        assert hand is not None
        wrong = next(str(c) for c in cards_of(hand.hands[seat]) if str(c) != "2C")
        connection = connections[players.index(leader)]
        await connection.send(json.dumps({"type": "cards", "cards": [wrong]}))
        while not leader.refused:
            await leader.receive(connection)
        assert leader.refused[0]["code"] == "illegal"
        assert leader.refused[0]["rule"] == "must_lead_lowest_club"
        for c in connections:
            await c.close()

    run(test)


def test_a_second_tab_with_the_token_takes_the_seat_and_the_first_is_told_not_to_return() -> None:
    async def test(server: TableServer, url: str) -> None:
        table = server.host(RuleSet.preset("peppa", ONE_HAND), [SeatSpec("human")] * 4)
        first = Player(url, table.code, "Anna")
        old = await first.join()
        second = Player(url, table.code, "Anna", token=first.token)
        new = await second.join()
        assert second.seat == first.seat
        await asyncio.wait_for(old.wait_closed(), 10)
        assert old.close_code == TAKEN_BACK
        assert table.remote[first.seat or 0].connected  # the new one holds it
        await new.close()

    run(test)


def test_the_protocols_own_client_does_not_take_back_a_seat_another_connection_took() -> None:
    async def test(server: TableServer, url: str) -> None:
        table = server.host(RuleSet.preset("peppa", ONE_HAND), [SeatSpec("human")] * 4)
        client = TableClient(url, table.code, "Bot")
        await client.join()
        playing = asyncio.ensure_future(client.play(lambda view: []))
        other = Player(url, table.code, "Anna", token=client.token)
        connection = await other.join()
        try:
            await asyncio.wait_for(playing, 10)
        except Refusal as refusal:
            assert refusal.code == "taken-back"
        else:
            raise AssertionError("the client played on")
        assert table.remote[other.seat or 0].connected
        await connection.close()

    run(test)
