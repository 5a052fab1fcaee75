"""The score sheet and the list of tricks, kept in step with the table the screen shows.

``TableSheets`` writes both models (they own their rows): a trick as it is taken, a hand as
it is scored, and both again from a moment drawn as it stands (a resumed game, an undo, a
redraw after an error).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import HandResult, Phase, RuleSet, TableState
from ...models import ScoreSheetModel, TrickListModel
from ..panels.summaries import sheet_rows


class TableSheets:
    """Rows for the score sheet and the trick list, from the public table."""

    def __init__(self, scores: ScoreSheetModel, tricks: TrickListModel) -> None:
        self._scores = scores
        self._tricks = tricks

    def new_game(self, names: Sequence[str]) -> None:
        """Empty sheets, a column for each of these players."""
        self._scores.reset(names)
        self._tricks.reset(names)

    def new_hand(self) -> None:
        """No trick taken yet."""
        self._tricks.reset()

    def hands_before(self, table: TableState, names: Sequence[str] | None = None) -> None:
        """The rows of every hand scored before the one ``table`` shows (``names``: on a sheet
        started anew for them)."""
        if names is not None:
            self._scores.reset(names)
        earlier = table.results[:-1] if scored(table) else table.results
        # One insertion: a game resumed after thousands of hands took 0.3 s a row at a time.
        self._scores.add_hands(list(sheet_rows(earlier, table.rules)))

    def tricks_so_far(self, table: TableState) -> None:
        """The tricks taken in the hand as it stands."""
        self._tricks.reset()
        for index, trick in enumerate(table.tricks):
            if trick.complete:
                assert trick.winner is not None
                points = trick_points(table.rules, index, trick.cards)
                self._tricks.add_trick(list(trick.plays), trick.winner, points)

    def trick_taken(self, table: TableState, winner: int) -> None:
        """The trick ``winner`` just took (the last one ``table`` holds)."""
        trick = table.tricks[-1]
        points = trick_points(table.rules, len(table.tricks) - 1, trick.cards)
        self._tricks.add_trick(list(trick.plays), winner, points)

    def hand_scored(self, table: TableState, result: HandResult) -> None:
        """The hand just scored, with the totals after it."""
        self._scores.add_hand(result.points, table.totals, result.moon)


def scored(table: TableState) -> bool:
    """Whether the hand ``table`` shows is scored (its result is the last one it holds)."""
    return table.phase is Phase.SCORED and bool(table.results)


def twin_win(cards: Sequence[int], position: int | None) -> int | None:
    """The card that took the trick, if the trick holds it twice (the later copy won)."""
    if position is None:
        return None
    card = cards[position]
    return card if cards.count(card) > 1 else None


def trick_points(rules: RuleSet, index: int, cards: Sequence[int]) -> int:
    """The points a trick carries (the last one of a 36-card deal one more)."""
    last = rules.last_trick_points if index == rules.hand_size - 1 else 0
    return sum(rules.card_points[c] for c in cards) + last
