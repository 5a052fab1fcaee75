"""The easy level: plays like the normal level without counting cards, and slips now and then.

Its slips are those of a casual player: it passes its three highest cards, never thinks about
the moon, forgets who showed out of which suit, and about one card in four is a hunch (another
legal card). It never breaks a rule.
"""

from __future__ import annotations

from ..engine.cards import CARDS, cards_of
from ..engine.cardset import listed, set_of
from ..engine.view import PlayerView
from . import register
from .base import Decision, Player
from .hints import Hint
from .normal import expect_pass, expect_play
from .policy import policy_decide, policy_rules

#: Share of plays made on a hunch when there is a real choice.
SLIP_RATE = 0.28


class EasyPlayer(Player):
    """A casual player: sensible at a glance, with human-like mistakes."""

    level = "easy"

    def choose_pass(self, view: PlayerView) -> Decision:
        """The three highest cards by rank (ties in a seeded order)."""
        expect_pass(view)
        rng = self.rng(view)
        cards = listed(view.hand)
        rng.shuffle(cards)
        cards.sort(key=lambda c: c.rank, reverse=True)
        return Decision(tuple(sorted(cards[: view.rules.pass_size])), Hint.PASS_HIGHEST)

    def choose_play(self, view: PlayerView) -> Decision:
        """The normal play without memory or moon logic, or a hunch about one time in four."""
        expect_play(view)
        rng = self.rng(view)
        trick = view.trick
        card, hint = policy_decide(
            policy_rules(view.rules, moon_logic=False),
            view.seat,
            view.hand,
            view.legal,
            trick,
            set_of(view.plays),
            view.taken,
        )
        others = [c for c in cards_of(view.legal) if c != card]
        if others and rng.random() < SLIP_RATE:
            return Decision((rng.choice(others),), Hint.HUNCH)
        return Decision((CARDS[card],), hint)


register("easy", EasyPlayer)
