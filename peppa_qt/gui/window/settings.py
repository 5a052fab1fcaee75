"""The window's settings: read once after the first frame, shown on the table and the menus.

``WindowSettings`` owns the animation speed in use (and one the command line imposes), the
speed the table was last given, and a problem the settings file had until the window can tell
it. It sets what it is handed (the card art, the table's felt, speed and trick pause, the
sounds, the language) and says the rest: ``settings_shown`` and ``speed_shown``, which the
menus and the game half take up once they are built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from ..high_contrast import set_high_contrast

if TYPE_CHECKING:
    from ...controller.preferences import Preferences
    from ...storage import Problem, Settings
    from ..table.card_pixmaps import CardPixmapCache
    from ..table.scene import TableScene
    from ..table.view import TableView
    from .language import Translations
    from .sounds import TableSounds

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


class WindowSettings(QObject):
    """The settings as the window shows them."""

    #: The settings now shown (the menus tick them, the game half takes its own).
    settings_shown = Signal(object)
    #: The animation speed now in use, by name.
    speed_shown = Signal(str)

    def __init__(
        self,
        preferences: Preferences,
        *,
        cache: CardPixmapCache,
        scene: TableScene,
        view: TableView,
        sounds: TableSounds,
        translations: Translations,
        speed: str | None,
        tell: Callable[[Problem | None], None],
        parent: QObject | None = None,
    ) -> None:
        """``speed`` overrides the saved one; ``tell`` tells the player of a file's problem."""
        super().__init__(parent)
        self.preferences = preferences
        self._cache, self._scene, self._view = cache, scene, view
        self._sounds, self._translations = sounds, translations
        self._tell = tell
        self._speed_override = speed
        #: The animation speed in use (slow, normal, fast, off).
        self.speed = speed or "normal"
        self._shown_speed: str | None = None
        #: Problems met before the window could show them (told after the first paint).
        self._pending: list[Problem] = []
        preferences.changed.connect(self.show_settings)

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
            self._pending.append(problem)
        settings = self.preferences.settings
        if self._speed_override and self._speed_override != settings.animation_speed:
            self.preferences.update(replace(settings, animation_speed=self._speed_override))
        else:
            self.show_settings(settings)

    def tell_pending(self) -> None:
        """Tell the problems met before the window could show them."""
        problems, self._pending = self._pending, []
        for problem in problems:
            self._tell(problem)

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on; the table and menus show them at once."""
        self.load_settings()
        if not self.preferences.update(settings):
            self.show_settings(settings)  # shown again: something may have changed the table

    def save_settings(self) -> None:
        """Write the settings (a failure is told; the previous file stays)."""
        self._tell(self.preferences.save())

    def remember_place(self, geometry: str, state: str) -> bool:
        """Keep the window's place with the settings (saved with them); whether it moved."""
        settings = self.settings
        moved = (geometry, state) != (settings.window_geometry, settings.window_state)
        self.preferences.remember_window(geometry, state)
        return moved

    def show_again(self) -> None:
        """Every setting shown again, the speed too (a part built since takes them)."""
        self._shown_speed = None
        self.show_settings(self.settings)

    def show_settings(self, settings: Settings) -> None:
        """Speed, card art, felt, suit order and auto-play as ``settings`` say.

        The speed only when it changed: the table's own pace (a test's, the demo's) stays
        while other settings change (a recent file, the window's place).
        """
        if settings.animation_speed != self._shown_speed:
            self._shown_speed = settings.animation_speed
            self.apply_speed(settings.animation_speed, remember=False)
        cache = self._cache
        low_vision = settings.low_vision
        art = (settings.card_deck, settings.four_colour, settings.card_back, low_vision)
        if art != (cache.deck, cache.four_colour, cache.back_colour, cache.high_contrast):
            cache.deck, cache.four_colour, cache.back_colour, cache.high_contrast = art
            self._scene.refresh_art()
        self._scene.set_low_vision(low_vision)
        set_high_contrast(low_vision)  # the widgets round the table and the dialogs
        self._view.place_overlays()  # their bold words and edges: the panels' sizes anew
        self._show_trick_pause(settings)
        self._view.set_felt(settings.table_colour, plain=low_vision)
        self._sounds.set_enabled(settings.sound)
        self._translations.use(settings.language)  # on a change, Qt tells every widget
        self.settings_shown.emit(settings)

    def apply_speed(self, name: str, *, remember: bool = True) -> None:
        """Set the animation speed (slow, normal, fast, off); ``remember`` it in the settings."""
        factor, _, hold = SPEEDS.get(name, SPEEDS["normal"])
        self.speed = name
        if remember:
            self.apply_settings(replace(self.settings, animation_speed=name))
        self._scene.speed = factor
        self._scene.trick_hold = hold
        if self.preferences.loaded:  # else the settings, once read, bring the pause with them
            self._show_trick_pause(self.preferences.settings)
        self.speed_shown.emit(name)

    def _show_trick_pause(self, settings: Settings) -> None:
        """A full trick waits at its end if the player wants it at this speed."""
        wanted = settings.pauses_tricks(self.speed)
        self._scene.set_trick_pause(TRICK_PAUSES.get(self.speed, 0) if wanted else 0)
