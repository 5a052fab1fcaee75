"""The table's moves on their own (gui/table/motion.py): handed sprites and where they belong,
a ``Motion`` flies them there and opens the game's gate once a batch, with no table behind it."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSize, Signal
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from peppa_qt.gui.table.card_item import CardItem
from peppa_qt.gui.table.card_pixmaps import CardPixmapCache
from peppa_qt.gui.table.layout import Spot
from peppa_qt.gui.table.motion import Motion

CARDS = range(4)


class Gate(QObject):
    """What the game waits on."""

    finished = Signal()


def moving() -> tuple[Motion, Gate, dict[int, tuple[Spot, bool]], list[str]]:
    """Four cards in a corner, each belonging face up further along (``places``, which a test
    may change); what the motion told, in order."""
    scene = QGraphicsScene()
    cache = CardPixmapCache(max_sizes=2)
    sprites = {card: CardItem(card, cache, QSize(60, 90), 1.0) for card in CARDS}
    for item in sprites.values():
        scene.addItem(item)
    places = {card: (Spot(100 + 40 * card, 200), True) for card in CARDS}
    told: list[str] = []
    gate = Gate()
    gate.finished.connect(lambda: told.append("finished"))
    motion = Motion(
        scene,
        sprites,
        lambda: places,
        placed=lambda: told.append("placed"),
        landed=lambda: told.append("landed"),
        finished=gate.finished,
    )
    return motion, gate, places, told


def elsewhere(places: dict[int, tuple[Spot, bool]]) -> None:
    """Every card belongs somewhere else now."""
    for card, (spot, face_up) in places.items():
        places[card] = (spot._replace(y=spot.y + 150), face_up)


def test_a_batch_lands_every_card_then_opens_the_gate_once(qtbot: QtBot) -> None:
    motion, gate, _places, told = moving()
    assert sorted(motion.misplaced()) == list(CARDS)
    with qtbot.waitSignal(gate.finished, timeout=3000):
        motion.run(motion.moves(60, {card: 10 * card for card in CARDS}))
        assert motion.is_running()
    qtbot.wait(20)  # a second "finished" would come through the event loop
    assert told == ["landed", "finished"]
    assert motion.misplaced() == [] and not motion.is_running()


def test_a_batch_cut_short_still_reports_and_a_cancelled_one_does_not(qtbot: QtBot) -> None:
    motion, _gate, places, told = moving()
    motion.run(motion.moves(10_000))
    motion.finish()  # a resize: every card where it goes, and the game told as ever
    assert motion.misplaced() == [] and "finished" not in told  # never inside the call
    qtbot.waitUntil(lambda: "finished" in told, timeout=3000)
    told.clear()
    elsewhere(places)
    motion.run(motion.moves(10_000))
    motion.cancel()  # a new table: no one waits for the old batch any more
    qtbot.wait(20)
    assert told == ["placed"] and motion.misplaced() == [] and not motion.is_running()


def test_a_trick_held_goes_when_asked_and_the_game_waits_for_its_sweep(qtbot: QtBot) -> None:
    motion, gate, places, told = moving()
    motion.place_all()
    elsewhere(places)
    motion.trick_hold = 10_000
    motion.sweep(list(CARDS))
    qtbot.wait(20)
    assert motion.holds_trick() and sorted(motion.misplaced()) == list(CARDS)  # still there
    with qtbot.waitSignal(gate.finished, timeout=3000):
        assert motion.sweep_now()
        assert not motion.holds_trick() and motion.is_running()
    assert told == ["placed", "landed", "finished"] and motion.misplaced() == []
