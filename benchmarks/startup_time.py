"""Startup time: a bare PySide6 QMainWindow vs Peppa's table, each to its first painted frame.

    python benchmarks/startup_time.py [--runs 11] [--against OTHER_CHECKOUT] [--frozen EXECUTABLE]

Each measurement is a fresh process (interpreter start and imports included), timed from the
spawn to the moment the child reports its first paint; the runs alternate and the medians are
printed (on a busy machine, take more runs). Run it under a real X server (xvfb-run) or with
QT_QPA_PLATFORM=offscreen. ``--against`` times another checkout's table in the same runs (a
``git worktree`` of an earlier commit, say), so that before and after are measured together.

``--frozen`` times a built app (``dist/peppa-qt/peppa-qt``, or the installed ``peppa-qt``)
against this checkout started the same way, ``python -m peppa_qt``: the whole command, with a
fresh profile each time, to the window's first frame on the screen (Qt's own log of the
first flush of a top-level window, which the frozen app prints like any other).
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
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import sys
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            print("painted", flush=True)
            QApplication.instance().exit(0)
        return False

app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QWidget())
window.resize(1280, 800)
watch = Watch()
window.centralWidget().installEventFilter(watch)
window.show()
app.exec()
"""

TABLE = """
import sys
sys.path.insert(0, %(root)r)
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from peppa_qt.app import build_window

DEALT = %(dealt)r

class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and (window.scene.hands[0] or not DEALT):
            print("painted", flush=True)
            QApplication.instance().exit(0)
        return False

app = QApplication(sys.argv[:1])
window = build_window(False, None)
watch = Watch()
window.view.viewport().installEventFilter(watch)
window.show()
window.after_first_paint(window.start_game)  # as peppa_qt.app.run_gui does
app.exec()
"""


def measure(code: str) -> float:
    """Seconds from spawning a Python process running ``code`` to its first paint."""
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    elapsed = time.perf_counter() - started
    child.wait(timeout=30)
    if line.strip() != "painted":
        raise RuntimeError("the child did not paint")
    return elapsed


#: Qt logs each frame it sends to the screen with this, under the category below.
FLUSH_LOG = "Flushing top level"
PAINT_LOG_RULES = "qt.widgets.painting=true"


def first_frame(command: list[str]) -> float:
    """Seconds from spawning ``command`` to the first frame its window sends to the screen
    (Qt's own log of it, which any PySide6 program prints alike)."""
    env = {**os.environ, "QT_LOGGING_RULES": PAINT_LOG_RULES}
    started = time.perf_counter()
    child = subprocess.Popen(
        command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, cwd=ROOT, env=env
    )
    assert child.stderr is not None
    elapsed = None
    for line in child.stderr:
        if FLUSH_LOG in line:
            elapsed = time.perf_counter() - started
            break
    child.kill()
    child.wait(timeout=30)
    if elapsed is None:
        raise RuntimeError(f"{shlex.join(command)} showed no frame")
    return elapsed


def measure_command(command: list[str]) -> float:
    """Seconds from starting ``command`` (the game, with a fresh profile) to its first frame."""
    with tempfile.TemporaryDirectory(prefix="peppa-startup-") as profile:
        return first_frame([*command, "--profile-dir", profile])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--against", type=Path, help="another checkout, timed in the same runs")
    parser.add_argument("--frozen", type=Path, help="a built app, timed against this checkout")
    args = parser.parse_args()
    roots = [ROOT] + ([args.against.resolve()] if args.against else [])
    codes = {"bare QMainWindow": BARE}
    for root in roots:
        # An installed app has its bytecode (pip compiles it at install; PyInstaller bundles
        # .pyc), as the PySide6 modules the bare window uses already do. This environment sets
        # PYTHONDONTWRITEBYTECODE=1: without this step every run would recompile the modules.
        subprocess.run([sys.executable, "-m", "compileall", "-q", "peppa_qt"], cwd=root, check=True)
        label = "" if root == ROOT else f" [{root.name}]"
        codes[f"table (felt, plates){label}"] = TABLE % {"root": str(root), "dealt": False}
        codes[f"table with the cards dealt{label}"] = TABLE % {"root": str(root), "dealt": True}
    timers: dict[str, Callable[[], float]] = {
        name: (lambda code=code: measure(code)) for name, code in codes.items()
    }
    if args.frozen:
        source = [sys.executable, "-m", "peppa_qt"]
        timers["command from source"] = lambda: measure_command(source)
        frozen = [str(args.frozen.resolve())]
        timers["command frozen"] = lambda: measure_command(frozen)
    times: dict[str, list[float]] = {name: [] for name in timers}
    for timer in timers.values():
        timer()  # warm the file cache once
    for _ in range(args.runs):
        for name, timer in timers.items():
            times[name].append(timer())
    bare = statistics.median(times.pop("bare QMainWindow"))
    print(f"bare QMainWindow, first paint:           {bare * 1000:7.1f} ms (median of {args.runs})")
    for name, values in times.items():
        t = statistics.median(values)
        print(f"Peppa {name + ', first paint:':34s}{t * 1000:7.1f} ms, ratio {t / bare:.2f}")


if __name__ == "__main__":
    main()
