"""The main window: the table, the menus and the score sheet, wired to the game session.

The first frame shows the table and the menu titles, in the felt and size a peek at the settings
file finds; the settings proper, the menus' actions (window_menus) and the game (window_game:
the session, the presenter, the panels) come after it. What the commands ask the player is in
window_commands; how the settings show on the table and the menus in window_settings;
everything the game does is the session's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabWidget, QWidget

from ..controller.preferences import Preferences
from ..storage import Profile, locations
from ..storage.appearance import Appearance, peek_appearance
from .card_pixmaps import CardPixmapCache
from .language import translations
from .sounds import TableSounds
from .status_line import StatusLine
from .table_scene import TableScene
from .table_view import TableView
from .window_place import restore_frame, saved_frame
from .window_settings import SPEEDS, TRICK_PAUSES, WindowSettings

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QMenu

    from ..controller import GameController, GameSession, GameSetup, Pace, PlayerFactory
    from ..models import ScoreSheetModel, TrickListModel
    from ..storage import Problem, Settings
    from .game_over_panel import GameOverPanel
    from .panels import HandSummaryPanel, PassPanel
    from .table_presenter import TablePresenter
    from .window_commands import WindowCommands
    from .window_game import WindowGame
    from .window_menus import WindowMenus

log = logging.getLogger(__name__)

__all__ = ["SPEEDS", "TRICK_PAUSES", "MainWindow"]


class MainWindow(QMainWindow, WindowSettings):
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
        self.preferences.changed.connect(self._on_preferences_changed)
        self._speed_override = speed
        self.speed = speed or "normal"
        self._shown_speed: str | None = None
        #: Problems met before the window could show them (told after the first paint).
        self.pending_problems: list[Problem] = []
        self._pace, self._factory = pace, player_factory
        self._game: WindowGame | None = None
        self._demo = False
        self.cache = CardPixmapCache(max_sizes=4)
        self.scene = TableScene(self.cache, self)
        self.view = TableView(self.scene, self)
        self.setCentralWidget(self.view)
        #: Close the window after this many hands (``--quit-after-hands``).
        self.quit_after_hands: int | None = None
        self._hands_seen = 0
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
            from .card_pixmaps import app_icon
            from .file_chooser import keep_qt_settings_in
            from .window_menus import WindowMenus

            keep_qt_settings_in(self.profile.where.config_dir)  # before any file dialog

            self._menus = WindowMenus(self, *self._menu_titles)
            self.show_history()
            self.setWindowIcon(app_icon())
            if not getattr(self, "_placed", True):  # a first start: fit once framed
                for ms in (0, 400):
                    QTimer.singleShot(ms, self.fit_to_screen)
            elif getattr(self, "_saved_frame", None) is not None:  # the frame's place, framed
                for ms in (0, 400):
                    QTimer.singleShot(ms, self._restore_frame)

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
            from .window_commands import WindowCommands

            self._commands = WindowCommands(self)
        return self._commands

    # ------------------------------------------------------------ the game half

    def build_game(self) -> WindowGame:
        """Build the session, models, presenter and panels (once)."""
        if self._game is not None:
            return self._game
        from .window_game import WindowGame

        game = WindowGame(
            self.view,
            self.cache,
            self.status_line,
            self.profile,
            self.preferences,
            self._pace,
            self._factory,
            parent=self,
        )
        game.fill_tabs(self._tabs)
        game.game_over_panel.play_again.connect(self.commands.play_again)
        game.game_over_panel.new_game.connect(self.commands.ask_new_game)
        session = game.session
        session.demo = self._demo
        session.problem_met.connect(self.tell)
        session.autosave_failed.connect(self._on_session_autosave_failed)
        session.hand_completed.connect(self._on_session_hand_completed)
        session.autosaved.connect(self._on_session_autosaved)
        session.controller.game_started.connect(self._on_controller_game_started)
        session.undo_redo.changed.connect(self.show_history)
        game.presenter.game_finished.connect(self._on_presenter_game_finished)
        game.presenter.sound_wanted.connect(self.sounds.play)
        game.summary_panel.replay_wanted.connect(self.commands.replay_deal)
        game.summary_panel.review_wanted.connect(self.commands.review_hand)
        game.claim_changed.connect(self._on_game_claim_changed)
        self._game = game
        self._shown_speed = None  # the game's pace and panels take the speed too
        self._show_settings(self.settings)
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
        self._tabs.setCurrentIndex(1)

    def tricks_tab_shown(self) -> bool:
        """Whether the dock's tab in front is the list of this hand's tricks."""
        return self._tabs.currentIndex() == 1

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
        return self._demo

    @demo.setter
    def demo(self, demo: bool) -> None:
        self.set_demo(demo)

    def set_demo(self, demo: bool) -> None:
        """Play as the demo (summaries go on by themselves; no autosave, no statistics) or not."""
        self._demo = demo
        if self._game is not None:
            self._game.session.demo = demo
        self.apply_speed(self.speed, remember=False)

    def start_game(self, setup: GameSetup | None = None) -> None:
        """Start ``setup`` (by default the game the settings offer first)."""
        session = self.session
        session.start(setup or session.setup or self.commands.first_setup())

    def start_or_resume(self) -> None:
        """At start: go on with the autosaved game (asking first, if the player wants), or deal."""
        self.commands.start_or_resume()

    # ------------------------------------------------------------ telling

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

    def go_on_after_error(self) -> None:
        """A bug of ours broke off what a slot was doing: the game drawn again, and going on."""
        if self._game is not None and self.isVisible():
            self._game.go_on_after_error()

    def _on_session_autosave_failed(self) -> None:
        self.status_line.notice(self.tr("The game could not be autosaved."))

    def _on_session_autosaved(self) -> None:
        """The window's place is kept with each autosave: after a crash it comes back as it was."""
        geometry, state = self._geometry()
        settings = self.settings
        if (geometry, state) != (settings.window_geometry, settings.window_state):
            self.preferences.remember_window(geometry, state)
            self.tell(self.preferences.save())

    def _geometry(self) -> tuple[str, str]:
        """Qt's saveGeometry() and saveState() as base64 text (full screen: the place from
        before, window_full_screen.py)."""
        saved = self.saveGeometry() if self._menus is None else self._menus.full_screen.geometry()
        geometry = bytes(saved.toBase64().data()).decode("ascii")
        state = bytes(self.saveState().toBase64().data()).decode("ascii")
        return geometry, state

    def _on_controller_game_started(self) -> None:
        self.show_history()

    def show_history(self) -> None:
        """Undo and Redo as the game stands: what they would do, or why not."""
        if self._menus is None or self._game is None:
            return
        undo_redo, hot_seat = self.session.undo_redo, self.controller.hot_seat()
        self._menus.show_history(
            undo_redo.undo_subject(), undo_redo.redo_subject(), hot_seat=hot_seat
        )

    def _on_presenter_game_finished(self, summary: object) -> None:
        """The demo goes on game after game: the final ranking is shown, then a new game."""
        wait = self.presenter.auto_continue_ms
        if self.demo and wait is not None:
            QTimer.singleShot(2 * wait, self._demo_again)

    def _demo_again(self) -> None:
        table = self.controller.table
        if self.demo and self.presenter.auto_continue_ms is not None and table and table.over:
            self.commands.play_again()

    def _on_session_hand_completed(self, index: int) -> None:
        self._hands_seen += 1
        if self.quit_after_hands is not None and self._hands_seen >= self.quit_after_hands:
            self.presenter.stop_auto_continue()  # the demo's next hand must not start first
            QTimer.singleShot(0 if self.speed == "off" else 1500, self.close)

    # ------------------------------------------------------------ the window

    def _build_dock(self) -> None:
        self._tabs = QTabWidget()
        self.dock = QDockWidget(self.tr("Score sheet"), self)
        self.dock.setObjectName("scores")
        self.dock.setWidget(self._tabs)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()

    def _build_menu_titles(self) -> tuple[QMenu, QMenu, QMenu, QMenu]:
        """The menu bar's menus, empty until ``finish_startup``: the first frame shows them."""
        bar = self.menuBar()
        game, view, settings, help_menu = (bar.addMenu("") for _ in range(4))
        self._texts = (game, view, settings, help_menu)
        self.retranslate_ui()
        return game, view, settings, help_menu

    def retranslate_ui(self) -> None:
        """Every text of the window in the language in use (again, after a change)."""
        self.setWindowTitle(self.tr("Peppa"))
        self.dock.setWindowTitle(self.tr("Score sheet"))
        game, view, settings, help_menu = self._texts
        game.setTitle(self.tr("&Game"))
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
        self.resize(_first_size(self))
        self._placed = bool(look.window_geometry)
        if look.window_geometry:
            geometry = QByteArray.fromBase64(look.window_geometry.encode("ascii"))
            self.restoreGeometry(geometry)  # the client area, below a title bar Qt guesses
            self._saved_frame = saved_frame(geometry)
        if look.window_state:
            self.restoreState(QByteArray.fromBase64(look.window_state.encode("ascii")))

    def _restore_frame(self) -> None:
        if self._saved_frame is not None:
            restore_frame(self, self._saved_frame)

    def fit_to_screen(self) -> None:
        """The whole window, title bar and frame included, on the screen's free area.

        A first start asks for 1280×800 at most, but the window manager's frame comes on top
        of that and would push the status line (which says why a card is refused) off the
        bottom of a 1280×800 screen; known only once the window is shown, it is taken off here.
        """
        if self.isMaximized() or self.isFullScreen():
            return
        free = self.screen().availableGeometry()
        frame = self.frameGeometry()
        if free.contains(frame):
            return
        extra_w, extra_h = frame.width() - self.width(), frame.height() - self.height()
        width = max(self.minimumWidth(), min(self.width(), free.width() - extra_w))
        height = max(self.minimumHeight(), min(self.height(), free.height() - extra_h))
        self.resize(width, height)
        left = free.left() + max(0, (free.width() - width - extra_w) // 2)
        top = free.top() + max(0, (free.height() - height - extra_h) // 2)
        self.move(left, top)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        # Each step on its own: a failure of one (told or logged) must not stop the others,
        # above all not the computer players' shutdown.
        for step in (self._autosave_on_close, self._save_settings_on_close):
            try:
                step()
            except Exception:
                log.exception("while closing the window")
        if self._game is not None:
            self._game.controller.shutdown()
            self._game.session.claims.shutdown()
            self._game.session.reviewer.shutdown()
        self.sounds.close()
        self.scene.finish_animations(emit=False)
        super().closeEvent(event)

    def _autosave_on_close(self) -> None:
        if self._game is not None:  # no game half, no game to autosave
            self._game.session.autosave()

    def _save_settings_on_close(self) -> None:
        self.load_settings()
        self.preferences.remember_window(*self._geometry())
        self.save_settings()


def _appearance_of(settings: Settings) -> Appearance:
    return Appearance(settings.table_colour, settings.window_geometry, settings.window_state)


def _first_size(window: QMainWindow) -> QSize:
    """1280×800, or less on a smaller screen (never below the window's minimum)."""
    wanted = QSize(1280, 800)
    room = window.screen().availableGeometry().size()
    return wanted.boundedTo(room).expandedTo(window.minimumSize())
