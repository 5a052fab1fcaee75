"""The coach's review of a hand: each of the player's choices, graded, with the reason.

A stepper through the hand (the pass, then each of the seat's plays) shows what the seat
saw at that decision, read from the decision's ``PlayerView`` alone: its cards, the trick
so far, the cards passed and received, the voids the others had shown. Beside it, first the
points lost and the better choice (what a beginner reads), then why; what happened with
every card known (hindsight) only where it teaches something, worded never to seem to
contradict the grade. Details show what each choice loses against the best (lower is
better, the headline's unit) and the search's margin. ← and → (and the list, and the
buttons) step.

The review is worked out by the session's ``Reviewer`` in a worker thread: the dialog
shows its progress and never waits for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...ai.knowledge import shown_voids
from ...ai.review import DecisionReview, Grade, HandReview
from ...controller.review import Reviewer
from ...engine.cardset import listed
from ...engine.view import PlayerView
from ...models.card_text import card_label, cards_label
from .. import texts
from ..card_names import cards_named
from ..high_contrast import own_style
from ..panels.hand_panels import CardStrip
from ..table.card_pixmaps import CardPixmapCache

STYLE = """
QLabel#title { font-size: 16px; font-weight: bold; }
QLabel#muted { color: #4f5b54; }
QLabel#good { font-weight: bold; color: #1a7a35; }
QLabel#noise { font-weight: bold; color: #4f5b54; }
QLabel#inaccuracy { font-weight: bold; color: #9a6700; }
QLabel#mistake, QLabel#blunder { font-weight: bold; color: #c0262d; }
"""
#: Low vision's: the same marks, light on black (gui/high_contrast.py).
HIGH_CONTRAST_STYLE = """
QLabel#muted, QLabel#noise { color: #d9d9d9; }
QLabel#good { color: #7ee081; }
QLabel#inaccuracy { color: #ffb74d; }
QLabel#mistake, QLabel#blunder { color: #ff8a80; }
"""

#: The marks beside a decision in the list, as chess players write them.
#: Points a good choice's hindsight must miss by before it is told (less is mere chance).
HINDSIGHT_TEACHES: Final = 1.0

MARKS = {Grade.GOOD: "✓", Grade.INACCURACY: "?!", Grade.MISTAKE: "?", Grade.BLUNDER: "??"}
#: A space no line is broken at.
NBSP = "\u00a0"
#: The mark of a choice the search cannot tell from the best (its loss within the noise).
NOISE_MARK = "≈"
#: A step of the list as a screen reader names and describes it.
ROLE_SPOKEN, ROLE_DESCRIBED = (
    Qt.ItemDataRole.AccessibleTextRole,
    Qt.ItemDataRole.AccessibleDescriptionRole,
)


#: The cards' height in the review (px): the hand's thirteen read at a glance, and the
#: longest decision (a trick under way, with Details) still fits a 640-pixel screen.
STRIP_CARDS = 76


def grade_name(grade: Grade) -> str:
    """The grade in words."""
    names = {
        Grade.GOOD: QCoreApplication.translate("ReviewDialog", "Good"),
        Grade.INACCURACY: QCoreApplication.translate("ReviewDialog", "Inaccuracy"),
        Grade.MISTAKE: QCoreApplication.translate("ReviewDialog", "Mistake"),
        Grade.BLUNDER: QCoreApplication.translate("ReviewDialog", "Blunder"),
    }
    return names[grade]


def place_text(decision: DecisionReview) -> str:
    """'The pass' or 'Trick 3'."""
    if decision.position.kind == "pass":
        return QCoreApplication.translate("ReviewDialog", "The pass")
    return QCoreApplication.translate("ReviewDialog", "Trick {n}").format(n=decision.position.trick)


def decimal(value: float) -> str:
    """A number of points to a tenth, as the language writes it (2.5, 2,5), with a true
    minus sign."""
    locale = QLocale()
    locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
    rounded = round(value, 1) + 0.0  # no "−0.0"
    return locale.toString(rounded, "f", 1).replace("-", "−")


class ReviewDialog(QDialog):
    """One hand's review for one seat: a choice of the finished hands (the last first
    shown), and of the humans' seats in hot-seat."""

    def __init__(  # noqa: PLR0917  (what the window knows of the hand to review)
        self,
        reviewer: Reviewer,
        request: Callable[[int, int], None],
        hands: Sequence[int],
        seats: Sequence[int],
        names: Sequence[str],
        cache: CardPixmapCache,
        parent: QWidget | None = None,
    ) -> None:
        """``request(hand, seat)`` asks the session for a review; ``reviewer`` brings it."""
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._reviewer, self._request = reviewer, request
        self._names, self._cache = list(names), cache
        self.review: HandReview | None = None
        own_style(self, STYLE, STYLE + HIGH_CONTRAST_STYLE)
        self.hand_choice = QComboBox()
        for hand in hands:
            self.hand_choice.addItem(self.tr("Hand {n}").format(n=hand + 1), hand)
        self.hand_choice.setCurrentIndex(len(hands) - 1)
        self.hand_choice.setVisible(len(hands) > 1)
        self.hand_choice.currentIndexChanged.connect(self._on_choice_changed)
        self.seat_choice = QComboBox()
        for seat in seats:
            self.seat_choice.addItem(texts.player_name(self._names[seat]), seat)
        self.seat_choice.setVisible(len(seats) > 1)
        self.seat_choice.currentIndexChanged.connect(self._on_choice_changed)
        self.summary = _label("title")
        self.progress = QProgressBar()
        self.steps = QListWidget()
        self.steps.setAccessibleName(self.tr("Your choices in the hand"))
        self.steps.setMinimumWidth(150)
        self.steps.setMaximumWidth(220)
        self.steps.currentRowChanged.connect(self._on_steps_current_row_changed)
        self.detail = QWidget()
        self._build()
        reviewer.progressed.connect(self._on_reviewer_progressed)
        reviewer.reviewed.connect(self._on_reviewer_reviewed)
        reviewer.failed.connect(self._on_reviewer_failed)
        for key, step in ((Qt.Key.Key_Left, -1), (Qt.Key.Key_Right, 1)):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(lambda step=step: self.step(step))
        self.resize(860, 560)
        self._ask()

    @classmethod
    def show_for(  # noqa: PLR0917
        cls,
        window: QWidget,
        reviewer: Reviewer,
        request: Callable[[int, int], None],
        hands: Sequence[int],
        seats: Sequence[int],
        names: Sequence[str],
        cache: CardPixmapCache,
    ) -> ReviewDialog:
        """Open the review beside the table (not modal: the game goes on); tests replace it."""
        dialog = cls(reviewer, request, hands, seats, names, cache, window)
        dialog.show()
        return dialog

    def summary_text(self, review: HandReview) -> str:
        """'2 inaccuracies, 1 mistake: about 4 points lost', or that nothing was marked."""
        inaccuracies = review.count(Grade.INACCURACY)
        mistakes = review.count(Grade.MISTAKE)
        blunders = review.count(Grade.BLUNDER)
        parts = []
        if inaccuracies:
            parts.append(self.tr("%n inaccuracy(ies)", "", inaccuracies))
        if mistakes:
            parts.append(self.tr("%n mistake(s)", "", mistakes))
        if blunders:
            parts.append(self.tr("%n blunder(s)", "", blunders))
        if not parts:
            return self.tr("No choice marked: well played.")
        lost = round(review.lost)
        about = (
            self.tr("about %n point(s) lost", "", lost) if lost else self.tr("under a point lost")
        )
        line = self.tr("{marks}: {lost}", "the hand's summary: the marks, then the points lost")
        return line.format(marks=", ".join(parts), lost=about)

    def _build(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.hand_choice)
        top.addWidget(self.seat_choice)
        self.previous = QPushButton(self.tr("◀ Previous"))
        self.previous.clicked.connect(lambda: self.step(-1))
        self.next = QPushButton(self.tr("Next ▶"))
        self.next.clicked.connect(lambda: self.step(1))
        self.details = QCheckBox(self.tr("Details"))
        self.details.setToolTip(self.tr("What each choice was worth, and with every card known"))
        self.details.toggled.connect(lambda _: self._show_current())
        middle = QHBoxLayout()
        middle.addWidget(self.steps)
        middle.addWidget(self.detail, 1)
        self._detail_box = QVBoxLayout(self.detail)
        self._detail_box.setContentsMargins(8, 0, 0, 0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        buttons.addButton(self.previous, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.next, QDialogButtonBox.ButtonRole.ActionRole)
        box = QVBoxLayout(self)
        box.addLayout(top)
        box.addWidget(self.progress)
        box.addLayout(middle, 1)
        row = QHBoxLayout()
        row.addWidget(self.details)
        row.addStretch(1)
        row.addWidget(buttons)
        box.addLayout(row)

    @property
    def _hand(self) -> int:
        """The hand whose review is shown (its index in the game)."""
        return int(self.hand_choice.currentData())

    @property
    def seat(self) -> int:
        """The seat whose choices are shown."""
        return int(self.seat_choice.currentData())

    def _ask(self) -> None:
        self.setWindowTitle(self.tr("Review of hand {n}").format(n=self._hand + 1))
        self.review = None
        self.steps.clear()
        self._clear_detail()
        self.summary.setText(self.tr("Working out the review…"))
        self.progress.setRange(0, 0)
        self.progress.show()
        for widget in (self.previous, self.next, self.details):
            widget.setEnabled(False)
        self._request(self._hand, self.seat)

    def _on_choice_changed(self, _: int) -> None:
        self._ask()

    def _on_reviewer_progressed(self, hand: int, seat: int, done: int, total: int) -> None:
        if (hand, seat) == (self._hand, self.seat) and self.review is None:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.summary.setText(
                self.tr("Working out the review: {done} of {total} choices…").format(
                    done=done, total=total
                )
            )

    def _on_reviewer_failed(self, hand: int, seat: int, _: str) -> None:
        if (hand, seat) == (self._hand, self.seat):
            self.progress.hide()
            self.summary.setText(self.tr("The review could not be worked out."))

    def _on_reviewer_reviewed(self, review: object) -> None:
        if not isinstance(review, HandReview) or (review.hand, review.seat) != (
            self._hand,
            self.seat,
        ):
            return
        self.review = review
        self.progress.hide()
        self.summary.setText(self.summary_text(review))
        for decision in review.decisions:
            mark = "" if decision.forced else MARKS[decision.grade]
            mark = NOISE_MARK if decision.within_noise else mark
            self.steps.addItem(f"{place_text(decision)}  {mark}".rstrip())
            if not decision.forced:
                item = self.steps.item(self.steps.count() - 1)
                item.setToolTip(self._grade_words(decision))
                self._speak_step(item, decision)
        for widget in (self.previous, self.next, self.details):
            widget.setEnabled(True)
        first = next((i for i, d in enumerate(review.decisions) if d.grade is not Grade.GOOD), 0)
        self.steps.setCurrentRow(first)
        self.steps.setFocus()

    def _speak_step(self, item: QListWidgetItem, d: DecisionReview) -> None:
        """A screen reader hears the grade in words, not "?!", and the verdict with the
        cards named as it moves down the list (the detail beside it is not in the Tab order)."""
        spoken = self.tr("{place}: {grade}", "a step of the review, as a screen reader says it")
        item.setData(ROLE_SPOKEN, spoken.format(place=place_text(d), grade=self._grade_words(d)))
        grade, headline = self._grade_words(d), self._headline(d)
        choice = self._choice_line(d, cards_named)
        # "Good. Good. You played…" was heard: the headline only when it says more.
        item.setData(ROLE_DESCRIBED, choice if headline == grade else f"{headline}. {choice}")

    def step(self, by: int) -> None:
        """Show the decision ``by`` places on (← −1, → +1)."""
        if self.review is not None and self.review.decisions:
            row = min(max(self.steps.currentRow() + by, 0), len(self.review.decisions) - 1)
            self.steps.setCurrentRow(row)

    def _on_steps_current_row_changed(self, _: int) -> None:
        self._show_current()

    def current(self) -> DecisionReview | None:
        """The decision shown."""
        row = self.steps.currentRow()
        if self.review is None or not 0 <= row < len(self.review.decisions):
            return None
        return self.review.decisions[row]

    def _clear_detail(self) -> None:
        box = self._detail_box
        while box.count():
            item = box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()

    def _show_current(self) -> None:
        self._clear_detail()
        decision = self.current()
        if decision is None:
            return
        if self.review is not None:
            row = self.steps.currentRow()
            self.previous.setEnabled(row > 0)
            self.next.setEnabled(row < len(self.review.decisions) - 1)
        for widget in self._table_widgets(decision) + self._verdict_widgets(decision):
            self._detail_box.addWidget(widget)
            widget.show()  # now, not when Qt gets round to it: what is read is what is seen
        self._detail_box.addStretch(1)

    def _table_widgets(self, decision: DecisionReview) -> list[QWidget]:
        """What the seat saw: its cards, the trick, the pass, the voids shown."""
        view = decision.position.view
        found: list[QWidget] = [_label("title", place_text(decision))]
        found.append(_label("muted", self.tr("Your cards")))
        found.append(
            CardStrip(self._cache, listed(view.hand), STRIP_CARDS)  # (named by its cards)
        )
        if decision.position.kind == "play":
            trick = view.trick
            if trick:
                found.append(_label("muted", self.tr("On the table")))
                found.append(CardStrip(self._cache, trick, STRIP_CARDS))
                played = _label("muted", self._trick_text(view))
                played.setAccessibleName(self._trick_text(view, texts.card_name))
                found.append(played)
            else:
                found.append(_label("muted", self.tr("You lead.")))
        if view.passed is not None and view.received is not None:
            passed = self.tr("You passed {given}; you received {got}.").format(
                given=cards_label(listed(view.passed)), got=cards_label(listed(view.received))
            )
            label = _label("muted", passed)
            heard = self.tr("You passed {given}; you received {got}.").format(
                given=cards_named(listed(view.passed)), got=cards_named(listed(view.received))
            )
            label.setAccessibleName(heard)  # the cards in words, their symbols on screen
            found.append(label)
        voids = self._voids_text(view)
        if voids:
            found.append(_label("muted", voids))
        return found

    def _trick_text(self, view: PlayerView, words: Callable[[int], str] = card_label) -> str:
        """Who played each card of the trick so far: "Bruno 7♠ · Carla K♠" (with
        ``texts.card_name``, "Bruno 7 of spades, Carla King of spades", as it is heard)."""
        first = len(view.plays) - len(view.trick)
        joint = " · " if words is card_label else ", "
        return joint.join(
            f"{texts.player_name(self._names[view.seat_of_play(i)])} {words(card)}"
            for i, card in enumerate(view.plays[first:], first)
        )

    def _voids_text(self, view: PlayerView) -> str:
        """The suits the others had shown they no longer held."""
        bits = shown_voids(view)
        suits = [texts.suit_name(suit) for suit in range(4)]
        parts = []
        for seat in range(view.rules.seats):
            empty = [suits[s] for s in range(4) if seat != view.seat and bits >> (4 * seat + s) & 1]
            if empty:
                parts.append(
                    self.tr("{name}: no {suits}").format(
                        name=texts.player_name(self._names[seat]), suits=", ".join(empty)
                    )
                )
        if not parts:
            return ""
        return self.tr("Known: {voids}.").format(voids="; ".join(parts))

    def _verdict_widgets(self, d: DecisionReview) -> list[QWidget]:
        """The points lost and the better choice first, then why; the numbers in details."""
        chosen = cards_label(d.cards(d.chosen))
        if d.forced:
            only = self.tr("You played {card}: there was no other choice.")
            forced = _label("", only.format(card=chosen))
            forced.setAccessibleName(only.format(card=cards_named(d.cards(d.chosen))))
            return [forced]
        style = "noise" if d.within_noise else d.grade.value
        found: list[QWidget] = [_label(style, self._headline(d))]
        choice = _label("", self._choice_line(d))
        choice.setAccessibleName(self._choice_line(d, cards_named))  # the cards in words
        found.append(choice)
        if d.reason is not None:
            found.append(_label("", texts.hint_text(d.reason)))
        lesson = self._hindsight_text(d, details=False)
        if lesson:
            heard = self._hindsight_text(d, details=False, words=cards_named)
            found.append(_heard(_label("", lesson), heard))
        if self.details.isChecked():
            values = _label("muted", self._values_text(d))
            found.append(_heard(values, self._values_text(d, texts.card_name, ", ")))
            more = self._hindsight_text(d, details=True)
            if more and more != lesson:
                heard = self._hindsight_text(d, details=True, words=cards_named)
                found.append(_heard(_label("muted", more), heard))
        return found

    def _grade_words(self, d: DecisionReview) -> str:
        """The grade, or that the search cannot tell the choice from the best."""
        return self.tr("Too close to tell") if d.within_noise else grade_name(d.grade)

    def _headline(self, d: DecisionReview) -> str:
        """'Mistake: about 2.5 points lost', 'Good', or 'Too close to tell'."""
        if d.grade is Grade.GOOD:
            return self._grade_words(d)
        line = self.tr("{grade}: about {points} points lost", "the grade, then the points lost")
        return line.format(grade=grade_name(d.grade), points=decimal(d.loss))

    def _choice_line(
        self, d: DecisionReview, words: Callable[[Sequence[int]], str] = cards_label
    ) -> str:
        """The better choice, and the player's (``words``: how the cards are written)."""
        chosen, best = words(d.cards(d.chosen)), words(d.cards(d.best))
        passing = d.position.kind == "pass"
        if d.chosen == d.best:
            line = (
                self.tr("You passed {cards}: the best pass.")
                if passing
                else self.tr("You played {cards}: the best card.")
            )
            return line.format(cards=chosen)
        if d.within_noise:
            line = self.tr(
                "{best} may be worth about {points} points more than your {cards}, but that is "
                "within the search's margin (± {error}): it cannot tell them apart."
            )
            return line.format(
                best=best, cards=chosen, points=decimal(d.loss), error=decimal(d.error)
            )
        if d.grade is Grade.GOOD:
            line = self.tr("You chose {cards}; {best} was worth a little more: good enough.")
            return line.format(cards=chosen, best=best)
        line = (
            self.tr("The better pass was {best}; you passed {cards}.")
            if passing
            else self.tr("The better card was {best}; you played {cards}.")
        )
        return line.format(best=best, cards=chosen)

    def _values_text(
        self, d: DecisionReview, name: Callable[[int], str] = card_label, join: str = NBSP
    ) -> str:
        """What each choice loses against the best, lower is better (the headline's unit);
        each card written by ``name``, a pass's joined by ``join``."""
        top = max(mean for mean, _ in d.values.values())
        ranked = sorted(d.values, key=lambda c: -d.values[c][0])
        # A pass's three cards kept on one line, and its number told from its cards.
        each = "; ".join(
            f"{join.join(name(card) for card in d.cards(c))}:{NBSP}{decimal(top - d.values[c][0])}"
            for c in ranked
        )
        line = self.tr(
            "Points each choice loses against the best (lower is better): {values}. "
            "Margin of the search: ± {error}."
        )
        return line.format(values=each, error=decimal(d.error))

    def _hindsight_text(
        self,
        d: DecisionReview,
        *,
        details: bool,
        words: Callable[[Sequence[int]], str] = cards_label,
    ) -> str:
        """With every card known: said where it teaches (a bet that worked out, bad luck),
        or in details; never as if it were the grade (``words``: how cards are written)."""
        hindsight = d.hindsight
        if hindsight is None:
            return ""
        top = hindsight.best(d.chosen)
        mine = hindsight.values.get(d.chosen)
        chosen = words(d.cards(d.chosen))
        worked = mine is None or top == d.chosen
        gain = 0.0 if worked or mine is None else hindsight.values[top] - mine
        if d.grade is not Grade.GOOD and worked:
            line = self.tr(
                "As the cards really lay, {cards} worked out; but from what you could see "
                "it was the worse bet."
            )
            return line.format(cards=chosen)
        if d.grade is Grade.GOOD and gain >= HINDSIGHT_TEACHES:
            line = self.tr(
                "As the cards really lay, {best} would have scored {gain} more; but from what "
                "you could see your choice was a sound bet."
            )
            return line.format(best=words(d.cards(top)), gain=decimal(gain))
        if not details:
            return ""
        if worked:
            return self.tr("With every card known (not graded): your choice did as well as any.")
        line = self.tr("With every card known (not graded): {best} would have scored {gain} more.")
        return line.format(best=words(d.cards(top)), gain=decimal(gain))


def _heard(label: QLabel, words: str) -> QLabel:
    """A label a screen reader reads in ``words`` (its cards by name, not by symbol)."""
    label.setAccessibleName(words)
    return label


def _label(name: str, text: str = "") -> QLabel:
    """A label of plain text, wrapped."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    return label
