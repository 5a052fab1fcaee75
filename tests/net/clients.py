"""Scripted clients of the table protocol for the tests: real WebSocket connections on the
loopback, each playing its seat from the views it receives (as a program written from
DESIGN.md alone would), and keeping every message it received for the audit."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from peppa_qt.ai import make_player
from peppa_qt.engine import cards_of
from peppa_qt.engine.record import record_from_dict
from peppa_qt.engine.seat_record import view_from_seat_record


@dataclass
class Player:
    """One scripted client: its seat, its token, what it received."""

    url: str
    table: str
    name: str
    seat: int | None = None
    token: str | None = None
    received: list[str] = field(default_factory=list)
    refused: list[dict[str, Any]] = field(default_factory=list)
    last_view: dict[str, Any] | None = None
    played: int = 0
    #: Ask for the table at a glance in each view, as the browser's page does.
    glance: bool = False

    async def join(self) -> ClientConnection:
        """Connect and take a seat (or one's own back with the token)."""
        connection = await connect(self.url)
        hello = {
            "type": "hello",
            "protocol": 1,
            "table": self.table,
            "name": self.name,
            "seat": self.seat,
            "token": self.token,
            "glance": self.glance,
        }
        await connection.send(json.dumps(hello))
        while True:
            message = await self.receive(connection)
            if message["type"] == "welcome":
                self.seat, self.token = message["seat"], message["token"]
                return connection
            if message["type"] == "refused":
                raise AssertionError(f"refused: {message}")

    async def receive(self, connection: ClientConnection) -> dict[str, Any]:
        """The next message, kept."""
        text = await connection.recv()
        assert isinstance(text, str)
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "view":
            self.last_view = message
        elif message["type"] == "refused":
            self.refused.append(message)
        return message

    async def play(self, connection: ClientConnection, stop_after: int | None = None) -> None:
        """Pass and play (the easy level's choice) until the game is over, or until
        ``stop_after`` cards of ours have been played."""
        chooser = make_player("easy", 1)
        answered: tuple[int, str, str] | None = None
        while True:
            message = await self.receive(connection)
            if message["type"] == "refused":
                answered = None  # not taken: the view that follows asks again
                if message["code"] == "flood":
                    await asyncio.sleep(0.2)  # slow down, as asked
            if message["type"] != "view":
                continue
            if message["over"]:
                return
            hands = message["record"]["hands"]
            # Where the seat stands: the hand, the cards played, its own pass and the one it
            # received (another seat's pass being made changes nothing for it).
            last = hands[-1] if hands else {}
            passes = last.get("pass") or []
            position = (len(hands), str(last.get("play")), json.dumps([p for p in passes if p]))
            if not message["to_act"] or position == answered:
                continue  # (a view sent before our answer was taken: nothing new to do)
            answered = position
            if stop_after is not None and self.played >= stop_after:
                return
            record = record_from_dict(message["record"], hidden=True)
            view = view_from_seat_record(record, message["seat"])
            cards = chooser.decide(view).cards
            await connection.send(json.dumps({"type": "cards", "cards": [str(c) for c in cards]}))
            if view.to_move is not None:
                self.played += 1


def audit(player: Player, truth: dict[str, Any]) -> int:
    """No card of another seat's hand in anything the client received before it is played.

    ``truth`` is the host's whole record (every deal). In each view, every card a hand names
    must be the seat's own (its true deal), the pass it received, or a card on the table in
    that view; other seats' deals are never sent. The number of views checked.
    """
    seat = player.seat
    assert seat is not None
    checked = 0
    for text in player.received:
        message = json.loads(text)
        if message["type"] != "view":
            continue
        checked += 1
        rules = record_from_dict(message["record"], hidden=True).rules
        for index, hand in enumerate(message["record"]["hands"]):
            true_hand = truth["hands"][index]
            assert [s for s, cards in enumerate(hand["deal"]) if cards is not None] == [seat]
            assert hand["deal"][seat] == true_hand["deal"][seat]
            played = set(hand["play"].split())
            allowed = set(true_hand["deal"][seat].split()) | played
            passes = hand.get("pass") or []
            for giver, given in enumerate(passes):
                if given is not None and giver != seat:  # the pass it received, once made
                    assert giver == rules.giver(seat, rules.pass_direction(index))
                    assert given == true_hand["pass"][giver]
                    allowed |= set(given.split())
            named = set(hand["deal"][seat].split()) | played
            for given in passes:
                named |= set((given or "").split())
            assert named <= allowed, (seat, index, named - allowed)
        assert "seed" not in message["record"] or message["record"]["seed"] is None
    return checked


def cards_held(view: dict[str, Any]) -> int:
    """How many cards the view's seat holds now."""
    record = record_from_dict(view["record"], hidden=True)
    return len(cards_of(view_from_seat_record(record, view["seat"]).hand))


async def bounded(work: Any, seconds: float = 120.0) -> Any:
    """``work`` with a guard against a hang (never a pace: a busy machine just takes longer)."""
    return await asyncio.wait_for(work, seconds)


def replay_keys_told_early(player: Player) -> list[str]:
    """Every replay key a view told while its hand was still in play (there must be none)."""
    early = []
    for text in player.received:
        message = json.loads(text)
        if message["type"] != "view":
            continue
        hands, seat = message["record"]["hands"], message["seat"]
        for index in message.get("replay", {}):
            hand = hands[int(index)]
            full = len(hand["deal"][seat].split()) * len(hand["deal"])
            if len(hand["play"].split()) < full:
                early.append(index)
    return early
