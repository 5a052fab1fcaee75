"""Storage is plain Python: importing it loads no Qt (the GUI hands it plain data)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import sys
import peppa_qt.storage
import peppa_qt.storage.files, peppa_qt.storage.saves, peppa_qt.storage.settings
import peppa_qt.storage.statistics, peppa_qt.storage.profile, peppa_qt.storage.paths
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"))
print(",".join(qt) or "none")
"""


def test_storage_imports_no_qt() -> None:
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{PROBE}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "none"
