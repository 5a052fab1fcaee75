"""The preferences: the table's look, how the game plays, and the game offered first.

Every change shows at once on the table behind the dialog; Cancel puts the old ones back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...controller import GameSetup
from ...engine import EndMode
from ...engine.cards import SUIT_LETTERS
from ...storage import Settings
from ...storage.settings import SUIT_ORDERS
from .. import texts
from ..table.card_pixmaps import CardPixmapCache
from ..table.view import FELTS
from .defaults import settings_with_setup, setup_from_settings
from .speech_tab import SpeechTab

ICON = QSize(20, 28)


class SettingsDialog(QDialog):
    """Edit the settings; ``changed`` carries every edit so the window can show it at once."""

    changed = Signal(object)  # Settings

    def __init__(
        self,
        settings: Settings,
        levels: list[str],
        parent: QWidget | None,
        *,
        sound_status: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(parent)
        #: Why sounds cannot be heard here ("" when they can), asked when sounds are chosen.
        self._sound_status = sound_status
        self._base = settings
        self._levels = levels
        self._cache = CardPixmapCache(max_sizes=1)  # only for the backs' previews
        self._loading = False
        # The pause at a trick's end as the player chose it (None: as the speed has it).
        self._trick_pause = settings.trick_pause
        self._four_colour = settings.four_colour
        self._box = QVBoxLayout(self)
        self._body: QWidget | None = None
        self._build()
        self.show_settings(settings)

    def _build(self) -> None:
        """The tabs and buttons, in the language in use (built again when it changes)."""
        self.setWindowTitle(self.tr("Settings"))
        body = QWidget()
        box = QVBoxLayout(body)
        box.setContentsMargins(0, 0, 0, 0)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._table_tab(), self.tr("Table"))
        self.tabs.addTab(self._play_tab(), self.tr("Playing"))
        self.tabs.addTab(self._game_tab(), self.tr("New games"))
        self.speech = SpeechTab()
        self.speech.edited.connect(self._on_edited)
        self.tabs.addTab(self.speech, self.tr("Screen reader"))
        box.addWidget(self.tabs)
        box.addWidget(self._buttons())
        if self._body is not None:
            self._box.removeWidget(self._body)
            self._body.hide()
            self._body.deleteLater()
        self._body = body
        self._box.addWidget(body)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange and self._body is not None:
            # The language was switched in this very dialog: every text again, edits kept.
            edited, page = self.settings(), self.tabs.currentIndex()
            self._build()
            self.show_settings(edited)
            self.tabs.setCurrentIndex(page)
        super().changeEvent(event)

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        settings: Settings,
        levels: list[str],
        preview: Callable[[Settings], None],
        *,
        sound_status: Callable[[], str] | None = None,
    ) -> Settings | None:
        """Show the dialog, calling ``preview`` on each edit; the chosen settings or None."""
        dialog = cls(settings, levels, parent, sound_status=sound_status)
        dialog.changed.connect(preview)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        return dialog.settings() if accepted else None

    # ------------------------------------------------------------------ building

    def _table_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.speed = self._combo(
            (self.tr("Slow"), "slow"),
            (self.tr("Normal"), "normal"),
            (self.tr("Fast"), "fast"),
            (self.tr("Off"), "off"),
        )
        form.addRow(self.tr("Animation speed"), self.speed)
        self.trick_pause = QCheckBox(self.tr("Pause at the end of each trick"))
        why = self.tr(
            "The last card stays on the table a moment, so you can see who played what; "
            "a click or a key sweeps the trick at once."
        )
        self.trick_pause.setToolTip(f"<p>{escape(why)}</p>")  # as rich text it wraps
        self.trick_pause.toggled.connect(self._on_trick_pause_toggled)
        self.speed.currentIndexChanged.connect(self._show_trick_pause)
        form.addRow("", self.trick_pause)
        self.deck = self._combo(
            (self.tr("Classic"), "classic"), (self.tr("Large index", "card faces"), "large")
        )
        form.addRow(self.tr("Card faces"), self.deck)
        self.four_colour = QCheckBox(self.tr("Four colours: clubs green, diamonds blue"))
        self.four_colour.toggled.connect(self._on_four_colour_toggled)
        form.addRow("", self.four_colour)
        self.low_vision = QCheckBox(self.tr("Low vision: large cards, high contrast, four colours"))
        why = self.tr(
            "Your cards and the trick drawn larger, cards with thick outlines and large "
            "indices on a plain dark table, and the keyboard's ring wider."
        )
        self.low_vision.setToolTip(f"<p>{escape(why)}</p>")
        self.low_vision.toggled.connect(self._on_low_vision_toggled)
        form.addRow("", self.low_vision)
        self._colour_rows(form)
        self.suit_order = self._suit_order_combo()
        form.addRow(self.tr("Suit order in your hand"), self.suit_order)
        return page

    def _suit_order_combo(self) -> QComboBox:
        """Each of SUIT_ORDERS as its symbols left to right, e.g. "♣ ♦ ♠ ♥"."""
        symbols = {
            "C": self.tr("♣", "clubs"),
            "D": self.tr("♦", "diamonds"),
            "H": self.tr("♥", "hearts"),
            "S": self.tr("♠", "spades"),
        }
        combo = self._combo(*((" ".join(symbols[s] for s in o), o) for o in SUIT_ORDERS))
        for index, order in enumerate(SUIT_ORDERS):
            # The symbols alone say little to a screen reader: the suits' names go with them.
            names = ", ".join(texts.suit_name(SUIT_LETTERS.index(s)) for s in order)
            combo.setItemData(index, names, Qt.ItemDataRole.ToolTipRole)
            combo.setItemData(index, names, Qt.ItemDataRole.AccessibleTextRole)
        return combo

    def _colour_rows(self, form: QFormLayout) -> None:
        self.back = self._combo(
            (self.tr("Red"), "red"), (self.tr("Blue"), "blue"), (self.tr("Green"), "green")
        )
        self.back.setIconSize(ICON)
        for index in range(self.back.count()):
            self.back.setItemIcon(index, self._back_icon(str(self.back.itemData(index))))
        form.addRow(self.tr("Card backs"), self.back)
        self.table = self._combo(
            (self.tr("Green"), "green"),
            (self.tr("Blue"), "blue"),
            (self.tr("Red"), "red"),
            (self.tr("Grey"), "grey"),
        )
        for index in range(self.table.count()):
            self.table.setItemIcon(index, _swatch(FELTS[str(self.table.itemData(index))][0]))
        form.addRow(self.tr("Table colour"), self.table)

    def _play_tab(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        self.auto_play = QCheckBox(
            self.tr("Play my card automatically when only one card is legal")
        )
        self.auto_finish = QCheckBox(
            self.tr("Finish the hand by itself once the rest of it is decided")
        )
        self.resume = QCheckBox(self.tr("Continue the last game at start without asking"))
        self.sound = QCheckBox(self.tr("Sound effects"))
        for check in (self.auto_play, self.auto_finish, self.resume, self.sound):
            check.toggled.connect(self._on_edited)
            box.addWidget(check)
        self.sound_note = QLabel()
        self.sound_note.setEnabled(False)  # drawn muted: a remark, not a setting
        self.sound_note.setIndent(24)
        self.sound_note.setWordWrap(True)
        self.sound_note.hide()
        self.sound.toggled.connect(self._show_sound_note)
        box.addWidget(self.sound_note)
        form = QFormLayout()
        self.language = self._combo(
            (self.tr("As the system"), "system"), ("English", "en"), ("Italiano", "it")
        )
        form.addRow(self.tr("Language"), self.language)
        box.addSpacing(8)
        box.addLayout(form)
        box.addStretch(1)
        return page

    def _game_tab(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        box.addWidget(QLabel(self.tr("The game that Game ▸ New game offers first:")))
        form = QFormLayout()
        self.game_rules = QLabel()
        self.game_players = QLabel()
        self.game_players.setTextFormat(Qt.TextFormat.PlainText)  # names are never markup
        self.game_players.setWordWrap(True)
        form.addRow(self.tr("Rules"), self.game_rules)
        form.addRow(self.tr("Players"), self.game_players)
        box.addLayout(form)
        row = QHBoxLayout()
        self.change_game = QPushButton(self.tr("Change…"))
        self.change_game.clicked.connect(self._on_change_game_clicked)
        row.addWidget(self.change_game)
        row.addStretch(1)
        box.addLayout(row)
        box.addStretch(1)
        return page

    def _buttons(self) -> QDialogButtonBox:
        standard = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(standard.Ok | standard.Cancel | standard.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        restore = buttons.button(standard.RestoreDefaults)
        restore.clicked.connect(self._on_restore_clicked)
        return buttons

    def _combo(self, *items: tuple[str, str]) -> QComboBox:
        combo = QComboBox()
        for text, data in items:
            combo.addItem(text, data)
        combo.currentIndexChanged.connect(self._on_edited)
        return combo

    def _back_icon(self, colour: str) -> QIcon:
        return QIcon(self._cache.back_of(colour, ICON, self.devicePixelRatioF()))

    # ------------------------------------------------------------------ values

    def show_settings(self, settings: Settings) -> None:
        """Show ``settings`` in the widgets (without announcing each one)."""
        self._loading = True
        self._base = settings
        for combo, value in (
            (self.speed, settings.animation_speed),
            (self.deck, settings.card_deck),
            (self.back, settings.card_back),
            (self.table, settings.table_colour),
            (self.suit_order, settings.suit_order),
            (self.language, settings.language),
        ):
            combo.setCurrentIndex(max(0, combo.findData(value)))
        self._trick_pause = settings.trick_pause
        self._show_trick_pause()
        self._four_colour = settings.four_colour
        self.low_vision.setChecked(settings.low_vision)
        self._show_four_colour()
        self.auto_play.setChecked(settings.auto_play)
        self.auto_finish.setChecked(settings.auto_finish)
        self.resume.setChecked(settings.resume == "resume")
        self.sound.setChecked(settings.sound)
        self.speech.show_values(settings.verbosity, settings.quiet)
        self._show_sound_note()
        self._show_game(setup_from_settings(settings, self._levels))
        self._loading = False

    def _show_game(self, setup: GameSetup) -> None:
        rules = setup.rules
        hands = rules.end_mode is EndMode.HANDS
        count = rules.end_value
        limit = self.tr("%n hand(s)", "", count) if hands else self.tr("to %n point(s)", "", count)
        self.game_rules.setText(
            self.tr("{rules}, {limit}").format(rules=texts.preset_name(rules.name), limit=limit)
        )
        players = [
            texts.player_name(s.name)
            if s.level is None
            else f"{s.name} ({texts.level_name(s.level)})"
            for s in setup.seats
        ]
        self.game_players.setText(", ".join(players))

    def settings(self) -> Settings:
        """The settings the dialog shows."""
        verbosity, quiet = self.speech.values()
        return replace(
            self._base,
            animation_speed=str(self.speed.currentData()),
            trick_pause=self._trick_pause,
            card_deck=str(self.deck.currentData()),
            card_back=str(self.back.currentData()),
            four_colour=self._four_colour,
            low_vision=self.low_vision.isChecked(),
            table_colour=str(self.table.currentData()),
            suit_order=str(self.suit_order.currentData()),
            auto_play=self.auto_play.isChecked(),
            auto_finish=self.auto_finish.isChecked(),
            resume="resume" if self.resume.isChecked() else "ask",
            sound=self.sound.isChecked(),
            language=str(self.language.currentData()),
            verbosity=verbosity,
            quiet=quiet,
        )

    # ------------------------------------------------------------------ slots

    def _show_sound_note(self) -> None:
        """With sounds chosen, say if none can be heard here (and why)."""
        text = ""
        if self.sound.isChecked() and self._sound_status is not None:
            text = self._sound_status()
        self.sound_note.setText(text)
        self.sound_note.setVisible(bool(text))

    def _show_trick_pause(self) -> None:
        """The pause as chosen, or as the speed shown has it; no pause without animations."""
        speed = str(self.speed.currentData())
        loading, self._loading = self._loading, True
        shown = replace(self._base, trick_pause=self._trick_pause)
        self.trick_pause.setChecked(shown.pauses_tricks(speed))
        self.trick_pause.setEnabled(speed != "off")
        self._loading = loading

    def _on_trick_pause_toggled(self, on: bool) -> None:
        if not self._loading:
            self._trick_pause = on
            self._on_edited()

    def _on_four_colour_toggled(self, on: bool) -> None:
        if self.four_colour.isEnabled():  # the player's own choice, not low vision's tick
            self._four_colour = on
        self._on_edited()

    def _on_low_vision_toggled(self) -> None:
        self._show_four_colour()
        self._on_edited()

    def _show_four_colour(self) -> None:
        """Low vision brings four colours: the box ticked and greyed while it is on; off, the
        player's own choice again."""
        on = self.low_vision.isChecked()
        self.four_colour.setEnabled(not on)
        blocked = self.four_colour.blockSignals(True)
        self.four_colour.setChecked(on or self._four_colour)
        self.four_colour.blockSignals(blocked)

    def _on_edited(self) -> None:
        if not self._loading:
            self.changed.emit(self.settings())

    def _on_restore_clicked(self) -> None:
        base = self._base
        defaults = replace(
            Settings(),
            window_geometry=base.window_geometry,
            window_state=base.window_state,
            recent_files=base.recent_files,
        )
        self.show_settings(defaults)
        self.changed.emit(self.settings())

    def _on_change_game_clicked(self) -> None:
        from .new_game import NewGameDialog

        current = self.settings()
        chosen = NewGameDialog.ask(self, self._levels, setup_from_settings(current, self._levels))
        if chosen is not None:
            self._base = settings_with_setup(current, chosen)
            self._show_game(chosen)


def _swatch(colour: QColor) -> QIcon:
    pixmap = QPixmap(16, 16)
    pixmap.fill(colour)
    return QIcon(pixmap)
