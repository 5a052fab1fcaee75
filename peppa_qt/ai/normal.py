"""The normal level: the full heuristic player (research notes hearts-ai.md §2)."""

from __future__ import annotations

from ..engine.cards import CARDS
from ..engine.cardset import listed, minus
from ..engine.hand import HandState, Phase
from ..engine.rules import PassDirection
from ..engine.view import PlayerView
from . import register
from .base import Decision, Player
from .knowledge import knowledge_of
from .passing import choose_pass
from .policy import policy_decide, policy_play, policy_rules


class NormalPlayer(Player):
    """Passes by danger, ducks, counts cards, dumps the Q♠ wisely, shoots and stops moons."""

    level = "normal"

    def choose_pass(self, view: PlayerView) -> Decision:
        """Three cards by danger score, voids and the direction of the pass."""
        expect_pass(view)
        salt = self.rng(view).getrandbits(32)
        offset = view.rules.pass_offset(view.pass_direction)
        mask, hint = choose_pass(policy_rules(view.rules), view.hand, offset, salt)
        return Decision(tuple(listed(mask)), hint)

    def choose_play(self, view: PlayerView) -> Decision:
        """One legal card from the heuristic policy, fed with what the seat has seen."""
        expect_play(view)
        know = knowledge_of(view)
        card, hint = policy_decide(
            policy_rules(view.rules),
            view.seat,
            view.hand,
            view.legal,
            know.trick,
            know.gone,
            know.taken,
            know.voids,
            view.totals,
            know.queen_at,
            self.rng(view).getrandbits(16),
        )
        return Decision((CARDS[card],), hint)


def world_policy(world: HandState) -> int:
    """The normal level's card for the seat to move in a fully dealt hand (search playouts).

    It sees the world as that seat would, without memory of voids: cards in hand, the trick,
    the cards gone, the cards taken.
    """
    seat = world.to_move
    assert seat is not None
    hands = world.hands
    rules = world.rules
    pr = policy_rules(rules)
    if pr.copies:
        gone = rules.deck_mask
        for held in hands:
            gone = minus(gone, held)
    else:
        gone = rules.deck_mask
        for held in hands:
            gone &= ~held
    return policy_play(pr, seat, hands[seat], world.legal_mask(), world.trick, gone, world.taken)


def expect_pass(view: PlayerView) -> None:
    """Refuse a view in which the seat has no pass to choose."""
    if view.phase is not Phase.PASSING or view.pass_direction is PassDirection.HOLD:
        raise ValueError("this seat has nothing to pass now")


def expect_play(view: PlayerView) -> None:
    """Refuse a view in which the seat is not to play."""
    if view.to_move != view.seat or not view.legal:
        raise ValueError("it is not this seat's turn to play")


register("normal", NormalPlayer)
