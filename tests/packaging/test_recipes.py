"""The installers' recipes, checked without building anything: the icon files, the menu entry
and metadata, the release notes and the Windows script agree with the game and each other.

(tests/packaging/test_installers.py builds and installs the real thing.)
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
_PATH = list(sys.path)
sys.path.insert(0, str(PACKAGING))  # for packaging/installers, not for the other tests
from installers import appinfo, icons, nsis, releases, winpython  # noqa: E402

sys.path[:] = _PATH


def _build_module() -> ModuleType:
    """packaging/build.py, loaded under a name no installed package has."""
    spec = importlib.util.spec_from_file_location("peppa_build", PACKAGING / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    path = list(sys.path)
    try:
        spec.loader.exec_module(module)  # it puts packaging/ first on the path
    finally:
        sys.path[:] = path
    return module


@pytest.fixture(scope="module")
def pngs(qapp: object) -> dict[int, bytes]:
    """The icon in every size; drawn in the tests' QApplication (the renderer would make a
    QGuiApplication, on which no later test could open a widget)."""
    sides = {*icons.HICOLOR_SIZES, *icons.ICO_SIZES, *(side for _, side in icons.ICNS_TYPES)}
    return icons.render_pngs(sides)


def test_every_icon_size_is_drawn_at_its_size_and_not_blank(pngs: dict[int, bytes]) -> None:
    from PySide6.QtGui import QImage

    for side, png in pngs.items():
        assert icons.png_size(png) == (side, side)
        image = QImage.fromData(png)
        corner, middle = image.pixelColor(0, 0), image.pixelColor(side // 2, side // 2)
        assert corner.alpha() == 0 and middle.alpha() == 255, side  # a drawing on transparency


def test_the_windows_icon_holds_each_size_as_a_png(pngs: dict[int, bytes]) -> None:
    chosen = {side: pngs[side] for side in icons.ICO_SIZES}
    data = icons.ico_bytes(chosen)
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(chosen))
    for index in range(count):
        width, height, _, _, _, bits, size, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        side = width or 256
        assert width == height and bits == 32
        assert data[offset : offset + size] == chosen[side]


def test_the_mac_icon_holds_every_type_with_a_png_of_its_size(pngs: dict[int, bytes]) -> None:
    data = icons.icns_bytes(pngs)
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack_from(">I", data, at + 4)[0]
        found[kind] = icons.png_size(data[at + 8 : at + length])
        at += length
    assert found == {kind: (side, side) for kind, side in icons.ICNS_TYPES}


def test_the_release_notes_name_this_version() -> None:
    """A new version needs an entry in the Debian changelog and the AppStream releases."""
    releases.check_release_notes()
    assert releases.debian_changelog_version() == appinfo.version()


def test_the_menu_entry_says_peppa_in_both_languages_under_card_games() -> None:
    text = (PACKAGING / "linux" / f"{appinfo.COMMAND}.desktop").read_text(encoding="utf-8")
    fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    assert fields["Name"] == "Peppa"
    assert fields["Comment"] == appinfo.SUMMARY_EN
    assert fields["Comment[it]"] == appinfo.SUMMARY_IT
    assert fields["Categories"] == "Game;CardGame;"
    assert fields["Exec"] == fields["Icon"] == fields["StartupWMClass"] == appinfo.COMMAND
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(
            ["desktop-file-validate", str(PACKAGING / "linux" / f"{appinfo.COMMAND}.desktop")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0 and not done.stdout, done.stdout


def test_the_metainfo_names_the_app_and_its_menu_entry() -> None:
    path = PACKAGING / "linux" / f"{appinfo.APP_ID}.metainfo.xml"
    text = path.read_text(encoding="utf-8")
    assert f"<id>{appinfo.APP_ID}</id>" in text
    assert f'<launchable type="desktop-id">{appinfo.COMMAND}.desktop</launchable>' in text
    if shutil.which("appstreamcli"):
        done = subprocess.run(
            ["appstreamcli", "validate", "--no-net", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stdout


def test_the_windows_script_uses_exactly_what_build_py_passes(tmp_path: Path) -> None:
    lists = nsis.file_lists(_small_bundle(tmp_path / "bundle"), tmp_path / "nsis")
    given = nsis.defines(tmp_path / "bundle", Path("dist"), Path("peppa-qt.ico"), lists)
    script = nsis.SCRIPT.read_text(encoding="utf-8")
    required = {
        name
        for line in re.findall(r"^!ifndef (.*)$", script, re.MULTILINE)
        for name in line.split(" | ")
    }
    used = {name for name in required if "${" + name + "}" in script}
    assert used == required == set(given)
    assert given["APP_GUID"] == appinfo.WINDOWS_APP_GUID
    assert given["OUTPUT_FILE"].endswith(f"PeppaSetup-{appinfo.version()}.exe")
    assert given["APP_NUMERIC_VERSION"].count(".") == 3
    assert "RequestExecutionLevel user" in script  # no administrator rights
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\Peppa"' in script
    assert re.search(r'^!insertmacro MUI_LANGUAGE "Italian"$', script, re.MULTILINE)
    assert 'CreateShortCut "$SMPROGRAMS\\${SHORTCUT}"' in script
    assert re.search(r"^Section /o .*\n.*\n  CreateShortCut \"\$DESKTOP", script, re.MULTILINE)
    assert 'WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString"' in script
    assert not list(nsis.SCRIPT.parent.glob("*.iss"))  # one Windows recipe, not two that drift


def _small_bundle(folder: Path) -> Path:
    """A bundle's shape: the program, and files two folders deep."""
    for name in ("peppa-qt.exe", "_internal/python311.dll", "_internal/PySide6/plugins/a.dll"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"MZ")
    return folder


def test_the_uninstaller_removes_each_installed_file_then_its_folders_deepest_first(
    tmp_path: Path,
) -> None:
    bundle = _small_bundle(tmp_path / "bundle")
    install, uninstall = (
        p.read_text(encoding="utf-8").splitlines()
        for p in nsis.file_lists(bundle, tmp_path / "nsis")
    )
    files = sorted(p for p in bundle.rglob("*") if p.is_file())
    assert [line for line in install if line.startswith("File ")] == [f'File "{p}"' for p in files]
    assert 'SetOutPath "$INSTDIR\\_internal\\PySide6\\plugins"' in install
    assert install[-1] == 'SetOutPath "$INSTDIR"'
    assert uninstall == [
        'Delete "$INSTDIR\\_internal\\PySide6\\plugins\\a.dll"',
        'Delete "$INSTDIR\\_internal\\python311.dll"',
        'Delete "$INSTDIR\\peppa-qt.exe"',
        'RMDir "$INSTDIR\\_internal\\PySide6\\plugins"',
        'RMDir "$INSTDIR\\_internal\\PySide6"',
        'RMDir "$INSTDIR\\_internal"',
    ]  # RMDir without /r: a folder holding anything else stays


def test_the_windows_build_uses_the_dependencies_of_pyproject_pinned_as_here() -> None:
    wanted = winpython.requirements()
    names = [re.split(r"[<>=!]", r, maxsplit=1)[0].lower() for r in wanted]
    assert {"pyside6-essentials", "platformdirs", "pyinstaller", "miniaudio"} <= set(names)
    from importlib.metadata import version

    assert f"PySide6-Essentials=={version('PySide6-Essentials')}" in wanted
    assert "pywin32-ctypes>=0.2.1" in wanted  # PyInstaller's, on Windows only


# ------------------------------------------------ what build.py needs, before it starts


def _tools(folder: Path, *, without: str) -> str:
    """A PATH of stand-ins for every tool build.py runs on Linux but ``without``."""
    build = _build_module()
    folder.mkdir()
    for tool in build.TOOLS:
        if tool != without:
            stub = folder / tool
            stub.write_text("#!/bin/sh\necho 'install ok installed'\n", encoding="utf-8")
            stub.chmod(0o755)
    return str(folder)


def test_build_py_names_the_package_of_a_missing_tool_and_stops(tmp_path: Path) -> None:
    """Without patchelf (and without apt-get, even as root): the line to install it, exit 2."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the Debian tools are Linux's")
    path = _tools(tmp_path / "bin", without="patchelf")
    done = subprocess.run(
        [sys.executable, str(PACKAGING / "build.py"), "--check"],
        env={"PATH": path, "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[:2] == [
        "building the installers needs these Debian packages; install them with:",
        "  sudo apt-get install patchelf",
    ]
    assert _build_module().missing_packages(path) == ["patchelf"]


def test_build_py_installs_the_missing_packages_as_root(tmp_path: Path) -> None:
    """As scripts/setup.sh does: apt-get update, then install what is missing."""
    build = _build_module()
    path = _tools(tmp_path / "bin", without="patchelf")
    log = tmp_path / "apt.log"
    apt = tmp_path / "bin" / "apt-get"
    copy = f"{shutil.which('cp')} {apt.with_name('lintian')} {apt.with_name('patchelf')}"
    apt.write_text(
        f'#!/bin/sh\necho "$@" >> {log}\ncase "$*" in *install*patchelf*) {copy};; esac\n',
        encoding="utf-8",
    )
    apt.chmod(0o755)
    with pytest.raises(build.MissingToolError, match="sudo apt-get install patchelf"):
        build.ensure_tools(path, root=False)
    assert not log.exists()
    build.ensure_tools(path, root=True)
    assert log.read_text().splitlines() == [
        "update -qq",
        "install -y -qq --no-install-recommends patchelf",
    ]


def test_build_py_asks_for_packages_scripts_setup_sh_installs() -> None:
    build = _build_module()
    text = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
    found = re.search(r'^PACKAGING_DEBS="([^"]*)"', text, re.MULTILINE)
    assert found is not None
    essential = {"dpkg", "libc-bin"}  # on every Debian system
    wanted = {*build.TOOLS.values(), *build.LIBRARIES} - essential
    assert wanted <= set(found.group(1).split())
