"""Who the table is drawn for, and when it must be covered: hot-seat play, decided in one place.

The screen is drawn for one seat, the viewer. With two or more humans at one computer, the
viewer's cards are *covered* (every hand face down) from the moment a human has acted and the
next human to act is known to be someone else, until that human, handed the computer, asks to
see their cards. When a trick ends before any other human acts, who leads next is not known
yet: the cards stay while the computers finish the trick, and are covered only if the next
human to act turns out to be another (before the table turns to them, never after); the same
human leading again goes on without a hand-over. With one human or none, nothing is ever
covered and the viewer never changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import HandState, Phase


class Seating:
    """The humans of a game, its viewer, and whether the viewer's cards are covered."""

    def __init__(self, humans: Sequence[int], seats: int, direction: int) -> None:
        """``seats`` round the table, turns going ``direction`` (1 or −1) seats on."""
        self.humans = tuple(humans)
        self.seats = seats
        self.direction = direction
        self.viewer = self.humans[0] if self.humans else 0
        #: The viewer's cards are hidden from the screen (a hand-over is due).
        self.covered = self.hot_seat

    @property
    def hot_seat(self) -> bool:
        """Two or more humans share the computer."""
        return len(self.humans) > 1

    def is_human(self, seat: int) -> bool:
        """Whether the window answers for ``seat``."""
        return seat in self.humans

    def first_viewer(self, hand: HandState | None) -> int:
        """Who the table is drawn for first: the human to act, else the first human (else 0)."""
        if not self.humans:
            return 0
        waiting = self.next_human(hand) if hand is not None else None
        return self.humans[0] if waiting is None else waiting

    def next_human(self, hand: HandState) -> int | None:
        """The next human who will have to act in ``hand`` (None: none before it ends)."""
        if hand.phase is Phase.PASSING:
            order = [(self.viewer + k) % self.seats for k in range(self.seats)]
            return next((s for s in order if self.is_human(s) and hand.passes[s] is None), None)
        if hand.phase is Phase.PLAYING and hand.to_move is not None:
            return self._first_human(hand.to_move, self.seats)
        return None

    def known_next_human(self, hand: HandState) -> int | None:
        """The next human to act, if already certain: while passing, or within the trick in
        play (a trick that ends first leaves it to its winner, not known yet)."""
        if hand.phase is Phase.PASSING:
            return self.next_human(hand)
        if hand.phase is not Phase.PLAYING or hand.to_move is None:
            return None
        left = self.seats - len(hand.trick)  # plays before the trick ends (a new one: its leader)
        return self._first_human(hand.to_move, left)

    def _first_human(self, seat: int, turns: int) -> int | None:
        """The first human among the ``turns`` seats to play from ``seat`` on, in turn order."""
        order = [(seat + k * self.direction) % self.seats for k in range(turns)]
        return next((s for s in order if self.is_human(s)), None)

    def acted(self, seat: int, hand: HandState) -> bool:
        """``seat`` has passed or played: True if its cards must be covered at once."""
        if not self.hot_seat or self.covered:
            return False
        following = self.known_next_human(hand)
        self.covered = following is not None and following != seat
        return self.covered

    def turning_to(self, seat: int) -> bool:
        """The table is about to be drawn for ``seat``: True if the viewer's cards, still
        shown, must be covered first (a human other than the one who saw them acts now)."""
        if not self.hot_seat or self.covered or seat == self.viewer:
            return False
        self.covered = True
        return True

    def new_hand(self) -> None:
        """A hand is dealt: with several humans, it is dealt face down for all of them."""
        self.covered = self.hot_seat
