"""Screenshots of the window in its main states, for looking at the design (shots/ is ignored).

    QT_QPA_PLATFORM=offscreen python scripts/shots.py [--italian] [--ratio 2] [--seats 6|8]

Plays a short game against the real computer players, answering for the human with the first
legal card, and saves passing, mid-trick, hand summary and game over at 1280×800 and 1024×640.
``--italian`` shoots the same in Italian (the shipped translation), where the words are longer.
``--seats 6`` or ``8`` shoots a Belmont table instead: the new-game dialog, the deal in flight and
dealt, passing, mid-trick, the hand summary and the game over with its chart.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from peppa_qt.controller import GameSetup, Pace, SeatSetup  # noqa: E402
from peppa_qt.engine import RuleSet  # noqa: E402
from peppa_qt.gui.dialogs.new_game import NewGameDialog  # noqa: E402
from peppa_qt.gui.presenter.table_presenter import PASSING, PLAYING  # noqa: E402
from peppa_qt.gui.window.main_window import MainWindow  # noqa: E402
from peppa_qt.storage import Profile, Settings, locations  # noqa: E402

#: The shots' own settings and games, never the player's.
PROFILE = Profile(locations(Path(tempfile.mkdtemp(prefix="peppa-shots-"))))


def wait(
    app: QApplication, condition: Callable[[], bool], window: MainWindow, limit: float = 20
) -> None:
    """Run the event loop, answering for the human, until ``condition`` holds."""
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the window did not get there")
        app.processEvents()
        presenter = window.presenter
        if presenter.mode == PASSING and not condition():
            for card in window.scene.hands[0][-3:]:
                presenter.toggle_selected(card)
            presenter.confirm_pass()
        elif presenter.mode == PLAYING and not condition():
            legal = [c for c in window.scene.hands[0] if not window.scene.item(c).dimmed]
            presenter.play_card(legal[0])
        time.sleep(0.002)


def shoot(window: MainWindow, name: str) -> None:
    """Save the window as shots/NAME-WxH.png."""
    app = QApplication.instance()
    assert app is not None
    for _ in range(5):
        app.processEvents()
    size = window.size()
    path = ROOT / "shots" / f"{name}-{size.width()}x{size.height()}.png"
    path.parent.mkdir(exist_ok=True)
    window.grab().save(str(path))
    print(path)


def new_window(width: int, height: int, speed: str = "off") -> MainWindow:
    """A window of ``width`` × ``height`` in a profile of its own (the shots' settings): the
    last window's saved place would be restored over the size asked."""
    profile = Profile(locations(Path(tempfile.mkdtemp(prefix="peppa-shots-"))))
    profile.save_settings(PROFILE.load_settings()[0])
    window = MainWindow(Pace.instant(), speed=speed, profile=profile)
    if speed == "off":
        window.scene.trick_hold = 0
    window.resize(width, height)
    window.show()
    return window


def shoot_dialog(app: QApplication, dialog: NewGameDialog, name: str) -> None:
    """Save the dialog, shown, as shots/NAME.png, and close it."""
    dialog.show()
    for _ in range(5):
        app.processEvents()
    path = ROOT / "shots" / f"{name}.png"
    path.parent.mkdir(exist_ok=True)
    dialog.grab().save(str(path))
    print(path)
    dialog.close()


def run(width: int, height: int, suffix: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    window = new_window(width, height)
    rules = RuleSet.preset("hearts", {"end": {"mode": "hands", "count": 2}})
    seats = (
        SeatSetup("You"),  # the default human: named in the window's language
        SeatSetup("Bruno Bartolomeo", "normal"),
        SeatSetup("Carla", "easy"),
        SeatSetup("Dario", "normal"),
    )
    window.start_game(GameSetup(rules, seats, seed=3))
    p = window.presenter
    wait(app, lambda: p.mode == PASSING, window)
    play_two_hands(app, window, suffix, 2)


def play_two_hands(app: QApplication, window: MainWindow, tag: str, trick: int) -> None:
    """From the pass to the game over: passing, mid-trick (``trick`` cards down), the hand
    summary and the game over, shot; the window closed."""
    p = window.presenter
    for card in window.scene.hands[0][:2]:
        p.toggle_selected(card)
    shoot(window, "passing" + tag)
    p.toggle_selected(window.scene.hands[0][2])
    p.confirm_pass()
    wait(app, lambda: p.mode == PLAYING and len(window.scene.trick) >= trick, window, 60)
    dimmed = [c for c in window.scene.hands[0] if window.scene.item(c).dimmed]
    if dimmed:
        p.play_card(dimmed[0])
    shoot(window, "mid-trick" + tag)
    wait(app, window.summary_panel.isVisible, window, 120)
    shoot(window, "summary" + tag)
    p.continue_after_hand()
    wait(app, window.summary_panel.isVisible, window, 120)
    p.continue_after_hand()
    wait(app, window.game_over_panel.isVisible, window)
    shoot(window, "game-over" + tag)
    window.close()


def run_hot_seat(width: int, height: int, suffix: str) -> None:
    """The new-game dialog with four humans, a hand-over screen, the table turned to East."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    window = new_window(width, height)
    rules = RuleSet.preset("peppa", {"end": {"mode": "hands", "count": 2}})
    seats = (SeatSetup("Anna"), SeatSetup("Marco"), SeatSetup("Carla"), SeatSetup("Dario"))
    dialog = NewGameDialog(window.session.levels, GameSetup(rules, seats), window)
    shoot_dialog(app, dialog, f"new-game-four-humans{suffix}-{width}x{height}")
    two = (
        SeatSetup("Anna"),
        SeatSetup("Marco"),
        SeatSetup("Carla", "easy"),
        SeatSetup("Dario", "easy"),
    )
    window.start_game(GameSetup(rules, two, seed=3))
    game = window.build_game()
    wait(app, game.hand_over.isVisible, window)
    game.hand_over.shown.emit()
    p = window.presenter
    wait(app, lambda: p.mode == PASSING, window, 5)
    for card in window.scene.hands[0][:3]:
        p.toggle_selected(card)
    p.confirm_pass()
    wait(app, game.hand_over.isVisible, window, 5)
    shoot(window, "hand-over" + suffix)
    game.hand_over.shown.emit()
    wait(app, lambda: p.mode == PASSING and window.scene.viewer == 1, window, 5)
    shoot(window, "turned-to-east" + suffix)
    window.close()


def run_belmont(width: int, height: int, suffix: str, seats: int) -> None:
    """A Belmont game of ``seats``: one human, two hands, the deal shot in flight, and a
    trick won by the second of two equal cards (where the two hands have one)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    window = new_window(width, height, "normal")
    rules = RuleSet.preset("belmont", {"end": {"mode": "hands", "count": 2}}, seats=seats)
    names = ("You", "Bruno Bartolomeo", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo")
    players = tuple(
        SeatSetup(n) if s == 0 else SeatSetup(n, "easy") for s, n in enumerate(names[:seats])
    )
    setup = GameSetup(rules, players, seed=3)
    dialog = NewGameDialog(window.session.levels, setup, window)
    shoot_dialog(app, dialog, f"new-game-{seats}{suffix}-{width}x{height}")
    tag = f"-{seats}{suffix}"
    twins: list[int] = []

    def taken(winner: int, cards: object, moment: object) -> None:
        """The first trick won by the second of two equal cards: shot with its last trick."""
        trick = window.presenter.table.tricks[-1]
        position = trick.winning_position
        if twins or position is None or trick.cards.count(trick.cards[position]) < 2:
            return
        twins.append(trick.cards[position])
        window.presenter.show_last_trick()
        shoot(window, "second-copy-wins" + tag)

    window.controller.trick_taken.connect(taken)
    window.start_game(setup)
    wait(app, window.scene.is_animating, window)
    started = time.monotonic()
    wait(app, lambda: time.monotonic() - started > 0.5, window)
    shoot(window, "deal-in-flight" + tag)
    p = window.presenter
    wait(app, lambda: p.mode == PASSING and not window.scene.is_animating(), window)
    shoot(window, "dealt" + tag)
    window.apply_speed("off", remember=False)  # the rest of the game at once
    window.scene.trick_hold = 0
    play_two_hands(app, window, tag, seats // 2)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--italian", action="store_true")
    parser.add_argument("--ratio", type=float, default=1.0)
    parser.add_argument("--seats", type=int, choices=(4, 6, 8), default=4)
    args = parser.parse_args()
    if args.ratio != 1.0:
        os.environ["QT_SCALE_FACTOR"] = str(args.ratio)
    app = QApplication(sys.argv[:1])  # noqa: F841  (kept alive while the shots are taken)
    suffix = ""
    if args.italian:
        PROFILE.save_settings(Settings(language="it"))
        suffix = "-it"
    if args.ratio != 1.0:
        suffix += f"-x{args.ratio:g}"
    for width, height in ((1280, 800), (1024, 640)):
        if args.seats != 4:
            run_belmont(width, height, suffix, args.seats)
            continue
        run(width, height, suffix)
        run_hot_seat(width, height, suffix)


if __name__ == "__main__":
    main()
