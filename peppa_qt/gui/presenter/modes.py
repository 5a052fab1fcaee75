"""What the viewer's hand takes from the player now: nothing, cards to pass, or a card."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    """The table's input mode (the controller asked for a pass or a card, or for nothing)."""

    #: Nothing is asked: clicks and keys on the hand do nothing.
    IDLE = "idle"
    #: The viewer chooses the cards to pass.
    PASSING = "passing"
    #: The viewer plays a card.
    PLAYING = "playing"
