"""The player's clicks and keys on the table, as intents: a card chosen to pass or played,
the keyboard's ring moved, Enter.

``PresenterInput`` is mixed into ``TablePresenter``, which owns the state named here.
"""

from __future__ import annotations

from .card_pixmaps import card_of
from .keyboard_focus import KeyboardFocus
from .modes import Mode


class PresenterInput:
    """Clicks and keys in the input mode of the moment."""

    mode: Mode
    focus: KeyboardFocus
    _legal: int

    # What the presenter provides.
    def toggle_selected(self, card: int) -> None:
        """Choose or put back a card to pass."""
        raise NotImplementedError

    def confirm_pass(self) -> None:
        """Pass the chosen cards."""
        raise NotImplementedError

    def play_card(self, card: int) -> None:
        """Try to play ``card``."""
        raise NotImplementedError

    def _next_action(self) -> None:
        raise NotImplementedError

    def _on_scene_card_clicked(self, card: int) -> None:
        self._next_action()
        if self.mode is Mode.PASSING:
            self.toggle_selected(card)
        elif self.mode is Mode.PLAYING:
            self.play_card(card)

    def _on_view_key_pressed(self, action: str) -> None:
        if self.mode is Mode.IDLE:
            return
        self._next_action()
        focus = self.focus.card
        if action in ("left", "right"):
            self.focus.move(-1 if action == "left" else 1, self.mode, self._playable)
        elif action == "select" and focus is not None:
            if self.mode is Mode.PASSING:
                self.toggle_selected(focus)
            else:  # a preview of the card Enter would play: Space again puts it back
                self.focus.preview()
        elif action == "activate":
            self._activate(focus)

    def _playable(self, card: int) -> bool:
        return bool(self._legal >> card_of(card) & 1)

    def _activate(self, focus: int | None) -> None:
        """Enter: pass the chosen cards, or play the card with the focus ring."""
        if self.mode is Mode.PASSING:
            self.confirm_pass()
        elif self.mode is Mode.PLAYING:
            if focus is not None:
                self.play_card(focus)
            else:  # no ring yet: show it on the first card that can be played
                self.focus.first_playable(self._playable)
