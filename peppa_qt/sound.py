"""Sound effects: our own WAVs (``assets/sounds``) played through the optional miniaudio.

Nothing here is needed to play the game. Without the ``sound`` extra (``pip install
"peppa-qt[sound]"``) or without an audio device, a :class:`SoundPlayer` says why in a sentence
and plays nothing. Importing this module loads neither miniaudio nor the sound files: the
device is opened in a background thread when the first sound is asked for (or by
:meth:`SoundPlayer.available`, which waits for the answer).

How it plays: one miniaudio playback device, mono, at the files' rate, pulls its buffers
from a generator that runs on miniaudio's own thread. ``play`` only adds a voice under a
lock; the generator sums the voices into each buffer the device asks for. A sound cuts an
earlier copy of itself still playing (the snaps of quick computer cards do not pile up);
different sounds overlap.

The reasons given by :meth:`SoundPlayer.why_unavailable` are the module's constants
(``NO_LIBRARY``, ``NO_DEVICE``, …) or, for an error miniaudio does not name, a sentence
quoting it: the window may show its own words for the known ones.
"""

from __future__ import annotations

import atexit
import importlib
import logging
import sys
import threading
from array import array
from collections.abc import Generator
from functools import cache
from itertools import zip_longest
from time import monotonic
from typing import Any

log = logging.getLogger(__name__)

SOUND_NAMES = (
    "card",
    "trick",
    "hearts_broken",
    "queen_of_spades",
    "moon",
    "your_turn",
    "refused",
)

NO_LIBRARY = "the optional sound library (miniaudio) is not installed"
NO_DEVICE = "no audio device was found"
NOT_OPENED = "no audio device could be opened"
BUSY = "the audio device is busy (another program may be using it)"
DENIED = "access to the audio device was denied"
NOT_STARTED = "the audio device could not be started"
LOST = "the audio device stopped playing"
NO_FILES = "the sound files of this installation could not be read"
OPENING = "the audio device is still being opened"
CLOSED = "the sound player was closed"

# miniaudio's result codes (ma_result) that have a sentence of their own.
_REASONS = {-6: DENIED, -19: BUSY, -23: BUSY, -203: NO_DEVICE, -204: NO_DEVICE}
_REASONS |= {-400: NO_DEVICE, -401: NOT_OPENED, -402: NOT_STARTED}

PERIOD_MS = 25  # the device asks for this much at a time: short enough to sound at once
LATE = 0.25  # seconds: a sound not begun this long after it was asked for is dropped
STALLED = 1.0  # a sound still not begun after this long: the device has stopped asking
REOPEN_AFTER = 10.0  # a device lost sooner than this after opening is not opened again
OPEN_WAIT = 3.0  # available() waits at most this long for the device to open

_IDLE, _OPENING, _OPEN, _FAILED, _CLOSED = "idle", "opening", "open", "failed", "closed"


class _NoSoundError(Exception):
    """No sound can be played; the message is the reason, a sentence for the player."""


@cache
def _decoded() -> tuple[int, dict[str, array[int]]]:
    """The rate and the samples of every sound, read from the package once."""
    import io
    import wave

    from .resources import asset_bytes

    rates, sounds = set(), {}
    for name in SOUND_NAMES:
        try:
            with wave.open(io.BytesIO(asset_bytes("sounds", f"{name}.wav"))) as wav:
                if (wav.getnchannels(), wav.getsampwidth()) != (1, 2):
                    raise ValueError(f"{name}.wav is not mono 16-bit")
                rates.add(wav.getframerate())
                samples = array("h", wav.readframes(wav.getnframes()))
        except (wave.Error, EOFError) as err:
            raise ValueError(f"{name}.wav is not a WAV file: {err}") from err
        if sys.byteorder == "big":
            samples.byteswap()  # WAV is little-endian; the device takes native samples
        sounds[name] = samples
    if len(rates) != 1:
        raise ValueError(f"the sounds have different rates: {sorted(rates)}")
    return rates.pop(), sounds


class _Voice:
    """One sound being played: when it was asked for and how far it has got."""

    __slots__ = ("asked", "position")

    def __init__(self, asked: float) -> None:
        self.asked = asked
        self.position = 0


class _Mixer:
    """The voices playing, summed into each buffer the device asks for.

    ``add`` runs on the caller's thread, ``render`` on the device's: both hold the lock only
    for a few list operations.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sounds: dict[str, array[int]] = {}
        self._voices: dict[str, _Voice] = {}  # one per name: a new one cuts the old
        self._failed = False

    def load(self) -> int:
        """Decode the sounds (once per process) and return their rate."""
        try:
            rate, sounds = _decoded()
        except (OSError, ValueError) as err:
            raise _NoSoundError(NO_FILES) from err
        with self._lock:
            self._sounds = sounds
        return rate

    def add(self, name: str, now: float) -> None:
        """Start *name* from its beginning (cutting a copy of it still playing)."""
        with self._lock:
            self._voices[name] = _Voice(now)

    def drop_late(self, now: float) -> None:
        """Forget the sounds that waited too long to begin."""
        with self._lock:
            for name, voice in list(self._voices.items()):
                if voice.position == 0 and now - voice.asked > LATE:
                    del self._voices[name]

    def clear(self) -> None:
        """Forget every voice."""
        with self._lock:
            self._voices.clear()

    def stalled(self, now: float) -> bool:
        """Whether a sound has waited so long that the device must have stopped asking."""
        with self._lock:
            return any(v.position == 0 and now - v.asked > STALLED for v in self._voices.values())

    def render(self, frames: int) -> bytes:
        """The next *frames* samples of all voices summed (silence when none plays)."""
        self.drop_late(monotonic())
        chunks = []
        with self._lock:
            for name, voice in list(self._voices.items()):
                samples = self._sounds.get(name, array("h"))
                chunk = samples[voice.position : voice.position + frames]
                voice.position += len(chunk)
                if voice.position >= len(samples):
                    del self._voices[name]
                chunks.append(chunk)
        return _mixed(chunks, frames)

    def stream(self) -> Generator[bytes, int, None]:
        """The generator the device pulls from: it is sent a frame count, yields samples."""
        frames = yield b""
        while True:
            try:
                data = self.render(frames)
            except Exception:  # on the device's thread: nobody could catch it there
                if not self._failed:
                    log.exception("Sound effects: mixing failed; playing silence")
                    self._failed = True
                data = bytes(2 * frames)
            frames = yield data


def _mixed(chunks: list[array[int]], frames: int) -> bytes:
    """*chunks* summed (clipped to 16 bits) and padded with silence to *frames* samples."""
    if not chunks:
        return bytes(2 * frames)
    if len(chunks) == 1:
        out = chunks[0]
    else:
        out = array(
            "h", (max(-32768, min(32767, sum(s))) for s in zip_longest(*chunks, fillvalue=0))
        )
    return out.tobytes() + bytes(2 * (frames - len(out)))


def _reason(err: BaseException) -> str:
    """A sentence for a miniaudio error: its own for the codes we know, else quoting it."""
    code = next((a for a in getattr(err, "args", ()) if isinstance(a, int)), None)
    if code in _REASONS:
        return _REASONS[code]
    said = ", ".join(str(a) for a in err.args) or type(err).__name__
    return f"the audio device could not be used (miniaudio: {said})"


def _close_quietly(device: Any) -> None:
    """Stop and release *device*; a failure to do so is only logged."""
    try:
        device.close()
    except Exception:
        log.debug("Sound effects: closing the audio device failed", exc_info=True)


class SoundPlayer:
    """Plays Peppa's sound effects by name; without a library or a device, plays nothing.

    Cheap to make: nothing is imported or opened until a sound is asked for or
    :meth:`available` is. Call :meth:`close` when sounds are switched off (it is also called
    at exit).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._mixer = _Mixer()
        self._state = _IDLE
        self._reason = ""
        self._device: Any = None
        self._opener: threading.Thread | None = None
        self._opened_at = 0.0
        self._told: set[str] = set()

    def available(self) -> bool:
        """Whether sounds can be heard; the first call waits for the device (0.1 s, 3 s at most)."""
        self._settle()
        return self._state == _OPEN

    def why_unavailable(self) -> str:
        """Why no sound can be heard, in English, lower case, no full stop ("" if they can be)."""
        self._settle()
        with self._lock:
            return {_OPEN: "", _OPENING: OPENING}.get(self._state, self._reason)

    def play(self, name: str) -> None:
        """Start the sound *name* and return at once (ValueError only for an unknown name).

        Whatever the device does (missing, busy, gone), this neither raises nor waits: the
        trouble is logged once and the sound skipped.
        """
        if name not in SOUND_NAMES:
            raise ValueError(f"no sound is called {name!r}; the sounds are {SOUND_NAMES}")
        try:
            now = monotonic()
            with self._lock:
                state = self._check_locked(now)
            if state in (_OPENING, _OPEN):
                self._mixer.add(name, now)
        except Exception:  # a sound effect is never worth a failure of the game
            self._tell("Sound effects: a sound could not be started", exc_info=True)

    def close(self) -> None:
        """Stop every sound and release the device (a few ms); nothing plays afterwards."""
        with self._lock:
            device, self._device = self._device, None
            self._state, self._reason = _CLOSED, CLOSED
        if device is not None:
            _close_quietly(device)
        atexit.unregister(self.close)

    # -- opening the device ---------------------------------------------------------------

    def _settle(self) -> None:
        """Begin opening the device if nobody has, and wait (a little) for the outcome."""
        with self._lock:
            self._check_locked(monotonic())
            opener = self._opener
        if opener is not None and opener is not threading.current_thread():
            opener.join(OPEN_WAIT)

    def _check_locked(self, now: float) -> str:
        """The state, once an idle player has begun opening and a lost device reopening."""
        if self._state == _IDLE:
            self._start_opening_locked(None)
        elif self._state == _OPEN and self._mixer.stalled(now):
            self._tell(f"Sound effects: {LOST}")
            self._mixer.clear()
            lost, self._device = self._device, None
            if now - self._opened_at < REOPEN_AFTER:
                self._state, self._reason = _FAILED, LOST
                threading.Thread(target=_close_quietly, args=(lost,), daemon=True).start()
            else:
                self._start_opening_locked(lost)
        return self._state

    def _start_opening_locked(self, lost: Any) -> None:
        """Open the device in a thread of its own (after closing *lost*, if any)."""
        self._state, self._opened_at = _OPENING, monotonic()
        atexit.register(self.close)  # the device's thread must stop before Python does
        self._opener = threading.Thread(
            target=self._open, args=(lost,), name="peppa-sound", daemon=True
        )
        self._opener.start()

    def _open(self, lost: Any) -> None:
        """The opener thread: a playing device, or the reason there is none."""
        if lost is not None:
            _close_quietly(lost)
        try:
            device = self._new_device()
        except _NoSoundError as err:
            self._fail(str(err))
            return
        except Exception as err:  # an unforeseen error of the library: no sound, but said
            self._tell("Sound effects: opening the audio device failed", exc_info=True)
            self._fail(_reason(err))
            return
        with self._lock:
            closed = self._state == _CLOSED
            if not closed:
                self._device, self._state = device, _OPEN
        if closed:
            _close_quietly(device)

    def _new_device(self) -> Any:
        """A started miniaudio playback device fed by the mixer (_NoSoundError if none)."""
        try:
            # Typed as Any: the library is optional, and mypy must answer alike without it.
            library: Any = importlib.import_module("miniaudio")
        except ImportError as err:
            raise _NoSoundError(NO_LIBRARY) from err
        rate = self._mixer.load()
        try:
            device = library.PlaybackDevice(
                output_format=library.SampleFormat.SIGNED16,
                nchannels=1,
                sample_rate=rate,
                buffersize_msec=PERIOD_MS,
                app_name="Peppa",
            )
        except library.MiniaudioError as err:
            raise _NoSoundError(_reason(err)) from err
        try:
            # With no sound system at all, miniaudio falls back to its null backend, which
            # accepts samples and plays them nowhere.
            if str(getattr(device, "backend", "")).lower() == "null":
                raise _NoSoundError(NO_DEVICE)
            stream = self._mixer.stream()
            next(stream)  # miniaudio wants the generator started
            self._mixer.drop_late(monotonic())
            device.start(stream)
        except library.MiniaudioError as err:
            _close_quietly(device)
            raise _NoSoundError(_reason(err)) from err
        except BaseException:
            _close_quietly(device)
            raise
        return device

    def _fail(self, reason: str) -> None:
        """No device: remember why (unless the player was closed meanwhile) and say it once."""
        with self._lock:
            if self._state != _CLOSED:
                self._state, self._reason = _FAILED, reason
        self._tell(f"Sound effects are off: {reason}")

    def _tell(self, message: str, *, exc_info: bool = False) -> None:
        """Log *message* the first time only."""
        if message not in self._told:
            self._told.add(message)
            log.warning("%s", message, exc_info=exc_info)
