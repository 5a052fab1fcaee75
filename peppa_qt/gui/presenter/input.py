"""The player's clicks and keys on the table, as intents: a card chosen to pass or played,
the keyboard's ring moved, Enter.

``TableInput`` owns the cards that may be played now (the ring moves over them only). It is
handed the keyboard's ring, the table's ``Actions`` (the input mode of the moment and the
intents a click or a key carries) and what to do first at each of the player's actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...engine import CardSet
from ...engine.cards import SUIT_SIZE
from ..table.card_pixmaps import card_of
from .keyboard_focus import KeyboardFocus
from .modes import Mode


class Actions(Protocol):
    """What a click or a key on the viewer's hand may ask for, in the mode of the moment."""

    @property
    def mode(self) -> Mode:
        """What the hand takes from the player now."""
        ...

    def toggle_selected(self, card: int) -> None:
        """Choose or put back a card to pass."""

    def confirm_pass(self) -> None:
        """Pass the chosen cards."""

    def play_card(self, card: int) -> None:
        """Try to play ``card``."""


class TableInput:
    """Clicks and keys in the input mode of the moment."""

    def __init__(
        self,
        focus: KeyboardFocus,
        actions: Actions,
        next_action: Callable[[], None],
        *,
        no_suit: Callable[[int], None] = lambda suit: None,
        at_end: Callable[[bool, bool], None] = lambda last, playing: None,
    ) -> None:
        """``next_action`` is called at each action first (the moment before is over);
        ``no_suit(suit)`` when a suit's key finds none of it in the hand; ``at_end(last,
        playing)`` when an arrow finds the ring at the hand's last (or first) card."""
        self._focus = focus
        self._no_suit = no_suit
        self._at_end = at_end
        self._actions = actions
        self._next_action = next_action
        #: The cards that may be played now (a card set's mask); the last asked for.
        self.legal = 0

    def may_play(self, legal: CardSet) -> None:
        """The player is asked for a card: one of ``legal``. The ring stands on one already
        (Enter plays it; a reader hears which)."""
        self.legal = legal.mask
        self._focus.at_turn(self.playable)

    def playable(self, card: int) -> bool:
        """Whether ``card`` (a sprite of the viewer's hand) may be played now."""
        return bool(self.legal >> card_of(card) & 1)

    def click(self, card: int) -> None:
        """A card of the viewer's hand clicked (or dropped on the table)."""
        self._next_action()
        actions = self._actions
        if actions.mode is Mode.PASSING:
            actions.toggle_selected(card)
        elif actions.mode is Mode.PLAYING:
            actions.play_card(card)

    def press(self, action: str) -> None:
        """A key on the table: "left", "right", "first" (Home), "last" (End), "select"
        (Space), "activate" (Enter), or "suit 0" to "suit 3" (the keys 1 to 4: clubs,
        diamonds, hearts, spades)."""
        mode = self._actions.mode
        if mode is Mode.IDLE:
            return
        self._next_action()
        focus = self._focus.card
        if action.startswith("suit "):
            suit = int(action.removeprefix("suit "))
            if not self._focus.to_suit(suit, lambda c: card_of(c) // SUIT_SIZE, mode):
                self._no_suit(suit)
        elif action in ("left", "right"):
            if not self._focus.move(-1 if action == "left" else 1, mode, self.playable):
                self._at_end(action == "right", mode is Mode.PLAYING)
        elif action in ("first", "last"):
            self._focus.to_end(action == "last", mode, self.playable)
        elif action == "select" and focus is not None:
            if mode is Mode.PASSING:
                self._actions.toggle_selected(focus)
            else:  # a preview of the card Enter would play: Space again puts it back
                self._focus.preview()
        elif action == "activate":
            self._activate(focus)

    def _activate(self, focus: int | None) -> None:
        """Enter: pass the chosen cards, or play the card with the focus ring."""
        mode = self._actions.mode
        if mode is Mode.PASSING:
            self._actions.confirm_pass()
        elif mode is Mode.PLAYING:
            if focus is not None:
                self._actions.play_card(focus)
            else:  # no ring yet: show it on the first card that can be played
                self._focus.first_playable(self.playable)
