"""What the seats' name plates and the information corner say: names, totals, the points
taken this hand ("+13"), the dealer's chip, whose turn, who has passed; the hand, the pass,
hearts broken and the deal's fingerprint (or, for a deal the players chose, its number)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor

from ...engine import EndMode, HandResult, Phase, RuleSet, TableState
from ...engine.deals import format_deal_number
from .. import texts
from ..table.card_pixmaps import card_of
from ..table.plates import MUTED, TEXT
from ..table.scene import TableScene

HEARTS_BROKEN = QColor("#ff8a8a")


class SeatPlates(QObject):
    """Keeps the scene's plates and its information corner in step with the table."""

    def __init__(self, scene: TableScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene = scene

    def new_game(self, names: Sequence[str], totals: Sequence[int]) -> None:
        """A new game: each plate's name, no turn, nobody passed, no dealer yet, the totals;
        the corner empty until the first deal (the last game's hand is not this one's)."""
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(name=names[seat], active=False, ready=False, dealer=False)
        self.show_totals(totals)
        self.scene.info.set_lines([])

    def new_hand(self, table: TableState) -> None:
        """A hand dealt: the dealer's chip, nothing passed or taken yet."""
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(
                dealer=seat == table.dealer,
                dealer_letter=self._dealer_letter(),
                dealer_tip=self.tr("Dealer"),
                ready=False,
                hand_text="",
            )
        self.show_info(table)

    def redrawn(self, table: TableState) -> None:
        """The hand as it stands (a saved game, a new viewer, an undo): the ring on the seat
        to play too (a game resumed behind the hand-over screen had none till a card fell)."""
        to_play = table.to_move if table.phase is Phase.PLAYING else None
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(
                dealer=seat == table.dealer,
                dealer_letter=self._dealer_letter(),  # a resumed game: no deal
                dealer_tip=self.tr("Dealer"),
                ready=table.passed[seat],
                active=seat == to_play,
            )
            self.show_points_taken(seat, table.rules)
        self.show_totals(table.totals)
        self.show_info(table)

    def retranslate(self, names: Sequence[str], table: TableState | None) -> None:
        """Every plate's words again, in the language in use."""
        for seat, badge in enumerate(self.scene.badges):
            badge.set_state(
                name=names[seat], dealer_letter=self._dealer_letter(), dealer_tip=self.tr("Dealer")
            )
            if table is not None:
                self.show_points_taken(seat, table.rules)
        if table is not None:
            self.show_totals(table.totals)
            self.show_info(table)

    def _dealer_letter(self) -> str:
        return self.tr("D", "the dealer's chip")

    def show_turn(self, seat: int) -> None:
        """Ring the plate of the seat to play (−1: nobody's)."""
        for other, badge in enumerate(self.scene.badges):
            badge.set_state(active=other == seat)

    def show_ready(self, seat: int, ready: bool = True) -> None:
        """Tick a seat that has chosen its pass."""
        self.scene.badges[seat].set_state(ready=ready)

    def nobody_ready(self) -> None:
        """The exchange is done: no ticks."""
        for badge in self.scene.badges:
            badge.set_state(ready=False)

    def show_points_taken(self, seat: int, rules: RuleSet) -> None:
        """The points of the cards lying in a seat's pile: '+13' beside its total."""
        self.scene.badges[seat].set_state(
            hand_text=self.signed(_points(self.scene.taken[seat], rules))
        )

    def show_hand_points(self, result: HandResult) -> None:
        """The hand's score beside each total (a moon and a bonus included)."""
        for seat, points in enumerate(result.points):
            self.scene.badges[seat].set_state(hand_text=self.signed(points))

    def show_totals(self, totals: Sequence[int]) -> None:
        """Each seat's total so far."""
        for seat, badge in enumerate(self.scene.badges):
            total = totals[seat] if seat < len(totals) else 0
            badge.set_state(score_text=self.tr("Total {points}").format(points=total))

    def signed(self, points: int) -> str:
        """'+13', '−10', or nothing for 0: the points beside a seat's total."""
        if points > 0:
            return self.tr("+{points}").format(points=points)
        if points < 0:
            return self.tr("−{points}").format(points=-points)
        return ""

    def show_info(self, table: TableState) -> None:
        """The corner: the rule set and hand, the pass, hearts broken, the fingerprint."""
        rules = table.rules
        if rules.end_mode is EndMode.HANDS:
            title = self.tr("{rules} · hand {n} of {count}")
        else:
            title = self.tr("{rules} · hand {n} · to {count}")
        line1 = title.format(
            rules=texts.preset_name(rules.name), n=table.hand_index + 1, count=rules.end_value
        )
        pass_text = self.tr("Pass: {direction} {arrow}").format(
            direction=texts.direction_name(table.pass_direction),
            arrow=texts.direction_arrow(table.pass_direction),
        )
        lines = [(line1, TEXT), (pass_text, MUTED)]
        if rules.hearts_must_break:
            if table.hearts_broken:
                lines.append((self.tr("♥ Hearts broken"), HEARTS_BROKEN))
            else:
                lines.append((self.tr("♡ Hearts not broken"), MUTED))
        if table.replay_of is not None:  # the players chose it: no fingerprint to match
            number = format_deal_number(table.replay_of)
            lines.append((self.tr("Replay of deal {number}").format(number=number), MUTED))
        elif table.fingerprint is not None:  # it commits to the deal; the number comes after
            lines.append((self.tr("Deal fingerprint {code}").format(code=table.fingerprint), MUTED))
        self.scene.info.set_lines(lines)


def _points(sprites: Iterable[int], rules: RuleSet) -> int:
    """The points of the cards these sprites show."""
    values = rules.card_points
    return sum(values[card_of(sprite)] for sprite in sprites)
