"""The card table: where each card is (hands, trick, taken piles), hit-testing and animation.

The scene keeps only *where* cards are, never the rules: the presenter tells it what happened.
It is drawn for one seat, the ``viewer``, at the bottom (``layout.side_of``): the viewer's
hand shows its faces; every other hand is backs. A card the viewer cannot see has no identity
here at all: its sprite carries a hidden id (``card_pixmaps.HIDDEN`` and up), and only when it
is played does one of that hand's hidden sprites, picked by a generator that knows nothing of
the cards, become the card played.

Every call that moves cards runs one batch of animations (a ``Motion``'s, motion.py) and
emits ``animations_finished`` exactly once when the batch is over (at once, through the event
loop, at speed 0). Qt calls the mouse handlers here; a ``Pointer`` holds the card pressed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QTimer, Signal
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from .card_pixmaps import HIDDEN, TWIN, CardPixmapCache, card_of, is_hidden
from .layout import BOTTOM, Spot, TableLayout, place_of
from .layout_oval import table_layout
from .motion import Motion
from .plates import InfoPlate, NotePlate, SeatBadge
from .pointer import Pointer

if TYPE_CHECKING:  # imported when the first cards are made: the empty table paints first
    from PySide6.QtGui import QColor

    from ...engine.cardset import CardSet
    from .card_item import CardItem

#: Milliseconds at normal speed (a trick's hold and sweep: ``motion``).
DEAL_FLIGHT, DEAL_STAGGER = 300, 22
PASS_FLIGHT = 480
PLAY_FLIGHT = 280


class TableScene(QGraphicsScene):
    """Cards, name plates and the information corner on a felt table."""

    card_clicked = Signal(int)  # a card of the viewer's hand clicked or dropped on the table
    touched = Signal()  # any press on the table, a card or the felt: the moment moves on
    pile_clicked = Signal(int)  # seat: a click on the cards a seat has taken
    animations_finished = Signal()
    #: The viewer's hand's marks changed (the keyboard's ring, dimmed, chosen cards).
    hand_marked = Signal()

    def __init__(self, cache: CardPixmapCache, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.cache = cache
        self.layout = TableLayout(1024, 640)
        #: Low vision's large cards (the layout's ``large``).
        self.large_cards = False
        self._ratio = 1.0
        self._items: dict[int, CardItem] = {}
        self.hands: list[list[int]] = [[], [], [], []]
        self.trick: list[tuple[int, int]] = []
        self.taken: list[list[int]] = [[], [], [], []]
        self.deck: list[int] = []
        self.dealer = 0
        self.point_cards: frozenset[int] = frozenset()
        #: The card that took the trick being swept, ringed until it lands (a twin's win).
        self.lit: int | None = None
        #: The seat drawn at the bottom, whose cards show their faces.
        self.viewer = 0
        #: Picks which hidden sprite a card is played from, and where a card given to a hidden
        #: hand goes in it. Seeded once: its choices never depend on which cards they are.
        self.slots = random.Random("peppa-slots")
        self.raised: set[int] = set()
        self.received: set[int] = set()
        #: The viewer's cards a hint suggests, outlined until the player's next action.
        self.hinted: set[int] = set()
        self.playable: CardSet | None = None
        self.focus: int | None = None
        self.interactive = False
        self._motion = Motion(
            self,
            self._items,
            self._targets,
            placed=self._refresh_marks,
            landed=self._on_landed,
            finished=self.animations_finished,
        )
        self._pointer = Pointer(self, self._items, self._targets)
        #: How many sit at the table (a new game may seat another number).
        self.seats = 4
        self.badges = [SeatBadge(seat) for seat in range(self.seats)]
        #: The plates' colours, quiet and on their turn (the felt's: ``TableView.set_felt``).
        self.plate_colours = self.badges[0].colours
        self.info = InfoPlate()
        #: Why a card was refused, said above the hand for a moment (the status line says it too).
        self.note = NotePlate()
        for plate in (*self.badges, self.info, self.note):
            self.addItem(plate)
        self._note_timer = QTimer(self)
        self._note_timer.setSingleShot(True)
        self._note_timer.timeout.connect(self.note.hide)
        self.resize_table(1024, 640, 1.0)

    # ------------------------------------------------------------------ queries

    def item(self, card: int) -> CardItem:
        """The sprite of ``card``."""
        return self._items[card]

    def items_of_hand(self, seat: int) -> list[CardItem]:
        """The sprites of a hand, in display order."""
        return [self._items[c] for c in self.hands[seat]]

    def card_ids(self) -> list[int]:
        """The id of every sprite on the table."""
        return list(self._items)

    def card_items(self) -> list[CardItem]:
        """Every card sprite on the table."""
        return list(self._items.values())

    def side(self, seat: int) -> int:
        """The place ``seat`` is drawn at (0 the bottom, then round; with four, the side)."""
        return place_of(seat, self.viewer, self.seats)

    def is_animating(self) -> bool:
        """Whether a batch of moves is running."""
        return self._motion.is_running()

    def misplaced(self) -> list[int]:
        """Cards that are not where the layout puts them (or show the wrong side)."""
        return self._motion.misplaced()

    def target(self, card: int) -> tuple[Spot, bool]:
        """Where ``card`` belongs now, and whether it shows its face."""
        return self._targets()[card]

    @property
    def speed(self) -> float:
        """The animations' duration factor; 0 turns them off."""
        return self._motion.speed

    @speed.setter
    def speed(self, factor: float) -> None:
        self._motion.speed = factor

    @property
    def trick_hold(self) -> int:
        """How long a full trick stays in the middle before it is swept away (ms)."""
        return self._motion.trick_hold

    @trick_hold.setter
    def trick_hold(self, ms: int) -> None:
        self._motion.trick_hold = ms

    @property
    def trick_pause(self) -> int:
        """How long it stays instead when the player wants a pause (0: none)."""
        return self._motion.trick_pause

    def place_all(self) -> None:
        """Every card where it belongs, at once."""
        self._motion.place_all()

    def finish_animations(self, *, emit: bool = True) -> None:
        """Jump the running batch to its end (``emit``: its ``animations_finished`` comes)."""
        self._motion.finish(emit=emit)

    # ------------------------------------------------------------------ set-up

    def resize_table(self, width: float, height: float, ratio: float) -> None:
        """A new table size: finish any moves, then put everything where the layout says."""
        self.finish_animations()
        self.hide_note()  # it spoke of the moment before, at a place the new layout moves
        self.setSceneRect(0, 0, width, height)
        self.layout = table_layout(self.seats, self.viewer, width, height, large=self.large_cards)
        self._ratio = ratio
        for item in self._items.values():
            item.set_card_size(self.layout.card_size, ratio)
        self._place_badges()
        self.info.set_rect(self.layout.info_rect())
        self.place_all()

    def set_seats(self, seats: int) -> None:
        """A table of ``seats`` (a new game): a plate for each, no cards anywhere."""
        if seats == self.seats:
            return
        self.reset(())
        for badge in self.badges:
            self.removeItem(badge)
        self.seats = seats
        # A hand and a pile a seat now: a game resumed is drawn without a deal's reset, and a
        # viewer past the fourth seat (hot-seat at eight) had no hand to look at.
        self.hands = [[] for _ in range(seats)]
        self.taken = [[] for _ in range(seats)]
        self.badges = [SeatBadge(seat) for seat in range(seats)]
        for badge in self.badges:
            badge.colours, badge.strong = self.plate_colours, self.info.strong
            self.addItem(badge)
        self.viewer = min(self.viewer, seats - 1)
        self.resize_table(self.width(), self.height(), self._ratio)

    def set_plate_colours(self, colours: tuple[QColor, QColor]) -> None:
        """The plates take the felt's colours."""
        self.plate_colours = colours
        for badge in self.badges:
            badge.colours = colours
            badge.update()

    def set_low_vision(self, on: bool) -> None:
        """Low vision: the viewer's cards and the trick large, the plates in high contrast."""
        for badge in self.badges:
            badge.strong = on
            badge.update()
        self.info.strong = on
        self.info.update()
        if on != self.large_cards:
            self.large_cards = on
            if self.width() > 0:  # else the view's first size brings it
                self.resize_table(self.width(), self.height(), self._ratio)

    def set_viewer(self, seat: int) -> None:
        """Draw the table for ``seat`` (the plates move at once; cards on the next move)."""
        self.viewer = seat
        self._place_badges()

    def _place_badges(self) -> None:
        for seat, badge in enumerate(self.badges):
            badge.set_rect(self.layout.badge_rect(self.side(seat)))

    def reset(self, deck: Iterable[int]) -> None:
        """A new game or hand: every card of ``deck`` in the stack, nothing else."""
        from .card_item import CardItem

        self._motion.cancel()
        wanted = set(deck)
        spare = [self._items.pop(card) for card in list(self._items) if card not in wanted]
        for card in sorted(wanted - set(self._items)):
            if spare:  # a sprite of the last hand stands for this card now
                item = spare.pop()
                item.set_face_up(False)  # it starts in the deck: no face drawn for nothing
                item.set_card(card)
            else:
                item = CardItem(card, self.cache, self.layout.card_size, self._ratio)
                self.addItem(item)
            self._items[card] = item
        for item in spare:
            self.removeItem(item)
        self.hands = [[] for _ in range(self.seats)]
        self.trick, self.taken = [], [[] for _ in range(self.seats)]
        self.deck = sorted(wanted)
        self.raised.clear()
        self.received.clear()
        self.playable, self.focus, self.interactive, self.lit = None, None, False, None
        self.place_all()

    def pick_hidden(self, seat: int, count: int) -> list[int]:
        """``count`` of the hidden sprites of ``seat``'s hand, chosen without regard to cards."""
        hidden = [c for c in self.hands[seat] if is_hidden(c)]
        return self.slots.sample(hidden, min(count, len(hidden)))

    def cover(self, seat: int) -> None:
        """``seat``'s cards leave the screen at once: every sprite of its hand becomes hidden."""
        hand = self.hands[seat]
        for index, card in enumerate(hand):
            if not is_hidden(card):
                hidden = max((c for c in self._items if is_hidden(c)), default=HIDDEN - 1) + 1
                item = self._items.pop(card)
                item.set_card(hidden)
                self._items[hidden] = item
                hand[index] = hidden
        self.raised.clear()
        self.received.clear()
        self.playable, self.focus, self.interactive = None, None, False
        self._refresh_marks()
        self._settle([seat])

    def reveal(self, hidden: int, card: int) -> None:
        """The hidden sprite ``hidden`` is ``card`` from now on (it is being played or given)."""
        item = self._items.pop(hidden)
        item.set_card(card)
        self._items[card] = item
        for cards in self.hands:
            if hidden in cards:
                cards[cards.index(hidden)] = card

    def refresh_art(self) -> None:
        """Card colours or backs changed: fetch every picture again."""
        for item in self._items.values():
            item.refresh_art()

    # --------------------------------------------------------------- the moves

    def deal(self, hands: list[list[int]], dealer: int) -> None:
        """Deal these four hands (display order) from the deck in front of the dealer."""
        self.dealer = dealer  # before the reset, which stacks the deck in front of them
        self.reset(c for hand in hands for c in hand)
        delays: dict[int, int] = {}
        order = 0
        for round_ in range(max(len(h) for h in hands)):
            for k in range(self.seats):
                seat = (dealer + 1 + k) % self.seats
                if round_ < len(hands[seat]):
                    delays[hands[seat][round_]] = order * DEAL_STAGGER
                    order += 1
        self.deck = []
        self.hands = [list(h) for h in hands]
        self._motion.run(self._motion.moves(DEAL_FLIGHT, delays, flip_late=True))

    def exchange(self, hands: list[list[int]], received: Iterable[int]) -> None:
        """After passing: the hands in their new display order; ``received`` ringed in gold."""
        self.raised.clear()
        self.hands = [list(h) for h in hands]
        self.received = set(received)
        self._refresh_marks()
        self._motion.run(self._motion.moves(PASS_FLIGHT, hide_early=True))

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card`` into the trick (from one of its hidden sprites if need be).

        ``card`` is the engine's (0..51); with two decks the sprite played is a copy of it
        in the hand (the second first), or a hidden sprite becomes the copy not yet shown.
        """
        self.lit = None  # a trick's winner ringed is swept by now
        copies = [c for c in self.hands[seat] if not is_hidden(c) and card_of(c) == card]
        if copies:
            card = max(copies)
        else:
            card = card if card not in self._items else card + TWIN
            self.reveal(self.pick_hidden(seat, 1)[0], card)
        self.hands[seat].remove(card)
        self.raised.discard(card)
        self.trick.append((seat, card))
        if seat == self.viewer:
            self.received.clear()
            self.focus = None
        self._refresh_marks()
        self._motion.run(self._motion.moves(PLAY_FLIGHT))

    def take_trick(self, winner: int, mark: bool = False) -> None:
        """The trick, held a moment for everyone to see, sweeps to its winner's pile.

        ``mark``: the card that wins is ringed until it lands (two equal cards: the later).
        """
        self.lit = next((c for s, c in self.trick if s == winner), None) if mark else None
        cards = [card for _, card in self.trick]
        self.trick = []
        self.taken[winner].extend(cards)
        self._refresh_marks()
        self._motion.sweep(cards)

    def _on_landed(self) -> None:
        if self.lit is not None:  # the winning card has landed
            self.lit = None
            self._refresh_marks()

    def holds_trick(self) -> bool:
        """Whether a full trick lies still on the table, waiting to be swept."""
        return self._motion.holds_trick()

    def sweep_now(self) -> bool:
        """The player has seen the trick (a click, a key): its cards leave now (False if no
        trick was waiting). The batch goes on with the sweep: the game still waits for it."""
        return self._motion.sweep_now()

    def set_trick_pause(self, ms: int) -> None:
        """A new pause at a trick's end (0: none); a trick held longer than that goes now."""
        self._motion.set_trick_pause(ms)

    def restore(
        self,
        hands: list[list[int]],
        dealer: int,
        trick: list[tuple[int, int]],
        taken: list[list[int]],
        raised: Iterable[int] = (),
    ) -> None:
        """A saved game: every card straight to its place (hands, trick, piles), no dealing."""
        cards = [c for group in (*hands, *taken) for c in group] + [c for _, c in trick]
        self.reset(cards)
        self.dealer = dealer
        self.deck = []
        self.hands = [list(h) for h in hands]
        self.trick = list(trick)
        self.taken = [list(t) for t in taken]
        self.raised = set(raised)
        self.place_all()
        self._motion.run([])

    def rearrange(self, hands: list[list[int]]) -> None:
        """The same cards in each hand in a new order (a setting changed): they slide there.

        Not a batch of its own: nothing in the game happened, so no one waits for
        ``animations_finished``. A running batch jumps to its end and reports, as on a resize.
        """
        assert [sorted(h) for h in hands] == [sorted(h) for h in self.hands]
        moved = [seat for seat in range(self.seats) if hands[seat] != self.hands[seat]]
        if not moved:
            return  # e.g. before the first deal: leave a running batch alone
        self.finish_animations()  # a running batch would carry the cards to their old places
        self.hands = [list(h) for h in hands]
        self._settle(moved)

    def show_still(self) -> None:
        """Nothing moves, but the presenter waits for a batch: finish one at once."""
        self._motion.run([])

    # -------------------------------------------------------- the viewer's hand

    def set_selection(self, raised: Iterable[int]) -> None:
        """Raise the chosen cards of the viewer's hand (a quick, ungated move)."""
        self.raised = set(raised)
        self._settle([self.viewer])
        self.hand_marked.emit()

    def show_note(self, text: str, ms: int = 2600) -> None:
        """Say ``text`` just above the viewer's hand, for ``ms`` (or until the next action)."""
        layout = self.layout
        top = layout.hand_rect(BOTTOM, max(1, len(self.hands[self.viewer]))).top()
        centre = QPointF(layout.center_x, top - layout.card_h * 0.38)
        self.note.show_text(text, centre, layout.width * 0.8)
        self._note_timer.start(ms)

    def hide_note(self) -> None:
        """The moment has passed: the note goes."""
        self._note_timer.stop()
        self.note.hide()

    def set_received(self, cards: Iterable[int]) -> None:
        """Ring ``cards`` of the viewer's hand in gold: the ones just received."""
        self.received = set(cards)
        self._refresh_marks()

    def set_playable(self, playable: CardSet | None, *, interactive: bool) -> None:
        """Dim the viewer's cards outside ``playable`` (None: dim nothing)."""
        self.playable = playable
        self.interactive = interactive
        self._refresh_marks()

    def set_focus(self, card: int | None) -> None:
        """The keyboard's card in the viewer's hand."""
        self.focus = card
        self._refresh_marks()

    def _refresh_marks(self) -> None:
        """Marks on the viewer's hand only: any other card carries none (it would tell)."""
        own = set(self.hands[self.viewer])
        for card, item in self._items.items():
            if card not in own:  # the winning card of a trick may be ringed, the hand's none
                item.set_marks(dimmed=False, highlighted=card == self.lit, focused=False)
                continue
            dimmed = self.playable is not None and card_of(card) not in self.playable
            outlined = card in self.received or card in self.hinted
            item.set_marks(dimmed=dimmed, highlighted=outlined, focused=card == self.focus)
        self.hand_marked.emit()

    def set_hinted(self, cards: Iterable[int]) -> None:
        """Outline the cards a hint suggests (of the viewer's hand); none: no hint shown."""
        self.hinted = set(cards) & set(self.hands[self.viewer])
        self._refresh_marks()

    def _settle(self, seats: Iterable[int]) -> None:
        """Slide the cards of these hands to their places (quick moves outside any batch)."""
        self._motion.settle(card for seat in seats for card in self.hands[seat])

    # ------------------------------------------------------------------ the mouse

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        pos = event.scenePos()
        self.sweep_now()  # a full trick waiting goes at once
        self.touched.emit()
        pile = self._pointer.pile_at(pos, self.taken)
        if pile is not None:
            self.pile_clicked.emit(pile)
        self._pointer.press(pos, self.hands[self.viewer] if self.interactive else ())
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self.playable is not None and not self._motion.is_running():
            self._pointer.drag(event.scenePos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        hand, layout = self.hands[self.viewer], self.layout
        drop_line = layout.hand_rect(BOTTOM, len(hand)).top() - layout.card_h * 0.25
        let_go = self._pointer.release(event.scenePos(), hand, drop_line)
        if let_go is None:
            return
        if let_go.chosen:
            self.card_clicked.emit(let_go.card)
        # Refused, or not dropped on the table: back home. A card taken as the play leaves the
        # table out of play (``set_playable``) and stays where it was dropped until it flies
        # to the trick (the controller tells it a moment later).
        if let_go.dragged and let_go.card in self.hands[self.viewer] and self.interactive:
            self._settle([self.viewer])

    def _targets(self) -> dict[int, tuple[Spot, bool]]:
        layout = self.layout
        out: dict[int, tuple[Spot, bool]] = {}
        for index, card in enumerate(self.deck):
            out[card] = (layout.deck_spot(self.side(self.dealer), index), False)
        for seat, cards in enumerate(self.hands):
            own, side = seat == self.viewer, self.side(seat)
            for card, spot in zip(cards, layout.hand_spots(side, len(cards)), strict=True):
                face_up = own and not is_hidden(card)
                shown = layout.raise_spot(spot) if face_up and card in self.raised else spot
                out[card] = (shown, face_up)
        for order, (seat, card) in enumerate(self.trick):
            out[card] = (layout.trick_spot(self.side(seat), order), True)
        for seat, cards in enumerate(self.taken):
            counts = [0, 0]
            points = sum(card_of(card) in self.point_cards for card in cards)
            for card in cards:
                point = card_of(card) in self.point_cards
                spot = layout.taken_spot(self.side(seat), counts[point], point, points)
                out[card] = (spot, point)
                counts[point] += 1
        return out
