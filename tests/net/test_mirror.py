"""A client's mirror of a hosted game tells what happened as the host's own loop told it, and
shows the public table the host has, from the views alone."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest

from peppa_qt.engine import RuleSet, TableState
from peppa_qt.engine.public import table_of
from peppa_qt.net.messages import SeatSpec
from peppa_qt.net.mirror import Mirror
from peppa_qt.net.server import TableServer
from peppa_qt.table.events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandResumed,
    HandScored,
    PassChosen,
    TrickWon,
)

from .clients import Player
from .test_table_server import run

TOLD = (HandDealt, CardsPassed, CardPlayed, TrickWon, HandScored, GameOver)


def _in_order(events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, TOLD)]


def _passes(events: list[Event]) -> list[set[int]]:
    """The seats said to have passed, hand by hand."""
    hands: list[set[int]] = []
    for event in events:
        if isinstance(event, HandDealt):
            hands.append(set())
        elif isinstance(event, PassChosen):
            hands[-1].add(event.seat)
    return hands


@pytest.mark.parametrize(
    ("preset", "seats", "hands"),
    [("hearts", 4, 1), ("hearts", 4, 2), ("hearts", 4, 3), ("torino", 4, 2), ("belmont", 8, 1)],
)
def test_a_mirror_tells_every_card_trick_and_score_as_the_host_did(
    preset: str, seats: int, hands: int
) -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}}, seats=seats)
        specs = [SeatSpec("human"), SeatSpec("human")] + [SeatSpec("ai", "easy")] * (seats - 2)
        table = server.host(rules, specs)
        told: list[Event] = []
        table.loop.listen(told.append)
        players = [Player(url, table.code, name) for name in ("Anna", "Bruno")]
        connections = [await p.join() for p in players]
        await asyncio.gather(*(p.play(c) for p, c in zip(players, connections, strict=True)))
        assert table.over
        for player in players:
            assert player.seat is not None
            mirror = Mirror(player.seat)
            seen: list[Event] = []
            for text in player.received:
                message = json.loads(text)
                if message["type"] == "view" and message["record"]["hands"]:
                    events, moment = mirror.feed(message)
                    seen += events
            assert _in_order(seen) == _in_order(told)
            assert _passes(seen) == _passes(told)
            # The last moment's public table is the host's (the deals' fingerprints aside:
            # a hosted game's hands come from no deal number on either side).
            host = table_of(table.match)
            assert replace(moment.table, fingerprint=None) == replace(host, fingerprint=None)
            assert moment.view.hand == 0 and moment.table.over
        for c in connections:
            await c.close()

    run(test)


@pytest.mark.parametrize(("preset", "seats"), [("peppa", 4), ("hearts", 4), ("belmont", 6)])
def test_each_step_leaves_the_public_table_where_the_hosts_event_left_it(
    preset: str, seats: int
) -> None:
    """A screen fed a mirror's steps draws each card, trick and score on the table the host
    had at that moment, even when one view carries several of them."""

    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": 2}}, seats=seats)
        specs = [SeatSpec("human")] + [SeatSpec("ai", "easy")] * (seats - 1)
        table = server.host(rules, specs)
        told: list[tuple[Event, TableState]] = []
        table.loop.listen(lambda e: told.append((e, table_of(table.match))))
        player = Player(url, table.code, "Anna")
        connection = await player.join()
        await player.play(connection)
        await connection.close()
        assert player.seat is not None
        views = [json.loads(t) for t in player.received]
        views = [v for v in views if v["type"] == "view" and v["record"]["hands"]]
        mirror = Mirror(player.seat)
        first = mirror.steps(views[0])
        assert type(first[0].event) is HandDealt  # the game's start: dealt, as at home
        joined_late = Mirror(player.seat).steps(views[len(views) // 2])
        assert [type(s.event) for s in joined_late][:1] == [HandResumed]  # drawn as it stands
        # Every other view at once, as a client that fell behind gets them: the last one.
        late = Mirror(player.seat)
        late.steps(views[0])
        caught_up = late.steps(views[-1])
        seen = [s for v in views[1:] for s in mirror.steps(v)]
        host = [(e, _public(t)) for e, t in told if isinstance(e, TOLD)]
        for steps in (seen, caught_up):
            told_here = [s for s in steps if isinstance(s.event, TOLD)]
            mine = [(s.event, _public(table_of(s.match), s.lead_known)) for s in told_here]
            theirs = host[len(host) - len(mine) :]
            known = [s.lead_known for s in told_here]
            assert mine == [(e, _public(t, k)) for (e, t), k in zip(theirs, known, strict=True)]
            # Only the moments before a hand's first card may hide who leads.
            hidden = {type(s.event) for s in told_here if not s.lead_known}
            assert hidden <= {HandDealt, CardsPassed}
            assert len(mine) > 20 * seats

    run(test)


def _public(table: TableState, lead_known: bool = True) -> TableState:
    """The public table to compare (no deal fingerprint; nobody to play where the seat
    cannot tell)."""
    table = replace(table, fingerprint=None)
    return table if lead_known else replace(table, first_lead=None, to_move=None)
