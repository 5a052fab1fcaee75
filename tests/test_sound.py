"""Sound effects: our own generated WAVs, and a player that never gets in the game's way.

* tools/make_sounds.py writes every sound as a short, gentle WAV, the same bytes every run,
  and the shipped files are exactly its output.
* SoundPlayer, with miniaudio missing, with the real miniaudio and no audio device (as on CI),
  and with a fake miniaudio whose device is busy, slow, silent or lost: it says why in a
  sentence, ``play`` neither raises nor waits, and a working device gets the right samples.
"""

from __future__ import annotations

import functools
import importlib.util
import io
import logging
import subprocess
import sys
import threading
import time
import types
import wave
from array import array
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from peppa_qt import sound
from peppa_qt.sound import SOUND_NAMES, SoundPlayer

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "make_sounds.py"
SHIPPED = ROOT / "peppa_qt" / "assets" / "sounds"
MINUS_3_DBFS = 32767 * 10 ** (-3 / 20)


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


def test_the_generator_makes_every_sound_the_player_plays(generated: dict[str, bytes]) -> None:
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


# -- the player without a library or a device ------------------------------------------------


@pytest.fixture
def player() -> Iterator[SoundPlayer]:
    made = SoundPlayer()
    yield made
    made.close()


def test_importing_or_making_a_player_loads_and_starts_nothing() -> None:
    code = (
        f"import sys, threading\nsys.path.insert(0, {str(ROOT)!r})\nimport peppa_qt.sound\n"
        "peppa_qt.sound.SoundPlayer()\n"
        "print(sorted({'miniaudio', '_miniaudio', 'cffi', 'wave'} & set(sys.modules)))\n"
        "print(threading.active_count())"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["[]", "1"]


def test_without_miniaudio_the_player_says_so_and_plays_nothing(
    player: SoundPlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # import miniaudio fails
    for name in SOUND_NAMES:
        player.play(name)
    assert not player.available()
    assert player.why_unavailable() == sound.NO_LIBRARY
    player.play("card")


def test_an_unknown_sound_is_a_mistake_said_at_once(player: SoundPlayer) -> None:
    with pytest.raises(ValueError, match="no sound is called 'crd'"):
        player.play("crd")


def test_with_the_real_library_the_player_answers_and_never_raises(player: SoundPlayer) -> None:
    pytest.importorskip("miniaudio", reason="the optional sound library is not installed")
    started = time.perf_counter()
    player.play("card")  # begins opening the device, in the background
    assert time.perf_counter() - started < 0.05
    if player.available():  # a machine with an audio device
        assert player.why_unavailable() == ""
    else:  # as on CI: no device, and a sentence saying so
        reason = player.why_unavailable()
        assert reason and "\n" not in reason and reason[0].islower()
        assert reason in (sound.NO_DEVICE, sound.NOT_OPENED) or reason.startswith("the audio")
    for name in SOUND_NAMES:
        player.play(name)
    player.close()
    assert not player.available() and player.why_unavailable() == sound.CLOSED
    player.play("moon")


def test_the_real_null_backend_counts_as_no_device(
    player: SoundPlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    miniaudio = pytest.importorskip(
        "miniaudio", reason="the optional sound library is not installed"
    )
    # What miniaudio falls back to on a machine with no sound system: it plays nowhere.
    null_only = functools.partial(miniaudio.PlaybackDevice, backends=[miniaudio.Backend.NULL])
    monkeypatch.setattr(miniaudio, "PlaybackDevice", null_only)
    assert not player.available() and player.why_unavailable() == sound.NO_DEVICE


def test_the_real_library_pulls_the_sounds_from_its_own_thread() -> None:
    miniaudio = pytest.importorskip(
        "miniaudio", reason="the optional sound library is not installed"
    )
    mixer = sound._Mixer()
    rate = mixer.load()
    pulled, threads = bytearray(), set()

    def recorded() -> Generator[bytes, int, None]:
        stream = mixer.stream()
        frames = yield next(stream)
        while True:
            data = stream.send(frames)
            pulled.extend(data)
            threads.add(threading.get_ident())
            frames = yield data

    source = recorded()
    next(source)
    device = miniaudio.PlaybackDevice(
        nchannels=1, sample_rate=rate, buffersize_msec=25, backends=[miniaudio.Backend.NULL]
    )
    card = _samples("card").tobytes()
    mixer.add("card", time.monotonic())
    device.start(source)
    try:
        _wait_until(lambda: len(pulled) > len(card))
    finally:
        device.close()
    assert pulled.startswith(card) and not pulled[len(card) :].strip(b"\0")
    assert threading.get_ident() not in threads


# -- the player with a fake miniaudio ---------------------------------------------------------


class FakeDevice:
    """A playback device that plays nothing: the test pulls its buffers instead."""

    def __init__(self, config: dict[str, Any], backend: str) -> None:
        self.config, self.backend = config, backend
        self.stream: Generator[bytes, int, None] | None = None
        self.closed = False

    def start(self, stream: Generator[bytes, int, None]) -> None:
        self.stream = stream

    def close(self) -> None:
        self.closed = True

    def pull(self, frames: int) -> array[int]:
        """What the device's thread would get for its next buffer of *frames* samples."""
        assert self.stream is not None
        return array("h", self.stream.send(frames))


class FakeMiniaudio(types.ModuleType):
    """Just the part of miniaudio the player uses, with devices that fail on demand."""

    def __init__(self) -> None:
        super().__init__("miniaudio")
        self.devices: list[FakeDevice] = []
        self.fail_with: BaseException | None = None
        self.backend = "PulseAudio"
        self.open_delay = 0.0
        self.MiniaudioError = type("MiniaudioError", (Exception,), {})
        self.SampleFormat = types.SimpleNamespace(SIGNED16="signed 16")

    def PlaybackDevice(self, **config: Any) -> FakeDevice:
        time.sleep(self.open_delay)
        if self.fail_with is not None:
            raise self.fail_with
        self.devices.append(FakeDevice(config, self.backend))
        return self.devices[-1]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeMiniaudio:
    library = FakeMiniaudio()
    monkeypatch.setitem(sys.modules, "miniaudio", library)
    return library


class Clock:
    """A monotonic clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    made = Clock()
    monkeypatch.setattr(sound, "monotonic", made)
    return made


def _mixed(*sounds: array[int], frames: int) -> array[int]:
    out = [sum(s[i] if i < len(s) else 0 for s in sounds) for i in range(frames)]
    return array("h", (max(-32768, min(32767, v)) for v in out))


@pytest.mark.parametrize(
    ("code", "reason"),
    [(-19, sound.BUSY), (-204, sound.NO_DEVICE), (-401, sound.NOT_OPENED), (-6, sound.DENIED)],
)
def test_a_device_that_cannot_be_opened_is_said_once(
    code: int,
    reason: str,
    fake: FakeMiniaudio,
    player: SoundPlayer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake.fail_with = fake.MiniaudioError("failed to init device", code)
    caplog.set_level(logging.WARNING, logger="peppa_qt.sound")
    for name in SOUND_NAMES * 3:
        player.play(name)
    assert not player.available() and player.why_unavailable() == reason
    player.play("card")
    assert [r.getMessage() for r in caplog.records] == [f"Sound effects are off: {reason}"]


def test_an_unforeseen_library_error_is_quoted_not_raised(
    fake: FakeMiniaudio, player: SoundPlayer
) -> None:
    fake.fail_with = fake.MiniaudioError("something new", -999)
    assert not player.available()
    assert player.why_unavailable() == (
        "the audio device could not be used (miniaudio: something new, -999)"
    )
    other = SoundPlayer()
    fake.fail_with = RuntimeError("a bug in the library")
    assert not other.available()
    assert "a bug in the library" in other.why_unavailable()
    other.play("trick")


def test_the_null_backend_is_no_device(fake: FakeMiniaudio, player: SoundPlayer) -> None:
    fake.backend = "Null"  # what miniaudio falls back to on a machine without sound
    assert not player.available() and player.why_unavailable() == sound.NO_DEVICE
    assert fake.devices[0].closed


def test_a_working_device_gets_the_sounds_mixed(fake: FakeMiniaudio, player: SoundPlayer) -> None:
    assert player.available() and player.why_unavailable() == ""
    (device,) = fake.devices
    assert device.config["nchannels"] == 1 and device.config["sample_rate"] == 22_050
    card, trick = _samples("card"), _samples("trick")
    assert device.pull(512) == array("h", bytes(1024))  # silence while nothing plays
    player.play("card")
    assert device.pull(1000) == card[:1000]
    player.play("card")  # a new card cuts the one still sounding
    assert device.pull(1000) == card[:1000]
    player.play("trick")  # another sound plays over it
    assert device.pull(3000) == _mixed(card[1000:], trick[:3000], frames=3000)
    assert device.pull(len(trick)) == _mixed(trick[3000:], frames=len(trick))
    assert device.pull(100) == array("h", bytes(200))


def test_a_sound_that_would_come_late_is_dropped(
    fake: FakeMiniaudio, player: SoundPlayer, clock: Clock
) -> None:
    assert player.available()
    player.play("card")
    clock.now += 0.5  # the device did not ask for half a second
    assert fake.devices[0].pull(800) == array("h", bytes(1600))


def test_a_slow_device_never_holds_up_the_game(fake: FakeMiniaudio, player: SoundPlayer) -> None:
    fake.open_delay = 0.4
    started = time.perf_counter()
    for name in SOUND_NAMES:
        player.play(name)
    assert time.perf_counter() - started < 0.05
    assert player.why_unavailable() == ""  # it waits for the device to open (a few s at most)
    (device,) = fake.devices
    assert device.pull(100) == array("h", bytes(200))  # those sounds came too late: dropped
    player.play("card")
    assert device.pull(100) == _samples("card")[:100]


def test_a_lost_device_is_opened_again(
    fake: FakeMiniaudio, player: SoundPlayer, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    assert player.available()
    clock.now += sound.REOPEN_AFTER + 1
    player.play("card")  # the device never asks for it: unplugged, say
    clock.now += sound.STALLED + 0.1
    player.play("trick")
    assert player.available()
    first, second = fake.devices
    assert first.closed and not second.closed
    assert second.pull(100) == _samples("trick")[:100]  # the card was stale, the trick is not
    assert f"Sound effects: {sound.LOST}" in caplog.messages


def test_a_device_lost_soon_after_opening_stays_off(
    fake: FakeMiniaudio, player: SoundPlayer, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    assert player.available()
    player.play("card")
    for _ in range(3):
        clock.now += sound.STALLED + 0.1
        player.play("card")
    assert not player.available() and player.why_unavailable() == sound.LOST
    assert len(fake.devices) == 1
    _wait_until(lambda: fake.devices[0].closed)  # closed in a thread: it may take a while
    assert caplog.messages.count(f"Sound effects: {sound.LOST}") == 1


def test_closing_while_the_device_opens_releases_it(
    fake: FakeMiniaudio, player: SoundPlayer
) -> None:
    fake.open_delay = 0.2
    player.play("card")
    player.close()
    assert not player.available()  # waits for the opener to finish
    assert player.why_unavailable() == sound.CLOSED
    (device,) = fake.devices
    assert device.closed
    player.play("card")
    assert len(fake.devices) == 1


def test_closing_releases_the_device_and_silences_the_player(
    fake: FakeMiniaudio, player: SoundPlayer
) -> None:
    assert player.available()
    player.close()
    player.play("moon")
    assert fake.devices[0].closed and len(fake.devices) == 1


def _wait_until(condition: Callable[[], bool], timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)
