"""Details of the table: panels' sizes and words, the trick's hold, the deck, passing, drops."""

from __future__ import annotations

from dataclasses import replace

import pytest
from persistence_helpers import step_until
from PySide6.QtCore import QParallelAnimationGroup, QPointF, QRectF, Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot
from qt_helpers import WindowMaker, short_game
from test_belmont_window import belmont

from peppa_qt.engine import HandResult
from peppa_qt.gui.panels.game_over import GameOverPanel
from peppa_qt.gui.panels.summaries import GameSummary, HandSummary
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING
from peppa_qt.gui.window.main_window import SPEEDS, MainWindow
from peppa_qt.gui.window.place import WindowPlace

NAMES = ("Anna", "Bruno", "Carla", "Dario")


def hand_summary(index: int) -> HandSummary:
    return HandSummary(
        index=index,
        preset="peppa",
        names=NAMES,
        points=(4, 10, 0, 6),
        totals=(4 * (index + 1), 10 * (index + 1), 0, 6 * (index + 1)),
        point_cards=((39, 40), (49, 41, 42, 43), (), (44, 45, 46)),
        moon=None,
        no_card_bonus=(),
        bonus=0,
        game_over=False,
    )


def test_the_hand_summary_keeps_its_size_from_hand_to_hand(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    panel, presenter = window.summary_panel, window.presenter
    presenter.hand_summary_ready.emit(hand_summary(0))
    first = panel.geometry()
    for index in (1, 2):
        presenter.panels_cleared.emit()
        presenter.hand_summary_ready.emit(hand_summary(index))
        assert panel.geometry() == first, index  # no room kept for the hand before
    qtbot.waitUntil(lambda: len(panel.findChildren(QLabel, "title")) == 1)
    assert panel.findChildren(QLabel, "title")[0].text() == "Hand 3"


def game_summary(winners: tuple[int, ...]) -> GameSummary:
    return GameSummary(
        preset="torino",
        names=NAMES,
        ranking=(2, 0, 3, 1),
        winners=winners,
        totals=(40, 120, 20, 90),
        progress=((10, 60, 5, 45), (40, 120, 20, 90)),
        limit=101,
        teams=False,
    )


def test_two_winners_and_the_two_losers_are_named(qtbot: QtBot) -> None:
    panel = GameOverPanel()
    qtbot.addWidget(panel)
    panel.show_summary(game_summary((0, 2)))
    assert panel.winner.text() == "Winners: Anna and Carla"
    assert panel.losers.text() == "Losers: Dario and Bruno"
    assert panel.losers.isVisible()
    panel.show_summary(game_summary((2,)))
    assert panel.winner.text() == "Winner: Carla"
    assert not panel.losers.isVisible()


def trick_hold(window: MainWindow) -> int:
    """How long (ms) a full trick stays in sight before its cards start to leave."""
    scene = window.scene
    hands = [list(range(s * 13, s * 13 + 12)) for s in range(4)]
    trick = [(s, s * 13 + 12) for s in range(4)]
    scene.restore(hands, 0, trick, [[], [], [], []])
    there = {card: scene.item(card).pos() for _, card in trick}
    scene.take_trick(1)
    batch = next(g for g in scene.findChildren(QParallelAnimationGroup) if g.parent() is scene)
    batch.pause()
    for time in range(0, batch.totalDuration() + 1, 5):
        batch.setCurrentTime(time)
        if any(scene.item(card).pos() != pos for card, pos in there.items()):
            return time
    raise AssertionError("the trick never left")


def test_the_trick_stays_longer_at_slower_speeds(make_window: WindowMaker) -> None:
    holds = {}
    for speed in ("slow", "normal", "fast"):
        window = make_window(speed=speed)
        window.apply_settings(replace(window.settings, trick_pause=False))  # the speed's own
        holds[speed] = trick_hold(window)
        assert abs(holds[speed] - SPEEDS[speed][2]) <= 10, (speed, holds[speed])
    assert holds["slow"] > holds["normal"] > holds["fast"]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_deal_starts_from_the_dealers_side(
    qtbot: QtBot, make_window: WindowMaker, size: tuple[int, int]
) -> None:
    window = make_window(speed="slow", size=size)
    scene = window.scene
    window.start_game(short_game("hearts", 1, human=False))
    qtbot.waitUntil(scene.is_animating, timeout=3000)
    hand = window.controller.hand
    assert hand is not None
    layout, dealer = scene.layout, scene.side(hand.dealer)
    waiting = QRectF()  # the cards still in the deck
    for item in scene.card_items():
        spots = [layout.deck_spot(dealer, i) for i in range(52)]
        if any(item.pos() == QPointF(s.x, s.y) and item.rotation() == s.rotation for s in spots):
            waiting = waiting.united(item.sceneBoundingRect())
    assert not waiting.isEmpty()
    for side in range(4):
        assert not waiting.intersects(layout.hand_rect(side, 13))
        assert not waiting.intersects(layout.badge_rect(side))
    mine = layout.hand_rect(dealer, 13).center()
    centre = QPointF(layout.center_x, layout.center_y)
    assert (waiting.center() - mine).manhattanLength() < (centre - mine).manhattanLength()
    assert not waiting.contains(centre)


def test_the_demo_does_not_say_you_received_cards(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    said: list[str] = []
    window.status_line.prompt_changed.connect(said.append)
    window.start_game(short_game("hearts", 1, human=False))
    qtbot.waitUntil(lambda: window.scene.trick != [], timeout=5000)
    assert not any("You" in line for line in said), said
    assert "Cards passed." in said


def test_a_new_deal_does_not_ask_for_the_pass_before_its_cards_have_landed(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    """Play again while the last game asked for the pass: its "Choose three cards to pass"
    stayed on the status line while the new hand's cards were flying in."""
    window = make_window()
    window.start_game(short_game("hearts", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    assert window.status_line.prompt() == "Choose three cards to pass."
    while_dealt: list[str] = []  # what the status line says as the deal starts to fly
    window.controller.hand_dealt.connect(lambda *_: while_dealt.append(window.status_line.prompt()))
    window.commands.play_again()
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    assert while_dealt and "pass" not in while_dealt[0]
    assert window.status_line.prompt() == "Choose three cards to pass."


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_end_of_hand_panel_leaves_the_corner_and_the_top_plate_in_sight(
    qtbot: QtBot, make_window: WindowMaker, language: str
) -> None:
    """1024×640 with the score sheet docked: the panel rose over the deal's fingerprint and
    the top seat's plate (a 1024×640 screen, less the title bar: 620)."""
    window = make_window(size=(1024, 620))
    window.apply_settings(replace(window.settings, language=language))
    window.dock.show()
    window.start_game(short_game("hearts", 2))
    step_until(qtbot, window, window.summary_panel.isVisible)
    view, scene, panel = window.view, window.scene, window.summary_panel
    assert view.width() < 700  # the sheet takes its room
    shown = panel.geometry()
    corner = view.mapFromScene(scene.info.text_rect()).boundingRect()
    assert scene.info.lines()[-1].startswith(("Deal fingerprint", "Impronta"))
    top = scene.layout.badge_rect(scene.layout.place(2))  # North, across the table
    plate = view.mapFromScene(top).boundingRect()
    assert not shown.intersects(corner), (shown, corner)
    assert not shown.intersects(plate), (shown, plate)
    assert view.rect().contains(shown)


@pytest.mark.parametrize("language", ["en", "it"])
def test_where_the_table_is_wide_the_end_of_hand_panel_passes_between_the_side_plates(
    qtbot: QtBot, make_window: WindowMaker, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """At 1280×800 the Italian panel, wide with its three buttons in a row, cut the names
    of the seats at the sides; Next hand goes under the others and every plate shows."""
    monkeypatch.setattr(WindowPlace, "fit_to_screen", lambda self: None)  # a 800 px screen
    window = make_window(size=(1280, 760))
    assert window.view.width() == 1280
    window.apply_settings(replace(window.settings, language=language))
    window.start_game(short_game("hearts", 2))
    step_until(qtbot, window, window.summary_panel.isVisible)
    view, layout, shown = window.view, window.scene.layout, window.summary_panel.geometry()
    for seat in range(4):
        plate = view.mapFromScene(layout.badge_rect(layout.place(seat))).boundingRect()
        assert not shown.intersects(plate), (seat, shown, plate)


def pass_the_first_three(qtbot: QtBot, window: MainWindow) -> None:
    """Start a one-hand Hearts game and pass the human's first three cards."""
    window.start_game(short_game("hearts", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    for card in window.scene.hands[0][:3]:
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()


def test_the_human_is_told_what_they_received(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    pass_the_first_three(qtbot, window)
    qtbot.waitUntil(lambda: window.scene.received != set(), timeout=5000)
    assert window.status_line.prompt().startswith("You received ")


def test_a_card_dropped_as_the_play_goes_to_the_trick_not_home_first(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    pass_the_first_three(qtbot, window)
    qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
    scene, view = window.scene, window.view
    card = next(c for c in scene.hands[0] if not scene.item(c).dimmed)
    item = scene.item(card)
    hand_top = scene.layout.hand_rect(0, 13).top()
    start = view.card_position(card)
    target = view.mapFromScene(scene.layout.center_x, scene.layout.center_y)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(view.viewport(), start + (target - start) * step / 5)
    moves: list[tuple[float, bool]] = []  # where the card goes, and whether it is played yet
    item.yChanged.connect(lambda: moves.append((item.y(), (0, card) in scene.trick)))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=target)
    qtbot.waitUntil(lambda: card not in scene.hands[0])
    y, played = moves[0]
    assert played and y < hand_top, moves  # straight from where it was dropped to the trick


def test_after_a_moon_the_plates_show_the_hands_score_not_the_cards_taken(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    window.start_game(short_game("hearts", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    hand = window.controller.match.current  # type: ignore[union-attr]
    assert hand is not None
    # South took every point card: the cards say +26, the score says 0 and +26 for the others.
    window.scene.taken[0] = [c for c in range(52) if hand.rules.card_points[c] > 0]
    window.presenter.plates.show_points_taken(0, hand.rules)
    assert window.scene.badges[0].state.hand_text == "+26"
    moon = HandResult((0, 26, 26, 26), 0, (hand.rules.deck_mask, 0, 0, 0))
    window.controller.hand_scored.emit(0, moon, window.controller.published)
    assert [b.state.hand_text for b in window.scene.badges] == ["", "+26", "+26", "+26"]


def test_a_bonus_shows_with_a_minus_sign(qtbot: QtBot, make_window: WindowMaker) -> None:
    window = make_window()
    window.start_game(short_game("torino", 2))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    result = HandResult((-10, 20, 12, 14), None, (0, 1, 2, 4))
    window.controller.hand_scored.emit(0, result, window.controller.published)
    assert [b.state.hand_text for b in window.scene.badges] == ["−10", "+20", "+12", "+14"]


def test_passed_cards_turn_face_down_as_they_leave(qtbot: QtBot, make_window: WindowMaker) -> None:
    """Cards passed into a hidden hand show nothing of where they land in it."""
    window = make_window(speed="slow")
    window.start_game(short_game("peppa", 1))
    qtbot.waitUntil(lambda: window.presenter.mode == PASSING, timeout=5000)
    chosen = window.scene.hands[0][:3]
    for card in chosen:
        window.presenter.toggle_selected(card)
    window.presenter.confirm_pass()
    qtbot.waitUntil(lambda: chosen[0] in window.scene.hands[1], timeout=5000)
    assert window.scene.is_animating()  # still flying to East
    assert not any(window.scene.item(c).face_up for c in chosen)


def test_the_turn_ring_leaves_the_human_once_their_card_is_played(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    window = make_window()
    badges, controller = window.scene.badges, window.controller
    seen: list[tuple[bool, int | None]] = []  # after the table shows the human's card

    def shown(seat: int, card: int) -> None:
        if seat == 0:
            table = controller.table
            assert table is not None
            seen.append((badges[0].state.active, table.to_move))

    controller.card_played.connect(shown)  # after the presenter: it connected first
    pass_the_first_three(qtbot, window)
    while len(seen) < 4:
        qtbot.waitUntil(lambda: window.presenter.mode == PLAYING, timeout=5000)
        assert badges[0].state.active
        card = next(c for c in window.scene.hands[0] if not window.scene.item(c).dimmed)
        window.presenter.play_card(card)
    assert all(active == (to_move == 0) for active, to_move in seen), seen


def test_the_tricks_tab_follows_the_four_colour_cards(
    qtbot: QtBot, make_window: WindowMaker
) -> None:
    from dataclasses import replace

    window = make_window()
    window.start_game(short_game("hearts", 1, human=False))
    tricks = window.tricks
    qtbot.waitUntil(lambda: tricks.rowCount() > 0, timeout=10_000)
    first = tricks.index(0, tricks.trick(0)[1])  # the leader's 2♣ under hearts rules

    def ink() -> str | None:
        colour = tricks.data(first, Qt.ItemDataRole.ForegroundRole)
        return None if colour is None else colour.name()

    assert ink() is None
    window.apply_settings(replace(window.settings, four_colour=True))
    assert ink() == "#1a7a35"  # clubs green, as the cards draw them
    window.apply_settings(replace(window.settings, four_colour=False))
    assert ink() is None


@pytest.mark.parametrize("seats", [4, 8])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_passing_prompt_leaves_the_other_seats_in_sight_on_a_narrow_table(
    qtbot: QtBot, make_window: WindowMaker, language: str, seats: int
) -> None:
    """1024×640 with the score sheet docked, the usual look: seen under Xvfb, the prompt
    covered the side seats' plates (four seats) and the edges of the side boxes (eight)."""
    window = make_window(size=(1024, 620))
    window.apply_settings(replace(window.settings, language=language))
    window.dock.show()
    window.start_game(short_game("hearts", 1) if seats == 4 else belmont(seats))
    qtbot.waitUntil(window.pass_panel.isVisible)
    view, layout, shown = window.view, window.scene.layout, window.pass_panel.geometry()
    assert view.width() < 700  # the sheet takes its room
    for place in range(1, seats):
        for area in [layout.badge_rect(place), layout.hand_rect(place, 13)]:
            seen = view.mapFromScene(area).boundingRect()
            assert not shown.intersects(seen), (place, shown, seen)
    assert view.rect().contains(shown)
