"""The main window: the table, the menus and the score sheet, wired to the game session.

The window owns its widgets (the table's view, the score sheet's dock, the status line), the
slots to run after the first paint, and which of its parts are built yet; the parts own the
rest, each handed what it needs: ``WindowSettings`` (settings) the settings read, applied
and shown, ``WindowPlace`` (place) where the window is on the screen, ``WindowMenus`` (menus)
the actions and full screen, ``WindowCommands`` (commands) what the actions ask the player,
``WindowGame`` (game) the session, the presenter and the panels. The window connects them and
speaks for them (``presenter``, ``apply_settings``…).

The first frame shows the table and the menu titles, in the felt and size a peek at the
settings file finds; the settings proper and the menus' actions come just after it, and the
game half when first needed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabWidget, QWidget

from ...controller.preferences import Preferences
from ...storage import Profile, locations
from ...storage.appearance import Appearance, peek_appearance
from ..table.card_pixmaps import CardPixmapCache
from ..table.scene import TableScene
from ..table.view import TableView
from .language import translations
from .place import WindowPlace
from .settings import SPEEDS, TRICK_PAUSES, WindowSettings
from .sounds import TableSounds
from .status_line import StatusLine

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QMenu

    from ...controller import GameController, GameSession, GameSetup, Pace, PlayerFactory
    from ...models import ScoreSheetModel, TrickListModel
    from ...storage import Problem, Settings
    from ..panels.game_over import GameOverPanel
    from ..panels.hand_panels import HandSummaryPanel, PassPanel
    from ..presenter.table_presenter import TablePresenter
    from .commands import WindowCommands
    from .game import WindowGame
    from .menus import WindowMenus

log = logging.getLogger(__name__)

__all__ = ["SPEEDS", "TRICK_PAUSES", "MainWindow"]


class MainWindow(QMainWindow):
    """Peppa's window; ``start_game()`` deals the first hand.

    With ``deferred`` the first frame shows what ``peek_appearance`` finds in the settings file;
    the settings are read properly and the menus' actions built just after the first paint, and
    the game half (engine, computer players, session) when first needed, so the table paints
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
        look = peek_appearance(self.profile.where.settings_file) if deferred else None
        #: The application's translators; the window speaks its language from the first frame.
        self.translations = translations
        if look is not None:  # else the settings, read below, choose it
            self.translations.use(look.language)
        self.sounds = TableSounds(self)  # plays nothing (and loads nothing) until chosen
        self.preferences = Preferences(self.profile, self)
        self.cache = CardPixmapCache(max_sizes=4)
        self.scene = TableScene(self.cache, self)
        self.view = TableView(self.scene, self)
        self.setCentralWidget(self.view)
        self._shown = WindowSettings(
            self.preferences,
            cache=self.cache,
            scene=self.scene,
            view=self.view,
            sounds=self.sounds,
            translations=self.translations,
            speed=speed,
            tell=self.tell,
            parent=self,
        )
        self._place = WindowPlace(self)
        self._pace, self._factory = pace, player_factory
        self._game: WindowGame | None = None
        #: Until the game half is built (then it is the game's).
        self._demo = False
        self._quit_after_hands: int | None = None
        self._after_paint: list[Callable[[], None]] = [self.finish_startup]
        self.view.viewport().installEventFilter(self)
        self._menus: WindowMenus | None = None
        self._commands: WindowCommands | None = None
        self._build_dock()
        self._menu_titles = self._build_menu_titles()
        self.status_line = StatusLine(self)
        self.setStatusBar(self.status_line)
        self.status_line.set_prompt(self.tr("Welcome to Peppa."))
        self._welcome = True  # until the game says something of its own
        # Small enough for a 1024×600 work area, its title bar and panel included.
        self.setMinimumSize(800, 520)
        if look is not None:
            self._show_appearance(look)
        else:
            self._show_appearance(_appearance_of(self.settings))
            self.finish_startup()
            self.build_game()

    # ------------------------------------------------------------ start-up

    def finish_startup(self) -> None:
        """Read the settings, fill the menus and set the window's icon (once).

        The first frame does without them: they would delay it by many milliseconds.
        """
        self.load_settings()
        if self._menus is None:
            from ..dialogs.file_chooser import keep_qt_settings_in
            from ..table.card_pixmaps import app_icon
            from .menus import WindowMenus

            keep_qt_settings_in(self.profile.where.config_dir)  # before any file dialog

            self._menus = WindowMenus(
                self,
                self._menu_titles,
                self.commands,
                self._shown,
                scores=self.dock.toggleViewAction(),
                status=self.status_line,
                hot_seat=self._hot_seat,
            )
            self.show_history()
            self.setWindowIcon(app_icon())
            self._place.settle()

    def _hot_seat(self) -> bool:
        return self.controller.hot_seat()  # the game half's, built when first needed

    def _shortcut_list(self) -> list[tuple[str, str]]:
        return self.menus.shortcut_list()  # the menus built later than the commands

    def after_first_paint(self, slot: Callable[[], None]) -> None:
        """Run ``slot`` once the table has been painted (the window shows before it deals)."""
        self._after_paint.append(slot)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and self._after_paint:
            slots, self._after_paint = self._after_paint, []
            for slot in slots:
                QTimer.singleShot(0, slot)
        return super().eventFilter(watched, event)

    @property
    def menus(self) -> WindowMenus:
        """The menus' actions."""
        self.finish_startup()
        assert self._menus is not None
        return self._menus

    @property
    def commands(self) -> WindowCommands:
        """What the menus do, asking the player first where they must."""
        if self._commands is None:
            from .commands import WindowCommands

            self._commands = WindowCommands(
                self,
                self,
                self._shown,
                self.status_line,
                profile=self.profile,
                sounds=self.sounds,
                dock=self.dock,
                shortcuts=self._shortcut_list,
            )
        return self._commands

    # ------------------------------------------------------------ the settings

    @property
    def settings(self) -> Settings:
        """The player's settings (read from their file when first needed)."""
        return self._shown.settings

    def load_settings(self) -> None:
        """Read the settings file and show its settings (once; a damaged file is told later)."""
        self._shown.load_settings()

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on; the table and menus show them at once."""
        self._shown.apply_settings(settings)

    def save_settings(self) -> None:
        """Write the settings (a failure is told; the previous file stays)."""
        self._shown.save_settings()

    @property
    def speed(self) -> str:
        """The animation speed in use (slow, normal, fast, off)."""
        return self._shown.speed

    def apply_speed(self, name: str, *, remember: bool = True) -> None:
        """Set the animation speed (slow, normal, fast, off); ``remember`` it in the settings."""
        self._shown.apply_speed(name, remember=remember)

    # ------------------------------------------------------------ the game half

    def build_game(self) -> WindowGame:
        """Build the session, models, presenter and panels (once)."""
        if self._game is not None:
            return self._game
        from .game import WindowGame

        game = WindowGame(
            self.view,
            self.cache,
            self.status_line,
            self.profile,
            self.preferences,
            self._pace,
            self._factory,
            sounds=self.sounds,
            commands=self.commands,
            close=self.close,
            demo=self._demo,
            parent=self,
        )
        game.quit_after_hands = self._quit_after_hands
        game.fill_tabs(self._tabs)
        game.session.problem_met.connect(self.tell)
        game.session.autosaved.connect(self._on_session_autosaved)
        game.history_changed.connect(self.show_history)
        game.claim_changed.connect(self._on_game_claim_changed)
        self._shown.settings_shown.connect(game.show_settings)
        self._shown.speed_shown.connect(game.show_speed)
        self._game = game
        self._shown.show_again()  # the game's pace and panels take the settings too
        return game

    def _on_game_claim_changed(self, offered: bool) -> None:
        if self._menus is not None:
            self._menus.finish_action.setEnabled(offered)

    @property
    def has_game(self) -> bool:
        """Whether the game half has been built."""
        return self._game is not None

    @property
    def game(self) -> WindowGame:
        """The game half of the window: session, presenter, panels."""
        return self.build_game()

    def show_tricks_tab(self) -> None:
        """The dock's list of this hand's tricks in front."""
        self.game.show_tricks_tab()

    def tricks_tab_shown(self) -> bool:
        """Whether the dock's tab in front is the list of this hand's tricks."""
        return self._game is not None and self._game.tricks_tab_shown()

    @property
    def session(self) -> GameSession:
        """The game session: the game in play and its files."""
        return self.build_game().session

    @property
    def controller(self) -> GameController:
        """The game loop (the session's)."""
        return self.session.controller

    @property
    def presenter(self) -> TablePresenter:
        """Keeps the table in step with the game."""
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

    @property
    def demo(self) -> bool:
        """Four computer players, South's cards shown; no autosave, no statistics."""
        return self._demo if self._game is None else self._game.demo

    @demo.setter
    def demo(self, demo: bool) -> None:
        self.set_demo(demo)

    def set_demo(self, demo: bool) -> None:
        """Play as the demo (summaries go on by themselves; no autosave, no statistics) or not."""
        if self._game is None:
            self._demo = demo
        else:
            self._game.set_demo(demo)

    @property
    def quit_after_hands(self) -> int | None:
        """Close the window after this many hands (``--quit-after-hands``)."""
        return self._quit_after_hands if self._game is None else self._game.quit_after_hands

    @quit_after_hands.setter
    def quit_after_hands(self, hands: int | None) -> None:
        self._quit_after_hands = hands
        if self._game is not None:
            self._game.quit_after_hands = hands

    def start_game(self, setup: GameSetup | None = None) -> None:
        """Start ``setup`` (by default the game the settings offer first)."""
        self.commands.start_game(setup)

    def start_or_resume(self) -> None:
        """At start: go on with the autosaved game (asking first, if the player wants), or deal."""
        self.commands.start_or_resume()

    # ------------------------------------------------------------ telling

    def tell(self, problem: Problem | None) -> None:
        """Tell the player about a problem with a file, in one sentence."""
        if problem is not None:
            from ..dialogs.notices import Notices
            from ..storage_texts import problem_text

            Notices.inform(self, problem_text(problem))

    def tell_pending(self) -> None:
        """Tell the problems met while the window was being built."""
        self._shown.tell_pending()

    def go_on_after_error(self) -> None:
        """A bug of ours broke off what a slot was doing: the game drawn again, and going on."""
        if self._game is not None and self.isVisible():
            self._game.go_on_after_error()

    def _on_session_autosaved(self) -> None:
        """The window's place is kept with each autosave: after a crash it comes back as it was."""
        if self._shown.remember_place(*self._kept_place()):
            self.save_settings()

    def _kept_place(self) -> tuple[str, str]:
        """The window's place for the settings (full screen: the place from before)."""
        return self._place.kept(None if self._menus is None else self._menus.full_screen.geometry())

    def show_history(self) -> None:
        """Undo and Redo as the game stands: what they would do, or why not."""
        if self._menus is None or self._game is None:
            return
        undo, redo, hot_seat = self._game.history()
        self._menus.show_history(undo, redo, hot_seat=hot_seat)

    # ------------------------------------------------------------ the window

    def _build_dock(self) -> None:
        self._tabs = QTabWidget()
        self.dock = QDockWidget(self.tr("Score sheet"), self)
        self.dock.setObjectName("scores")
        self.dock.setWidget(self._tabs)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()

    def _build_menu_titles(self) -> tuple[QMenu, QMenu, QMenu, QMenu, QMenu]:
        """The menu bar's menus, empty until ``finish_startup``: the first frame shows them."""
        bar = self.menuBar()
        game, network, view, settings, help_menu = (bar.addMenu("") for _ in range(5))
        self._texts = (game, network, view, settings, help_menu)
        self.retranslate_ui()
        return game, network, view, settings, help_menu

    def retranslate_ui(self) -> None:
        """Every text of the window in the language in use (again, after a change)."""
        self.setWindowTitle(self.tr("Peppa"))
        self.dock.setWindowTitle(self.tr("Score sheet"))
        game, network, view, settings, help_menu = self._texts
        game.setTitle(self.tr("&Game"))
        network.setTitle(self.tr("&Network"))
        view.setTitle(self.tr("&View"))
        settings.setTitle(self.tr("&Settings"))
        help_menu.setTitle(self.tr("&Help"))
        if self._menus is not None:
            self._menus.retranslate()
        if self._game is not None:
            self._game.retranslate()
        elif getattr(self, "_welcome", False):
            self.status_line.set_prompt(self.tr("Welcome to Peppa."))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        elif event.type() == QEvent.Type.WindowStateChange and self._menus is not None:
            self._menus.full_screen.state_changed()  # the window manager's doing too
        super().changeEvent(event)

    def _show_appearance(self, look: Appearance) -> None:
        """The felt, and the window's size and score sheet as the player left them."""
        self.view.set_felt(look.table_colour)
        self._place.restore(look)

    def fit_to_screen(self) -> None:
        """The whole window, title bar and frame included, on the screen's free area."""
        self._place.fit_to_screen()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        # Each step on its own: a failure of one (told or logged) must not stop the others,
        # above all not the computer players' shutdown.
        for step in (self._autosave_on_close, self._save_settings_on_close):
            try:
                step()
            except Exception:
                log.exception("while closing the window")
        if self._commands is not None:
            self._commands.leave_table()  # (a hosted table is kept, to be hosted again)
        if self._game is not None:
            self._game.shutdown()
        self.sounds.close()
        self.scene.finish_animations(emit=False)
        super().closeEvent(event)

    def _autosave_on_close(self) -> None:
        if self._game is not None:  # no game half, no game to autosave
            self._game.session.autosave()

    def _save_settings_on_close(self) -> None:
        self._shown.remember_place(*self._kept_place())
        self.save_settings()


def _appearance_of(settings: Settings) -> Appearance:
    return Appearance(settings.table_colour, settings.window_geometry, settings.window_state)
