"""Which of the expert's parts make a search player stronger?  A duplicate A/B on hard.

    python scripts/ai_parts.py parts RULES DEALS PART [PART ...] [--out DIR] [--jobs N]
    python scripts/ai_parts.py agree RULES HANDS

``parts``: for deal i the tested seat is i % 4. The baseline is four hard players; the variant
is the same deal with the tested seat's hard player given one of the expert's parts. All
other seats are the same hard player with the same seed, so the hand only changes once the
variant decides otherwise, and the difference of the tested seat's points is the part's
effect with little noise. Every player does fixed work (no time caps), so a busy machine
changes no decision. Results go to DIR/RULES-PART.jsonl (a rerun resumes them).

    inf    deals weighted by the expert's inference (expert.likelihood)
    end    the last tricks solved exactly where endgame.solvable allows
    more   the expert's 720 deals instead of hard's 160
    pass   the expert's Monte-Carlo pass instead of the normal level's
    deep   the tested seat's next card searched too in each deal (lookahead below; tried in
           session 5 and left out of the expert: +2.7 relative points a deal in Peppa)
    eps    playouts in which each play is a random legal card with chance EPSILON
    voids  playouts in which the policy remembers who has shown a void (as the normal level
           does in its own play; world_policy forgets them)
    half   a hand's value is half the others' mean points minus one's own (search.utility
           counts the others' mean in full): a rival's moon costs more, one's own gains less
    own    a hand's value is minus one's own points alone
    ismcts information-set search (SO-ISMCTS, below) instead of flat Monte Carlo, with as
           many playouts as hard's search makes (ISMCTS_PLAYOUTS per legal card)
    prior  deals drawn with each unseen card as likely at each seat as simulated passing
           puts it there (location_prior below: the pass received tells where cards lie)

``--against LEVEL`` seats LEVEL in the three other seats instead of hard (both in the
baseline and in the variants): e.g. ``lite-hard``, hard's search on 40 deals instead of 160,
a quicker but still searching opponent for a first screening of many deals.

``positions``: a finer reading of a part's effect on card play (passes are not looked at).
Deal i is played by four hard players; wherever the tested seat (i % 4) with the part would
play another card than hard, both cards are played in the true deal and the hand is finished
by four hard players, CONTINUATIONS times with other seeds (the same seeds for both cards).
The mean difference of the tested seat's points is what choosing the part's card was worth
there; a deal's figure is the sum over its changed plays. Only that one card differs between
the two lines, so the figure spreads far less than whole hands played apart do.

    python scripts/ai_parts.py positions RULES DEALS PART [--out DIR] [--jobs N]

``located``: how well location_prior tells where the cards that decide a hand
(Q♠, K♠, A♠, A♥, K♥, Q♥) lie after the exchange, in DEALS deals passed by four normal
players: the squared error (Brier score) of its chances, against plain chance (each other
seat as likely as it has unseen cards), for seat 0; lower is better.

    python scripts/ai_parts.py located RULES DEALS

``agree``: how often four hard players play the normal policy's card, by lead, follow and
discard, against what a uniform pick would give: the data behind expert.LEAD/FOLLOW/DISCARD.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from multiprocessing import get_context
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from peppa_qt.ai import register  # noqa: E402
from peppa_qt.ai.arena import play_task  # noqa: E402
from peppa_qt.ai.base import Decision, Player  # noqa: E402
from peppa_qt.ai.endgame import solvable, solve  # noqa: E402
from peppa_qt.ai.expert import ExpertPlayer, likelihood, playouts  # noqa: E402
from peppa_qt.ai.hard import HardPlayer  # noqa: E402
from peppa_qt.ai.knowledge import shown_voids as void_bits  # noqa: E402
from peppa_qt.ai.normal import NormalPlayer, world_policy  # noqa: E402
from peppa_qt.ai.passing import (  # noqa: E402
    _set_score,
    card_danger,
    choose_pass,
    moon_pass,
    rank_passes,
)
from peppa_qt.ai.policy import PolicyRules, policy_play, policy_rules  # noqa: E402
from peppa_qt.ai.sampling import Prior, known_cards, sample_hands, shown_voids  # noqa: E402
from peppa_qt.ai.search import Budget, Policy, Stakes, equivalent_cards, playout  # noqa: E402
from peppa_qt.engine.cards import CARDS, Card, cards_of, mask_of  # noqa: E402
from peppa_qt.engine.hand import HandState, Phase  # noqa: E402
from peppa_qt.engine.match import Match  # noqa: E402
from peppa_qt.engine.rules import PassDirection, RuleSet  # noqa: E402
from peppa_qt.engine.view import PlayerView, hand_view, view_of  # noqa: E402

PARTS = ("inf", "end", "more", "pass", "deep", "eps", "voids", "half", "own", "ismcts", "prior")
#: How much the others' mean points count beside one's own in the ``half`` and ``own`` parts.
OTHERS_WEIGHT = {"half": 0.5, "own": 0.0}
#: The chance of a random legal card at each play of an ``eps`` playout.
EPSILON = 0.1
SEED = 11


def lookahead(base: HandState, legal: Sequence[int], seat: int, stakes: Stakes) -> dict[int, float]:
    """Like expert.playouts, but ``seat``'s next card is searched too (two plies of its own).

    After each card of ``legal`` the other seats play by the policy until ``seat`` is to move
    again; there each of its distinct cards is played out, and the best counts. Measured
    on hard in Peppa (166 deals): worse, +2.67 [+0.05, +5.28] relative points a deal, +2.0
    own points in the deals without a moon: choosing its next card with every card seen,
    the search counts on ducking and dumping later that it cannot do when it gets there.
    """
    values = {}
    for card in legal:
        world = base.copy()
        world.play_unchecked(card)
        while world.phase is Phase.PLAYING and world.to_move != seat:
            world.play_unchecked(world_policy(world))
        if world.phase is not Phase.PLAYING:
            assert world.result is not None
            values[card] = stakes.value(world.result.points, seat)
            continue
        replies = sorted(
            set(equivalent_cards(hand_view(world, seat), cards_of(world.legal_mask())).values())
        )
        best = max(playouts(world, replies, seat, stakes).values())
        values[card] = best
    return values


#: Playouts per legal card of an ``ismcts`` decision (hard makes 160 deals x its cards).
ISMCTS_PLAYOUTS = 160
#: The exploration constant of its UCB, on values scaled by the points of a hand.
ISMCTS_C = 0.7


class _Node:
    """A node of the information-set tree: per card played from here, its statistics.

    ``stats[card]`` is [visits, value sum for the seat that played it, availability]:
    how often the card was legal when the node was visited (opponents' cards are legal
    only in some of the sampled deals: the subset-armed bandit of SO-ISMCTS).
    """

    __slots__ = ("kids", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, list[float]] = {}
        self.kids: dict[int, _Node] = {}


def ismcts(
    view: PlayerView, legal: Sequence[int], rng: random.Random, stakes: Stakes
) -> dict[int, float]:
    """Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) from ``view``'s seat.

    Each iteration samples a deal consistent with the view, walks one tree shared by all
    deals (nodes are move sequences, so the seat's own later choices cannot depend on the
    hidden cards of one deal), adds a node, plays out with the normal policy, and credits
    each move with the value of the seat that made it. The score of a card is its visits.
    """
    voids, known = shown_voids(view), known_cards(view)
    root = _Node()
    scale = float(view.rules.hand_total)
    log, sqrt = math.log, math.sqrt
    move: int
    for _ in range(ISMCTS_PLAYOUTS * len(legal)):
        world = HandState.from_view(view, sample_hands(view, rng, voids, known))
        node = root
        path: list[tuple[_Node, int, int]] = []
        while world.phase is Phase.PLAYING:
            mover = world.to_move
            assert mover is not None
            stats = node.stats
            options = cards_of(world.legal_mask())
            fresh = [move for move in options if move not in stats]
            for move in options:
                if move in stats:
                    stats[move][2] += 1
            if fresh:
                liked = world_policy(world)
                move = liked if liked in fresh else rng.choice(fresh)
                stats[move] = [0.0, 0.0, 1.0]
                node.kids[move] = _Node()
            else:
                move = max(
                    options,
                    key=lambda c: (
                        stats[c][1] / stats[c][0] + ISMCTS_C * sqrt(log(stats[c][2]) / stats[c][0])
                    ),
                )
            path.append((node, move, mover))
            world.play_unchecked(move)
            node = node.kids[move]
            if fresh:
                break
        playout(world, world_policy)
        assert world.result is not None
        values = [stakes.value(world.result.points, s) / scale for s in range(4)]
        for at, move, mover in path:
            entry = at.stats[move]
            entry[0] += 1
            entry[1] += values[mover]
    scores: dict[int, float] = {}
    for move in legal:
        visits, total, _ = root.stats.get(move, [0.0, 0.0, 0.0])
        scores[move] = visits + (total / visits if visits else -1.0) * 1e-3
    return scores


#: The ``prior`` part: where the unseen cards likely lie, judging by the pass received.
#: How another seat is thought to pass (pass_chance): a set of three cards is chosen with
#: chance growing as exp(score / PASS_TEMPER) among passing.rank_passes' candidates (scores
#: are danger points: an unguarded Q♠ is 100, the A♥ of Peppa 64), and any pass keeps at least
#: PASS_FLOOR, for the passers the danger scores do not describe.
PASS_TEMPER = 10.0
PASS_FLOOR = 0.05
#: Deals before the exchange simulated for one prior.
PRIOR_DEALS = 400
_PRIORS: dict[tuple[object, ...], Prior] = {}


def pass_chance(pr: PolicyRules, hand: int, mask: int, offset: int) -> float:
    """How likely a seat dealt ``hand`` is to pass the three cards of ``mask``.

    A soft version of passing.choose_pass: its choice is the likeliest, sets scored a
    little lower are nearly as likely, and every set keeps a floor.
    """
    moon = moon_pass(pr, hand)
    if moon:
        return 1.0 if moon == mask else PASS_FLOOR
    scored = rank_passes(pr, hand, offset)
    top = scored[0][0]
    total = sum(math.exp((score - top) / PASS_TEMPER) for score, _ in scored)
    found = next((score for score, candidate in scored if candidate == mask), None)
    if found is None:
        cards = [c for c in range(52) if hand >> c & 1]
        found = _set_score(hand, {c: card_danger(pr, hand, c, offset) for c in cards}, mask)
        total += math.exp((found - top) / PASS_TEMPER)
    return PASS_FLOOR + (1 - PASS_FLOOR) * math.exp((found - top) / PASS_TEMPER) / total


def location_prior(view: PlayerView) -> Prior | None:
    """Per seat and card, the chance that the seat holds the card since the exchange.

    The seat that passes to us chose those three cards from the hand it was dealt; it holds,
    after the exchange, the ten it kept and three it received from its own passer, who passed
    its most dangerous cards. So when the passer did not pass us the Q♠, it is the likeliest
    seat to hold it: it may well have received it, and could not pass it on. (Four normal
    players, Peppa, 3,000 deals in which the Q♠ was neither ours nor passed by us: the passer
    held it after the exchange in 48% of the deals where it passed us no spade above the
    queen, each of the other two seats in 26%: a one-off count, session 7.)

    The chances come from simulating the deal before the exchange: the cards we were not
    dealt go to the others (the passer holding the three it passed us), the two seats whose
    passes we did not see pass as the normal level would, and each simulated deal counts as
    much as the passer was likely to pass us what it did from the hand it was dealt
    (pass_chance). sampling.sample_hands then gives each card to a seat as these chances say.
    None when no cards were exchanged; the same hand gives the same prior.
    """
    direction = view.pass_direction
    if direction is PassDirection.HOLD or view.received is None or view.passed is None:
        return None
    seat, plays, received, passed = view.seat, view.plays, view.received, view.passed
    mine = view.hand | mask_of(c for i, c in enumerate(plays) if view.seat_of_play(i) == seat)
    key = (view.rules, seat, direction, mine, received, passed)
    if key in _PRIORS:
        return _PRIORS[key]
    rules, offset = view.rules, direction.offset
    pr = policy_rules(rules)
    dealt_mine = (mine & ~received) | passed
    passer = (seat - offset) % 4
    rng = random.Random(f"{seat}:{mine}:{received}:{passed}")
    pool = cards_of(rules.deck_mask & ~dealt_mine & ~received)
    size = rules.hand_size
    others = [s for s in range(4) if s != seat]
    found = [[0.0] * 52 for _ in range(4)]
    total = 0.0
    for _ in range(PRIOR_DEALS):
        rng.shuffle(pool)
        dealt = [0, 0, 0, 0]
        dealt[seat] = dealt_mine
        start = 0
        for s in others:
            take = size - 3 if s == passer else size
            dealt[s] = mask_of(pool[start : start + take])
            start += take
        dealt[passer] |= received
        passes = [0, 0, 0, 0]
        for s in others:
            if s != passer:
                passes[s] = choose_pass(pr, dealt[s], offset, rng.getrandbits(32))[0]
        passes[seat], passes[passer] = passed, received
        weight = pass_chance(pr, dealt[passer], received, offset)
        total += weight
        for s in others:
            row = found[s]
            for card in cards_of((dealt[s] & ~passes[s]) | passes[(s - offset) % 4]):
                row[card] += weight
    prior = _PRIORS[key] = tuple(tuple(v / total for v in row) for row in found)
    return prior


class WeightedStakes(Stakes):
    """Stakes in which the others' mean points count ``weight`` times (1: search.Stakes).

    Without a moon a hand's points add up to the same total, so the weight changes only
    what moons are worth: below 1, a rival's moon costs more and one's own gains less.
    """

    def __init__(self, base: Stakes, weight: float) -> None:
        super().__init__(base.rules, base.totals, hands=base.hands)
        self.weight = weight

    def value(self, points: Sequence[int], seat: int) -> float:
        assert not self.rules.teams, "the weighted parts are for games without teams"
        others = (sum(points) - points[seat]) / 3
        return super().value(points, seat) - (1 - self.weight) * others


def noisy_policy(rng: random.Random) -> Policy:
    """The playout policy, but a random legal card with chance EPSILON at every play."""

    def policy(world: HandState) -> int:
        if rng.random() < EPSILON:
            return rng.choice(cards_of(world.legal_mask()))
        return world_policy(world)

    return policy


def informed_playouts(
    base: HandState, legal: Sequence[int], seat: int, stakes: Stakes, voids: int
) -> dict[int, float]:
    """expert.playouts in which the policy knows the voids shown (``voids``: 4 bits a seat)."""
    pr = policy_rules(base.rules)
    deck = base.rules.deck_mask
    values = {}
    for card in legal:
        world = base.copy()
        shown, play = voids, card
        mover = world.to_move
        while mover is not None:
            trick = world.trick
            if trick and play // 13 != trick[0] // 13:
                shown |= 1 << (4 * mover + trick[0] // 13)
            world.play_unchecked(play)
            mover = world.to_move
            if mover is None:
                break
            hands = world.hands
            gone = deck & ~(hands[0] | hands[1] | hands[2] | hands[3])
            play = policy_play(
                pr, mover, hands[mover], world.legal_mask(), world.trick, gone, world.taken, shown
            )
        assert world.result is not None
        values[card] = stakes.value(world.result.points, seat)
    return values


def variant(parts: frozenset[str]) -> type[Player]:
    """Hard's search (the very same sampled deals) with ``parts`` of the expert added."""

    class Variant(HardPlayer):
        level = "hard"  # hard's random stream: the same deals are sampled
        budget = Budget(worlds=720 if "more" in parts else 160, seconds=1e9)

        def __init__(self, seed: int = 0) -> None:
            super().__init__(seed)
            self._expert = ExpertPlayer(seed, parallel=False)
            self._expert.seconds = 1e9

        def choose_pass(self, view: PlayerView) -> Decision:
            if "pass" in parts:
                return self._expert.choose_pass(view)
            return super().choose_pass(view)

        def search(self, view: PlayerView, legal: Sequence[int]) -> dict[int, float]:
            rng = self.rng(view)
            if "ismcts" in parts:
                return ismcts(view, legal, rng, Stakes.of(view))
            noise = random.Random(self.rng(view).getrandbits(64) ^ 0x5EED)
            sums = dict.fromkeys(legal, 0.0)
            weights = 0.0
            voids, known, stakes = shown_voids(view), known_cards(view), Stakes.of(view)
            for part, share in OTHERS_WEIGHT.items():
                if part in parts:
                    stakes = WeightedStakes(stakes, share)
            shown = void_bits(view)
            prior = location_prior(view) if "prior" in parts else None
            for _ in range(self._worlds(len(legal)).worlds):
                hands = sample_hands(view, rng, voids, known, prior)
                weight = likelihood(view, hands) if "inf" in parts else 1.0
                base = HandState.from_view(view, hands)
                if "end" in parts and solvable(base):
                    values = solve(base, stakes)
                elif "deep" in parts:
                    values = lookahead(base, legal, view.seat, stakes)
                elif "eps" in parts:
                    values = playouts(base, legal, view.seat, stakes, noisy_policy(noise))
                elif "voids" in parts:
                    values = informed_playouts(base, legal, view.seat, stakes, shown)
                else:
                    values = playouts(base, legal, view.seat, stakes)
                for card in legal:
                    sums[card] += weight * values[card]
                weights += weight
            return {card: total / weights for card, total in sums.items()}

    return Variant


register("fixed-hard", variant(frozenset()))


class LiteHard(HardPlayer):
    """Hard's search on 40 deals, no time cap: a quick searching opponent for screening."""

    level = "hard"
    budget = Budget(worlds=40, seconds=1e9)


register("lite-hard", LiteHard)
for _part in PARTS:
    register(f"hard+{_part}", variant(frozenset({_part})))


def _task(args: tuple[str, str, int, str]) -> tuple[str, int, list[int]]:
    rules_name, part, index, against = args
    rules = RuleSet.preset(rules_name, {"end": {"mode": "hands", "count": 1}})
    rotation = index % 4
    tested = "fixed-hard" if part == "base" else f"hard+{part}"
    stats = play_task(rules, [tested, against, against, against], SEED, index, rotation)
    by_seat = [0, 0, 0, 0]
    for i, s in enumerate(stats):
        by_seat[(i + rotation) % 4] = s.points[0]
    return part, index, by_seat


def _load(path: Path) -> dict[int, Any]:
    rows: dict[int, Any] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                index, points = json.loads(line)
            except (json.JSONDecodeError, ValueError):
                continue  # a line cut short by an interrupted run
            rows[index] = points
    return rows


def _ci(values: list[float]) -> str:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def _journal(out: Path, rules_name: str, part: str, against: str) -> Path:
    """Where a part's deals are kept (the default opponents' files keep their old names)."""
    versus = "" if against == "fixed-hard" else f"vs-{against}-"
    return out / f"{rules_name}-{versus}{part}.jsonl"


def report(out: Path, rules_name: str, part: str, against: str = "fixed-hard") -> str:
    """The part's effect on the tested seat: own points, and own minus the others' mean."""
    base = _load(_journal(out, rules_name, "base", against))
    tried = _load(_journal(out, rules_name, part, against))
    deals = sorted(set(base) & set(tried))
    if len(deals) < 2:
        return f"{rules_name} hard+{part}: {len(deals)} deals so far"
    own, relative = [], []
    for i in deals:
        seat, b, t = i % 4, base[i], tried[i]
        own.append(float(t[seat] - b[seat]))
        relative.append(t[seat] - (sum(t) - t[seat]) / 3 - (b[seat] - (sum(b) - b[seat]) / 3))
    changed = sum(1 for i in deals if base[i] != tried[i])
    return (
        f"{rules_name} hard+{part}: {len(deals)} deals, {changed} changed; tested seat minus "
        f"hard's: own points {_ci(own)}, own minus the others' mean {_ci(relative)}"
    )


def run_parts(
    rules_name: str, deals: int, parts: list[str], out: Path, *, jobs: int, against: str
) -> None:
    """Play what is missing (deal by deal, every part together), then print the effects."""
    out.mkdir(parents=True, exist_ok=True)
    done = {part: _load(_journal(out, rules_name, part, against)) for part in ["base", *parts]}
    todo = [
        (rules_name, part, index, against)
        for index in range(deals)
        for part in ["base", *parts]
        if index not in done[part]
    ]
    with get_context("spawn").Pool(jobs) as pool:
        for count, (part, index, points) in enumerate(pool.imap(_task, todo), 1):
            with _journal(out, rules_name, part, against).open("a", encoding="utf-8") as file:
                file.write(json.dumps([index, points]) + "\n")
            if count % (20 * (len(parts) + 1)) == 0:
                print(f"-- {count} of {len(todo)} hands played", flush=True)
                for p in parts:
                    print(report(out, rules_name, p, against), flush=True)
    for part in parts:
        print(report(out, rules_name, part, against))


def exchange(match: Match, hand: HandState, players: Sequence[Player]) -> None:
    """Every seat chooses its pass from what it sees, then the cards change hands."""
    passes = {s: players[s].decide(view_of(match, s)).cards for s in range(4)}
    for seat, cards in passes.items():
        hand.pass_cards(seat, cards)


CONTINUATIONS = 4


def _positions_task(args: tuple[str, str, int]) -> tuple[int, list[list[float]]]:
    """The changed plays of deal ``index``: [own, relative] worth of the part's card, each."""
    rules_name, part, index = args
    rules = RuleSet.preset(rules_name, {"end": {"mode": "hands", "count": 1}})
    match = Match(rules, random.Random(f"arena:{SEED}:{index}").getrandbits(53), track_undo=False)
    tested = index % 4
    base = variant(frozenset())(SEED)
    tried = variant(frozenset({part}))(SEED)
    finishers = [variant(frozenset())(SEED + 1 + k) for k in range(CONTINUATIONS)]
    hand = match.start_hand()
    if hand.phase is Phase.PASSING:
        exchange(match, hand, [base] * 4)
    changed: list[list[float]] = []
    while hand.to_move is not None:
        seat = hand.to_move
        view = view_of(match, seat)
        card = base.decide(view).cards[0]
        if seat == tested and view.legal.bit_count() > 1:
            other = tried.decide(view).cards[0]
            classes = equivalent_cards(view, cards_of(view.legal))
            if classes[other] != classes[card]:  # touching cards of one worth: the same play
                own = relative = 0.0
                for finisher in finishers:
                    ours, theirs = (_finish(hand, c, finisher, seat) for c in (other, card))
                    own += ours[0] - theirs[0]
                    relative += ours[1] - theirs[1]
                changed.append([own / CONTINUATIONS, relative / CONTINUATIONS])
        hand.play(card)
    return index, changed


def _finish(hand: HandState, card: Card, player: Player, seat: int) -> tuple[int, float]:
    """Play ``card`` in a copy of ``hand`` and finish it with ``player`` at every seat."""
    world = hand.copy()
    world.play(card)
    while world.to_move is not None:
        world.play(player.decide(hand_view(world, world.to_move)).cards[0])
    assert world.result is not None
    points = world.result.points
    return points[seat], points[seat] - (sum(points) - points[seat]) / 3


def run_positions(rules_name: str, deals: int, part: str, out: Path, jobs: int) -> None:
    """Play the deals not yet in DIR/RULES-PART-positions.jsonl, then print the effect."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{rules_name}-{part}-positions.jsonl"
    todo = [(rules_name, part, i) for i in range(deals) if i not in _load(path)]
    with get_context("spawn").Pool(jobs) as pool:
        for done, (index, changed) in enumerate(pool.imap(_positions_task, todo), 1):
            with path.open("a", encoding="utf-8") as file:
                file.write(json.dumps([index, changed]) + "\n")
            if done % 20 == 0:
                print(positions_report(path, rules_name, part), flush=True)
    print(positions_report(path, rules_name, part))


def positions_report(path: Path, rules_name: str, part: str) -> str:
    """The part's worth per deal and per changed play (+ is worse for the tested seat)."""
    rows = _load(path)
    if len(rows) < 2:
        return f"{rules_name} {part} positions: {len(rows)} deals so far"
    plays = [p for changed in rows.values() for p in changed]
    own = [sum(p[0] for p in changed) for changed in rows.values()]
    relative = [sum(p[1] for p in changed) for changed in rows.values()]
    each = _ci([p[1] for p in plays]) if len(plays) > 1 else "—"
    return (
        f"{rules_name} {part} positions: {len(rows)} deals, {len(plays)} plays changed; per deal "
        f"own {_ci(own)}, own minus the others' mean {_ci(relative)}; per changed play "
        f"(relative) {each}"
    )


#: The cards ``located`` scores at the exchange: Q♠ K♠ A♠ A♥ K♥ Q♥.
DECIDING = (49, 50, 51, 38, 37, 36)
#: Where ``located`` also looks at the deals drawn, after so many cards played (3 and 9 tricks).
LATER = (12, 36)
#: Deals drawn there, with the prior and without.
DRAWN = 50


def located(rules_name: str, deals: int) -> None:
    """The Brier score of the location prior and of plain chance, over ``deals`` deals.

    At the exchange: the prior's chances for the deciding cards. Later in the hand (played on
    by the normal policy): how often DRAWN deals put each unseen card at each seat, over all
    unseen cards, drawn with the prior and without it.
    """
    rules = RuleSet.preset(rules_name, {"end": {"mode": "hands", "count": 1}})
    errors = {"chance": [0.0, 0.0], "prior": [0.0, 0.0]}  # all deciding cards, the Q♠ alone
    count = [0, 0]
    later = {(stop, name): [0.0, 0] for stop in LATER for name in ("chance", "prior")}
    done = 0
    for i in range(deals):
        match = Match(rules, random.Random(f"located:{i}").getrandbits(53), track_undo=False)
        hand = match.start_hand()
        if hand.phase is not Phase.PASSING:
            continue
        exchange(match, hand, [NormalPlayer(SEED)] * 4)
        view = view_of(match, 0)
        prior = location_prior(view)
        assert prior is not None and view.passed is not None
        hidden = [rules.hand_size - (3 if s == view.pass_target else 0) for s in range(4)]
        unseen = sum(hidden[1:])
        done += 1
        for card in DECIDING:
            if (view.hand | view.passed) >> card & 1:
                continue
            for s in (1, 2, 3):
                held = hand.hands[s] >> card & 1
                for name, chance in (("chance", hidden[s] / unseen), ("prior", prior[s][card])):
                    errors[name][0] += (chance - held) ** 2
                    if card == DECIDING[0]:
                        errors[name][1] += (chance - held) ** 2
                count[0] += 1
                count[1] += card == DECIDING[0]
        rng = random.Random(i)
        for stop in LATER:
            while len(hand.plays) < stop:
                hand.play(CARDS[world_policy(hand)])
            assert hand.to_move is not None
            view = view_of(match, hand.to_move)
            for name, given in (("chance", None), ("prior", location_prior(view))):
                drawn = [sample_hands(view, rng, prior=given) for _ in range(DRAWN)]
                known = known_cards(view)
                hidden_mask = ~(view.hand | mask_of(view.plays) | known[view.pass_target])
                for card in cards_of(rules.deck_mask & hidden_mask):
                    for s in range(4):
                        if s != view.seat:
                            chance = sum(d[s] >> card & 1 for d in drawn) / DRAWN
                            held = hand.hands[s] >> card & 1
                            later[stop, name][0] += (chance - held) ** 2
                            later[stop, name][1] += 1
    for name, (every, queen) in errors.items():
        print(
            f"{rules_name} {done} deals, {name:6s}: Brier {every / count[0]:.4f} over the "
            f"deciding cards, {queen / count[1]:.4f} over the Q♠"
        )
    for (stop, name), (total, cells) in later.items():
        print(f"  after {stop} cards, drawn deals, {name:6s}: Brier {total / cells:.4f}")


def agree(rules_name: str, hands: int) -> None:
    """How often hard players play the normal policy's card, by kind of play."""
    rules = RuleSet.preset(rules_name, {"end": {"mode": "hands", "count": 1}})
    counts = {kind: [0, 0, 0.0] for kind in ("lead", "follow", "discard")}
    for i in range(hands):
        match = Match(rules, random.Random(f"agree:{i}").getrandbits(53), track_undo=False)
        players = [variant(frozenset())(SEED) for _ in range(4)]
        hand = match.start_hand()
        if hand.phase is Phase.PASSING:
            exchange(match, hand, players)
        while hand.to_move is not None:
            seat = hand.to_move
            card = players[seat].decide(view_of(match, seat)).cards[0]
            legal = hand.legal_mask().bit_count()
            if legal > 1:
                if not hand.trick:
                    kind = "lead"
                elif card.suit == hand.trick[0] // 13:
                    kind = "follow"
                else:
                    kind = "discard"
                counts[kind][0] += world_policy(hand) == card
                counts[kind][1] += 1
                counts[kind][2] += 1 / legal
            hand.play(card)
    for kind, (same, plays, chance) in counts.items():
        rate, uniform = same / plays, chance / plays
        beyond = (rate - uniform) / (1 - uniform)
        print(
            f"{rules_name} {kind:7s}: the normal policy's card {same} of {plays} ({rate:.2f}); "
            f"a uniform pick {uniform:.2f}; beyond it (lambda) {beyond:.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    parts = sub.add_parser("parts")
    parts.add_argument("rules")
    parts.add_argument("deals", type=int)
    parts.add_argument("part", nargs="+", choices=PARTS)
    parts.add_argument("--out", type=Path, default=Path("ai-parts"))
    parts.add_argument("--jobs", type=int, default=2)
    parts.add_argument("--against", default="fixed-hard", help="the three other seats' level")
    positions = sub.add_parser("positions")
    positions.add_argument("rules")
    positions.add_argument("deals", type=int)
    positions.add_argument("part", choices=PARTS)
    positions.add_argument("--out", type=Path, default=Path("ai-parts"))
    positions.add_argument("--jobs", type=int, default=2)
    locate = sub.add_parser("located")
    locate.add_argument("rules")
    locate.add_argument("deals", type=int)
    agreement = sub.add_parser("agree")
    agreement.add_argument("rules")
    agreement.add_argument("hands", type=int)
    args = parser.parse_args()
    if args.command == "parts":
        run_parts(args.rules, args.deals, args.part, args.out, jobs=args.jobs, against=args.against)
    elif args.command == "positions":
        run_positions(args.rules, args.deals, args.part, args.out, args.jobs)
    elif args.command == "located":
        located(args.rules, args.deals)
    else:
        agree(args.rules, args.hands)


if __name__ == "__main__":
    main()
