"""How fast the game goes on by itself: the pause before a computer's card, the next hand."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    """How long computer players seem to think (they may think longer, never shorter)."""

    ai_pause_ms: int = 450
    #: Start the next hand by itself (demo, tests) instead of waiting for next_hand().
    auto_next_hand: bool = False

    @classmethod
    def instant(cls, *, auto_next_hand: bool = False) -> Pace:
        """No pauses at all: for tests."""
        return cls(ai_pause_ms=0, auto_next_hand=auto_next_hand)
