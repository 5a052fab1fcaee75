"""Storage tests: every file under a temporary profile (helpers in storage_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from peppa_qt.storage import Locations, Profile


@pytest.fixture(autouse=True)
def _isolated_profile(profile_dir: Path) -> Path:
    """Nothing a storage test does can reach the player's real folders."""
    return profile_dir


@pytest.fixture
def profile(profile_dir: Path) -> Profile:
    """A profile under the test's own folder."""
    return Profile(Locations.under(profile_dir))
