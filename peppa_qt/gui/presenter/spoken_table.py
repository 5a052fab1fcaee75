"""The table in words for a screen reader: each card of the hand, the trick, the plates, and
the answers to the keys that ask the table (the hand by suit, the trick so far, the scores, the
cards still out, the last trick, the voids seen).

``SpokenTable`` reads the scene and the moment the presenter shows, through the callables it
is handed; it words, and never acts. Only what the viewer may see is read: their own hand, the
cards played, the plates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject

from ...engine import CardSet, TableState
from ...engine.cards import SUIT_NAMES, SUIT_SIZE
from .. import texts
from ..table.accessible import Spoken
from ..table.card_pixmaps import card_of, is_hidden
from ..table.scene import TableScene
from .modes import Mode

#: Suits in the order the hand is read (the notation's: clubs, diamonds, hearts, spades).
SUITS = range(len(SUIT_NAMES))


def rank_name(card: int) -> str:
    """The card's rank alone: '7', 'Queen' (its name's first word, in either language)."""
    return texts.card_name(card).split(" ")[0]


def shown_voids(table: TableState, viewer: int) -> dict[int, set[int]]:
    """The suits each seat but ``viewer`` has shown it lacks, by playing another to a lead
    of that suit, in this hand's tricks so far."""
    voids: dict[int, set[int]] = {}
    for trick in table.tricks:
        plays = trick.plays
        if not plays:
            continue
        led = int(plays[0][1]) // SUIT_SIZE
        for seat, card in plays[1:]:
            if int(card) // SUIT_SIZE != led and seat != viewer:
                voids.setdefault(seat, set()).add(led)
    return voids


class SpokenTable(QObject):
    """The words a screen reader reads on the table (``Speech``), and the table asked aloud."""

    def __init__(
        self,
        scene: TableScene,
        *,
        mode: Callable[[], Mode],
        playable: Callable[[int], bool],
        names: Callable[[], list[str]],
        table: Callable[[], TableState | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._scene = scene
        self._mode = mode
        self._playable = playable
        self._names = names
        self._table = table

    # ------------------------------------------------------ the objects (Speech)

    def _own(self) -> list[int]:
        return [s for s in self._scene.hands[self._scene.viewer] if not is_hidden(s)]

    def table_title(self) -> str:
        """The table's own name."""
        return self.tr("Card table")

    def hand_title(self) -> str:
        """'Your hand, 13 cards'."""
        return self.tr("Your hand, %n card(s)", "", len(self._own()))

    def hand(self) -> list[Spoken]:
        """Each card of the viewer's hand, left to right, with what may be done with it."""
        scene, mode = self._scene, self._mode()
        return [
            Spoken(
                self._card_words(sprite, mode),
                sprite == scene.focus,
                sprite in scene.raised,
                sprite,
            )
            for sprite in self._own()
        ]

    def _card_words(self, sprite: int, mode: Mode) -> str:
        name = texts.card_name(card_of(sprite))
        if mode is Mode.PASSING and sprite in self._scene.raised:
            return self.tr("{card}, chosen to pass").format(card=name)
        if mode is Mode.PLAYING and self._playable(sprite):
            return self.tr("{card}, playable").format(card=name)
        if mode is Mode.PLAYING:
            return self.tr("{card}, not playable").format(card=name)
        return name

    def trick_title(self) -> str:
        """The list of the cards in play."""
        return self.tr("Cards on the table")

    def trick(self) -> list[Spoken]:
        """'North: Queen of spades', in the order they were played."""
        names = self._names()
        return [
            Spoken(self._played(names[seat], card_of(card)))
            for seat, card in self._scene.trick
            if seat < len(names)
        ]

    def _played(self, name: str, card: int) -> str:
        return self.tr("{name}: {card}").format(name=name, card=texts.card_name(card))

    def plates(self) -> list[Spoken]:
        """Each seat: name, cards left, points taken this hand, total, whether it is to play."""
        table, names = self._table(), self._names()
        plates = []
        for seat, badge in enumerate(self._scene.badges):
            left = len(self._scene.hands[seat]) if seat < len(self._scene.hands) else 0
            total = table.totals[seat] if table is not None and seat < len(table.totals) else 0
            words = self.tr("{name}: %n card(s) left, {taken}, total {total}", "", left).format(
                name=names[seat] if seat < len(names) else badge.state.name,
                taken=self._taken(seat, table),
                total=total,
            )
            if badge.state.active:
                words = self.tr("{plate}, to play").format(plate=words)
            plates.append(Spoken(words))
        return plates

    def _taken(self, seat: int, table: TableState | None) -> str:
        points = 0
        if table is not None and seat < len(table.taken):
            points = sum(table.rules.card_points[int(c)] for c in table.taken[seat])
        return self.tr("%n point(s) taken", "", points)

    def hand_end(self, last: bool, playing: bool) -> str:
        """An arrow at the ring's last (or first) card: the ring stays, and says so."""
        if playing:
            return (
                self.tr("Last card you can play.") if last else self.tr("First card you can play.")
            )
        return self.tr("Last card.") if last else self.tr("First card.")

    # ------------------------------------------------------- the table, asked

    def hand_by_suit(self) -> str:
        """'Clubs: 2, 7, King. Diamonds: none. …' (the viewer's hand)."""
        return self._by_suit([card_of(s) for s in self._own()])

    def _by_suit(self, cards: Sequence[int]) -> str:
        parts = []
        for suit in SUITS:
            ranks = sorted({c for c in cards if c // SUIT_SIZE == suit})
            said = ", ".join(rank_name(c) for c in ranks) if ranks else self.tr("none")
            suit_name = texts.suit_name(suit).capitalize()
            parts.append(self.tr("{suit}: {cards}.").format(suit=suit_name, cards=said))
        return " ".join(parts)

    def trick_so_far(self) -> str:
        """'North: Queen of spades; East: 2 of spades.' or 'No cards on the table.'"""
        played = [spoken.name for spoken in self.trick()]
        if not played:
            return self.tr("No cards on the table.")
        return self.tr("On the table: {cards}.").format(cards="; ".join(played))

    def scores(self) -> str:
        """'You 12, North 0, …' the totals, with this hand's points taken."""
        table, names = self._table(), self._names()
        if table is None:
            return self.tr("No game yet.")
        parts = [
            self.tr("{name} {total} ({taken})").format(
                name=name, total=table.totals[seat], taken=self._taken(seat, table)
            )
            for seat, name in enumerate(names)
            if seat < len(table.totals)
        ]
        return self.tr("Scores: {scores}.").format(scores=", ".join(parts))

    def cards_out(self) -> str:
        """The cards of each suit not in the viewer's hand and not played yet."""
        table = self._table()
        if table is None:
            return self.tr("No game yet.")
        out = CardSet(table.rules.deck_mask) - CardSet.of(card_of(s) for s in self._own())
        out = out - CardSet.of(table.plays)
        return self.tr("Still out: {cards}").format(cards=self._by_suit([int(c) for c in out]))

    def voids_seen(self) -> str:
        """Which of the others have shown they hold no card of a suit (by not following it)."""
        table, names = self._table(), self._names()
        if table is None:
            return self.tr("No game yet.")
        voids = shown_voids(table, self._scene.viewer)
        parts = [
            self.tr("{name}: no {suits}").format(
                name=names[seat], suits=", ".join(texts.suit_name(s) for s in sorted(suits))
            )
            for seat, suits in sorted(voids.items())
            if seat < len(names)
        ]
        if not parts:
            return self.tr("Nobody has shown a void yet.")
        return self.tr("Voids seen: {voids}.").format(voids="; ".join(parts))

    def last_trick(self) -> str:
        """Who played what in the last trick taken, and who took it."""
        table, names = self._table(), self._names()
        tricks = [t for t in table.tricks if t.complete] if table is not None else []
        if not tricks:
            return self.tr("No trick has been taken yet in this hand.")
        trick = tricks[-1]
        played = "; ".join(self._played(names[seat], card) for seat, card in trick.plays)
        winner = trick.winner
        return self.tr("Last trick: {cards}. {name} took it.").format(
            cards=played, name=names[winner] if winner is not None else ""
        )
