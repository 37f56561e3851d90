"""Fingerprints of seeded random playouts: proof that a speed-up left a game's behaviour unchanged.

A script, not a test::

    python benchmarks/fingerprint.py --game warriors -n 300 --save before.json
    ... optimise ...
    python benchmarks/fingerprint.py --game warriors -n 300 --compare before.json
    python benchmarks/fingerprint.py --game elementalis --option players=7 --option luminary_wild=1 -n 100

Each playout (seed ``k`` for ``k`` in ``range(n)``) draws chance outcomes by their probabilities and
decisions uniformly at random with a generator seeded ``k``. Its fingerprint hashes, step by step,
the node type, every legal action's id and label (and each chance outcome's probability), the
action taken, every seat's observation (as JSON) on one step in ``--every``, the heuristic
``evaluate()``, and at the end the history and ``returns()``. A clone taken halfway must finish
the playout the same way. ``--compare`` names the first seed whose fingerprint differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from elementa.core import CHANCE, SIMULTANEOUS, ConfigError, Game, State, load_game


def playout(state: State, rng: random.Random, every: int, digest: Any, clone_at: int) -> State | None:
    """Play ``state`` to the end at random, feeding ``digest``; return the clone taken at ``clone_at``."""
    n = state.num_players()
    step = 0
    halfway: State | None = None
    while not state.is_terminal():
        if step == clone_at:
            halfway = state.clone()
        p = state.current_player()
        if step % every == 0:
            obs = [state.observation(q) for q in [*range(n), None]]
            digest.update(json.dumps(obs, sort_keys=True, default=str).encode())
        est = state.evaluate()
        digest.update(repr(est).encode())
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            digest.update(repr([(a.id, a.label, pr) for a, pr in outcomes]).encode())
            a = state.sample_chance_outcome(rng)
            digest.update(f"c{a.id}".encode())
            state.apply_unchecked(a, CHANCE)
        else:
            movers = state.players_to_move() if p == SIMULTANEOUS else [p]
            for q in movers:
                legal = state.legal_actions(q)
                digest.update(repr([(a.id, a.label) for a in legal]).encode())
                a = rng.choice(legal)
                digest.update(f"{q}:{a.id}".encode())
                state.apply_unchecked(a, q)
        step += 1
    digest.update(repr((state.history(), state.returns())).encode())
    return halfway


def fingerprint(game: Game, seed: int, every: int) -> str:
    """Return the hex fingerprint of one seeded random playout (and of its halfway clone's ending)."""
    digest = hashlib.sha256()
    # a first pass learns the length, a second takes a clone halfway and checks it ends the same
    length = len(_play_plain(game.new_initial_state(seed), random.Random(seed)))
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    halfway = playout(state, rng, every, digest, length // 2)
    if halfway is not None:
        rest = random.Random(seed)
        again = game.new_initial_state(seed)
        _play_plain(again, rest, stop=len(halfway.history()))
        _play_plain(halfway, rest)
        if halfway.history() != state.history() or halfway.returns() != state.returns():
            return "clone-diverged:" + digest.hexdigest()
    return digest.hexdigest()


def _play_plain(state: State, rng: random.Random, stop: int | None = None) -> list[tuple[int, int]]:
    """Play on with the same draws as :func:`playout` (to ``stop`` history entries); return the history."""
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        p = state.current_player()
        if p == CHANCE:
            state.apply_unchecked(state.sample_chance_outcome(rng), CHANCE)
        else:
            for q in state.players_to_move() if p == SIMULTANEOUS else [p]:
                state.apply_unchecked(rng.choice(state.legal_actions(q)), q)
    return state.history()


def main(argv: list[str] | None = None) -> int:
    """Print, save or compare the fingerprints; return 1 if any differ from ``--compare``."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int)
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)"
    )
    parser.add_argument("-n", type=int, default=200, help="playouts (seeds 0..n-1)")
    parser.add_argument("--every", type=int, default=7, help="observe every seat on one step in this many")
    parser.add_argument("--save", help="write the fingerprints to this JSON file")
    parser.add_argument("--compare", help="compare with the fingerprints in this JSON file")
    args = parser.parse_args(argv)
    options = dict(kv.partition("=")[::2] for kv in args.option)
    if args.players:
        options["players"] = str(args.players)
    try:
        game = load_game(args.game, **options)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    prints = {str(k): fingerprint(game, k, args.every) for k in range(args.n)}
    whole = hashlib.sha256("".join(prints.values()).encode()).hexdigest()
    shown = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "default options"
    print(f"{args.game} {shown} n={args.n}: {whole}")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(prints, f)
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = json.load(f)
        bad = [k for k in prints if before.get(k) != prints[k]]
        if bad:
            print(f"DIFFERENT: {len(bad)} of {len(prints)} seeds, first {bad[0]}")
            return 1
        print("identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
