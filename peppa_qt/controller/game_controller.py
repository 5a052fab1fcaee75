"""The game loop as the window sees it: the table's events as signals, each shown in turn.

``GameController`` hosts a ``table.TableLoop`` (the Qt-free game loop, which asks each seat
and applies its answer through the engine) for the window. It makes the seats (a computer
for each level, a ``HumanSeat`` for each person at this window), turns the loop's events
into signals, and holds the loop while the table shows them: each signal that changes the
table waits for ``animations_done()`` before the next is shown and the game goes on (unless
the gate is off, as in controller-only tests).

It also keeps what only a window has: one **viewer** (the seat the table is drawn for), and
with several humans at one computer their turns one at a time, each behind a hand-over
screen, their cards covered in between (``seating.Seating`` decides when). What a screen
may show is *published*: each event is queued with the snapshot of the moment it describes
(``Published``: the public table and the viewer's view), and the signal that shows it
carries that snapshot. A screen draws from it, never from ``match``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QTimer, Signal, SignalInstance

from ..ai import make_player
from ..ai.base import Player
from ..engine import CardSet, HandState, Match, Phase, PlayerView, TableState
from ..engine.cards import SUIT_SIZE
from ..engine.errors import IllegalMove, Reason
from ..net.remote_loop import RemoteLoop
from ..table import (
    CardPlayed,
    CardsPassed,
    Event,
    GameOver,
    HandDealt,
    HandResumed,
    HandScored,
    HumanSeat,
    PassChosen,
    PassingBegan,
    Request,
    Seat,
    TableLoop,
    TrickWon,
    TurnBegan,
)
from ..table.clock import Scheduler
from ..table.computer import ComputerSeat, Thinkers
from .published import Published, lead_unknown, snapshot
from .qt_scheduler import QtScheduler
from .seating import Seating
from .setup import NO_NAMES, GameSetup, Pace, Refusal, names_at_table
from .step import Step

PlayerFactory = Callable[[str, int], Player]
#: Makes the loop of a game hosted elsewhere, given its people's seats and the scheduler.
RemoteLoopMaker = Callable[[dict[int, HumanSeat], Scheduler], RemoteLoop]

__all__ = ["GameController", "PlayerFactory", "Published", "Step"]


class GameController(QObject):
    """Hosts the game loop for a window; never imports the GUI.

    Humans are asked one at a time; before a human other than the viewer is asked, the
    viewer changes (``viewer_changed``). The signals that draw the table carry, last, the
    ``Published`` moment they show.
    """

    game_started = Signal()
    #: Every event of the loop as it happens (before the table shows it): for the parts of
    #: a session that keep count of the moves (undo).
    event_told = Signal(object)
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
    #: A player sat down at (or left) a networked table: the names shown change.
    names_changed = Signal()

    def __init__(
        self,
        pace: Pace | None = None,
        player_factory: PlayerFactory | None = None,
        *,
        gated: bool = True,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._pace = pace or Pace()
        self._factory: PlayerFactory = player_factory or make_player
        self._gated = gated
        self._scheduler = QtScheduler(self)
        #: The worker thread the computers think in (one decision at a time).
        self._thinkers = Thinkers()
        self._tick = QTimer(self)
        self._tick.setSingleShot(True)
        self._tick.timeout.connect(self._advance)
        self._epoch = 0
        self._loop: TableLoop | RemoteLoop | None = None
        self._reset_state()

    def _reset_state(self) -> None:
        self.setup: GameSetup | None = None
        self._epoch += 1
        self._players: dict[int, Player] = {}
        self._humans: dict[int, HumanSeat] = {}
        #: Events to show, each with the moment it shows: (signal, its arguments, moment).
        self._pending: deque[tuple[SignalInstance, tuple[object, ...], Published | None]]
        self._pending = deque()
        #: The table is showing an event (the gate: ``animations_done`` opens it).
        self._showing = False
        #: The humans asked to choose on screen in this position.
        self._prompted: set[int] = set()
        self._seating = Seating((), 1, 1)  # no game yet: nobody to seat
        #: The human the computer is being handed to (a hand-over screen is up).
        self._handing_over: int | None = None
        self._published: Published | None = None

    # ----------------------------------------------------------------- queries

    @property
    def step(self) -> Step:
        """What the game loop waits for now."""
        loop, hand, match = self._loop, self.hand, self._match
        if loop is None or loop.closed or hand is None or match is None:
            return Step.NO_GAME
        if self._showing:
            return Step.SHOWING
        if self._handing_over is not None:
            return Step.HANDING_OVER
        if hand.phase is Phase.SCORED and not self._pending:
            return Step.OVER if match.is_over else Step.BETWEEN_HANDS
        return Step.ASKING if loop.asked() or self._prompted else Step.READY

    @property
    def pace(self) -> Pace:
        """How fast the computers play and the hands follow."""
        return self._pace

    @pace.setter
    def pace(self, pace: Pace) -> None:
        self._pace = pace
        if self._loop is not None:
            self._loop.pace = pace

    @property
    def _match(self) -> Match | None:
        return self._loop.match if self._loop is not None else None

    @property
    def match(self) -> Match | None:
        """The game being played (the live state, with every hand: not for screens; at a
        table hosted elsewhere, the seat's copy: other hands are stand-ins)."""
        return self._match

    @property
    def remote(self) -> RemoteLoop | None:
        """The loop of a game whose authority is elsewhere (a hosted table), else None."""
        return self._loop if isinstance(self._loop, RemoteLoop) else None

    @property
    def hand(self) -> HandState | None:
        """The hand in play or the last one scored (the live state: not for screens)."""
        return self._match.current if self._match else None

    @property
    def epoch(self) -> int:
        """Changes with every game started or resumed, and every undo: an answer worked out
        in a worker before (a claim) is known by it as out of date."""
        return self._epoch

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for: the human being asked, or seat 0 in the demo."""
        return self._seating.viewer

    @property
    def covered(self) -> bool:
        """Whether the viewer's cards are hidden from the screen (hot-seat, before a hand-over;
        always at a networked table's screen with nobody of its own)."""
        return self._seating.covered or (self.remote is not None and not self._humans)

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
        """The players' names by seat (at a networked table, each player's own once seated)."""
        if self.setup is None:
            return list(NO_NAMES)
        remote = self.remote
        if remote is not None:
            return names_at_table(self.setup.seats, remote.extras)
        return [s.name for s in self.setup.seats]

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

    def prompted(self) -> frozenset[int]:
        """The humans asked on screen to pass or play now."""
        return frozenset(self._prompted)

    def player_seeds(self) -> list[int | None]:
        """Each computer player's seed by seat (None for humans), for saving the game."""
        seats = range(len(self.setup.seats)) if self.setup else range(0)
        return [self._players[s].seed if s in self._players else None for s in seats]

    # ----------------------------------------------------------------- intents

    def start(self, setup: GameSetup) -> None:
        """Start a new game (the previous one's seats stop thinking)."""
        given = {} if setup.deal is None else {0: setup.deal}
        match = Match(setup.rules, setup.seed, dealer=setup.dealer, deal_numbers=given)
        self._begin(setup, match)

    def resume(self, setup: GameSetup, match: Match) -> None:
        """Go on with ``match`` (replayed from a saved game) as if it had never stopped.

        The table is told once where the game stands (``hand_resumed``; then ``hand_scored``
        and ``game_over`` again if the last hand is over), and the game goes on from there.
        """
        self._begin(setup, match)

    def _begin(self, setup: GameSetup, match: Match) -> None:
        """Seat the players of ``setup`` at a loop playing ``match``, and start it."""
        self._leave()
        self._reset_state()
        self.setup = setup
        seats: list[Seat] = []
        for seat, spec in enumerate(setup.seats):
            if spec.level is None:
                self._humans[seat] = HumanSeat(self._on_human_asked)
                seats.append(self._humans[seat])
                continue
            player = self._factory(spec.level, setup.player_seed(seat, match.seed))
            player.warm_up()  # a search level's processes start meanwhile
            self._players[seat] = player
            seats.append(ComputerSeat(player, self._thinkers, self._scheduler))
        rules = match.rules
        self._seating = Seating(self.humans(), rules.seats, rules.direction)
        self._seating.viewer = self._seating.first_viewer(match.current)
        self._loop = TableLoop(match, seats, self._scheduler, pace=self._pace)
        self._loop.listen(self._on_event)
        self.game_started.emit()
        self._loop.start()

    def play_remote(self, setup: GameSetup, make_loop: RemoteLoopMaker) -> RemoteLoop:
        """Play a game hosted elsewhere (a table joined, or hosted on the network thread):
        the humans of ``setup`` answer here, the loop ``make_loop`` gives tells the rest."""
        self._leave()
        self._reset_state()
        self.setup = setup
        for seat, spec in enumerate(setup.seats):
            if spec.is_human:
                self._humans[seat] = HumanSeat(self._on_human_asked)
        loop = make_loop(dict(self._humans), self._scheduler)
        loop.on_extras = self.names_changed.emit
        rules = setup.rules
        self._seating = Seating(self.humans(), rules.seats, rules.direction)
        self._loop = loop
        loop.listen(self._on_event)
        self.game_started.emit()
        loop.start()
        return loop

    def next_hand(self) -> None:
        """Deal the next hand once the table has shown the last one's score."""
        if self._loop is not None and not self._pending:
            self._loop.next_hand()

    def submit_pass(self, seat: int, cards: Sequence[int]) -> bool:
        """A human's cards to pass; refused with ``move_refused`` when illegal."""
        hand, match, human = self.hand, self._match, self._humans.get(seat)
        if hand is None or match is None or human is None:
            return False
        if hand.phase is Phase.PASSING and seat not in self._prompted:
            self.move_refused.emit(Refusal(Reason.NOT_YOUR_TURN, seat))
            return False
        if human.asked and human.request is not None and human.request.passing:
            refusal = human.answer(cards)
        else:  # not a pass asked of them now: the rules say why (the pass is over, say)
            refusal = match.why_illegal_pass(seat, cards) or _not_asked(seat)
        if refusal is not None:
            self._refuse(refusal, seat)
            return False
        return True

    def submit_play(self, seat: int, card: int) -> bool:
        """A human's card; refused with ``move_refused`` when illegal or not its turn."""
        hand, match, human = self.hand, self._match, self._humans.get(seat)
        if hand is None or match is None or human is None:
            return False
        if hand.phase is Phase.PLAYING and (hand.to_move != seat or seat not in self._prompted):
            self.move_refused.emit(Refusal(Reason.NOT_YOUR_TURN, seat, card))
            return False
        if human.asked and human.request is not None and not human.request.passing:
            refusal = human.answer((card,))
        else:  # not a card asked of them now: the rules say why (still passing, say)
            refusal = match.why_illegal(card) or _not_asked(seat)
        if refusal is not None:
            self._refuse(refusal, seat)
            return False
        return True

    def uncover(self) -> bool:
        """The human handed the computer asks to see their cards: draw them, then ask them."""
        if self._handing_over is None or self._match is None:
            return False
        self._handing_over = None
        self._seating.covered = False
        self._queue(self.table_redrawn, self._hand_index())
        return True

    def take_back(self, count: int) -> None:
        """Take back the last ``count`` moves of the hand (undo): the table is drawn again
        as they leave it, and every seat to act is asked afresh."""
        if self._loop is None:
            return
        self._epoch += 1
        self._forget_showing()
        self._prompted.clear()
        self._loop.hold()  # nothing goes on before the table is drawn again
        self._loop.take_back(count)
        self.moves_taken_back.emit()
        self._queue(self.table_redrawn, self._hand_index())

    def animations_done(self) -> None:
        """The table has finished showing the last signal: the game may go on."""
        if self._showing:
            self._showing = False
            self._tick.start(0)

    def go_on(self) -> None:
        """After a bug of ours broke off a slot: nothing stays waited for that may not come.

        A decision under way is asked for again (its answer may have been dropped with the
        slot), as is the human to act (their prompt may not have been shown). The events
        still to show follow once the table has shown the last one again
        (``animations_done``); with no such wait the game goes on at once.
        """
        if self._loop is None or self.hand is None:
            return
        self._epoch += 1
        self._prompted.clear()
        self._handing_over = None
        self._loop.ask_again()
        if not self._showing:
            self._tick.start(0)

    def shutdown(self, timeout_ms: int = 3000) -> bool:
        """Stop for good (window closing): the players stop, the worker is waited for."""
        self._epoch += 1
        self._forget_showing()
        self._leave()
        return self._thinkers.stop(timeout_ms / 1000)

    # -------------------------------------------------------------- the loop's events

    def _on_event(self, event: Event) -> None:
        """An event of the loop, at the moment it happens: shown in turn, or said at once."""
        self.event_told.emit(event)
        match event:
            case HandDealt(index):
                self._seating.new_hand()
                self._handing_over = None
                self._prompted.clear()
                self._queue(self.hand_dealt, index)
            case HandResumed(index):
                self._queue(self.hand_resumed, index)
            case PassingBegan():
                self.turn_changed.emit(-1)
            case PassChosen(seat):
                self._cover_after(seat)
                if self._published is not None:
                    self._published = self._published.with_passed(seat)
                self.seat_passed.emit(seat)
            case CardsPassed(index):
                self._prompted.clear()
                self._queue(self.cards_passed, index)
            case TurnBegan(seat) if seat not in self._humans:  # a human's: when asked on screen
                self.turn_changed.emit(seat)
            case CardPlayed(seat, card):
                self._prompted.clear()
                self._cover_after(seat)
                self._queue(self.card_played, seat, card)
            case TrickWon(winner, cards):
                self._queue(self.trick_taken, winner, cards)
            case HandScored(index, result):
                self._queue(self.hand_scored, index, result)
            case GameOver(ranking):
                self._queue(self.game_over, list(ranking))
        self._tick.start(0)  # the next human may be asked

    def _on_human_asked(self, request: Request) -> None:
        self._tick.start(0)

    # -------------------------------------------------------------- showing

    def _advance(self) -> None:
        """One tick: show the next event waiting; with none, let the game go on and ask the
        human whose choice it is."""
        if self._loop is None or self._loop.closed or self._showing:
            return
        if self._pending:
            self._show_next()
            return
        self._loop.release()
        self._ask_humans()

    def _show_next(self) -> None:
        signal, args, moment = self._pending.popleft()
        self._publish(moment)
        self._showing = self._gated
        signal.emit(*args, self._published)
        if not self._gated:
            self._tick.start(0)

    def _queue(self, signal: SignalInstance, *args: object) -> None:
        """Emit later, in order, each after the table has shown the one before; the game
        waits meanwhile. The moment the event shows is captured now, with the event."""
        self._pending.append((signal, args, self._snapshot()))
        if self._loop is not None:
            self._loop.hold()
        self._tick.start(0)

    def _forget_showing(self) -> None:
        """Nothing waits to be shown any more (the table is drawn afresh after this)."""
        self._tick.stop()
        self._pending.clear()
        self._showing = False

    def _publish(self, moment: Published | None) -> None:
        """What the screen may show from now on (None keeps what it shows)."""
        if moment is not None:
            self._published = moment

    def _snapshot(self) -> Published | None:
        seating = self._seating
        remote = self.remote
        # A hosting window with nobody of its own at the table is the table's screen for
        # everyone: every hand stays face down (seat 0's is a player's elsewhere).
        covered = seating.covered or (remote is not None and not self._humans)
        moment = snapshot(self._match, seating.viewer, covered)
        if moment is not None and remote is not None and not remote.lead_known:
            moment = lead_unknown(moment)
        return moment

    def _hand_index(self) -> int:
        return len(self._match.hands) - 1 if self._match else 0

    def _leave(self) -> None:
        """The game in play is left: its seats stop (its computers for good)."""
        if self._loop is not None:
            self._loop.close()

    # -------------------------------------------------------------- the humans

    def _ask_humans(self) -> None:
        """Ask the human whose choice comes next, if none is choosing and none is being
        handed the computer (with several humans, one at a time)."""
        hand = self.hand
        waiting = {seat for seat, human in self._humans.items() if human.asked}
        if hand is None or not waiting or self._handing_over is not None:
            return
        if waiting & self._prompted:
            return  # a human is choosing: the next one is asked once they have acted
        seat = self._seating.next_human(hand)
        if seat in waiting:
            self._ask_human(seat)

    def _ask_human(self, seat: int) -> None:
        """Ask ``seat`` if the table is drawn for it and its cards are shown.

        Else first draw the table for ``seat`` (``viewer_changed``), or, with the cards still
        covered, ask for the computer to be handed over (``hand_over``; ``uncover`` goes on).
        """
        seating = self._seating
        if seating.turning_to(seat):  # the cards of the human before leave the screen first
            self._cover(seating.viewer)
        if seat != seating.viewer:
            seating.viewer = seat
            self._queue(self.viewer_changed, seat)
            self._queue(self.table_redrawn, self._hand_index())
            return
        if seating.covered:
            self._handing_over = seat
            self._publish(self._snapshot())
            self.hand_over.emit(seat, self._published)
            return
        self._prompted.add(seat)
        self._publish(self._snapshot())
        hand = self.hand
        assert hand is not None
        if hand.phase is Phase.PASSING:
            self.human_to_pass.emit(seat, self._published)
        else:
            self.turn_changed.emit(seat)
            self.human_to_move.emit(seat, CardSet(hand.legal_mask()), self._published)

    def _cover(self, seat: int) -> None:
        """``seat``'s cards leave the screen now: published without them, then told."""
        if self._published is not None:
            self._published = self._published.covered()
        self.cards_covered.emit(seat)

    def _cover_after(self, seat: int) -> None:
        """``seat`` has acted: if another human acts next, its cards leave the screen now."""
        hand = self.hand
        if seat in self._humans and hand is not None and self._seating.acted(seat, hand):
            self._cover(seat)

    def _refuse(self, error: IllegalMove, seat: int) -> None:
        hand = self.hand
        led = hand.trick[0] // SUIT_SIZE if hand is not None and hand.trick else None
        self.move_refused.emit(Refusal(error.reason, seat, error.card, led))


def _not_asked(seat: int) -> IllegalMove:
    return IllegalMove(Reason.NOT_YOUR_TURN, "not asked now", seat=seat)
