"""The table's moves: every card to its place at once, or a batch of animations that ends
with exactly one "finished" (the game's gate), jumped to its end on demand.

``Motion`` owns the running batch, the quick cosmetic slides outside it, the trick held in
sight before it is swept, and the gate's timer. It is handed the sprites, where each belongs
(``targets``) and what to tell when cards are placed or a batch is over; it knows nothing of
hands or tricks, only sprites and their places.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractAnimation,
    QObject,
    QParallelAnimationGroup,
    QPauseAnimation,
    QTimer,
    SignalInstance,
)

from .flights import Flight, Flights
from .layout import Spot

if TYPE_CHECKING:
    from .card_item import CardItem

#: A full trick in sight before it is swept, then its flight to the winner's pile (ms, normal
#: speed).
TRICK_HOLD, TRICK_SWEEP = 750, 380
#: A card of a hand sliding to its new place outside any batch (ms, normal speed).
SETTLE_FLIGHT = 120

#: Where every card belongs now, and whether it shows its face.
Targets = Callable[[], dict[int, tuple[Spot, bool]]]


class Motion:
    """Moves the sprites where the targets say, in one batch at a time."""

    def __init__(
        self,
        parent: QObject,
        sprites: Mapping[int, CardItem],
        targets: Targets,
        *,
        placed: Callable[[], None],
        landed: Callable[[], None],
        finished: SignalInstance,
    ) -> None:
        """``parent`` holds the batches and the gate's timer; ``placed`` is called when every
        card was put in place at once, ``landed`` when a batch is over, before ``finished``
        is emitted (through the event loop: never inside the call that moved the cards)."""
        #: Duration factor; 0 turns animations off.
        self.speed = 1.0
        #: How long a full trick stays in the middle before it is swept away (ms).
        self.trick_hold = TRICK_HOLD
        #: How long it stays instead when the player wants a pause at a trick's end (0: no
        #: pause); a click or a key sweeps it at once (``sweep_now``).
        self.trick_pause = 0
        self._parent = parent
        self._sprites = sprites
        self._targets = targets
        self._placed = placed
        self._landed = landed
        self._batch: QParallelAnimationGroup | None = None
        self._cosmetic: list[QAbstractAnimation] = []
        #: The batch that holds a full trick before sweeping it, and for how long (ms).
        self._holding: QParallelAnimationGroup | None = None
        self._held_for = 0
        self._done = QTimer(parent)
        self._done.setSingleShot(True)
        self._done.timeout.connect(finished)

    def is_running(self) -> bool:
        """Whether a batch of moves is running."""
        return self._batch is not None

    def misplaced(self) -> list[int]:
        """Cards that are not where the targets put them (or show the wrong side)."""
        wrong = []
        for card, (spot, face_up) in self._targets().items():
            item = self._sprites[card]
            if not at_spot(item, spot) or item.face_up != face_up:
                wrong.append(card)
        return wrong

    def place_all(self) -> None:
        """Every card where it belongs, at once."""
        sprites = self._sprites
        for card, (spot, face_up) in self._targets().items():
            item = sprites[card]
            item.set_face_up(face_up)
            item.place(spot)
        self._placed()

    def finish(self, *, emit: bool = True) -> None:
        """Jump the running batch to its end (its "finished" still comes, unless not ``emit``)."""
        self._stop_cosmetic()
        batch = self._batch
        if batch is None:
            return
        if not emit:
            batch.finished.disconnect(self._on_batch_finished)
        batch.setCurrentTime(batch.totalDuration())
        if self._batch is batch:  # Qt did not report the end: do it ourselves
            batch.stop()
            self._batch = None
            if emit:
                self._done.start(0)
        self.place_all()

    def cancel(self) -> None:
        """A new table: any batch ends where it would, and no one hears that it did."""
        self.finish(emit=False)
        self._done.stop()

    def run(self, animations: list[QAbstractAnimation]) -> None:
        """One batch of ``animations`` (none: "finished" at once, through the event loop)."""
        self.finish()
        if not animations:
            self._done.start(0)
            return
        batch = QParallelAnimationGroup(self._parent)
        for animation in animations:
            batch.addAnimation(animation)
        batch.finished.connect(self._on_batch_finished)
        self._batch = batch
        batch.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)

    def _on_batch_finished(self) -> None:
        self._batch = None
        self._landed()
        self._done.start(0)

    def moves(
        self,
        flight: int,
        delays: dict[int, int] | None = None,
        *,
        flip_late: bool = False,
        hide_early: bool = False,
    ) -> list[QAbstractAnimation]:
        """Animations taking every card that is not where it belongs to its place.

        A card turns face up as it leaves (a card played) or, with ``flip_late``, as it
        arrives (a card dealt); it turns face down as it arrives, or with ``hide_early`` as
        it leaves (a card passed into a hidden hand shows nothing of where it goes).
        """
        duration = round(flight * self.speed)
        flights: list[Flight] = []
        for card, (spot, face_up) in self._targets().items():
            item = self._sprites[card]
            if at_spot(item, spot) and item.face_up == face_up:
                continue
            if face_up and not flip_late:
                item.set_face_up(True)
            elif not face_up and hide_early:
                item.set_face_up(False)
            arrival = _flip(item, face_up)
            if duration <= 0:
                item.place(spot)
                arrival()
                continue
            flights.append((item, spot, round((delays or {}).get(card, 0) * self.speed), arrival))
        # One animation for them all: one per card cost the deal's first frame (Flights).
        return [Flights(flights, duration)] if flights else []

    def settle(self, cards: Iterable[int]) -> None:
        """Slide ``cards`` to their places (quick moves outside any batch, ungated)."""
        self._stop_cosmetic()
        if self._batch is not None:
            return  # the running batch takes them to their places
        targets = self._targets()
        for card in cards:
            move = self._sprites[card].animate(targets[card][0], round(SETTLE_FLIGHT * self.speed))
            if move is not None:
                self._cosmetic.append(move)
                move.start()

    def _stop_cosmetic(self) -> None:
        for animation in self._cosmetic:
            animation.stop()
        self._cosmetic = []

    # ------------------------------------------------------------------ a trick

    def sweep(self, cards: Iterable[int]) -> None:
        """A full trick (``cards``), held a moment for everyone to see, then swept where the
        targets now put it."""
        if self.speed > 0:
            # The speed's own hold (SPEEDS) as it is: moves() scales every delay by the speed.
            self._held_for = max(self.trick_hold, self.trick_pause)
            hold = round(self._held_for / self.speed)
            self.run(self.moves(TRICK_SWEEP, {c: hold for c in cards}))
            self._holding = self._batch
        elif self.trick_hold > 0:  # no animation, but the trick stays a moment in sight
            pause = QPauseAnimation(self.trick_hold)
            pause.finished.connect(self.place_all)
            self.run([pause])
        else:
            self.place_all()
            self.run([])

    def holds_trick(self) -> bool:
        """Whether a full trick lies still on the table, waiting to be swept."""
        batch = self._holding
        if batch is None or batch is not self._batch:
            return False
        return batch.currentTime() < self._held_for

    def sweep_now(self) -> bool:
        """The trick held goes now (False if none was waiting); the batch goes on with the
        sweep: the game still waits for it."""
        if not self.holds_trick():
            return False
        batch = self._batch
        assert batch is not None
        batch.finished.disconnect(self._on_batch_finished)
        batch.stop()  # the cards are still where they were played: none has left yet
        self._batch = self._holding = None
        self.run(self.moves(TRICK_SWEEP))
        return True

    def set_trick_pause(self, ms: int) -> None:
        """A new pause at a trick's end (0: none); a trick held longer than that goes now."""
        self.trick_pause = ms
        if self.holds_trick() and max(self.trick_hold, ms) < self._held_for:
            self.sweep_now()


#: How near a card must be to its place to be there: half a pixel, a tenth of a degree.
_NEAR_PX, _NEAR_DEGREES, _NEAR_SCALE = 0.5, 0.1, 0.001


def at_spot(item: CardItem, spot: Spot) -> bool:
    """Whether ``item`` lies where ``spot`` puts it (within a hair)."""
    pos = item.pos()
    return (
        abs(pos.x() - spot.x) < _NEAR_PX
        and abs(pos.y() - spot.y) < _NEAR_PX
        and abs(item.rotation() - spot.rotation) < _NEAR_DEGREES
        and abs(item.scale() - spot.scale) < _NEAR_SCALE
    )


def _flip(item: CardItem, face_up: bool) -> Callable[[], None]:
    def arrive() -> None:
        item.set_face_up(face_up)

    return arrive
