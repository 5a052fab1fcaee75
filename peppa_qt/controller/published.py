"""What a screen may show at one moment, as the game loop publishes it with each event."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine import Match, Phase, PlayerView, TableState, table_of, view_of


@dataclass(frozen=True)
class Published:
    """What a screen may show at one moment: the public table and the viewer's own view."""

    table: TableState
    #: None while the viewer's cards are covered (hot-seat, before a hand-over).
    view: PlayerView | None

    def covered(self) -> Published:
        """The same moment with the viewer's cards off the screen."""
        return replace(self, view=None)

    def with_passed(self, seat: int) -> Published:
        """The same moment, ``seat`` having chosen its pass (which cards stays hidden)."""
        table = self.table
        if table.phase is not Phase.PASSING:
            return self
        passed = tuple(done or other == seat for other, done in enumerate(table.passed))
        return replace(self, table=replace(table, passed=passed))


def snapshot(match: Match | None, viewer: int, covered: bool) -> Published | None:
    """What ``match`` lets a screen drawn for ``viewer`` show now (None before a deal)."""
    if match is None or match.current is None:
        return None
    return Published(table_of(match), None if covered else view_of(match, viewer))


def lead_unknown(moment: Published) -> Published:
    """The same moment with nobody shown to play: before a hand's first card, a seat at a
    table hosted elsewhere knows only that it does not lead itself."""
    table = replace(moment.table, first_lead=None, to_move=None)
    view = moment.view
    if view is not None:
        view = replace(view, first_lead=None, to_move=None, legal=0)
    return replace(moment, table=table, view=view)
