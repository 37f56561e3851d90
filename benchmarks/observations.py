"""Exact observations of seeded random playouts: proof that a rewrite left every observation unchanged.

A script, not a test::

    python benchmarks/observations.py --game warriors -n 40 --save before.json
    ... rewrite the observation (e.g. derive it from a typed view) ...
    python benchmarks/observations.py --game warriors -n 40 --compare before.json

For each option set the conformance suite runs (the defaults, each preset, the fewest and most
players) and each seed ``k`` in ``range(n)``, a playout draws chance outcomes by their probabilities
and decisions uniformly at random with a generator seeded ``k``, and hashes, at every step and at the
end, every seat's and the spectator's observation as the bytes of ``json.dumps`` (keys in the order
the game gives them, so a reordered key counts as a change, unlike ``fingerprint.py``). ``--compare``
names the first differing option set and seed, and with ``--dump`` writes both sides' first
differing observation.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from elementa.core import CHANCE, SIMULTANEOUS, Game, load_game
from elementa.core.registry import game_class


def option_sets(name: str) -> dict[str, dict[str, Any]]:
    """Return the option sets of a game by label: defaults, presets, fewest and most players."""
    cls = game_class(name)
    found: dict[str, dict[str, Any]] = {"default": {}}
    found.update({f"preset={p}": dict(opts) for p, opts in cls.presets.items()})
    info = next((o for o in cls.describe_options() if o.name == "players"), None)
    if info is not None:
        if info.choices is not None:
            lo, hi = min(info.choices), max(info.choices)
        else:
            lo = cls.info.min_players if info.minimum is None else int(info.minimum)
            hi = cls.info.max_players if info.maximum is None else int(info.maximum)
        found.update({f"players={n}": {"players": n} for n in sorted({lo, hi}) if n != info.default})
    return found


def observations(game: Game, seed: int, max_steps: int) -> list[str]:
    """Return one seeded random playout's observations: per step, the JSON of every viewer's, joined."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    viewers = [*range(state.num_players()), None]
    shown = []
    for _ in range(max_steps):
        shown.append("\n".join(json.dumps(state.observation(v)) for v in viewers))
        if state.is_terminal():
            break
        p = state.current_player()
        if p == CHANCE:
            state.apply_unchecked(state.sample_chance_outcome(rng), CHANCE)
        else:
            for q in state.players_to_move() if p == SIMULTANEOUS else [p]:
                state.apply_unchecked(rng.choice(state.legal_actions(q)), q)
    return shown


def main(argv: list[str] | None = None) -> int:
    """Print, save or compare the digests; return 1 if any differ from ``--compare``."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", required=True)
    parser.add_argument("-n", type=int, default=20, help="playouts per option set (seeds 0..n-1)")
    parser.add_argument("--max-steps", type=int, default=5000, help="steps observed per playout at most")
    parser.add_argument("--save", help="write the digests to this JSON file")
    parser.add_argument("--compare", help="compare with the digests in this JSON file")
    parser.add_argument("--dump", help="with --compare: write the first differing step's observations here")
    args = parser.parse_args(argv)
    before: dict[str, dict[str, list[str]]] = {}
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = json.load(f)
    digests: dict[str, dict[str, list[str]]] = {}
    differ = 0
    for label, options in option_sets(args.game).items():
        game = load_game(args.game, **options)
        digests[label] = {}
        for k in range(args.n):
            shown = observations(game, k, args.max_steps)
            steps = digests[label][str(k)] = [hashlib.sha256(s.encode()).hexdigest()[:16] for s in shown]
            old = before.get(label, {}).get(str(k)) if args.compare else steps
            if old != steps:
                differ += 1
                step = next(
                    (i for i, (a, b) in enumerate(zip(steps, old or [], strict=False)) if a != b), None
                )
                print(f"DIFFERENT: {label} seed {k}, first at step {step} of {len(steps)}", flush=True)
                if args.dump and differ == 1 and step is not None:
                    with open(args.dump, "w", encoding="utf-8") as f:
                        f.write(shown[step])
        whole = hashlib.sha256(json.dumps(digests[label]).encode()).hexdigest()
        print(f"{args.game} {label} n={args.n}: {whole}", flush=True)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(digests, f)
    if args.compare:
        print("DIFFERENT" if differ else "identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
