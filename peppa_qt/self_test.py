"""``peppa-qt --self-test``: does this copy of the game have everything it needs, and work?

Meant for a built app (the PyInstaller bundle, an installed .deb, a Windows or macOS install)
as much as for a source checkout, on a machine with nobody in front of it: it shows no window
and no dialog, prints one line per check and exits 0 only if every check passed.

- **qt**: Qt starts (offscreen when there is no display at all), SVG pictures and icons can
  be drawn, and on Linux the X11 and Wayland platform plugins are present.
- **cards**: every face of both decks and every back is read and drawn, by the same code the
  table uses; each is a picture (not blank) and no two faces are alike.
- **icon**: the window's icon draws.
- **help**: the rules pages in English and Italian, and the licence.
- **translations**: our Italian and English catalogues, and Qt's own Italian one.
- **sound**: every sound effect reads as a WAV; whether the build has the optional library
  that plays them is said (without it the game is silent), not required.
- **players**: every computer level is found and plays a whole hand (one seat each, several
  hands if there are more than four levels), and then a Belmont hand at six seats with two
  decks (every level at a seat, some at two), at a reduced search budget so that the check
  takes seconds. Every decision must come back, be legal and, for a searching level, come
  from its search: a player that raises, cheats or quietly falls back to a weaker level (as
  the expert does when its worker processes give no answer) fails the check. The expert must
  have searched in worker processes (where the machine has more than one core; on one core,
  where the expert searches in its own process, a worker process is started to show that
  one could run).
- **save**: a game is written as the autosave and as a saved game in a temporary profile,
  read back and replayed to the same scores; the settings likewise.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from . import __version__

if TYPE_CHECKING:
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QApplication

    from .ai.base import Player
    from .engine import Match, PlayerView
    from .gui.table.card_pixmaps import CardPixmapCache
    from .storage import Problem

#: The longest a searching player may think over one decision in the self-test. Generous, so
#: that a slow machine starting its worker processes is not taken for a broken one.
DEADLINE_SECONDS: Final = 60.0
#: Deals searched per decision in the self-test (the levels search far more in a game).
EXPERT_WORLDS: Final = 96
EXPERT_PASS_WORLDS: Final = 48
HARD_WORLDS: Final = 40
#: The table of the Belmont hand every level plays (two decks).
BELMONT_SEATS: Final = 6
#: A rules page shorter than this (characters) has lost its text.
SHORTEST_RULES_PAGE: Final = 1000
#: The size the cards are drawn at (logical pixels, pixel ratio 1).
CARD_SIZE: Final = (125, 175)
#: A card picture is opaque over most of its area (only the rounded corners are not).
CARD_OPAQUE_SHARE: Final = 0.9
#: One of our texts and one of Qt's, with what must not come back (our Italian may be
#: reworded, so only "translated" is checked) or must (Qt's own wording).
OUR_SAMPLE: Final = ("MainWindow", "&Game")
QT_SAMPLE: Final = ("QPlatformTheme", "Cancel", "Annulla")


class CheckError(Exception):
    """A check found something wrong; the message says what."""


Check = Callable[[], str]


def run_self_test(out: TextIO | None = None, checks: Sequence[tuple[str, Check]] = ()) -> int:
    """Run ``checks`` (all of them by default), print one line each; 0 if all passed, else 1."""
    stream = out if out is not None else sys.stdout
    from . import native

    frozen = "frozen" if getattr(sys, "frozen", False) else "from source"
    python = f"Python {sys.version.split()[0]}"
    print(
        f"peppa-qt {__version__} self-test ({frozen}, {python}, {native.describe()})", file=stream
    )
    started = time.perf_counter()
    failed = []
    for name, check in checks or CHECKS:
        began = time.perf_counter()
        try:
            detail = check()
        except Exception as error:  # every failure is reported, then the next check runs
            failed.append(name)
            detail = str(error) if isinstance(error, CheckError) else repr(error)
            print(f"FAIL {name:13s}{detail}", file=stream, flush=True)
            continue
        took = time.perf_counter() - began
        print(f"ok   {name:13s}{detail} ({took:.1f} s)", file=stream, flush=True)
    total = time.perf_counter() - started
    if failed:
        print(f"self-test FAILED: {', '.join(failed)} ({total:.1f} s)", file=stream, flush=True)
        return 1
    print(f"self-test passed ({total:.1f} s)", file=stream, flush=True)
    return 0


# ------------------------------------------------------------------------ Qt


def application() -> QApplication:
    """The running QApplication, or a new one; offscreen on a Linux machine without display."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        if sys.platform.startswith("linux") and headless and not os.environ.get("QT_QPA_PLATFORM"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        app = QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    return app


def check_qt() -> str:
    """Qt starts, draws SVG, and (on Linux) can open windows on X11 and Wayland."""
    from PySide6.QtCore import QLibraryInfo, qVersion
    from PySide6.QtGui import QImageReader

    app = application()
    formats = {bytes(f.data()).decode() for f in QImageReader.supportedImageFormats()}
    if "svg" not in formats:
        raise CheckError(f"Qt cannot read SVG pictures (formats: {sorted(formats)})")
    detail = f"Qt {qVersion()}, platform {app.platformName()}, SVG pictures"
    if sys.platform.startswith("linux"):
        folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms"
        found = {p.name.removeprefix("libq").split(".")[0] for p in folder.glob("libq*.so")}
        missing = {"xcb", "wayland"} - found
        if missing:
            raise CheckError(f"no {' or '.join(sorted(missing))} platform plugin in {folder}")
        detail += f"; platform plugins {', '.join(sorted(found))}"
    return detail


def opaque_share(pixmap: QPixmap) -> float:
    """The share of a picture's pixels that are not transparent (0 for a null picture)."""
    from PySide6.QtGui import QImage

    if pixmap.isNull():
        return 0.0
    image = pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32)
    pixels = bytes(image.constBits())
    alpha = pixels[3::4] if sys.byteorder == "little" else pixels[0::4]
    return 1 - alpha.count(0) / max(1, len(alpha))


def _checked_picture(pixmap: QPixmap, name: str, least: float) -> bytes:
    """The picture's pixels, once it is known not to be blank."""
    share = opaque_share(pixmap)
    if share < least:
        raise CheckError(f"{name} is blank or cut ({share:.0%} of it drawn)")
    return bytes(pixmap.toImage().constBits())


def check_cards() -> str:
    """Every face of each design in both colourings and every back, drawn as the table does."""
    from PySide6.QtCore import QSize

    from .gui.table.card_pixmaps import BACK_COLOURS, DECK_FOLDERS, CardPixmapCache

    application()
    size = QSize(*CARD_SIZE)
    cache = CardPixmapCache(max_sizes=1)
    faces = 0
    for design in DECK_FOLDERS:
        for four_colour in (False, True):
            cache.deck, cache.four_colour = design, four_colour
            faces += _check_faces(cache, size, f"{design} {_colouring(four_colour)}")
    for colour in BACK_COLOURS:
        try:
            back = cache.back_of(colour, size, 1.0)
        except OSError as error:
            raise CheckError(f"the {colour} back: {error}") from error
        _checked_picture(back, f"the {colour} back", CARD_OPAQUE_SHARE)
    decks = len(DECK_FOLDERS) * 2
    return f"{faces} faces ({decks} decks) and {len(BACK_COLOURS)} backs drawn, all different"


def _colouring(four_colour: bool) -> str:
    return "four-colour" if four_colour else "two-colour"


def _check_faces(cache: CardPixmapCache, size: QSize, deck: str) -> int:
    """The 52 faces the cache gives now, each drawn and unlike the others; how many."""
    from .gui.table.card_pixmaps import card_file_name

    seen: dict[bytes, str] = {}
    for card in range(52):
        name = f"{deck} {card_file_name(card)}"
        try:
            pixels = _checked_picture(cache.face(card, size, 1.0), name, CARD_OPAQUE_SHARE)
        except OSError as error:
            raise CheckError(f"{name}: {error}") from error
        if pixels in seen:
            raise CheckError(f"{name} looks exactly like {seen[pixels]}")
        seen[pixels] = name
    return len(seen)


def check_icon() -> str:
    """The window's icon draws at the sizes a desktop asks for."""
    from PySide6.QtCore import QSize

    from .gui.table.card_pixmaps import app_icon

    application()
    icon = app_icon()
    sides = (16, 32, 64, 256)
    for side in sides:
        _checked_picture(icon.pixmap(QSize(side, side)), f"the icon at {side} px", 0.2)
    return f"the window's icon drawn at {', '.join(map(str, sides))} px"


def check_help() -> str:
    """The rules pages in both languages (as text a reader sees) and the licence."""
    from PySide6.QtGui import QTextDocument

    from .gui.dialogs.help import LANGUAGES, rules_html
    from .resources import asset_text

    application()
    lengths = []
    for code, language in LANGUAGES:
        document = QTextDocument()
        document.setHtml(rules_html(code))
        text = document.toPlainText()
        if len(text) < SHORTEST_RULES_PAGE:
            raise CheckError(f"the {language} rules page has only {len(text)} characters")
        lengths.append(f"{language} {len(text):,}")
    if not asset_text("LICENSE.txt").startswith("MIT License"):
        raise CheckError("the licence text is not the MIT licence")
    return f"rules pages ({', '.join(lengths)} characters), the licence"


def check_translations() -> str:
    """Our catalogue for each language, and Qt's Italian one for its standard buttons."""
    from PySide6.QtCore import QLibraryInfo, QTranslator

    from .gui.window.language import LANGUAGES, catalogue_path

    found = []
    for code in LANGUAGES:
        ours = QTranslator()
        if not ours.load(catalogue_path(code)) or ours.isEmpty():
            raise CheckError(f"our {code} catalogue is missing or empty ({catalogue_path(code)})")
        if not ours.language().startswith(code):
            raise CheckError(f"our {code} catalogue is for {ours.language()!r}")
        found.append(f"peppa_{code}")
    italian = QTranslator()
    italian.load(catalogue_path("it"))
    if italian.translate(*OUR_SAMPLE) in ("", OUR_SAMPLE[1]):
        raise CheckError(f"{OUR_SAMPLE[1]!r} is not translated into Italian")
    qt = QTranslator()
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    context, text, wanted = QT_SAMPLE
    if not qt.load("qtbase_it", folder) or qt.translate(context, text) != wanted:
        raise CheckError(f"Qt's Italian catalogue (qtbase_it) is missing from {folder}")
    return f"{', '.join(found)} and Qt's qtbase_it"


def check_sound() -> str:
    """Every sound effect reads as a WAV; whether this build has the (optional) library that
    plays them, which is told, not required: without it the game is silent."""
    import importlib
    import io
    import wave

    from .resources import asset_bytes
    from .sound import SOUND_NAMES

    for name in SOUND_NAMES:
        try:
            with wave.open(io.BytesIO(asset_bytes("sounds", f"{name}.wav"))) as wav:
                frames = wav.getnframes()
        except (OSError, EOFError, wave.Error) as error:
            raise CheckError(f"the {name} sound cannot be read: {error}") from error
        if frames == 0:
            raise CheckError(f"the {name} sound is empty")
    try:
        library = importlib.import_module("miniaudio")
    except ImportError as error:
        return f"{len(SOUND_NAMES)} sounds; no sound library in this build ({error}): silent"
    version = getattr(library, "__version__", "?")
    return f"{len(SOUND_NAMES)} sounds and the library that plays them (miniaudio {version})"


# --------------------------------------------------------------- the players


def quick(player: Player) -> Player:
    """``player`` searching fewer deals, with a long deadline (the self-test's budget)."""
    from .ai.expert import ExpertPlayer
    from .ai.hard import HardPlayer
    from .ai.search import Budget

    if isinstance(player, ExpertPlayer):
        player.worlds = EXPERT_WORLDS
        player.pass_worlds = EXPERT_PASS_WORLDS
        player.seconds = DEADLINE_SECONDS
    elif isinstance(player, HardPlayer):
        player.budget = Budget(HARD_WORLDS, DEADLINE_SECONDS)
    return player


def decide(player: Player, match: Match, seat: int) -> tuple[int, ...]:
    """Ask ``player`` at ``seat``; its cards, once known to be legal and searched for."""
    from .ai.search import SearchPlayer
    from .engine import Phase, view_of

    level = player.level
    view: PlayerView = view_of(match, seat)
    try:
        decision = player.decide(view)
    except Exception as error:
        raise CheckError(f"the {level} player failed: {error!r}") from error
    cards = tuple(int(card) for card in decision.cards)
    hand = match.current
    assert hand is not None
    if hand.phase is Phase.PASSING:
        refusal = match.why_illegal_pass(seat, cards)
    elif len(cards) != 1:
        raise CheckError(f"the {level} player played {len(cards)} cards at once")
    else:
        refusal = match.why_illegal(cards[0])
    if refusal is not None:
        raise CheckError(f"the {level} player chose an illegal move: {refusal}")
    searched = decision.reason in ("search", "only_card")
    if isinstance(player, SearchPlayer) and view.to_move is not None and not searched:
        raise CheckError(
            f"the {level} player did not search (it fell back to another level's play,"
            f" {decision.reason!r}): its search gave no answer"
        )
    return cards


def play_hand(match: Match, players: Sequence[Player]) -> int:
    """Deal and play one hand of ``match``, seat ``s`` played by ``players[s]``; decisions."""
    from .engine import Phase

    hand = match.start_hand()
    decisions = 0
    if hand.phase is Phase.PASSING:
        seats = range(match.rules.seats)
        chosen = {seat: decide(players[seat], match, seat) for seat in seats}
        decisions += len(chosen)
        for seat, cards in chosen.items():
            match.pass_cards(seat, cards)
    while hand.to_move is not None:
        seat = hand.to_move
        match.play(decide(players[seat], match, seat)[0])
        decisions += 1
    return decisions


def check_players() -> str:
    """Every computer level plays a whole hand, the expert through its worker processes."""
    from .ai import LEVELS, available_levels, make_player
    from .ai.expert import shutdown_pool
    from .engine import Match, RuleSet

    missing = [level for level in LEVELS if level not in available_levels()]
    if missing:
        raise CheckError(f"computer levels missing from this build: {', '.join(missing)}")
    decisions = 0
    match = Match(RuleSet.preset("peppa"), seed=20240518)
    belmont = Match(RuleSet.preset("belmont", seats=BELMONT_SEATS), seed=20261226)
    try:
        for first in range(0, len(LEVELS), 4):
            levels = [LEVELS[(first + seat) % len(LEVELS)] for seat in range(4)]
            players = [quick(make_player(level, seed=seat)) for seat, level in enumerate(levels)]
            decisions += play_hand(match, players)
        # Six seats, two decks: each level at a seat, the first ones at a second too.
        levels = [LEVELS[seat % len(LEVELS)] for seat in range(BELMONT_SEATS)]
        players = [quick(make_player(level, seed=seat)) for seat, level in enumerate(levels)]
        decisions += play_hand(belmont, players)
        workers = expert_workers()
    finally:
        shutdown_pool()
    hands = "one hand" if len(match.hands) == 1 else f"{len(match.hands)} hands"
    return (
        f"{', '.join(LEVELS)}: {hands} and a Belmont hand at {BELMONT_SEATS} seats,"
        f" {decisions} decisions, all legal; {workers}"
    )


def expert_workers() -> str:
    """How the expert's worker processes showed they work (CheckError if they did not)."""
    cores = os.cpu_count() or 1
    if cores > 1:
        alive = [child.pid for child in multiprocessing.active_children()]
        if not alive:
            raise CheckError(f"the expert searched without worker processes on {cores} cores")
        return f"the expert searched in {len(alive)} worker processes"
    # One core: the expert searches in its own process; show that a worker can still start.
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        pid = pool.submit(os.getpid).result(timeout=DEADLINE_SECONDS)
    if pid == os.getpid():
        raise CheckError("a worker process ran in this process")
    return "one core: the expert searches in its own process; a worker process started"


# ------------------------------------------------------------------ the files


def random_match(seed: int) -> Match:
    """A game of one hand played with random legal cards (no computer player involved)."""
    from .engine import Match, Phase, RuleSet, cards_of

    rng = random.Random(seed)
    match = Match(RuleSet.preset("peppa"), seed)
    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        for seat in range(4):
            match.pass_cards(seat, rng.sample(cards_of(hand.hands[seat]), 3))
    while hand.to_move is not None:
        match.play(rng.choice(cards_of(hand.legal_mask())))
    return match


def check_save() -> str:
    """A game saved (autosave and a saved game) and the settings, read back in a temporary
    profile, the game replayed to the same scores."""
    from .engine import PlayerInfo, record_of, summary
    from .storage import Locations, Profile, SavedGame, Settings, default_seeds

    match = random_match(seed=7)
    players = (PlayerInfo("Anna"), *(PlayerInfo(f"CPU {s}", "ai", "normal") for s in (1, 2, 3)))
    record = record_of(match, players)
    saved = SavedGame(record, default_seeds(record, match.seed))
    with tempfile.TemporaryDirectory(prefix="peppa-self-test-") as folder:
        profile = Profile(Locations.under(Path(folder)))
        file = profile.where.saves_dir / "self-test.peppa"
        for what, problem in (
            ("the autosave", profile.save_autosave(saved)),
            ("a saved game", profile.save_game(file, saved)),
            ("the settings", profile.save_settings(Settings(language="it"))),
        ):
            if problem is not None:
                raise CheckError(f"{what} could not be written: {_said(problem)}")
        settings, problem = profile.load_settings()
        if problem is not None or settings != Settings(language="it"):
            raise CheckError(f"the settings did not read back ({_said(problem)})")
        for what, (opened, problem) in (
            ("the autosave", profile.load_autosave()),
            ("the saved game", profile.open_game(file)),
        ):
            if opened is None or problem is not None:
                raise CheckError(f"{what} could not be read back: {_said(problem)}")
            if opened.saved.record != record or summary(opened.match) != summary(match):
                raise CheckError(f"{what} read back is not the game that was written")
    return "autosave, a saved game and the settings written and read back in a temporary profile"


def check_network() -> str:
    """The networked table in this build (``self_test_net``)."""
    from .self_test_net import check_network as network

    return network()


def _said(problem: Problem | None) -> str:
    """A file problem in a few words (the window words it for players; this is for a log)."""
    if problem is None:
        return "no problem reported"
    return f"{problem.kind.value}, {problem.path}: {problem.detail}"


CHECKS: Final[tuple[tuple[str, Check], ...]] = (
    ("qt", check_qt),
    ("cards", check_cards),
    ("icon", check_icon),
    ("help", check_help),
    ("translations", check_translations),
    ("sound", check_sound),
    ("players", check_players),
    ("save", check_save),
    ("network", check_network),
)
