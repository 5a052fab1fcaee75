#!/usr/bin/env python3
"""How long the end-of-hand review keeps the player waiting: from the hand's last card, and
from the summary (where "Review this hand…" is pressed at once), to the review ready.

    nice -n 5 python benchmarks/first_review.py [--think S] [--seed S] [--level L] [--table T]

One hand (of Peppa unless ``--table``) in a game session without a window (the window's
pace: computers pause 450 ms; their level ``--level``, normal unless told), seat 0 played by
a "human" who thinks ``--think`` seconds (1.5) before each choice and plays the lowest legal
card. Played twice on
the same deal: first with the decisions reviewed only when asked (``before``: as it was),
then reviewed ahead as each is taken (``after``: controller/review.py ``prepare``). The
coach's full budget. Wall clock, one run of each, back to back.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer

from peppa_qt.controller import GameSession, GameSetup, Pace, Preferences, SeatSetup
from peppa_qt.engine import Phase, RuleSet, cards_of
from peppa_qt.storage import Profile, locations
from peppa_qt.storage.paths import set_base_dir
from peppa_qt.table import CardPlayed


def one_hand(
    app: QCoreApplication, args: argparse.Namespace, ahead: bool
) -> tuple[float, float, int]:
    """Seconds from the last card, and from the summary, to the review ready; the decisions
    searched (those with a choice)."""
    profile = Profile(locations())
    session = GameSession(profile, Preferences(profile), Pace(), gated=False)
    if not ahead:
        session.reviewer.prepare = lambda *_: None  # type: ignore[method-assign]
    rules = RuleSet.preset(args.table, {"end": {"mode": "hands", "count": 2}})
    bots = tuple(SeatSetup(n, args.level) for n in ("Bruno", "Carla", "Dario"))
    marks: dict[str, float] = {}
    rules_cards = rules.seats * rules.hand_size

    def told(event: object) -> None:
        hand = session.controller.hand
        if isinstance(event, CardPlayed) and hand is not None and len(hand.plays) == rules_cards:
            marks["last card"] = time.perf_counter()

    def completed(index: int) -> None:
        marks["summary"] = time.perf_counter()
        session.request_review(index, 0)

    def reviewed(review: object) -> None:
        marks["ready"] = time.perf_counter()
        decisions = getattr(review, "decisions", ())
        marks["searched"] = sum(1 for d in decisions if not d.forced)
        app.quit()

    def act() -> None:
        hand = session.controller.hand
        if hand is None or hand.phase is Phase.SCORED:
            return
        if hand.phase is Phase.PASSING and hand.passes[0] is None:
            session.submit_pass(0, cards_of(hand.hands[0])[:3])
        elif hand.to_move == 0:
            session.submit_play(0, cards_of(hand.legal_mask())[0])

    session.controller.event_told.connect(told)
    session.hand_completed.connect(completed)
    session.reviewer.reviewed.connect(reviewed)
    timer = QTimer()
    timer.timeout.connect(act)
    timer.start(int(args.think * 1000))
    session.start(GameSetup(rules, (SeatSetup("Anna"), *bots), seed=args.seed))
    app.exec()
    timer.stop()
    session.controller.shutdown()
    session.reviewer.shutdown()
    ready = marks["ready"]
    return ready - marks["last card"], ready - marks["summary"], int(marks["searched"])


def main() -> int:
    """Both runs, then the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--table", default="peppa", help="a preset of four seats")
    args = parser.parse_args()
    app = QCoreApplication(sys.argv)
    set_base_dir(Path(tempfile.mkdtemp(prefix="peppa-first-review-")))  # left: autosaves
    for name, ahead in (("before", False), ("after", True)):
        started = time.perf_counter()
        from_card, from_summary, searched = one_hand(app, args, ahead)
        hand = time.perf_counter() - started
        print(
            f"{name:<7} review ready {from_card:5.1f} s after the last card, "
            f"{from_summary:5.1f} s after the summary ({searched} decisions searched; "
            f"the hand took {hand:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
