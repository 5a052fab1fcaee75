"""The new-game dialog: rule set, house rules, and who plays each seat (a human or a level)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...controller import GameSetup, SeatSetup
from ...engine import EndMode, RuleSet
from ...engine.cards import SHORT_DECK_SIZE
from ...engine.deals import (
    DealNumberError,
    NumberedDeal,
    format_deal_number,
    parse_deal_number,
    written_without_check,
)
from ...engine.record import name_problem
from ...engine.rules import PRESET_SEATS, PRESETS, SEVEN_OF_CLUBS_POINTS
from .. import texts
from ..high_contrast import mark_problem
from .defaults import DEFAULT_OPPONENTS, MORE_OPPONENTS, TABLE_SIZES
from .focus_style import ring_focus

#: A deal number as the dialog shows one for example (its check digits are right).
EXAMPLE_NUMBER = "1234-5678-9012-44"
#: The kind of a seat played by a person (any other kind is a computer level).
HUMAN = "human"
#: The name field's least width: a name of this many letters shows whole.
NAME_ROOM = "Mmmmmmmmmm"
# The four seats' compass names (a larger table numbers its seats).
COMPASS = ("South", "East", "North", "West")

PASS_CYCLES: tuple[tuple[str, ...], ...] = (
    ("right",),
    ("left",),
    ("across",),
    ("left", "right", "across", "hold"),
    ("left", "across", "right", "hold"),
    ("hold",),
)


def _cycle_text(cycle: tuple[str, ...]) -> str:
    """'To the right every hand', or a cycle such as 'Left, right, across, no pass'."""
    if len(cycle) == 1:
        every = {
            "right": QCoreApplication.translate("NewGameDialog", "To the right every hand"),
            "left": QCoreApplication.translate("NewGameDialog", "To the left every hand"),
            "across": QCoreApplication.translate("NewGameDialog", "Across every hand"),
            "hold": QCoreApplication.translate("NewGameDialog", "No passing"),
        }
        return every[cycle[0]]
    words = {
        "right": QCoreApplication.translate("NewGameDialog", "right"),
        "left": QCoreApplication.translate("NewGameDialog", "left"),
        "across": QCoreApplication.translate("NewGameDialog", "across"),
        "hold": QCoreApplication.translate("NewGameDialog", "no pass"),
    }
    text = ", ".join(words[d] for d in cycle)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class DealChoice:
    """A game whose first hand is a deal number's: ``number`` to show at first (None: the
    player types one), and the dealer of the hand it replays (None: from the number)."""

    number: int | None
    dealer: int | None
    #: The seat whose cards South plays, at first.
    seat: int = 0


class NewGameDialog(QDialog):
    """Choose the game; ``ask()`` returns the setup, or None when cancelled.

    With a ``deal``, the dialog also asks for the deal number of the first hand and whose
    cards South plays (the seats turn with them; the dealer too, so the hand is as it was).
    """

    def __init__(
        self,
        levels: list[str],
        previous: GameSetup,
        parent: QWidget | None,
        deal: DealChoice | None = None,
    ) -> None:
        super().__init__(parent)
        self._deal = deal
        if deal is None:
            self.setWindowTitle(self.tr("New game"))
        elif deal.number is None:
            self.setWindowTitle(self.tr("New game from a deal number"))
        else:
            self.setWindowTitle(self.tr("Replay this deal"))
        self._levels = levels
        box = QVBoxLayout(self)
        if deal is not None:
            box.addWidget(self._deal_group(deal))
        # The rules beside the players: eight seats' rows under the rules would not fit a
        # screen 640 pixels high.
        columns = QHBoxLayout()
        columns.addWidget(self._rules_group(), 1)
        columns.addWidget(self._players_group(), 1, Qt.AlignmentFlag.AlignTop)
        box.addLayout(columns)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._start = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self._start.setText(self.tr("Start"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
        self.set_setup(previous)
        if deal is not None and 0 < deal.seat < self.deal_seat.count():
            self.deal_seat.setCurrentIndex(deal.seat)
        ring_focus(self)
        if deal is not None:
            self.deal_number.setFocus()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        levels: list[str],
        previous: GameSetup,
        deal: DealChoice | None = None,
    ) -> GameSetup | None:
        """Show the dialog; tests replace this method."""
        dialog = cls(levels, previous, parent, deal)
        return dialog.setup() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _deal_group(self, deal: DealChoice) -> QGroupBox:
        group = QGroupBox(self.tr("Deal"))
        form = QFormLayout(group)
        self.deal_number = QLineEdit()
        self.deal_number.setPlaceholderText(EXAMPLE_NUMBER)
        self.deal_number.setMaxLength(40)
        if deal.number is not None:
            self.deal_number.setText(format_deal_number(deal.number))
        self.deal_number.textChanged.connect(self._check_players)
        form.addRow(self.tr("Deal number"), self.deal_number)
        self.deal_note = QLabel()
        self.deal_note.setObjectName("deal_note")
        self.deal_note.setWordWrap(True)
        # Two lines kept for the note whatever it says: the form does not move while the
        # number is typed (a word-wrapped label in a form asks for more lines than it shows:
        # the rows below jumped at the note of a number without check digits).
        self.deal_note.setFixedHeight(2 * self.deal_note.fontMetrics().lineSpacing() + 4)
        form.addRow("", self.deal_note)
        self.deal_seat = QComboBox()
        self.deal_seat_label = QLabel()  # its seat's name follows the table's size
        form.addRow(self.deal_seat_label, self.deal_seat)
        return group

    def _seat_names(self, seats: int) -> list[str]:
        """Each seat's label: the four compass points, or at a larger table its number
        (seat 1 the player at the bottom of the screen)."""
        if seats == len(COMPASS):
            return [self.tr("South"), self.tr("East"), self.tr("North"), self.tr("West")]
        return [self.tr("Seat {n}").format(n=seat + 1) for seat in range(seats)]

    # ------------------------------------------------------------------ building

    def _rules_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Rules"))
        form = QFormLayout(group)
        self.table_size = QComboBox()
        for seats in TABLE_SIZES:
            self.table_size.addItem(self._players_text(seats), seats)
        self.table_size.activated.connect(self._on_table_size_activated)
        form.addRow(self.tr("Table"), self.table_size)
        self.preset = QComboBox()
        self.preset.activated.connect(self._on_preset_activated)
        form.addRow(self.tr("Rule set"), self.preset)
        self.end_mode = QComboBox()
        self.end_mode.addItem(self.tr("At a points limit"), "points")
        self.end_mode.addItem(self.tr("After a number of hands"), "hands")
        self.end_mode.currentIndexChanged.connect(self._on_end_mode_changed)
        self.end_value = QSpinBox()
        self.end_value.setRange(1, 1000)
        self.end_value.valueChanged.connect(self._on_end_value_changed)
        row = QHBoxLayout()
        row.addWidget(self.end_mode, 1)
        row.addWidget(self.end_value)
        end = QLabel(self.tr("End of the game"))
        # A label for a row of two is nobody's buddy: a screen reader heard "At a points
        # limit, combo box" and a spin box named after the group, "Rules".
        end.setBuddy(self.end_mode)
        self.end_value.setAccessibleName(end.text())
        form.addRow(end, row)
        self.exceed = QCheckBox(self.tr("Only when a total goes past the limit"))
        form.addRow("", self.exceed)
        self.moon = QComboBox()
        self.moon.addItem(self.tr("The others score the points"), "give")
        self.moon.addItem(self.tr("The taker subtracts the points"), "subtract")
        self.moon.addItem(self.tr("Off"), "off")
        form.addRow(self.tr("Taking every point card"), self.moon)
        self.pass_cycle = QComboBox()
        for cycle in PASS_CYCLES:
            self.pass_cycle.addItem(_cycle_text(cycle), list(cycle))
        form.addRow(self.tr("Passing"), self.pass_cycle)
        self._house_rules(form)
        return group

    def _house_rules(self, form: QFormLayout) -> None:
        self.jack = QComboBox()
        self.jack.addItem(self.tr("No value"), 0)
        self.jack.addItem(self.tr("−10 points"), -10)
        self.jack.addItem(self.tr("+10 points"), 10)
        form.addRow(self.tr("Jack of diamonds"), self.jack)
        self.seven = QCheckBox(self.tr("The seven of clubs is worth 7 points"))
        self.short_deck = QCheckBox(self.tr("36 cards (six to ace)"))
        self.teams = QCheckBox(self.tr("Teams: partners sit across"))
        self.queen_breaks = QCheckBox(self.tr("The queen of spades breaks hearts"))
        for check in (self.seven, self.short_deck, self.teams, self.queen_breaks):
            form.addRow("", check)

    def _players_text(self, seats: int) -> str:
        """A table size as offered: "4 players"."""
        return self.tr("%n player(s)", "", seats)

    def _players_group(self) -> QGroupBox:
        """A row per seat: who plays it (a human, or a computer of some level), and a name."""
        group = QGroupBox(self.tr("Players"))
        form = QFormLayout(group)
        self.names = [QLineEdit() for _ in range(max(TABLE_SIZES))]
        self.kinds: list[QComboBox] = []
        self.seat_labels: list[QLabel] = []
        for seat in range(len(self.names)):
            self.names[seat].setMaxLength(24)
            # Beside the rules the row is narrow: a name keeps room for some ten letters.
            metrics = self.names[seat].fontMetrics()
            self.names[seat].setMinimumWidth(metrics.horizontalAdvance(NAME_ROOM))
            self.names[seat].textChanged.connect(self._check_players)
            kind = QComboBox()
            kind.addItem(self.tr("Human"), HUMAN)
            for name in self._levels:
                kind.addItem(
                    self.tr("Computer: {level}").format(level=texts.level_name(name)), name
                )
            kind.currentIndexChanged.connect(self._check_players)
            self.kinds.append(kind)
            row = QHBoxLayout()
            row.addWidget(self.names[seat], 1)
            row.addWidget(kind)
            label = QLabel()
            label.setBuddy(self.names[seat])  # the name's field is read as "East", not "Players"
            self.seat_labels.append(label)
            form.addRow(label, row)
        self._players_form = form
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        mark_problem(self.problem)
        self.problem.setWordWrap(True)
        form.addRow(self.problem)
        return group

    def _names_now(self) -> list[str]:
        """Each seat's name as the game will have it (a default for an empty one).

        The default human's name is kept as such, whatever the language shows it as; but
        with several humans at the window nobody is "You" (the hand-over would say "You's
        turn", "Turno di Tu"), so that seat takes a numbered name like an empty one.
        """
        shown = [self.names[s].text().strip() for s in range(self.seats())]
        you = texts.player_name(texts.DEFAULT_HUMAN)
        humans = sum(self.kinds[s].currentData() == HUMAN for s in range(self.seats()))
        default_you = "" if humans > 1 else texts.DEFAULT_HUMAN
        kept = [default_you if name in {you, texts.DEFAULT_HUMAN} else name for name in shown]
        return [name or self._default_name(seat) for seat, name in enumerate(kept)]

    def _default_name(self, seat: int) -> str:
        if self.kinds[seat].currentData() != HUMAN:
            return ("Ada", *DEFAULT_OPPONENTS, *MORE_OPPONENTS)[seat]
        humans = [s for s in range(self.seats()) if self.kinds[s].currentData() == HUMAN]
        if humans == [seat]:
            return texts.DEFAULT_HUMAN
        return self.tr("Player {n}").format(n=seat + 1)

    def _show_default_names(self) -> None:
        """Each empty name field shows, in grey, the name its seat will take; with several
        humans the default human's name leaves its field, which would still say "You" ("Tu")
        of a seat the game calls "Player 1"."""
        seats = range(self.seats())
        humans = sum(self.kinds[s].currentData() == HUMAN for s in seats)
        you = {texts.player_name(texts.DEFAULT_HUMAN), texts.DEFAULT_HUMAN}
        for seat in seats:
            field = self.names[seat]
            if humans > 1 and field.text().strip() in you:
                field.clear()
            field.setPlaceholderText(texts.player_name(self._default_name(seat)))

    def _check_players(self) -> None:
        """Start only with at least one human, and humans whose names differ (they key the
        statistics)."""
        self._show_default_names()
        names = self._names_now()
        seats = range(self.seats())
        humans = [names[s].casefold() for s in seats if self.kinds[s].currentData() == HUMAN]
        problem = ""
        if not humans:
            problem = self.tr("At least one seat must be a human's.")
        elif len(set(humans)) < len(humans):
            problem = self.tr("Two human players have the same name: give each their own.")
        elif any(name_problem(name) for name in names):
            problem = self.tr("A name holds a character that cannot be saved: change it.")
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        if self._deal is not None:  # told under the number, on a line kept for it: no jumps
            wrong = self._deal_problem()
            self.deal_note.setText(wrong or self._deal_shown())
            # In red what is wrong with a number typed; in grey a remark: the number read,
            # or the hint before anything is typed (nothing is wrong yet).
            red = bool(wrong) and bool(self.deal_number.text().strip())
            mark_problem(self.deal_note, red)
            self.deal_note.setEnabled(red)
            problem = problem or wrong
        self._start.setEnabled(not problem)

    def _deal_shown(self) -> str:
        """The deal number read, as it is shown ("✓ 1234-5678-9012-44"); one typed in twelve
        digits, as shown before check digits, is read unchecked, and said so."""
        typed = self.deal_number.text()
        shown = "✓ " + format_deal_number(parse_deal_number(typed))
        if written_without_check(typed):
            note = self.tr("{number} (a number without check digits: compare it digit by digit)")
            return note.format(number=shown)
        return shown

    def _deal_problem(self) -> str:
        """What is wrong with the deal number typed ("" if nothing)."""
        try:
            parse_deal_number(self.deal_number.text())
        except DealNumberError as error:
            if error.problem == "empty":
                return self.tr("Type the deal number, like {number}.").format(number=EXAMPLE_NUMBER)
            if error.problem == "zero":
                return self.tr("0000-0000-0000 is not a deal number.")
            if error.problem == "check":
                return self.tr("This deal number has a typo: check its digits.")
            return self.tr("A deal number has 14 digits, like {number}.").format(
                number=EXAMPLE_NUMBER
            )
        return ""

    # ------------------------------------------------------------------ values

    def set_setup(self, setup: GameSetup) -> None:
        """Show ``setup`` in the widgets."""
        seats = setup.rules.seats
        self.table_size.setCurrentIndex(max(0, self.table_size.findData(seats)))
        self._show_table_size(seats)
        self.preset.setCurrentIndex(max(0, self.preset.findData(setup.rules.name)))
        self._show_rules(setup.rules)
        for seat, spec in enumerate(setup.seats):  # who plays first: a name shown depends on it
            combo = self.kinds[seat]
            combo.setCurrentIndex(max(0, combo.findData(spec.level or HUMAN)))
        for seat, spec in enumerate(setup.seats):
            self.names[seat].setText(texts.player_name(spec.name))
        self._check_players()

    def _show_rules(self, rules: RuleSet) -> None:
        hands = rules.end_mode is EndMode.HANDS
        self.end_mode.setCurrentIndex(1 if hands else 0)
        self.end_value.setValue(rules.end_value)
        self._show_unit(hands)
        self.exceed.setChecked(rules.end_exceed)
        self.moon.setCurrentIndex(max(0, self.moon.findData(rules.moon.value)))
        cycle = [d.value for d in rules.pass_cycle]
        self.pass_cycle.setCurrentIndex(max(0, self.pass_cycle.findData(cycle)))
        self.jack.setCurrentIndex(max(0, self.jack.findData(rules.jack_of_diamonds)))
        self.seven.setChecked(rules.seven_of_clubs == SEVEN_OF_CLUBS_POINTS)
        self.short_deck.setChecked(rules.deck_size == SHORT_DECK_SIZE)
        self.teams.setChecked(rules.teams)
        self.queen_breaks.setChecked(rules.queen_breaks_hearts)
        self.queen_breaks.setEnabled(rules.hearts_must_break)
        four = rules.seats == len(COMPASS)  # Belmont plays none of these house rules
        for choice in (self.jack, self.seven, self.short_deck, self.teams):
            choice.setEnabled(four)
        self.moon.setToolTip(texts.moon_name(rules.name))

    def seats(self) -> int:
        """The table's size chosen: 4, 6 or 8."""
        return int(self.table_size.currentData())

    def _on_table_size_activated(self, index: int) -> None:
        seats = int(self.table_size.itemData(index))
        self._show_table_size(seats)
        self._show_rules(RuleSet.preset(str(self.preset.currentData()), seats=seats))
        self._check_players()

    def _show_table_size(self, seats: int) -> None:
        """The rule sets played at ``seats`` (Belmont alone at six and eight), its seats' rows."""
        chosen = self.preset.currentData()
        self.preset.clear()
        for name in PRESETS:
            if seats in PRESET_SEATS[name]:
                self.preset.addItem(texts.preset_name(name), name)
        self.preset.setCurrentIndex(max(0, self.preset.findData(chosen)))
        labels = self._seat_names(seats)
        for seat, label in enumerate(self.seat_labels):
            shown = seat < seats
            self._players_form.setRowVisible(seat, shown)
            label.setText(labels[seat] if shown else "")
            # Heard beside "Computer: Normal": whose seat it is (a combo box is named by its
            # choice on Linux, and the seat's label is the name field's).
            self.kinds[seat].setAccessibleDescription(labels[seat] if shown else "")
            if shown and not self.names[seat].text() and seat >= len(COMPASS):
                # Quietly: a seat still "Human" while the next is set would count as a second
                # human and take the default human's "You" ("Tu") out of its field. The name
                # is written in, as the first four's are: a grey one, only shown, became
                # "Player 6" when the seat was made a human's.
                with QSignalBlocker(self.kinds[seat]), QSignalBlocker(self.names[seat]):
                    self.kinds[seat].setCurrentIndex(self._a_computer())
                    self.names[seat].setText(self._default_name(seat))
        if self._deal is not None:
            turn = self.deal_seat.currentIndex()
            self.deal_seat.clear()
            for seat, name in enumerate(labels):
                self.deal_seat.addItem(name, seat)
            self.deal_seat.setCurrentIndex(turn if 0 <= turn < seats else 0)
            # "South" only at four seats; at six and eight the bottom seat is "Seat 1".
            self.deal_seat_label.setText(
                self.tr("{seat} plays the cards dealt to").format(seat=labels[0])
            )

    def _a_computer(self) -> int:
        """The level a seat the larger table adds starts at: the last computer's chosen."""
        levels = [k.currentIndex() for k in self.kinds[: len(COMPASS)] if k.currentData() != HUMAN]
        return levels[-1] if levels else min(1, self.kinds[0].count() - 1)

    def _on_preset_activated(self, index: int) -> None:
        self._show_rules(RuleSet.preset(str(self.preset.itemData(index)), seats=self.seats()))

    def _on_end_mode_changed(self, index: int) -> None:
        hands = self.end_mode.itemData(index) == "hands"
        self.end_value.setValue(10 if hands else 100)
        self.exceed.setEnabled(not hands)
        self._show_unit(hands)

    def _show_unit(self, hands: bool) -> None:
        """What the number counts, in the singular or plural its value asks for."""
        n = self.end_value.value()
        self.end_value.setSuffix(
            self.tr(" hand(s)", "", n) if hands else self.tr(" point(s)", "", n)
        )

    def _on_end_value_changed(self, value: int) -> None:
        self._show_unit(self.end_mode.currentData() == "hands")

    def options(self) -> dict[str, Any]:
        """The house rules chosen, as rule-set options."""
        mode = str(self.end_mode.currentData())
        key = "count" if mode == "hands" else "limit"
        return {
            "end": {"mode": mode, key: self.end_value.value()},
            "end_when": "exceed" if self.exceed.isChecked() else "reach",
            "moon": self.moon.currentData(),
            "pass_cycle": list(self.pass_cycle.currentData()),
            "queen_breaks_hearts": self.queen_breaks.isChecked(),
            "jack_of_diamonds": int(self.jack.currentData()),
            "seven_of_clubs": 7 if self.seven.isChecked() else 0,
            "deck": 36 if self.short_deck.isChecked() else 52,
            "teams": self.teams.isChecked(),
        }

    def setup(self) -> GameSetup:
        """The game the dialog describes."""
        size = self.seats()
        rules = RuleSet.preset(str(self.preset.currentData()), self.options(), seats=size)
        seats = []
        for seat, name in enumerate(self._names_now()):
            kind = str(self.kinds[seat].currentData())
            seats.append(SeatSetup(name, None if kind == HUMAN else kind))
        if self._deal is None:
            return GameSetup(rules, tuple(seats))
        number = parse_deal_number(self.deal_number.text())
        # South (seat 0) gets the cards of the seat chosen: every seat turns by as much.
        turn = -int(self.deal_seat.currentData()) % size
        dealer = number % size if self._deal.dealer is None else self._deal.dealer
        deal = NumberedDeal(number, turn)
        return GameSetup(rules, tuple(seats), deal=deal, dealer=(dealer + turn) % size)
