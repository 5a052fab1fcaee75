"""What the end-of-hand and end-of-game panels show, gathered once by the presenter."""

from __future__ import annotations

from dataclasses import dataclass

Four = tuple[int, int, int, int]


@dataclass(frozen=True)
class HandSummary:
    """One scored hand."""

    index: int
    preset: str
    names: tuple[str, ...]
    points: Four
    totals: Four
    #: The cards with a value each seat took, in display order.
    point_cards: tuple[tuple[int, ...], ...]
    #: The seat that took every point card (cappotto / the moon), if any.
    moon: int | None
    #: Seats that took no card at all and earned the bonus (Peppa Torino).
    no_card_bonus: tuple[int, ...]
    bonus: int
    game_over: bool


@dataclass(frozen=True)
class GameSummary:
    """A finished game."""

    preset: str
    names: tuple[str, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    totals: Four
    #: Totals after each hand.
    progress: tuple[Four, ...]
    #: The points limit drawn on the chart (None when the game ends after a number of hands).
    limit: int | None
    teams: bool
