"""The engine and the computer players run headless: importing them loads no Qt."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
import peppa_qt.engine
import peppa_qt.engine.record, peppa_qt.engine.view
import peppa_qt.ai
peppa_qt.ai.available_levels()  # imports every computer level that exists
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"))
print(",".join(qt) or "none")
"""


def test_engine_and_ai_import_no_qt() -> None:
    # -I: a clean interpreter (no PYTHONPATH, no user site), so nothing imported by other tests
    # or by the environment interferes.
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{PROBE}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "none"


def test_the_probe_would_see_qt() -> None:
    """The same probe reports PySide6 when it is imported (so the test above can fail)."""
    probe = PROBE.replace(
        "import peppa_qt.engine\n", "import peppa_qt.engine\nimport PySide6.QtCore\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r})\n{probe}"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if "No module named 'PySide6'" in done.stderr:
        pytest.skip("PySide6 is not installed here")
    assert "PySide6.QtCore" in done.stdout
