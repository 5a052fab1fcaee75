"""The window's menus: their actions and keyboard shortcuts.

Filled in just after the table's first paint (``MainWindow.finish_startup``): the menu titles
show in the first frame, but creating the actions and their shortcuts would delay it.
``WindowMenus`` owns the actions (their texts, ticks and what Undo and Redo say) and full
screen; it is handed the menus to fill, the commands the actions run and the settings they tick.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QWidget

from ..texts import QT_TRANSLATE_NOOP
from .full_screen import FullScreen

if TYPE_CHECKING:
    from ...storage import Settings
    from .commands import WindowCommands
    from .settings import WindowSettings
    from .status_line import StatusLine

Shortcut = QKeySequence | QKeySequence.StandardKey | str
#: View ▸ Ask the table: (item, keys, question for ``WindowCommands.ask_table``).
ASKS = (
    (QT_TRANSLATE_NOOP("MainWindow", "Your &cards by suit"), "C", "hand"),
    (QT_TRANSLATE_NOOP("MainWindow", "The &trick so far"), "T", "trick"),
    (QT_TRANSLATE_NOOP("MainWindow", "The &scores"), "S", "scores"),
    (QT_TRANSLATE_NOOP("MainWindow", "Cards still &out"), "O", "out"),
    (QT_TRANSLATE_NOOP("MainWindow", "The &last trick, said"), "Shift+L", "last trick"),
    (QT_TRANSLATE_NOOP("MainWindow", "The &voids seen"), "V", "voids"),
)


class WindowMenus(QObject):
    """The actions of the Game, View, Settings and Help menus; ticks follow the settings.

    Texts are in the window's translation context ("MainWindow", as its menu titles), written
    out in every call (pyside6-lupdate only collects literal contexts), and kept as their
    English source (``QT_TRANSLATE_NOOP``) to be worded again when the language changes.
    """

    def __init__(
        self,
        window: QWidget,
        menus: tuple[QMenu, QMenu, QMenu, QMenu, QMenu],
        commands: WindowCommands,
        shown: WindowSettings,
        *,
        scores: QAction,
        status: StatusLine,
        hot_seat: Callable[[], bool],
    ) -> None:
        """Fill ``menus`` (Game, Network, View, Settings, Help) of ``window``: the actions run
        ``commands``, tick the settings ``shown`` shows, and ``scores`` shows the score sheet;
        ``hot_seat`` says whether several humans play (Undo says why it is not offered)."""
        super().__init__(window)
        self._window, self._commands, self._shown = window, commands, shown
        self._status, self._hot_seat = status, hot_seat
        #: Every action and submenu with the source of its text and the values it is filled
        #: with, for ``retranslate``.
        self._named: list[tuple[QAction | QMenu, str, dict[str, str]]] = []
        game, network, view, settings, help_menu = menus
        for menu in menus:
            menu.setToolTipsVisible(True)  # each command's keys, on hovering it
        self._fill_game_menu(game, scores)
        self._action(network, QT_TRANSLATE_NOOP("MainWindow", "&Host a game…")).triggered.connect(
            commands.host_game
        )
        self._action(network, QT_TRANSLATE_NOOP("MainWindow", "&Join a game…")).triggered.connect(
            commands.join_game
        )
        full = self._action(view, QT_TRANSLATE_NOOP("MainWindow", "&Full screen"), "F11")
        #: The window over the whole screen (F11; Esc leaves).
        self.full_screen = FullScreen(window, full)
        self.low_vision_action = low = self._action(
            view, QT_TRANSLATE_NOOP("MainWindow", "&Low vision"), "Ctrl+Shift+L"
        )
        low.setCheckable(True)
        low.toggled.connect(self._on_low_vision_toggled)
        self._fill_ask_menu(view)
        self._fill_settings_menu(settings)
        rules = self._action(help_menu, QT_TRANSLATE_NOOP("MainWindow", "&Rules"), "F1")
        rules.triggered.connect(commands.show_rules)
        self._action(help_menu, QT_TRANSLATE_NOOP("MainWindow", "&Keyboard")).triggered.connect(
            commands.show_keyboard
        )
        self._action(help_menu, QT_TRANSLATE_NOOP("MainWindow", "&About Peppa")).triggered.connect(
            commands.show_about
        )
        self.show_speed(shown.speed)
        self.show_settings(shown.settings)
        shown.settings_shown.connect(self.show_settings)
        shown.speed_shown.connect(self.show_speed)

    def _action(self, menu: QMenu, source: str, shortcut: Shortcut | None = None) -> QAction:
        # Parented to the window, like every action it has (window.findChildren finds them).
        action = QAction(self._window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        self._name(action, source)
        menu.addAction(action)
        return action

    def _name(self, item: QAction | QMenu, source: str, **values: str) -> None:
        """Give ``item`` the text ``source`` (its ``{fields}`` filled with ``values``) in the
        language in use, and in every next one."""
        self._named = [(i, s, v) for i, s, v in self._named if i is not item]
        self._named.append((item, source, values))
        _word(item, source, values)

    def retranslate(self) -> None:
        """The language changed: every menu text again, in the new one."""
        for item, source, values in self._named:
            _word(item, source, values)

    def shortcut_list(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every menu command that has keys (Help ▸ Keyboard)."""
        found = []
        for item, _, _ in self._named:
            if isinstance(item, QAction) and not item.shortcut().isEmpty():
                keys = item.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                found.append((keys, item.text().replace("&", "").rstrip("…")))
        return found

    def _fill_game_menu(self, game: QMenu, scores: QAction) -> None:
        actions = self._commands
        new = self._action(
            game,
            QT_TRANSLATE_NOOP("MainWindow", "&New game…"),
            QKeySequence.StandardKey.New,
        )
        new.triggered.connect(actions.ask_new_game)
        self.new_action = new
        self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "&Play again"), "Ctrl+R"
        ).triggered.connect(actions.play_again)
        self.undo_action = self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "&Undo"), QKeySequence.StandardKey.Undo
        )
        self.undo_action.triggered.connect(actions.undo)
        # Ctrl+Z while Undo is greyed out did nothing and said nothing: this says why.
        self._undo_refused = QShortcut(QKeySequence(QKeySequence.StandardKey.Undo), self._window)
        self._undo_refused.activated.connect(self._say_why_no_undo)
        self._undo_refused.setEnabled(not self.undo_action.isEnabled())  # never both
        self.redo_action = self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "&Redo"), QKeySequence.StandardKey.Redo
        )
        self.redo_action.triggered.connect(actions.redo)
        self.hint_action = self._action(game, QT_TRANSLATE_NOOP("MainWindow", "&Hint"), "H")
        self.hint_action.triggered.connect(actions.hint)
        self.last_trick_action = self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "&Last trick"), "L"
        )
        self.last_trick_action.triggered.connect(actions.show_last_trick)
        self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "Tric&ks of this hand"), "K"
        ).triggered.connect(actions.show_tricks)
        self.finish_action = self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "&Finish the hand"), "F"
        )
        self.finish_action.triggered.connect(actions.finish_hand)
        self.finish_action.setEnabled(False)
        game.addSeparator()
        self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "Re&view this hand…"), "Ctrl+Shift+R"
        ).triggered.connect(actions.review_hand)
        self._action(game, QT_TRANSLATE_NOOP("MainWindow", "Replay this &deal…")).triggered.connect(
            actions.replay_deal
        )
        self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "New game from a deal nu&mber…")
        ).triggered.connect(actions.new_game_from_number)
        self._action(
            game, QT_TRANSLATE_NOOP("MainWindow", "&Watch the computers play")
        ).triggered.connect(actions.watch_demo)
        game.addSeparator()
        self._fill_file_actions(game)
        game.addSeparator()
        statistics = self._action(game, QT_TRANSLATE_NOOP("MainWindow", "S&tatistics…"), "Ctrl+T")
        statistics.triggered.connect(actions.show_statistics)
        scores.setShortcut(QKeySequence("F3"))
        self._name(scores, QT_TRANSLATE_NOOP("MainWindow", "S&cores"))
        game.addAction(scores)
        game.addSeparator()
        self._action(game, QT_TRANSLATE_NOOP("MainWindow", "&Quit"), "Ctrl+Q").triggered.connect(
            self._window.close
        )

    def _fill_file_actions(self, menu: QMenu) -> None:
        files = self._commands
        self._action(
            menu, QT_TRANSLATE_NOOP("MainWindow", "&Open…"), QKeySequence.StandardKey.Open
        ).triggered.connect(files.open_game)
        self.recent_menu = menu.addMenu("")
        self._name(self.recent_menu, QT_TRANSLATE_NOOP("MainWindow", "Open r&ecent"))
        self.recent_menu.aboutToShow.connect(self._on_recent_menu_about_to_show)
        self._action(
            menu, QT_TRANSLATE_NOOP("MainWindow", "&Save"), QKeySequence.StandardKey.Save
        ).triggered.connect(files.save)
        self._action(
            menu, QT_TRANSLATE_NOOP("MainWindow", "Save &as…"), "Ctrl+Shift+S"
        ).triggered.connect(files.save_as)
        menu.addSeparator()
        self._action(menu, QT_TRANSLATE_NOOP("MainWindow", "&Import record…")).triggered.connect(
            files.import_record
        )
        self._action(menu, QT_TRANSLATE_NOOP("MainWindow", "E&xport record…")).triggered.connect(
            files.export_record
        )

    def _fill_ask_menu(self, view: QMenu) -> None:
        """View ▸ Ask the table: keys that say the hand, the trick, the scores… aloud."""
        ask = view.addMenu("")
        self._name(ask, QT_TRANSLATE_NOOP("MainWindow", "&Ask the table"))
        for source, keys, question in ASKS:
            action = self._action(ask, source, keys)
            action.triggered.connect(lambda _=False, q=question: self._commands.ask_table(q))

    def _fill_settings_menu(self, settings: QMenu) -> None:
        speed_menu = settings.addMenu("")
        self._name(speed_menu, QT_TRANSLATE_NOOP("MainWindow", "Animation &speed"))
        group = QActionGroup(self._window)
        self.speed_actions: dict[str, QAction] = {}
        names = {
            "slow": QT_TRANSLATE_NOOP("MainWindow", "Slow"),
            "normal": QT_TRANSLATE_NOOP("MainWindow", "Normal"),
            "fast": QT_TRANSLATE_NOOP("MainWindow", "Fast"),
            "off": QT_TRANSLATE_NOOP("MainWindow", "Off"),
        }
        for key, text in names.items():
            action = self._action(speed_menu, text)
            action.setCheckable(True)
            action.setActionGroup(group)
            action.triggered.connect(lambda checked=False, k=key: self._on_speed_chosen(k))
            self.speed_actions[key] = action
        self.four_colour_action = four = self._action(
            settings, QT_TRANSLATE_NOOP("MainWindow", "&Four-colour deck")
        )
        four.setCheckable(True)
        four.toggled.connect(self._on_four_colour_toggled)
        self.blue_backs_action = blue = self._action(
            settings, QT_TRANSLATE_NOOP("MainWindow", "&Blue card backs")
        )
        blue.setCheckable(True)
        blue.toggled.connect(self._on_blue_backs_toggled)
        settings.addSeparator()
        preferences = self._action(
            settings, QT_TRANSLATE_NOOP("MainWindow", "&Preferences…"), "Ctrl+,"
        )
        preferences.triggered.connect(self._commands.show_preferences)

    def _say_why_no_undo(self) -> None:
        if self._hot_seat():
            why = self.tr("No undo with several human players: it would show their cards.")
        else:
            why = self.tr("There is nothing to undo.")
        self._status.notice(why)

    def show_history(
        self, undo: tuple[int, ...] | None, redo: tuple[int, ...] | None, *, hot_seat: bool
    ) -> None:
        """Undo and Redo say what they would take back or make again ("Undo 7♣"); with
        several humans at one computer, Undo says why it is not offered."""
        from ...models.card_text import card_label

        if hot_seat:
            source = QT_TRANSLATE_NOOP(
                "MainWindow", "Undo (not with several human players: it would show their cards)"
            )
            self._name(self.undo_action, source)
        elif undo is not None and len(undo) == 1:
            self._name(
                self.undo_action,
                QT_TRANSLATE_NOOP("MainWindow", "&Undo {card}"),
                card=card_label(undo[0]),
            )
        elif undo is not None:
            self._name(self.undo_action, QT_TRANSLATE_NOOP("MainWindow", "&Undo the pass"))
        else:
            self._name(self.undo_action, QT_TRANSLATE_NOOP("MainWindow", "&Undo"))
        self.undo_action.setEnabled(undo is not None and not hot_seat)
        self._undo_refused.setEnabled(not self.undo_action.isEnabled())
        if redo is not None and len(redo) == 1:
            self._name(
                self.redo_action,
                QT_TRANSLATE_NOOP("MainWindow", "&Redo {card}"),
                card=card_label(redo[0]),
            )
        elif redo is not None:
            self._name(self.redo_action, QT_TRANSLATE_NOOP("MainWindow", "&Redo the pass"))
        else:
            self._name(self.redo_action, QT_TRANSLATE_NOOP("MainWindow", "&Redo"))
        self.redo_action.setEnabled(redo is not None)

    def show_speed(self, name: str) -> None:
        """Tick the animation speed ``name``."""
        self.speed_actions[name].setChecked(True)

    def show_settings(self, settings: Settings) -> None:
        """Tick the four-colour, blue-backs and low-vision entries as ``settings`` say."""
        checks = (
            (self.four_colour_action, settings.four_colour or settings.low_vision),
            (self.low_vision_action, settings.low_vision),
            (self.blue_backs_action, settings.card_back == "blue"),
        )
        for action, on in checks:
            blocked = action.blockSignals(True)  # the menu follows; its slot must not echo
            action.setChecked(on)
            action.blockSignals(blocked)
        self.four_colour_action.setEnabled(not settings.low_vision)  # low vision brings it

    def _on_speed_chosen(self, name: str) -> None:
        self._shown.apply_speed(name)
        self._shown.save_settings()

    def _on_four_colour_toggled(self, on: bool) -> None:
        self._shown.apply_settings(replace(self._shown.settings, four_colour=on))
        self._shown.save_settings()

    def _on_low_vision_toggled(self, on: bool) -> None:
        self._shown.apply_settings(replace(self._shown.settings, low_vision=on))
        self._shown.save_settings()

    def _on_blue_backs_toggled(self, on: bool) -> None:
        card_back = "blue" if on else "red"
        self._shown.apply_settings(replace(self._shown.settings, card_back=card_back))
        self._shown.save_settings()

    def _on_recent_menu_about_to_show(self) -> None:
        self.recent_menu.clear()
        recent = self._shown.settings.recent_files
        for name in recent:
            # A file's "&" is a letter of its name, not the item's key: doubled, Qt shows one.
            action = self.recent_menu.addAction(Path(name).name.replace("&", "&&"))
            action.setToolTip(plain_tip(name))  # a path is shown as it is, never markup
            action.triggered.connect(
                lambda checked=False, n=name: self._commands.open_path(Path(n))
            )
        if not recent:
            self.recent_menu.addAction(
                QCoreApplication.translate("MainWindow", "No saved games yet")
            ).setEnabled(False)


def _word(item: QAction | QMenu, source: str, values: dict[str, str] | None = None) -> None:
    """``item``'s text in the language in use; an action's tooltip names its keys too."""
    text = QCoreApplication.translate("MainWindow", source)
    if values:
        text = text.format(**values)
    if isinstance(item, QMenu):
        item.setTitle(text)
        return
    item.setText(text)
    keys = item.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    plain = text.replace("&", "")
    item.setToolTip(f"{plain} ({keys})" if keys else plain)


def plain_tip(text: str) -> str:
    """A tooltip showing ``text`` exactly (Qt would read a text with tags as markup)."""
    return f"<p style='white-space:pre'>{escape(text)}</p>"
