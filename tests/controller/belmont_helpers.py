"""Six- and eight-seat games for the controller tests: setups, a player that passes both
copies of a card, and a stand-in for the humans at the window (imported by name)."""

from __future__ import annotations

from player_doubles import RandomPlayer
from PySide6.QtCore import QObject, QTimer

from peppa_qt.ai.base import Decision, Player
from peppa_qt.controller import GameController, GameSetup, SeatSetup
from peppa_qt.engine import CardSet, PlayerView, RuleSet
from peppa_qt.engine.cardset import listed, twice

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo")


def belmont(
    seats: int, humans: tuple[int, ...] = (), *, hands: int = 1, seed: int = 11
) -> GameSetup:
    """Belmont at ``seats`` for ``hands`` hands; the seats in ``humans`` are the window's."""
    rules = RuleSet.preset("belmont", {"end": {"mode": "hands", "count": hands}}, seats=seats)
    players = tuple(
        SeatSetup(NAMES[s]) if s in humans else SeatSetup(NAMES[s], "x") for s in range(seats)
    )
    return GameSetup(rules, players, seed=seed)


class CopiesPlayer(RandomPlayer):
    """Passes both copies of a card it holds twice (and a third card), else as RandomPlayer."""

    def choose_pass(self, view: PlayerView) -> Decision:
        doubled = listed(twice(view.hand))
        if not doubled:
            return super().choose_pass(view)
        card = doubled[-1]
        rest = [c for c in listed(view.hand) if c != card]
        extra = rest[-(view.rules.pass_size - 2) :]
        return Decision((card, card, *extra), "copies")


def copies_factory(level: str, seed: int) -> Player:
    """A make_player replacement: CopiesPlayers whatever the level."""
    return CopiesPlayer(seed)


class Humans(QObject):
    """Answers for every human at the window, as a player would: takes the computer when it
    is handed over, passes the highest cards, plays the lowest legal one. Each answer comes
    from the event loop (after ``delay_ms``), as a click does. A child of the controller, so
    it lives as long as the controller does."""

    def __init__(self, controller: GameController, delay_ms: int = 0) -> None:
        super().__init__(controller)
        self.controller = controller
        self.delay_ms = delay_ms
        #: Each time a human was asked: (seat, the seat of the view published then, or None).
        self.asked: list[tuple[int, int | None]] = []
        #: Each hand-over: the seat handed the computer.
        self.handed: list[int] = []
        controller.hand_over.connect(self._on_hand_over)
        controller.human_to_pass.connect(self._on_human_to_pass)
        controller.human_to_move.connect(self._on_human_to_move)

    def _seen(self, seat: int) -> None:
        view = self.controller.view
        self.asked.append((seat, None if view is None else view.seat))

    def _on_hand_over(self, seat: int) -> None:
        self.handed.append(seat)
        QTimer.singleShot(0, self.controller.uncover)

    def _on_human_to_pass(self, seat: int) -> None:
        self._seen(seat)
        hand = self.controller.hand
        assert hand is not None
        cards = listed(hand.hands[seat])[-hand.rules.pass_size :]
        QTimer.singleShot(self.delay_ms, lambda: self.controller.submit_pass(seat, cards))

    def _on_human_to_move(self, seat: int, legal: CardSet) -> None:
        self._seen(seat)
        card = legal.lowest()
        QTimer.singleShot(self.delay_ms, lambda: self.controller.submit_play(seat, card))
