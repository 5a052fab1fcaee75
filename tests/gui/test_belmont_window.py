"""Belmont in the window: six and eight seats round the oval, two decks, hot-seat for many.

Whole games played by mouse through the real window, the table checked against the engine
after every trick (each copy of a card a sprite of its own), and with three humans every
hand-over checked for a glimpse of another's cards.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_hot_seat import HotSeatPlay
from test_whole_game import (
    assert_table_matches_engine,
    click_card,
    play_by_clicking,
    waiting_for_someone,
)

from peppa_qt.ai.review import ReviewBudget
from peppa_qt.controller import GameSetup, SeatSetup
from peppa_qt.engine import HandResult, Phase, RuleSet
from peppa_qt.engine.cards import Card
from peppa_qt.engine.cardset import listed, set_of
from peppa_qt.engine.match import Tie, TieBreak
from peppa_qt.gui import texts
from peppa_qt.gui.dialogs.new_game import DealChoice, NewGameDialog
from peppa_qt.gui.panels.game_over import CHART_FLOOR
from peppa_qt.gui.panels.hand_panels import (
    STRIP_HEIGHT,
    STRIP_HEIGHT_MANY,
    CardStrip,
    HandSummaryPanel,
)
from peppa_qt.gui.panels.summaries import GameSummary, HandSummary
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.table.card_pixmaps import CardPixmapCache, card_of
from peppa_qt.gui.window.main_window import MainWindow
from peppa_qt.models.card_text import cards_label

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo")


def belmont(seats: int, humans: tuple[int, ...] = (0,), *, seed: int = 11) -> GameSetup:
    """One hand of Belmont at ``seats``; the seats in ``humans`` are people at the window."""
    rules = RuleSet.preset("belmont", {"end": {"mode": "hands", "count": 1}}, seats=seats)
    players = tuple(
        SeatSetup(NAMES[s]) if s in humans else SeatSetup(NAMES[s], "easy") for s in range(seats)
    )
    return GameSetup(rules, players, seed=seed)


def pass_first_cards(qtbot: QtBot, window: MainWindow) -> None:
    """Choose the pass by clicking its cards (as many as the rule set passes), then pass."""
    hand = window.scene.hands[window.scene.viewer]
    size = window.presenter.table.rules.pass_size
    for card in hand[:size]:
        click_card(qtbot, window, card)
    assert window.pass_panel.button.isEnabled()
    qtbot.mouseClick(window.pass_panel.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.presenter.mode != PASSING)


def assert_inside_the_table(window: MainWindow, panel: QWidget) -> None:
    """A panel shows whole over the table (1024×640: eight rows of cards did not fit)."""
    view = window.view
    table = QRect(view.mapTo(window, QPoint(0, 0)), view.size())
    shown = QRect(panel.mapTo(window, QPoint(0, 0)), panel.size())
    assert table.contains(shown), (table, shown)
    assert panel.sizeHint().height() <= table.height(), (panel.sizeHint(), table)  # not squeezed


def assert_point_cards_in_rows(window: MainWindow) -> None:
    """Each seat's point cards lie in one row or two (they stood in a column of one a row,
    each over the last, when the scene did not tell the layout how many there were)."""
    scene = window.scene
    for seat in range(scene.seats):
        points = [c for c in scene.taken[seat] if card_of(c) in scene.point_cards]
        rows = {round(scene.item(c).pos().y()) for c in points}
        assert len(rows) <= 2, (seat, len(points), sorted(rows))


@pytest.mark.parametrize("seats", [6, 8])
def test_a_belmont_game_by_mouse_with_the_table_checked_after_every_trick(
    qtbot: QtBot, make_window: WindowMaker, seats: int
) -> None:
    window = make_window()
    checked: list[int] = []
    pending: list[int] = []

    def check_after_trick() -> None:
        if pending:
            pending.clear()
            assert_table_matches_engine(window)
            checked.append(1)

    window.controller.trick_taken.connect(lambda winner, cards: pending.append(winner))
    window.scene.animations_finished.connect(check_after_trick)
    window.start_game(belmont(seats))
    qtbot.waitUntil(lambda: waiting_for_someone(window), timeout=10_000)
    assert window.scene.seats == seats and len(window.scene.badges) == seats
    while not window.game_over_panel.isVisible():
        qtbot.waitUntil(lambda: waiting_for_someone(window), timeout=10_000)
        if window.presenter.mode == PASSING:
            pass_first_cards(qtbot, window)
        elif window.presenter.mode == PLAYING:
            assert_table_matches_engine(window)
            play_by_clicking(qtbot, window)
        elif window.summary_panel.isVisible():
            assert_table_matches_engine(window)
            assert_point_cards_in_rows(window)
            assert_inside_the_table(window, window.summary_panel)
            qtbot.mouseClick(window.summary_panel.button, Qt.MouseButton.LeftButton)
    assert len(checked) == 13
    match = window.controller.match
    assert match is not None and match.is_over
    assert window.scores.hand_count() == 1
    assert window.game_over_panel.winner.text()
    assert_ties_told(window)


def assert_ties_told(window: MainWindow) -> None:
    """The final ranking says of each two seats on one total which ranks ahead, and why."""
    match = window.controller.match
    assert match is not None
    totals = match.totals()
    tied = [(a, b) for a, b in pairwise(match.ranking()) if totals[a] == totals[b]]
    assert tied  # several seats take no point card in a hand of six or eight
    told = window.game_over_panel.ties
    assert told.isVisible() and len(told.text().splitlines()) == len(tied)
    for (ahead, behind), line in zip(tied, told.text().splitlines(), strict=True):
        assert line.startswith(f"{NAMES[ahead]} ahead of {NAMES[behind]} (same total"), line


@pytest.mark.parametrize(("seats", "humans"), [(6, (0, 2, 3)), (8, (1, 4, 6))])
def test_three_humans_play_belmont_in_hot_seat_without_a_glimpse(
    qtbot: QtBot, make_window: WindowMaker, seats: int, humans: tuple[int, ...]
) -> None:
    window = make_window()
    window.start_game(belmont(seats, humans))
    play = HotSeatPlay(qtbot, window)
    play.to_the_end()
    assert set(play.hand_overs) == set(humans)
    match = window.controller.match
    assert match is not None and match.is_over


def test_the_new_game_dialog_offers_four_six_and_eight_seats(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Four seats every rule set but Belmont; six and eight Belmont alone, a row per seat."""
    window = make_window()
    dialog = NewGameDialog(["x", "easy"], short_game("peppa", 1), window)
    qtbot.addWidget(dialog)
    sizes = [dialog.table_size.itemData(i) for i in range(dialog.table_size.count())]
    assert sizes == [4, 6, 8]

    def rule_sets() -> list[str]:
        return [dialog.preset.itemData(i) for i in range(dialog.preset.count())]

    assert rule_sets() == ["peppa", "torino", "hearts"]
    for seats in (6, 8, 4):
        dialog.table_size.setCurrentIndex(sizes.index(seats))
        dialog.table_size.activated.emit(sizes.index(seats))
        shown = [s for s, name in enumerate(dialog.names) if name.isVisibleTo(dialog)]
        assert shown == list(range(seats))
        assert rule_sets() == (["belmont"] if seats > 4 else ["peppa", "torino", "hearts"])
        setup = dialog.setup()
        assert setup.rules.seats == len(setup.seats) == seats
        humans = [s for s in setup.seats if s.level is None]
        assert [s.name for s in humans] == ["Anna"]  # the seats added are computers
        assert len({s.name for s in setup.seats}) == seats


def test_replaying_a_deal_at_eight_seats_names_the_seat_the_rows_call_seat_1(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """At eight seats there is no South: the replay's "plays the cards dealt to" names the
    bottom seat as its row does, and goes back to South at four."""
    window = make_window()
    eight = belmont(8, (0,))
    dialog = NewGameDialog(["easy", "normal"], eight, window, DealChoice(1234, 0))
    qtbot.addWidget(dialog)
    assert dialog.seat_labels[0].text() == "Seat 1"
    assert dialog.deal_seat_label.text() == "Seat 1 plays the cards dealt to"
    sizes = [dialog.table_size.itemData(i) for i in range(dialog.table_size.count())]
    dialog.table_size.setCurrentIndex(sizes.index(4))
    dialog.table_size.activated.emit(sizes.index(4))
    assert dialog.deal_seat_label.text() == "South plays the cards dealt to"


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_new_game_dialog_with_eight_seats_fits_a_small_screen(
    qtbot: QtBot, make_window: WindowMaker, language: str
) -> None:
    window = make_window(size=(1024, 640))
    window.apply_settings(replace(window.settings, language=language))
    eight = belmont(8, (0, 1, 2, 3, 4, 5, 6, 7))
    dialog = NewGameDialog(["easy", "normal", "expert"], eight, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    hint = dialog.sizeHint()
    assert hint.height() <= 640 - 40 and hint.width() <= 1024, hint  # a title bar's room
    assert dialog.seats() == 8 and all(name.isVisible() for name in dialog.names)
    for field in dialog.names:  # each name shows whole (beside the rules they were cut)
        room = field.width() - 2 * field.style().pixelMetric(
            field.style().PixelMetric.PM_DefaultFrameWidth
        )
        assert field.fontMetrics().horizontalAdvance("Bruno Fabio") < room, field.width()


def test_a_trick_won_by_the_second_of_two_equal_cards_says_so_and_rings_it(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Two decks: of two equal cards the later wins. The table rings the winning copy while
    the trick waits, the status line says "Second A♠ wins…", and so does the last trick."""
    window = make_window()
    said: list[str] = []
    seen: list[tuple[int, str, bool]] = []
    shown: list[str] = []
    window.presenter.status_changed.connect(said.append)
    window.presenter.last_trick_shown.connect(lambda title, plays, side, line: shown.append(line))

    def taken(winner: int, cards: tuple[int, ...], moment: object) -> None:
        trick = window.presenter.table.tricks[-1]
        position = trick.winning_position
        assert position is not None
        card = trick.cards[position]
        if trick.cards.count(card) < 2:
            return
        lit = window.scene.lit
        assert lit is not None and card_of(lit) == card
        assert window.scene.item(lit).highlighted
        assert lit in window.scene.taken[winner]
        assert window.presenter.show_last_trick()
        seen.append((card, said[-1], window.scene.item(lit).highlighted))

    window.controller.trick_taken.connect(taken)
    window.start_game(belmont(8, ()))
    qtbot.waitUntil(window.summary_panel.isVisible, timeout=20_000)
    assert seen, "no trick of this deal had two equal cards at the top"
    for card, status, _ in seen:
        assert status.startswith("Second ") and cards_label([card]) in status
    assert all("Second " in line for line in shown)


def test_the_last_trick_of_eight_lies_round_an_oval_each_card_whole(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    panel = window.build_game().last_trick_panel
    plays = [(place, card) for place, card in enumerate((0, 13, 26, 39, 1, 14, 27, 40))]
    panel.show_trick("Trick 3", plays, 5, "Dario led, Gina took it.")
    qtbot.waitUntil(panel.isVisible)
    cross = panel.cross
    cross.resize(cross.sizeHint())
    rects = [cross.spot(place) for place in range(8)]
    for i, rect in enumerate(rects):
        assert cross.rect().toRectF().contains(rect), (i, rect, cross.rect())
        for other in rects[i + 1 :]:
            assert not rect.intersects(other), (rect, other)
    bottom, top = rects[0], rects[4]
    assert (
        bottom.center().y() > top.center().y() and abs(bottom.center().x() - top.center().x()) < 1
    )


def test_the_end_of_a_hand_with_eight_players_taking_cards_fits_a_small_screen(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Every one of eight took point cards (both copies of some): eight rows of cards, the
    deal number and the buttons, all in sight at 1024×640."""
    window = make_window(size=(1024, 620))  # a 1024×640 screen, less the title bar
    show_eight_took_cards(qtbot, window)
    assert_inside_the_table(window, window.summary_panel)


def show_eight_took_cards(qtbot: QtBot, window: MainWindow) -> None:
    """The end of a hand of eight where each took point cards, the deal number shown."""
    window.start_game(belmont(8, (0,)))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=10_000)
    moment = window.controller.published
    assert moment is not None
    number = {"deal_number": 123456789012, "deal_key": "5CM1-1F8D", "fingerprint": "CMRBV"}
    moment = replace(moment, table=replace(moment.table, **number))  # its row shows too
    hearts = [Card.parse(rank + "H") for rank in "23456789TJQKA"]
    taken = tuple(set_of([*hearts[s : s + 3], *hearts[s : s + 3]]) for s in range(8))
    taken = (set_of([*hearts, *hearts, Card.parse("QS")]), *taken[1:])
    points = tuple(
        sum(window.presenter.table.rules.card_points[c] for c in listed(t)) for t in taken
    )
    window.controller.hand_scored.emit(
        0, HandResult(points, None, taken), window.controller.published
    )
    qtbot.waitUntil(window.summary_panel.isVisible)


@pytest.mark.parametrize("seats", [6, 8])
def test_belmont_saved_mid_trick_opens_as_it_stood_and_plays_on_with_hints_and_undo(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path, seats: int
) -> None:
    """Save and open again mid-hand (each copy back in its place), a hint raises one of the
    hand's cards, undo takes the card back, and the game goes on to its end."""
    window = make_window()
    window.start_game(belmont(seats))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=10_000)
    pass_first_cards(qtbot, window)
    for _ in range(3):
        qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=10_000)
        play_by_clicking(qtbot, window)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=10_000)
    path = tmp_path / "belmont.peppa"
    assert window.session.save_to(path)
    assert window.commands.open_path(path)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=10_000)
    assert window.scene.seats == seats
    assert_table_matches_engine(window)
    window.session.reviewer.budget = ReviewBudget(worlds=24, pass_worlds=24, pass_candidates=3)
    assert window.build_game().hint()
    qtbot.waitUntil(lambda: bool(window.scene.hinted), timeout=60_000)
    raised = window.scene.raised
    assert len(raised) == 1 and next(iter(raised)) in window.scene.hands[window.scene.viewer]
    play_by_clicking(qtbot, window)
    assert window.session.undo()
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=10_000)
    assert_table_matches_engine(window)
    while not window.game_over_panel.isVisible():
        qtbot.waitUntil(lambda: waiting_for_someone(window), timeout=10_000)
        if window.presenter.mode == PLAYING:
            play_by_clicking(qtbot, window)
        elif window.summary_panel.isVisible():
            qtbot.mouseClick(window.summary_panel.button, Qt.MouseButton.LeftButton)
    match = window.controller.match
    assert match is not None and match.is_over


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_default_name_stays_when_the_table_grows(
    qtbot: QtBot, make_window: WindowMaker, language: str
) -> None:
    """At four seats the one human is "You" ("Tu"); choosing six or eight adds computers, so
    the field keeps its name in black, not a grey placeholder left by a moment of two humans."""
    window = make_window()
    window.apply_settings(replace(window.settings, language=language))
    four = short_game("peppa", 1)
    four = replace(four, seats=(SeatSetup(texts.DEFAULT_HUMAN), *four.seats[1:]))
    dialog = NewGameDialog(["x", "easy"], four, window)
    qtbot.addWidget(dialog)
    you = texts.player_name(texts.DEFAULT_HUMAN)
    assert dialog.names[0].text() == you
    sizes = [dialog.table_size.itemData(i) for i in range(dialog.table_size.count())]
    for seats in (6, 8, 4, 8):
        dialog.table_size.setCurrentIndex(sizes.index(seats))
        dialog.table_size.activated.emit(sizes.index(seats))
        assert dialog.names[0].text() == you, seats
        assert dialog.setup().seats[0].name == texts.DEFAULT_HUMAN
        assert [s.level is None for s in dialog.setup().seats] == [True] + [False] * (seats - 1)


@pytest.mark.parametrize("seats", [6, 8])
def test_the_end_of_a_hand_keeps_one_row_height_taken_cards_or_none(
    qtbot: QtBot, make_window: WindowMaker, seats: int
) -> None:
    """A player who took no point card had a row of text only, shorter than a row of cards:
    the names ran down the panel unevenly."""
    window = make_window(size=(1024, 620))
    window.start_game(belmont(seats, (0,)))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=10_000)
    hearts = [Card.parse(rank + "H") for rank in "23456789TJQKA"]
    taken = tuple(
        set_of(hearts[s : s + 2]) if s >= seats // 2 else set_of([]) for s in range(seats)
    )
    points = tuple(
        sum(window.presenter.table.rules.card_points[c] for c in listed(t)) for t in taken
    )
    window.controller.hand_scored.emit(
        0, HandResult(points, None, taken), window.controller.published
    )
    qtbot.waitUntil(window.summary_panel.isVisible)
    qtbot.wait(50)
    rows = sorted(
        label.mapTo(window.summary_panel, label.rect().center()).y()
        for label in window.summary_panel.findChildren(QLabel)
        if label.text() in NAMES[:seats]
    )
    assert len(rows) == seats
    pitches = {b - a for a, b in pairwise(rows)}
    assert max(pitches) - min(pitches) <= 1, rows
    strips = window.summary_panel.findChildren(CardStrip)
    assert len(strips) == seats // 2
    assert all(s.height() == s.sizeHint().height() for s in strips)  # no card cut short
    assert_inside_the_table(window, window.summary_panel)


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "Belmont (six or eight players)"), ("it", "Belmont (sei o otto giocatori)")],
)
def test_the_rules_open_at_belmont_in_a_belmont_game(
    qtbot: QtBot, make_window: WindowMaker, language: str, heading: str
) -> None:
    """F1 in a game of six opened at the top of the page, which had no word of Belmont."""
    from PySide6.QtCore import QUrl

    from peppa_qt.gui.dialogs.help import RulesDialog

    window = make_window()
    window.apply_settings(replace(window.settings, language=language))
    window.start_game(belmont(6, (0,)))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=10_000)
    window.commands.show_rules()
    dialog = window.findChild(RulesDialog)
    assert isinstance(dialog, RulesDialog)
    qtbot.waitExposed(dialog)

    def top_line() -> str:
        return dialog.browser.cursorForPosition(QPoint(4, 4)).block().text()

    assert top_line() == heading
    page = dialog.browser.toPlainText()
    for figure in ("78", "104", "56", "86"):  # the decks and a hand's points, six and eight
        assert figure in page
    dialog.close()
    window.start_game(short_game("hearts", 1))
    window.commands.show_rules()
    assert top_line() == "Hearts"
    dialog.browser.setSource(QUrl("#belmont"))  # the first paragraph's link
    assert top_line() == heading


def test_belmont_calls_taking_every_point_card_shooting_the_moon(qtbot: QtBot) -> None:
    """Belmont comes from the Hearts sheet, whose word is the moon ("Grande Slam"), not the
    Peppa sheets' cappotto."""
    panel = HandSummaryPanel(CardPixmapCache())
    qtbot.addWidget(panel)
    summary = HandSummary(
        index=0,
        preset="belmont",
        names=NAMES[:6],
        points=(0, 56, 56, 56, 56, 56),
        totals=(0, 56, 56, 56, 56, 56),
        point_cards=((49, 38), (), (), (), (), ()),
        moon=0,
        no_card_bonus=(),
        bonus=0,
        game_over=False,
    )
    panel.show_summary(summary)
    assert "Anna shot the moon!" in [label.text() for label in panel.findChildren(QLabel)]
    assert texts.moon_name("belmont") == texts.moon_name("hearts") != texts.moon_name("peppa")


def test_eight_rows_of_cards_are_as_large_as_four_where_the_table_has_room(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """The end of an eight-seat hand drew its cards smaller than four's at any size; they are
    as large where the panel still shows whole (1280×800 and 1024×640 screens), and smaller
    only in a window too low for that."""
    window = make_window(size=(1280, 760))
    show_eight_took_cards(qtbot, window)

    def heights() -> set[int]:
        return {s.sizeHint().height() for s in window.summary_panel.findChildren(CardStrip)}

    assert heights() == {STRIP_HEIGHT}
    assert_inside_the_table(window, window.summary_panel)
    window.resize(1024, 620)
    qtbot.wait(20)
    assert heights() == {STRIP_HEIGHT}
    assert_inside_the_table(window, window.summary_panel)
    window.resize(900, 540)
    qtbot.waitUntil(lambda: heights() == {STRIP_HEIGHT_MANY})
    qtbot.wait(20)
    assert_inside_the_table(window, window.summary_panel)
    window.resize(1280, 760)
    qtbot.waitUntil(lambda: heights() == {STRIP_HEIGHT})
    qtbot.wait(20)
    assert_inside_the_table(window, window.summary_panel)


def test_a_hot_seat_game_of_eight_saved_at_a_far_seats_turn_opens_in_a_new_window(
    qtbot: QtBot, make_window: WindowMaker, tmp_path: Path
) -> None:
    """Saved while the sixth seat's human was to play, the game opened (behind the hand-over
    to that seat) in a window that had shown four seats: the table drew it before it had a
    hand for seat 5 (an IndexError, then the crash report on every try)."""
    window = make_window()
    window.start_game(belmont(8, (0, 2, 5)))
    play = HotSeatPlay(qtbot, window)
    game = window.build_game()

    def sixth_to_play() -> bool:
        hand = window.controller.hand
        return (
            window.presenter.mode == PLAYING
            and hand is not None
            and hand.phase is Phase.PLAYING
            and hand.to_move == 5
        )

    while not sixth_to_play():
        qtbot.waitUntil(lambda: waiting_for_someone(window) or game.hand_over.isVisible())
        assert play.step()
    path = tmp_path / "eight.peppa"
    assert window.session.save_to(path)
    again = make_window()
    assert again.scene.seats == 4  # a new window's table, before the game
    assert again.commands.open_path(path)
    screen = again.build_game().hand_over
    qtbot.waitUntil(screen.isVisible, timeout=5000)
    assert again.scene.seats == 8 and len(again.scene.hands) == 8 and again.scene.viewer == 5
    assert [b.seat for b in again.scene.badges if b.state.active] == [5]
    assert NAMES[5] in screen.title.text()
    again_play = HotSeatPlay(qtbot, again)
    again_play.to_the_end()
    assert again.controller.match is not None and again.controller.match.is_over


@pytest.mark.parametrize("size", [(1024, 620), (1280, 760)])
def test_the_end_of_an_eight_seat_game_shows_whole_with_its_ties_and_aids(
    qtbot: QtBot, make_window: WindowMaker, size: tuple[int, int]
) -> None:
    """Eight ranked, three ties told (long in Italian) and the aids used: at 1024×640 the
    chart pushed "Play again" under the window's edge. The chart gives up height instead."""
    window = make_window(size=size)
    window.apply_settings(replace(window.settings, language="it"))
    window.start_game(belmont(8, (0, 2, 5)))
    qtbot.waitUntil(
        lambda: waiting_for_someone(window) or window.build_game().hand_over.isVisible()
    )
    totals = (0, 0, 0, 0, 3, 20, 24, 39)
    reason = TieBreak.FIRST_TRICK_ORDER
    summary = GameSummary(
        preset="belmont",
        names=NAMES,
        ranking=tuple(range(8)),
        winners=(0,),
        totals=totals,
        progress=(totals,),
        limit=None,
        teams=False,
        aids=((0, 13), (0, 0), (0, 13), (0, 0), (0, 0), (0, 13), (0, 0), (0, 0)),
        ties=(Tie(0, 1, 0, reason), Tie(1, 2, 0, reason), Tie(2, 3, 0, reason)),
    )
    window.presenter.game_finished.emit(summary)
    panel = window.game_over_panel
    qtbot.waitUntil(panel.isVisible)
    qtbot.wait(20)
    assert panel.ties.isVisible() and panel.aids.isVisible()
    view = window.view
    table = QRect(view.mapTo(window, QPoint(0, 0)), view.size())
    for widget in (panel, *panel.buttons):
        shown = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
        assert table.contains(shown), (widget, table, shown)
    assert panel.chart.height() >= CHART_FLOOR
    for label in (panel.ties, panel.aids):  # every line of the wrapped texts in sight
        assert label.height() >= label.heightForWidth(label.width())


def test_a_seat_the_larger_table_adds_keeps_its_name_when_made_a_humans(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Seats 5 to 8 showed their names in grey, as placeholders; made a human's, seat 6's
    "Fabio" became "Player 6"."""
    window = make_window()
    dialog = NewGameDialog(["x", "easy"], short_game("peppa", 1), window)
    qtbot.addWidget(dialog)
    sizes = [dialog.table_size.itemData(i) for i in range(dialog.table_size.count())]
    dialog.table_size.setCurrentIndex(sizes.index(8))
    dialog.table_size.activated.emit(sizes.index(8))
    assert [dialog.names[s].text() for s in range(4, 8)] == ["Elena", "Fabio", "Gina", "Ugo"]
    dialog.kinds[5].setCurrentIndex(dialog.kinds[5].findData("human"))
    assert dialog.names[5].text() == "Fabio"
    setup = dialog.setup()
    assert [s.name for s in setup.seats if s.level is None] == ["Anna", "Fabio"]
