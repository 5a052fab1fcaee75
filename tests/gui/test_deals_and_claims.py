"""Deal numbers, replays and Finish the hand through the window: the fingerprint while the cards
are hidden and never the number; the number (matching it) once the hand is over; a replayed or
typed deal deals exactly those hands; a decided hand is offered and played out to the points
the claim said."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from persistence_helpers import GUARD_MS, claim_answered, step, step_until, waiting
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game

from peppa_qt.engine import Phase, view_of
from peppa_qt.engine.claim import view_settled_points
from peppa_qt.engine.deals import (
    NumberedDeal,
    deal_from_number,
    fingerprint_matches,
    format_deal_number,
    rotate_deal,
)
from peppa_qt.gui.dialogs.new_game import DealChoice, NewGameDialog
from peppa_qt.gui.presenter.table_presenter import PLAYING
from peppa_qt.gui.window.main_window import MainWindow


def _everything_shown(window: MainWindow) -> str:
    """Every text the window shows or holds ready: title, labels, buttons, tooltips, menus,
    the table's info block and the status line."""
    parts = [window.windowTitle(), window.status_line.currentMessage()]
    parts += window.scene.info.lines()
    for widget in window.findChildren(QLabel):
        parts += [widget.text(), widget.toolTip()]
    for widget in window.findChildren(QAbstractButton):
        parts += [widget.text(), widget.toolTip()]
    for action in window.findChildren(type(window.menus.undo_action)):
        parts += [action.text(), action.toolTip(), action.statusTip()]
    return "\n".join(parts)


def _number_shown(text: str, number: int) -> bool:
    digits = re.sub(r"\D", "", text)
    return format_deal_number(number) in text or f"{number:012d}" in digits


def test_the_fingerprint_is_shown_while_the_cards_are_hidden_and_the_number_only_after(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 2))
    match = window.controller.match
    assert match is not None
    number, fingerprint = match.deal_number(0), match.deal_fingerprint(0)
    assert number is not None and fingerprint is not None
    while True:
        qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
        if window.summary_panel.isVisible():
            break
        shown = _everything_shown(window)
        assert not _number_shown(shown, number)
        assert f"Deal fingerprint {fingerprint}" in window.scene.info.lines()
        assert step(qtbot, window)
    panel = window.summary_panel
    assert panel.deal_label.text() == f"Deal number {format_deal_number(number)}"
    assert fingerprint in panel.deal_check.text() and panel.deal_check.text().startswith("✓")
    key = match.deal_key(0)
    assert key is not None and key in panel.deal_check.text()
    assert fingerprint_matches(number, key, fingerprint)
    copy = next(b for b in panel.findChildren(QAbstractButton) if b.text() == "Copy")
    width = copy.width()
    copy.click()
    clipboard = QApplication.clipboard()
    assert clipboard is not None and clipboard.text() == format_deal_number(number)
    assert copy.text() == "Copied ✓" and copy.width() == width  # said, and nothing moves
    qtbot.waitUntil(lambda: copy.text() == "Copy", timeout=5000)
    assert panel.replay.isVisible()
    # the next hand is dealt: its number is not on screen either, the one before may be
    step(qtbot, window)
    qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
    second = match.deal_number(1)
    assert second is not None and not _number_shown(_everything_shown(window), second)


def _dialog_answer(
    monkeypatch: pytest.MonkeyPatch, fill: object, seen: list[NewGameDialog]
) -> None:
    """NewGameDialog.ask builds the real dialog, lets ``fill`` act on it, and accepts it."""

    def ask(
        cls: type[NewGameDialog],
        parent: object,
        levels: list[str],
        previous: object,
        deal: DealChoice | None = None,
    ) -> object:
        dialog = cls(levels, previous, None, deal)  # type: ignore[arg-type]
        seen.append(dialog)
        fill(dialog)  # type: ignore[operator]
        return dialog.setup() if dialog._start.isEnabled() else None

    monkeypatch.setattr(NewGameDialog, "ask", classmethod(ask))


def test_replay_this_deal_deals_the_same_four_hands_from_the_seat_chosen(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 2))
    match = window.controller.match
    assert match is not None
    step_until(qtbot, window, window.summary_panel.isVisible)
    original, dealer = list(match.hands[0].deal), match.hands[0].dealer
    seen: list[NewGameDialog] = []

    def as_west(dialog: NewGameDialog) -> None:
        assert dialog.deal_number.text() == format_deal_number(match.deal_number(0) or 0)
        dialog.deal_seat.setCurrentIndex(3)  # South plays the cards West was dealt
        dialog.kinds[1].setCurrentIndex(dialog.kinds[1].findData("x"))

    _dialog_answer(monkeypatch, as_west, seen)
    window.summary_panel.replay.click()
    assert seen and seen[0].windowTitle() == "Replay this deal"
    again = window.controller.match
    assert again is not None and again is not match
    hand = again.hands[0]
    assert list(hand.deal) == rotate_deal(original, 1)  # West's cards are South's now
    assert hand.deal[0] == original[3] and hand.dealer == (dealer + 1) % 4
    assert again.deal_number(0) == match.deal_number(0)
    # saved and resumed, the game still knows its deal number
    saved = window.session.snapshot()
    assert saved is not None and saved.deals == ((0, match.deal_number(0), 1),)


def test_a_replay_says_in_the_corner_which_deal_it_replays_not_a_new_fingerprint(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay's fingerprint is not the original's (the game's key differs): nobody could
    match it. The corner says which deal it is, the summary that there was none to match."""
    window = make_window()
    window.start_game(short_game("hearts", 2))
    match = window.controller.match
    assert match is not None
    step_until(qtbot, window, window.summary_panel.isVisible)
    number = match.deal_number(0)
    assert number is not None

    def computers(dialog: NewGameDialog) -> None:
        for kind in dialog.kinds[1:]:
            kind.setCurrentIndex(kind.findData("x"))

    _dialog_answer(monkeypatch, computers, [])
    window.summary_panel.replay.click()
    again = window.controller.match
    assert again is not None and again is not match
    qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
    corner = window.scene.info.lines()
    assert f"Replay of deal {format_deal_number(number)}" in corner
    assert not any("fingerprint" in line for line in corner)
    step_until(qtbot, window, window.summary_panel.isVisible)
    check = window.summary_panel.deal_check.text()
    assert check == "A replayed deal: no fingerprint to match."
    step(qtbot, window)  # the next hand is the game's own: a fingerprint again
    qtbot.waitUntil(lambda: waiting(window), timeout=10_000)
    assert f"Deal fingerprint {again.deal_fingerprint(1)}" in window.scene.info.lines()


def test_a_deal_number_typed_in_gives_that_deal_and_a_wrong_one_is_refused(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.start_game(short_game("peppa", 2))
    seen: list[NewGameDialog] = []

    def typed(dialog: NewGameDialog) -> None:
        assert dialog.windowTitle() == "New game from a deal number"
        note = dialog.deal_note
        assert not dialog._start.isEnabled() and "Type the deal number" in note.text()
        dialog.deal_number.setText("1234-5678-901")
        assert not dialog._start.isEnabled() and "14 digits" in note.text()
        dialog.deal_number.setText("9717-1623-1541-81")  # two digits swapped
        assert not dialog._start.isEnabled()
        assert note.text() == "This deal number has a typo: check its digits."
        dialog.deal_number.setText("9717-1623-1514-81")
        assert dialog._start.isEnabled() and note.text() == "✓ 9717-1623-1514-81"
        dialog.deal_number.setText(" 9717 1623-1514 ")  # as numbers were shown before
        assert dialog._start.isEnabled() and note.text().startswith("✓ 9717-1623-1514-81 (")
        assert "without check digits" in note.text()
        assert not dialog.problem.isVisibleTo(dialog)

    _dialog_answer(monkeypatch, typed, seen)
    menu = next(
        a for a in window.findChildren(type(window.menus.undo_action)) if "nu&mber" in a.text()
    )
    menu.trigger()
    assert seen
    match = window.controller.match
    assert match is not None
    rules = match.rules
    assert list(match.hands[0].deal) == deal_from_number(rules, 971716231514)
    assert match.hands[0].dealer == 971716231514 % 4
    assert match.deal_number(0) == 971716231514
    assert match.given_deals() == {0: NumberedDeal(971716231514)}


def test_the_deal_number_s_note_is_red_only_for_a_wrong_number_and_the_form_stays_put(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    window.start_game(short_game("peppa", 2))
    seen: list[NewGameDialog] = []
    heights: list[int] = []

    def red(dialog: NewGameDialog) -> bool:
        return "#b3261e" in dialog.deal_note.styleSheet()

    def typed(dialog: NewGameDialog) -> None:
        dialog.show()
        dialog.resize(dialog.minimumSizeHint().width(), dialog.height())  # long notes wrap
        for text, wrong in [
            ("", False),  # the hint before anything is typed: nothing is wrong yet
            ("9717-1623-1541-81", True),
            ("9717-1623-1514-81", False),
            (" 9717 1623-1514 ", False),  # without check digits: a remark on two lines
            ("1234-5678-901", True),
        ]:
            dialog.deal_number.setText(text)
            dialog.layout().activate()
            assert red(dialog) is wrong, text
            heights.append(dialog.deal_seat.geometry().top())
        dialog.hide()

    _dialog_answer(monkeypatch, typed, seen)
    menu = next(
        a for a in window.findChildren(type(window.menus.undo_action)) if "nu&mber" in a.text()
    )
    menu.trigger()
    assert seen
    assert len(set(heights)) == 1, heights  # the rows below the note did not move


def test_a_replay_given_up_leaves_enter_to_next_hand(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replay this deal… by keyboard, then Cancel: Enter deals the next hand, it does not ask
    for the replay again."""
    window = make_window()
    window.start_game(short_game("hearts", 2))
    step_until(qtbot, window, window.summary_panel.isVisible)
    asked: list[object] = []
    monkeypatch.setattr(NewGameDialog, "ask", classmethod(lambda cls, *a, **k: asked.append(k)))
    panel = window.summary_panel
    panel.replay.setFocus()
    qtbot.keyClick(panel.replay, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(asked) == 1, timeout=5000)
    assert panel.isVisible()
    assert window.focusWidget() is panel.button


def test_replay_before_any_hand_ends_says_there_is_none(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 2))
    window.commands.replay_deal()
    assert "No hand has been played to its end yet" in window.status_line.currentMessage()


def _offered(window: MainWindow) -> bool:
    return window.presenter.mode == PLAYING and window.session.claims.offered


@pytest.mark.parametrize("preset", ["hearts", "peppa"])
def test_a_decided_hand_is_offered_and_finished_to_the_points_the_claim_said(
    qtbot: QtBot, make_window: WindowMaker, preset: str
) -> None:
    window = make_window()
    window.start_game(replace(short_game(preset, 6), seed=11))
    claims = window.session.claims
    finished = 0
    while finished < 2:
        qtbot.waitUntil(lambda: waiting(window), timeout=GUARD_MS)
        match = window.controller.match
        assert match is not None
        hand = match.current
        assert hand is not None
        if window.presenter.mode == PLAYING:
            claim_answered(qtbot, window)
        if not _offered(window):
            if window.presenter.mode == PLAYING:
                assert view_settled_points(view_of(match, 0)) is None  # offered when decided
            if not step(qtbot, window):
                break
            continue
        points = claims.points()
        assert points == view_settled_points(view_of(match, 0))
        assert window.game.aids_bar.finish_button.isVisible()
        assert window.menus.finish_action.isEnabled()
        left = hand.hands[0].bit_count()
        assert "“Finish the hand” (F)" in window.status_line.currentMessage()
        qtbot.keyClick(window.view, Qt.Key.Key_F)
        assert not window.game.aids_bar.finish_button.isVisible()
        assert "“Finish the hand” (F)" not in window.status_line.currentMessage()
        qtbot.waitUntil(lambda h=hand: h.phase is Phase.SCORED, timeout=GUARD_MS)
        assert hand.result is not None and hand.result.points == points
        assert left >= 1 and hand.hands[0] == 0  # the human's cards were played for them
        finished += 1
        qtbot.waitUntil(window.summary_panel.isVisible, timeout=GUARD_MS)
        step(qtbot, window)
    assert finished == 2, "no decided hand met in six hands"


def test_the_offer_on_the_status_line_goes_when_a_card_played_withdraws_it(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Playing on instead of finishing: the offer's words leave the status line with it."""
    window = make_window()
    window.start_game(replace(short_game("hearts", 6), seed=11))
    claims = window.session.claims
    offer = "“Finish the hand” (F)"
    for _ in range(400):
        qtbot.waitUntil(lambda: waiting(window), timeout=GUARD_MS)
        if window.presenter.mode == PLAYING:
            claim_answered(qtbot, window)
        if _offered(window):
            break
        assert step(qtbot, window)
    else:
        pytest.fail("no decided hand met")
    assert offer in window.status_line.currentMessage()
    hand = window.controller.hand
    assert hand is not None
    played = len(hand.plays)
    step(qtbot, window)  # a card played by hand: the offer is withdrawn until checked again
    qtbot.waitUntil(lambda: len(hand.plays) > played, timeout=GUARD_MS)
    qtbot.waitUntil(lambda: not claims.offered, timeout=GUARD_MS)
    assert offer not in window.status_line.currentMessage()


def test_finish_by_itself_plays_a_decided_hand_out_without_asking(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.apply_settings(replace(window.settings, auto_finish=True, auto_play=True))
    claims = window.session.claims
    assert claims.automatic
    refused: list[object] = []  # a forced card played too: never twice, never out of turn
    window.controller.move_refused.connect(refused.append)
    window.start_game(replace(short_game("hearts", 3), seed=11))
    match = window.controller.match
    assert match is not None
    played_for_me: list[int] = []
    window.controller.card_played.connect(
        lambda seat, card: played_for_me.append(card) if seat == 0 else None
    )
    mine = 0
    while True:
        qtbot.waitUntil(lambda: waiting(window), timeout=GUARD_MS)
        if window.presenter.mode == PLAYING:
            qtbot.waitUntil(lambda: claims._asked is None or claims.finishing, timeout=GUARD_MS)
            if claims.finishing:
                qtbot.waitUntil(lambda: not claims.finishing, timeout=GUARD_MS)
                continue
            mine += 1
        if not step(qtbot, window):
            break
    assert match.is_over
    cards = match.rules.hand_size * len(match.hands)
    assert len(played_for_me) == cards
    assert mine < cards  # the last ones of a decided hand went by themselves
    assert refused == []


def test_a_hand_not_dealt_from_a_number_shows_none_and_cannot_be_replayed(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: object
) -> None:
    """A record's own deal (another program's, an earlier version's): no fingerprint, no number."""
    from pathlib import Path

    from peppa_qt.controller.session import players_of
    from peppa_qt.engine import Match, RuleSet, cards_of, record_of, write_record

    setup = short_game("hearts", 2)
    match = Match(RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}}), seed=6)
    hand = match.start_hand(rotate_deal(deal_from_number(match.rules, 99), 1))
    for seat in range(4):
        hand.pass_cards(seat, cards_of(hand.hands[seat])[:3])
    while hand.result is None:
        hand.play(cards_of(hand.legal_mask())[0])
    path = Path(str(tmp_path)) / "record.json"
    path.write_text(write_record(record_of(match, players_of(setup))), encoding="utf-8")
    window = make_window()
    assert window.commands.open_path(path)
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=5000)
    assert not window.summary_panel.replay.isVisible()
    assert not any(line.startswith("Deal fingerprint") for line in window.scene.info.lines())
    window.commands.replay_deal()
    assert "not dealt from a deal number" in window.status_line.currentMessage()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_offer_to_finish_leaves_hint_and_last_trick_where_they_were(
    qtbot: QtBot, make_window: WindowMaker, size: tuple[int, int]
) -> None:
    """The offer to finish the hand appears above the table's buttons without moving them:
    centred again, the bar put it where Hint had been, and a click meant for Hint finished
    the hand."""
    window = make_window(size=size)
    window.start_game(replace(short_game("hearts", 6), seed=11))
    aids, view = window.game.aids_bar, window.view

    def places() -> list[QRect]:
        QApplication.processEvents()
        buttons = (aids.hint_button, aids.last_button)
        return [QRect(b.mapTo(view, QPoint(0, 0)), b.size()) for b in buttons]

    def decided() -> bool:  # the check comes from the worker: its answer waited for
        if window.presenter.mode == PLAYING:
            claim_answered(qtbot, window)
        return _offered(window)

    step_until(qtbot, window, lambda: aids.last_button.isEnabled() and not decided())
    before = places()
    step_until(qtbot, window, decided)
    assert aids.finish_button.isVisible()
    for old, new in zip(before, places(), strict=True):
        assert new.center().y() == old.center().y()
        assert new.contains(old.center())


def test_a_networked_tables_long_deal_number_is_offered_from_the_seat_played(
    qtbot: QtBot,
) -> None:
    """Replay this deal after a hand at a networked table: the long number (the hand's key,
    told when it was over) is shown and read back, South plays the seat the player had."""
    from peppa_qt.controller import GameSetup, SeatSetup
    from peppa_qt.engine import RuleSet
    from peppa_qt.engine.deals import format_deal_number, long_deal_number

    number = long_deal_number("0123456789abcdef" * 2)
    seats = (
        SeatSetup("Anna"),
        SeatSetup("B", "easy"),
        SeatSetup("C", "easy"),
        SeatSetup("D", "easy"),
    )
    previous = GameSetup(RuleSet.preset("hearts"), seats)
    dialog = NewGameDialog(["easy"], previous, None, DealChoice(number, 3, seat=1))
    qtbot.addWidget(dialog)
    assert dialog.deal_number.text() == format_deal_number(number)
    assert dialog.deal_seat.currentIndex() == 1 and dialog._start.isEnabled()
    chosen = dialog.setup()
    assert chosen.deal is not None and chosen.deal.number == number
    assert chosen.deal.turn == 3  # South (seat 0) gets seat 1's cards: every seat turns by 3
