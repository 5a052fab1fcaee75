"""The cards on the table as a published moment shows them: dealt, passed, played, swept.

Only the viewer's own cards (and the ones they passed, face down) are known here; every
other card of a hand is a hidden sprite, in the number the public table gives, until it is
played. With two decks a card's two copies are two sprites (``card`` and ``card + TWIN``):
which copy is which does not matter, only that each has a sprite of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...engine import Phase, PlayerView, TableState
from ...engine.cardset import listed, minus, set_of
from ..table.card_pixmaps import HIDDEN, TWIN, card_of, is_hidden
from ..table.scene import TableScene

#: Where a card goes in the viewer's hand (by suit in the chosen order, then rank).
SortKey = Callable[[int], tuple[int, int]]


class TableDrawing:
    """Turns what the controller published into the scene's moves."""

    def __init__(self, scene: TableScene, sort_key: SortKey) -> None:
        self.scene = scene
        self.sort_key = sort_key

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for."""
        return self.scene.viewer

    def deal(self, table: TableState, view: PlayerView | None) -> None:
        """A hand dealt from the deck in front of the dealer."""
        self._show_rules(table)
        self.scene.deal(self.hands_in_view(table, view), table.dealer)

    def redraw(self, table: TableState, view: PlayerView | None) -> list[int]:
        """Every card where the moment puts it; the viewer's chosen pass raised (returned)."""
        self._show_rules(table)
        tricks = table.tricks
        ids = SpriteIds()
        hands = self.hands_in_view(table, view, ids)
        plays = list(tricks[-1].plays) if tricks and not tricks[-1].complete else []
        in_play = [(seat, ids.take(card)) for seat, card in plays]
        taken = [[ids.take(card) for card in cards] for cards in table.taken]
        raised: list[int] = []
        if table.phase is Phase.PASSING and view is not None and view.passed is not None:
            raised = ids.find(hands[view.seat], listed(view.passed))
        self.scene.restore(hands, table.dealer, in_play, taken, raised)
        return raised

    def _show_rules(self, table: TableState) -> None:
        points = table.rules.card_points
        self.scene.point_cards = frozenset(c for c in range(len(points)) if points[c])

    def hands_in_view(
        self, table: TableState, view: PlayerView | None, ids: SpriteIds | None = None
    ) -> list[list[int]]:
        """The viewer's cards sorted; every other hand hidden sprites, in a count the table
        shows, with the cards the viewer passed there (known, face down) among them. Without
        a view (the viewer's cards covered) every hand is hidden sprites."""
        ids = SpriteIds() if ids is None else ids
        seats = table.seats
        hidden = iter(range(HIDDEN, HIDDEN + table.rules.deck_size))
        known = [0] * seats
        if view is not None and view.passed is not None and view.received is not None:
            target = view.pass_target
            played = [c for i, c in enumerate(view.plays) if view.seat_of_play(i) == target]
            known[target] = minus(view.passed, set_of(played))
        hands: list[list[int]] = []
        for seat in range(seats):
            if view is not None and seat == view.seat:
                own = [ids.take(card) for card in listed(view.hand)]
                hands.append(sorted(own, key=self.sort_key))
                continue
            shown = [ids.take(card) for card in listed(known[seat])]
            cards = [next(hidden) for _ in range(table.counts[seat] - len(shown))]
            hands.append(self.merge(seat, cards, shown))
        return hands

    def merge(self, seat: int, kept: list[int], got: list[int]) -> list[int]:
        """``got`` added to a hand: sorted into the viewer's, anywhere in a hidden one."""
        if seat == self.viewer and not any(is_hidden(c) for c in kept + got):
            return sorted(kept + got, key=self.sort_key)
        for card in got:
            kept.insert(self.scene.slots.randrange(len(kept) + 1), card)
        return kept

    def exchange(self, table: TableState, view: PlayerView | None) -> list[int]:
        """The exchange: the pass's cards from every hand to the one it goes to.

        The viewer gives the cards they chose and gets the ones they were passed (returned);
        every other hand gives hidden sprites, picked without regard to cards. With the
        viewer's cards covered, every hand gives hidden sprites.
        """
        scene, viewer = self.scene, self.viewer
        rules, direction = table.rules, table.pass_direction
        source = rules.giver(viewer, direction)
        given = [scene.pick_hidden(seat, rules.pass_size) for seat in range(table.seats)]
        received: list[int] = []
        if view is not None:
            own = scene.hands[viewer]
            given[viewer] = SpriteIds().find(own, listed(view.passed or 0))
            ids = SpriteIds(scene.card_ids())  # the cards given stay sprites (face down)
            received = [ids.take(card) for card in listed(view.received or 0)]
            for hidden, card in zip(given[source], received, strict=True):
                scene.reveal(hidden, card)
            given[source] = list(received)
        hands = []
        for seat in range(table.seats):
            kept = [c for c in scene.hands[seat] if c not in given[seat]]
            hands.append(self.merge(seat, kept, given[rules.giver(seat, direction)]))
        scene.exchange(hands, received)
        return received

    def resort(self) -> None:
        """The viewer's hand in the sort order now chosen (the cards slide there)."""
        scene = self.scene
        hands = [list(cards) for cards in scene.hands]
        if any(is_hidden(card) for card in hands[self.viewer]):
            return  # covered (a hand-over): the cards are sorted when they are shown again
        hands[self.viewer].sort(key=self.sort_key)
        scene.rearrange(hands)


class SpriteIds:
    """Hands out a sprite for each card shown: the card's own id, or its second copy's when
    that is taken already (two decks)."""

    def __init__(self, used: Iterable[int] = ()) -> None:
        self.used = set(used)

    def take(self, card: int) -> int:
        """A sprite for ``card`` (0..51) not handed out yet."""
        sprite = card if card not in self.used else card + TWIN
        self.used.add(sprite)
        return sprite

    def find(self, sprites: Iterable[int], cards: Iterable[int]) -> list[int]:
        """Sprites of ``sprites`` showing ``cards`` (each sprite once)."""
        left = [s for s in sprites if not is_hidden(s)]
        out = []
        for card in cards:
            sprite = next(s for s in left if card_of(s) == card)
            left.remove(sprite)
            out.append(sprite)
        return out
