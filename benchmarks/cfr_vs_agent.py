"""CFR's average policy against an Elementa agent (a search level) on a game small enough to solve.

Usage::

    PYTHONPATH=src python benchmarks/cfr_vs_agent.py elemenders --preset tiny --iterations 64 --games 40

Walks the game into ``.efg`` (:func:`elementa.adapters.openspiel.to_efg`), runs OpenSpiel's CFR on
the native game for ``--iterations``, then plays ``--games`` games in each seating of the average
policy against the agent (``--agent``, an agent spec: ``easy`` by default), stepping the adapter's
state and the ``.efg`` state together (an ``.efg`` action ``i`` is the node's ``i``-th legal action
by id, see ``to_efg``). Prints each side's mean return per seating. Measured, never asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

import pyspiel
from open_spiel.python.algorithms import cfr

import elementa
from elementa.adapters import openspiel as eos
from elementa.agents.registry import make_agent


def play(
    game: pyspiel.Game, native: pyspiel.Game, policy: Any, agent: elementa.Agent, cfr_seat: int, seed: int
) -> list[float]:
    """Play one game, the policy in ``cfr_seat`` and the agent in the other; return the returns."""
    rng = random.Random(seed)
    state, twin = game.new_initial_state(), native.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = sorted(state.chance_outcomes())
            i = rng.choices(range(len(outcomes)), [p for _, p in outcomes])[0]
            action = outcomes[i][0]
        else:
            legal = sorted(state.legal_actions())
            if state.current_player() == cfr_seat:
                probs = policy.action_probabilities(twin)
                i = rng.choices(list(probs), list(probs.values()))[0]
            else:
                i = legal.index(agent.step(state.elementa).id)
            action = legal[i]
        state.apply_action(action)
        twin.apply_action(i)
    return [float(r) for r in state.returns()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="an Elementa game, for example elemenders")
    parser.add_argument("--preset", default="tiny", help="one of the game's presets (default tiny)")
    parser.add_argument("--agent", default="easy", help="the agent spec to face (default easy)")
    parser.add_argument("--iterations", type=int, default=64, help="CFR iterations (default 64)")
    parser.add_argument("--games", type=int, default=20, help="games in each seating (default 20)")
    args = parser.parse_args(argv)

    options = elementa.load_game(args.game).presets[args.preset]
    listing = elementa.load_game(args.game, **options)
    game = eos.load(args.game, sequential=listing.info.simultaneous, **options)
    native = pyspiel.load_efg_game(eos.to_efg(game))
    solver = cfr.CFRSolver(native)
    for _ in range(args.iterations):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    print(f"# {args.game} {args.preset}: CFR ({args.iterations} iterations) against {args.agent}")
    for cfr_seat in (0, 1):
        totals = [0.0, 0.0]
        for g in range(args.games):
            agent = make_agent(args.agent, listing, 1 - cfr_seat, seed=g)
            returns = play(game, native, policy, agent, cfr_seat, seed=g)
            totals[0] += returns[cfr_seat]
            totals[1] += returns[1 - cfr_seat]
        n = args.games
        means = f"CFR {totals[0] / n:.3f}, {args.agent} {totals[1] / n:.3f}"
        print(f"CFR as seat {cfr_seat + 1}: {means} ({n} games)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
