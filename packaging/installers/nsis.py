"""The Windows installer, ``PeppaSetup-<version>.exe``, made by NSIS's ``makensis``.

The script is ``packaging/windows/peppa-qt.nsi``; this module gives it its values (``-D``) and
the two lists it includes: every file of the bundle to install, and the same files, then
their folders deepest first, to remove. The uninstaller so removes exactly what the
installer put there, and nothing a player may have put in the folder beside it.
``makensis`` is Debian's ``nsis`` on Linux, NSIS's own on Windows: the same script.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path, PureWindowsPath
from typing import Final

from .appinfo import (
    COMMAND,
    PACKAGING,
    PUBLISHER,
    ROOT,
    WINDOWS_APP_GUID,
    version,
    version_tuple,
)

SCRIPT: Final = PACKAGING / "windows" / "peppa-qt.nsi"


class InstallerError(RuntimeError):
    """makensis is missing or failed; the message says which."""


def setup_name() -> str:
    """The installer's file name."""
    return f"PeppaSetup-{version()}.exe"


def _windows(relative: Path) -> str:
    """A path inside the install folder, as the script writes it."""
    return "$INSTDIR" + "".join(f"\\{part}" for part in relative.parts)


def file_lists(bundle: Path, folder: Path) -> tuple[Path, Path]:
    """``install.nsh`` and ``uninstall.nsh`` for ``bundle``, written in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in bundle.rglob("*") if p.is_file())
    install: list[str] = []
    current = None
    for path in files:
        relative = path.relative_to(bundle)
        if relative.parent != current:
            current = relative.parent
            install.append(f'SetOutPath "{_windows(relative.parent)}"')
        install.append(f'File "{path}"')
    install.append('SetOutPath "$INSTDIR"')
    folders = sorted(
        {p.relative_to(bundle) for p in bundle.rglob("*") if p.is_dir()},
        key=lambda p: (-len(p.parts), p.as_posix()),
    )
    remove = [f'Delete "{_windows(p.relative_to(bundle))}"' for p in files]
    remove += [f'RMDir "{_windows(p)}"' for p in folders]
    lists = folder / "install.nsh", folder / "uninstall.nsh"
    for target, lines in zip(lists, (install, remove), strict=True):
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lists


def defines(bundle: Path, dist: Path, icon: Path, lists: tuple[Path, Path]) -> dict[str, str]:
    """The values ``packaging/windows/peppa-qt.nsi`` is compiled with (``-DNAME=value``)."""
    size_kb = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file()) // 1024
    return {
        "APP_VERSION": version(),
        "APP_NUMERIC_VERSION": ".".join(map(str, version_tuple())),
        "APP_GUID": WINDOWS_APP_GUID,
        "APP_PUBLISHER": PUBLISHER,
        "APP_EXE": f"{COMMAND}.exe",
        "INSTALLED_SIZE_KB": str(size_kb),
        "ICON_FILE": str(icon),
        "LICENSE_FILE": str(ROOT / "LICENSE"),
        "OUTPUT_FILE": str(dist / setup_name()),
        "INSTALL_FILES": str(lists[0]),
        "UNINSTALL_FILES": str(lists[1]),
    }


def makensis() -> str | None:
    """NSIS's compiler: on the PATH, or where NSIS's Windows installer puts it."""
    found = shutil.which("makensis")
    if found is None:
        default = PureWindowsPath(os.environ.get("PROGRAMFILES(X86)", "C:/Program Files (x86)"))
        candidate = Path(default / "NSIS" / "makensis.exe")
        found = str(candidate) if candidate.exists() else None
    return found


def build_installer(bundle: Path, dist: Path, work: Path, icon: Path) -> Path:
    """``PeppaSetup-<version>.exe`` in ``dist``, from the bundle; its path."""
    compiler = makensis()
    if compiler is None:
        raise InstallerError("NSIS's makensis is not installed (apt-get install nsis)")
    lists = file_lists(bundle, work / "nsis")
    values = [f"-D{name}={value}" for name, value in defines(bundle, dist, icon, lists).items()]
    command = [compiler, "-V2", "-INPUTCHARSET", "UTF8", *values, str(SCRIPT)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1200, check=False)
    if done.returncode != 0:
        raise InstallerError(
            f"makensis failed (exit {done.returncode}):\n{done.stdout}{done.stderr}"
        )
    return dist / setup_name()
