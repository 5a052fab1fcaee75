"""A game as the player knows it: played, autosaved, counted, saved, opened, undone, hinted.

``GameSession`` owns the ``GameController`` and everything around a game that is not on the
screen: the autosave after every pass and trick, the statistics at the end, saved games and
records, undo and hints. It has no widgets: the window shows its controller's signals, sends
it intents, and words the problems it reports (``problem_met``).
"""

from __future__ import annotations

import contextlib
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, Signal

from ..engine import GameRecord, Phase, PlayerInfo, record_of, view_of
from ..engine.cards import Card
from ..engine.deals import long_deal_number
from ..net.remote_loop import RemoteLoop
from ..storage import (
    FileKind,
    OpenedGame,
    Problem,
    ProblemKind,
    Profile,
    SavedGame,
    Statistics,
)
from ..storage.saves import Selections, no_selection
from ..table import CardPlayed, CardsPassed
from .autosaver import Autosaver
from .claims import ClaimWatcher
from .coach_count import CoachCount
from .game_controller import GameController, PlayerFactory, RemoteLoopMaker
from .hinter import Hinter, human_decision
from .preferences import Preferences
from .review import Reviewer
from .setup import GameSetup, Pace, SeatSetup, default_level, usable_level
from .undo import UndoRedo

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..ai.hints import Reason
    from ..ai.review import HandReview

#: The computer players of a record that names none (only a four-seat record may: a Belmont
#: one lists its six or eight players); more names than needed, so any table is filled.
UNNAMED_OPPONENTS: Final = ("Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo")


def setup_of_saved(saved: SavedGame, levels: list[str]) -> GameSetup:
    """The setup that goes on with a saved game: its players, rules, seed and players' seeds.

    A record that names no players is played by the player at South and computers elsewhere.
    """
    record = saved.record
    if not record.players_named:
        level = default_level(levels) or "normal"
        others = UNNAMED_OPPONENTS[: record.seats - 1]
        seats = [SeatSetup("You"), *(SeatSetup(name, level) for name in others)]
        return GameSetup(record.rules, tuple(seats), record.seed)
    seats = []
    for seat, player in enumerate(record.players):
        if player.kind == "human":
            seats.append(SeatSetup(player.name))
        else:  # a computer of another build, or an external program: our nearest level
            level = usable_level(player.level or "normal", levels)
            seats.append(SeatSetup(player.name, level, saved.seeds[seat]))
    return GameSetup(record.rules, tuple(seats), record.seed)


def players_of(setup: GameSetup) -> tuple[PlayerInfo, ...]:
    """The record's players for a setup."""
    return tuple(
        PlayerInfo(s.name) if s.level is None else PlayerInfo(s.name, "ai", s.level)
        for s in setup.seats
    )


def worth_resuming(opened: OpenedGame) -> bool:
    """Worth going on with: not over, or over but not yet in the statistics."""
    return not opened.match.is_over or not opened.saved.counted


class GameSession(QObject):
    """The game in play and its files; ``controller`` plays it, the window shows it."""

    #: A problem with a file, to tell the player in one sentence.
    problem_met = Signal(object)
    #: The autosave failed again (the first failure is a ``problem_met``).
    autosave_failed = Signal()
    #: A hand was played to its end in this run (not a resumed game's last hand shown again).
    hand_completed = Signal(int)
    #: The autosave was written (the window keeps its own place with it, for after a crash).
    autosaved = Signal()
    #: The hint asked for is ready: the cards and the reason code (still the human's turn).
    hint_ready = Signal(object, object)

    def __init__(
        self,
        profile: Profile,
        preferences: Preferences,
        pace: Pace | None = None,
        player_factory: PlayerFactory | None = None,
        *,
        gated: bool = True,
        parent: QObject | None = None,
    ) -> None:
        """``gated``: the game waits for a table to show each move (off with no screen)."""
        super().__init__(parent)
        self.profile = profile
        self.preferences = preferences
        self.controller = GameController(pace, player_factory, gated=gated, parent=self)
        #: The demo: four computers, neither autosaved nor counted.
        self.demo = False
        #: The setup Play again starts (a resumed game's, with new seeds).
        self.setup: GameSetup | None = None
        #: The saved game the game in play came from or was saved to (Save writes there).
        self.current_path: Path | None = None
        #: Every move of the game as it was when saved to (or opened from) that file.
        self._saved_moves: tuple[object, ...] | None = None
        self._fixed_pace = pace is not None
        self._levels: list[str] | None = None
        self._counted = False
        self._autosave_warned = False
        self._rescored: int | None = None
        #: Each seat's half-chosen pass (the screen tells it; a resumed game brings it back).
        self._selection: list[tuple[int, ...]] = []
        #: Per seat, the undos and hints used in this game; the last position a hint was for.
        self._aids: list[list[int]] = []
        self._hinted: tuple[int, Phase, int, int] | None = None
        #: Writes the autosave (a long game's in a thread: it held the window's each trick).
        self._autosaver = Autosaver(profile, self)
        self._autosaver.written.connect(self._on_autosaver_written)
        #: Undo and Redo (one human only).
        self.undo_redo = UndoRedo(self.controller, self)
        #: Offers and plays "Finish the hand" (from the human's view only).
        self.claims = ClaimWatcher(self.controller, self)
        #: The coach: reviews of finished hands, worked out in a worker thread.
        self.reviewer = Reviewer(parent=self)
        self.reviewer.reviewed.connect(self._on_reviewer_reviewed)
        #: The hint: the coach's search before the move, in the coach's worker process.
        self.hinter = Hinter(self)
        self.hinter.hinted.connect(self._on_hinter_hinted)
        self._coach_count = CoachCount()
        c = self.controller
        c.hand_dealt.connect(self._on_controller_hand_dealt)
        c.seat_passed.connect(self._on_controller_seat_passed)
        c.event_told.connect(self._on_controller_event_told)
        c.trick_taken.connect(self._on_controller_progress)
        c.hand_scored.connect(self._on_controller_hand_scored)
        c.game_over.connect(self._on_controller_game_over)
        c.human_to_pass.connect(self._on_controller_human_turn)
        c.human_to_move.connect(self._on_controller_human_turn)
        for moved in (c.card_played, c.seat_passed, c.moves_taken_back, c.hand_dealt):
            moved.connect(self._on_controller_moved)

    # ---------------------------------------------------------------- queries

    @property
    def levels(self) -> list[str]:
        """The computer levels this build has (found when first needed)."""
        if self._levels is None:
            from ..ai import available_levels

            self._levels = available_levels()
        return self._levels

    @property
    def keeps_files(self) -> bool:
        """The demo's computer games are neither autosaved nor counted."""
        return not self.demo

    def in_progress(self) -> bool:
        """Whether giving the game up would lose anything: it is not over, and a card has
        been played, a human has passed, or a hand was finished (a fresh deal loses nothing)."""
        match = self.controller.match
        if match is None or match.is_over or not match.hands:
            return False
        if self._saved_moves is not None and self._saved_moves == self._moves():
            return False  # the file holds it as it stands
        hand = match.hands[-1]
        humans = self.controller.humans()
        passed = any(hand.passes[seat] is not None for seat in humans)
        return len(match.hands) > 1 or bool(hand.plays) or passed

    def _moves(self) -> tuple[object, ...]:
        """Every pass and card of the game in play (undo can change them, not just add)."""
        match = self.controller.match
        if match is None:
            return ()
        return tuple((tuple(hand.passes), tuple(hand.plays)) for hand in match.hands)

    def hand_is_secret(self) -> bool:
        """Whether a file of the whole game would show one human's cards to another now:
        several humans at this computer, and a hand dealt and not yet played out."""
        c = self.controller
        hand, match = c.hand, c.match
        if match is None or hand is None or match.is_over or not c.hot_seat():
            return False
        return hand.phase is not Phase.SCORED

    def can_undo(self) -> bool:
        """Whether the human's last pass or card can be taken back (one human only)."""
        return self.undo_redo.can_undo()

    # ------------------------------------------------------------- starting

    def start(self, setup: GameSetup) -> None:
        """Start a new game of ``setup``."""
        self._fresh(setup)
        self.setup = setup
        self.controller.start(setup)

    def play_remote(self, setup: GameSetup, make_loop: RemoteLoopMaker) -> RemoteLoop:
        """Play at a table hosted elsewhere (joined, or hosted on the network thread): the
        humans of ``setup`` are this window's; Play again is the host's to offer."""
        self.demo = False
        self._fresh(setup)
        self.setup = None
        return self.controller.play_remote(setup, make_loop)

    def _fresh(self, setup: GameSetup) -> None:
        """Nothing of the game before is kept: no file, no count, no aids, no review."""
        self.current_path = None
        self._saved_moves = None
        self._counted = False
        self._rescored = None
        self._selection = list(no_selection(len(setup.seats)))
        self._aids = [[0, 0] for _ in setup.seats]
        self._hinted = None
        self.hinter.forget()
        self.reviewer.forget()
        self._coach_count.forget()

    def play_again(self) -> None:
        """A new game with the same players and rules, and a new deal."""
        if self.setup is not None:
            self.start(replace(self.setup, seed=None, deal=None, dealer=None))

    def resume(self, opened: OpenedGame, path: Path | None = None, *, counted: bool) -> None:
        """Go on with ``opened`` exactly where it stood (a game opened is never the demo's)."""
        self.demo = False
        match, saved = opened.match, opened.saved
        setup = setup_of_saved(saved, self.levels)
        # Play again deals a new game: its computer players take seeds from the new deal.
        seats = tuple(replace(s, seed=None) for s in setup.seats)
        self.setup = replace(setup, seats=seats, seed=None)
        self.current_path = path
        self._counted = counted
        # A hand scored already is shown scored again, not counted as played in this run.
        scored = match.current is not None and match.current.result is not None
        self._rescored = len(match.hands) - 1 if scored else None
        self._selection = list(saved.selected)
        self._aids = [list(pair) for pair in saved.aids]
        self._hinted = None
        self.hinter.forget()
        self.reviewer.forget()
        self._coach_count.forget()
        self.reviewer.keep_json(match, saved.reviews)
        self._autosaver.adopt(match, saved.hand_lines)  # the file's: not written again
        self.controller.resume(setup, match)
        self._saved_moves = self._moves() if path is not None else None
        self.autosave()

    def set_ai_pause(self, ms: int) -> None:
        """How long computer players seem to think (unless the session was given a pace)."""
        if not self._fixed_pace:
            self.controller.pace = replace(self.controller.pace, ai_pause_ms=ms)

    # -------------------------------------------------------------- intents

    def submit_pass(self, seat: int, cards: Sequence[int]) -> bool:
        """A human's cards to pass (refusals come as the controller's move_refused)."""
        return self.controller.submit_pass(seat, cards)

    def submit_play(self, seat: int, card: int) -> bool:
        """A human's card (refusals come as the controller's move_refused)."""
        return self.controller.submit_play(seat, card)

    def next_hand(self) -> None:
        """Deal the next hand."""
        self.controller.next_hand()

    def note_selection(self, seat: int, cards: Sequence[int]) -> None:
        """The cards ``seat`` has chosen to pass so far (kept with the game, for a resume)."""
        self._selection[seat] = tuple(cards)

    def pass_choice(self, seat: int) -> list[int]:
        """The cards ``seat`` had chosen to pass before (a resumed game's), to raise again."""
        return list(self._selection[seat])

    def show_cards(self) -> bool:
        """The human handed the computer (hot-seat) asks to see their cards."""
        return self.controller.uncover()

    def undo(self) -> bool:
        """Take back the human's last pass or card and the moves after it (counted); autosave."""
        seat = self.controller.viewer
        if not self.undo_redo.undo():
            return False
        self._aids[seat][0] += 1
        self._selection = [() for _ in self._selection]
        self.autosave()
        return True

    def redo(self) -> bool:
        """Make the last move taken back again (the game then goes on, and is autosaved)."""
        return self.undo_redo.redo()

    def aids_used(self, seat: int) -> tuple[int, int]:
        """The undos and hints ``seat`` has used in this game."""
        undos, hints = self._aids[seat]
        return undos, hints

    def hint(self, *, shown: bool = True) -> bool:
        """Ask the coach's hint for the human to act now: ``hint_ready`` brings it once the
        search is done (False: nobody is to act). ``shown`` False: worked out ahead, kept
        for when it is asked, and not counted."""
        from ..ai.review import DEFAULT_BUDGET

        c = self.controller
        position = human_decision(self.controller)
        if position is None or c.match is None:
            return False
        if shown and self._hinted != position:  # asked again in the same position: once
            self._hinted = position
            self._aids[c.viewer][1] += 1
        budget = self.reviewer.budget or DEFAULT_BUDGET  # the review's: it will agree
        self.hinter.request(position, view_of(c.match, c.viewer), budget, shown=shown)
        return True

    def _on_controller_human_turn(self, seat: int, *_: object) -> None:
        """A player who has asked for a hint in this game gets each one worked out ahead,
        as their decision comes up (docs/decisions.md)."""
        if seat < len(self._aids) and self._aids[seat][1]:
            self.hint(shown=False)

    def _on_controller_moved(self, *_: object) -> None:
        self.hinter.drop_unless(human_decision(self.controller))

    def _on_hinter_hinted(self, position: object, cards: tuple[Card, ...], reason: Reason) -> None:
        if position == human_decision(self.controller):  # the player has not moved on meanwhile
            self.hint_ready.emit(cards, reason)

    def finish_hand(self) -> bool:
        """Play the rest of a decided hand out at once (False: it is not decided)."""
        return self.claims.finish()

    def last_deal(self) -> tuple[int | None, int] | None:
        """The deal number and dealer of the last hand played to its end in this game (its
        cards are all known now), to replay it; None before one is. The number is None for a
        hand not dealt from one (a game of an earlier version, a record's own deal)."""
        match = self.controller.match
        if match is None:
            return None
        for index in range(len(match.hands) - 1, -1, -1):
            if match.hands[index].phase is Phase.SCORED:
                return self._deal_number(index), match.hands[index].dealer
        return None

    def _deal_number(self, index: int) -> int | None:
        """Hand ``index``'s deal number: at a networked table, the long one of the key the
        host told once the hand was over."""
        remote, match = self.controller.remote, self.controller.match
        if remote is None:
            return match.deal_number(index) if match is not None else None
        keys = remote.extras.get("replay")
        key = keys.get(str(index)) if isinstance(keys, dict) else None
        try:
            return long_deal_number(key) if isinstance(key, str) else None
        except ValueError:
            return None

    def review_target(self) -> tuple[list[int], list[int]] | None:
        """The hands played to their end and the seats that may review them (the humans;
        every card of a finished hand is public), or None: there is nothing to review."""
        match = self.controller.match
        humans = self.controller.humans()
        if match is None or not humans or self.demo:
            return None
        finished = [i for i, hand in enumerate(match.hands) if hand.phase is Phase.SCORED]
        return (finished, humans) if finished else None

    def request_review(self, hand: int, seat: int) -> None:
        """Start (or fetch the kept) review of ``seat`` in ``hand``: ``reviewer.reviewed``."""
        match = self.controller.match
        if match is not None and 0 <= hand < len(match.hands):
            # At a networked table the other hands are not the player's to see: no
            # hindsight; a joined window knows the game only as its seat saw it.
            remote = self.controller.remote
            seen = (
                remote.mirror.record
                if remote is not None and remote.mirror.seat is not None
                else None
            )
            self.reviewer.request(match, hand, seat, hindsight=remote is None, seen=seen)

    # ---------------------------------------------------------------- files

    def snapshot(self, *, hands: bool = True) -> SavedGame | None:
        """The game in play as a saved game, or None before the first game (without
        ``hands``, its record has none: the autosave writes them from its ``HandLines``)."""
        c = self.controller
        match, setup = c.match, c.setup
        if match is None or setup is None:
            return None
        seeds = tuple(c.player_seeds())
        players = players_of(setup)
        record = (
            record_of(match, players) if hands else GameRecord(match.rules, players, match.seed)
        )
        hand = match.current
        selected: Selections = ()
        if hand is not None and hand.phase is Phase.PASSING:
            passes = enumerate(hand.passes)
            selected = tuple(self._selection[s] if p is None else () for s, p in passes)
        aids = tuple((undos, hints) for undos, hints in self._aids)
        deals = tuple((i, d.number, d.turn) for i, d in sorted(match.given_deals().items()))
        reviews = self.reviewer.kept_json()
        return SavedGame(record, seeds, selected, self._counted, aids, deals, reviews)

    def autosave(self) -> None:
        """Write the game in play to the autosave (a failure is told once, then signalled)."""
        # A game hosted elsewhere is the host's to keep (this window has one seat's view).
        keeps = self.keeps_files and self.controller.remote is None
        game = self.snapshot(hands=False) if keeps else None
        match = self.controller.match
        if game is not None and match is not None:
            self._autosaver.save(game, match)

    def _on_autosaver_written(self, problem: Problem | None) -> None:
        if problem is None:
            self.autosaved.emit()
            return
        if self._autosave_warned:
            self.autosave_failed.emit()
        else:
            self._autosave_warned = True
            self.problem_met.emit(problem)

    def load_autosave(self) -> OpenedGame | None:
        """The autosaved game, if there is one worth going on with (a damaged one is told)."""
        if not self.keeps_files:
            return None
        opened, problem = self.profile.load_autosave()
        self._tell(problem)
        return opened if opened is not None and worth_resuming(opened) else None

    def save_to(self, path: Path) -> bool:
        """Save the game in play at ``path`` (Save writes there from now on)."""
        game = self.snapshot()
        if game is None:
            return False
        problem = self.profile.save_game(path, game)
        if problem is not None:
            self._tell(problem)
            return False
        self.current_path = path
        self._saved_moves = self._moves()
        self._tell(self.preferences.remember_recent(path))
        return True

    def open_path(self, path: Path, kind: FileKind = FileKind.SAVED_GAME) -> bool:
        """Open ``path`` and go on with its game; False (and the problem told) if it cannot."""
        opened, problem = self.profile.open_game(path, kind)
        if opened is None:
            self._tell(problem)
            self._tell(self.preferences.forget_recent(path))
            return False
        # A game that ended elsewhere (or was counted already) is not counted again.
        counted = opened.saved.counted or opened.match.is_over
        saved_game = kind is FileKind.SAVED_GAME
        self.resume(opened, path if saved_game else None, counted=counted)
        if not opened.saved.record.players_named:  # who plays was guessed: say so
            self._tell(Problem(ProblemKind.NO_PLAYERS, kind, path))
        if saved_game:
            self._tell(self.preferences.remember_recent(path))
        return True

    def export_to(self, path: Path) -> bool:
        """Write the game in play as a plain game record at ``path``.

        With several humans at this computer and the game not over, the record leaves out
        the seed (every deal to come follows from it) and the hand in play (every human's
        cards): what is left, the hands played out, all of them have seen.
        """
        game = self.snapshot()
        match = self.controller.match
        if game is None or match is None:
            return False
        record = game.record
        if self.controller.hot_seat() and not match.is_over:
            played = record.hands[:-1] if self.hand_is_secret() else record.hands
            record = replace(record, seed=None, hands=played)
        problem = self.profile.export_record(path, record)
        self._tell(problem)
        return problem is None

    def statistics(self) -> Statistics:
        """The statistics so far (a damaged file is told)."""
        stats, problem = self.profile.load_statistics()
        self._tell(problem)
        return stats

    def reset_statistics(self) -> Statistics:
        """Forget every statistic."""
        self._tell(self.profile.save_statistics(Statistics()))
        return Statistics()

    def saves_folder(self) -> Path:
        """Where saved games go (made if it can be: it is only a suggestion)."""
        folder = self.profile.where.saves_dir
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        return folder

    def _tell(self, problem: Problem | None) -> None:
        if problem is not None:
            self.problem_met.emit(problem)

    # ------------------------------------------------------------------ slots

    def _on_controller_hand_dealt(self, index: int) -> None:
        self._selection = [() for _ in self._selection]
        self.autosave()

    def _on_controller_seat_passed(self, seat: int) -> None:
        self._selection[seat] = ()
        self.autosave()

    def _on_controller_event_told(self, event: object) -> None:
        """A human's decision is final once taken: its review starts now, while the hand
        is played on, so the review asked at the hand's end is ready at once or soon."""
        c = self.controller
        match, humans = c.match, c.humans()
        if match is None or not humans or self.demo or c.remote is not None:
            return
        if isinstance(event, CardsPassed):
            seats = humans
        elif isinstance(event, CardPlayed) and event.seat in humans:
            seats = [event.seat]
        else:
            return
        for seat in seats:
            self.reviewer.prepare(match, len(match.hands) - 1, seat)

    def _on_controller_progress(self, *_: object) -> None:
        self.autosave()

    def _on_controller_hand_scored(self, index: int, result: object) -> None:
        self.autosave()
        if index == self._rescored:  # a resumed game's last hand, scored in an earlier run
            self._rescored = None
            return
        self.hand_completed.emit(index)

    def _on_controller_game_over(self, ranking: object) -> None:
        match = self.controller.match
        if self.keeps_files and not self._counted and match is not None:
            stats = self.statistics()
            aids = [(undos, hints) for undos, hints in self._aids]
            names, reviews = self.controller.names(), self.reviewer.kept()
            updated = self._coach_count.counted(stats, names, match, aids, reviews)
            self._tell(self.profile.save_statistics(updated))
            self._counted = True
        self.autosave()

    def _on_reviewer_reviewed(self, review: HandReview) -> None:
        """A hand reviewed after its game was counted goes into the statistics too."""
        if not self.keeps_files or not self._coach_count.counts(review.seat):
            return
        stats = self.statistics()
        updated = self._coach_count.reviewed(stats, review.seat, self.reviewer.kept())
        if updated != stats:
            self._tell(self.profile.save_statistics(updated))
