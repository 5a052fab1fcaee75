"""Panels floating over the felt: passing and the end of a hand (the end of a game:
game_over.py; what every panel shares: base.py)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QGuiApplication, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...engine.deals import format_deal_number
from .. import texts
from ..card_names import cards_named
from ..table.card_pixmaps import CARD_ASPECT, CardPixmapCache
from .base import Panel, panel_label
from .score_chart import SEAT_COLOURS
from .summaries import HandSummary

#: The pass's arrows (``texts.direction_arrow``), left out of what a screen reader reads.
_ARROWS = str.maketrans("", "", "→←↑•")
# How long a Copy button says "Copied ✓" (ms); not "#:", which lupdate reads as a note.
COPIED_MS = 2000


def _copy_text(text: str) -> None:
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)


class _CopyButton(QPushButton):
    """A button that copies its text and says so a moment, as wide for both words.

    Its size is asked of the words as drawn now: measured when the button was made, before
    the panel's bold font and padding applied, "Copied ✓" lost its first and last letters.
    """

    def __init__(self, text: str) -> None:
        super().__init__(self._copy())
        self.setObjectName("secondary")
        self._text = text
        self.clicked.connect(self._on_clicked)

    @staticmethod
    def _copy() -> str:
        return QCoreApplication.translate("HandSummaryPanel", "Copy")

    @staticmethod
    def _copied() -> str:
        return QCoreApplication.translate("HandSummaryPanel", "Copied ✓")

    def _on_clicked(self) -> None:
        _copy_text(self._text)
        self.setText(self._copied())
        QTimer.singleShot(COPIED_MS, self, lambda: self.setText(self._copy()))

    def _wider(self, size: QSize) -> QSize:
        """``size`` grown by what the longer of the two words needs more than the one shown."""

        def width(words: str) -> int:  # as QPushButton measures its text
            return self.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, words).width()

        longest = max(width(self._copy()), width(self._copied()))
        return QSize(size.width() + max(0, longest - width(self.text())), size.height())

    def sizeHint(self) -> QSize:  # noqa: N802
        # A push button's minimum size is its size hint: this one, so it is not overridden.
        return self._wider(super().sizeHint())


#: The passing prompt's width: usually, at the most, and narrowed between the side seats.
PROMPT_WIDTH, PROMPT_WIDTH_MOST, PROMPT_WIDTH_LEAST = 300, 460, 220


class PassPanel(Panel):
    """The passing prompt and its confirm button."""

    confirmed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = panel_label(name="banner")
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.prompt.setWordWrap(True)
        self.button = QPushButton()
        self.button.clicked.connect(self.confirmed)
        self.button.setDefault(True)
        box = QVBoxLayout(self)
        box.setContentsMargins(18, 12, 18, 14)
        box.addWidget(self.prompt)
        box.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        self.setMinimumWidth(PROMPT_WIDTH)
        self.setMaximumWidth(PROMPT_WIDTH_MOST)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """The button's text in the language in use (the prompt comes from the presenter)."""
        self.button.setText(self.tr("Pass cards"))

    def fit_width(self, clear: int, whole: int) -> None:
        """Narrower than usual where that lets it pass between the side seats' boxes (eight
        seats at 640 pixels: it lay over their edges), the prompt in two lines if need be."""
        narrow = PROMPT_WIDTH_LEAST <= clear < PROMPT_WIDTH
        self.setMinimumWidth(clear if narrow else PROMPT_WIDTH)
        self.setMaximumWidth(clear if narrow else PROMPT_WIDTH_MOST)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def show_prompt(self, shown: bool, prompt: str, ready: bool) -> None:
        """Show or hide; the button works once three cards are chosen."""
        self.prompt.setText(prompt)
        # Heard without the arrow, which a screen reader reads as "right arrow" or not at all.
        self.prompt.setAccessibleName(" ".join(prompt.translate(_ARROWS).split()))
        self.button.setEnabled(ready)
        self.setVisible(shown)


# The cards a seat took, in the end-of-hand summary: at four seats, and at six or eight.
STRIP_HEIGHT, STRIP_HEIGHT_MANY = 46, 32
# The four-seat table.
FOUR = 4


class CardStrip(QWidget):
    """A few small cards side by side, overlapping when there are many."""

    def __init__(
        self, cache: CardPixmapCache, cards: Sequence[int], height: int = STRIP_HEIGHT
    ) -> None:
        super().__init__()
        self._cache = cache
        self.cards = list(cards)
        # A picture a screen reader names by its cards (it was an unnamed filler).
        self.setAccessibleName(cards_named(self.cards))
        self._size = QSize()
        self._step = 0
        self.set_card_height(height)

    def set_card_height(self, height: int) -> None:
        """Draw the cards ``height`` pixels high (the panel's room decides)."""
        self._size = QSize(2 * round(height * CARD_ASPECT / 2), height)
        self._step = round(self._size.width() * 0.45)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        count = max(len(self.cards), 1)
        return QSize(self._size.width() + (count - 1) * self._step, self._size.height())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        ratio = self.devicePixelRatioF()
        for i, card in enumerate(self.cards):
            painter.drawPixmap(i * self._step, 0, self._cache.face(card, self._size, ratio))
        painter.end()


class HandSummaryPanel(Panel):
    """Who took which point cards, the hand's points and the totals; cappotto announced."""

    continued = Signal()
    #: The player wants this hand's cards dealt again (a new game from its deal number).
    replay_wanted = Signal()
    #: The player wants the coach's review of this hand.
    review_wanted = Signal()

    def __init__(self, cache: CardPixmapCache, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._cache = cache
        self._box = QVBoxLayout(self)
        self._box.setContentsMargins(20, 14, 20, 16)
        self._body: QWidget | None = None
        self._summary: HandSummary | None = None
        self._copy: _CopyButton | None = None
        #: The players' rows (1 to N) and their strips of cards: the cards' height follows
        #: the room the table gives the panel.
        self._grid: QGridLayout | None = None
        self._strips: list[CardStrip] = []
        self.button = QPushButton()
        self.button.setDefault(True)
        self.button.clicked.connect(self.continued)
        self.replay = QPushButton()
        self.replay.setObjectName("secondary")
        self.replay.clicked.connect(lambda: self._open_aside(self.replay_wanted))
        self.review = QPushButton()
        self.review.setObjectName("secondary")
        self.review.clicked.connect(lambda: self._open_aside(self.review_wanted))
        self.review.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(self.review)
        buttons.addStretch(1)
        buttons.addWidget(self.replay)
        buttons.addWidget(self.button)
        #: Review goes up here, alone, where the table is narrower than the three buttons in
        #: a row (Italian's, with the score sheet open at 1024×640: the panel was cut).
        self._buttons, self._upper = buttons, QHBoxLayout()
        self._upper.addStretch(1)
        self._box.addLayout(self._upper)
        self._box.addLayout(buttons)

    def _open_aside(self, wanted: SignalInstance) -> None:
        """Ask for a window of its own (the review, the replay's dialog) with the focus back on
        Next hand first: when that window closes, Enter deals the next hand (the focus stayed
        on the button, and Enter opened the same window again)."""
        self.button.setFocus()
        wanted.emit()

    def fit_width(self, clear: int, whole: int) -> None:
        """Review above the other buttons where one row is wider than the table, or where
        that lets the panel pass between the plates at the table's sides."""
        one, two = self._one_row_width(), self._two_row_width()
        self._buttons_in_two_rows(one > whole or two <= clear < one)

    def fit_to(self, room: int) -> None:
        """Six or eight rows of cards as large as four's where the table has the room (at
        1280×800 they were as small as at 1024×640), else smaller, so the panel shows whole."""
        seats = len(self._summary.names) if self._summary is not None else FOUR
        heights = (STRIP_HEIGHT,) if seats <= FOUR else (STRIP_HEIGHT, STRIP_HEIGHT_MANY)
        for height in heights:
            for strip in self._strips:
                strip.set_card_height(height)
            if self._grid is not None:
                for row in range(1, seats + 1):
                    self._grid.setRowMinimumHeight(row, height)
            # Each layout from the grid up forgets the size it kept, so the panel's is new.
            body = self._body.layout() if self._body is not None else None
            for layout in (self._grid, body):
                if layout is not None:
                    layout.invalidate()
            if self._body is not None:
                self._body.updateGeometry()  # the panel's layout keeps the body's size too
            self._box.invalidate()
            if self.sizeHint().height() <= room:
                return

    def _one_row_width(self) -> int:
        """How wide the panel is with its buttons side by side (at least)."""
        shown = [b for b in (self.review, self.replay, self.button) if not b.isHidden()]
        spacing = max(self._buttons.spacing(), 0) * (len(shown) - 1)
        margins = self._box.contentsMargins()
        return sum(b.sizeHint().width() for b in shown) + spacing + margins.left() + margins.right()

    def _two_row_width(self) -> int:
        """How wide the panel is with Review on a row of its own (at least)."""
        margins = self._box.contentsMargins()
        body = self._body.sizeHint().width() if self._body is not None else 0
        shown = [b for b in (self.replay, self.button) if not b.isHidden()]
        lower = sum(b.sizeHint().width() for b in shown)
        lower += max(self._buttons.spacing(), 0) * (len(shown) - 1)
        widest = max(body, self.review.sizeHint().width() if not self.review.isHidden() else 0)
        return max(widest, lower) + margins.left() + margins.right()

    def _buttons_in_two_rows(self, two: bool) -> None:
        """Review on a row of its own above Replay and Next hand, or beside them."""
        if (self._upper.indexOf(self.review) >= 0) == two:
            return
        (self._buttons if two else self._upper).removeWidget(self.review)
        if two:
            self._upper.insertWidget(0, self.review)
        else:
            self._buttons.insertWidget(0, self.review)
        self._box.invalidate()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        summary = getattr(self, "_summary", None)  # None while the panel is being built
        if event.type() == QEvent.Type.LanguageChange and self.isVisible() and summary:
            self.show_summary(summary)  # its words again, in the new language
        super().changeEvent(event)

    def show_summary(self, summary: HandSummary) -> None:
        """Fill the panel for ``summary`` and show it."""
        self._summary = summary
        old, self._body = self._body, self._build(summary)
        if old is not None:  # out of the layout now: a widget waiting to be deleted still counts
            self._box.removeWidget(old)
            old.hide()
            old.deleteLater()
        self._box.insertWidget(0, self._body)
        # Shown now, not when Qt gets round to it: the panel is placed at its size at once.
        self._body.show()
        self._order_copy()
        if summary.game_over:
            self.button.setText(self.tr("Final ranking"))
        else:
            self.button.setText(self.tr("Next hand"))
        self.replay.setText(self.tr("Replay this deal…"))
        self.replay.setVisible(summary.deal_number is not None)
        self.review.setText(self.tr("Review this hand…"))
        self.review.setVisible(summary.reviewable)
        self.show()
        self.raise_()
        self.button.setFocus()

    def _order_copy(self) -> None:
        """Tab reaches Copy just before the row of Review, Replay and Next hand: made anew for
        every hand, it came last in the window's focus chain, after the score sheet."""
        copy, self._copy = self._copy, None
        before = self.review.previousInFocusChain()
        if copy is not None and before is not None:
            QWidget.setTabOrder(before, copy)
            QWidget.setTabOrder(copy, self.review)

    def _build(self, summary: HandSummary) -> QWidget:
        body = QWidget()
        box = QVBoxLayout(body)
        box.setContentsMargins(0, 0, 0, 0)
        title = self.tr("Hand {n}").format(n=summary.index + 1)
        box.addWidget(panel_label(title, "title"))
        if summary.moon is not None:
            announce = texts.moon_announcement(summary.preset, summary.names[summary.moon])
            box.addWidget(panel_label(announce, "banner"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        self._grid, self._strips = grid, []
        grid.addWidget(panel_label(self.tr("Points taken"), "muted"), 0, 1)
        grid.addWidget(panel_label(self.tr("Hand"), "muted"), 0, 2, Qt.AlignmentFlag.AlignRight)
        grid.addWidget(panel_label(self.tr("Total"), "muted"), 0, 3, Qt.AlignmentFlag.AlignRight)
        for seat in range(len(summary.names)):
            self._add_row(grid, seat + 1, seat, summary)
        box.addLayout(grid)
        if summary.no_card_bonus:
            names = ", ".join(texts.player_name(summary.names[s]) for s in summary.no_card_bonus)
            note = self.tr("No cards taken ({bonus}): {names}").format(
                bonus=texts.points_text(summary.bonus), names=names
            )
            box.addWidget(panel_label(note, "muted"))
        if summary.deal_number is not None:
            self._add_deal(box, summary, summary.deal_number)
        return body

    def _add_deal(self, box: QVBoxLayout, summary: HandSummary, number: int) -> None:
        """The deal number (selectable, and a button to copy it) and, below, whether it
        matches the fingerprint shown while the cards were hidden."""
        shown = format_deal_number(number)
        row = QHBoxLayout()
        self.deal_label = panel_label(self.tr("Deal number {number}").format(number=shown))
        self.deal_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(self.deal_label)
        self._copy = _CopyButton(shown)
        self._copy.setAccessibleDescription(
            self.tr("Copies the deal number {number}").format(number=shown)
        )
        row.addWidget(self._copy)
        row.addStretch(1)
        box.addLayout(row)
        if summary.replay:
            check = self.tr("A replayed deal: no fingerprint to match.")
        elif summary.matches:
            check = self.tr("✓ matches the fingerprint {fingerprint} (key {key})")
        else:
            check = self.tr("✗ does not match the fingerprint {fingerprint} (key {key})")
        self.deal_check = panel_label(
            check.format(fingerprint=summary.fingerprint or "", key=summary.deal_key or ""),
            "muted",
        )
        self.deal_check.setAccessibleName(self._check_heard(summary))
        self.deal_check.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.deal_check.setWordWrap(True)  # long in Italian: two lines rather than a wide panel
        box.addWidget(self.deal_check)

    def _check_heard(self, summary: HandSummary) -> str:
        """The fingerprint line without its mark, which a screen reader reads as a symbol."""
        if summary.replay:
            check = self.tr("A replayed deal: no fingerprint to match.")
        elif summary.matches:
            check = self.tr("The deal matches the fingerprint {fingerprint} (key {key}).")
        else:
            check = self.tr("The deal does not match the fingerprint {fingerprint} (key {key}).")
        return check.format(fingerprint=summary.fingerprint or "", key=summary.deal_key or "")

    def _row_heard(self, seat: int, summary: HandSummary) -> str:
        """A player's row in words: "Bruno: 7 points this hand, total 7; took Queen of
        spades" (the row is read label by label, its cards a picture)."""
        name = texts.player_name(summary.names[seat])
        cards = summary.point_cards[seat]
        points = self.tr("%n point(s) this hand", "", summary.points[seat])
        row = self.tr("{name}: {points}, total {total}").format(
            name=name, points=points, total=summary.totals[seat]
        )
        if not cards:
            return self.tr("{row}; no point cards taken").format(row=row)
        taken = cards_named(cards)
        return self.tr("{row}; took {cards}").format(row=row, cards=taken)

    def _add_row(self, grid: QGridLayout, row: int, seat: int, summary: HandSummary) -> None:
        name = panel_label(texts.player_name(summary.names[seat]))
        name.setAccessibleName(self._row_heard(seat, summary))
        name.setStyleSheet(f"color: {SEAT_COLOURS[seat].name()}; font-weight: bold;")
        grid.addWidget(name, row, 0)
        cards = summary.point_cards[seat]
        # A row with no card is as high as one with (fit_to), so the rows keep one pitch
        # down the panel.
        grid.setRowMinimumHeight(row, STRIP_HEIGHT)
        if cards:
            strip = CardStrip(self._cache, cards)
            self._strips.append(strip)
            grid.addWidget(strip, row, 1)
        else:
            grid.addWidget(panel_label("—", "muted"), row, 1)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        grid.addWidget(panel_label(str(summary.points[seat])), row, 2, right)
        total = panel_label(str(summary.totals[seat]))
        total.setStyleSheet("font-weight: bold;")
        grid.addWidget(total, row, 3, right)
