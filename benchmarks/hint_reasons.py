#!/usr/bin/env python3
"""How often the hint and the review say only "it did best when the rest of the hand was tried
out" (``search``), with the reasons read from the search (ai/search_reasons.py) and without
them (the rule of thumb where true, else ``search``: the coach before issue 38 part 2).

    nice -n 5 python benchmarks/hint_reasons.py [--hands N] [--worlds W] [--show]

N hands (20 by default), Hearts and Peppa in turn, from seeds 100, 101, …: seat 0 played by
the easy level (so that the review has choices to mark), the others by the normal level. At
each decision of seat 0 the coach's search is run once (the review's budget, ``--worlds``
deals per play and per pass); from it the hint's reason and, where the choice is marked, the
review's, each both ways. Prints how many decisions got each reason, and the share of the
general one before and after; ``--show`` prints every reason given.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from peppa_qt.ai import make_player
from peppa_qt.ai.hints import Hint, Reason, Why, sentence
from peppa_qt.ai.review import (
    Grade,
    ReviewBudget,
    best_pass,
    best_play,
    grade,
    pass_candidates,
    pass_reason,
    pass_search,
    play_reason,
    play_search,
)
from peppa_qt.engine import Match, Phase, RuleSet, view_of
from peppa_qt.engine.cardset import set_of
from peppa_qt.engine.view import PlayerView


class Tally:
    """The reasons given, before and after, per kind (hint, review)."""

    def __init__(self, show: bool) -> None:
        self.counts: Counter[tuple[str, str]] = Counter()
        self.show = show

    def note(self, kind: str, before: Reason, after: Reason, where: str) -> None:
        """One decision's reason both ways."""
        self.counts[kind, "decisions"] += 1
        self.counts[kind, "before"] += before is Hint.SEARCH
        self.counts[kind, "after"] += after is Hint.SEARCH
        self.counts[kind, f"code {after.code if isinstance(after, Why) else after}"] += 1
        if self.show:
            print(f"{kind:6} {where:18} {before!s:18} -> {sentence(after)}")

    def report(self) -> None:
        """The shares, and the reasons given after."""
        for kind in ("hint", "review"):
            total = max(1, self.counts[kind, "decisions"])
            before, after = self.counts[kind, "before"], self.counts[kind, "after"]
            print(
                f"{kind}: {self.counts[kind, 'decisions']} decisions; the general reason"
                f" before {before} ({before / total:.0%}), after {after} ({after / total:.0%})"
            )
            codes = [
                (k[1][5:], n)
                for k, n in self.counts.items()
                if k[0] == kind and k[1][:5] == "code "
            ]
            print(
                "   after: " + ", ".join(f"{c} {n}" for c, n in sorted(codes, key=lambda x: -x[1]))
            )


def _pass(tally: Tally, view: PlayerView, chosen: int, budget: ReviewBudget, where: str) -> None:
    candidates = pass_candidates(view, budget.pass_candidates)
    if chosen not in candidates:
        candidates.append(chosen)
    samples = pass_search(view, candidates, budget)
    best = best_pass(candidates, samples)
    tally.note("hint", pass_reason(view, best), pass_reason(view, best, samples=samples), where)
    if best != chosen and grade(*samples.difference(best, chosen)) is not Grade.GOOD:
        before = pass_reason(view, best, chosen)
        tally.note("review", before, pass_reason(view, best, chosen, samples), where)


def _play(tally: Tally, view: PlayerView, chosen: int, budget: ReviewBudget, where: str) -> None:
    classes, samples = play_search(view, budget)
    if samples is None:
        return
    best = best_play(samples)
    before = play_reason(view, classes, best)[1]
    tally.note("hint", before, play_reason(view, classes, best, samples=samples)[1], where)
    marked = classes[best] != classes[chosen]
    if marked and grade(*samples.difference(best, chosen)) is not Grade.GOOD:
        before = play_reason(view, classes, best, chosen)[1]
        after = play_reason(view, classes, best, chosen, samples)[1]
        tally.note("review", before, after, where)


def run(hands: int, budget: ReviewBudget, tally: Tally) -> None:
    """Play the hands, tallying seat 0's reasons."""
    for number in range(hands):
        preset = "peppa" if number % 2 else "hearts"
        seed = 100 + number
        match = Match(RuleSet.preset(preset), seed, track_undo=False)
        players = [make_player("easy" if s == 0 else "normal", seed + s) for s in range(4)]
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(4):
                view = view_of(match, seat)
                cards = players[seat].decide(view).cards
                if seat == 0:
                    _pass(tally, view, set_of(cards), budget, f"{preset} {seed} pass")
                match.pass_cards(seat, cards)
        while hand.to_move is not None:
            seat = hand.to_move
            view = view_of(match, seat)
            card = players[seat].decide(view).cards[0]
            if seat == 0:
                where = f"{preset} {seed} trick {len(view.plays) // 4 + 1}"
                _play(tally, view, int(card), budget, where)
            match.play(card)


def main() -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=ReviewBudget().worlds)
    parser.add_argument("--show", action="store_true")
    options = parser.parse_args()
    tally = Tally(options.show)
    start = time.perf_counter()
    run(options.hands, ReviewBudget(options.worlds, options.worlds), tally)
    tally.report()
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
