"""The coach marks few of the expert's own choices and many of the easy level's.

Two records of four Peppa hands with the same deals (``benchmarks/review.py play``, seed 1):
seat 0 played by the expert (time cap lifted, so its cards follow from its seed) or by the
easy level, the other seats by the normal level. benchmarks/README.md has the figures of
longer runs at the coach's own budget; this holds their order in a few seconds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from peppa_qt.ai.review import Grade, ReviewBudget, review_hand
from peppa_qt.engine import read_record, replay

GAMES = Path(__file__).parent / "review_games"
#: Few deals: enough to tell the two levels apart on these hands (0/44 against 6/40 marked).
BUDGET = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=3)


def figures(level: str) -> tuple[float, float]:
    """The share of seat 0's choices (of those that had one) marked, and the mean points
    lost per hand."""
    match = replay(read_record((GAMES / f"{level}.json").read_bytes()), track_undo=False)
    chosen = marked = 0
    lost = 0.0
    for index in range(len(match.hands)):
        review = review_hand(match, index, 0, BUDGET)
        chosen += sum(1 for d in review.decisions if not d.forced)
        marked += sum(1 for d in review.decisions if d.grade is not Grade.GOOD)
        lost += review.lost
    return marked / chosen, lost / len(match.hands)


@pytest.fixture(scope="module")
def expert() -> tuple[float, float]:
    return figures("expert")


@pytest.fixture(scope="module")
def easy() -> tuple[float, float]:
    return figures("easy")


def test_the_expert_s_own_choices_are_seldom_marked(expert: tuple[float, float]) -> None:
    share, lost = expert
    assert share <= 0.05 and lost < 1


def test_the_easy_level_is_marked_more_and_loses_more(
    expert: tuple[float, float], easy: tuple[float, float]
) -> None:
    assert easy[0] > max(0.1, 2 * expert[0])
    assert easy[1] > expert[1] + 2
