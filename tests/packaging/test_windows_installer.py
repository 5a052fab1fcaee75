"""The Windows installer, built on this Linux machine and tried under Wine as a player would:
``python packaging/build.py --target windows`` builds it (PyInstaller and the bundle's
self-test under Wine, then NSIS); it is installed silently into a fresh Wine prefix; the
installed game passes its ``--self-test`` and plays a hand of the demo, writing its settings,
statistics and autosave under ``%LOCALAPPDATA%``; the Start-menu and desktop shortcuts and
the "Apps & features" entry are there; the uninstaller then leaves nothing of the program and
keeps the player's files (docs/decisions.md).

It needs root, Wine (64-bit), NSIS and mingw-w64 (``python packaging/build.py --target
windows --check`` installs them as root), and takes about four minutes, so it runs only when
asked: ``PEPPA_TEST_WINDOWS=1 pytest tests/packaging/test_windows_installer.py``. CI does not
install Wine and does not ask (marked ``packaging`` too: ``-m "not packaging"`` leaves it out).
"""

from __future__ import annotations

import getpass
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
from installers import appinfo, winpython  # noqa: E402

sys.path.pop(0)

MB = 1_000_000
SETUP_LIMIT = 40 * MB
INSTALLED_LIMIT = 130 * MB
UNINSTALL_KEY = (
    f"Software\\\\Microsoft\\\\Windows\\\\CurrentVersion\\\\Uninstall\\\\{appinfo.WINDOWS_APP_GUID}"
)


def _why_not_here() -> str | None:
    """Why the Windows installer is not built and tried here (None: it is)."""
    if os.environ.get("PEPPA_TEST_WINDOWS") != "1":
        return "asked for only: PEPPA_TEST_WINDOWS=1 (builds under Wine, ~4 minutes)"
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return "built under Wine on Linux, as root"
    for tool in ("wine", "wineserver", "makensis", winpython.MINGW_GCC):
        if shutil.which(tool) is None:
            return f"no {tool} (python packaging/build.py --target windows --check installs it)"
    return None


WHY_NOT_HERE = _why_not_here()
pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(WHY_NOT_HERE is not None, reason=WHY_NOT_HERE or ""),
]


@dataclass(frozen=True)
class Player:
    """A Windows user's machine: a Wine prefix, and its user's folders."""

    prefix: Path

    @property
    def user(self) -> Path:
        return self.prefix / "drive_c" / "users" / getpass.getuser()

    @property
    def local(self) -> Path:
        """%LOCALAPPDATA%"""
        return self.user / "AppData" / "Local"

    @property
    def program(self) -> Path:
        return self.local / "Programs" / "Peppa"

    @property
    def start_menu(self) -> Path:
        return self.user / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu"

    def environment(self, display: str | None = None) -> dict[str, str]:
        """A player's Wine: without this test's variables (the game refuses the real
        profile folders while pytest runs)."""
        env = winpython.wine_environment(self.prefix, **({"DISPLAY": display} if display else {}))
        return {k: v for k, v in env.items() if not k.startswith("PYTEST")}

    def run(
        self,
        program: Path | str,
        *args: str,
        timeout: float = 600,
        display: str | None = None,
        stop: bool = True,
    ) -> tuple[int, str]:
        """A Windows program run in this prefix (a Linux path, or a Windows program's name);
        then, unless ``stop`` is False, every program of the prefix ended (Wine writes its
        registry out then)."""
        if isinstance(program, Path):
            program = winpython.WindowsPython(program, self.prefix).path(program)
        done = subprocess.run(
            [*winpython.wine_command(self.prefix), program, *args],
            env=self.environment(display),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=timeout,
            check=False,
        )
        if stop:
            winpython.stop_wine(self.prefix)
        return done.returncode, done.stdout.decode("utf-8", "replace")

    def registry(self) -> str:
        """The user's registry (HKCU), as Wine keeps it."""
        return (self.prefix / "user.reg").read_text(encoding="utf-8", errors="replace")

    def files(self) -> set[Path]:
        """Every file and folder of the user's profile, links not followed."""
        return {p.relative_to(self.user) for p in self.user.rglob("*")}


@dataclass(frozen=True)
class Built:
    dist: Path
    log: str

    @property
    def setup(self) -> Path:
        return self.dist / f"PeppaSetup-{appinfo.version()}.exe"


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    """This module's own folder: pytest's numbered ones are removed by any other pytest run
    of the same user after three more, which a run of minutes may see happen."""
    where = Path(tempfile.mkdtemp(prefix="peppa-windows-test-"))
    yield where
    shutil.rmtree(where, ignore_errors=True)


@pytest.fixture(scope="module")
def built(folder: Path) -> Built:
    """The Windows installer, built with the documented command (Wine prefix and all)."""
    where = folder / "build"
    command = [sys.executable, "packaging/build.py", "--target", "windows"]
    done = subprocess.run(
        [*command, "--dist", str(where / "dist"), "--work", str(where / "work")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    log = done.stdout + done.stderr
    assert done.returncode == 0, log
    return Built(where / "dist", log)


@pytest.fixture(scope="module")
def player(folder: Path) -> Iterator[Player]:
    """A fresh Wine prefix, its processes ended afterwards."""
    prefix = winpython.prepare_prefix(folder / "player" / "wineprefix")
    yield Player(prefix)
    winpython.stop_wine(prefix)


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """An X display of its own (Xvfb, the first free of :80 to :89): the game's window needs
    one under Wine, where no display means no window at all."""
    if shutil.which("Xvfb") is None:
        pytest.skip("no Xvfb (apt-get install xvfb)")
    free = [n for n in range(80, 90) if not Path(f"/tmp/.X{n}-lock").exists()]
    if not free:
        pytest.skip("no free X display among :80 to :89")
    name = f":{free[0]}"
    server = subprocess.Popen(
        ["Xvfb", name, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        socket = Path(f"/tmp/.X11-unix/X{free[0]}")
        for _ in range(100):
            if socket.exists() or server.poll() is not None:
                break
            time.sleep(0.1)
        assert socket.exists(), f"Xvfb {name} did not start"
        yield name
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_build_tests_its_bundle_and_meets_the_size_aim(built: Built) -> None:
    assert "self-test passed" in built.log
    assert "pure Python (the Windows build under Wine)" in built.log
    assert built.setup.stat().st_size <= SETUP_LIMIT
    assert re.search(rf"{re.escape(str(built.setup))}  \d+\.\d MB", built.log), built.log
    bundle = built.dist / "windows" / appinfo.COMMAND
    names = {p.relative_to(bundle).as_posix() for p in bundle.rglob("*")}
    assert "_internal/peppa_qt/i18n/peppa_it.qm" in names
    assert not [n for n in names if n.lower().endswith("icuuc.dll")]  # Wine's stand-in stays out


def test_installed_silently_with_shortcuts_and_an_uninstall_entry(
    built: Built, player: Player
) -> None:
    before = player.files()
    code, output = player.run(built.setup, "/S", "/DESKTOP")
    assert code == 0, output
    assert (player.program / "peppa-qt.exe").is_file()
    assert (player.program / "uninstall.exe").is_file()
    assert sum(p.stat().st_size for p in player.program.rglob("*") if p.is_file()) <= (
        INSTALLED_LIMIT
    )
    assert (player.start_menu / "Programs" / "Peppa.lnk").is_file()
    assert (player.user / "Desktop" / "Peppa.lnk").is_file()  # asked for by /DESKTOP
    entry = _registry_key(player.registry(), UNINSTALL_KEY)
    assert entry["DisplayName"] == '"Peppa"'
    assert entry["DisplayVersion"] == f'"{appinfo.version()}"'
    assert "uninstall.exe" in entry["UninstallString"]
    assert "peppa-qt.exe" in entry["DisplayIcon"]
    assert entry["InstallLocation"].endswith('AppData\\\\Local\\\\Programs\\\\Peppa"')
    (player.prefix.parent / "before.txt").write_text(
        "\n".join(sorted(p.as_posix() for p in before)), encoding="utf-8"
    )


def test_the_installed_game_passes_its_self_test(player: Player) -> None:
    code, output = player.run(player.program / "peppa-qt.exe", "--self-test")
    assert code == 0, output
    assert "(frozen, Python 3.11" in output and "self-test passed" in output
    assert "pure Python" in output.splitlines()[0]  # the build it runs, said


def test_a_demo_hand_is_played_in_the_window(player: Player, display: str) -> None:
    demo = player.user / "demo-profile"  # its own profile: the player's comes next
    code, output = player.run(
        player.program / "peppa-qt.exe",
        "--demo",
        "--quit-after-hands",
        "1",
        "--profile-dir",
        "C:\\users\\" + player.user.name + "\\demo-profile",
        timeout=900,
        display=display,
    )
    assert code == 0, output
    assert (demo / "config" / "settings.json").is_file()
    shutil.rmtree(demo)


def test_the_game_keeps_the_players_files_under_localappdata(player: Player, display: str) -> None:
    """Started as from the Start menu (the shortcut's target: Wine's ``start`` does not wait
    for a shortcut's program), then closed as Windows closes a program (a close message to
    its window): the settings and the game in progress are where platformdirs puts them on
    Windows, %LOCALAPPDATA%\\peppa-qt."""
    profile = player.local / "peppa-qt"
    shortcut = (player.start_menu / "Programs" / "Peppa.lnk").read_bytes()
    target = "C:\\users\\" + player.user.name + "\\AppData\\Local\\Programs\\Peppa\\peppa-qt.exe"
    assert target.encode() in shortcut or target.encode("utf-16-le") in shortcut
    game = subprocess.Popen(
        [*winpython.wine_command(player.prefix), target],
        env=player.environment(display),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(1200):  # the settings are written once the window is up
            if (profile / "settings.json").exists() or game.poll() is not None:
                break
            time.sleep(0.1)
        time.sleep(3)  # the hand is dealt
        code, output = player.run("taskkill", "/im", "peppa-qt.exe", stop=False)
        assert code == 0, output
        assert game.wait(timeout=120) == 0
    finally:
        if game.poll() is None:
            game.kill()
    assert (profile / "settings.json").is_file(), sorted(player.local.rglob("*"))
    assert (profile / "saves" / "autosave.json").is_file()  # the game in progress
    assert not (player.user / "AppData" / "Roaming" / "peppa-qt").exists()
    assert not list(player.program.rglob("__pycache__"))  # nothing written beside the program


def test_the_uninstaller_leaves_nothing_of_the_program_and_keeps_the_players_files(
    player: Player,
) -> None:
    kept = sorted((player.local / "peppa-qt").rglob("*"))
    code, output = player.run(player.program / "uninstall.exe", "/S", stop=False)
    assert code == 0, output
    # NSIS's uninstaller copies itself to %TEMP% and goes on from there: wait for it.
    winpython.stop_wine(player.prefix, kill=False)
    assert not player.program.exists(), (output, sorted(player.program.rglob("*"))[:20])
    assert not (player.start_menu / "Programs" / "Peppa.lnk").exists()
    assert not (player.user / "Desktop" / "Peppa.lnk").exists()
    assert UNINSTALL_KEY not in player.registry()
    assert sorted((player.local / "peppa-qt").rglob("*")) == kept  # the player's, untouched
    before = set((player.prefix.parent / "before.txt").read_text(encoding="utf-8").splitlines())
    new = {p.as_posix() for p in player.files()} - before
    allowed = ("AppData/Local/peppa-qt", "AppData/Local/Programs", "Temp")
    assert not [p for p in new if not p.startswith(allowed)], sorted(new)


def _registry_key(registry: str, key: str) -> dict[str, str]:
    """The values of one key of a Wine ``.reg`` file, as written there (quoted strings)."""
    found = re.search(rf"^\[{re.escape(key)}\][^\n]*\n(.*?)(?:\n\n|\Z)", registry, re.S | re.M)
    assert found is not None, f"no [{key}] in the registry"
    values = re.findall(r'^"([^"]+)"=(.*)$', found.group(1), re.MULTILINE)
    return dict(values)
