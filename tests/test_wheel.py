"""The package as a player's machine gets it: a wheel installed into a fresh environment.

Its art, icon, sounds, rules pages, join page and licence must come with it (they are package
data), and its commands must work from the installed copy alone, far from this source tree;
built where mypyc and a compiler are, it carries the compiled hot modules and runs them
(setup.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from peppa_qt.sound import SOUND_NAMES

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, wave, peppa_qt
from peppa_qt import native
from peppa_qt.resources import asset, asset_bytes, asset_text, package_file
from peppa_qt.sound import SOUND_NAMES, SoundPlayer
ranks, suits, backs = "23456789TJQKA", "CDHS", ("red", "blue", "green")
folders = ("", "fourcolor/", "large/", "large/fourcolor/")
faces = [f"{folder}{r}{s}.svg" for folder in folders for s in suits for r in ranks]
found = {
    "package": peppa_qt.__file__,
    "faces": sum(b"<svg" in asset_bytes("cards", *name.split("/")) for name in faces),
    "backs": sum(b"<svg" in asset_bytes("cards", f"back-{c}.svg") for c in backs),
    "icon": b"<svg" in asset_bytes("icon", "peppa.svg"),
    "help": [len(asset_text("help", f"rules_{code}.html")) for code in ("en", "it")],
    "licence": asset_text("LICENSE.txt").startswith("MIT License"),
    "missing_raises": not asset("cards", "XX.svg").is_file(),
    "catalogues": [len(package_file("i18n", f"peppa_{c}.qm").read_bytes()) for c in ("it", "en")],
    "sounds": [wave.open(asset("sounds", f"{n}.wav").open("rb")).getnframes() for n in SOUND_NAMES],
    "sound_licence": asset_text("sounds", "LICENSE.txt").startswith("Peppa sound effects"),
    "silent_because": SoundPlayer().why_unavailable(),
    "build": native.describe(),
    "join_page": [
        len(package_file("net", "web", name).read_bytes())
        for name in ("index.html", "page.css", "page.js", "it.json")
    ],
}
print(json.dumps(found))
"""


def _run(*command: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_installed_wheel_has_every_card_and_help_page(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    # The sources only: the wheel compiles its own hot modules (not this tree's, if built).
    ignored = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_native.json")
    shutil.copytree(ROOT / "peppa_qt", source / "peppa_qt", ignore=ignored)
    dist = tmp_path / "dist"
    pip = (sys.executable, "-m", "pip")
    _run(*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", dist, source, cwd=source)
    (wheel,) = dist.glob("peppa_qt-*.whl")
    venv = tmp_path / "fresh"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    _run(*pip, "--python", python, "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp_path)
    shutil.rmtree(source)  # nothing may come from the source tree any more

    found = json.loads(_run(python, "-I", "-c", PROBE, cwd=tmp_path))
    assert Path(found["package"]).is_relative_to(venv)
    assert found["faces"] == 208 and found["backs"] == 3 and found["icon"]
    assert min(found["help"]) > 1000 and found["licence"] and found["missing_raises"]
    assert found["catalogues"][0] > 10_000 and found["catalogues"][1] > 0  # Italian, and plurals
    assert min(found["join_page"]) > 1000  # the browser's join page (peppa_qt/net/web/)
    assert len(found["sounds"]) == len(SOUND_NAMES) and min(found["sounds"]) > 1000
    assert found["sound_licence"]
    # Installed without its extras, the game is silent and says why.
    assert found["silent_because"] == "the optional sound library (miniaudio) is not installed"
    # Built where mypyc (mypy) and a compiler are, the wheel carries the compiled modules and
    # runs them (scripts/test.sh expects it; elsewhere it may have built pure).
    if os.environ.get("PEPPA_EXPECT_COMPILED", "") not in ("", "0"):
        assert found["build"].startswith("compiled (mypyc"), found["build"]
    else:
        assert found["build"].startswith(("compiled (mypyc", "pure Python")), found["build"]
    # The command the wheel installs works without Qt (no dependencies were installed).
    assert _run(venv / "bin" / "peppa-qt", "--version", cwd=tmp_path).startswith("peppa-qt ")


def test_the_packaged_licence_is_the_projects() -> None:
    packaged = ROOT / "peppa_qt" / "assets" / "LICENSE.txt"
    assert packaged.read_bytes() == (ROOT / "LICENSE").read_bytes()
