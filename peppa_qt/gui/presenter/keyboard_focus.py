"""The keyboard's ring on the viewer's hand: the arrows move it, Space and Enter act on it.

It moves only over the cards that can be played (while playing), stops at the hand's ends
(where a reader is told so), and never touches the game: what a key asks for (choose this
card, play it, pass) goes back to the presenter as an intent. At the player's turn it stands
on a card already: the one it was on, if that can be played, else the first that can.
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
        #: The last card the ring was on (it leaves the hand while others play).
        self._last: int | None = None
        scene.hand_marked.connect(self._seen)

    def _seen(self) -> None:
        if self.scene.focus is not None:
            self._last = self.scene.focus

    @property
    def card(self) -> int | None:
        """The card with the ring, if any."""
        return self.scene.focus

    def hand(self) -> list[int]:
        """The viewer's hand, left to right."""
        return self.scene.hands[self.scene.viewer]

    def move(self, step: int, mode: Mode, playable: Playable) -> bool:
        """Left (−1) or right (+1): the ring to the next card that way; False (and the ring
        stays) at the hand's end."""
        hand = self.hand()
        if not hand:
            return True
        card = self._next(hand, step, mode, playable)
        if card is None:
            return False
        self._set(card, mode)
        return True

    def to_end(self, last: bool, mode: Mode, playable: Playable) -> None:
        """Home or End: the ring to the first or last card (that can be played)."""
        cards = self._cards(self.hand(), mode, playable)
        if cards:
            self._set(cards[-1] if last else cards[0], mode)

    def at_turn(self, playable: Playable) -> None:
        """The player's turn: the ring stays on (or comes back to) the card it was on, if
        that can be played, else goes to the first that can."""
        hand = self.hand()
        legal = [c for c in hand if playable(c)]
        for card in (self.card, self._last):
            if card in legal:
                self.scene.set_focus(card)
                return
        self.scene.set_focus(legal[0] if legal else None)

    def _set(self, card: int, mode: Mode) -> None:
        self.scene.set_focus(card)
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
        self._set(cards[at % len(cards)], mode)
        return True

    def first_playable(self, playable: Playable) -> None:
        """Enter with no ring yet: the ring shows on the first card that can be played."""
        legal = [c for c in self.hand() if playable(c)]
        self.scene.set_focus(legal[0] if legal else None)

    @staticmethod
    def _cards(hand: list[int], mode: Mode, playable: Playable) -> list[int]:
        """The cards the ring goes over: while playing, those that can be played."""
        if mode is Mode.PLAYING:
            return [c for c in hand if playable(c)] or hand
        return hand

    def _next(self, hand: list[int], step: int, mode: Mode, playable: Playable) -> int | None:
        """The card the ring moves to, only over cards that can be played; None at the end
        (no wrapping round: a reader would not know the ring had jumped to the other end)."""
        focus = self.card
        cards = self._cards(hand, mode, playable)
        if focus not in cards:  # from outside (or a dimmed card): the first one that way
            if focus in hand:
                at = hand.index(focus)
                ahead = [c for c in cards if (hand.index(c) - at) * step > 0]
                if ahead:
                    return ahead[0] if step > 0 else ahead[-1]
                return None
            return cards[0] if step > 0 else cards[-1]
        at = cards.index(focus) + step
        return cards[at] if 0 <= at < len(cards) else None
