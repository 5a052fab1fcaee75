"""One table hosted for players on other devices: its seats, their tokens, its game.

The host is the only authority. A ``HostedTable`` runs the game with the Qt-free game loop
(``table/``): a computer's seat is a ``ComputerSeat``; a remote player's seat is a
``HumanSeat`` behind a ``StandIn``, so that a computer answers for a player who dropped (after
``grace`` seconds) until they come back with their token. Every card a client sends is
answered through its own seat's request and checked by the engine. Each client is sent its
own seat's view only: the game record *seen from its seat* (``GameRecord.seen_from``: other
deals and passes hidden, as the bot protocol sends it) and public extras (names, who is
connected). The deals come from the table's secret randomness (256 bits from ``secrets``):
no client can work out another seat's cards from its own.

A seat of kind ``local`` is a person at the hosting window itself (hot-seat there): its
answers come from that window in the same process (``local_cards``), and the window follows
the game through ``watch``, which is handed the whole game after each change (every card:
the window hides other seats' cards as a local game does). Nothing of it goes to a client.

Nothing here does input or output: the server hands the table what clients sent and gives it
``send``, the way to reach a seat's client.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..ai import make_player
from ..engine import Match, Phase, PlayerInfo, RuleSet, record_of
from ..engine.deals import deal_from_secret
from ..engine.record import record_to_dict
from ..engine.record_write import SeatDocuments
from ..table import HumanSeat, Request, Seat, TableLoop
from ..table.clock import Scheduler, Timer
from ..table.computer import ComputerSeat, Thinkers
from ..table.events import Event, GameOver, HandScored
from ..table.pace import Pace
from ..table.stand_in import StandIn
from .glance import glance
from .messages import CODE_LENGTH, CODE_LETTERS, Refusal, SeatSpec


@dataclass(frozen=True)
class TableTimes:
    """How long the table waits, in seconds (the defaults suit a game over the internet)."""

    #: A player who dropped keeps the seat this long before a computer plays it.
    grace: float = 20.0
    #: A player's turn may take this long before the computer answers for them (None: no limit).
    turn: float | None = None
    #: The scores stay shown this long before the next hand is dealt, unless every player
    #: here says sooner that they have read them (``ready``).
    between_hands: float = 20.0
    #: The pause before a computer's card.
    ai_pause: float = 0.45


Send = Callable[[int, dict[str, Any]], None]


SNAPSHOT_FORMAT = "peppa-table"
SNAPSHOT_VERSION = 1


@dataclass(frozen=True)
class Restored:
    """A saved table's state to go on with (``net/state.py`` reads it)."""

    match: Match
    secret: str
    tokens: dict[int, str]
    names: dict[int, str]
    started: bool
    #: Every seat's name as the saved game's record has it (the computers' and the hosting
    #: window's people's too).
    seat_names: tuple[str, ...] = ()


def token_hash(token: str) -> str:
    """What a table keeps of a seat's token: its SHA-256 (a saved table gives no token away)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_code() -> str:
    """A table's code: six letters to read aloud."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


class _RemotePlayer:
    """A human seat's player: the seat object and who holds it."""

    def __init__(self, person: HumanSeat, seat: StandIn) -> None:
        self.person = person
        self.seat = seat
        #: The SHA-256 of the seat's token (the token itself is the client's only).
        self.token_hash: str | None = None
        self.name: str | None = None
        self.connected = False
        #: Its client wants the table at a glance in its views (``glance.py``).
        self.glance = False
        self.dropped: Timer | None = None


class HostedTable:
    """A table's game and its players, for the server to feed and to speak for."""

    def __init__(
        self,
        code: str,
        rules: RuleSet,
        specs: Sequence[SeatSpec],
        scheduler: Scheduler,
        send: Send,
        *,
        times: TableTimes | None = None,
        stand_in_level: str = "normal",
        names: Sequence[str] | None = None,
        restored: Restored | None = None,
    ) -> None:
        """``restored``: the table as it was saved (``snapshot``), to go on with."""
        if len(specs) != rules.seats:
            raise ValueError(f"{rules.seats} seats at this table, {len(specs)} given")
        self.code = code
        self.rules = rules
        self.specs = tuple(specs)
        self.times = times or TableTimes()
        self._scheduler = scheduler
        self._send = send
        self._secret = restored.secret if restored else secrets.token_hex(32)
        self._thinkers = Thinkers()
        self._computer_names = list(names or [f"Computer {s + 1}" for s in range(rules.seats)])
        #: An open seat's name until its player sits down: the host's (a window names it in
        #: its language), else "Player N".
        self._open_names = list(names or [f"Player {s + 1}" for s in range(rules.seats)])
        self.remote: dict[int, _RemotePlayer] = {}
        #: The hosting window's own people (``local`` seats).
        self.local: dict[int, HumanSeat] = {}
        seats: list[Seat] = []
        for index, spec in enumerate(self.specs):
            if spec.kind == "local":
                self.local[index] = HumanSeat(self._asked)
                seats.append(self.local[index])
                continue
            computer = ComputerSeat(
                make_player(spec.level or stand_in_level, secrets.randbits(32)),
                self._thinkers,
                scheduler,
            )
            if spec.kind != "human":
                seats.append(computer)
                continue
            person = HumanSeat(self._asked)
            stand_in = StandIn(person, computer, scheduler, self.times.turn)
            self.remote[index] = _RemotePlayer(person, stand_in)
            seats.append(stand_in)
        self.match = (
            restored.match if restored else Match(rules, secrets.randbits(53), track_undo=False)
        )
        self.loop = TableLoop(
            self.match,
            seats,
            scheduler,
            pace=Pace(ai_pause_ms=round(self.times.ai_pause * 1000)),
            deals=self._deal,
        )
        self.loop.listen(self._told)
        self._documents = SeatDocuments(self.match)
        self._replay_keys: dict[int, str] = {}
        self.started = False
        self._flush_planned = False
        self._next_hand: Timer | None = None
        #: The players who have read the last hand's score (``ready``).
        self._ready: set[int] = set()
        #: Called once the game is over (the server lets the table go).
        self.on_over: Callable[[HostedTable], None] | None = None
        #: Called after each change, once it is over (the server saves the table).
        self.on_change: Callable[[HostedTable], None] | None = None
        #: The hosting window, handed the whole game after each change (``whole_game``).
        self.watch: Callable[[dict[str, Any]], None] | None = None
        if restored is not None:
            for seat, hashed in restored.tokens.items():
                self.remote[seat].token_hash = hashed
                self.remote[seat].name = restored.names.get(seat)
            if restored.started:
                self.resume()

    # ------------------------------------------------------------------ who sits where

    def players(self) -> tuple[PlayerInfo, ...]:
        """The names and kinds each seat's record tells."""
        infos = []
        for seat, spec in enumerate(self.specs):
            remote = self.remote.get(seat)
            if seat in self.local:
                infos.append(PlayerInfo(self._computer_names[seat], "human"))
            elif remote is None:
                infos.append(PlayerInfo(self._computer_names[seat], "ai", spec.level))
            else:
                infos.append(PlayerInfo(remote.name or self._open_names[seat], "human"))
        return tuple(infos)

    def free_seats(self) -> list[int]:
        """The human seats nobody has taken."""
        return [s for s, r in self.remote.items() if r.token_hash is None]

    def join(
        self, name: str, seat: int | None, token: str | None, *, glance: bool = False
    ) -> tuple[int, str]:
        """A client takes a free human seat, or its own back with its token: the seat and
        its token (``glance``: its views carry the table at a glance). Raises ``Refusal`` if
        it cannot."""
        if token is not None:
            hashed = token_hash(token)
            for index, remote in self.remote.items():
                if remote.token_hash is not None and hmac.compare_digest(remote.token_hash, hashed):
                    remote.glance = glance
                    self._arrive(index, remote, name)
                    return index, token
            raise Refusal("token", "this token holds no seat at this table")
        free = self.free_seats()
        if seat is None:
            if not free:
                raise Refusal("full", "every seat of this table is taken")
            seat = free[0]
        elif seat not in self.remote:
            raise Refusal("seat", f"seat {seat} is not a player's seat at this table")
        elif seat not in free:
            raise Refusal("seat", f"seat {seat} is taken")
        remote = self.remote[seat]
        token = secrets.token_urlsafe(24)  # 192 bits
        remote.token_hash = token_hash(token)
        remote.glance = glance
        self._arrive(seat, remote, name)
        if not self.started and not self.free_seats():
            self.start()
        return seat, token

    def seats(self) -> dict[str, Any]:
        """Who sits where, for a client choosing a seat (the ``seats`` answer): public."""
        return {
            "type": "seats",
            "table": self.code,
            "rules": self.rules.name,
            "free": self.free_seats(),
            "players": [
                {"name": p.name, "kind": p.kind, "free": s in self.free_seats()}
                for s, p in enumerate(self.players())
            ],
            "started": self.started,
            "over": self.over,
        }

    def leave(self, seat: int) -> None:
        """The seat's client went: shown away at once; after the grace a computer plays."""
        remote = self.remote.get(seat)
        if remote is None or not remote.connected:
            return
        remote.connected = False
        if remote.dropped is not None:
            remote.dropped.cancel()
        remote.dropped = self._scheduler.call_later(
            self.times.grace, lambda: remote.seat.set_away(True)
        )
        self._deal_if_ready()  # the others need not wait for the one who went
        self._plan_flush()

    def _arrive(self, seat: int, remote: _RemotePlayer, name: str) -> None:
        """The seat's client is here (its first view, and the others', follow)."""
        remote.name = remote.name or name
        remote.connected = True
        if remote.dropped is not None:
            remote.dropped.cancel()
            remote.dropped = None
        if remote.seat.away:
            remote.seat.set_away(False)
        self._plan_flush()

    # ------------------------------------------------------------------ the game

    def start(self) -> None:
        """Start the game; seats nobody took are played by computers until someone does."""
        if self.started:
            return
        self.started = True
        for remote in self.remote.values():
            if not remote.connected:
                remote.seat.set_away(True)
        self.loop.start()
        self._plan_flush()

    def resume(self) -> None:
        """Go on with a saved game: its players come back with their tokens; until then,
        after the grace, computers play their seats."""
        self.started = True
        for remote in self.remote.values():
            if remote.token_hash is None:
                remote.seat.set_away(True)
            else:
                remote.dropped = self._scheduler.call_later(
                    self.times.grace, partial(remote.seat.set_away, True)
                )
        self.loop.start()  # (a hand scored is told again: the next is dealt after the pause)
        self._plan_flush()

    def snapshot(self) -> dict[str, Any]:
        """The table as a document to go on with after the host stops (``restore``): the
        whole game (every deal: keep it private), the seats' token hashes, the secret."""
        return {
            "format": SNAPSHOT_FORMAT,
            "version": SNAPSHOT_VERSION,
            "code": self.code,
            "record": record_to_dict(record_of(self.match, self.players())),
            "seats": [
                {"kind": spec.kind, "level": spec.level} if spec.level else {"kind": spec.kind}
                for spec in self.specs
            ],
            "secret": self._secret,
            "tokens": {str(s): r.token_hash for s, r in self.remote.items() if r.token_hash},
            "names": {str(s): r.name for s, r in self.remote.items() if r.name},
            "started": self.started,
        }

    def cards(self, seat: int, cards: Sequence[int]) -> None:
        """The seat's client gives its pass or card. Raises ``Refusal`` if not taken."""
        remote = self.remote.get(seat)
        if remote is None or not self.started:
            raise Refusal("turn", "the game has not started")
        if not remote.person.asked:
            raise Refusal("turn", "it is not this seat's turn")
        refusal = remote.person.answer(cards)
        if refusal is not None:
            raise Refusal("illegal", refusal.message, refusal.reason.value)

    def local_cards(self, seat: int, cards: Sequence[int]) -> None:
        """The hosting window's person at ``seat`` gives a pass or card. Raises ``Refusal``
        if not taken."""
        person = self.local.get(seat)
        if person is None or not self.started or not person.asked:
            raise Refusal("turn", "it is not this seat's turn")
        refusal = person.answer(cards)
        if refusal is not None:
            raise Refusal("illegal", refusal.message)

    def close(self) -> None:
        """Leave the game; the computers stop thinking."""
        if self._next_hand is not None:
            self._next_hand.cancel()
        for remote in self.remote.values():
            if remote.dropped is not None:
                remote.dropped.cancel()
        self.loop.close()
        self._thinkers.stop(timeout=0)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.match.is_over

    def ready(self, seat: int) -> None:
        """The player at ``seat`` has read the hand's score: once every player at the table
        has, the next hand is dealt without waiting out the pause."""
        if self._next_hand is None or (seat not in self.remote and seat not in self.local):
            return
        self._ready.add(seat)
        self._deal_if_ready()

    def _deal_if_ready(self) -> None:
        if self._next_hand is None:
            return
        present = [s for s, r in self.remote.items() if r.connected and not r.seat.away]
        if all(seat in self._ready for seat in [*self.local, *present]):
            self._next_hand.cancel()
            self._deal_next()

    def _deal_next(self) -> None:
        self._next_hand = None
        self._ready = set()
        self.loop.next_hand()

    def replay_key(self, index: int) -> str:
        """Hand ``index``'s own key (128 bits), from which its deal is drawn: told once the
        hand is over, it replays that deal (``deals.deal_from_secret``) and tells nothing of
        any other hand (each is a hash of the table's secret and the hand's index)."""
        key = self._replay_keys.get(index)
        if key is None:
            digest = hashlib.sha256(f"peppa-table:{self._secret}:{index}".encode()).hexdigest()
            key = self._replay_keys[index] = digest[:32]
        return key

    def _deal(self, index: int) -> list[int]:
        return deal_from_secret(self.rules, self.replay_key(index))

    def _asked(self, request: Request) -> None:
        """A player is asked: their view says so."""
        self._plan_flush()

    def _told(self, event: Event) -> None:
        if isinstance(event, HandScored) and not self.match.is_over:
            self._next_hand = self._scheduler.call_later(self.times.between_hands, self._deal_next)
        if isinstance(event, GameOver) and self.on_over is not None:
            self._scheduler.call_soon(lambda: self.on_over and self.on_over(self))
        self._plan_flush()

    # ------------------------------------------------------------------ the views sent

    def view(self, seat: int) -> dict[str, Any]:
        """What seat ``seat``'s client is shown: its own view of the game, nothing more."""
        return self._views([seat])[seat]

    def whole_game(self) -> dict[str, Any]:
        """What the hosting window follows: the whole game, every card, the local seats
        asked now, and what everyone sees (never sent to a client)."""
        return self._views([None])[-1]

    def _views(self, seats: Sequence[int | None]) -> dict[int, dict[str, Any]]:
        """Each of ``seats``' view of the game as it stands: its own record of the game
        (``GameRecord.seen_from``, written once per change for all: ``SeatDocuments``) and
        what everyone sees."""
        players = self.players()
        documents = self._documents.documents(players, [s for s in seats if s is not None])
        hand = self.match.current
        hands = self.match.hands
        passes = hand.passes if hand is not None else [None] * self.rules.seats
        seat_range = range(len(players))
        public = {
            "started": self.started,
            "over": self.match.is_over,
            "scored": hand is not None and hand.phase is Phase.SCORED,
            # The keys that replay the hands over (never one of a hand still in play).
            "replay": {
                str(i): self.replay_key(i) for i, h in enumerate(hands) if h.result is not None
            },
            # During passing, which seats have chosen their pass (which cards stays hidden).
            "passed": [
                hand is not None and hand.phase is Phase.PASSING and given is not None
                for given in passes
            ],
            "names": [p.name for p in players],
            "connected": [
                s in self.local or (s in self.remote and self.remote[s].connected)
                for s in seat_range
            ],
            "away": [s in self.remote and self.remote[s].seat.away for s in seat_range],
        }
        views: dict[int, dict[str, Any]] = {}
        if None in seats:  # the hosting window's: the whole game
            record = record_to_dict(record_of(self.match, players))
            asked = [seat for seat, person in self.local.items() if person.asked]
            views[-1] = {"type": "whole", "record": record, "to_act": asked, **public}
        for seat in seats:
            if seat is None:
                continue
            remote = self.remote.get(seat)
            views[seat] = {
                "type": "view",
                "seat": seat,
                "record": documents[seat],
                "to_act": bool(remote is not None and remote.person.asked),
                **public,
            }
            if remote is not None and remote.glance:
                views[seat]["glance"] = glance(self.match, seat)
        return views

    def _plan_flush(self) -> None:
        """Send every connected client its view once the change in progress is over."""
        if not self._flush_planned:
            self._flush_planned = True
            self._scheduler.call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_planned = False
        # Every connected seat's view made at once: the game written once for all of them
        # (the views are most of a busy server's work, benchmarks/server.py).
        connected = [seat for seat, remote in self.remote.items() if remote.connected]
        wanted: list[int | None] = [*connected, None] if self.watch is not None else [*connected]
        if wanted:
            for seat, view in self._views(wanted).items():
                if seat >= 0:
                    self._send(seat, view)
                elif self.watch is not None:
                    self.watch(view)
        if self.on_change is not None:
            self.on_change(self)
