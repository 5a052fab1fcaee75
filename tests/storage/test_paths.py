"""Every file's place comes from one module, and tests can never reach the real home."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from peppa_qt import cli
from peppa_qt.storage import paths


def test_an_override_puts_every_file_under_one_folder(tmp_path: Path) -> None:
    where = paths.locations(tmp_path)
    for path in (where.settings_file, where.stats_file, where.autosave_file):
        assert tmp_path in path.parents
    assert where.settings_file.name == "settings.json"
    assert where.stats_file.name == "stats.json"
    assert where.autosave_file.parent == where.saves_dir
    assert where.saves_dir.name == "saves"


def test_the_fixture_override_is_used_by_default(profile_dir: Path) -> None:
    assert paths.locations().config_dir.parent == profile_dir


def test_the_real_folders_are_refused_while_tests_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "_override", None)
    with pytest.raises(paths.RealHomeRefusedError):
        paths.locations()


def test_the_real_folders_come_from_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside tests, the platform's own folders for "peppa-qt" (asked, not created)."""
    monkeypatch.setattr(paths, "_override", None)
    monkeypatch.delenv("PYTEST_CURRENT_TEST")
    where = paths.locations()
    assert where.config_dir == Path(platformdirs.user_config_dir("peppa-qt", appauthor=False))
    assert where.data_dir == Path(platformdirs.user_data_dir("peppa-qt", appauthor=False))


def test_set_base_dir_and_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "_override", None)
    paths.set_base_dir(tmp_path)
    assert paths.base_dir() == tmp_path
    assert paths.locations().data_dir == tmp_path / "data"
    paths.set_base_dir(None)
    assert paths.base_dir() is None


def test_the_profile_dir_option_reaches_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, object] = {}

    def fake_run_gui(demo: bool, quit_after: int | None, **options: object) -> int:
        seen.update(options, demo=demo)
        return 0

    monkeypatch.setattr("peppa_qt.app.run_gui", fake_run_gui)
    assert cli.main(["--profile-dir", str(tmp_path), "--demo"]) == 0
    assert seen == {"profile_dir": tmp_path, "demo": True}
