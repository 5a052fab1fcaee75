"""The table's moves: every card to its place at once, or a batch of animations that ends
with exactly one ``animations_finished`` (the game's gate), jumped to its end on demand.

``SceneMotion`` is mixed into ``TableScene``, which owns the state named here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractAnimation, QParallelAnimationGroup, QTimer

from .flights import Flight, Flights
from .layout import Spot

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsScene

    from .card_item import CardItem

    _Base = QGraphicsScene
else:
    _Base = object


class SceneMotion(_Base):
    """Moves the scene's cards where its targets say, in one batch at a time."""

    speed: float
    lit: int | None
    _items: dict[int, CardItem]
    _cosmetic: list[QAbstractAnimation]
    _batch: QParallelAnimationGroup | None
    _done: QTimer

    # What the scene provides.
    def _targets(self) -> dict[int, tuple[Spot, bool]]:
        raise NotImplementedError

    def _refresh_marks(self) -> None:
        raise NotImplementedError

    def place_all(self) -> None:
        """Every card where it belongs, at once."""
        for card, (spot, face_up) in self._targets().items():
            item = self._items[card]
            item.set_face_up(face_up)
            item.place(spot)
        self._refresh_marks()

    def finish_animations(self, *, emit: bool = True) -> None:
        """Jump the running batch to its end (its ``animations_finished`` still comes)."""
        for animation in self._cosmetic:
            animation.stop()
        self._cosmetic = []
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

    def _run(self, animations: list[QAbstractAnimation]) -> None:
        self.finish_animations()
        if not animations:
            self._done.start(0)
            return
        batch = QParallelAnimationGroup(self)
        for animation in animations:
            batch.addAnimation(animation)
        batch.finished.connect(self._on_batch_finished)
        self._batch = batch
        batch.start(QAbstractAnimation.DeletionPolicy.DeleteWhenStopped)

    def _on_batch_finished(self) -> None:
        self._batch = None
        if self.lit is not None:  # the winning card has landed
            self.lit = None
            self._refresh_marks()
        self._done.start(0)

    def _moves(
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
            item = self._items[card]
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
