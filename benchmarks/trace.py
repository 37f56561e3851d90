"""Per-step traces of seeded random playouts: what a flow rewrite must leave unchanged.

A script, not a test. Where ``fingerprint.py`` hashes a whole playout, this records one short hash
per step, so a difference names the seed and the step::

    python benchmarks/trace.py --game elementalis --players 2 3 4 5 6 7 -n 200 --save before.json
    ... rewrite ...
    python benchmarks/trace.py --game elementalis --players 2 3 4 5 6 7 -n 200 --compare before.json
    python benchmarks/trace.py --game warriors --preset all -n 50 --save before.json   # every preset

``-o NAME=VALUE`` sets a game option (``-o edition=1``: Warriors' first decks, to compare with a
commit from before deck editions).

Each step hashes: the node type and seat to move, the legal action ids and labels of every seat
to move (or the chance outcomes and probabilities), every seat's and the spectator's observation
(JSON), every seat's information-state key and observation tensor, the events each viewer sees
(as JSON), ``describe_action`` of the action taken for every viewer, and at the end the history
and ``returns()``. Chance is drawn with ``sample_chance_outcome`` and decisions uniformly, from a
generator seeded with the seed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

from elementa.core import CHANCE, SIMULTANEOUS, Game, load_game
from elementa.core.registry import game_class


def trace(game: Game, seed: int, events: bool = True) -> list[str]:
    """Return one 12-hex-digit hash per step of the playout with ``seed`` (the last: its ending);
    ``events=False`` leaves the event log out, to check a change that only adds events."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    n = state.num_players()
    viewers = [*range(n), None]
    out: list[str] = []
    while not state.is_terminal():
        h = hashlib.sha256()
        p = state.current_player()
        h.update(repr(p).encode())
        obs = [state.observation(q) for q in viewers]
        h.update(json.dumps(obs, sort_keys=True, default=str).encode())
        for q in range(n):
            h.update(state.information_state_key(q))
            h.update(repr(game.encode_observation(obs[q], q)).encode())
        for q in viewers if events else ():
            h.update(json.dumps([e.to_json() for e in state.events_for(q)], sort_keys=True).encode())
        h.update(repr(state.evaluate()).encode())
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            h.update(repr([(a.id, a.label, pr) for a, pr in outcomes]).encode())
            moves = [(state.sample_chance_outcome(rng), CHANCE)]
        else:
            movers = state.players_to_move() if p == SIMULTANEOUS else [p]
            h.update(repr(movers).encode())
            moves = []
            for q in movers:
                legal = state.legal_actions(q)
                h.update(repr([(a.id, a.label) for a in legal]).encode())
                moves.append((rng.choice(legal), q))
        for a, q in moves:
            h.update(repr([state.describe_action(a, q, v) for v in viewers]).encode())
            state.apply_action(a, q)
        out.append(h.hexdigest()[:12])
    out.append(hashlib.sha256(repr((state.history(), state.returns())).encode()).hexdigest()[:12])
    return out


def main(argv: list[str] | None = None) -> int:
    """Print, save or compare traces; return 1 if any differ from ``--compare``."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, nargs="+", default=[0], help="player counts (0: the default)")
    parser.add_argument(
        "--preset",
        nargs="+",
        default=[],
        help="trace these presets (option sets) instead of player counts; 'all' for every preset",
    )
    parser.add_argument("-n", type=int, default=200, help="playouts per setup (seeds 0..n-1)")
    parser.add_argument(
        "-o", dest="options", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    parser.add_argument("--save")
    parser.add_argument("--compare")
    parser.add_argument(
        "--no-events", action="store_true", help="leave events out (for a change that only adds events)"
    )
    args = parser.parse_args(argv)
    setups: dict[str, dict[str, object]] = {str(p): ({"players": p} if p else {}) for p in args.players}
    if args.preset:
        presets = game_class(args.game).presets
        names = sorted(presets) if args.preset == ["all"] else args.preset
        setups = {name: presets[name] for name in names}
    traces: dict[str, list[str]] = {}
    extra = dict(o.split("=", 1) for o in args.options)
    for label, options in setups.items():
        game = load_game(args.game, **{**options, **extra})
        for k in range(args.n):
            traces[f"{label}/{k}"] = trace(game, k, not args.no_events)
    steps = sum(len(t) for t in traces.values())
    print(f"{args.game}: {len(traces)} playouts, {steps} steps")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(traces, f)
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = json.load(f)
        for key, t in traces.items():
            old = before.get(key)
            if old != t:
                at = next((i for i, (a, b) in enumerate(zip(old or [], t, strict=False)) if a != b), None)
                print(f"DIFFERENT: playout {key} first at step {at}")
                return 1
        print("identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
