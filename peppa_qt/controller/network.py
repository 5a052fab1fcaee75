"""The window's network side: a table hosted by this window, or one joined elsewhere.

The network runs on an asyncio event loop in a thread of its own (``NetThread``), so the
window never waits on a socket. What comes from it reaches the window as Qt signals (queued
to the window's thread); what the window sends is handed to the event loop's thread.

- ``HostedGame``: this window hosts a table (``net.server.TableServer``, the same host as
  ``peppa-qt serve``). Its own people sit at ``local`` seats: their answers go to the table in
  this process, and the window follows the whole game (``whole``), hiding other seats' cards
  as a local game does. Other devices join the open seats over the network; the table may be
  announced on the local network (mDNS).
- ``JoinedGame``: this window holds one seat of a table hosted elsewhere: its views come in
  (``view``), its pass and cards go out, and a dropped connection is taken up again with the
  seat's token.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from ..engine import RecordError
from ..engine.record import record_from_dict
from ..net.hosted import TableTimes
from ..net.messages import SeatSpec
from ..net.mirror import Mirror
from ..net.remote_loop import RemoteLoop
from ..table import HumanSeat
from ..table.clock import Scheduler
from .hosting import HostedGame, forget_tables, kept_table
from .joining import JoinedGame, table_url
from .setup import ELSEWHERE, GameSetup, SeatSetup, names_at_table

if TYPE_CHECKING:
    from .session import GameSession

log = logging.getLogger(__name__)

__all__ = ["NetworkTable", "forget_tables", "kept_table", "setup_of_view", "table_url"]


class NetworkTable(QObject):
    """The window's game at a networked table: hosting one or joined to one (or neither).

    It makes the table (``host``) or takes a seat (``join``), starts the session's game on a
    ``RemoteLoop`` fed from the network, and keeps what the window shows besides the table:
    the code, the addresses, who has joined.
    """

    #: Who sits where changed (a player joined, dropped, came back), or the game started.
    lobby_changed = Signal()
    #: Joining worked: the game (or the table waiting for its players) is shown.
    joined = Signal()
    #: Joining failed, or the host is gone: why (the protocol's words, in English).
    failed = Signal(str)
    #: This window's connection dropped (True) or is back (False).
    connection_lost = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.hosted: HostedGame | None = None
        self.joined_game: JoinedGame | None = None
        self._loop: RemoteLoop | None = None
        self._session: GameSession | None = None
        self._seat: int | None = None
        #: The newest extras (names, connected, away, started) of the table.
        self.extras: dict[str, Any] = {}
        self._retired: list[QObject] = []
        self._watched: set[int] = set()

    @property
    def active(self) -> bool:
        """Whether the window is at a networked table."""
        return self.hosted is not None or self.joined_game is not None

    @property
    def code(self) -> str:
        """The table's code (empty when not hosting)."""
        return self.hosted.code if self.hosted is not None else ""

    @property
    def port(self) -> int:
        """The port the table listens on (0 when not hosting)."""
        return self.hosted.port if self.hosted is not None else 0

    def addresses(self) -> list[str]:
        """Where others reach the hosted table: this machine's addresses, or the one the
        table listens on."""
        hosted = self.hosted
        if hosted is None:
            return []
        if hosted.host and hosted.host not in ("0.0.0.0", "::"):
            return [hosted.host]
        from ..net.discovery import own_addresses

        return own_addresses()

    def host(
        self,
        session: GameSession,
        setup: GameSetup,
        open_seats: Sequence[int],
        *,
        host: str = "",
        port: int = 0,
        announce_as: str | None = None,
        times: TableTimes | None = None,
        store: Path | None = None,
    ) -> None:
        """Host ``setup``'s game with ``open_seats`` (human seats) open to other devices;
        the other human seats are this window's; the table is kept in ``store`` (to be
        hosted again after the window closes). Raises OSError if the port is taken."""
        self.leave()
        open_seats = [
            s for s, spec in enumerate(setup.seats) if s in open_seats or spec.level == ELSEWHERE
        ]
        specs = [
            SeatSpec("human")
            if seat in open_seats
            else SeatSpec("local")
            if spec.is_human
            else SeatSpec("ai", spec.level)
            for seat, spec in enumerate(setup.seats)
        ]
        names = [spec.name for spec in setup.seats]
        hosted = HostedGame(self)
        hosted.open(
            setup.rules,
            specs,
            names,
            host,
            port,
            times=times,
            announce_as=announce_as,
            store=store,
        )
        here = tuple(
            replace(spec, level=ELSEWHERE) if seat in open_seats else spec
            for seat, spec in enumerate(setup.seats)
        )
        self._play_hosted(session, hosted, replace(setup, seats=here))

    def rehost(
        self,
        session: GameSession,
        store: Path,
        *,
        host: str = "",
        announce_as: str | None = None,
        times: TableTimes | None = None,
    ) -> None:
        """Host again the table kept in ``store`` (the window was closed or killed): it
        goes on where it stood, its players come back to their seats. Raises OSError if its
        port is taken, LookupError if no table is kept."""
        self.leave()
        hosted = HostedGame(self)
        hosted.reopen(store, host, times=times, announce_as=announce_as)
        self._play_hosted(session, hosted, hosted.setup())

    def _play_hosted(self, session: GameSession, hosted: HostedGame, setup: GameSetup) -> None:
        """Play the hosted table's game in ``session``, fed by the table."""
        self.hosted = hosted

        def make_loop(humans: dict[int, HumanSeat], scheduler: Scheduler) -> RemoteLoop:
            return RemoteLoop(Mirror(None), humans, hosted.send, scheduler, hosted.ready)

        self._session = session
        self._watch(session)
        self._loop = session.play_remote(setup, make_loop)
        hosted.whole.connect(self._on_whole)
        hosted.refused.connect(self._on_refused)
        self._on_whole(hosted.whole_now())

    def start_now(self) -> None:
        """The host starts the game: computers play the seats nobody took."""
        if self.hosted is not None:
            self.hosted.start_now()

    def join(self, session: GameSession, url: str, code: str, name: str) -> None:
        """Take a seat at the table ``code`` at ``url``: ``joined`` once the table is shown,
        or ``failed``."""
        self.leave()
        joined = JoinedGame(self)
        self.joined_game = joined
        self._session = session
        self._watch(session)
        joined.view.connect(self._on_view)
        joined.failed.connect(self._on_failed)
        joined.refused.connect(self._on_join_refused)
        joined.dropped.connect(lambda: self.connection_lost.emit(True))
        joined.back.connect(lambda: self.connection_lost.emit(False))
        joined.join(url, code, name)

    def _watch(self, session: GameSession) -> None:
        """Leave the table when the session starts a game of its own (a New game, a file
        opened, the demo)."""
        if id(session) not in self._watched:
            self._watched.add(id(session))
            session.controller.game_started.connect(lambda: self._on_game_started(session))

    def _on_game_started(self, session: GameSession) -> None:
        if self.active and session is self._session and session.controller.remote is None:
            self.leave()

    def leave(self, *, keep: bool = False) -> None:
        """Leave the networked table (a hosted one closes for everyone; with ``keep`` it
        is kept, to be hosted again: the window closes)."""
        if self._loop is not None:
            self._loop.close()
        self._loop = None
        self._seat = None
        self.extras = {}
        if self.hosted is not None:
            self.hosted.close(keep=keep)
        if self.joined_game is not None:
            self.joined_game.close()
        for part in (self.hosted, self.joined_game):
            if part is not None:
                # Kept, not deleted: a thread of the closed table (a computer's) may still
                # hand it something, which must find a live object.
                self._retired.append(part)
        self.hosted = self.joined_game = None

    def lobby(self) -> list[tuple[str, str]]:
        """Each seat's name and state: "here" (this window), "joined", "away", "open" (a
        player's seat nobody took yet) or "computer"."""
        session = self._session
        setup = session.controller.setup if session is not None else None
        if setup is None:
            return []
        names = names_at_table(setup.seats, self.extras)
        connected = self.extras.get("connected") or []
        away = self.extras.get("away") or []
        rows = []
        for seat, spec in enumerate(setup.seats):
            name = names[seat]
            if spec.is_human:
                state = "here"
            elif spec.level != ELSEWHERE:
                state = "computer"
            elif seat < len(connected) and connected[seat]:
                state = "joined"
            elif seat < len(away) and away[seat]:
                state = "away"
            else:
                state = "open"
            rows.append((name, state))
        return rows

    @property
    def started(self) -> bool:
        """Whether the table's game has begun."""
        return bool(self.extras.get("started"))

    # ------------------------------------------------------------------ the network's news

    def _on_whole(self, message: dict[str, Any]) -> None:
        if self._loop is not None:
            self._loop.feed(message, message.get("to_act") or [])
        self._note(message)

    def _on_refused(self, seat: int, reason: str) -> None:
        log.info("the table did not take seat %d's answer: %s", seat, reason)
        if self._loop is not None:
            self._loop.refused(seat)

    def _on_join_refused(self, code: str, reason: str) -> None:
        log.info("the host refused: %s (%s)", reason, code)
        if self._loop is not None and self._seat is not None:
            self._loop.refused(self._seat)

    def _on_failed(self, reason: str) -> None:
        self.failed.emit(reason)

    def _on_view(self, message: dict[str, Any]) -> None:
        joined, session = self.joined_game, self._session
        if joined is None or session is None:
            return
        if self._loop is None:
            try:
                setup, seat = setup_of_view(message)
            except (RecordError, KeyError, TypeError, ValueError) as error:
                self.failed.emit(f"the host's table cannot be read: {error}")
                return
            self._seat = seat

            def make_loop(humans: dict[int, HumanSeat], scheduler: Scheduler) -> RemoteLoop:
                return RemoteLoop(Mirror(seat), humans, joined.send, scheduler, joined.ready)

            self._loop = session.play_remote(setup, make_loop)
            self.joined.emit()
        asked = [self._seat] if message.get("to_act") and self._seat is not None else []
        self._loop.feed(message, asked)
        self._note(message)

    def _note(self, message: dict[str, Any]) -> None:
        extras = {k: v for k, v in message.items() if k not in ("record", "type")}
        if extras != self.extras:
            self.extras = extras
            self.lobby_changed.emit()


def setup_of_view(message: dict[str, Any]) -> tuple[GameSetup, int]:
    """The game's setup as a seat's first view tells it, and the seat: this window's person
    at the seat, the others elsewhere or computers (their levels as the record names them).
    Raises RecordError (or KeyError, TypeError, ValueError) if it cannot be read."""
    record = record_from_dict(message["record"], hidden=True)
    seat = int(message["seat"])
    if not 0 <= seat < record.seats:
        raise ValueError(f"seat {seat} is not at this table")
    seats = []
    for index, player in enumerate(record.players):
        if index == seat:
            seats.append(SeatSetup(player.name))
        elif player.kind == "ai" and player.level:
            seats.append(SeatSetup(player.name, player.level))
        else:
            seats.append(SeatSetup(player.name, ELSEWHERE))
    return GameSetup(record.rules, tuple(seats)), seat
