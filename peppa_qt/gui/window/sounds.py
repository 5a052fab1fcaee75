"""The table's sound effects, when the player wants them: a card played, a trick taken,
hearts broken, the Q♠ taken, a moon. Never a failure: with no sound library or no audio
device (as on CI), nothing plays and the settings say why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

if TYPE_CHECKING:
    from ...sound import SoundPlayer


class TableSounds(QObject):
    """Plays the presenter's sounds while the setting is on (the player is made when first
    needed: with the setting off, no sound library is ever loaded)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.enabled = False
        self._player: SoundPlayer | None = None

    def set_enabled(self, on: bool) -> None:
        """Sounds on or off (the player's choice in the settings)."""
        self.enabled = on
        if on:
            self._ensure()

    def play(self, name: str) -> None:
        """The sound ``name``, if sounds are on (never waits, never raises)."""
        if self.enabled:
            self._ensure().play(name)

    def status_text(self) -> str:
        """Why sounds cannot be heard here, in the player's language ("" when they can)."""
        from ... import sound

        player = self._ensure()
        if player.available():
            return ""
        reason = player.why_unavailable()
        words = {
            sound.NO_LIBRARY: QCoreApplication.translate(
                "TableSounds", "the optional sound library is not installed"
            ),
            sound.NO_DEVICE: QCoreApplication.translate("TableSounds", "no audio device was found"),
            sound.NOT_OPENED: QCoreApplication.translate(
                "TableSounds", "no audio device could be opened"
            ),
            sound.BUSY: QCoreApplication.translate(
                "TableSounds", "the audio device is busy (another program may be using it)"
            ),
            sound.DENIED: QCoreApplication.translate(
                "TableSounds", "access to the audio device was denied"
            ),
        }.get(reason, reason)
        return QCoreApplication.translate(
            "TableSounds", "No sound can be heard on this computer: {reason}."
        ).format(reason=words)

    def close(self) -> None:
        """Stop the sound device (the window is closing)."""
        if self._player is not None:
            self._player.close()
            self._player = None

    def _ensure(self) -> SoundPlayer:
        if self._player is None:
            from ...sound import SoundPlayer

            self._player = SoundPlayer()
        return self._player
