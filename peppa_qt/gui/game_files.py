"""The window's files: the autosave and resuming, saved games, records, and the statistics."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from ..storage import FileKind, OpenedGame, SavedGame, Statistics
from ..storage.paths import SAVE_SUFFIX
from .notices import Notices

# The game's modules load after the window's first paint (see window_game), so the ones
# only needed to save, resume or show statistics are imported where they are used.
if TYPE_CHECKING:
    from ..controller import GameController, GameSetup
    from ..engine import PlayerInfo
    from .main_window import MainWindow
    from .window_game import WindowGame


def setup_of_saved(saved: SavedGame, levels: list[str]) -> GameSetup:
    """The setup that goes on with a saved game: its players, rules, seed and players' seeds."""
    from ..controller import GameSetup, SeatSetup
    from .defaults import usable_level

    seats = []
    for seat, player in enumerate(saved.record.players):
        if player.kind == "human":
            seats.append(SeatSetup(player.name))
        else:  # a computer of another build, or an external program: our nearest level
            level = usable_level(player.level or "normal", levels)
            seats.append(SeatSetup(player.name, level, saved.seeds[seat]))
    record = saved.record
    return GameSetup(record.rules, (seats[0], seats[1], seats[2], seats[3]), record.seed)


def players_of(setup: GameSetup) -> tuple[PlayerInfo, ...]:
    """The record's players for a setup."""
    from ..engine import PlayerInfo

    return tuple(
        PlayerInfo(s.name) if s.level is None else PlayerInfo(s.name, "ai", s.level)
        for s in setup.seats
    )


class GameFiles(QObject):
    """Autosaves after every pass and trick; saves, opens, imports and exports games."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.profile = window.profile
        #: The saved game the game in play came from or was saved to (Save writes there).
        self.current_path: Path | None = None
        self._game: WindowGame | None = None
        self._counted = False
        self._autosave_warned = False

    def attach(self, game: WindowGame) -> None:
        """Follow the game's controller: autosave as it goes, statistics at its end."""
        self._game = game
        c: GameController = game.controller
        c.game_started.connect(self._on_controller_game_started)
        c.hand_dealt.connect(self._on_controller_progress)
        c.seat_passed.connect(self._on_controller_progress)
        c.trick_taken.connect(self._on_controller_progress)
        c.hand_scored.connect(self._on_controller_progress)
        c.game_over.connect(self._on_controller_game_over)

    @property
    def enabled(self) -> bool:
        """The demo's computer games are neither autosaved nor counted."""
        return not self.window.demo

    # --------------------------------------------------------- autosave, resume

    def snapshot(self) -> SavedGame | None:
        """The game in play as a saved game, or None before the first game."""
        from ..engine import record_of
        from .table_presenter import PASSING

        if self._game is None:
            return None
        controller, presenter = self._game.controller, self._game.presenter
        match, setup = controller.match, controller.setup
        if match is None or setup is None:
            return None
        s = controller.player_seeds()
        chosen = tuple(presenter.selected) if presenter.mode == PASSING else ()
        selected = tuple(chosen if seat == presenter.viewer else () for seat in range(4))
        record = record_of(match, players_of(setup))
        return SavedGame(
            record,
            (s[0], s[1], s[2], s[3]),
            (selected[0], selected[1], selected[2], selected[3]),
            self._counted,
        )

    def autosave(self) -> None:
        """Write the game in play to the autosave (a failure is told once, then in the status)."""
        game = self.snapshot() if self.enabled else None
        if game is None:
            return
        problem = self.profile.save_autosave(game)
        if problem is None:
            return
        if self._autosave_warned:
            self.window.statusBar().showMessage(self.tr("The game could not be autosaved."))
        else:
            self._autosave_warned = True
            self.window.tell(problem)

    def start_or_resume(self) -> None:
        """At start: go on with the autosaved game (asking first, if the player wants), or deal."""
        self.window.tell_pending()
        if not self.enabled:
            self.window.start_game()
            return
        opened, problem = self.profile.load_autosave()
        self.window.tell(problem)
        if opened is not None and _unfinished(opened) and self._wants_resume():
            self.resume(opened, None, counted=opened.saved.counted)
        else:
            self.window.start_game()

    def _wants_resume(self) -> bool:
        if self.window.settings.resume == "resume":
            return True
        return Notices.ask(self.window, self.tr("Continue the game you were playing?"))

    def resume(self, opened: OpenedGame, path: Path | None, *, counted: bool) -> None:
        """Go on with ``opened`` exactly where it stood."""
        setup = setup_of_saved(opened.saved, self.window.levels)
        self.window.resume_game(setup, opened.match, opened.saved.selected)
        self.current_path = path
        self._counted = counted
        self.autosave()

    # ------------------------------------------------------------ menu actions

    def save(self) -> None:
        """Save to the file the game came from, or ask where."""
        if self.current_path is None:
            self.save_as()
        else:
            self._save_to(self.current_path)

    def save_as(self) -> None:
        """Ask where, then save."""
        suggested = self.current_path or self._folder() / self.tr("game.peppa")
        title = self.tr("Save the game")
        path = Notices.save_path(self.window, title, suggested, self._filter(FileKind.SAVED_GAME))
        if path is not None:
            self._save_to(path if path.suffix else path.with_suffix(SAVE_SUFFIX))

    def _save_to(self, path: Path) -> None:
        game = self.snapshot()
        if game is None:
            return
        problem = self.profile.save_game(path, game)
        if problem is not None:
            self.window.tell(problem)
            return
        self.current_path = path
        self.window.remember_recent(path)
        self.window.statusBar().showMessage(self.tr("Saved as {name}.").format(name=path.name))

    def open_game(self) -> None:
        """Ask for a saved game and go on with it."""
        self._ask_and_open(FileKind.SAVED_GAME, self.tr("Open a saved game"))

    def import_record(self) -> None:
        """Ask for a game record (another program's, an export) and go on with it."""
        self._ask_and_open(FileKind.RECORD, self.tr("Import a game record"))

    def _ask_and_open(self, kind: FileKind, title: str) -> None:
        path = Notices.open_path(self.window, title, self._folder(), self._filter(kind))
        if path is not None:
            self.open_path(path, kind)

    def open_path(self, path: Path, kind: FileKind = FileKind.SAVED_GAME) -> bool:
        """Open ``path`` and go on with its game; False (and the player told) if it cannot be."""
        opened, problem = self.profile.open_game(path, kind)
        if opened is None:
            self.window.tell(problem)
            self.window.forget_recent(path)
            return False
        # A game that ended elsewhere (or was counted already) is not counted again.
        counted = opened.saved.counted or opened.match.is_over
        saved_game = kind is FileKind.SAVED_GAME
        self.resume(opened, path if saved_game else None, counted=counted)
        if saved_game:
            self.window.remember_recent(path)
        return True

    def export_record(self) -> None:
        """Write the game in play as a plain game record."""
        game = self.snapshot()
        if game is None:
            return
        suggested = self._folder() / self.tr("game.json")
        title = self.tr("Export the game record")
        path = Notices.save_path(self.window, title, suggested, self._filter(FileKind.RECORD))
        if path is None:
            return
        problem = self.profile.export_record(path, game.record)
        if problem is not None:
            self.window.tell(problem)
        else:
            self.window.statusBar().showMessage(self.tr("Exported {name}.").format(name=path.name))

    def show_statistics(self) -> None:
        """The statistics dialog."""
        from .statistics_dialog import StatisticsDialog

        stats, problem = self.profile.load_statistics()
        self.window.tell(problem)
        StatisticsDialog.show_for(self.window, stats, self._reset_statistics)

    def _reset_statistics(self) -> Statistics:
        self.window.tell(self.profile.save_statistics(Statistics()))
        return Statistics()

    def _folder(self) -> Path:
        folder = self.profile.where.saves_dir
        with contextlib.suppress(OSError):  # only a suggestion for the file chooser
            folder.mkdir(parents=True, exist_ok=True)
        return folder

    def _filter(self, kind: FileKind) -> str:
        if kind is FileKind.RECORD:
            return self.tr("Game records (*.json);;All files (*)")
        return self.tr("Peppa saved games (*.peppa);;All files (*)")

    # ------------------------------------------------------------------ slots

    def _on_controller_game_started(self) -> None:
        self.current_path = None
        self._counted = False

    def _on_controller_progress(self, *_: object) -> None:
        self.autosave()

    def _on_controller_game_over(self, ranking: object) -> None:
        if self.enabled and not self._counted and self._game is not None:
            controller = self._game.controller
            assert controller.match is not None
            stats, problem = self.profile.load_statistics()
            self.window.tell(problem)
            updated = stats.with_game(controller.names(), controller.match)
            self.window.tell(self.profile.save_statistics(updated))
            self._counted = True
        self.autosave()


def _unfinished(opened: OpenedGame) -> bool:
    """Worth going on with: not over, or over but not yet in the statistics."""
    return not opened.match.is_over or not opened.saved.counted
