"""The table below any window: the game loop and the seats it asks (no Qt).

``TableLoop`` plays a game by asking each ``Seat`` for its pass or card through one interface
and telling what happened as plain events. Seat kinds: ``ComputerSeat`` (a computer player
thinking in a worker), ``HumanSeat`` (a person, answered through whoever shows them the
question: the window, a network client), ``BotSeat`` (an outside program speaking the bot
protocol) and ``StandIn`` (a person's seat a computer answers while they are away). The window
hosts a loop through controller/game_controller.py; a server or a test hosts one the same way,
lending it a ``Scheduler``.
"""

from __future__ import annotations

from .clock import ManualScheduler, Scheduler, Timer
from .events import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandResumed,
    HandScored,
    MovesTakenBack,
    PassChosen,
    PassingBegan,
    TrickWon,
    TurnBegan,
)
from .loop import Listener, TableLoop
from .pace import Pace
from .seats import HumanSeat, Request, Seat

__all__ = [
    "CardPlayed",
    "CardsPassed",
    "Event",
    "GameOver",
    "HandDealt",
    "HandResumed",
    "HandScored",
    "HumanSeat",
    "Listener",
    "ManualScheduler",
    "MovesTakenBack",
    "Pace",
    "PassChosen",
    "PassingBegan",
    "Request",
    "Scheduler",
    "Seat",
    "TableLoop",
    "Timer",
    "TrickWon",
    "TurnBegan",
]
