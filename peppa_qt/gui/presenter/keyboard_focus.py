"""The keyboard's ring on the viewer's hand: the arrows move it, Space and Enter act on it.

It moves only over the cards that can be played (while playing), round the hand, and never
touches the game: what a key asks for (choose this card, play it, pass) goes back to the
presenter as an intent.
"""

from __future__ import annotations

from collections.abc import Callable

from ..table.scene import TableScene
from .modes import Mode

#: Whether a card (a sprite of the viewer's hand) can be played now.
Playable = Callable[[int], bool]


class KeyboardFocus:
    """Where the ring is, and what the keys make of it."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    @property
    def card(self) -> int | None:
        """The card with the ring, if any."""
        return self.scene.focus

    def hand(self) -> list[int]:
        """The viewer's hand, left to right."""
        return self.scene.hands[self.scene.viewer]

    def move(self, step: int, mode: Mode, playable: Playable) -> None:
        """Left (−1) or right (+1): the ring to the next card that way."""
        hand = self.hand()
        if not hand:
            return
        self.scene.set_focus(self._next(hand, step, mode, playable))
        if mode is Mode.PLAYING and self.scene.raised:  # the preview follows the ring
            self.scene.set_selection([])

    def preview(self) -> None:
        """Space while playing: the card Enter would play stands up (Space again: back)."""
        focus = self.card
        if focus is not None:
            self.scene.set_selection([] if focus in self.scene.raised else [focus])

    def to_suit(self, suit: int, suit_of: Callable[[int], int], mode: Mode) -> bool:
        """A suit's key: the ring to the suit's first card, or its next one if the ring is on
        it already (round the suit); False if the hand holds none of it."""
        cards = [c for c in self.hand() if suit_of(c) == suit]
        if not cards:
            return False
        focus = self.card
        at = cards.index(focus) + 1 if focus in cards else 0
        self.scene.set_focus(cards[at % len(cards)])
        if mode is Mode.PLAYING and self.scene.raised:  # the preview follows the ring
            self.scene.set_selection([])
        return True

    def first_playable(self, playable: Playable) -> None:
        """Enter with no ring yet: the ring shows on the first card that can be played."""
        legal = [c for c in self.hand() if playable(c)]
        self.scene.set_focus(legal[0] if legal else None)

    def _next(self, hand: list[int], step: int, mode: Mode, playable: Playable) -> int:
        """The card the ring moves to: round the hand, only over cards that can be played."""
        focus = self.card
        cards = hand
        if mode is Mode.PLAYING:
            cards = [c for c in hand if playable(c)] or hand
        if focus not in cards:  # from outside (or a dimmed card): the first one that way
            if focus in hand:
                at = hand.index(focus)
                ahead = [c for c in cards if (hand.index(c) - at) * step > 0]
                if ahead:
                    return ahead[0] if step > 0 else ahead[-1]
            return cards[0] if step > 0 else cards[-1]
        return cards[(cards.index(focus) + step) % len(cards)]
