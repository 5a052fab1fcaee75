"""What every computer player is: a seeded decision from a player view, nothing more."""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from ..engine.cards import Card
from ..engine.view import PlayerView

LEVELS: Final = ("easy", "normal", "hard", "expert")

#: For the compiled build (peppa_qt/native.py): mypy_extensions' class decorator, which only
#: tells mypyc, and does nothing where mypy is not installed. ``SearchPlayer`` is subclassed
#: in uncompiled modules (hard.py, expert.py, scripts/ai_parts.py), so it is compiled open to
#: them (``allow_interpreted_subclasses``). The levels themselves stay in uncompiled modules:
#: a level's settings (its deals, its time cap) stay settable on its class, as the self-test,
#: the benchmarks and the tests set them; a compiled class keeps its attributes in C, where
#: its compiled code would not see a value set on the class.
_Class = TypeVar("_Class", bound=type)

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr  # noqa: PLC0414  (re-exported)
else:

    def mypyc_attr(*_names: str, **_flags: bool) -> Callable[[_Class], _Class]:
        """mypy_extensions' decorator where mypy is not installed: it only tells mypyc."""
        return lambda cls: cls


@dataclass(frozen=True)
class Decision:
    """Cards chosen (three for a pass, one for a play) and a short reason code for hints."""

    cards: tuple[Card, ...]
    reason: str = ""


class Player(ABC):
    """A computer player. Its choices depend only on the view and its seed (fair and replayable)."""

    level: str = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._cancel = threading.Event()
        self._retired = False

    def rng(self, view: PlayerView) -> random.Random:
        """A generator fixed by the seed and the position, so a resumed game decides alike."""
        where = f"{view.seat}:{view.hand_index}:{view.phase.value}:{len(view.plays)}"
        return random.Random(f"{self.level}:{self.seed}:{where}")

    def decide(self, view: PlayerView) -> Decision:
        """Choose a pass (during passing) or a play (when it is this seat's turn)."""
        self._cancel.clear()
        if self._retired:  # read after the clear: a retire() racing with it still counts
            self._cancel.set()
        if view.to_move is None:
            return self.choose_pass(view)
        return self.choose_play(view)

    def warm_up(self) -> None:
        """Get ready to decide (a game begins): start what the first decision would wait
        for, such as the processes a search level searches in. Nothing for most levels."""
        return  # not abstract: a level that needs nothing ahead leaves it

    @abstractmethod
    def choose_pass(self, view: PlayerView) -> Decision:
        """Three cards to pass."""

    @abstractmethod
    def choose_play(self, view: PlayerView) -> Decision:
        """One legal card to play."""

    def cancel(self) -> None:
        """Ask a thinking player to stop at once (new game, window closed)."""
        self._cancel.set()

    def retire(self) -> None:
        """Cancel for good: this player's game is over (a new game, the window closed).

        Unlike cancel(), which stops the decision in progress, it also stops any decision
        that starts later, so a cancel that lands just before a decision starts is not lost.
        """
        self._retired = True
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        """Whether cancel() was called since the decision started."""
        return self._cancel.is_set()
