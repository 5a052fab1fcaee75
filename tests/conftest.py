"""Shared test set-up: Qt runs offscreen; hypothesis is deterministic in CI."""

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def profile_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every user file of the test goes under a fresh folder (never the real home)."""
    from peppa_qt.storage import paths

    base = tmp_path / "profile"
    monkeypatch.setattr(paths, "_override", base)
    return base
