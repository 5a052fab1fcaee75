#!/usr/bin/env python3
"""OpenSpiel's IS-MCTS as an outside player: an ``ext:`` seat of ``peppa-qt arena``.

    /work/osvenv/bin/python benchmarks/openspiel_bot.py [--simulations 1000] [--seed 0]
                                                       [--uct-c 2.0] [--rollouts 1]

It speaks our bot protocol (peppa_qt/ai/protocol.py: a record seen from one seat in, cards out)
and answers with pyspiel's C++ ``ISMCTSBot`` (a random-rollout evaluator) searching an
OpenSpiel ``hearts`` state built to agree with the seat's view. Needs ``pip install
open-spiel`` (the ``bench`` extra), which CI never installs; the translation below the
``pyspiel`` line is plain Python and is tested without it (tests/test_openspiel_bot.py).

The rules: our ``hearts`` preset with its defaults is OpenSpiel's ``hearts`` with
``qs_breaks_hearts=False`` (both: 2♣ leads, no heart or Q♠ on the first trick unless nothing
else, hearts led once broken or when nothing else, Q♠ 13, hearts 1, moon gives 26 to the
others, no J♦, no bonus for taking no trick). Left, right, across and hold are OpenSpiel's
pass directions 1, 3, 2 and 0 (seats are mapped so that its "next player" is ours, clockwise).
What stays different: OpenSpiel plays one hand, so its search does not see the game's totals
(the end at 100); and its resampling of the hidden hands ignores the suits a seat showed void
in (its own comment says so). Other rule options are refused with an error reply (the arena
then seats the normal level in its place).

A request is turned into a state as follows. A play: every seat's hand at the start of play is
its cards played so far plus, for the others, cards drawn at random from the ones the seat
cannot see, only where a seat may hold them (no card of a suit it failed to follow; only
hearts and the Q♠ for a seat that threw one of them on the first trick; only hearts for a
seat that led a heart before they were broken), with the cards this seat passed fixed in the
receiver's hand; the passes the seat did not see are three of the receiver's cards at random;
from these the deal follows, and the deal, the passes and the plays are applied. A pass: the
seat's dealt cards and the other hands at random; the seat's three cards are three steps of
the search, each applied before the next. OpenSpiel passes one player after the other, and its
resampling fails (a fatal error, the process dies) for a player whose giver has already
passed, so the asking seat is always OpenSpiel's player 0, the first to pass (the players are
numbered from it, in turn order). The
search only ever resamples from the seat's information state, so the hidden cards drawn here
do not change its choice; they only have to make a legal state. A choice is fixed by
``--seed`` and the position (the search's seed is drawn from both), as our players' are.
"""

from __future__ import annotations

import argparse
import random
import sys
import zlib
from collections.abc import Sequence
from typing import Any

from peppa_qt.ai.base import Decision, Player
from peppa_qt.engine import Phase, PlayerView
from peppa_qt.engine.cards import CARDS, HEARTS_MASK, QUEEN_OF_SPADES, SUIT_MASKS, cards_of
from peppa_qt.engine.rules import MoonMode, PassDirection, RuleSet

SEATS = 4
FULL = (1 << 52) - 1
#: Our pass directions as OpenSpiel's PassDir (kNoPass 0, kLeft 1, kAcross 2, kRight 3).
PASS_DIR = {
    PassDirection.HOLD: 0,
    PassDirection.LEFT: 1,
    PassDirection.ACROSS: 2,
    PassDirection.RIGHT: 3,
}
#: OpenSpiel's hearts parameters for our ``hearts`` preset.
GAME_PARAMETERS: dict[str, Any] = {"qs_breaks_hearts": False}


def os_player(seat: int, me: int) -> int:
    """OpenSpiel's player for our ``seat`` when ``me`` asks: its turns go p → p+1, ours in
    Hearts s → s−1, and the asking seat is its player 0, the first to pass."""
    return (me - seat) % SEATS


def our_seat(player: int, me: int) -> int:
    """Our seat for an OpenSpiel player when ``me`` asks (the inverse of ``os_player``)."""
    return (me - player) % SEATS


def os_card(card: int) -> int:
    """OpenSpiel's action for our card: it numbers rank * 4 + suit, we suit * 13 + rank."""
    return card % 13 * 4 + card // 13


def our_card(action: int) -> int:
    """Our card for an OpenSpiel card action."""
    return action % 4 * 13 + action // 4


def rules_problem(rules: RuleSet) -> str:
    """Why OpenSpiel's hearts cannot play these rules ("" when it can)."""
    same = (
        rules.name == "hearts"
        and rules.seats == SEATS
        and rules.deck_size == 52
        and rules.moon is MoonMode.GIVE
        and not rules.queen_breaks_hearts
        and rules.jack_of_diamonds == 0
        and rules.seven_of_clubs == 0
        and not rules.teams
    )
    return "" if same else "OpenSpiel's hearts plays only our hearts preset's own rules"


def allowed_cards(view: PlayerView) -> list[int]:
    """Per seat, the cards it may still hold, by what its plays showed."""
    allowed = [FULL] * SEATS
    plays = view.plays
    broken = False
    for index, card in enumerate(plays):
        seat = view.seat_of_play(index)
        start = index - index % SEATS
        if index == start:  # a lead
            if card // 13 == 2 and not broken:
                allowed[seat] &= HEARTS_MASK  # led a heart before they were broken
        elif card // 13 != plays[start] // 13:
            allowed[seat] &= ~SUIT_MASKS[plays[start] // 13]
            if start == 0 and (card // 13 == 2 or card == QUEEN_OF_SPADES):
                allowed[seat] &= HEARTS_MASK | 1 << QUEEN_OF_SPADES  # nothing clean to throw
        broken = broken or view.rules.breaks_hearts(card)
    return allowed


def played_by(view: PlayerView) -> list[int]:
    """Per seat, the cards it has played this hand."""
    played = [0] * SEATS
    for index, card in enumerate(view.plays):
        played[view.seat_of_play(index)] |= 1 << card
    return played


def deal_out(
    pool: int, needs: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[int]:
    """The cards of ``pool`` split at random into hands of ``needs[s]`` cards, each within
    ``allowed[s]`` (raises ValueError when no split exists: a view no game reaches)."""
    cards = cards_of(pool)
    for _ in range(200):
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(a >> c & 1 for a in allowed))  # the most held-in first
        left = list(needs)
        hands = [0] * len(needs)
        for card in cards:
            seats = [s for s, a in enumerate(allowed) if a >> card & 1 and left[s]]
            if not seats:
                break
            seat = rng.choices(seats, weights=[left[s] for s in seats])[0]
            hands[seat] |= 1 << card
            left[seat] -= 1
        else:
            return hands
    raise ValueError("no deal of the hidden cards agrees with the view")


def play_start_hands(view: PlayerView, rng: random.Random) -> list[int]:
    """Every seat's cards at the start of play: its own and, for the others, a draw that
    agrees with everything the seat saw."""
    me = view.seat
    played = played_by(view)
    pinned = [0] * SEATS
    if view.passed is not None:
        pinned[view.pass_target] = view.passed & ~played[view.pass_target]
    seen = view.hand | sum(played) | sum(pinned)
    needs = [0 if s == me else view.counts[s] - pinned[s].bit_count() for s in range(SEATS)]
    allowed = [0 if s == me else a & ~seen for s, a in enumerate(allowed_cards(view))]
    hidden = deal_out(FULL & ~seen, needs, allowed, rng)
    hands = [played[s] | pinned[s] | hidden[s] for s in range(SEATS)]
    hands[me] = view.hand | played[me]
    return hands


def passes_and_deal(
    view: PlayerView, start: Sequence[int], rng: random.Random
) -> tuple[list[int], list[int]]:
    """The passes (per seat) and the deal that lead to the hands ``start`` of play: the two
    passes the seat knows (its own and the one it received), three of the receiver's cards
    at random for each other one."""
    if view.pass_direction is PassDirection.HOLD:
        return [0] * SEATS, list(start)
    rules = view.rules
    passes = [0] * SEATS
    assert view.passed is not None and view.received is not None
    passes[view.seat] = view.passed
    passes[view.pass_source] = view.received
    for seat in range(SEATS):
        if seat not in (view.seat, view.pass_source):
            target = start[rules.receiver(seat, view.pass_direction)]
            for card in rng.sample(cards_of(target), rules.pass_size):
                passes[seat] |= 1 << card
    deal = [
        start[s] & ~passes[rules.giver(s, view.pass_direction)] | passes[s] for s in range(SEATS)
    ]
    return passes, deal


def deal_actions(deal: Sequence[int], me: int) -> list[int]:
    """OpenSpiel's 52 deal actions for our deal: its k-th card goes to player k mod 4."""
    hands = [cards_of(deal[our_seat(p, me)]) for p in range(SEATS)]
    return [os_card(hands[k % SEATS][k // SEATS]) for k in range(52)]


def state_actions(view: PlayerView, rng: random.Random) -> list[int]:
    """The OpenSpiel actions (pass direction, deal, passes, plays) that reach a state
    agreeing with ``view``, up to this seat's decision."""
    direction = [PASS_DIR[view.pass_direction]]
    me = view.seat
    if view.phase is Phase.PASSING:  # the seat is OpenSpiel's player 0: the first to pass
        needs = [0 if s == me else view.rules.hand_size for s in range(SEATS)]
        others = deal_out(FULL & ~view.hand, needs, [FULL] * SEATS, rng)
        deal = [view.hand if s == me else others[s] for s in range(SEATS)]
        return direction + deal_actions(deal, me)
    start = play_start_hands(view, rng)
    passes, deal = passes_and_deal(view, start, rng)
    exchange = []
    if view.pass_direction is not PassDirection.HOLD:
        exchange = [os_card(c) for p in range(SEATS) for c in cards_of(passes[our_seat(p, me)])]
    return direction + deal_actions(deal, me) + exchange + [os_card(c) for c in view.plays]


def search_seed(seed: int, view: PlayerView) -> int:
    """The search's seed: the bot's seed and the position (a choice depends on both only)."""
    where = f"{seed}:{view.seat}:{view.hand_index}:{view.phase.value}:{len(view.plays)}"
    return zlib.crc32(where.encode()) & 0x7FFFFFFF


# ----------------------------------------------------------------- with pyspiel


class OpenSpielPlayer(Player):
    """IS-MCTS of OpenSpiel choosing for one seat of our game."""

    level = "openspiel-ismcts"

    def __init__(
        self, seed: int = 0, simulations: int = 1000, uct_c: float = 2.0, rollouts: int = 1
    ) -> None:
        super().__init__(seed)
        import pyspiel

        self._pyspiel = pyspiel
        self.game = pyspiel.load_game("hearts", GAME_PARAMETERS)
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollouts = rollouts
        #: Positions where OpenSpiel's legal cards differed from ours (said on stderr).
        self.disagreements = 0

    def state_of(self, view: PlayerView) -> Any:
        """The OpenSpiel state for the view (its current player is the view's seat)."""
        problem = rules_problem(view.rules)
        if problem:
            raise ValueError(problem)
        state = self.game.new_initial_state()
        for action in state_actions(view, random.Random(search_seed(self.seed, view))):
            state.apply_action(action)
        if state.current_player() != os_player(view.seat, view.seat):
            raise ValueError("the OpenSpiel state is not at this seat's turn")
        return state

    def _bot(self, view: PlayerView) -> Any:
        pyspiel = self._pyspiel
        seed = search_seed(self.seed, view)
        evaluator = pyspiel.RandomRolloutEvaluator(self.rollouts, seed)
        return pyspiel.ISMCTSBot(
            seed,
            evaluator,
            self.uct_c,
            self.simulations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )

    def choose_pass(self, view: PlayerView) -> Decision:
        """Three cards: three steps of the search, each applied before the next."""
        state = self.state_of(view)
        bot = self._bot(view)
        cards = []
        for _ in range(view.rules.pass_size):
            action = bot.step(state)
            cards.append(CARDS[our_card(action)])
            state.apply_action(action)
        return Decision(tuple(cards), "openspiel")

    def choose_play(self, view: PlayerView) -> Decision:
        """One card: the search's, checked against our legal cards."""
        state = self.state_of(view)
        theirs = sum(1 << our_card(a) for a in state.legal_actions())
        if theirs != view.legal:
            self.disagreements += 1
            print(
                f"openspiel_bot: legal cards differ at {search_seed(self.seed, view)}",
                file=sys.stderr,
                flush=True,
            )
        card = our_card(self._bot(view).step(state))
        if not view.legal >> card & 1:
            card = cards_of(view.legal)[0]
        return Decision((CARDS[card],), "openspiel")


def main(argv: list[str] | None = None) -> int:
    """Answer the bot protocol on stdin/stdout with OpenSpiel's IS-MCTS."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--rollouts", type=int, default=1)
    args = parser.parse_args(argv)
    from peppa_qt.ai.protocol import serve

    player = OpenSpielPlayer(args.seed, args.simulations, args.uct_c, args.rollouts)
    serve(player, sys.stdin.buffer, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
