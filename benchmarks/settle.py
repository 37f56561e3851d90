"""What stopping a settled search early (the levels' ``settle``) saves, and what it changes.

A script, not a test (issue 41)::

    python benchmarks/settle.py cpu --games 2                       # every game, easy vs easy
    python benchmarks/settle.py cpu --game warriors --level hard --games 1
    python benchmarks/settle.py agree --level hard --decisions 10   # choices against the full budget
    python benchmarks/settle.py duel --game elementalis --games 20  # easy against easy:settle=none

Three measurements, each on seeded games, so that every run of the same code prints the same
figures (the CPU seconds apart). All use the level's iteration budget with no time cap
(``seconds=none``): the caps are a safety net for interactive play, and a busy machine would
otherwise cut "before" searches short.

* ``cpu``: the level (``--level``) in every seat, once with ``settle=none`` (the search before issue
  41) and once with ``settle`` at its :data:`SETTLE` minimum (or ``--after``), on the same game
  seeds: CPU seconds of this process per game, iterations per searched decision and the share of
  decisions stopped early.
* ``agree``: fixed decisions of seat 1 (as ``benchmarks/ismcts.py --fixed`` takes them), each
  searched once for the whole budget; since a settled search is the first part of the full one (same
  seed, same iterations), the script notes where ``settle`` would have stopped, and whether the
  choice it would have made there differs from the full budget's. Few differences: the early stop
  leaves the level's play as it was, at the iterations it saves.
* ``duel``: ``--after`` against ``--before`` in seat-swapped pairs of two-player games on the same
  seeds: the after side's mean score (its return rescaled to [0, 1]: a win 1, a draw 1/2) with a
  95% interval.

Prints the load (``os.getloadavg``) with each table: CPU seconds are this process's, but a loaded
machine still slows it somewhat.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from rich.console import Console
from rich.table import Table

from elementa.agents import LEVELS, IsmctsAgent, make_agent
from elementa.agents.ismcts import SETTLE_EVERY, Node, _Search, final_choice, settled
from elementa.core import CHANCE, SIMULTANEOUS, ConfigError, Game, list_games, load_game
from elementa.core.runner import resolve_chance
from elementa.sim.stats import wilson_interval

sys.path.insert(0, os.path.dirname(__file__))
from ismcts import fixed_decisions  # a sibling script

SETTLE = {"easy": 10, "medium": 20, "hard": 50}
"""The settle minimum measured for each level (the levels themselves keep the early stop off: see
docs/ai.md, *Stopping a settled search early*)."""


def settling(level: str) -> str:
    """Return the spec of ``level`` with the early stop on at its :data:`SETTLE` minimum."""
    return f"{level}:settle={SETTLE[level]}"


def load() -> str:
    """Return the 1-minute load average as text."""
    return f"{os.getloadavg()[0]:.1f}"


def play(game: Game, specs: list[str], seed: int) -> tuple[list[float], float, list[IsmctsAgent]]:
    """Play one seeded game with ``specs[p]`` in seat ``p``.

    Returns:
        (each seat's return rescaled to [0, 1], CPU seconds of the searches, the searching agents
        with a ``log`` of each searched decision's ``(iterations, settled)``).
    """
    agents = [make_agent(spec, game, p, seed * 10 + p) for p, spec in enumerate(specs)]
    logs: dict[int, list[tuple[int, bool]]] = {p: [] for p in range(len(agents))}
    state = game.new_initial_state(seed)
    state.record_events(False)
    cpu = 0.0
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            resolve_chance(state)
            continue
        movers = state.players_to_move() if p == SIMULTANEOUS else [p]
        picks = []
        for q in movers:
            start = time.process_time()
            picks.append((q, agents[q].step(state)))
            cpu += time.process_time() - start
            last = getattr(agents[q], "last", None)
            if last is not None and last.iterations:
                logs[q].append((last.iterations, last.settled))
        for q, action in picks:
            if p != SIMULTANEOUS or q in state.players_to_move():
                state.apply_action(action, q)
    lo, hi = game.utility_range()
    searchers = []
    for p, agent in enumerate(agents):
        if isinstance(agent, IsmctsAgent):
            agent.log = logs[p]  # type: ignore[attr-defined]
            searchers.append(agent)
    return [(r - lo) / ((hi - lo) or 1.0) for r in state.returns()], cpu, searchers


def cpu_table(names: list[str], args: argparse.Namespace) -> Table:
    """Measure CPU seconds per game before and after; return the table."""
    level = args.level
    before, after = f"{level}:seconds=none:settle=none", f"{args.after or settling(level)}:seconds=none"
    table = Table(
        "game", "spec", "games", "CPU s/game", "it/decision", "stopped early", title=f"load {load()}"
    )
    specs = {"both": (before, after), "before": (before,), "after": (after,)}[args.only]
    for name in names:
        game = load_game(name)
        for spec in specs:
            cpu = 0.0
            decisions = iterations = early = 0
            for g in range(args.games):
                _, used, agents = play(game, [spec] * game.num_players, args.seed + g)
                cpu += used
                for agent in agents:
                    log = agent.log  # type: ignore[attr-defined]
                    decisions += len(log)
                    iterations += sum(n for n, _ in log)
                    early += sum(s for _, s in log)
            table.add_row(
                name,
                spec,
                str(args.games),
                f"{cpu / args.games:.1f}",
                f"{iterations / max(decisions, 1):.0f}",
                f"{early} of {decisions}",
            )
            Console().print(f"{name} {spec}: {cpu / args.games:.1f} CPU s/game (load {load()})")
    return table


def agree_table(names: list[str], args: argparse.Namespace) -> Table:
    """Compare settled choices with the full budget's on fixed decisions; return the table."""
    level = next(lv for lv in LEVELS if lv.name == args.level)
    table = Table(
        "game", "decisions", "mean iterations", "stopped early", "choice differs", title=f"load {load()}"
    )
    for name in names:
        game = load_game(name)
        states = fixed_decisions(game, args.decisions, args.seed)
        spec = f"{args.after or args.level}:seconds=none:settle=none"
        total = early = differs = 0
        for i, state in enumerate(states):
            agent = make_agent(spec, game, 1, seed=i)
            assert isinstance(agent, IsmctsAgent)
            minimum = SETTLE[level.name] if args.minimum is None else args.minimum
            budget = agent.iterations or 0
            legal = state.legal_actions(1)
            root = agent._table.setdefault(state.information_state_key(1), Node())
            agent._game = game
            search = _Search(agent, game, root)  # what IsmctsAgent.step runs, checked at every step
            stop: tuple[int, int] | None = None
            for done in range(1, budget + 1):
                search.iterate(state)
                if (
                    stop is None
                    and minimum is not None
                    and done < budget
                    and done >= minimum
                    and (done - minimum) % SETTLE_EVERY == 0
                    and settled(root, legal, agent.evidence, budget - done, agent.settle_margin)
                ):
                    stop = (done, final_choice(root, legal, agent.evidence).id)
            full = final_choice(root, legal, agent.evidence).id
            total += budget if stop is None else stop[0]
            early += stop is not None
            differs += stop is not None and stop[1] != full
        table.add_row(name, str(len(states)), f"{total / max(len(states), 1):.0f}", str(early), str(differs))
    return table


def duel_table(names: list[str], args: argparse.Namespace) -> Table:
    """Play the after spec against the before spec in seat-swapped games; return the table."""
    after = f"{args.after or settling(args.level)}:seconds=none"
    before = args.before or f"{args.level}:seconds=none:settle=none"
    title = f"{after} vs {before}, load {load()}"
    table = Table("game", "games", f"{after} score", "95% interval", title=title)
    for name in names:
        game = load_game(name, players=2)
        scores: list[float] = []
        for g in range(args.games):
            for seat in range(2):  # the after spec in each seat in turn, on the same deal
                specs = [after if p == seat else before for p in range(2)]
                returns, _, _ = play(game, specs, args.seed + g)
                scores.append(returns[seat])
            if args.verbose:
                print(f"{name} deal {g}: {sum(scores) / len(scores):.3f} of {len(scores)}", flush=True)
        mean = sum(scores) / len(scores)
        lo, hi = wilson_interval(min(max(mean, 0.0), 1.0) * len(scores), len(scores))
        table.add_row(name, str(len(scores)), f"{mean:.2f}", f"{lo:.2f}-{hi:.2f}")
        Console().print(f"{name}: {mean:.2f} of {len(scores)} ({lo:.2f}-{hi:.2f}, load {load()})")
    return table


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, run the measurement and print its table; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=("cpu", "agree", "duel"))
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--level", default="easy", help="the level (default easy)")
    parser.add_argument("--after", help="the spec after (default: the level with its SETTLE minimum)")
    parser.add_argument("--before", help="duel: the spec before (default: the level with settle=none)")
    parser.add_argument("--games", type=int, default=1, help="cpu: games per spec; duel: deals per game")
    parser.add_argument("--decisions", type=int, default=20, help="agree: fixed decisions per game")
    parser.add_argument("--minimum", type=int, help="agree: the settle minimum (default: SETTLE's)")
    parser.add_argument(
        "--only", choices=("both", "before", "after"), default="both", help="cpu: measure only one side"
    )
    parser.add_argument("--verbose", action="store_true", help="duel: print the score after each deal")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        names = args.game or [g.info.name for g in list_games()]
        table = {"cpu": cpu_table, "agree": agree_table, "duel": duel_table}[args.mode](names, args)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
