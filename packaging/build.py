"""Build the game's installers for this platform, in one command.

    python packaging/build.py [--target linux|windows|macos] [--dist DIR] [--work DIR]
                              [--no-self-test] [--check]

- every platform: the hot modules compiled in place (mypyc; unless they are already, or
  mypyc is missing: then the bundle runs them as Python, and says so), the icons (from the
  game's SVG), then the PyInstaller bundle (``packaging/peppa-qt.spec``: one folder,
  windowed), then the bundle's own ``--self-test`` (offscreen);
- Linux: ``peppa-qt-<version>-linux-<machine>.tar.gz`` of the bundle and
  ``peppa-qt_<version>_<arch>.deb`` (dpkg-deb), checked with desktop-file-validate,
  ``appstreamcli validate`` and lintian: any error fails the build;
- Windows (``--target windows``, the default on Windows; on Linux too): the bundle made by a
  Windows Python (this one on Windows; on Linux CPython's embeddable build and the Windows
  wheels under Wine, ``installers/winpython.py``), its ``--self-test`` run the same way, then
  ``PeppaSetup-<version>.exe`` with NSIS's ``makensis`` (``packaging/windows/peppa-qt.nsi``);
- macOS: ``Peppa.app`` and ``Peppa-<version>.dmg`` (``hdiutil``).

Results go to ``dist/`` (``--dist``), intermediate files to ``build/`` (``--work``). It prints
each step's time and, at the end, every result with its size. Run it with the Python that
has the game's dependencies and PyInstaller (``pip install -e .[package]``).

Before it starts it checks what it will need: PyInstaller, and on Linux the Debian tools and
libraries (``TOOLS``, ``LIBRARIES``; for Windows ``WINDOWS_TOOLS``), which it installs with
apt-get when run as root; else it prints the one ``sudo apt-get install`` line and exits 2
(``--check``: only that).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Final, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

from installers import deb, nsis, winpython
from installers.appinfo import (
    COMMAND,
    DISPLAY_NAME,
    PACKAGING,
    ROOT,
    version,
)
from installers.bundle import fix_run_paths
from installers.icons import write_icons
from installers.releases import check_release_notes

T = TypeVar("T")


class BuildError(RuntimeError):
    """A step of the build failed; the message says which and why."""


class MissingToolError(RuntimeError):
    """Something the build needs is not installed; the message says how to install it."""


#: The programs the Linux build runs, each with the Debian package it comes in (all of them
#: in scripts/setup.sh's PACKAGING_DEBS, which scripts/test.sh installs as root).
TOOLS: Final = {
    "objdump": "binutils",
    "patchelf": "patchelf",
    "ldd": "libc-bin",
    "dpkg": "dpkg",
    "dpkg-deb": "dpkg",
    "dpkg-query": "dpkg",
    "desktop-file-validate": "desktop-file-utils",
    "appstreamcli": "appstream",
    "lintian": "lintian",
}
#: Libraries Qt's Wayland plugins load: the .deb's Depends are found from this machine's.
LIBRARIES: Final = ("libwayland-client0", "libwayland-cursor0", "libwayland-egl1")
#: What the Windows build runs on Linux: Wine (64-bit), NSIS, and mingw-w64 for Wine's
#: stand-in DLLs (installers/winpython.py).
WINDOWS_TOOLS: Final = {
    "wine": "wine",
    "wineserver": "wine",
    "makensis": "nsis",
    winpython.MINGW_GCC: "gcc-mingw-w64-x86-64",
}
WINDOWS_LIBRARIES: Final = ("wine64",)
TARGETS: Final = ("linux", "windows", "macos")


@contextmanager
def step(name: str) -> Iterator[None]:
    """Print a step's name, then its time once it is done."""
    print(f"== {name}", flush=True)
    started = time.perf_counter()
    yield
    print(f"   {name}: {time.perf_counter() - started:.1f} s", flush=True)


def timed(name: str, work: Callable[[], T]) -> T:
    """``work()`` as a step of the build."""
    with step(name):
        return work()


def size_of(path: Path) -> int:
    """Bytes in a file, or in every file under a folder (links not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def run(command: list[str], **env: str) -> None:
    """Run a build tool, its output shown; BuildError if it fails."""
    done = subprocess.run(command, env={**os.environ, **env}, check=False)
    if done.returncode != 0:
        raise BuildError(f"{Path(command[0]).name} failed (exit {done.returncode})")


# ------------------------------------------------------------------- steps


def pyinstaller(dist: Path, work: Path, icons: dict[str, Path]) -> Path:
    """The bundle (``dist/peppa-qt``, and ``dist/Peppa.app`` on macOS)."""
    run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(dist),
            "--workpath",
            str(work / "pyinstaller"),
            str(PACKAGING / "peppa-qt.spec"),
        ],
        PEPPA_ICON_ICO=str(icons["ico"]),
        PEPPA_ICON_ICNS=str(icons["icns"]),
    )
    if sys.platform == "darwin":
        return dist / f"{DISPLAY_NAME}.app"
    return dist / COMMAND


def executable(bundle: Path) -> Path:
    """The program inside the bundle."""
    if bundle.suffix == ".app":
        return bundle / "Contents" / "MacOS" / COMMAND
    return bundle / (f"{COMMAND}.exe" if sys.platform == "win32" else COMMAND)


def self_test(program: Path) -> None:
    """The built app's ``--self-test``, offscreen, its report shown."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [str(program), "--self-test"], env=env, capture_output=True, text=True, check=False
    )
    print(done.stdout.rstrip())
    if done.returncode != 0:
        print(done.stderr.rstrip())
        raise BuildError(f"the built app's self-test failed (exit {done.returncode})")


def tarball(bundle: Path, dist: Path) -> Path:
    """The bundle as ``peppa-qt-<version>-linux-<machine>.tar.gz`` (one ``peppa-qt/`` folder)."""
    target = dist / f"{COMMAND}-{version()}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(target, "w:gz", compresslevel=6) as archive:
        archive.add(bundle, arcname=COMMAND)
    return target


def debian_package(bundle: Path, dist: Path, work: Path, icons: dict[str, Path]) -> Path:
    """The .deb, checked by desktop-file-validate, appstreamcli and lintian."""
    root = work / "deb"
    arch = deb.architecture()
    with step("stage the .deb tree"):
        deb.stage(bundle, icons, root)
    needs = timed("Depends (ldd, dpkg -S)", lambda: deb.depends(root / "opt" / COMMAND))
    print(f"   Depends: {', '.join(needs)}")
    deb.write_control(root, version(), arch, needs)
    target = dist / f"{COMMAND}_{version()}_{arch}.deb"
    timed("dpkg-deb", lambda: deb.build_deb(root, target))
    reports = [deb.check_desktop_file(root), deb.check_metainfo(root)]
    reports.append(timed("lintian", lambda: deb.check_lintian(target)))
    for report in reports:
        print(f"   {report.tool}: {'passed' if report.passed else 'FAILED'} ({report.summary})")
        if report.output and (not report.passed or report.tool == "lintian"):
            print("     " + report.output.replace("\n", "\n     "))
    failed = [r.tool for r in reports if not r.passed]
    if failed:
        raise BuildError(f"the .deb did not pass {', '.join(failed)}")
    return target


def windows_bundle(python: winpython.WindowsPython, dist: Path, work: Path, ico: Path) -> Path:
    """The Windows bundle (``dist/windows/peppa-qt``: beside the Linux one, not over it),
    PyInstaller run by the Windows Python."""
    code, output = python.python_run(
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "ERROR",
        "--distpath",
        python.path(dist / "windows"),
        "--workpath",
        python.path(work / "windows" / "pyinstaller"),
        python.path(PACKAGING / "peppa-qt.spec"),
        timeout=1800,
        PEPPA_ICON_ICO=python.path(ico),
    )
    print(output.rstrip())
    if code != 0:
        raise BuildError(f"PyInstaller failed (exit {code})")
    return dist / "windows" / COMMAND


def windows_self_test(python: winpython.WindowsPython, bundle: Path) -> None:
    """The Windows bundle's ``--self-test``, run by Windows (or Wine), its report shown."""
    code, output = python.run(bundle / f"{COMMAND}.exe", "--self-test", timeout=900)
    print(output.rstrip())
    if code != 0:
        raise BuildError(f"the built app's self-test failed (exit {code})")


def build_windows(dist: Path, work: Path, test_the_app: bool) -> list[Path]:
    """The Windows bundle and ``PeppaSetup-<version>.exe``, on Windows or under Wine."""
    python = timed("a Windows Python", lambda: winpython.windows_python(work / "windows"))
    try:
        if python.wine:  # mypyc for Windows needs a Windows C compiler: not under Wine
            print("   the hot modules: pure Python (the Windows build under Wine)")
        else:
            print(f"   the hot modules: {timed('compile', compile_hot_modules)}")
        icons = timed("icons", lambda: write_icons(work / "icons"))
        bundle = timed(
            "PyInstaller bundle", lambda: windows_bundle(python, dist, work, icons["ico"])
        )
        if test_the_app:
            with step("the built app's self-test"):
                windows_self_test(python, bundle)
    finally:
        python.stop()
    setup = timed("NSIS", lambda: nsis.build_installer(bundle, dist, work, icons["ico"]))
    return [bundle, setup]


def disk_image(app: Path, dist: Path, work: Path) -> Path:
    """``Peppa-<version>.dmg``: the app and a link to /Applications to drag it onto."""
    folder = work / "dmg"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    shutil.copytree(app, folder / app.name, symlinks=True)
    (folder / "Applications").symlink_to("/Applications")
    target = dist / f"{DISPLAY_NAME}-{version()}.dmg"
    run(
        [
            "hdiutil",
            "create",
            "-volname",
            DISPLAY_NAME,
            "-srcfolder",
            str(folder),
            "-ov",
            "-format",
            "UDZO",
            str(target),
        ]
    )
    return target


# ------------------------------------------------------------ the compiled build


def _native() -> ModuleType:
    """``peppa_qt/native.py``, loaded alone (as setup.py loads it)."""
    spec = importlib.util.spec_from_file_location("_peppa_native", ROOT / "peppa_qt" / "native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compile_hot_modules() -> str:
    """The hot modules compiled in place (mypyc) unless they already are: the bundle carries
    what the source tree runs. Which build that is, in a few words."""
    native = _native()
    package = ROOT / "peppa_qt"
    why = native.why_pure(package, environ={})
    if not why:
        return "compiled (built already)"
    if importlib.util.find_spec("mypyc") is None:
        return f"pure Python: no mypyc here ({why})"
    # An earlier build's files first: one of a module compiled no more would shadow its source.
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for old in package.rglob(f"*{suffix}"):
            old.unlink()
    command = [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"]
    env = {**os.environ, "PEPPA_COMPILE": "1"}
    if subprocess.run(command, cwd=ROOT, env=env, check=False).returncode != 0:
        raise BuildError("compiling the hot modules (setup.py build_ext) failed")
    why = native.why_pure(package, environ={})
    if why:
        raise BuildError(f"the compiled modules do not load: {why}")
    return f"compiled ({len(native.COMPILED)} modules)"


# ------------------------------------------------------------- what it needs


def missing_packages(path: str | None = None, target: str = "linux") -> list[str]:
    """The Debian packages of the Linux build's tools and libraries not installed here
    (tools looked for on ``path``, the PATH by default), for ``target``'s installers."""
    tools, libraries = (
        (WINDOWS_TOOLS, WINDOWS_LIBRARIES) if target == "windows" else (TOOLS, LIBRARIES)
    )
    missing = {package for tool, package in tools.items() if not shutil.which(tool, path=path)}
    query = shutil.which("dpkg-query", path=path)
    for package in libraries:
        if query is not None and not _installed(query, package):
            missing.add(package)
    return sorted(missing)


def _installed(query: str, package: str) -> bool:
    """Whether dpkg says a package is installed (``dpkg-query`` at ``query``)."""
    command = [query, "-W", "-f=${Status}", package]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return "ok installed" in done.stdout


def install_packages(packages: list[str], path: str | None = None) -> None:
    """Debian packages installed with apt-get (as root), as scripts/setup.sh does."""
    apt = shutil.which("apt-get", path=path)
    if apt is None:
        return
    print(f"Installing Debian packages for the installers: {' '.join(packages)}", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if path is not None:
        env["PATH"] = path
    subprocess.run([apt, "update", "-qq"], env=env, check=False)
    install = [apt, "install", "-y", "-qq", "--no-install-recommends", *packages]
    subprocess.run(install, env=env, check=False)


def ensure_tools(path: str | None = None, root: bool | None = None, target: str = "linux") -> None:
    """The Linux build's Debian packages (for ``target``), installed where missing when run
    as root; MissingToolError naming the missing ones otherwise."""
    missing = missing_packages(path, target)
    if missing and (os.geteuid() == 0 if root is None else root):
        install_packages(missing, path)
        missing = missing_packages(path, target)
    if missing:
        raise MissingToolError(
            "building the installers needs these Debian packages; install them with:\n"
            f"  sudo apt-get install {' '.join(missing)}"
        )


def this_platform() -> str:
    """The target this machine builds by default."""
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def check_prepared(target: str) -> None:
    """What the build needs, there before it starts (MissingToolError saying all that is not)."""
    problems = []
    if target != this_platform() and (target, this_platform()) != ("windows", "linux"):
        problems.append(f"installers for {target} are built on {target} (or Windows on Linux)")
    if sys.platform.startswith("linux"):
        try:
            ensure_tools(target=target)
        except MissingToolError as error:
            problems.append(str(error))
    wine = target == "windows" and sys.platform != "win32"  # PyInstaller runs under Wine
    if target == "windows" and nsis.makensis() is None and not problems:
        problems.append("building the Windows installer needs NSIS (makensis)")
    if not wine and importlib.util.find_spec("PyInstaller") is None:
        problems.append(
            "building the installers needs PyInstaller; install it with:\n"
            f"  {sys.executable} -m pip install -e '.[package]'"
        )
    if problems:
        raise MissingToolError("\n".join(problems))


# -------------------------------------------------------------------- main


def build(dist: Path, work: Path, test_the_app: bool, target: str | None = None) -> list[Path]:
    """Every result for ``target`` (this platform by default), built, checked and listed."""
    check_release_notes()
    dist.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)
    if (target or this_platform()) == "windows":
        return build_windows(dist, work, test_the_app)
    print(f"   the hot modules: {timed('compile', compile_hot_modules)}")
    icons = timed("icons", lambda: write_icons(work / "icons"))
    bundle = timed("PyInstaller bundle", lambda: pyinstaller(dist, work, icons))
    if sys.platform.startswith("linux"):
        changed = timed("run paths", lambda: fix_run_paths(bundle))
        print(f"   run paths outside the bundle removed from {changed} files")
    if test_the_app:
        with step("the built app's self-test"):
            self_test(executable(bundle))
    results = [bundle]
    if sys.platform.startswith("linux"):
        results.append(timed(".tar.gz", lambda: tarball(bundle, dist)))
        results.append(debian_package(bundle, dist, work, icons))
    elif sys.platform == "darwin":
        results.append(timed(".dmg", lambda: disk_image(bundle, dist, work)))
    return results


def main(argv: list[str] | None = None) -> int:
    """Build, then print each result's place and size; exit 1 if a step failed, 2 if a
    tool it needs is missing."""
    parser = argparse.ArgumentParser(description="Build the installers for this platform.")
    parser.add_argument(
        "--target", choices=TARGETS, default=this_platform(), help="whose installers to build"
    )
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where results go")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="intermediate files")
    parser.add_argument(
        "--no-self-test", action="store_true", help="do not run the built app's --self-test"
    )
    parser.add_argument(
        "--check", action="store_true", help="only check (as root: install) what it needs"
    )
    args = parser.parse_args(argv)
    try:
        check_prepared(args.target)
    except MissingToolError as error:
        print(error, file=sys.stderr)
        return 2
    if args.check:
        print("everything the build needs is installed")
        return 0
    started = time.perf_counter()
    try:
        results = build(
            args.dist.resolve(), args.work.resolve(), not args.no_self_test, args.target
        )
    except (
        BuildError,
        deb.PackagingError,
        nsis.InstallerError,
        winpython.WindowsBuildError,
    ) as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print(f"== built peppa-qt {version()} in {time.perf_counter() - started:.0f} s")
    for path in results:
        kind = "folder, unpacked" if path.is_dir() else "file"
        print(f"   {path}  {size_of(path) / 1e6:.1f} MB ({kind})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
