"""Write the four-seat decisions that tests/ai/test_four_seat_pins.py holds the players to.

The positions are drawn here once, and each level's decision in them is worked out by the
code this script runs with: the code before Belmont (commit e6f7d77; 5aa4049 chose the same
cards, with four reasons issue 25 corrected), so that a later change cannot shift four-seat
play unnoticed. To make the file again::

    mkdir /tmp/base && git archive e6f7d77 peppa_qt | tar -x -C /tmp/base
    PYTHONPATH=/tmp/base python tests/ai/pins/make_four_seat_pins.py \\
        tests/ai/pins/four_seat_decisions.json

It uses only what that commit and today's code share: card ints and masks, ``HandState``,
``hand_view``, ``make_player`` and the search levels' budgets. The search levels search with
their time cap lifted and a small number of deals, so their decision depends on the seed
and the view alone (as it does on a machine fast enough for the cap never to cut).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from peppa_qt.ai import make_player
from peppa_qt.ai.expert import ExpertPlayer
from peppa_qt.ai.hard import HardPlayer
from peppa_qt.ai.search import Budget
from peppa_qt.engine import HandState, Phase, RuleSet, cards_of, mask_of
from peppa_qt.engine.cards import CARDS
from peppa_qt.engine.view import hand_view

#: The rule sets of the pins: each preset as it comes, and with options that change play.
RULES: dict[str, list[dict[str, Any]]] = {
    "peppa": [{}, {"teams": True}, {"jack_of_diamonds": -10, "seven_of_clubs": 7}, {"deck": 36}],
    "torino": [{}, {"moon": "give", "jack_of_diamonds": 10}, {"deck": 36, "teams": True}],
    "hearts": [
        {},
        {"moon": "subtract", "queen_breaks_hearts": True},
        {"pass_cycle": ["left", "across", "right", "hold"], "end": {"mode": "points", "limit": 50}},
    ],
}
#: Positions per preset, and how many of them the expert is pinned on (it is the slowest).
PER_PRESET = 32
EXPERT_EVERY = 2
#: The search levels' budgets while pinned: deals to search, the time cap lifted.
HARD_WORLDS = 40
EXPERT_WORLDS = 24
EXPERT_PASS_WORLDS = 24
NO_CAP = 1e9
SEED = 2027


def pinned_budgets() -> None:
    """Set the search levels to the budgets of the pins (the test sets the same)."""
    HardPlayer.budget = Budget(worlds=HARD_WORLDS, seconds=NO_CAP)
    ExpertPlayer.worlds = EXPERT_WORLDS
    ExpertPlayer.pass_worlds = EXPERT_PASS_WORLDS
    ExpertPlayer.seconds = NO_CAP


def texts(mask: int) -> str:
    """A mask of cards as text."""
    return " ".join(str(c) for c in cards_of(mask))


def _position(preset: str, options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random moment of a hand under the rules: passing, or a seat about to play."""
    rules = RuleSet.preset(preset, options)
    deck = cards_of(rules.deck_mask)
    rng.shuffle(deck)
    size = rules.hand_size
    deal = [mask_of(deck[s * size : (s + 1) * size]) for s in range(4)]
    direction = rules.pass_direction(rng.randrange(8))
    dealer = rng.randrange(4)
    hand = HandState(rules, dealer, deal, direction, track_undo=False)
    totals = [rng.randrange(-10, rules.end_value + 5) for _ in range(4)]
    if rules.teams:
        totals = [totals[s % 2] for s in range(4)]
    normal = make_player("normal", 1)
    passes: list[str] | None = None
    seat = rng.randrange(4)
    if hand.phase is not Phase.PASSING or rng.random() >= 0.3:
        if hand.phase is Phase.PASSING:
            chosen = [normal.decide(hand_view(hand, s)).cards for s in range(4)]
            passes = [" ".join(str(c) for c in cards) for cards in chosen]
            for s in range(4):
                hand.pass_cards(s, chosen[s])
        for _ in range(rng.randrange(4 * size - 1)):
            mover = hand.to_move
            assert mover is not None
            if rng.random() < 0.7:
                card = normal.decide(hand_view(hand, mover, totals=tuple(totals))).cards[0]
            else:
                card = rng.choice(cards_of(hand.legal_mask()))
            hand.play(card)
        assert hand.to_move is not None
        seat = hand.to_move
        if hand.legal_mask().bit_count() < 2:
            return _position(preset, options, rng)  # no choice to pin: another moment
    return {
        "preset": preset,
        "options": options,
        "dealer": dealer,
        "direction": direction.value,
        "deal": [texts(m) for m in deal],
        "passes": passes,
        "plays": " ".join(str(CARDS[c]) for c in hand.plays),
        "seat": seat,
        "hand_index": rng.randrange(6),
        "totals": totals,
    }


def rebuilt(position: dict[str, Any]) -> Any:
    """The view of the position's seat (the test builds it the same way)."""
    from peppa_qt.engine import PassDirection, parse_cards

    rules = RuleSet.preset(position["preset"], position["options"])
    deal = [mask_of(parse_cards(t)) for t in position["deal"]]
    direction = PassDirection(position["direction"])
    hand = HandState(rules, position["dealer"], deal, direction, track_undo=False)
    if position["passes"] is not None:
        for s, given in enumerate(position["passes"]):
            hand.pass_cards(s, parse_cards(given))
    for card in parse_cards(position["plays"]):
        hand.play(card)
    totals = tuple(position["totals"])
    return hand_view(hand, position["seat"], position["hand_index"], (), totals)


def decisions(position: dict[str, Any], expert: bool) -> dict[str, Any]:
    """Each level's cards and reason in the position."""
    view = rebuilt(position)
    out = {}
    for level in ("easy", "normal", "hard", "expert"):
        if level == "expert" and not expert:
            continue
        player = ExpertPlayer(5, parallel=False) if level == "expert" else make_player(level, 5)
        decision = player.decide(view)
        out[level] = {"cards": [str(c) for c in decision.cards], "reason": decision.reason}
    return out


def main(path: str) -> None:
    """Draw the positions, work out the decisions, write the file."""
    pinned_budgets()
    rng = random.Random(SEED)
    positions = []
    for preset, option_sets in RULES.items():
        for k in range(PER_PRESET):
            position = _position(preset, option_sets[k % len(option_sets)], rng)
            position["decisions"] = decisions(position, expert=k % EXPERT_EVERY == 0)
            positions.append(position)
    document = {
        "about": "four-seat decisions of commit e6f7d77 (tests/ai/test_four_seat_pins.py)",
        "hard_worlds": HARD_WORLDS,
        "expert_worlds": EXPERT_WORLDS,
        "expert_pass_worlds": EXPERT_PASS_WORLDS,
        "positions": positions,
    }
    with open(path, "w", encoding="utf-8") as out:
        json.dump(document, out, indent=1, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
