"""The main window: the table, the menus and the score sheet.

The first frame shows the table and the menu titles, in the felt and size a peek at the settings
file finds; the settings proper, the menus' actions (window_menus), the files (game_files) and the
game (window_game) come after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabWidget, QWidget

from ..storage import Profile, locations
from ..storage.appearance import Appearance, peek_appearance
from .card_pixmaps import CardPixmapCache
from .table_scene import TableScene
from .table_view import TableView

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QDialog, QMenu

    from ..controller import GameController, GameSetup, Pace, PlayerFactory
    from ..engine import Match
    from ..models import ScoreSheetModel, TrickListModel
    from ..storage import Problem, Settings
    from .game_files import GameFiles
    from .panels import GameOverPanel, HandSummaryPanel, PassPanel
    from .table_presenter import TablePresenter
    from .window_game import WindowGame
    from .window_menus import WindowMenus

#: name: (animation duration factor, computer "thinking" pause in ms, trick hold in ms)
SPEEDS = {
    "slow": (1.6, 800, 1200),
    "normal": (1.0, 450, 750),
    "fast": (0.5, 180, 380),
    "off": (0.0, 250, 600),
}
#: How long the demo shows each hand's summary (ms).
DEMO_SUMMARY_MS = 2500


class MainWindow(QMainWindow):
    """Peppa's window; ``start_game()`` deals the first hand.

    With ``deferred`` the first frame shows what ``peek_appearance`` finds in the settings file;
    the settings are read properly and the menus' actions built just after the first paint, and
    the game half (engine, computer players, controller) when first needed, so the table paints
    as soon as possible. The settings and games live in ``profile`` (by default the player's own
    folders; a test passes its own). ``speed`` overrides the saved animation speed.
    """

    def __init__(
        self,
        pace: Pace | None = None,
        player_factory: PlayerFactory | None = None,
        *,
        speed: str | None = None,
        deferred: bool = False,
        profile: Profile | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.profile = profile or Profile(locations())
        self._settings: Settings | None = None  # read by load_settings
        self._speed_override = speed
        #: Problems met before the window could show them (told after the first paint).
        self.pending_problems: list[Problem] = []
        self.setWindowTitle(self.tr("Peppa"))
        self._levels: list[str] | None = None
        self._pace, self._factory = pace, player_factory
        self._game: WindowGame | None = None
        self.cache = CardPixmapCache(max_sizes=4)
        self.scene = TableScene(self.cache, self)
        self.view = TableView(self.scene, self)
        self.setCentralWidget(self.view)
        self.setup: GameSetup | None = None
        #: Four computer players, South's cards shown (``--demo``).
        self.demo = False
        #: Close the window after this many hands (``--quit-after-hands``).
        self.quit_after_hands: int | None = None
        self._hands_seen = 0
        #: The hand a resumed game shows scored again (not one more hand played in this run).
        self._rescored_hand: int | None = None
        self._rules_dialog: QDialog | None = None
        #: The rules' language setting the rules dialog was last shown in.
        self._rules_language: str | None = None
        self._after_paint: list[Callable[[], None]] = [self.finish_startup]
        self.view.viewport().installEventFilter(self)
        self._files: GameFiles | None = None
        self._menus: WindowMenus | None = None
        self._build_dock()
        self._menu_titles = self._build_menu_titles()
        self.statusBar().showMessage(self.tr("Welcome to Peppa."))
        self.setMinimumSize(1024, 640)
        if deferred:
            self._show_appearance(peek_appearance(self.profile.where.settings_file))
        else:
            self._show_appearance(_appearance_of(self.settings))
            self.finish_startup()
            self.build_game()

    @property
    def settings(self) -> Settings:
        """The player's settings (read from their file when first needed)."""
        if self._settings is None:
            self.load_settings()
        assert self._settings is not None
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        if self._settings is None:  # the file first: a damaged one is set aside, not overwritten
            self.load_settings()
        self._settings = settings

    def load_settings(self) -> None:
        """Read the settings file and show its settings (once; a damaged file is told later)."""
        if self._settings is not None:
            return
        settings, problem = self.profile.load_settings()
        if problem is not None:
            self.pending_problems.append(problem)
        self._settings = settings
        speed = self._speed_override or settings.animation_speed
        self.apply_settings(replace(settings, animation_speed=speed))

    def finish_startup(self) -> None:
        """Read the settings, fill the menus and set the window's icon (once).

        The first frame does without them: they would delay it by many milliseconds.
        """
        self.load_settings()
        if self._menus is None:
            from .card_pixmaps import app_icon
            from .window_menus import WindowMenus

            game, settings, help_menu = self._menu_titles
            self._menus = WindowMenus(self, game, settings, help_menu)
            self.setWindowIcon(app_icon())

    @property
    def menus(self) -> WindowMenus:
        """The menus' actions."""
        self.finish_startup()
        assert self._menus is not None
        return self._menus

    @property
    def files(self) -> GameFiles:
        """The autosave, saved games and records (built when first needed)."""
        if self._files is None:
            from .game_files import GameFiles

            self._files = GameFiles(self)
        return self._files

    # ------------------------------------------------------------ the game half

    def build_game(self) -> WindowGame:
        """Build the controller, models, presenter and panels (once)."""
        if self._game is not None:
            return self._game
        from .window_game import WindowGame

        game = WindowGame(
            self.view, self.cache, self.statusBar(), self._pace, self._factory, parent=self
        )
        game.fill_tabs(self._tabs)
        game.game_over_panel.play_again.connect(self.play_again)
        game.game_over_panel.new_game.connect(self.ask_new_game)
        game.controller.hand_scored.connect(self._on_controller_hand_scored)
        self._game = game
        self.files.attach(game)
        self.apply_settings(self.settings)
        return game

    @property
    def controller(self) -> GameController:
        """The game loop."""
        return self.build_game().controller

    @property
    def presenter(self) -> TablePresenter:
        """Keeps the table in step with the controller."""
        return self.build_game().presenter

    @property
    def scores(self) -> ScoreSheetModel:
        """The score sheet."""
        return self.build_game().scores

    @property
    def tricks(self) -> TrickListModel:
        """The tricks of the hand."""
        return self.build_game().tricks

    @property
    def pass_panel(self) -> PassPanel:
        """The passing prompt."""
        return self.build_game().pass_panel

    @property
    def summary_panel(self) -> HandSummaryPanel:
        """The end-of-hand panel."""
        return self.build_game().summary_panel

    @property
    def game_over_panel(self) -> GameOverPanel:
        """The end-of-game panel."""
        return self.build_game().game_over_panel

    # ------------------------------------------------------------------ building

    def _build_dock(self) -> None:
        self._tabs = QTabWidget()
        self.dock = QDockWidget(self.tr("Score sheet"), self)
        self.dock.setObjectName("scores")
        self.dock.setWidget(self._tabs)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()

    def _build_menu_titles(self) -> tuple[QMenu, QMenu, QMenu]:
        """The menu bar's menus, empty until ``finish_startup``: the first frame shows them."""
        bar = self.menuBar()
        titles = (self.tr("&Game"), self.tr("&Settings"), self.tr("&Help"))
        game, settings, help_menu = (bar.addMenu(title) for title in titles)
        return game, settings, help_menu

    # ------------------------------------------------------------------ actions

    @property
    def levels(self) -> list[str]:
        """The computer levels that exist (loading them is slow: only when first needed)."""
        if self._levels is None:
            from ..ai import available_levels

            self._levels = available_levels()
        return self._levels

    def after_first_paint(self, slot: Callable[[], None]) -> None:
        """Run ``slot`` once the table has been painted (the window shows before it deals)."""
        self._after_paint.append(slot)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and self._after_paint:
            slots, self._after_paint = self._after_paint, []
            for slot in slots:
                QTimer.singleShot(0, slot)
        return super().eventFilter(watched, event)

    def apply_speed(self, name: str) -> None:
        """Set the animation speed (slow, normal, fast, off)."""
        factor, pause, hold = SPEEDS.get(name, SPEEDS["normal"])
        self.speed = name
        self.settings = replace(self.settings, animation_speed=name)
        self.scene.speed = factor
        self.scene.trick_hold = hold
        if self._menus is not None:
            self._menus.show_speed(name)
        game = self._game
        if game is None:
            return
        if self._pace is None:
            game.controller.pace = replace(game.controller.pace, ai_pause_ms=pause)
        quitting = self.quit_after_hands is not None and self._hands_seen >= self.quit_after_hands
        if self.demo and not quitting:
            game.presenter.auto_continue_ms = round(DEMO_SUMMARY_MS * max(factor, 0.5))
        else:
            game.presenter.stop_auto_continue()

    def set_demo(self, demo: bool) -> None:
        """Play as the demo (summaries go on by themselves; no autosave, no statistics) or not."""
        self.demo = demo
        self.apply_speed(self.speed)

    def start_game(self, setup: GameSetup | None = None) -> None:
        """Start ``setup`` (by default the game the settings offer first)."""
        game = self.build_game()
        self.setup = setup or self.setup or self._first_setup()
        self._rescored_hand = None
        game.controller.start(self.setup)

    def start_or_resume(self) -> None:
        """At start: go on with the autosaved game (asking first, if the player wants), or deal."""
        self.files.start_or_resume()

    def _first_setup(self) -> GameSetup:
        from .defaults import default_setup, setup_from_settings

        if self.demo:
            return default_setup(self.levels, demo=True)
        return setup_from_settings(self.settings, self.levels)

    def resume_game(
        self, setup: GameSetup, match: Match, selected: Sequence[Sequence[int]]
    ) -> None:
        """Go on with ``match`` as it stands (a saved game), the human's chosen cards raised.

        A game the player opens is a game of theirs: never the demo's.
        """
        game = self.build_game()
        if self.demo:
            self.set_demo(False)
        # A hand scored already is shown scored again, not played again in this run.
        scored = match.current is not None and match.current.result is not None
        self._rescored_hand = len(match.hands) - 1 if scored else None
        # Play again deals a new game: its computer players take seeds from the new deal.
        seats = tuple(replace(s, seed=None) for s in setup.seats)
        self.setup = replace(setup, seats=(seats[0], seats[1], seats[2], seats[3]), seed=None)
        game.presenter.restore_selection = {s: list(c) for s, c in enumerate(selected) if c}
        game.controller.resume(setup, match)

    def play_again(self) -> None:
        """A new game with the same players and rules (and a new deal).

        A game in progress is only given up if the player confirms it (its autosave would be
        overwritten). In the demo, this is the demo again.
        """
        if self.setup is None:
            return
        if self.game_in_progress():
            from .notices import Notices

            question = self.tr(
                "The game in progress will be lost. "
                "Start a new game with the same players and rules?"
            )
            if not Notices.confirm(self, question, self.tr("&Play again")):
                return
        self.start_game(replace(self.setup, seed=None))

    def game_in_progress(self) -> bool:
        """Whether a game has started and is not over yet."""
        match = self._game.controller.match if self._game is not None else None
        return match is not None and not match.is_over

    def ask_new_game(self) -> None:
        """Ask for the rules and players of a new game, and start it."""
        from .defaults import settings_with_setup, setup_from_settings
        from .new_game_dialog import NewGameDialog

        previous = self.setup or setup_from_settings(self.settings, self.levels)
        if previous.seats[0].level is not None:  # the demo's setup: offer the human seat back
            previous = setup_from_settings(self.settings, self.levels)
        chosen = NewGameDialog.ask(self, self.levels, previous)
        if chosen is not None:
            self.settings = settings_with_setup(self.settings, chosen)
            self.save_settings()
            # The player's own game, even when chosen while the demo played.
            self.set_demo(self.demo and not any(seat.is_human for seat in chosen.seats))
            self.start_game(chosen)

    def show_rules(self) -> None:
        """The rules, opened at the rule set being played."""
        from .help_dialogs import RulesDialog

        if not isinstance(self._rules_dialog, RulesDialog):
            self._rules_dialog = RulesDialog(self)
            self._rules_language = None
        language = self.settings.language
        if language != self._rules_language:  # else the one last chosen in the dialog stays
            self._rules_dialog.set_language(language)
            self._rules_language = language
        preset = self.setup.rules.name if self.setup else "peppa"
        self._rules_dialog.show_rules(preset)

    def show_about(self) -> None:
        """Version and licences."""
        from .help_dialogs import AboutDialog

        AboutDialog(self).exec()

    # ------------------------------------------------------------ settings

    def apply_settings(self, settings: Settings) -> None:
        """Show ``settings`` at once (speed, cards, felt, suit order, auto-play); keep them."""
        self.settings = settings
        self.apply_speed(settings.animation_speed)
        art = (settings.four_colour, settings.card_back)
        if art != (self.cache.four_colour, self.cache.back_colour):
            self.cache.four_colour, self.cache.back_colour = art
            self.scene.refresh_art()
        self.view.set_felt(settings.table_colour)
        if self._menus is not None:
            self._menus.show_settings(settings)
        if self._game is not None:
            self._game.presenter.auto_play = settings.auto_play
            self._game.presenter.set_suit_order(settings.suit_order)

    def save_settings(self) -> None:
        """Write the settings (a failure is told; the previous file stays)."""
        self.tell(self.profile.save_settings(self.settings))

    def show_preferences(self) -> None:
        """The settings dialog: edits show at once; Cancel puts the old settings back."""
        from .settings_dialog import SettingsDialog

        before = self.settings
        chosen = SettingsDialog.ask(self, before, self.levels, self.apply_settings)
        self.apply_settings(before if chosen is None else chosen)
        if chosen is not None:
            self.save_settings()

    def remember_recent(self, path: Path) -> None:
        """Put ``path`` first in Open recent."""
        self.settings = self.settings.with_recent(str(path))
        self.save_settings()

    def forget_recent(self, path: Path) -> None:
        """Take ``path`` out of Open recent (it could not be opened)."""
        if str(path) in self.settings.recent_files:
            self.settings = self.settings.without_recent(str(path))
            self.save_settings()

    def tell(self, problem: Problem | None) -> None:
        """Tell the player about a problem with a file, in one sentence."""
        if problem is not None:
            from .notices import Notices
            from .storage_texts import problem_text

            Notices.inform(self, problem_text(problem))

    def tell_pending(self) -> None:
        """Tell the problems met while the window was being built."""
        problems, self.pending_problems = self.pending_problems, []
        for problem in problems:
            self.tell(problem)

    def _show_appearance(self, look: Appearance) -> None:
        """The felt, and the window's size and score sheet as the player left them."""
        self.view.set_felt(look.table_colour)
        self.resize(_first_size(self))
        if look.window_geometry:
            self.restoreGeometry(QByteArray.fromBase64(look.window_geometry.encode("ascii")))
        if look.window_state:
            self.restoreState(QByteArray.fromBase64(look.window_state.encode("ascii")))

    def _remember_geometry(self) -> None:
        geometry = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        state = bytes(self.saveState().toBase64().data()).decode("ascii")
        self.settings = replace(self.settings, window_geometry=geometry, window_state=state)

    def _on_controller_hand_scored(self, index: int, result: object) -> None:
        if index == self._rescored_hand:  # a resumed game's last hand, scored in an earlier run
            self._rescored_hand = None
            return
        self._hands_seen += 1
        if self.quit_after_hands is not None and self._hands_seen >= self.quit_after_hands:
            self.presenter.stop_auto_continue()  # the demo's next hand must not start first
            QTimer.singleShot(0 if self.speed == "off" else 1500, self.close)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self._files is not None:  # no files, no game to autosave
            self._files.autosave()
        self._remember_geometry()
        self.save_settings()
        if self._game is not None:
            self._game.controller.shutdown()
        self.scene.finish_animations(emit=False)
        super().closeEvent(event)


def _appearance_of(settings: Settings) -> Appearance:
    return Appearance(settings.table_colour, settings.window_geometry, settings.window_state)


def _first_size(window: QMainWindow) -> QSize:
    """1280×800, or less on a smaller screen (never below the window's minimum)."""
    wanted = QSize(1280, 800)
    room = window.screen().availableGeometry().size()
    return wanted.boundedTo(room).expandedTo(window.minimumSize())
