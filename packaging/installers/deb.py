"""The Debian package: the bundle under /opt/peppa-qt, the command, menu entry, icons, metadata.

The tree is staged in a folder and packed with ``dpkg-deb``. Its ``Depends`` are found, not
guessed: ``ldd`` on every ELF file of the bundle names the system libraries it loads,
``dpkg -S`` the packages that own them, and the newest ``GLIBC_`` symbol version any file
needs is the least libc6 it runs on. So the build machine must have the libraries installed
(``scripts/setup.sh`` installs them), and the package is for systems like it or newer.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .appinfo import APP_ID, COMMAND, MAINTAINER, PACKAGING, SUMMARY_EN
from .bundle import dynamic_section, elf_files
from .icons import HICOLOR_SIZES

LINUX: Final = PACKAGING / "linux"
#: Where the bundle goes on the player's machine.
INSTALL_DIR: Final = f"/opt/{COMMAND}"
DESCRIPTION: Final = """\
 Peppa is the Italian name of Hearts: four players, 52 French cards; avoid the
 hearts and the Queen of spades, la Peppa. Play against computer players from
 easy to expert, or with friends taking turns on one computer, under the
 Italian rules (Peppa, Peppa Torino) or American Hearts, in Italian or English.
 .
 The game is installed as one self-contained folder, /opt/peppa-qt, holding
 its own Python and Qt."""


class PackagingError(RuntimeError):
    """The package cannot be built as it must be (a missing library, a failed tool...)."""


@dataclass(frozen=True)
class ToolReport:
    """What a checking tool (lintian, desktop-file-validate...) said."""

    tool: str
    passed: bool
    summary: str
    output: str


# ------------------------------------------------------------------ the tree


def stage(bundle: Path, icons: dict[str, Path], root: Path) -> None:
    """Lay out the package's files under ``root`` (``root`` itself is made afresh)."""
    if root.exists():
        shutil.rmtree(root)
    opt = root / INSTALL_DIR.lstrip("/")
    shutil.copytree(bundle, opt, symlinks=True)
    share = root / "usr" / "share"
    (root / "usr" / "bin").mkdir(parents=True)
    (root / "usr" / "bin" / COMMAND).symlink_to(f"{INSTALL_DIR}/{COMMAND}")
    _copy(LINUX / f"{COMMAND}.desktop", share / "applications" / f"{COMMAND}.desktop")
    _copy(LINUX / f"{APP_ID}.metainfo.xml", share / "metainfo" / f"{APP_ID}.metainfo.xml")
    hicolor = share / "icons" / "hicolor"
    for side in HICOLOR_SIZES:
        _copy(icons[f"png{side}"], hicolor / f"{side}x{side}" / "apps" / f"{COMMAND}.png")
    _copy(icons["svg"], hicolor / "scalable" / "apps" / f"{COMMAND}.svg")
    doc = share / "doc" / COMMAND
    _copy(LINUX / "copyright", doc / "copyright")
    _gzip(LINUX / "changelog", doc / "changelog.gz")
    _gzip(LINUX / f"{COMMAND}.6", share / "man" / "man6" / f"{COMMAND}.6.gz")
    _copy(LINUX / "lintian-overrides", share / "lintian" / "overrides" / COMMAND)
    _set_modes(root, executable=opt / COMMAND)


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def _gzip(source: Path, target: Path) -> None:
    """Compressed as Debian wants documentation: best compression, no name or time inside."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as packed:
        packed.write(source.read_bytes())


def _set_modes(root: Path, executable: Path) -> None:
    """Folders 755, files 644, the one program 755 (shared libraries need no execute bit)."""
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            path = Path(folder, name)
            if not path.is_symlink():
                path.chmod(0o755)
        for name in files:
            path = Path(folder, name)
            if not path.is_symlink():
                path.chmod(0o755 if path == executable else 0o644)
    root.chmod(0o755)


# --------------------------------------------------------------- the Depends


def system_libraries(folder: Path) -> set[str]:
    """The system libraries the ELF files under ``folder`` load themselves, by path.

    Each file's own ``NEEDED`` entries, as ``ldd`` resolves them for that file: what those
    libraries need in turn is their packages' business. A library that cannot be found is an
    error unless the bundle has a file of that name (Qt's plugins find Qt's libraries through
    the bundle's folder, not through a run path of their own).
    """
    bundled = {path.name for path in folder.rglob("*")}
    outside: set[str] = set()
    missing: dict[str, str] = {}
    for path in elf_files(folder):
        resolved = _ldd(path)
        for name in dynamic_section(path)["NEEDED"]:
            target = resolved.get(name, "not found")
            if target == "not found":
                if name not in bundled:
                    missing[name] = str(path.relative_to(folder))
            elif not Path(target).resolve().is_relative_to(folder.resolve()):
                outside.add(target)
    if missing:
        wanted = ", ".join(f"{name} (for {user})" for name, user in sorted(missing.items()))
        raise PackagingError(f"libraries missing on this machine: {wanted}")
    return outside


def _ldd(path: Path) -> dict[str, str]:
    """Library name → the path ``ldd`` finds it at for ``path`` (or "not found")."""
    done = subprocess.run(["ldd", str(path)], capture_output=True, text=True, check=False)
    resolved = {}
    for line in done.stdout.splitlines():
        name, arrow, where = line.strip().partition(" => ")
        if arrow:
            resolved[name] = where.split(" (")[0].strip()
        elif name.startswith("/"):  # the dynamic loader: "/lib64/ld-linux-x86-64.so.2 (0x…)"
            loader = name.split(" (")[0]
            resolved[Path(loader).name] = loader
    return resolved


def _aliases(path: str) -> list[str]:
    """The names dpkg may know a library by (merged /usr: /lib is /usr/lib)."""
    names = [path, os.path.realpath(path)]
    for name in list(names):
        if name.startswith("/usr/lib/"):
            names.append(name.removeprefix("/usr"))
        elif name.startswith("/lib"):
            names.append("/usr" + name)
    return list(dict.fromkeys(names))


def owning_packages(paths: Iterable[str]) -> dict[str, str]:
    """The Debian package owning each file (``dpkg -S``); PackagingError for one none owns."""
    wanted = {path: _aliases(path) for path in paths}
    queries = sorted({alias for aliases in wanted.values() for alias in aliases})
    if not queries:
        return {}
    done = subprocess.run(
        ["dpkg", "-S", *queries], capture_output=True, text=True, check=False
    )  # exit 1 for the aliases dpkg does not know: expected
    owners: dict[str, str] = {}
    for line in done.stdout.splitlines():
        found = re.match(r"^([^\s:,]+)(?::[^\s:,]+)?(?:, [^:]+)?: (/\S+)$", line)
        if found:
            owners.setdefault(found.group(2), found.group(1))
    result, unowned = {}, []
    for path, aliases in wanted.items():
        owner = next((owners[a] for a in aliases if a in owners), None)
        if owner is None:
            unowned.append(path)
        else:
            result[path] = owner
    if unowned:
        raise PackagingError(f"no Debian package owns {', '.join(sorted(unowned))}")
    return result


def glibc_floor(files: Iterable[Path]) -> str | None:
    """The newest ``GLIBC_x.y`` symbol version any of ``files`` needs, e.g. ``2.34``."""
    newest: tuple[int, ...] = ()
    for path in files:
        dump = subprocess.run(
            ["objdump", "-T", str(path)], capture_output=True, text=True, check=False
        )
        for version in re.findall(r"\bGLIBC_(\d+(?:\.\d+)+)\b", dump.stdout):
            newest = max(newest, tuple(int(part) for part in version.split(".")))
    return ".".join(map(str, newest)) or None


def depends(bundle: Path) -> list[str]:
    """The Depends field's packages for ``bundle``, sorted; libc6 with its least version."""
    packages = set(owning_packages(system_libraries(bundle)).values())
    floor = glibc_floor(elf_files(bundle))
    if floor is not None:
        packages.discard("libc6")
        packages.add(f"libc6 (>= {floor})")
    return sorted(packages)


# -------------------------------------------------------------- the package


def installed_size(root: Path) -> int:
    """Kibibytes, counted as dpkg-gencontrol does (each file rounded up, 1 per folder/link)."""
    total = 0
    for path in root.rglob("*"):
        if path.relative_to(root).parts[0] == "DEBIAN":
            continue
        if path.is_symlink() or path.is_dir():
            total += 1
        else:
            total += (path.stat().st_size + 1023) // 1024
    return total


def write_control(root: Path, version: str, architecture: str, needs: list[str]) -> None:
    """DEBIAN/control and DEBIAN/md5sums for the staged tree."""
    debian = root / "DEBIAN"
    debian.mkdir(exist_ok=True)
    fields = {
        "Package": COMMAND,
        "Version": version,
        "Section": "games",
        "Priority": "optional",
        "Architecture": architecture,
        "Installed-Size": str(installed_size(root)),
        "Depends": ", ".join(needs),
        "Maintainer": MAINTAINER,
        "Description": f"{SUMMARY_EN}\n{DESCRIPTION}",
    }
    text = "".join(f"{key}: {value}\n" for key, value in fields.items())
    (debian / "control").write_text(text, encoding="utf-8")
    sums = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if relative.parts[0] != "DEBIAN" and path.is_file() and not path.is_symlink():
            sums.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {relative.as_posix()}\n")
    (debian / "md5sums").write_text("".join(sums), encoding="utf-8")
    for name in ("control", "md5sums"):
        (debian / name).chmod(0o644)
    debian.chmod(0o755)


def architecture() -> str:
    """This machine's Debian architecture (``amd64``, ``arm64``...)."""
    done = subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def build_deb(root: Path, target: Path) -> Path:
    """Pack the staged tree into ``target`` (xz, files owned by root whoever builds)."""
    command = ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(target)]
    usage = subprocess.run(["dpkg-deb", "--help"], capture_output=True, text=True, check=False)
    help_text = usage.stdout
    if "--threads-max" in help_text:  # dpkg 1.21.9 and later: xz on every core (34 s, not 55)
        command.insert(1, f"--threads-max={os.cpu_count() or 1}")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PackagingError(f"dpkg-deb failed: {done.stderr.strip()}")
    return target


# ------------------------------------------------------------------- checks


def _run_tool(tool: str, *args: str) -> tuple[int, str]:
    if shutil.which(tool) is None:
        raise PackagingError(f"{tool} is not installed (scripts/setup.sh installs it as root)")
    done = subprocess.run([tool, *args], capture_output=True, text=True, check=False)
    return done.returncode, (done.stdout + done.stderr).strip()


def check_desktop_file(root: Path) -> ToolReport:
    """desktop-file-validate on the menu entry."""
    entry = root / "usr" / "share" / "applications" / f"{COMMAND}.desktop"
    code, output = _run_tool("desktop-file-validate", str(entry))
    return ToolReport("desktop-file-validate", code == 0, output or "no problem found", output)


def check_metainfo(root: Path) -> ToolReport:
    """appstreamcli validate (offline) on the AppStream metadata."""
    metainfo = root / "usr" / "share" / "metainfo" / f"{APP_ID}.metainfo.xml"
    code, output = _run_tool("appstreamcli", "validate", "--no-net", str(metainfo))
    last = output.splitlines()[-1] if output else ""
    return ToolReport("appstreamcli validate", code == 0, last.lstrip("✔ "), output)


def check_lintian(deb: Path) -> ToolReport:
    """lintian on the package: it passes with no error; the tags it shows are counted."""
    code, output = _run_tool("lintian", "--fail-on", "error", "--tag-display-limit", "0", str(deb))
    counts = {kind: 0 for kind in "EWIP"}
    for line in output.splitlines():
        if len(line) > 2 and line[1] == ":" and line[0] in counts:
            counts[line[0]] += 1
    names = {"E": "errors", "W": "warnings", "I": "infos", "P": "pedantic"}
    summary = ", ".join(f"{counts[kind]} {names[kind]}" for kind in "EWIP")
    passed = code == 0 and counts["E"] == 0
    return ToolReport("lintian", passed, summary, output)
