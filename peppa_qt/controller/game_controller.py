"""The game loop: asks each seat for its move, applies it through the engine, tells the table.

The loop is a phase machine (as OpenSpiel's games dispatch on their phase): ``step`` says
what it waits for, and each tick (``_advance``) shows the next event waiting, or asks whoever
is to act in the hand's phase (``_ASKERS``: the passes, a play, or what follows a scored
hand). Every move goes through the engine here and nowhere else.

What the table may show is *published*: each event is queued with the snapshot of the moment
it describes (``Published``: the public table and the viewer's view), and the signal that
shows it carries that snapshot. A screen draws from it, never from ``match``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal, SignalInstance

from ..ai import make_player
from ..ai.base import Decision, Player
from ..engine import HandState, Match, Phase, PlayerView, TableState
from ..engine.cards import SUIT_SIZE
from ..engine.errors import IllegalMove, Reason
from .computers import ComputerTurns
from .history import MoveHistory, actions_of
from .humans import HumanTurns
from .published import Published, snapshot
from .seating import Seating
from .setup import NO_NAMES, GameSetup, Pace, Refusal
from .step import Step
from .undo import UndoRedo
from .worker import ThinkPool, ThinkRelay

PlayerFactory = Callable[[str, int], Player]

__all__ = ["GameController", "PlayerFactory", "Published", "Step"]


class GameController(QObject, ComputerTurns, UndoRedo, HumanTurns):
    """Owns the Match; the only caller of the engine's mutators. Never imports the GUI.

    Every signal that changes the table waits for ``animations_done()`` before the game goes
    on (unless the gate is off, as in controller-only tests). Humans are asked one at a time;
    before a human other than the viewer is asked, the viewer changes (``viewer_changed``).
    The signals that draw the table carry, last, the ``Published`` moment they show.
    """

    game_started = Signal()
    hand_dealt = Signal(int, object)  # hand index
    hand_resumed = Signal(int, object)  # hand index: a saved game goes on, drawn as it stands
    table_redrawn = Signal(int, object)  # hand index: the hand as it stands (undo, a new viewer)
    viewer_changed = Signal(int, object)  # the seat the table is drawn for now (then redrawn)
    moves_taken_back = Signal()  # at once on undo: no input until the table is drawn again
    cards_covered = Signal(int)  # at once: the seat has acted, its cards leave the screen
    hand_over = Signal(int, object)  # the seat to act is to be handed the computer (hot-seat)
    seat_passed = Signal(int)  # at once: a seat has chosen its pass (which cards stays hidden)
    cards_passed = Signal(int, object)  # hand index: the exchange has happened
    card_played = Signal(int, int, object)  # seat, card
    trick_taken = Signal(int, object, object)  # winner, the trick's cards in play order
    hand_scored = Signal(int, object, object)  # hand index, HandResult
    game_over = Signal(object, object)  # ranking: list of seats, best first
    turn_changed = Signal(int)  # the seat to play, -1 while passing or between hands
    human_to_pass = Signal(int, object)  # seat
    human_to_move = Signal(int, object, object)  # seat, the legal cards (a CardSet)
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
        self._step = Step.NO_GAME
        #: Events to show, each with the moment it shows: (signal, its arguments, moment).
        self._pending: deque[tuple[SignalInstance, tuple[object, ...], Published | None]]
        self._pending = deque()
        #: The seats asked in this position (a computer thinking, a human choosing).
        self._asked: set[int] = set()
        #: The computer to play whose decision for this position is under way or waiting.
        self._thinking: int | None = None
        self._delayed: tuple[int, Decision] | None = None
        self._seating = Seating((), 1, 1)  # no game yet: nobody to seat
        #: The human the computer is being handed to (a hand-over screen is up).
        self._handing_over: int | None = None
        self._published: Published | None = None
        self.history = MoveHistory(self.is_human)

    # ----------------------------------------------------------------- queries

    @property
    def step(self) -> Step:
        """What the game loop waits for now."""
        return self._step

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
    def published(self) -> Published | None:
        """The moment the last signal showed (None before the first deal)."""
        return self._published

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
        self.history.restart(actions_of(hand))
        self.history_changed.emit()
        self._queue(self.hand_resumed, self._hand_index())
        if hand.phase is Phase.SCORED:
            self._queue_scored(hand)

    def _begin(self, hand: HandState | None) -> None:
        """Make the computer players and choose the viewer of the game starting or resuming."""
        assert self.setup is not None and self.match is not None
        for seat, spec in enumerate(self.setup.seats):
            if spec.level is not None:
                seed = self.setup.player_seed(seat, self.match.seed)
                self._players[seat] = self._factory(spec.level, seed)
                self._players[seat].warm_up()  # a search level's processes start meanwhile
        rules = self.match.rules
        self._seating = Seating(self.humans(), rules.seats, rules.direction)
        self._seating.viewer = self._seating.first_viewer(hand)
        self._step = Step.READY
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
        self.history.made_again(seat, tuple(sorted(cards)))
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
        self.history.made_again(seat, (card,))
        self._play(card)
        self.history_changed.emit()
        return True

    def animations_done(self) -> None:
        """The table has finished showing the last signal: the game may go on."""
        if self._step is Step.SHOWING:
            self._step = Step.READY
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
        self._forget_decisions()
        self._asked.clear()
        self._handing_over = None
        if self._step is not Step.SHOWING:
            self._ready()
            self._tick.start(0)

    def shutdown(self, timeout_ms: int = 3000) -> bool:
        """Stop for good (window closing): cancel thinking and wait for the worker."""
        self._epoch += 1
        self._pending.clear()
        self._step = Step.NO_GAME
        self._tick.stop()
        self._delay.stop()
        return self._pool.stop(list(self._players.values()), timeout_ms)

    # -------------------------------------------------------------- the loop

    def _advance(self) -> None:
        """One tick: show the next event waiting, or ask whoever acts in the hand's phase."""
        if self.match is None or self._step in (Step.NO_GAME, Step.SHOWING):
            return
        if self._pending:
            self._show_next()
            return
        if self._step is Step.HANDING_OVER:
            return
        hand = self.hand
        assert hand is not None
        _ASKERS[hand.phase](self, hand)

    def _show_next(self) -> None:
        signal, args, moment = self._pending.popleft()
        self._publish(moment)
        self._step = Step.SHOWING if self._gated else Step.READY
        signal.emit(*args, self._published)
        if not self._gated:
            self._tick.start(0)

    def _ready(self) -> None:
        """Nothing is waited for but the table showing an event (that wait stays)."""
        if self._step is not Step.SHOWING:
            self._step = Step.READY

    def _publish(self, moment: Published | None) -> None:
        """What the screen may show from now on (None keeps what it shows)."""
        if moment is not None:
            self._published = moment

    def _queue(self, signal: SignalInstance, *args: object) -> None:
        """Emit later, in order, each after the table has shown the one before.

        The moment the event shows is captured now, with the event, and published with it.
        """
        self._pending.append((signal, args, self._snapshot()))
        self._tick.start(0)

    def _snapshot(self) -> Published | None:
        seating = self._seating
        return snapshot(self.match, seating.viewer, seating.covered)

    def _hand_index(self) -> int:
        return len(self.match.hands) - 1 if self.match else 0

    def _deal(self) -> None:
        assert self.match is not None
        self.match.start_hand()
        self._asked.clear()
        self.history.restart()
        self._seating.new_hand()
        self._handing_over = None
        self._ready()
        self._queue(self.hand_dealt, self._hand_index())
        self._think_ahead()  # a hand without passing: the leader is known
        self.history_changed.emit()

    def _ask_passes(self, hand: HandState) -> None:
        self._step = Step.ASKING
        self.turn_changed.emit(-1)
        for seat in range(hand.rules.seats):  # every computer thinks at once
            if hand.passes[seat] is None and seat not in self._asked and not self.is_human(seat):
                self._asked.add(seat)
                self._think(seat)
        if any(self.is_human(s) and hand.passes[s] is None for s in self._asked):
            return  # a human is choosing: the next one is asked once they have passed
        human = self._seating.next_human(hand)
        if human is not None:
            self._ask_human(human)

    def _ask_play(self, hand: HandState) -> None:
        self._step = Step.ASKING
        seat = hand.to_move
        assert seat is not None
        if seat in self._asked:
            return
        if self.is_human(seat):
            self._ask_human(seat)
            return
        self._asked.add(seat)
        self.turn_changed.emit(seat)
        self._clock.start()  # the pause runs from here: the card before has been shown
        if self._thinking == seat:  # thought ahead, while the table was still animating
            self._show_when_paused()
            return
        self._thinking = seat
        self._think(seat)

    def _after_scored(self, hand: HandState) -> None:
        assert self.match is not None
        if self.match.is_over:
            self._step = Step.OVER
        elif self.pace.auto_next_hand:
            self._deal()
        else:
            self._step = Step.BETWEEN_HANDS

    # ------------------------------------------------------------ applying moves

    def _apply_pass(self, seat: int, cards: Sequence[int]) -> None:
        hand = self.hand
        assert hand is not None and self.match is not None
        self.match.pass_cards(seat, cards)
        self.history.made(seat)
        self._cover_after(seat, hand)
        if self._published is not None:
            self._published = self._published.with_passed(seat)
        self.seat_passed.emit(seat)
        if hand.phase is Phase.PLAYING:
            self._asked.clear()
            self._queue(self.cards_passed, self._hand_index())
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
        self.history.made(seat)
        self._cover_after(seat, hand)
        self._asked.clear()
        self._thinking = None
        self._queue(self.card_played, seat, card)
        if completes_trick:
            self._queue(self.trick_taken, hand.trick_winners[-1], tuple(hand.plays[-seats:]))
        if hand.result is not None:
            self._queue_scored(hand)
        self._think_ahead()  # the next to play (the trick's winner after its last card)

    def _queue_scored(self, hand: HandState) -> None:
        assert self.match is not None
        self._queue(self.hand_scored, self._hand_index(), hand.result)
        if self.match.is_over:
            self._queue(self.game_over, self.match.ranking())

    def _refuse(self, error: IllegalMove, seat: int) -> None:
        hand = self.hand
        led = hand.trick[0] // SUIT_SIZE if hand is not None and hand.trick else None
        self.move_refused.emit(Refusal(error.reason, seat, error.card, led))

    def _stop_thinking(self) -> None:
        """Forget every decision and every event still to show: the loop starts afresh."""
        self._forget_decisions()
        self._tick.stop()
        self._pending.clear()
        if self._step is not Step.NO_GAME:
            self._step = Step.READY

    def _cancel_thinking(self) -> None:
        self._stop_thinking()
        for player in self._players.values():
            player.retire()  # start() and resume() make new players: these are done for good


#: What the loop does in each phase of a hand, once no event waits to be shown.
_ASKERS: dict[Phase, Callable[[GameController, HandState], None]] = {
    Phase.PASSING: GameController._ask_passes,
    Phase.PLAYING: GameController._ask_play,
    Phase.SCORED: GameController._after_scored,
}


def _single_shot(parent: QObject, slot: Callable[[], None]) -> QTimer:
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.timeout.connect(slot)
    return timer
