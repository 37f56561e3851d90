"""Fingerprints of what the simulator and the search compute for given seeds: proof that an engine
speed-up (the run loop, the agents, ISMCTS) left their results unchanged.

A script, not a test::

    python benchmarks/determinism.py --save before.json          # every game
    ... optimise ...
    python benchmarks/determinism.py --compare before.json
    python benchmarks/determinism.py --game warriors --part search --compare before.json

Two parts, each one hash per game:

* ``sim``: games ``0..n-1`` of seeded matchups (random players, and the rule-based players where
  the game has them) played as ``elementa simulate`` plays them (:func:`elementa.sim.play_one`'s
  game seed and agent seeds, through :func:`elementa.core.play_game`); each game's history and its
  :class:`~elementa.sim.GameRecord` are hashed.
* ``search``: a few seeded games with an ISMCTS agent (``--spec``, an iteration budget and no time
  cap, so the search is reproducible) in seat 1 against the rule-based player; every decision's
  chosen action and the root's statistics are hashed, for the first ``--decisions`` searched
  decisions of each game.

``--compare`` names each part and game whose hash differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from elementa.agents import IsmctsAgent, make_agent
from elementa.core import CHANCE, SIMULTANEOUS, list_games, load_game, play_game
from elementa.core.runner import resolve_chance
from elementa.sim.runner import Matchup, _loaded, derive_seed, make_agents, new_run, record_game


def sim_hash(name: str, games: int) -> str:
    """Return the hash of ``games`` simulated games per matchup of game ``name``."""
    game = load_game(name)
    digest = hashlib.sha256()
    specs = ["random"] + ([] if game.rule_based_agent(0, 0) is None else ["greedy"])
    new_run()
    for spec in specs:
        matchup = Matchup(name, game.options_dict(), (spec,) * game.num_players, seed=7)
        loaded = _loaded(name, json.dumps(matchup.options, sort_keys=True))
        for i in range(games):
            seed = derive_seed(matchup.seed, "game", i)
            state = play_game(loaded, make_agents(matchup, loaded, i), seed=seed)
            digest.update(repr((state.history(), record_game(loaded, state, i))).encode())
    return digest.hexdigest()


def search_hash(name: str, spec: str, games: int, decisions: int) -> str:
    """Return the hash of the searched decisions of seat 1 in ``games`` seeded games of ``name``."""
    game = load_game(name)
    digest = hashlib.sha256()
    other = "random" if game.rule_based_agent(0, 0) is None else "greedy"
    for g in range(games):
        agent = make_agent(spec, game, 0, 100 + g)
        assert isinstance(agent, IsmctsAgent)
        agents = [agent, *(make_agent(other, game, p, 200 + g) for p in range(1, game.num_players))]
        state = game.new_initial_state(300 + g)
        searched = 0
        while not state.is_terminal() and searched < decisions:
            p = state.current_player()
            if p == CHANCE:
                resolve_chance(state)
                continue
            for q in state.players_to_move() if p == SIMULTANEOUS else [p]:
                action = agents[q].step(state)
                if q == 0 and agent.last is not None and agent.last.iterations:
                    searched += 1
                    stats = sorted(agent.root_statistics(state).items())
                    digest.update(repr((action.id, stats, agent.table_size)).encode())
                state.apply_action(action, q)
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Compute the hashes, then save or compare them; return the exit status."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", help="a game (repeatable; default: all)")
    parser.add_argument("--part", choices=["sim", "search", "both"], default="both")
    parser.add_argument("-n", type=int, default=200, help="simulated games per matchup (default 200)")
    parser.add_argument("--spec", default="medium:iterations=60:seconds=none", help="the searching agent")
    parser.add_argument("--search-games", type=int, default=2, help="games with a searching seat")
    parser.add_argument("--decisions", type=int, default=15, help="searched decisions per game")
    parser.add_argument("--save", help="write the hashes to this JSON file")
    parser.add_argument("--compare", help="compare the hashes with this JSON file")
    args = parser.parse_args(argv)
    names = args.game or [g.info.name for g in list_games()]
    hashes: dict[str, str] = {}
    for name in names:
        if args.part in ("sim", "both"):
            hashes[f"sim/{name}"] = sim_hash(name, args.n)
            print(f"sim/{name}: {hashes[f'sim/{name}'][:16]}", flush=True)
        if args.part in ("search", "both"):
            key = f"search/{name}"
            hashes[key] = search_hash(name, args.spec, args.search_games, args.decisions)
            print(f"{key}: {hashes[key][:16]}", flush=True)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(hashes, f, indent=1)
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = json.load(f)
        differ = [k for k, v in hashes.items() if k in before and before[k] != v]
        missing = [k for k in hashes if k not in before]
        for k in differ:
            print(f"DIFFERENT: {k}")
        for k in missing:
            print(f"not in {args.compare}: {k}")
        if differ:
            return 1
        print(f"same as {args.compare}: {len(hashes) - len(missing)} hashes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
