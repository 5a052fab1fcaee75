"""``peppa-qt bench openspiel``: our engine against OpenSpiel's hearts driven from Python.

The same work on both sides, per hand: the deal, the pass (three random cards from each
seat), 52 random legal plays, the score. Ours is ``bench.random_hand`` on the hearts rules (a
numbered deal, as a game deals); OpenSpiel's is its ``hearts`` game (pyspiel: C++) driven one
action at a time from Python: the pass direction (left, as our first hand passes), 52 deal
actions, 12 pass actions and 52 plays (each a random legal action), then ``returns()``. How
its loop deals sways its figure, so it is measured two ways: *shuffled* applies a deck
shuffled once in Python, *chance* picks each card from ``chance_outcomes()``. Legal moves:
the list of legal cards at 200 mid-hand positions of each side (a random number of random
cards played; ours worked out afresh, OpenSpiel's ``legal_actions()``).

The sides are measured in turn, round after round, in one process, per second of its CPU
time (which counts OpenSpiel's C++ as well): the ratios come from one run, with the
machine's load on both alike. pyspiel is the ``bench`` extra (``pip install open-spiel``),
never a dependency of the game: without it the command says so.
"""

from __future__ import annotations

import importlib
import itertools
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from . import native
from .bench import _positions, _rate, random_hand
from .engine import RuleSet, cards_of

#: OpenSpiel's pass direction "left" (its PassDir: no pass 0, left 1, across 2, right 3).
PASS_LEFT = 1
#: Mid-hand positions cycled through by the legal-move measurement, per side.
POSITIONS = 200


def load_pyspiel() -> Any | None:
    """The pyspiel module, or None where OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def openspiel_hand(game: Any, rng: random.Random, shuffled: bool) -> list[float]:
    """One OpenSpiel hearts hand with random legal choices; its returns."""
    state = game.new_initial_state()
    state.apply_action(PASS_LEFT)
    if shuffled:
        deck = list(range(52))
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
    else:
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns: list[float] = state.returns()
    return returns


def openspiel_positions(game: Any, rng: random.Random, count: int) -> list[Any]:
    """Mid-hand OpenSpiel states: a random number of random cards already played."""
    states = []
    for _ in range(count):
        state = game.new_initial_state()
        state.apply_action(PASS_LEFT)
        deck = list(range(52))
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        for _ in range(12):  # the passes
            state.apply_action(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(52)):
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def bench_openspiel(seconds: float = 3.0, rounds: int = 3, seed: int = 1) -> list[str]:
    """Hands/s and legal moves/s of our hearts and OpenSpiel's, in turn, with the ratios."""
    pyspiel = load_pyspiel()
    if pyspiel is None:
        return ["OpenSpiel is not installed here: pip install open-spiel (the bench extra)"]
    from importlib.metadata import version

    rules = RuleSet.preset("hearts")
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    rng = random.Random(seed)
    ours_cycle = itertools.cycle(
        [m.current for m in _positions(rules, rng, POSITIONS) if m.current is not None]
    )
    theirs_cycle = itertools.cycle(openspiel_positions(game, rng, POSITIONS))
    steps: dict[str, Callable[[], object]] = {
        "hands": partial(random_hand, rules, rng),
        "os shuffled": partial(openspiel_hand, game, rng, True),
        "os chance": partial(openspiel_hand, game, rng, False),
        "legal": lambda: len(cards_of(next(ours_cycle).work_out_legal())),
        "os legal": lambda: len(next(theirs_cycle).legal_actions()),
    }
    figures: dict[str, list[float]] = {name: [] for name in steps}
    share = seconds / rounds
    for _ in range(rounds):
        for name, step in steps.items():
            figures[name].append(_rate(step, share if "legal" not in name else share / 2))
    m = {name: statistics.median(values) for name, values in figures.items()}
    return [
        f"build: {native.describe()}",
        f"openspiel: {version('open-spiel')}, hearts from Python; {rounds} rounds in turn,"
        " medians, per CPU second",
        f"{'side':22} {'hands/s':>9} {'legal/s':>10}",
        f"{'peppa hearts':22} {m['hands']:9.0f} {m['legal']:10.0f}",
        f"{'openspiel (shuffled)':22} {m['os shuffled']:9.0f} {m['os legal']:10.0f}",
        f"{'openspiel (chance)':22} {m['os chance']:9.0f} {'':>10}",
        f"peppa / openspiel: hands {m['hands'] / m['os shuffled']:.2f}x (shuffled),"
        f" {m['hands'] / m['os chance']:.2f}x (chance); legal {m['legal'] / m['os legal']:.2f}x",
    ]


def compare_openspiel(seconds: float = 3.0) -> list[str]:
    """``bench_openspiel`` of the compiled build, then of the pure one, in fresh processes."""
    lines: list[str] = []
    for pure in (False, True):
        env = {**os.environ}
        env.pop(native.PURE_VARIABLE, None)
        if pure:
            env[native.PURE_VARIABLE] = "1"
        command = [
            sys.executable,
            "-m",
            "peppa_qt",
            "bench",
            "openspiel",
            "--seconds",
            str(seconds),
        ]
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        lines += done.stdout.splitlines()
    return lines
