"""The main window: the table, the menus and the score sheet; the game is built after the first
paint (see window_game)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow, QMenu, QTabWidget, QWidget

from ..resources import asset_path
from .card_pixmaps import CardPixmapCache
from .table_scene import TableScene
from .table_view import TableView

if TYPE_CHECKING:
    from ..controller import GameController, GameSetup, Pace, PlayerFactory
    from ..models import ScoreSheetModel, TrickListModel
    from .panels import GameOverPanel, HandSummaryPanel, PassPanel
    from .table_presenter import TablePresenter
    from .window_game import WindowGame

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

    With ``deferred`` the game half (engine, computer players, controller) is only built when
    first needed, so the table paints as soon as possible.
    """

    def __init__(
        self,
        pace: Pace | None = None,
        player_factory: PlayerFactory | None = None,
        *,
        speed: str = "normal",
        deferred: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Peppa"))
        self.setWindowIcon(QIcon(str(asset_path("icon", "peppa.svg"))))
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
        self._rules_dialog: QDialog | None = None
        self._after_paint: list[Callable[[], None]] = []
        self.view.viewport().installEventFilter(self)
        self._build_dock()
        self._build_menus()
        self.apply_speed(speed)
        self.statusBar().showMessage(self.tr("Welcome to Peppa."))
        self.resize(1280, 800)
        self.setMinimumSize(1024, 640)
        if not deferred:
            self.build_game()

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
        self.apply_speed(self.speed)
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

    def _action(
        self,
        menu: QMenu,
        text: str,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu(self.tr("&Game"))
        self._action(game, self.tr("&New game…"), QKeySequence.StandardKey.New).triggered.connect(
            self.ask_new_game
        )
        self._action(game, self.tr("&Play again"), "Ctrl+R").triggered.connect(self.play_again)
        game.addSeparator()
        scores = self.dock.toggleViewAction()
        scores.setText(self.tr("&Scores"))
        scores.setShortcut(QKeySequence("F3"))
        game.addAction(scores)
        game.addSeparator()
        self._action(game, self.tr("&Quit"), "Ctrl+Q").triggered.connect(self.close)
        self._build_settings_menu()
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        rules = self._action(help_menu, self.tr("&Rules"), "F1")
        rules.triggered.connect(self.show_rules)
        self._action(help_menu, self.tr("&About Peppa")).triggered.connect(self.show_about)

    def _build_settings_menu(self) -> None:
        settings = self.menuBar().addMenu(self.tr("&Settings"))
        speed_menu = settings.addMenu(self.tr("Animation &speed"))
        group = QActionGroup(self)
        self.speed_actions: dict[str, QAction] = {}
        names = {
            "slow": self.tr("Slow"),
            "normal": self.tr("Normal"),
            "fast": self.tr("Fast"),
            "off": self.tr("Off"),
        }
        for key, text in names.items():
            action = self._action(speed_menu, text)
            action.setCheckable(True)
            action.setActionGroup(group)
            action.triggered.connect(lambda checked=False, k=key: self.apply_speed(k))
            self.speed_actions[key] = action
        four = self._action(settings, self.tr("&Four-colour deck"))
        four.setCheckable(True)
        four.toggled.connect(self._on_four_colour_toggled)
        blue = self._action(settings, self.tr("&Blue card backs"))
        blue.setCheckable(True)
        blue.toggled.connect(self._on_blue_backs_toggled)

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
        self.scene.speed = factor
        self.scene.trick_hold = hold
        self.speed_actions[name].setChecked(True)
        game = self._game
        if game is None:
            return
        if self._pace is None:
            game.controller.pace = replace(game.controller.pace, ai_pause_ms=pause)
        if self.demo:
            game.presenter.auto_continue_ms = round(DEMO_SUMMARY_MS * max(factor, 0.5))

    def start_game(self, setup: GameSetup | None = None) -> None:
        """Start ``setup`` (by default Peppa to 100 against three computer players)."""
        from .defaults import default_setup

        game = self.build_game()
        self.setup = setup or self.setup or default_setup(self.levels, demo=self.demo)
        self.scene.face_up_seats = {0}
        game.controller.start(self.setup)

    def play_again(self) -> None:
        """A new game with the same players and rules (and a new deal)."""
        if self.setup is not None:
            self.start_game(replace(self.setup, seed=None))

    def ask_new_game(self) -> None:
        """Ask for the rules and players of a new game, and start it."""
        from .defaults import default_setup
        from .new_game_dialog import NewGameDialog

        previous = self.setup or default_setup(self.levels)
        if previous.seats[0].level is not None:  # the demo's setup: offer the human seat back
            previous = default_setup(self.levels)
        chosen = NewGameDialog.ask(self, self.levels, previous)
        if chosen is not None:
            self.start_game(chosen)

    def show_rules(self) -> None:
        """The rules, opened at the rule set being played."""
        from .help_dialogs import RulesDialog

        if not isinstance(self._rules_dialog, RulesDialog):
            self._rules_dialog = RulesDialog(self)
        preset = self.setup.rules.name if self.setup else "peppa"
        self._rules_dialog.show_rules(preset)

    def show_about(self) -> None:
        """Version and licences."""
        from .help_dialogs import AboutDialog

        AboutDialog(self).exec()

    def _on_four_colour_toggled(self, on: bool) -> None:
        self.cache.four_colour = on
        self.scene.refresh_art()

    def _on_blue_backs_toggled(self, on: bool) -> None:
        self.cache.back_colour = "blue" if on else "red"
        self.scene.refresh_art()

    def _on_controller_hand_scored(self, index: int, result: object) -> None:
        self._hands_seen += 1
        if self.quit_after_hands is not None and self._hands_seen >= self.quit_after_hands:
            self.presenter.auto_continue_ms = None
            QTimer.singleShot(0 if self.speed == "off" else 1500, self.close)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self._game is not None:
            self._game.controller.shutdown()
        self.scene.finish_animations(emit=False)
        super().closeEvent(event)
