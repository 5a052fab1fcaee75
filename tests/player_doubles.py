"""Computer players for the Qt tests: quick and random, or deliberately slow."""

from __future__ import annotations

import random
import time

from peppa_qt.ai.base import Decision, Player
from peppa_qt.engine import PlayerView, cards_of


class RandomPlayer(Player):
    """Plays a random legal card; passes three random cards. Fixed by its seed."""

    level = "random"

    def choose_pass(self, view: PlayerView) -> Decision:
        return Decision(tuple(self.rng(view).sample(cards_of(view.hand), 3)), "random")

    def choose_play(self, view: PlayerView) -> Decision:
        return Decision((self.rng(view).choice(cards_of(view.legal)),), "random")


class SlowPlayer(RandomPlayer):
    """Thinks for ``seconds`` (checking for cancel) before answering like RandomPlayer."""

    def __init__(self, seed: int = 0, seconds: float = 30.0) -> None:
        super().__init__(seed)
        self.seconds = seconds
        self.started = 0
        self.stopped_early = False

    def decide(self, view: PlayerView) -> Decision:
        self.started += 1
        self._cancel.clear()
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            if self.cancelled:
                self.stopped_early = True
                break
            time.sleep(0.005)
        return super().decide(view)


def random_factory(level: str, seed: int) -> Player:
    """A make_player replacement giving RandomPlayers whatever the level."""
    return RandomPlayer(seed)


__all__ = ["RandomPlayer", "SlowPlayer", "random", "random_factory"]


def slow_claim_check(view: PlayerView) -> None:
    """A claim check that takes ten minutes, longer than any test waits for anything (it runs
    in the claim's process: importable there)."""
    time.sleep(600)


#: The CPU time ``busy_claim_check`` spends, in seconds.
BUSY_CHECK_SECONDS = 0.5


def busy_claim_check(view: PlayerView) -> None:
    """A claim check that keeps a core busy for ``BUSY_CHECK_SECONDS`` of its process's CPU
    time (however long the machine makes that take), and finds the hand not decided."""
    start = time.process_time()
    while time.process_time() - start < BUSY_CHECK_SECONDS:
        pass
