"""The cards a human received in the exchange: ringed in gold and told ("You received …
from …") the first time that human's cards are shown after it, once in a hand.

``ReceivedCards`` owns which seats have been shown theirs this hand. It is handed the scene
(the viewer, the rings), the narration, the players' names as shown, who is human (the demo
has no "you"), the hand's sort order, and the sprites of the viewer's hand that show cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...engine import PlayerView, TableState
from ...engine.cardset import listed, minus
from ..panels.summaries import SortKey
from ..table.scene import TableScene
from .narration import Narration


class ReceivedCards:
    """Which seats have been shown the cards they received in this hand's exchange."""

    def __init__(
        self,
        scene: TableScene,
        narration: Narration,
        *,
        names: Callable[[], Sequence[str]],
        is_human: Callable[[int], bool],
        sort_key: SortKey,
        sprites: Callable[[Sequence[int]], list[int]],
    ) -> None:
        """``sprites`` finds the sprites of the viewer's hand that show the cards given."""
        self._scene = scene
        self._narration = narration
        self._names = names
        self._is_human = is_human
        self._sort_key = sort_key
        self._sprites = sprites
        self._shown: set[int] = set()

    def new_hand(self) -> None:
        """Nobody has been shown theirs, nor is to be told them again."""
        self._shown.clear()
        self._narration.forget_received()

    def exchanged(self, table: TableState, view: PlayerView | None, received: list[int]) -> None:
        """The exchange drawn (``received``: the sprites the viewer got, ringed already):
        told to the viewer, or only that cards were passed (covered cards, the demo)."""
        viewer = self._scene.viewer
        if view is not None:
            self._shown.add(viewer)
        if view is not None and self._is_human(viewer):
            giver = table.rules.giver(viewer, table.pass_direction)
            self._narration.received(received, self._names()[giver], self._sort_key)
        else:
            self._narration.cards_passed()

    def redrawn(self, view: PlayerView) -> None:
        """A human's cards shown while playing: the ones they got, the first time only."""
        if view.seat in self._shown or view.received is None:
            return
        self._shown.add(view.seat)
        if view.hand.bit_count() < view.rules.hand_size:
            return  # they have played since (a game resumed): the rings went with their card
        received = self._sprites(listed(minus(view.received, minus(view.received, view.hand))))
        self._scene.set_received(received)
        if received and self._is_human(view.seat):
            self._narration.received(received, self._names()[view.pass_source], self._sort_key)
