"""The window's settings: read once after the first frame, shown on the table and the menus.

``WindowSettings`` is mixed into ``MainWindow``, which owns the widgets and state named here:
the speed, card art, felt, sounds, language, and the game half's own settings.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..controller.preferences import Preferences
    from ..storage import Problem, Settings
    from .card_pixmaps import CardPixmapCache
    from .language import Translations
    from .sounds import TableSounds
    from .table_scene import TableScene
    from .table_view import TableView
    from .window_game import WindowGame
    from .window_menus import WindowMenus

#: name: (animation duration factor, computer "thinking" pause in ms, trick hold in ms)
SPEEDS = {
    "slow": (1.6, 800, 1500),
    "normal": (1.0, 450, 1000),
    "fast": (0.5, 180, 500),
    "off": (0.0, 250, 600),
}
# How long a full trick waits at its end, at each speed, for a player who wants the pause
# (ms; a click or a key sweeps it sooner). Never with animations off.
TRICK_PAUSES = {"slow": 3000, "normal": 2200, "fast": 1200}
#: How long the demo shows each hand's summary (ms).
DEMO_SUMMARY_MS = 2500


class WindowSettings:
    """The settings as the window shows them."""

    preferences: Preferences
    pending_problems: list[Problem]
    translations: Translations
    sounds: TableSounds
    cache: CardPixmapCache
    scene: TableScene
    view: TableView
    speed: str
    quit_after_hands: int | None
    _speed_override: str | None
    _shown_speed: str | None
    _menus: WindowMenus | None
    _game: WindowGame | None
    _hands_seen: int

    # What the window provides.
    @property
    def demo(self) -> bool:
        """Whether computers play every seat, on and on."""
        raise NotImplementedError

    def tell(self, problem: Problem | None) -> None:
        """Tell the player of a problem with their files."""
        raise NotImplementedError

    @property
    def settings(self) -> Settings:
        """The player's settings (read from their file when first needed)."""
        if not self.preferences.loaded:
            self.load_settings()
        return self.preferences.settings

    def load_settings(self) -> None:
        """Read the settings file and show its settings (once; a damaged file is told later)."""
        if self.preferences.loaded:
            return
        problem = self.preferences.take_problem()
        if problem is not None:
            self.pending_problems.append(problem)
        settings = self.preferences.settings
        if self._speed_override and self._speed_override != settings.animation_speed:
            self.preferences.update(replace(settings, animation_speed=self._speed_override))
        else:
            self._show_settings(settings)

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on; the table and menus show them at once."""
        self.load_settings()
        if not self.preferences.update(settings):
            self._show_settings(settings)  # shown again: something may have changed the table

    def save_settings(self) -> None:
        """Write the settings (a failure is told; the previous file stays)."""
        self.tell(self.preferences.save())

    def _on_preferences_changed(self, settings: Settings) -> None:
        self._show_settings(settings)

    def _show_settings(self, settings: Settings) -> None:
        """Speed, card art, felt, suit order and auto-play as ``settings`` say.

        The speed only when it changed: the table's own pace (a test's, the demo's) stays
        while other settings change (a recent file, the window's place).
        """
        if settings.animation_speed != self._shown_speed:
            self._shown_speed = settings.animation_speed
            self.apply_speed(settings.animation_speed, remember=False)
        cache = self.cache
        art = (settings.card_deck, settings.four_colour, settings.card_back)
        if art != (cache.deck, cache.four_colour, cache.back_colour):
            cache.deck, cache.four_colour, cache.back_colour = art
            self.scene.refresh_art()
        self._show_trick_pause(settings)
        self.view.set_felt(settings.table_colour)
        self.sounds.set_enabled(settings.sound)
        self.translations.use(settings.language)  # on a change, Qt tells every widget
        if self._menus is not None:
            self._menus.show_settings(settings)
        if self._game is not None:
            self._game.presenter.auto_play = settings.auto_play
            self._game.session.claims.automatic = settings.auto_finish
            self._game.presenter.set_suit_order(settings.suit_order)
            self._game.tricks.set_four_colour(settings.four_colour)

    def apply_speed(self, name: str, *, remember: bool = True) -> None:
        """Set the animation speed (slow, normal, fast, off); ``remember`` it in the settings."""
        factor, pause, hold = SPEEDS.get(name, SPEEDS["normal"])
        self.speed = name
        if remember:
            self.apply_settings(replace(self.settings, animation_speed=name))
        self.scene.speed = factor
        self.scene.trick_hold = hold
        if self.preferences.loaded:  # else the settings, once read, bring the pause with them
            self._show_trick_pause(self.preferences.settings)
        if self._menus is not None:
            self._menus.show_speed(name)
        game = self._game
        if game is None:
            return
        game.session.set_ai_pause(pause)
        quitting = self.quit_after_hands is not None and self._hands_seen >= self.quit_after_hands
        if self.demo and not quitting:
            game.presenter.auto_continue_ms = round(DEMO_SUMMARY_MS * max(factor, 0.5))
        else:
            game.presenter.stop_auto_continue()

    def _show_trick_pause(self, settings: Settings) -> None:
        """A full trick waits at its end if the player wants it at this speed."""
        wanted = settings.pauses_tricks(self.speed)
        self.scene.set_trick_pause(TRICK_PAUSES.get(self.speed, 0) if wanted else 0)
