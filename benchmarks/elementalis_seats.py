"""Why the later seats of ElementaliS win more: win shares and Mana per seat, turn by turn.

A script, not a test (issue 40: in four-player games the last seat won 0.343 against seat 1's
0.178). It plays ``-n`` seeded games (seeds ``0..n-1``, as ``elementa simulate --seed 0`` seeds
them) between four copies of one agent and prints, per seat, the win share with its 95% Wilson
interval and the mean Mana in its Pool at the start of every turn of the game and at the end::

    python benchmarks/elementalis_seats.py -n 4000
    python benchmarks/elementalis_seats.py -n 4000 -o first_seat_setup_mana=true
    python benchmarks/elementalis_seats.py -n 4000 --agent greedy

The trace shows the cause (docs/rulings/elementalis.md, ELS-B2): a mage's Pool grows on its own
turn and shrinks on everyone else's (spells and Elemental Opposition), and the game ends straight
after the last seat's sixth turn, so what the last seat banks last is never exposed, while seat 1's
last haul stands through three more turns.
"""

from __future__ import annotations

import argparse
import sys
import time

from elementa.agents import make_agent
from elementa.core import State, load_game, play_game
from elementa.sim.runner import derive_seed
from elementa.sim.stats import wilson_interval


def main(argv: list[str] | None = None) -> int:
    """Print the seat figures; return 0."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, default=1000, help="games (seeds 0..n-1)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="random", help="the agent of every seat (an agent spec)")
    parser.add_argument("-o", "--option", action="append", default=[], help="a game option, name=value")
    args = parser.parse_args(argv)
    options: dict[str, object] = {"players": args.players}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = value  # text, as on the command line: the game parses it
    game = load_game("elementalis", **options)
    n = game.num_players
    wins = [0.0] * n
    pools: dict[str, list[float]] = {}  # "round.seat" at the start of that turn, then "end"

    def watch(state: State, player: int, action: object) -> None:
        public = state.observation(None)
        turn = f"{public['round']}.{public['active'] + 1}"
        if turn not in seen:
            seen.add(turn)
            totals = pools.setdefault(turn, [0.0] * n)
            for p, mage in enumerate(public["players"]):
                totals[p] += mage["total"]

    began = time.process_time()
    for index in range(args.n):
        seed = derive_seed(0, "game", index)
        agents = [make_agent(args.agent, game, p, derive_seed(0, "agent", index, p)) for p in range(n)]
        seen: set[str] = set()
        final = play_game(game, agents, seed=seed, on_step=watch, events=False)
        public = final.observation(None)
        end = pools.setdefault("end", [0.0] * n)
        for p, share in enumerate(final.returns()):
            wins[p] += share
            end[p] += public["players"][p]["total"]
    cpu = time.process_time() - began

    print(f"ElementaliS {options}, {args.n} games of {args.agent} players ({cpu:.0f} s CPU)")
    for p in range(n):
        lo, hi = wilson_interval(wins[p], args.n)
        print(f"seat {p + 1}: wins {wins[p] / args.n:.3f} ({lo:.3f}-{hi:.3f})")
    print("mean Mana in each Pool at the start of each turn (round.active seat), then at the end:")
    print("turn   " + "".join(f"{'seat ' + str(p + 1):>8}" for p in range(n)))
    for turn, totals in pools.items():
        print(f"{turn:<7}" + "".join(f"{t / args.n:8.2f}" for t in totals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
