"""What the game loop waits for: the phase machine's states (``GameController.step``)."""

from __future__ import annotations

from enum import Enum


class Step(Enum):
    """What the game loop waits for."""

    #: No game (before the first, after shutdown).
    NO_GAME = "no game"
    #: Nothing: the next tick shows an event or asks whoever is to act.
    READY = "ready"
    #: The table is showing an event; ``animations_done`` lets the loop go on.
    SHOWING = "showing"
    #: Seats are asked: computers think (their cards wait out the pause), a human chooses.
    ASKING = "asking"
    #: The hand-over screen is up (hot-seat); ``uncover`` lets the loop go on.
    HANDING_OVER = "handing over"
    #: A hand is scored; ``next_hand`` deals the next.
    BETWEEN_HANDS = "between hands"
    #: The game is over.
    OVER = "over"
