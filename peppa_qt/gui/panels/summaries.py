"""What the end-of-hand and end-of-game panels and the score sheet show, from the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...engine import EndMode, HandResult, RuleSet, TableState
from ...engine.cardset import listed
from ...engine.deals import fingerprint_matches
from ...engine.match import Tie

#: One number per seat.
PerSeat = tuple[int, ...]
SortKey = Callable[[int], tuple[int, int]]


@dataclass(frozen=True)
class HandSummary:
    """One scored hand."""

    index: int
    preset: str
    names: tuple[str, ...]
    points: PerSeat
    totals: PerSeat
    #: The cards with a value each seat took, in display order.
    point_cards: tuple[tuple[int, ...], ...]
    #: The seat that took every point card (cappotto / the moon), if any.
    moon: int | None
    #: Seats that took no card at all and earned the bonus (Peppa Torino).
    no_card_bonus: tuple[int, ...]
    bonus: int
    game_over: bool
    #: The deal number (shown now the cards are all known), its key, and the fingerprint
    #: shown during the hand; ``matches``: the number and key give that fingerprint.
    deal_number: int | None = None
    deal_key: str | None = None
    fingerprint: str | None = None
    matches: bool = False
    #: The players chose the deal (a replay, a game from a deal number): no fingerprint was
    #: shown, the corner said "Replay of deal …".
    replay: bool = False
    #: Who dealt the hand (a replay deals from the same seat).
    dealer: int = 0
    #: A human played in it: the coach can review it.
    reviewable: bool = False

    @classmethod
    def of(
        cls,
        table: TableState,
        index: int,
        result: HandResult,
        names: tuple[str, ...],
        order: SortKey,
    ) -> HandSummary:
        """Hand ``index`` as ``table`` shows it scored (point cards sorted by ``order``)."""
        rules = table.rules
        bonus = rules.no_card_bonus
        point_cards = tuple(
            tuple(sorted((c for c in listed(t) if rules.card_points[c]), key=order))
            for t in result.taken
        )
        return cls(
            index=index,
            preset=rules.name,
            names=names,
            points=result.points,
            totals=table.totals,
            point_cards=point_cards,
            moon=result.moon,
            no_card_bonus=tuple(s for s, taken in enumerate(result.taken) if bonus and not taken),
            bonus=bonus,
            game_over=table.over,
            deal_number=table.deal_number,
            deal_key=table.deal_key,
            fingerprint=table.fingerprint,
            matches=table.deal_number is not None
            and table.deal_key is not None
            and table.fingerprint is not None
            and fingerprint_matches(table.deal_number, table.deal_key, table.fingerprint),
            replay=table.replay_of is not None,
            dealer=table.dealer,
        )


@dataclass(frozen=True)
class GameSummary:
    """A finished game."""

    preset: str
    names: tuple[str, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    totals: PerSeat
    #: Totals after each hand.
    progress: tuple[PerSeat, ...]
    #: The points limit drawn on the chart (None when the game ends after a number of hands).
    limit: int | None
    teams: bool
    #: Per seat, the undos and hints used in the game (a computer's: none).
    aids: tuple[tuple[int, int], ...] = ()
    #: The ties the ranking breaks, and why.
    ties: tuple[Tie, ...] = ()

    @classmethod
    def of(
        cls,
        table: TableState,
        ranking: Sequence[int],
        names: tuple[str, ...],
        progress: Sequence[PerSeat],
        aids: Sequence[tuple[int, int]] = (),
    ) -> GameSummary:
        """The summary of the game ``table`` shows over, totals after each hand ``progress``."""
        rules = table.rules
        return cls(
            preset=rules.name,
            names=names,
            ranking=tuple(ranking),
            winners=table.winners,
            totals=table.totals,
            progress=tuple(progress),
            limit=rules.end_value if rules.end_mode is EndMode.POINTS else None,
            teams=rules.teams,
            aids=tuple(aids) or ((0, 0),) * rules.seats,
            ties=table.ties,
        )


def sheet_rows(
    results: Sequence[HandResult], rules: RuleSet
) -> list[tuple[PerSeat, PerSeat, int | None]]:
    """Score-sheet rows of scored hands: points, running totals (shared in teams), moon."""
    rows = []
    sums = [0] * rules.seats
    for result in results:
        sums = [total + points for total, points in zip(sums, result.points, strict=True)]
        rows.append((result.points, tuple(rules.team_totals(sums)), result.moon))
    return rows
