"""The release workflow (.github/workflows/release.yml) cannot run here; it is checked to
build with the documented command and to self-test what it built on every platform."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_release_workflow_builds_with_the_documented_command_and_self_tests() -> None:
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "QT_QPA_PLATFORM: offscreen" in workflow
    body = workflow.split("\njobs:\n", 1)[1]
    jobs = dict(
        re.findall(r"^  ([a-z]+):\n(.*?)(?=^  [a-z]+:\n|\Z)", body, re.DOTALL | re.MULTILINE)
    )
    assert set(jobs) == {"linux", "windows", "macos", "publish"}
    for name in ("linux", "windows", "macos"):
        steps = jobs[name]
        assert "packaging/build.py" in steps, name
        assert "pytest" in steps or "scripts/test.sh" in steps, name
        assert "--self-test" in steps, name  # the installed app's, besides build.py's own
