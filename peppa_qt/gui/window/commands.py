"""What the window's commands do that asks the player something first.

A file to open or save, whether to go on with the autosaved game, the rules of a new game,
whether to give up the game in progress: the questions are asked here; the work itself is
the game session's (``controller.session``). ``WindowCommands`` owns the rules dialog once
made; it is handed the settings shown, the status line and the few things it needs of the
window (``CommandsHost``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDockWidget, QWidget

from ...storage import FileKind
from ...storage.paths import SAVE_SUFFIX
from ..dialogs.notices import Notices

if TYPE_CHECKING:
    from ...controller import GameSession, GameSetup
    from ...storage import Profile, Statistics
    from ..dialogs.help import RulesDialog
    from ..dialogs.new_game import DealChoice
    from .game import WindowGame
    from .network_commands import NetworkCommands
    from .settings import WindowSettings
    from .sounds import TableSounds
    from .status_line import StatusLine


class CommandsHost(Protocol):
    """What the commands need of the window: its game half, and whether the demo plays."""

    @property
    def game(self) -> WindowGame:
        """The game half (built when first asked for)."""
        ...

    @property
    def has_game(self) -> bool:
        """Whether the game half has been built."""
        ...

    @property
    def demo(self) -> bool:
        """Whether the demo plays."""
        ...

    def set_demo(self, demo: bool) -> None:
        """Play as the demo, or not."""
        ...


class WindowCommands(QObject):
    """The window's actions; each asks what it must, then hands the work to the session."""

    def __init__(
        self,
        window: QWidget,
        host: CommandsHost,
        shown: WindowSettings,
        status: StatusLine,
        *,
        profile: Profile,
        sounds: TableSounds,
        dock: QDockWidget,
        shortcuts: Callable[[], list[tuple[str, str]]],
    ) -> None:
        """Dialogs open over ``window``; ``shortcuts`` lists the menus' keys (Help ▸ Keyboard)."""
        super().__init__(window)
        self._window, self._host, self._shown, self._status = window, host, shown, status
        self._profile, self._sounds, self._dock = profile, sounds, dock
        self._shortcuts = shortcuts
        self._rules_dialog: RulesDialog | None = None
        self._network: NetworkCommands | None = None
        #: The rules' language setting the rules dialog was last shown in.
        self._rules_language: str | None = None

    @property
    def session(self) -> GameSession:
        """The game session (built when first needed)."""
        return self._host.game.session

    # ------------------------------------------------------------------ games

    def start_or_resume(self) -> None:
        """At start: go on with the autosaved game (asking first, if the player wants), or deal."""
        self._shown.tell_pending()
        self._profile.sweep_temporaries()
        session = self.session
        # A table hosted here and left mid-game (checked by its file first: the network
        # side is loaded only if there is one).
        hosted = (self.tables_dir / "port").exists() and not self._host.demo  # (hosting.PORT_FILE)
        if hosted and self.network.offer_rehost():
            return
        opened = None if self._host.demo else session.load_autosave()
        if opened is not None and self._wants_resume():
            session.resume(opened, None, counted=opened.saved.counted)
        else:
            self.start_game()

    @property
    def network(self) -> NetworkCommands:
        """Hosting and joining tables on the network (made when first used)."""
        if self._network is None:
            from .network_commands import NetworkCommands

            self._network = NetworkCommands(
                self._window,
                lambda: self.session,
                self._status,
                self._previous_setup,
                self._may_give_up,
                store=self.tables_dir,
            )
        return self._network

    @property
    def tables_dir(self) -> Path:
        """Where a table this window hosts is kept (to be hosted again after a close)."""
        return self._profile.where.data_dir / "tables"

    def host_game(self) -> None:
        """Network ▸ Host a game…"""
        self.network.host_game()

    def join_game(self) -> None:
        """Network ▸ Join a game…"""
        self.network.join_game()

    def leave_table(self) -> None:
        """Leave a networked table, if at one (the window closes: a hosted one is kept)."""
        if self._network is not None:
            self._network.leave(keep=True)

    def _previous_setup(self) -> GameSetup:
        """The game the rules dialogs start from: the last one (the demo's gets a human)."""
        from ..dialogs.defaults import setup_from_settings

        session, settings = self.session, self._shown.settings
        previous = session.setup or setup_from_settings(settings, session.levels)
        if not any(seat.is_human for seat in previous.seats):
            previous = setup_from_settings(settings, session.levels)
        return previous

    def start_game(self, setup: GameSetup | None = None) -> None:
        """Start ``setup`` (by default the game in play again, or the one offered first)."""
        session = self.session
        session.start(setup or session.setup or self.first_setup())

    def _wants_resume(self) -> bool:
        if self._shown.settings.resume == "resume":
            return True
        return Notices.ask(self._window, self.tr("Continue the game you were playing?"))

    def play_again(self) -> None:
        """A new game with the same players and rules (and a new deal).

        A game in progress is only given up if the player confirms it (its autosave would be
        overwritten). In the demo, this is the demo again.
        """
        if self.session.setup is None:
            return
        question = self.tr(
            "The game in progress will be lost. Start a new game with the same players and rules?"
        )
        if self._may_give_up(question, self.tr("&Play again")):
            self.session.play_again()

    def _may_give_up(self, question: str, action: str) -> bool:
        """Whether the player lets the game in progress go (asked, Cancel the default)."""
        if not self.session.in_progress():
            return True
        network = self._network.network if self._network is not None else None
        if network is not None and network.hosted is not None:
            question = (
                self.tr("The table closes for the players on other devices.") + " " + question
            )
        elif network is not None and network.active:
            question = self.tr("A computer will play your seat at the table.") + " " + question
        return Notices.confirm(self._window, question, action)

    def ask_new_game(self) -> None:
        """Ask for the rules and players of a new game, and start it."""
        self._ask_game(None)

    def _ask_game(self, deal: DealChoice | None) -> None:
        """Ask for a new game and start it; with ``deal``, its first hand is that deal (the
        player may change the seat it is seen from, and the levels). Not a slot: a menu's
        ``triggered(bool)`` would hand its ``checked`` over as the deal."""
        from ..dialogs.defaults import settings_with_setup, setup_from_settings
        from ..dialogs.new_game import NewGameDialog

        session, settings = self.session, self._shown.settings
        previous = session.setup or setup_from_settings(settings, session.levels)
        if not any(seat.is_human for seat in previous.seats):  # the demo's: offer a human seat
            previous = setup_from_settings(settings, session.levels)
        if deal is None:
            chosen = NewGameDialog.ask(self._window, session.levels, previous)
        else:
            chosen = NewGameDialog.ask(self._window, session.levels, previous, deal=deal)
        question = self.tr("The game in progress will be lost. Start the new game?")
        if chosen is not None and self._may_give_up(question, self.tr("&Start")):
            self._shown.apply_settings(settings_with_setup(self._shown.settings, chosen))
            self._shown.save_settings()
            # The player's own game, even when chosen while the demo played.
            self._host.set_demo(self._host.demo and not any(s.is_human for s in chosen.seats))
            self.start_game(chosen)

    def watch_demo(self) -> None:
        """Four computers play on and on: the demo (a game of the player's is given up first)."""
        question = self.tr("The game in progress will be lost. Watch the computers play?")
        if self._host.demo or self._may_give_up(question, self.tr("&Watch")):
            from ..dialogs.defaults import default_setup

            self._host.set_demo(True)
            self.session.start(default_setup(self.session.levels, demo=True))

    def replay_deal(self) -> None:
        """A new game whose first hand is the last hand played to its end, dealt again."""
        from ..dialogs.new_game import DealChoice

        last = self.session.last_deal()
        if last is None:
            self._status.notice(self.tr("No hand has been played to its end yet."))
            return
        number, dealer = last
        if number is None:
            self._status.notice(
                self.tr("This hand was not dealt from a deal number: it cannot be dealt again.")
            )
            return
        # At a networked table the player replays their own seat's cards (at home, South's).
        humans = self.session.controller.humans()
        seat = humans[0] if self.session.controller.remote is not None and humans else 0
        self._ask_game(DealChoice(number, dealer, seat))

    def review_hand(self) -> None:
        """The coach's review of the hands played to their end (the last one first)."""
        from ..dialogs.review import ReviewDialog

        target = self.session.review_target()
        if target is None:
            self._status.notice(self.tr("There is no hand of yours to review yet."))
            return
        hands, seats = target
        game = self._host.game
        names, viewer = game.presenter.names(), game.presenter.viewer
        seats = sorted(seats, key=lambda seat: seat != viewer)  # the player at the table first
        reviewer, request = self.session.reviewer, self.session.request_review
        ReviewDialog.show_for(self._window, reviewer, request, hands, seats, names, game.cache)

    def new_game_from_number(self) -> None:
        """A new game whose first hand is the deal of a number the player types."""
        from ..dialogs.new_game import DealChoice

        self._ask_game(DealChoice(None, None))

    def finish_hand(self) -> None:
        """Play the rest of a decided hand out."""
        if not self._host.game.finish_hand():
            self._status.notice(self.tr("The rest of this hand is not decided yet."))

    def redo(self) -> None:
        """Make the last move taken back again."""
        if not self._host.game.presenter.redo():
            self._status.notice(self.tr("There is nothing to redo."))

    def hint(self) -> None:
        """Ask the coach's choice, raised and outlined when found, saying why."""
        if not self._host.game.hint():
            self._status.notice(self.tr("A hint is for your turn."))

    def show_last_trick(self) -> None:
        """The trick before this one, again, until the next click or key (L again too)."""
        if not self._host.game.presenter.show_last_trick():
            self._status.notice(self.tr("No trick has been taken yet in this hand."))

    def ask_table(self, question: str) -> None:
        """Say what the table was asked ("hand", "trick", "scores", "out", "last trick",
        "voids") on the status line, which a screen reader is told too."""
        presenter = self._host.game.presenter
        speech = presenter.speech
        answers = {
            "hand": speech.hand_by_suit,
            "trick": speech.trick_so_far,
            "scores": speech.scores,
            "out": speech.cards_out,
            "last trick": speech.last_trick,
            "voids": speech.voids_seen,
        }
        presenter.narration.say(answers[question])

    def show_tricks(self) -> None:
        """The score sheet's list of this hand's tricks; asked again, it goes away."""
        game = self._host.game
        if self._dock.isVisible() and game.tricks_tab_shown():
            self._dock.hide()
            game.view.setFocus()  # back to the cards (the table the focus was in is gone)
            return
        self._dock.show()
        game.show_tricks_tab()

    def undo(self) -> None:
        """Take back the human's last card or pass (and the computers' moves after it)."""
        if not self.session.undo():
            self._status.notice(self.tr("There is nothing to undo."))

    # ------------------------------------------------------------------ files

    def save(self) -> None:
        """Save to the file the game came from, or ask where."""
        if self._hand_is_secret():
            return
        path = self.session.current_path
        if path is None:
            self.save_as()
        else:
            self._save_to(path)

    def save_as(self) -> None:
        """Ask where, then save."""
        if self._hand_is_secret():
            return
        suggested = self.session.current_path or self.session.saves_folder() / self.tr("game.peppa")
        title = self.tr("Save the game")
        path = Notices.save_path(self._window, title, suggested, _filter(FileKind.SAVED_GAME))
        if path is not None:
            self._save_to(path if path.suffix else path.with_suffix(SAVE_SUFFIX))

    def _hand_is_secret(self) -> bool:
        """With several humans, a game saved mid-hand would show their cards (a saved game
        holds every hand, to go on with it): saving waits for the end of the hand."""
        if not self.session.hand_is_secret():
            return False
        self._status.notice(
            self.tr(
                "Save between hands: with several human players, a game saved in the middle"
                " of one would show their cards."
            )
        )
        return True

    def _save_to(self, path: Path) -> None:
        if self.session.save_to(path):
            self._status.notice(self.tr("Saved as {name}.").format(name=path.name))

    def open_game(self) -> None:
        """Ask for a saved game and go on with it."""
        self._ask_and_open(FileKind.SAVED_GAME, self.tr("Open a saved game"))

    def import_record(self) -> None:
        """Ask for a game record (another program's, an export) and go on with it."""
        self._ask_and_open(FileKind.RECORD, self.tr("Import a game record"))

    def _ask_and_open(self, kind: FileKind, title: str) -> None:
        folder = self.session.saves_folder()
        path = Notices.open_path(self._window, title, folder, _filter(kind))
        if path is not None:
            self.open_path(path, kind)

    def open_path(self, path: Path, kind: FileKind = FileKind.SAVED_GAME) -> bool:
        """Open ``path`` and go on with its game; False (and the player told) if it cannot be.

        A game the player opens is a game of theirs: never the demo's.
        """
        question = self.tr("The game in progress will be lost. Open {name}?").format(name=path.name)
        if not self._may_give_up(question, self.tr("&Open")):
            return False
        demo = self._host.demo
        if demo:
            self._host.set_demo(False)
        if self.session.open_path(path, kind):
            return True
        if demo:
            self._host.set_demo(True)
        return False

    def export_record(self) -> None:
        """Write the game in play as a plain game record."""
        if self.session.snapshot() is None:
            return
        suggested = self.session.saves_folder() / self.tr("game.json")
        title = self.tr("Export the game record")
        path = Notices.save_path(self._window, title, suggested, _filter(FileKind.RECORD))
        partial = self.session.hand_is_secret()
        if path is None or not self.session.export_to(path):
            return
        if partial:
            done = self.tr("Exported {name}: the hands played out, not the hand in play.")
        else:
            done = self.tr("Exported {name}.")
        self._status.notice(done.format(name=path.name))

    def show_statistics(self) -> None:
        """The statistics dialog."""
        from ..dialogs.statistics import StatisticsDialog

        stats, reset = self.session.statistics(), self._reset_statistics
        StatisticsDialog.show_for(self._window, stats, reset, self._statistics_player())

    def _statistics_player(self) -> tuple[str, str] | None:
        """The human whose statistics show first, with the rule set: the game's first human
        (the demo's computers are nobody's), else that of the game the settings offer."""
        from ..dialogs.defaults import setup_from_settings

        played = self.session.setup if self._host.has_game else None
        offered = setup_from_settings(self._shown.settings, self.session.levels)
        for setup in (played, offered):
            human = next((s for s in setup.seats if s.is_human), None) if setup else None
            if setup is not None and human is not None:
                return human.name, setup.rules.name
        return None

    def _reset_statistics(self) -> Statistics:
        return self.session.reset_statistics()

    # ------------------------------------------------------------ settings, help

    def show_preferences(self) -> None:
        """The settings dialog: edits show at once; Cancel puts the old settings back."""
        from ..dialogs.settings import SettingsDialog

        shown = self._shown
        before = shown.settings
        chosen = SettingsDialog.ask(
            self._window,
            before,
            self.session.levels,
            shown.apply_settings,
            sound_status=self._sounds.status_text,
        )
        shown.apply_settings(before if chosen is None else chosen)
        if chosen is not None:
            shown.save_settings()

    def show_rules(self) -> None:
        """The rules, opened at the rule set being played."""
        from ..dialogs.help import RulesDialog

        if self._rules_dialog is None:
            self._rules_dialog = RulesDialog(self._window)
            self._rules_language = None
        language = self._shown.settings.language
        if language != self._rules_language:  # else the one last chosen in the dialog stays
            self._rules_dialog.set_language(language)
            self._rules_language = language
        setup = self.session.setup if self._host.has_game else None
        self._rules_dialog.show_rules(setup.rules.name if setup else "peppa")

    def show_keyboard(self) -> None:
        """Every key the game knows: the table's own, and the menus' shortcuts."""
        from ..dialogs.help import KeyboardDialog

        KeyboardDialog(self._shortcuts(), self._window).exec()

    def show_about(self) -> None:
        """Version and licences."""
        from ..dialogs.help import AboutDialog

        AboutDialog(self._window).exec()

    def first_setup(self) -> GameSetup:
        """The game the window offers first: the demo's, or the one the settings name."""
        from ..dialogs.defaults import default_setup, setup_from_settings

        if self._host.demo:
            return default_setup(self.session.levels, demo=True)
        return setup_from_settings(self._shown.settings, self.session.levels)


def _filter(kind: FileKind) -> str:
    from PySide6.QtCore import QCoreApplication

    if kind is FileKind.RECORD:
        return QCoreApplication.translate("WindowCommands", "Game records (*.json);;All files (*)")
    return QCoreApplication.translate(
        "WindowCommands", "Peppa saved games (*.peppa);;All files (*)"
    )
