"""Shared test set-up: Qt runs offscreen; hypothesis is deterministic in CI; the longest tests
start first, so that pytest-xdist's workers run them beside the rest rather than after it."""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: Under pytest-xdist (scripts/test.sh) each worker is a process of its own: none writes the
#: example database, which would be a file in the checkout shared between them.
_DATABASE = {"database": None} if os.environ.get("PYTEST_XDIST_WORKER") else {}
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
settings.register_profile("dev", deadline=None, **_DATABASE)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

#: The modules that take longest (under xdist on a busy two-core machine: the .deb's build
#: 200-290 s, the wheel 100-160 s, the soak and the engine's property tests 80-150 s, the
#: others 15-75 s), run first and in this order: started last, the .deb's build would go on
#: alone on one core long after the other had run out of tests. The rest keep their order.
FIRST = (
    "tests/packaging/test_installers.py",
    "tests/test_wheel.py",
    "tests/torture/test_soak.py",
    "tests/test_browsers.py",
    "tests/engine/test_properties.py",
    "tests/engine/test_claim.py",
    "tests/ai/test_search.py",
    "tests/ai/test_teacher.py",
    "tests/gui/test_belmont_window.py",
    "tests/engine/test_belmont_properties.py",
    "tests/gui/test_crash_report.py",
    "tests/torture/test_window_monkey.py",
    "tests/test_cli.py",
    "tests/test_native.py",
    "tests/torture/test_kill_and_resume.py",
    "tests/gui/test_hot_seat.py",
    "tests/ai/test_fairness.py",
    "tests/torture/test_hostile_records.py",
)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest modules first (``FIRST``); xdist hands out tests in this order."""
    rank = {path: place for place, path in enumerate(FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(FIRST)))


@pytest.fixture
def profile_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every user file of the test goes under a fresh folder (never the real home)."""
    from peppa_qt.storage import paths

    base = tmp_path / "profile"
    monkeypatch.setattr(paths, "_override", base)
    return base
