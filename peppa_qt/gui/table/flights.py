"""One animation that flies a whole batch of cards, each after its own delay.

A card's flight made of Qt animations of its own (a group, a pause, a property animation per
property, a connection for its arrival) cost about 0.1 ms of Python to build: 8–12 ms for the
104 cards of an eight-seat deal, all in the frame the deal starts. ``Flights`` builds nothing
per card: one animation whose time Qt advances, moving every card in flight.

Each card moves as a ``QPropertyAnimation`` with ``OutCubic`` easing would: from where it is
when its delay is over to its spot, its position, rotation and scale eased alike, then it
lands (its height on the table, and whatever is to happen on arrival).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractAnimation, QObject

from .layout import Spot

if TYPE_CHECKING:
    from .card_item import CardItem

#: A card's flight: its sprite, its spot, its delay (ms), what happens as it lands.
Flight = tuple["CardItem", Spot, int, Callable[[], None] | None]


def out_cubic(progress: float) -> float:
    """Qt's ``QEasingCurve.OutCubic``: fast at first, slowing to a stop."""
    progress -= 1.0
    return progress * progress * progress + 1.0


class Flights(QAbstractAnimation):
    """Every card of ``flights`` to its spot, each taking ``duration`` ms after its delay."""

    def __init__(self, flights: list[Flight], duration: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._waiting = sorted(flights, key=lambda flight: flight[2], reverse=True)
        self._flight = duration
        self._total = duration + (self._waiting[0][2] if self._waiting else 0)
        #: Cards on their way: sprite, spot, start (x, y, rotation, scale), departure (ms).
        self._flying: list[tuple[CardItem, Spot, tuple[float, ...], int, Callable[[], None] | None]]
        self._flying = []
        for item, spot, _delay, _arrival in flights:
            item.setZValue(spot.z + 1000)  # fly above the cards already in place

    def duration(self) -> int:
        return self._total

    def updateCurrentTime(self, now: int) -> None:  # noqa: N802
        waiting = self._waiting
        while waiting and waiting[-1][2] <= now:  # these leave now, from where they are
            item, spot, delay, arrival = waiting.pop()
            pos = item.pos()
            start = (pos.x(), pos.y(), item.rotation(), item.scale())
            self._flying.append((item, spot, start, delay, arrival))
        still: list[tuple[CardItem, Spot, tuple[float, ...], int, Callable[[], None] | None]]
        still = []
        for flight in self._flying:
            item, spot, (x, y, rotation, scale), departure, arrival = flight
            progress = (now - departure) / self._flight
            if progress >= 1.0:
                item.place(spot)  # its own height again, as it lands
                if arrival is not None:
                    arrival()
                continue
            still.append(flight)
            eased = out_cubic(progress)
            item.setPos(x + (spot.x - x) * eased, y + (spot.y - y) * eased)
            if rotation != spot.rotation:
                item.setRotation(rotation + (spot.rotation - rotation) * eased)
            if scale != spot.scale:
                item.setScale(scale + (spot.scale - scale) * eased)
        self._flying = still
