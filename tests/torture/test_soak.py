"""A soak: 300 hands of all-computer play through the real window, game after game.

Protected here: an evening of computer play, through everything the window does (the
presenter, the panels, the score sheet, the demo going on to the next game), never

- raises: the crash reporter the app installs (``CrashReporter``) logs any uncaught exception
  and the test fails on any entry of its log (pytest-qt's own capture is replaced by it here);
- breaks the engine's bookkeeping: after every trick each card of the deck is in exactly one
  place (a hand, the trick in play, a seat's taken cards), each seat has taken whole tricks and
  the trick just taken is the winner's; after every hand the points add up to the rule set's
  total (unless a moon or the no-card bonus changes them) and the totals are the sums of the
  hands;
- grows: threads, scene items and the window's timers are as many at the end as after hand 20.

Speed off (no animations, no pauses) and the easy and normal levels keep it to some seconds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from peppa_qt.ai import make_player
from peppa_qt.controller import GameSetup, Pace, SeatSetup
from peppa_qt.engine import RuleSet
from peppa_qt.engine.hand import HandResult
from peppa_qt.gui.dialogs.crash_report import CrashReporter
from peppa_qt.gui.window import game as window_game
from peppa_qt.gui.window.main_window import MainWindow

WindowMaker = Callable[..., MainWindow]

HANDS: Final = 300
#: The first sample of the counts: the caches and pools have filled by then.
WARM: Final = 20
#: Short games, so that several end, each rule set in turn: (preset, deck, hands per game).
GAMES: Final = (("peppa", 36, 8), ("hearts", 52, 4), ("torino", 36, 8))
LEVELS: Final = ("easy", "normal", "easy", "normal")


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


@dataclass
class Soak:
    """What the soak saw: hands, games, broken invariants and the counts at two moments."""

    window: MainWindow
    hands: int = 0
    games: int = 0
    tricks: int = 0
    #: The tricks the hands played should have had.
    tricks_dealt: int = 0
    broken: list[str] = field(default_factory=list)
    counts: dict[int, tuple[int, int, int]] = field(default_factory=dict)

    def counted(self) -> tuple[int, int, int]:
        """Threads, scene items, the window's timers."""
        timers = len(self.window.findChildren(QTimer))
        return threading.active_count(), len(self.window.scene.items()), timers

    def check_trick(self, winner: int, cards: Sequence[int]) -> None:
        """Every card in one place; whole tricks taken; the trick just taken the winner's."""
        self.tricks += 1
        hand = self.window.controller.hand
        assert hand is not None
        rules = hand.rules
        places = [*hand.hands, *hand.taken, sum(1 << c for c in hand.trick)]
        where = f"hand {self.hands + 1}, trick {hand.trick_index}"
        if sum(_popcount(m) for m in places) != rules.deck_size:
            self.broken.append(f"{where}: {sum(map(_popcount, places))} cards in play")
        union = 0
        for mask in places:
            if mask & union:
                self.broken.append(f"{where}: a card in two places")
            union |= mask
        if union != rules.deck_mask:
            self.broken.append(f"{where}: the cards are not the deck's")
        if any(_popcount(t) % 4 for t in hand.taken):
            self.broken.append(f"{where}: a seat took part of a trick")
        if len(cards) != 4 or any(not hand.taken[winner] >> c & 1 for c in cards):
            self.broken.append(f"{where}: the trick {cards} is not with its winner {winner}")

    def check_hand(self, index: int, result: HandResult) -> None:
        """The hand's points add up (but for a moon or the bonus); totals are the sums."""
        match = self.window.controller.match
        assert match is not None
        rules = match.rules
        where = f"hand {self.hands + 1}"
        self.tricks_dealt += rules.hand_size
        if sum(_popcount(t) for t in result.taken) != rules.deck_size:
            self.broken.append(f"{where}: {result.taken} is not the deck")
        bonus = rules.no_card_bonus and any(not t for t in result.taken)
        if result.moon is None and not bonus and sum(result.points) != rules.hand_total:
            self.broken.append(f"{where}: {result.points} do not add up to {rules.hand_total}")
        done = [h.result for h in match.hands if h.result is not None]
        totals = [sum(r.points[s] for r in done) for s in range(4)]
        if match.totals() != totals:
            self.broken.append(f"{where}: totals {match.totals()}, the hands sum to {totals}")

    def on_game_over(self, ranking: object) -> None:
        """The demo plays the same game again: the next rule set's, for a change."""
        self.window.session.setup = soak_game(self.games)

    def on_game_started(self) -> None:
        self.games += 1

    def on_hand_completed(self, index: int) -> None:
        self.hands += 1
        if self.hands in (WARM, HANDS):
            self.counts[self.hands] = self.counted()


def soak_game(index: int) -> GameSetup:
    """Four computers of the quick levels in a short game of the ``index``-th rule set."""
    preset, deck, hands = GAMES[index % len(GAMES)]
    rules = RuleSet.preset(preset, {"end": {"mode": "hands", "count": hands}, "deck": deck})
    names = ("Anna", "Bruno", "Carla", "Dario")
    seats = tuple(SeatSetup(n, level) for n, level in zip(names, LEVELS, strict=True))
    return GameSetup(rules, (seats[0], seats[1], seats[2], seats[3]), seed=22)


def test_three_hundred_hands_of_the_demo_leave_no_trace(
    qtbot: QtBot,
    make_window: WindowMaker,
    monkeypatch: pytest.MonkeyPatch,
    profile_dir: Path,
) -> None:
    monkeypatch.setattr(window_game, "DEMO_SUMMARY_MS", 2)  # the summaries go on at once
    window = make_window(make_player)
    window.demo = True
    window.quit_after_hands = HANDS
    window.controller.pace = Pace.instant()
    window.scene.trick_hold = 0
    log_file = window.profile.where.log_file
    told: list[str] = []
    reporter = CrashReporter(log_file, window, tell=lambda _w, text: told.append(text))
    reporter.install()
    soak = Soak(window)
    window.controller.trick_taken.connect(soak.check_trick)
    window.controller.hand_scored.connect(soak.check_hand)
    window.controller.game_started.connect(soak.on_game_started)
    window.controller.game_over.connect(soak.on_game_over)
    window.session.hand_completed.connect(soak.on_hand_completed)
    try:
        window.start_game(soak_game(0))
        # A guard against a hang, not a speed test: 300 hands take 70-100 s here, alone or in
        # the suite (one CI run went past 100 s at load 1).
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=300_000)
    finally:
        reporter.uninstall()
    log = log_file.read_text(encoding="utf-8") if log_file.exists() else ""
    assert not log and not told, f"uncaught exceptions:\n{log}"
    assert soak.hands == HANDS and soak.games >= HANDS // 8
    assert soak.tricks == soak.tricks_dealt
    assert not soak.broken, "\n".join(soak.broken[:20])
    assert soak.counts[HANDS] == soak.counts[WARM], (
        f"threads, scene items, timers after hand {WARM}: {soak.counts[WARM]}; "
        f"after hand {HANDS}: {soak.counts[HANDS]}"
    )
