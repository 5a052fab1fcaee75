"""A game hosted elsewhere, played through a ``RemoteLoop``: the hosting window's own seat (fed
the whole game in process) and a joined window's seat (fed its views over a real socket) are
told every card, trick and score the host told, in order, and their people's answers reach
the host; an illegal card is refused at once, with the rule's reason, and never sent."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect

from peppa_qt.ai import make_player
from peppa_qt.engine import RuleSet
from peppa_qt.engine.cards import format_cards
from peppa_qt.engine.errors import Reason
from peppa_qt.engine.public import table_of
from peppa_qt.net.messages import PROTOCOL, Refusal, SeatSpec
from peppa_qt.net.mirror import Mirror
from peppa_qt.net.remote_loop import RemoteLoop
from peppa_qt.net.server import TableServer
from peppa_qt.table import HumanSeat, Request
from peppa_qt.table.events import Event, TurnBegan

from .test_mirror import TOLD, _public
from .test_table_server import run


class Person:
    """A person at a window: answers each request with the easy level's choice; the first
    time asked to play, first tries a card the rules refuse (if there is one)."""

    def __init__(self) -> None:
        self.chooser = make_player("easy", 7)
        self.seat = HumanSeat(self._asked)
        self.refusals: list[Reason] = []
        self.tried_illegal = False
        self.asked = 0

    def _asked(self, request: Request) -> None:
        self.asked += 1
        asyncio.get_running_loop().call_soon(self._answer, request)

    def _answer(self, request: Request) -> None:
        if not request.open:
            return
        view = request.view
        if not request.passing and not self.tried_illegal:
            illegal = [c for c in range(52) if view.hand >> c & 1 and not view.legal >> c & 1]
            if illegal:
                self.tried_illegal = True
                refusal = self.seat.answer((illegal[0],))
                assert refusal is not None
                self.refusals.append(refusal.reason)
        assert self.seat.answer(self.chooser.decide(view).cards) is None


def test_a_hosting_window_and_a_joined_window_play_a_game_through_remote_loops() -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 2}})
        specs = [SeatSpec("local"), SeatSpec("human"), SeatSpec("ai", "easy")]
        table = server.host(rules, [*specs, SeatSpec("ai", "easy")])
        told: list[Event] = []
        table.loop.listen(told.append)
        scheduler = server.scheduler()

        # The hosting window: the whole game in process; answers straight to the table.
        host_person = Person()

        def host_send(seat: int, cards: tuple[int, ...]) -> None:
            table.local_cards(seat, cards)

        host = RemoteLoop(Mirror(None), {0: host_person.seat}, host_send, scheduler)

        def watch(whole: dict[str, Any]) -> None:
            host.feed(whole, whole["to_act"])

        table.watch = watch
        host_seen: list[Event] = []
        host.listen(host_seen.append)
        host.start()

        # The joined window: its seat's views over the socket; answers as "cards" messages.
        connection = await connect(url)
        hello = {"type": "hello", "protocol": PROTOCOL, "table": table.code, "name": "Bruno"}
        await connection.send(json.dumps(hello))
        welcome = json.loads(await connection.recv())
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        sent: list[str] = []
        sending: set[asyncio.Future[None]] = set()

        def join_send(seat: int, cards: tuple[int, ...]) -> None:
            sent.append(format_cards(cards))
            text = json.dumps({"type": "cards", "cards": format_cards(cards).split()})
            future = asyncio.ensure_future(connection.send(text))
            sending.add(future)
            future.add_done_callback(sending.discard)

        guest_person = Person()
        guest = RemoteLoop(Mirror(1), {1: guest_person.seat}, join_send, scheduler)
        guest_seen: list[Event] = []
        guest.listen(guest_seen.append)
        guest.start()
        last: dict[str, Any] = {}
        while not last.get("over"):
            last = json.loads(await asyncio.wait_for(connection.recv(), 20))
            if last["type"] == "view":
                guest.feed(last, [1] if last["to_act"] else [])
            else:
                assert last["type"] != "refused", last
        await asyncio.sleep(0.05)  # the last view's events are told on the next turn
        await connection.close()

        host_events = [e for e in told if isinstance(e, TOLD)]
        assert table.over and len(host_events) > 100
        # The hosting window saw every event from the start; the guest from its first view.
        assert [e for e in host_seen if isinstance(e, TOLD)][-len(host_events) + 1 :] == (
            host_events[1:]
        )
        mine = [e for e in guest_seen if isinstance(e, TOLD)]
        assert mine == host_events[len(host_events) - len(mine) :]
        assert any(isinstance(e, TurnBegan) for e in guest_seen)
        # Both windows were asked and answered; each tried one illegal card, refused at once.
        for person in (host_person, guest_person):
            assert person.asked >= 2 * 13
            assert person.refusals and person.refusals[0] is not Reason.NOT_YOUR_TURN
        assert len(sent) == 2 + 2 * 13  # a pass in each hand (both pass), a card per trick
        for loop in (host, guest):
            assert loop.match is not None and loop.asked() == frozenset()
            assert _public(table_of(loop.match)) == _public(table_of(table.match))

    run(test)


def test_a_view_that_cannot_be_read_is_left_aside_and_the_next_one_is_told() -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("hearts")
        table = server.host(rules, [SeatSpec("local")] + [SeatSpec("ai", "easy")] * 3)
        person = Person()
        loop = RemoteLoop(Mirror(None), {0: person.seat}, lambda s, c: None, server.scheduler())
        seen: list[Event] = []
        loop.listen(seen.append)
        bad = {"rules": "nonsense", "hands": [{"deal": 5}]}
        assert not loop.feed({"type": "whole", "record": bad}, [0])
        table.start()
        assert loop.feed(table.whole_game(), [])
        await asyncio.sleep(0.01)
        assert seen and loop.match is not None

    run(test)


def test_a_local_seat_is_no_clients_to_take() -> None:
    async def test(server: TableServer, url: str) -> None:
        rules = RuleSet.preset("hearts")
        table = server.host(rules, [SeatSpec("local")] + [SeatSpec("ai", "easy")] * 3)
        assert table.free_seats() == []
        try:
            table.join("Eve", 0, None)
        except Refusal as refusal:
            assert refusal.code == "seat"
        else:
            raise AssertionError("a client took the hosting window's seat")

    run(test)
