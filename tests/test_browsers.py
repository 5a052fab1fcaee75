"""The tests that drive a real browser (headless Chromium at the join page), run in a network
namespace of their own: a loopback and nothing else, so that nothing the browser might send by
itself leaves the machine (the brief's rule for anything that could). The test files skip
themselves anywhere else; this test runs them there, in a pytest of their own, bounded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from net.browser import IN_NAMESPACE
from net.test_discovery import NAMESPACE, _unshare

ROOT = Path(__file__).resolve().parents[1]
BROWSER_TESTS = ("tests/net/test_page_browser.py", "tests/gui/test_mixed_table.py")


def test_the_browser_tests_pass_in_a_network_namespace_of_their_own() -> None:
    command, why = _unshare()
    if command is None:
        if os.environ.get("PEPPA_FULL_SUITE"):
            pytest.fail(f"the browser tests need a network namespace: {why}")
        pytest.skip(f"the browser tests run in a network namespace only: {why}")
    environment = {**os.environ, IN_NAMESPACE: "1", "QT_QPA_PLATFORM": "offscreen"}
    pytest_command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*command, "sh", "-c", f'{NAMESPACE} && exec "$@"', "sh", *pytest_command, *BROWSER_TESTS],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    summary = done.stdout.strip().splitlines()[-1:] if done.stdout.strip() else []
    assert done.returncode == 0, f"{done.stdout[-4000:]}\n{done.stderr[-2000:]}"
    assert summary and " passed" in summary[0] and "skipped" not in summary[0], summary
