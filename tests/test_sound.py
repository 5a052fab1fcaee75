"""Sound effects: our own generated WAVs.

tools/make_sounds.py writes every sound as a short, gentle WAV, the same bytes every run, and
the shipped files are exactly its output.
"""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
import types
import wave
from array import array
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "make_sounds.py"
SHIPPED = ROOT / "peppa_qt" / "assets" / "sounds"
MINUS_3_DBFS = 32767 * 10 ** (-3 / 20)
SOUND_NAMES = ("card", "trick", "hearts_broken", "queen_of_spades", "moon")


def _tool() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(root.iterdir()) if p.is_file()}


def _samples(name: str) -> array[int]:
    with wave.open(str(SHIPPED / f"{name}.wav")) as wav:
        data = array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return data


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """What the script writes when run as a command, in a process of its own."""
    out = tmp_path_factory.mktemp("sounds")
    subprocess.run([sys.executable, str(SCRIPT), str(out)], check=True, capture_output=True)
    return _files(out)


# -- the generator -------------------------------------------------------------------------


def test_the_generator_makes_the_same_bytes_every_run(generated: dict[str, bytes]) -> None:
    tool = _tool()
    first, second = dict(tool.sound_files()), dict(tool.sound_files())
    assert first == second == generated  # in this process twice, and in another


def test_the_generator_makes_every_sound(generated: dict[str, bytes]) -> None:
    assert sorted(generated) == sorted([f"{n}.wav" for n in SOUND_NAMES] + ["LICENSE.txt"])
    assert tuple(_tool().SOUNDS) == SOUND_NAMES


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_a_short_gentle_wav(name: str, generated: dict[str, bytes]) -> None:
    with wave.open(io.BytesIO(generated[f"{name}.wav"])) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        assert wav.getframerate() in (22_050, 44_100)
        seconds = wav.getnframes() / wav.getframerate()
        data = array("h", wav.readframes(wav.getnframes()))
    assert 0.05 < seconds <= (2.0 if name == "moon" else 0.9)
    peak = max(abs(v) for v in data)
    assert MINUS_3_DBFS * 10 ** (-12 / 20) < peak <= MINUS_3_DBFS  # heard, never clipped
    # Faded in and out: it starts and ends at silence, with no step a speaker would click on.
    ms = wav.getframerate() // 1000
    assert data[0] == data[-1] == 0
    assert max(abs(v) for v in data[:ms]) < peak / 4
    assert max(abs(v) for v in data[-ms:]) < peak / 20


def test_the_sounds_are_small(generated: dict[str, bytes]) -> None:
    assert sum(len(data) for data in generated.values()) < 300_000


def test_the_shipped_sounds_are_what_the_generator_makes(generated: dict[str, bytes]) -> None:
    shipped = _files(SHIPPED)
    assert sorted(shipped) == sorted(generated), "file list drifted"
    stale = [name for name, data in generated.items() if shipped[name] != data]
    assert not stale, f"regenerate with tools/make_sounds.py; differs: {stale}"
