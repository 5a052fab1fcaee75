#!/usr/bin/env python3
"""Frames: how smoothly the table animates, and the CPU it takes, next to cards drawn by C++.

    Xvfb :95 -screen 0 1280x800x24 & openbox &   # a real X server and window manager
    DISPLAY=:95 python benchmarks/frames.py [--hands 1] [--deals 5] [--seats 4|6|8]

Run twice in one process, quiet and then with a second process keeping the other core busy
(``python -c 'while True: pass'``):

1. The demo in the real window at normal speed for ``--hands`` hands: the intervals between
   the frames painted while an animation runs (median, p95, max), per kind of animation
   (the deal, the exchange of the passed cards, a card played, a trick taken); and the CPU
   of the main thread while nothing moves between moves (the computers' thinking, in their
   own thread, not counted), as a share of that time.
2. ``--deals`` deals, each drawn twice in turn: by Peppa's own table (``TableScene`` and
   ``TableView``, the cards as the game draws them) and by a reference drawn all in C++ —
   the same card pictures in ``QGraphicsPixmapItem`` items of a plain ``QGraphicsScene``,
   moved by the same animations (52 cards, the same flight, stagger and easing, from the same
   deck to the same places). For each: the frames, and the process's CPU time per deal
   (``time.process_time``, the X server's own work not included); then the ratio. The first
   deal of each, just after its window shows, is left out.

``--seats 6`` or ``8`` plays the demo at a Belmont table of computers (78 or 104 cards dealt)
and skips the comparison, whose reference deals a four-seat table.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QEventLoop,
    QObject,
    QParallelAnimationGroup,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    Qt,
    QTimer,
)
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsView,
    QGraphicsWidget,
)

from peppa_qt.app import build_window
from peppa_qt.controller import GameSetup, SeatSetup
from peppa_qt.engine import RuleSet
from peppa_qt.gui.table.card_pixmaps import CardPixmapCache
from peppa_qt.gui.table.layout import Spot
from peppa_qt.gui.table.scene import DEAL_FLIGHT, DEAL_STAGGER, TableScene
from peppa_qt.gui.table.view import TableView

#: Smaller than the 1280×800 screen with the window manager's frame: a window that does not
#: fit is resized just after it shows (WindowPlace.fit_to_screen), cutting the first deal short.
SIZE = (1200, 720)
KINDS = ("deal", "exchange", "play", "take_trick")


class FrameClock(QObject):
    """Notes the moment of every paint of the widgets it watches, and what was animating."""

    def __init__(self) -> None:
        super().__init__()
        self.kind: str | None = None  # the animation running, None between them
        self.batch = 0  # a new number per animation: intervals never span two
        self.frames: list[tuple[str, int, float]] = []

    def start(self, kind: str) -> None:
        self.kind, self.batch = kind, self.batch + 1

    def stop(self) -> None:
        self.kind = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and self.kind is not None:
            self.frames.append((self.kind, self.batch, time.perf_counter()))
        return False

    def intervals(self) -> dict[str, list[float]]:
        """Milliseconds between the frames of the same animation, per kind.

        The first interval of each animation is left out: it may span a wait on purpose (a
        full trick lies still in the middle for a second before it is swept away).
        """
        found: dict[str, list[float]] = {}
        previous: tuple[str, int, float] | None = None
        first = True
        for frame in self.frames:
            if previous is not None and previous[:2] == frame[:2]:
                if not first:
                    found.setdefault(frame[0], []).append((frame[2] - previous[2]) * 1e3)
                first = False
            else:
                first = True
            previous = frame
        return found


def wait_until(done: Callable[[], bool], seconds: float = 120.0) -> None:
    """Run the event loop until ``done()`` (looked at every 10 ms: no busy loop to count)."""
    deadline = time.monotonic() + seconds
    loop = QEventLoop()
    timer = QTimer()
    timer.timeout.connect(lambda: loop.quit() if done() or time.monotonic() > deadline else None)
    timer.start(10)
    if not done():
        loop.exec()
    timer.stop()
    if not done():
        raise TimeoutError("the table did not get there in time")


def stats(values: list[float]) -> str:
    """Median, p95 and max of ``values`` (ms), and how many."""
    if not values:
        return "no frames"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"median {statistics.median(ordered):5.1f}  p95 {p95:5.1f}  max {ordered[-1]:5.1f} ms"
        f"  ({len(ordered)} intervals)"
    )


# ------------------------------------------------------------------------- the demo


def belmont_demo(seats: int) -> GameSetup:
    """Computers only at a Belmont table of ``seats`` (six or eight): 78 or 104 cards dealt."""
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo")
    rules = RuleSet.preset("belmont", seats=seats)
    return GameSetup(rules, tuple(SeatSetup(names[s], "normal") for s in range(seats)), seed=95)


def demo(hands: int, seats: int = 4) -> tuple[dict[str, list[float]], float]:
    """The demo's frame intervals per kind and the main thread's CPU share between moves
    (four seats: the demo's own game; six or eight: Belmont)."""
    clock = FrameClock()
    with tempfile.TemporaryDirectory(prefix="peppa-frames-") as profile:
        window = build_window(True, None, speed="normal", profile_dir=Path(profile))
        window.resize(*SIZE)
        window.view.viewport().installEventFilter(clock)
        scene = window.scene
        idle = IdleMeter()
        for kind in KINDS:
            setattr(scene, kind, _noted(getattr(scene, kind), kind, clock, idle))
        scene.animations_finished.connect(clock.stop)
        scene.animations_finished.connect(idle.resume)
        played = [0]
        window.session.hand_completed.connect(lambda i: played.__setitem__(0, played[0] + 1))
        window.show()
        window.start_game(None if seats == 4 else belmont_demo(seats))
        wait_until(lambda: played[0] >= hands, 600)
        window.close()
    return clock.intervals(), idle.share()


class IdleMeter:
    """The main thread's CPU over the time no animation runs."""

    def __init__(self) -> None:
        self.cpu = self.wall = 0.0
        self._since: tuple[float, float] | None = None

    def resume(self) -> None:
        self._since = (time.thread_time(), time.perf_counter())

    def pause(self) -> None:
        if self._since is not None:
            self.cpu += time.thread_time() - self._since[0]
            self.wall += time.perf_counter() - self._since[1]
        self._since = None

    def share(self) -> float:
        return self.cpu / self.wall if self.wall else float("nan")


def _noted(
    method: Callable[..., None], kind: str, clock: FrameClock, idle: IdleMeter
) -> Callable[..., None]:
    """``method`` of the scene, noting that an animation of ``kind`` starts."""

    def noted(*args: object) -> None:
        idle.pause()
        if kind == "take_trick":  # the trick lies still a moment first: no frames to time
            clock.stop()
            scene = method.__self__  # type: ignore[attr-defined]
            still = max(scene.trick_hold, scene.trick_pause)  # the pause, if it is on
            hold = round(still / max(scene.speed, 0.01))
            QTimer.singleShot(hold, lambda: clock.start(kind) if scene.is_animating() else None)
        else:
            clock.start(kind)
        method(*args)

    return noted


# ------------------------------------------------------------------- deals compared


class Reference:
    """52 cards drawn by C++ items: a QGraphicsWidget (pos, rotation, scale animatable, no
    Python in it) carrying a QGraphicsPixmapItem with the card's picture."""

    def __init__(self) -> None:
        self.scene = QGraphicsScene()
        self.view = QGraphicsView(self.scene)
        self.view.setRenderHints(
            QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.view.setBackgroundBrush(QBrush(QColor("#1f6b45")))
        self.view.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.resize(*SIZE)
        self.cards: list[QGraphicsWidget] = []
        self.group: QParallelAnimationGroup | None = None

    def deal(self, flights: list[tuple[Spot, Spot, object]]) -> None:
        """Fly each card from its first spot to its second (its picture the third)."""
        if not self.cards:
            for _start, _end, picture in flights:
                card = QGraphicsWidget()
                card.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
                image = QGraphicsPixmapItem(picture, card)  # type: ignore[call-overload]
                image.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
                size = image.boundingRect().size()
                image.setOffset(-size.width() / 2, -size.height() / 2)
                self.scene.addItem(card)
                self.cards.append(card)
            self.scene.setSceneRect(0, 0, *SIZE)
        self.group = QParallelAnimationGroup()
        for order, (card, (start, end, _picture)) in enumerate(
            zip(self.cards, flights, strict=True)
        ):
            card.setPos(start.x, start.y)
            card.setRotation(start.rotation)
            card.setScale(start.scale)
            card.setZValue(end.z + 1000)
            moves = QParallelAnimationGroup()
            for name, value in (
                (b"pos", QPointF(end.x, end.y)),
                (b"rotation", end.rotation),
                (b"scale", end.scale),
            ):
                move = QPropertyAnimation(card, name)
                move.setEndValue(value)
                move.setDuration(DEAL_FLIGHT)
                move.setEasingCurve(QEasingCurve.Type.OutCubic)
                moves.addAnimation(move)
            sequence = QSequentialAnimationGroup()
            sequence.addAnimation(QPauseAnimation(order * DEAL_STAGGER))
            sequence.addAnimation(moves)
            self.group.addAnimation(sequence)
        self.group.start()

    def running(self) -> bool:
        return self.group is not None and self.group.state() is QAbstractAnimation.State.Running


def peppa_table() -> tuple[TableScene, TableView]:
    """Peppa's own table (scene and view), as the window has it, with no game."""
    scene = TableScene(CardPixmapCache(max_sizes=4))
    view = TableView(scene)
    view.resize(*SIZE)
    view.show()
    return scene, view


def a_deal() -> tuple[list[list[int]], int]:
    """A shuffled deal (display order within each hand does not matter here)."""
    import random

    cards = list(range(52))
    random.Random(95).shuffle(cards)
    return [sorted(cards[s * 13 : s * 13 + 13]) for s in range(4)], 1


def compare_deals(deals: int) -> dict[str, tuple[list[float], list[float]]]:
    """Per drawer: frame intervals and CPU seconds per deal, the two drawers in turn."""
    scene, view = peppa_table()
    wait_until(view.isVisible, 10)
    reference = Reference()
    reference.view.show()
    hands, dealer = a_deal()
    clocks = {"Peppa": FrameClock(), "C++ reference": FrameClock()}
    view.viewport().installEventFilter(clocks["Peppa"])
    reference.view.viewport().installEventFilter(clocks["C++ reference"])
    cpu: dict[str, list[float]] = {name: [] for name in clocks}
    flights: list[tuple[Spot, Spot, object]] = []
    for _ in range(deals + 1):  # the first of each (windows just shown) left out below
        with measured(cpu["Peppa"], clocks["Peppa"]):
            scene.deal(hands, dealer)
            if not flights:
                starts = {c: _spot_of(scene.item(c)) for h in hands for c in h}
            wait_until(lambda: not scene.is_animating())
        if not flights:
            order = _deal_order(hands, dealer)
            flights = [(starts[c], scene.target(c)[0], _picture_of(scene.item(c))) for c in order]
        with measured(cpu["C++ reference"], clocks["C++ reference"]):
            reference.deal(flights)
            wait_until(lambda: not reference.running())
    view.close()
    reference.view.close()
    for clock in clocks.values():
        first = clock.frames[0][1] if clock.frames else 0
        clock.frames = [f for f in clock.frames if f[1] != first]
    return {name: (clocks[name].intervals().get("deal", []), cpu[name][1:]) for name in clocks}


@contextmanager
def measured(cpu: list[float], clock: FrameClock) -> Iterator[None]:
    """The process's CPU time across the block; its frames noted as a deal's."""
    QApplication.processEvents()
    clock.start("deal")
    before = time.process_time()
    yield
    cpu.append(time.process_time() - before)
    clock.stop()


def _picture_of(item: QGraphicsItem) -> object:
    """The picture a card shows (with its shadow; an older card item had only the face)."""
    child = getattr(item, "_picture", None)
    return child.pixmap() if child is not None else getattr(item, "_pixmap")  # noqa: B009


def _spot_of(item: QGraphicsItem) -> Spot:
    return Spot(item.x(), item.y(), item.rotation(), item.zValue(), item.scale())


def _deal_order(hands: list[list[int]], dealer: int) -> list[int]:
    order = []
    for round_ in range(13):
        for k in range(4):
            order.append(hands[(dealer + 1 + k) % 4][round_])
    return order


# ---------------------------------------------------------------------------- report


@contextmanager
def load(busy: bool) -> Iterator[None]:
    """With ``busy``, a second process keeps a core busy for the block."""
    child = subprocess.Popen([sys.executable, "-c", "while True: pass"]) if busy else None
    try:
        yield
    finally:
        if child is not None:
            child.kill()
            child.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1, help="demo hands per condition")
    parser.add_argument("--deals", type=int, default=5, help="deals per drawer and condition")
    parser.add_argument(
        "--seats", type=int, choices=(4, 6, 8), default=4, help="the demo's table (6, 8: Belmont)"
    )
    args = parser.parse_args()
    print("command:", shlex.join([sys.executable, *sys.argv]))
    print(f"DISPLAY={os.environ.get('DISPLAY', '')}, {os.cpu_count()} cores")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    for busy in (False, True):
        with load(busy):
            time.sleep(0.3)
            title = "other core busy" if busy else "quiet"
            print(f"\n== {title}, load average {os.getloadavg()[0]:.2f}")
            intervals, idle = demo(args.hands, args.seats)
            for kind in KINDS:
                print(f"demo {kind:12s} frames: {stats(intervals.get(kind, []))}")
            print(f"demo between moves: main thread CPU {idle * 100:.1f}% of the time")
            if args.seats != 4:  # the C++ reference deals a four-seat table
                continue
            compared = compare_deals(args.deals)
            medians = {}
            for name, (frames, cpu) in compared.items():
                medians[name] = statistics.median(cpu)
                print(f"deal, {name:14s} frames: {stats(frames)}")
                print(f"deal, {name:14s} CPU per deal: median {medians[name] * 1e3:6.1f} ms")
            ratio = medians["Peppa"] / medians["C++ reference"]
            print(f"deal CPU, Peppa / C++ reference: {ratio:.2f}")


if __name__ == "__main__":
    main()
