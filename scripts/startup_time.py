"""Startup time: a bare PySide6 QMainWindow vs Peppa's table, each to its first painted frame.

    python scripts/startup_time.py [--runs 11]

Each measurement is a fresh process (interpreter start and imports included), timed from the
spawn to the moment the child reports its first paint; the runs alternate and the medians are
printed (on a busy machine, take more runs). Run it under a real X server (xvfb-run) or with
QT_QPA_PLATFORM=offscreen.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    # An installed app has its bytecode (pip compiles it at install; PyInstaller bundles .pyc),
    # as the PySide6 modules the bare window uses already do. This environment sets
    # PYTHONDONTWRITEBYTECODE=1, so without this step every run would recompile the gui modules.
    subprocess.run([sys.executable, "-m", "compileall", "-q", "peppa_qt"], cwd=ROOT, check=True)
    table_code = TABLE % {"root": str(ROOT), "dealt": False}
    dealt_code = TABLE % {"root": str(ROOT), "dealt": True}
    bare, table, dealt = [], [], []
    for code in (BARE, table_code, dealt_code):
        measure(code)  # warm the file cache once
    for _ in range(args.runs):
        bare.append(measure(BARE))
        table.append(measure(table_code))
        dealt.append(measure(dealt_code))
    b = statistics.median(bare)
    runs = f"median of {args.runs}"
    print(f"bare QMainWindow, first paint:           {b * 1000:7.1f} ms ({runs})")
    for name, times in (("table (felt, plates)", table), ("table with the cards dealt", dealt)):
        t = statistics.median(times)
        print(f"Peppa {name + ', first paint:':34s}{t * 1000:7.1f} ms, ratio {t / b:.2f}")


if __name__ == "__main__":
    main()
