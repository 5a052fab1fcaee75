#!/usr/bin/env python3
"""Startup: from the process's start to Peppa's first painted table and to the dealt hand,
next to a bare PySide6 window (a QMainWindow holding a QLabel), interleaved in one run.

    Xvfb :95 -screen 0 1280x800x24 & openbox &   # a real X server and window manager
    DISPLAY=:95 python benchmarks/startup.py [--runs 11]

Every measurement is a fresh process (interpreter, imports, a fresh profile folder), timed
from its spawn:

- bare window and Peppa's table: to the first frame Qt sends to the screen, the line Qt's
  own log prints for it (``qt.widgets.painting``: "Flushing top level"), which both programs
  print alike. Peppa runs as its players start it, ``python -m peppa_qt``.
- Peppa's dealt hand: a small driver starts the window as ``peppa_qt.app.run_gui`` does
  (normal speed, the deal animated) and reports the first painted frame once South's cards
  have arrived (the scene's animations done); nothing in the app is changed for it.

The kinds alternate run by run, so a busy moment slows all alike; medians are printed, and
the ratios to the bare window's median.
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

from startup_time import first_frame  # the same timer (this folder is on the path)

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import sys
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("Peppa"))
window.resize(1280, 800)
window.show()
app.exec()
"""

DEALT = """
import sys
from pathlib import Path
sys.path.insert(0, %(root)r)
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from peppa_qt.app import build_window
from peppa_qt.gui.dialogs.crash_report import CrashReporter

class Watch(QObject):
    def eventFilter(self, obj, event):
        scene = window.scene
        if event.type() == QEvent.Type.Paint and scene.hands[0] and not scene.is_animating():
            print("dealt", flush=True)
            QApplication.instance().exit(0)
        return False

app = QApplication(sys.argv[:1])
app.setApplicationName("peppa-qt")
window = build_window(False, None, profile_dir=Path(sys.argv[1]))
CrashReporter(window.profile.where.log_file, window).install()
watch = Watch()
window.view.viewport().installEventFilter(watch)
window.show()
window.after_first_paint(window.start_or_resume)
app.exec()
"""


def to_line(command: list[str], line: str) -> float:
    """Seconds from spawning ``command`` to its printing ``line``."""
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert child.stdout is not None
    said = child.stdout.readline()
    elapsed = time.perf_counter() - started
    child.kill()
    child.wait(timeout=30)
    if said.strip() != line:
        raise RuntimeError(f"{command[:2]} did not say {line!r}")
    return elapsed


def with_profile(measure: Callable[[str], float]) -> float:
    """``measure`` given a fresh profile folder: a first start, no saved game, no settings."""
    with tempfile.TemporaryDirectory(prefix="peppa-startup-") as profile:
        return measure(profile)


def timers() -> dict[str, Callable[[], float]]:
    """What is timed, by name: the bare window first (the others' ratios are to it)."""
    python = sys.executable
    dealt = DEALT % {"root": str(ROOT)}
    return {
        "bare QMainWindow + QLabel, first frame": lambda: first_frame([python, "-c", BARE]),
        "Peppa, first painted table": lambda: with_profile(
            lambda p: first_frame([python, "-m", "peppa_qt", "--profile-dir", p])
        ),
        "Peppa, dealt hand on screen": lambda: with_profile(
            lambda p: to_line([python, "-c", dealt, p], "dealt")
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    print("command:", shlex.join([sys.executable, *sys.argv]))
    env = os.environ
    print(f"DISPLAY={env.get('DISPLAY', '')} QT_QPA_PLATFORM={env.get('QT_QPA_PLATFORM', '')}")
    # An installed app has its bytecode, as the PySide6 modules the bare window uses do; with
    # PYTHONDONTWRITEBYTECODE every run would compile Peppa's modules again.
    subprocess.run([sys.executable, "-m", "compileall", "-q", "peppa_qt"], cwd=ROOT, check=True)
    measured = timers()
    times: dict[str, list[float]] = {name: [] for name in measured}
    for timer in measured.values():
        timer()  # the file cache warmed once
    for _ in range(args.runs):
        for name, timer in measured.items():
            times[name].append(timer())
    medians = {name: statistics.median(values) for name, values in times.items()}
    bare = next(iter(medians.values()))
    for name, median in medians.items():
        spread = f"{min(times[name]) * 1e3:.0f}–{max(times[name]) * 1e3:.0f}"
        print(
            f"{name:40s} {median * 1e3:7.1f} ms median of {args.runs} "
            f"(range {spread} ms), ratio {median / bare:.2f}"
        )


if __name__ == "__main__":
    main()
