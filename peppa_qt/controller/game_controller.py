"""The game loop: asks each seat for its move, applies it through the engine, tells the table.

What the table may show is *published*: with every signal that changes the table, the
controller sets ``table`` (the public state) and ``view`` (the viewer's ``PlayerView``) as
they were when that event happened. A screen draws from those two, never from ``match``.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal

from ..ai import make_player
from ..ai.base import Decision, Player
from ..engine import (
    CardSet,
    HandState,
    Match,
    PassDirection,
    Phase,
    PlayerView,
    TableState,
    table_of,
    view_of,
)
from ..engine.cards import SUIT_SIZE
from ..engine.cardset import covers, listed, set_of
from ..engine.errors import IllegalMove, Reason
from .seating import Seating
from .setup import NO_NAMES, GameSetup, Pace, Refusal
from .worker import ThinkPool, ThinkRelay

log = logging.getLogger(__name__)

PlayerFactory = Callable[[str, int], Player]


@dataclass(frozen=True)
class Published:
    """What a screen may show at one moment: the public table and the viewer's own view."""

    table: TableState
    #: None while the viewer's cards are covered (hot-seat, before a hand-over).
    view: PlayerView | None


class GameController(QObject):
    """Owns the Match; the only caller of the engine's mutators. Never imports the GUI.

    Every signal that changes the table waits for ``animations_done()`` before the game goes
    on (unless the gate is off, as in controller-only tests). Humans are asked one at a time;
    before a human other than the viewer is asked, the viewer changes (``viewer_changed``).
    """

    game_started = Signal()
    hand_dealt = Signal(int)  # hand index
    hand_resumed = Signal(int)  # hand index: a saved game goes on; draw the game as it stands
    table_redrawn = Signal(int)  # hand index: draw the hand as it stands (undo, a new viewer)
    viewer_changed = Signal(int)  # the seat the table is drawn for now (then table_redrawn)
    moves_taken_back = Signal()  # at once on undo: no input until the table is drawn again
    cards_covered = Signal(int)  # at once: the seat has acted, its cards leave the screen
    hand_over = Signal(int)  # the seat to act is to be handed the computer (hot-seat)
    seat_passed = Signal(int)  # a seat has chosen its cards to pass (which ones stays hidden)
    cards_passed = Signal(int)  # hand index: the exchange has happened
    card_played = Signal(int, int)  # seat, card
    trick_taken = Signal(int, object)  # winner, the trick's cards (one a seat) in play order
    hand_scored = Signal(int, object)  # hand index, HandResult
    game_over = Signal(object)  # ranking: list of seats, best first
    turn_changed = Signal(int)  # the seat to play, -1 while passing or between hands
    human_to_pass = Signal(int)  # seat
    human_to_move = Signal(int, object)  # seat, the legal cards (a CardSet)
    move_refused = Signal(object)  # Refusal
    history_changed = Signal()  # what Undo and Redo would do may have changed

    def __init__(
        self,
        pace: Pace | None = None,
        player_factory: PlayerFactory | None = None,
        *,
        gated: bool = True,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.pace = pace or Pace()
        self._factory: PlayerFactory = player_factory or make_player
        self._gated = gated
        self._relay = ThinkRelay(self)
        self._relay.decided.connect(self._on_relay_decided)
        self._pool = ThinkPool(self._relay)
        self._tick = _single_shot(self, self._advance)
        self._delay = _single_shot(self, self._apply_delayed)
        # A coarse timer may fire up to 5% early: the pause between computer cards is kept whole.
        self._delay.setTimerType(Qt.TimerType.PreciseTimer)
        self._clock = QElapsedTimer()
        self._epoch = 0
        self._players: dict[int, Player] = {}
        self._reset_state()

    def _reset_state(self) -> None:
        self.setup: GameSetup | None = None
        self._match: Match | None = None
        self._players = {}
        self._epoch += 1
        self._pending: deque[tuple[Published | None, Callable[[], None]]] = deque()
        self._asked: set[int] = set()
        self._waiting_gate = False
        #: The computer to play whose decision for this position is under way or waiting.
        self._thinking: int | None = None
        self._delayed: tuple[int, Decision] | None = None
        self._seating = Seating((), 1, 1)  # no game yet: nobody to seat
        #: The human the computer is being handed to (a hand-over screen is up).
        self._handing_over: int | None = None
        self._published: Published | None = None
        #: Who made each pass and play of the current hand, in the engine's order (for undo).
        self._actions: list[int] = []
        #: The human's moves taken back, the latest last: (seat, cards) to make again (redo).
        self._redo: list[tuple[int, tuple[int, ...]]] = []
        #: Redos asked for while the computers still played: made as their human is asked.
        self._redo_wanted = 0

    # ----------------------------------------------------------------- queries

    @property
    def match(self) -> Match | None:
        """The game being played (the live state, with every hand: not for screens)."""
        return self._match

    @property
    def hand(self) -> HandState | None:
        """The hand in play or the last one scored (the live state: not for screens)."""
        return self.match.current if self.match else None

    @property
    def epoch(self) -> int:
        """Changes with every game started or resumed, and every undo: an answer worked out
        in a worker before (a computer's card, a claim) is known by it as out of date."""
        return self._epoch

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for: the human being asked, or seat 0 in the demo."""
        return self._seating.viewer

    @property
    def covered(self) -> bool:
        """Whether the viewer's cards are hidden from the screen (hot-seat, before a hand-over)."""
        return self._seating.covered

    @property
    def table(self) -> TableState | None:
        """The public state, as of the last signal (None before the first deal)."""
        return self._published.table if self._published else None

    @property
    def view(self) -> PlayerView | None:
        """The viewer's view, as of the last signal (None before the first deal and while the
        viewer's cards are covered)."""
        return self._published.view if self._published else None

    def names(self) -> list[str]:
        """The players' names by seat."""
        return [s.name for s in self.setup.seats] if self.setup else list(NO_NAMES)

    def is_human(self, seat: int) -> bool:
        """Whether the window answers for ``seat``."""
        return self.setup is not None and self.setup.seats[seat].is_human

    def humans(self) -> list[int]:
        """The seats the window answers for."""
        seats = self.setup.seats if self.setup else ()
        return [seat for seat, spec in enumerate(seats) if spec.is_human]

    def hot_seat(self) -> bool:
        """Whether two or more humans share the computer (each hidden from the others)."""
        return len(self.humans()) > 1

    def player_seeds(self) -> list[int | None]:
        """Each computer player's seed by seat (None for humans), for saving the game."""
        seats = range(len(self.setup.seats)) if self.setup else range(0)
        return [self._players[s].seed if s in self._players else None for s in seats]

    def can_undo(self) -> bool:
        """Whether the viewer's last pass or card of this hand can be taken back.

        Only with a single human: with several, undoing would show one human's cards to
        another. Not once the game is over: it has been ranked and counted.
        """
        hand, match = self.hand, self.match
        if len(self.humans()) != 1 or hand is None or not hand.can_undo():
            return False
        if match is not None and match.is_over:
            return False
        return any(self.is_human(seat) for seat in self._actions)

    def undo_subject(self) -> tuple[int, ...] | None:
        """The cards of the move Undo would take back: a card played, or the cards passed."""
        hand = self.hand
        if not self.can_undo() or hand is None:
            return None
        passing = hand.pass_direction is not PassDirection.HOLD
        passes = sum(p is not None for p in hand.passes) if passing else 0
        for index in range(len(self._actions) - 1, -1, -1):
            seat = self._actions[index]
            if not self.is_human(seat):
                continue
            if index >= passes:  # a play (the passes come first in the hand's order)
                return (hand.plays[index - passes],)
            mask = hand.passes[seat]
            return tuple(listed(mask)) if mask is not None else None
        return None

    def redo_subject(self) -> tuple[int, ...] | None:
        """The cards of the move Redo would make again: now, or once its human is asked
        (the computers still play the moves before it)."""
        ahead = len(self._redo) - self._redo_wanted
        if ahead <= 0 or self.hand is None or self.covered:
            return None
        return self._redo[ahead - 1][1]

    def can_redo(self) -> bool:
        """Whether a move taken back can be made again now (its human is asked for it)."""
        hand = self.hand
        if not self._redo or hand is None or self.covered:
            return False
        seat = self._redo[-1][0]
        if seat not in self._asked:
            return False
        if hand.phase is Phase.PASSING:
            return hand.passes[seat] is None
        return hand.phase is Phase.PLAYING and hand.to_move == seat

    # ----------------------------------------------------------------- intents

    def start(self, setup: GameSetup) -> None:
        """Start a new game (cancelling any thinking of the previous one)."""
        self._cancel_thinking()
        self._reset_state()
        self.setup = setup
        given = {} if setup.deal is None else {0: setup.deal}
        self._match = Match(setup.rules, setup.seed, dealer=setup.dealer, deal_numbers=given)
        self._begin(None)
        self._deal()

    def resume(self, setup: GameSetup, match: Match) -> None:
        """Go on with ``match`` (replayed from a saved game) as if it had never stopped.

        The table is told once where the game stands (``hand_resumed``; then ``hand_scored``
        and ``game_over`` again if the last hand is over), and the game goes on from there.
        """
        self._cancel_thinking()
        self._reset_state()
        self.setup, self._match = setup, match
        hand = match.current
        self._begin(hand)
        if hand is None:
            self._deal()
            return
        self._actions = _actions_of(hand)
        self._redo = []
        self._redo_wanted = 0
        self.history_changed.emit()
        index = len(match.hands) - 1
        self._queue(lambda: self.hand_resumed.emit(index))
        if hand.phase is Phase.SCORED:
            self._queue_scored(hand)

    def _begin(self, hand: HandState | None) -> None:
        """Make the computer players and choose the viewer of the game starting or resuming."""
        assert self.setup is not None and self.match is not None
        for seat, spec in enumerate(self.setup.seats):
            if spec.level is not None:
                seed = self.setup.player_seed(seat, self.match.seed)
                self._players[seat] = self._factory(spec.level, seed)
        rules = self.match.rules
        self._seating = Seating(self.humans(), rules.seats, rules.direction)
        self._seating.viewer = self._seating.first_viewer(hand)
        self.game_started.emit()

    def next_hand(self) -> None:
        """Deal the next hand once the table has shown the last one's score."""
        hand = self.hand
        if self.match is None or hand is None or hand.phase is not Phase.SCORED:
            return
        if self.match.is_over or self._pending:
            return
        self._deal()

    def submit_pass(self, seat: int, cards: Sequence[int]) -> bool:
        """A human's cards to pass; refused with ``move_refused`` when illegal."""
        hand = self.hand
        if hand is None or self.match is None or not self.is_human(seat):
            return False
        if hand.phase is Phase.PASSING and seat not in self._asked:
            self.move_refused.emit(Refusal(Reason.NOT_YOUR_TURN, seat))
            return False
        refusal = self.match.why_illegal_pass(seat, cards)
        if refusal is not None:
            self._refuse(refusal, seat)
            return False
        self._made_again(seat, tuple(sorted(cards)))
        self._apply_pass(seat, tuple(cards))
        self.history_changed.emit()
        return True

    def submit_play(self, seat: int, card: int) -> bool:
        """A human's card; refused with ``move_refused`` when illegal or not its turn."""
        hand = self.hand
        if hand is None or self.match is None or not self.is_human(seat):
            return False
        if hand.phase is Phase.PLAYING and (hand.to_move != seat or seat not in self._asked):
            self.move_refused.emit(Refusal(Reason.NOT_YOUR_TURN, seat, card))
            return False
        refusal = self.match.why_illegal(card)
        if refusal is not None:
            self._refuse(refusal, seat)
            return False
        self._made_again(seat, (card,))
        self._play(card)
        self.history_changed.emit()
        return True

    def _made_again(self, seat: int, cards: tuple[int, ...]) -> None:
        """A human's move: the one taken back last (Redo goes on) or another (Redo ends)."""
        if self._redo and self._redo[-1] == (seat, cards):
            self._redo.pop()
        else:
            self._redo.clear()
            self._redo_wanted = 0

    def redo(self) -> bool:
        """Make the last move taken back again (the computers then answer as before).

        Asked for again while the computers still play the moves before the next one (Redo
        pressed twice), it is made as soon as its human is asked.
        """
        if not self.can_redo():
            if self.redo_subject() is None:
                return False
            self._redo_wanted += 1
            self.history_changed.emit()  # Redo now names the move after it, if any
            return True
        seat, cards = self._redo[-1]
        if len(cards) == 1:
            return self.submit_play(seat, cards[0])
        return self.submit_pass(seat, cards)

    def undo(self) -> bool:
        """Take back the human's last pass or card of this hand, and every move after it.

        The computers then decide again from the same position, as they did before (their
        choices follow from their seed and the position). False if there is nothing to undo.
        """
        if not self.can_undo() or self.match is None:
            return False
        subject = self.undo_subject()
        self._stop_thinking()
        self._redo_wanted = 0  # taken back further: the redos asked for are not wanted now
        while self._actions:
            seat = self._actions.pop()
            self.match.undo()
            if self.is_human(seat):
                assert subject is not None
                self._redo.append((seat, tuple(sorted(subject))))
                break
        self._asked.clear()
        self.moves_taken_back.emit()
        self.history_changed.emit()
        index = len(self.match.hands) - 1
        self._queue(lambda: self.table_redrawn.emit(index))
        return True

    def animations_done(self) -> None:
        """The table has finished showing the last signal: the game may go on."""
        if self._waiting_gate:
            self._waiting_gate = False
            self._tick.start(0)

    def go_on(self) -> None:
        """After a bug of ours broke off a slot: nothing stays waited for that may not come.

        A decision under way is asked for again (its answer may have been dropped with the
        slot), as is the human to act (their prompt may not have been shown). The events
        still to show follow once the table has shown the last one again
        (``animations_done``); with no such wait the game goes on at once.
        """
        if self.match is None or self.match.current is None:
            return
        self._epoch += 1  # an answer still under way is for a position asked again
        self._pool.clear()
        for player in self._players.values():
            player.cancel()
        self._delay.stop()
        self._thinking = None
        self._delayed = None
        self._asked.clear()
        self._handing_over = None
        if not self._waiting_gate:
            self._tick.start(0)

    def shutdown(self, timeout_ms: int = 3000) -> bool:
        """Stop for good (window closing): cancel thinking and wait for the worker."""
        self._epoch += 1
        self._pending.clear()
        self._tick.stop()
        self._delay.stop()
        return self._pool.stop(list(self._players.values()), timeout_ms)

    # -------------------------------------------------------------- game loop

    def _deal(self) -> None:
        assert self.match is not None
        self.match.start_hand()
        index = len(self.match.hands) - 1
        self._asked.clear()
        self._actions = []
        self._redo = []
        self._redo_wanted = 0
        self._seating.new_hand()
        self._handing_over = None
        self._queue(lambda: self.hand_dealt.emit(index))
        self._think_ahead()  # a hand without passing: the leader is known
        self.history_changed.emit()

    def _queue(self, emit: Callable[[], None], *, publish: bool = True) -> None:
        """Emit later, in order, each after the table has shown the one before.

        What the table may show is captured now, with the event, and published with it.
        """
        self._pending.append((self._snapshot() if publish else None, emit))
        self._tick.start(0)

    def _snapshot(self) -> Published | None:
        if self.match is None or self.match.current is None:
            return None
        view = None if self._seating.covered else view_of(self.match, self._seating.viewer)
        return Published(table_of(self.match), view)

    def _advance(self) -> None:
        if self._waiting_gate or self.match is None:
            return
        if self._pending:
            published, emit = self._pending.popleft()
            if published is not None:
                self._published = published
            self._waiting_gate = self._gated
            emit()
            if not self._gated:
                self._tick.start(0)
            return
        self._ask_next()

    def _ask_next(self) -> None:
        hand = self.hand
        assert hand is not None and self.match is not None
        if hand.phase is Phase.PASSING:
            self._ask_passes(hand)
        elif hand.phase is Phase.PLAYING:
            self._ask_play(hand)
        elif not self.match.is_over and self.pace.auto_next_hand:
            self._deal()

    def _ask_passes(self, hand: HandState) -> None:
        self.turn_changed.emit(-1)
        for seat in range(hand.rules.seats):  # every computer thinks at once
            if hand.passes[seat] is None and seat not in self._asked and not self.is_human(seat):
                self._asked.add(seat)
                self._think(seat)
        if any(self.is_human(s) and hand.passes[s] is None for s in self._asked):
            return  # a human is choosing: the next one is asked once they have passed
        human = self._seating.next_human(hand)
        if human is not None:
            self._ask_human(human, lambda: self.human_to_pass.emit(human))

    def _ask_play(self, hand: HandState) -> None:
        seat = hand.to_move
        assert seat is not None
        if seat in self._asked:
            return
        if self.is_human(seat):
            legal = hand.legal_mask()
            self._ask_human(seat, lambda: self._ask_human_play(seat, legal))
            return
        self._asked.add(seat)
        self.turn_changed.emit(seat)
        self._clock.start()  # the pause runs from here: the card before has been shown
        if self._thinking == seat:  # thought ahead, while the table was still animating
            self._show_when_paused()
            return
        self._thinking = seat
        self._think(seat)

    def _ask_human_play(self, seat: int, legal: int) -> None:
        self.turn_changed.emit(seat)
        self.human_to_move.emit(seat, CardSet(legal))

    def _ask_human(self, seat: int, ask: Callable[[], None]) -> None:
        """Ask ``seat`` if the table is drawn for it and its cards are shown.

        Else first draw the table for ``seat`` (``viewer_changed``), or, with the cards still
        covered, ask for the computer to be handed over (``hand_over``; ``uncover`` goes on).
        """
        seating = self._seating
        if seating.turning_to(seat):  # the cards of the human before leave the screen first
            if self._published is not None:
                self._published = replace(self._published, view=None)
            self.cards_covered.emit(seating.viewer)
        if seat != seating.viewer:
            seating.viewer = seat
            self._queue(lambda: self.viewer_changed.emit(seat))
            index = len(self.match.hands) - 1 if self.match else 0
            self._queue(lambda: self.table_redrawn.emit(index))
            return
        if seating.covered:
            if self._handing_over != seat:
                self._handing_over = seat
                self._published = self._snapshot()
                self.hand_over.emit(seat)
            return
        self._asked.add(seat)
        self._published = self._snapshot()
        ask()
        if self._redo_wanted and self.can_redo():
            self._redo_wanted -= 1
            self.redo()
        self.history_changed.emit()

    def uncover(self) -> bool:
        """The human handed the computer asks to see their cards: draw them, then ask them."""
        if self._handing_over is None or self.match is None:
            return False
        self._handing_over = None
        self._seating.covered = False
        index = len(self.match.hands) - 1
        self._queue(lambda: self.table_redrawn.emit(index))
        return True

    def _cover_after(self, seat: int, hand: HandState) -> None:
        """``seat`` has acted: if another human acts next, its cards leave the screen now."""
        if self.is_human(seat) and self._seating.acted(seat, hand):
            if self._published is not None:
                self._published = replace(self._published, view=None)
            self.cards_covered.emit(seat)

    def _think(self, seat: int) -> None:
        assert self.match is not None
        self._pool.submit(self._epoch, seat, self._players[seat], view_of(self.match, seat))

    def _think_ahead(self) -> None:
        """A computer to play next starts thinking now, while the table shows the card before.

        Its position is known once the card before is played; its turn still comes (and its
        pause starts) only when the table is done (``_ask_play``).
        """
        hand = self.hand
        seat = hand.to_move if hand is not None and hand.phase is Phase.PLAYING else None
        if seat is not None and not self.is_human(seat):
            self._thinking = seat
            self._think(seat)

    def _on_relay_decided(self, epoch: int, seat: int, result: object) -> None:
        hand = self.hand
        if epoch != self._epoch or hand is None:
            return
        if hand.phase is Phase.PLAYING and (seat != self._thinking or seat != hand.to_move):
            return  # not the position it was asked about
        decision = self._checked(seat, result)
        if hand.phase is Phase.PASSING:
            self._apply_pass(seat, decision.cards)
            return
        self._delayed = (seat, decision)
        if seat in self._asked:  # its turn has come: else _ask_play shows it
            self._show_when_paused()

    def _show_when_paused(self) -> None:
        """Play the decision waiting once the pause since the turn began has passed."""
        if self._delayed is not None:
            wait = self.pace.ai_pause_ms - self._clock.elapsed()
            self._delay.start(max(0, int(wait)))

    def _apply_delayed(self) -> None:
        if self._delayed is None:
            return
        seat, decision = self._delayed
        self._delayed = None
        hand = self.hand
        if hand is not None and hand.phase is Phase.PLAYING and hand.to_move == seat:
            self._play(decision.cards[0])

    def _checked(self, seat: int, result: object) -> Decision:
        """The player's decision, or a safe legal one if it failed or broke the rules."""
        hand = self.hand
        assert hand is not None
        passing = hand.phase is Phase.PASSING
        # A pass: cards of the hand (two copies of a card may go); a play: one legal card.
        allowed = hand.hands[seat] if passing else hand.legal_mask()
        size = hand.rules.pass_size if passing else 1
        if isinstance(result, Decision) and _fits(result.cards, allowed, size):
            return result
        cards = listed(allowed)
        fallback = tuple(cards[-size:]) if passing else (cards[0],)
        log.warning("seat %d: computer player failed (%r); playing %s", seat, result, fallback)
        return Decision(fallback, "fallback")

    # ------------------------------------------------------------ applying moves

    def _apply_pass(self, seat: int, cards: Sequence[int]) -> None:
        hand = self.hand
        assert hand is not None and self.match is not None
        self.match.pass_cards(seat, cards)
        self._actions.append(seat)
        self._cover_after(seat, hand)
        self._published = _with_passed(self._published, seat)
        self.seat_passed.emit(seat)
        if hand.phase is Phase.PLAYING:
            index = len(self.match.hands) - 1
            self._asked.clear()
            self._queue(lambda: self.cards_passed.emit(index))
            self._think_ahead()
        else:
            self._tick.start(0)  # the next human may be asked

    def _play(self, card: int) -> None:
        hand = self.hand
        assert hand is not None and self.match is not None
        seat = hand.to_move
        assert seat is not None
        seats = hand.rules.seats
        completes_trick = len(hand.trick) == seats - 1
        self.match.play(card)
        self._actions.append(seat)
        self._cover_after(seat, hand)
        self._asked.clear()
        self._thinking = None
        self._queue(lambda: self.card_played.emit(seat, card))
        if completes_trick:
            winner, cards = hand.trick_winners[-1], tuple(hand.plays[-seats:])
            self._queue(lambda: self.trick_taken.emit(winner, cards))
        if hand.result is not None:
            self._queue_scored(hand)
        self._think_ahead()  # the next to play (the trick's winner after its last card)

    def _queue_scored(self, hand: HandState) -> None:
        assert self.match is not None
        index, result = len(self.match.hands) - 1, hand.result
        self._queue(lambda: self.hand_scored.emit(index, result))
        if self.match.is_over:
            ranking = self.match.ranking()
            self._queue(lambda: self.game_over.emit(ranking))

    def _refuse(self, error: IllegalMove, seat: int) -> None:
        hand = self.hand
        led = hand.trick[0] // SUIT_SIZE if hand is not None and hand.trick else None
        self.move_refused.emit(Refusal(error.reason, seat, error.card, led))

    def _stop_thinking(self) -> None:
        """Forget every decision under way or waiting to be shown (the players stay)."""
        self._epoch += 1
        self._pool.clear()
        for player in self._players.values():
            player.cancel()
        self._tick.stop()
        self._delay.stop()
        self._thinking = None
        self._delayed = None
        self._pending.clear()
        self._waiting_gate = False

    def _cancel_thinking(self) -> None:
        self._stop_thinking()
        for player in self._players.values():
            player.retire()  # start() and resume() make new players: these are done for good


def _with_passed(published: Published | None, seat: int) -> Published | None:
    """``published`` saying that ``seat`` has chosen its pass (during passing)."""
    if published is None or published.table.phase is not Phase.PASSING:
        return published
    passed = tuple(done or other == seat for other, done in enumerate(published.table.passed))
    return replace(published, table=replace(published.table, passed=passed))


def _actions_of(hand: HandState) -> list[int]:
    """Who made the passes and plays of ``hand``, in the order a replay applied them."""
    passes = [s for s, cards in enumerate(hand.passes) if cards is not None]
    plays = [hand.seat_of_play(i) for i in range(len(hand.plays))]
    return passes + plays


def _fits(cards: Sequence[int], allowed: int, size: int) -> bool:
    """Whether ``cards`` are ``size`` cards that ``allowed`` (a card set) holds, copies counted."""
    try:
        return len(cards) == size and covers(allowed, set_of(cards))
    except (TypeError, ValueError):  # a third copy (CardSetError), or not cards at all
        return False


def _single_shot(parent: QObject, slot: Callable[[], None]) -> QTimer:
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.timeout.connect(slot)
    return timer
