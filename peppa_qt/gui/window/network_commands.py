"""Network ▸ Host a game… and Network ▸ Join a game…: the questions, then the networked table.

``NetworkCommands`` owns the window's ``NetworkTable`` (hosting or joined, or neither) and the
hosted table's lobby. Hosting asks the game and the open seats (``HostGameDialog``), listens
and shows the lobby; joining asks where (``JoinGameDialog``) and draws the table once the host
has seated the player. A local game started afterwards leaves the networked table.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from ...controller.network import NetworkTable, forget_tables, kept_table
from ...controller.setup import ELSEWHERE
from ...net.hosted import TableTimes
from .. import texts
from ..dialogs.notices import Notices

if TYPE_CHECKING:
    from ...controller import GameSession, GameSetup
    from ..dialogs.table_lobby import TableLobby
    from .status_line import StatusLine


class NetworkCommands(QObject):
    """Hosting a table and joining one, for the window."""

    def __init__(
        self,
        window: QWidget,
        session: Callable[[], GameSession],
        status: StatusLine,
        previous: Callable[[], GameSetup],
        may_give_up: Callable[[str, str], bool],
        *,
        store: Path,
    ) -> None:
        """``previous`` is the game the host dialog starts from; ``may_give_up`` asks before
        a game in progress is left; a hosted table is kept in ``store`` (hosted again after
        the window closes or is killed)."""
        super().__init__(window)
        self._store = store
        self._window, self._session, self._status = window, session, status
        self._previous, self._may_give_up = previous, may_give_up
        self.network = NetworkTable(self)
        self.network.failed.connect(self._on_failed)
        self.network.connection_lost.connect(self._on_connection_lost)
        self.network.lobby_changed.connect(self._on_lobby_changed)
        self._lobby: TableLobby | None = None
        #: The name this window joined as (asked again next time).
        self.name = ""
        #: The address a hosted table listens on ("": every address of this machine; the
        #: tests keep it to the loopback).
        self.listen_on = ""

    def host_game(self) -> None:
        """Ask for a game to host and host it (while hosting: show the lobby again)."""
        from ..dialogs.host_game import HostGameDialog

        if self.network.hosted is not None:
            self.show_lobby()
            return
        session = self._session()
        chosen = HostGameDialog.ask_host(self._window, session.levels, self._previous())
        question = self.tr("The game in progress will be lost. Host the new game?")
        if chosen is None or not self._may_give_up(question, self.tr("&Host")):
            return
        setup, port, announce = chosen
        open_seats = [s for s, spec in enumerate(setup.seats) if spec.level == ELSEWHERE]
        local = [s.name for s in setup.seats if s.is_human]
        announce_as = (local[0] if local else socket.gethostname()) if announce else None
        try:
            self.network.host(
                session,
                setup,
                open_seats,
                host=self.listen_on,
                port=port,
                announce_as=announce_as,
                store=self._store,
                times=self._times(session),
            )
        except OSError as error:
            Notices.inform(
                self._window,
                self.tr("The table cannot listen on port {port}: {why}").format(
                    port=port, why=error.strerror or error
                ),
            )
            return
        self.show_lobby()

    @staticmethod
    def _times(session: GameSession) -> TableTimes:
        """The table's pace: its computers think as long as this window's (Settings)."""
        return TableTimes(ai_pause=session.controller.pace.ai_pause_ms / 1000)

    def show_lobby(self) -> None:
        """Show the hosted table's lobby (made when first shown)."""
        from ..dialogs.table_lobby import TableLobby

        if self._lobby is None:
            self._lobby = TableLobby(self.network, self._window)
        self._lobby.show_table()
        self._lobby.show()
        self._lobby.raise_()

    def join_game(self) -> None:
        """Ask where to join, and take a seat there."""
        from ..dialogs.join_game import JoinGameDialog

        session = self._session()
        setup = session.controller.setup
        humans = [s.name for s in setup.seats if s.is_human] if setup is not None else []
        name = self.name or (humans[0] if humans else texts.DEFAULT_HUMAN)
        chosen = JoinGameDialog.ask_join(self._window, name)
        question = self.tr("The game in progress will be lost. Join the table?")
        if chosen is None or not self._may_give_up(question, self.tr("&Join")):
            return
        url, code, self.name = chosen
        self._status.notice(self.tr("Joining table {code}…").format(code=code))
        self.network.join(session, url, code, self.name)

    def leave(self, *, keep: bool = False) -> None:
        """Leave the networked table (a local game starts; with ``keep`` the window closes:
        a hosted table is kept, to be hosted again)."""
        if self._lobby is not None:
            self._lobby.hide()
        self.network.leave(keep=keep)

    def offer_rehost(self) -> bool:
        """At start: a table this window hosted was left mid-game (the window closed or was
        killed): host it again, if the player wants (its players come back to their seats).
        True if it is hosted again."""
        if not kept_table(self._store):
            return False
        question = self.tr(
            "The table you were hosting was interrupted. Host it again? Its players come "
            "back to their seats."
        )
        if not Notices.ask(self._window, question):
            forget_tables(self._store)
            return False
        try:
            session = self._session()
            self.network.rehost(
                session,
                self._store,
                host=self.listen_on,
                announce_as=socket.gethostname(),
                times=self._times(session),
            )
        except (OSError, LookupError) as error:
            Notices.inform(
                self._window,
                self.tr("The table cannot be hosted again: {why}").format(why=error),
            )
            return False
        return True

    def _on_failed(self, reason: str) -> None:
        self.network.leave()
        Notices.inform(
            self._window, self.tr("The table could not be joined: {why}").format(why=reason)
        )

    def _on_connection_lost(self, lost: bool) -> None:
        if lost:
            self._status.notice(self.tr("Connection to the table lost: trying again…"))
        else:
            self._status.notice(self.tr("Back at the table."))

    def _on_lobby_changed(self) -> None:
        lobby = self._lobby
        if lobby is not None and self.network.started and lobby.isVisible():
            lobby.hide()  # the game has begun: the table is what matters now
