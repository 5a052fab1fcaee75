"""The release workflow (.github/workflows/release.yml) cannot run here; it is checked to
build with the documented command and to self-test what it built on every platform, the
Windows installer tried on a real Windows after it is built as it is here."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
from installers import appinfo  # noqa: E402

sys.path.pop(0)


def test_the_release_workflow_builds_with_the_documented_command_and_self_tests() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "QT_QPA_PLATFORM: offscreen" in workflow
    body = workflow.split("\njobs:\n", 1)[1]
    jobs = dict(
        re.findall(r"^  ([a-z-]+):\n(.*?)(?=^  [a-z-]+:\n|\Z)", body, re.DOTALL | re.MULTILINE)
    )
    assert set(jobs) == {"linux", "windows", "windows-check", "macos", "publish"}
    for name in ("linux", "windows", "macos"):
        steps = jobs[name]
        assert "packaging/build.py" in steps, name
        assert "pytest" in steps or "scripts/test.sh" in steps, name
    for name in ("linux", "windows-check", "macos"):
        assert "--self-test" in jobs[name], name  # the installed app's, besides build.py's own
    # Windows: built and tried under Wine as here, then tried on Windows itself.
    assert "packaging/build.py --target windows" in jobs["windows"]
    assert "tests/packaging/test_windows_installer.py" in jobs["windows"]
    assert "image: debian:12" in jobs["windows"]
    assert "xvfb" in jobs["windows"]  # else the test's window steps would skip
    check = jobs["windows-check"]
    assert "needs: [windows]" in check and "windows-latest" in check
    assert "uninstall.exe" in check and appinfo.WINDOWS_APP_GUID in check
    assert "windows-check" in jobs["publish"]
