"""Every level's decision at many positions, printed as JSON: run once compiled, once pure.

``tests/test_native.py`` runs this script twice, with and without ``PEPPA_PURE=1``, and
compares the two outputs: the compiled build must choose exactly the cards the pure one does.

The positions come from hands dealt by fixed seeds and played with random legal cards: each
seat's pass, then plays at every stage of the hand, at four seats (Peppa, Hearts, Torino) and
at six and eight with two decks. The searching levels search a few deals without their time
cap (a capped search would decide by the clock, and the pure build is slower), the expert in
this process (its workers run the same build).
"""

from __future__ import annotations

import json
import random
import sys

from peppa_qt import native
from peppa_qt.ai import LEVELS, make_player
from peppa_qt.ai.base import Player
from peppa_qt.ai.expert import ExpertPlayer
from peppa_qt.ai.hard import HardPlayer
from peppa_qt.ai.search import Budget
from peppa_qt.engine import Match, Phase, PlayerView, RuleSet, cards_of, view_of
from peppa_qt.engine.cardset import listed

#: (preset, seats, hands dealt): each hand gives its passes and its plays.
TABLES = (("peppa", 4, 3), ("hearts", 4, 3), ("torino", 4, 2), ("belmont", 6, 1), ("belmont", 8, 1))
#: Every how many plays a searching level is asked (the others are asked at every play).
SEARCH_EVERY = 7
#: Deals searched per decision: enough to tell cards apart, few enough to take seconds pure.
SEARCH_WORLDS = 16


def quick(player: Player) -> Player:
    """``player`` searching ``SEARCH_WORLDS`` deals, with no time cap, in this process."""
    if isinstance(player, ExpertPlayer):
        player.worlds = SEARCH_WORLDS
        player.pass_worlds = SEARCH_WORLDS
        player.seconds = 1e9
        player.parallel = False
    elif isinstance(player, HardPlayer):
        player.budget = Budget(SEARCH_WORLDS, 1e9)
    return player


def positions(preset: str, seats: int, hands: int, seed: int) -> list[tuple[PlayerView, bool]]:
    """Pass and play positions of ``hands`` random hands; True marks a searched one."""
    rules = RuleSet.preset(preset, seats=seats)
    match = Match(rules, seed, track_undo=False)
    rng = random.Random(seed)
    found: list[tuple[PlayerView, bool]] = []
    for _ in range(hands):
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            for seat in range(rules.seats):
                found.append((view_of(match, seat), seat == 0))
            for seat in range(rules.seats):
                match.pass_cards(seat, rng.sample(listed(hand.hands[seat]), rules.pass_size))
        while hand.phase is Phase.PLAYING:
            seat = hand.to_move
            assert seat is not None
            found.append((view_of(match, seat), len(hand.plays) % SEARCH_EVERY == 1))
            match.play(rng.choice(cards_of(hand.legal_mask())))
    return found


def played(views: list[tuple[PlayerView, bool]]) -> str:
    """The cards of the last position's hand as the engine keeps them (each a ``Card``)."""
    return " ".join(str(card) for card in views[-1][0].plays)


def decisions() -> list[str]:
    """One line per decision: the table, the position, the level, its cards and reason."""
    lines = []
    for index, (preset, seats, hands) in enumerate(TABLES):
        views = positions(preset, seats, hands, seed=1000 + index)
        lines.append(f"{preset}-{seats} played: {played(views)}")
        for level in LEVELS:
            player = quick(make_player(level, seed=index))
            searching = isinstance(player, ExpertPlayer | HardPlayer)
            for number, (view, searched) in enumerate(views):
                if searching and not searched:
                    continue
                decision = player.decide(view)
                cards = " ".join(str(card) for card in decision.cards)
                lines.append(f"{preset}-{seats} #{number} {level}: {cards} ({decision.reason})")
    return lines


def main() -> None:
    """Print the build and the decisions as one JSON object."""
    json.dump({"build": native.describe(), "decisions": decisions()}, sys.stdout)


if __name__ == "__main__":
    main()
