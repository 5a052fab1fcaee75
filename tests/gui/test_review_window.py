"""The coach in the window: after a hand, the review of each choice, by mouse and keyboard,
worked out in a worker while the game goes on."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import pairwise

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_italian import italian_window, still_english, visible_texts

from peppa_qt.ai import review
from peppa_qt.ai.review import Grade, HandReview
from peppa_qt.engine.cardset import listed
from peppa_qt.gui.dialogs.review import ReviewDialog, decimal, grade_name
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.models.card_text import card_label


@pytest.fixture(autouse=True)
def small_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """Few deals: the window's tests check what it shows, not how precisely."""
    budget = review.ReviewBudget(worlds=12, pass_worlds=12, pass_candidates=3)
    monkeypatch.setattr(review, "DEFAULT_BUDGET", budget)


@pytest.fixture
def italian(qapp: QApplication) -> Iterator[None]:
    from peppa_qt.gui.window.language import translations

    translations.use("it")
    yield
    translations.use("en")


def play_a_hand(qtbot: QtBot, window: MainWindow) -> None:
    """The human passes its three highest cards and plays its lowest legal card, until the
    end-of-hand panel shows."""
    session = window.session
    controller = session.controller

    def act() -> bool:
        hand = controller.hand
        if window.summary_panel.isVisible():
            return True
        if hand is not None and hand.phase.name == "PASSING" and hand.passes[0] is None:
            session.submit_pass(0, listed(hand.hands[0])[-3:])
        elif hand is not None and hand.to_move == 0:
            legal = hand.legal_mask()
            session.submit_play(0, (legal & -legal).bit_length() - 1)
        return False

    qtbot.waitUntil(act, timeout=20_000)


def shown_texts(dialog: ReviewDialog) -> list[str]:
    """The texts of the decision shown (the labels of the one before are being deleted)."""
    return [label.text() for label in dialog.detail.findChildren(QLabel) if label.isVisible()]


def open_review(qtbot: QtBot, window: MainWindow) -> ReviewDialog:
    """Press the panel's "Review this hand…" and wait for the review."""
    assert window.summary_panel.review.isVisible()
    qtbot.mouseClick(window.summary_panel.review, Qt.MouseButton.LeftButton)
    dialog = window.findChild(ReviewDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=30_000)
    return dialog


def test_after_a_hand_the_review_grades_each_choice(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 2))
    play_a_hand(qtbot, window)
    dialog = open_review(qtbot, window)
    result = dialog.review
    assert isinstance(result, HandReview) and result.hand == 0 and result.seat == 0
    assert dialog.steps.count() == 14  # the pass, then 13 plays
    assert dialog.steps.item(0).text().startswith("The pass")
    assert dialog.steps.item(13).text().startswith("Trick 13")
    assert dialog.summary.text() == dialog.summary_text(result)
    marked = [d for d in result.decisions if d.grade is not Grade.GOOD]
    assert marked, "lowest cards always cost something"
    # It opens on the first marked choice.
    shown = dialog.current()
    assert shown is marked[0]
    words = shown_texts(dialog)
    # It leads with the points lost, then the better choice; the numbers wait for Details.
    loss = decimal(shown.loss)
    headline = f"{grade_name(shown.grade)}: about {loss} points lost"
    better = "The better pass was" if shown.position.kind == "pass" else "The better card was"
    assert headline in words and any(w.startswith(better) for w in words)
    assert not any("lower is better" in w for w in words)
    # A play after the lead shows who played each card of the trick so far.
    row = next(i for i, d in enumerate(result.decisions) if d.position.view.trick)
    dialog.steps.setCurrentRow(row)
    trick = result.decisions[row].position.view.trick
    labels = [card_label(card) for card in trick]
    lines = [w for w in shown_texts(dialog) if all(label in w for label in labels)]
    others = ("Bruno", "Carla", "Dario")
    assert any(w.count(" · ") == len(trick) - 1 and any(n in w for n in others) for w in lines)


def test_the_keys_and_the_mouse_step_through_the_hand(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 2))
    play_a_hand(qtbot, window)
    dialog = open_review(qtbot, window)
    dialog.steps.setCurrentRow(0)
    qtbot.keyClick(dialog, Qt.Key.Key_Right)
    assert dialog.steps.currentRow() == 1
    qtbot.keyClick(dialog.steps, Qt.Key.Key_Right)  # the list has the focus: it steps too
    assert dialog.steps.currentRow() == 2
    qtbot.keyClick(dialog, Qt.Key.Key_Left)
    assert dialog.steps.currentRow() == 1
    qtbot.mouseClick(dialog.next, Qt.MouseButton.LeftButton)
    assert dialog.steps.currentRow() == 2
    qtbot.mouseClick(dialog.previous, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.previous, Qt.MouseButton.LeftButton)
    assert dialog.steps.currentRow() == 0 and not dialog.previous.isEnabled()
    shown = dialog.current()
    assert shown is not None and shown.position.kind == "pass"


def test_details_show_what_every_choice_loses(qtbot: QtBot, make_window: WindowMaker) -> None:
    """Lower is better: the best choice loses nothing, the one chosen its loss."""
    window = make_window()
    window.start_game(short_game("hearts", 2))
    play_a_hand(qtbot, window)
    dialog = open_review(qtbot, window)
    result = dialog.review
    assert result is not None
    row = next(i for i, d in enumerate(result.decisions) if len(d.values) > 2)

    def losses() -> list[str]:
        return [text for text in shown_texts(dialog) if "(lower is better)" in text]

    dialog.steps.setCurrentRow(row)
    assert losses() == []
    dialog.details.click()
    decision = result.decisions[row]
    [line] = losses()
    each = line.split(": ", 1)[1].split(". Margin")[0].split("; ")
    assert len(each) == len(decision.values)
    assert each[0].endswith(":\u00a00.0")  # the best first, losing nothing
    mine = "\u00a0".join(card_label(card) for card in decision.cards(decision.chosen))
    chosen = next(e for e in each if e.startswith(mine + ":"))
    assert chosen.endswith(decimal(decision.loss))


def test_the_window_goes_on_while_the_review_is_worked_out(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The review is worked out away from the window's thread: the window's timers keep
    their time, and the next hand is dealt and played while it is computed. The coach's real
    budget (seconds of search): with the small one of these tests the review is done before
    the timer has ticked enough to tell. A search in a thread of the window's process held
    the interpreter's lock so long (the compiled search most) that the timer missed 0.3 to
    0.5 s at a time here, and on CI's machine ticked 4 times in all."""
    monkeypatch.setattr(review, "DEFAULT_BUDGET", review.ReviewBudget())
    window = make_window()
    window.start_game(short_game("hearts", 2))
    play_a_hand(qtbot, window)
    ticks = [time.perf_counter()]
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(10)
    qtbot.mouseClick(window.summary_panel.review, Qt.MouseButton.LeftButton)
    dialog = window.findChild(ReviewDialog)
    assert dialog is not None and dialog.review is None
    assert dialog.summary.text().startswith("Working out the review")
    window.presenter.continue_after_hand()  # the next hand, while the coach works
    qtbot.waitUntil(lambda: len(window.controller.match.hands) == 2, timeout=5000)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=60_000)
    ticks.append(time.perf_counter())
    timer.stop()
    gaps = [b - a for a, b in pairwise(ticks)]
    # Not a frame's time: the machine is shared, and the test's own clicks and waits count.
    assert len(ticks) > 50 and max(gaps) < 0.25, sorted(gaps)[-3:]
    assert dialog.review is not None and dialog.review.hand == 0


def test_a_hand_reviewed_once_opens_at_once(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 2))
    play_a_hand(qtbot, window)
    first = open_review(qtbot, window)
    first.close()
    window.commands.review_hand()  # Game ▸ Review this hand…
    dialogs = [d for d in window.findChildren(ReviewDialog) if d.isVisible()]
    assert len(dialogs) == 1 and dialogs[0].review is first.review  # the kept one, no wait


def test_after_the_review_enter_deals_the_next_hand_not_the_review_again(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Review opened from the panel by keyboard and closed: Enter is Next hand's again (the
    focus stayed on Review, and Enter opened the review once more)."""
    window = make_window()
    window.start_game(short_game("hearts", 2))
    play_a_hand(qtbot, window)
    panel = window.summary_panel
    panel.review.setFocus()
    qtbot.keyClick(panel.review, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.findChild(ReviewDialog) is not None, timeout=5000)
    dialog = window.findChild(ReviewDialog)
    assert dialog is not None
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=30_000)
    dialog.close()
    focused = window.focusWidget()  # what has the keys when the window is active again
    assert focused is panel.button
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not panel.isVisible(), timeout=5000)
    assert not [d for d in window.findChildren(ReviewDialog) if d.isVisible()]
    hand = window.controller.match
    assert hand is not None
    qtbot.waitUntil(lambda: len(hand.hands) == 2, timeout=10_000)


def test_before_any_hand_is_over_there_is_nothing_to_review(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 2))
    window.commands.review_hand()
    assert window.findChild(ReviewDialog) is None
    assert "no hand of yours to review" in window.status_line.currentMessage()


def test_the_review_speaks_italian(qtbot: QtBot, make_window: WindowMaker, italian: None) -> None:
    window = italian_window(qtbot, make_window)
    window.start_game(short_game("hearts", 2))
    play_a_hand(qtbot, window)
    assert window.summary_panel.review.text() == "Rivedi questa smazzata…"
    dialog = open_review(qtbot, window)
    for row in range(dialog.steps.count()):
        dialog.steps.setCurrentRow(row)
        assert still_english(visible_texts(dialog)) == []
    assert dialog.steps.item(1).text().startswith("Presa 1")


def test_any_finished_hand_of_the_game_can_be_reviewed(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 3))
    play_a_hand(qtbot, window)
    window.presenter.continue_after_hand()
    qtbot.waitUntil(lambda: not window.summary_panel.isVisible())
    play_a_hand(qtbot, window)
    dialog = open_review(qtbot, window)
    choice = dialog.hand_choice
    assert [choice.itemText(i) for i in range(choice.count())] == ["Hand 1", "Hand 2"]
    assert dialog.review is not None and dialog.review.hand == 1  # the last one first
    choice.setCurrentIndex(0)
    assert dialog.windowTitle() == "Review of hand 1" and dialog.review is None
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=30_000)
    assert dialog.review is not None and dialog.review.hand == 0


def test_a_hot_seat_human_may_see_each_human_s_review(qtbot: QtBot) -> None:
    """Every card of a finished hand is public: the choice of seat lists the humans, and
    choosing one asks for that seat's review."""
    from peppa_qt.controller.review import Reviewer
    from peppa_qt.engine import Match, Phase, RuleSet
    from peppa_qt.gui.table.card_pixmaps import CardPixmapCache

    match = Match(RuleSet.preset("hearts", {}), 9, track_undo=False)
    hand = match.start_hand()
    for seat in range(4):
        match.pass_cards(seat, listed(hand.hands[seat])[:3])
    while hand.phase is not Phase.SCORED:
        legal = hand.legal_mask()
        match.play((legal & -legal).bit_length() - 1)
    reviewer = Reviewer()
    asked: list[tuple[int, int]] = []

    def request(hand: int, seat: int) -> None:
        asked.append((hand, seat))
        reviewer.request(match, hand, seat)

    names = ["Anna", "Bruno", "Carla", "Dario"]
    dialog = ReviewDialog(reviewer, request, [0], [2, 0], names, CardPixmapCache())
    qtbot.addWidget(dialog)
    dialog.show()
    choice = dialog.seat_choice
    assert choice.isVisible() and not dialog.hand_choice.isVisible()
    assert [choice.itemText(i) for i in range(choice.count())] == ["Carla", "Anna"]
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=30_000)
    assert dialog.review is not None and dialog.review.seat == 2
    choice.setCurrentIndex(1)
    qtbot.waitUntil(lambda: dialog.review is not None, timeout=30_000)
    assert asked == [(0, 2), (0, 0)] and dialog.review.seat == 0
    reviewer.shutdown()


def test_points_are_written_as_the_language_writes_them(italian: None) -> None:
    from PySide6.QtCore import QLocale

    from peppa_qt.gui.dialogs.review import decimal

    assert QLocale().language() == QLocale.Language.Italian
    assert decimal(2.04) == "2,0" and decimal(-10.33) == "−10,3" and decimal(-0.01) == "0,0"
