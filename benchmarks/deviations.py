"""Where a search level departs from a reference player, and whether the departures pay.

A script, not a test: a diagnostic for tuning the search and the games' evaluations::

    python benchmarks/deviations.py elementalis --level medium --players 2
    python benchmarks/deviations.py warriors --level hard --games 4 --rollouts 200
    python benchmarks/deviations.py warriors --level medium --reference easy --games 20

The level plays seat ``g mod N`` of game ``g`` against the game's rule-based agent in the other seats.
At each of its decisions with a choice, the reference (``--reference``: the rule-based agent by
default, or any agent spec, such as the level below) is asked too, from the same positions; where
the two differ (a *deviation*), both actions are scored by ``--rollouts`` playouts to the end of the
game with the rule-based agent in every seat, from redraws of the seat's information state (the same
redraws and chance seeds for both actions, so most of the luck cancels). The *gain* of a deviation
is the mean return of the level's action minus the reference's, for the deviating seat, rescaled to
[0, 1]. It measures one move followed by rule-based play, not the search's own plan: a guide to
which kinds of move a search misjudges (a kind whose deviations lose on average points at the
evaluation or the rollouts there), not a strength rating (use ``elementa tournament`` for that).
Because the luck of the deal and of the dice cancels, it tells two levels apart with far fewer
games than a tournament does, where their single moves differ at all.

Printed per action kind (the reference's action): the level's decisions, its deviations, their mean
gain with a 95% interval (across deviations) and the summed gain per game; then the gain per
decision over all kinds, with a 95% interval (decisions where the two agree count as 0).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from elementa.agents import make_agent
from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Agent,
    ConfigError,
    Game,
    State,
    load_game,
    sample_outcome,
)


@dataclass
class Audit:
    """Deviations of one level, by action kind: counts of decisions and the gain of each deviation."""

    games: int = 0
    decisions: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    gains: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))


def play_out(state: State, rules: list[Agent], rng: random.Random) -> list[float]:
    """Play ``state`` (changed in place) to the end with the rule-based agents; return the returns."""
    while (p := state.current_player()) != TERMINAL:
        if p == CHANCE:
            state.apply_unchecked(sample_outcome(state.chance_outcomes(), rng), CHANCE)
            continue
        movers = state.players_to_move() if p == SIMULTANEOUS else [p]
        picks = [(q, rules[q].step(state)) for q in movers]  # every pick before any is applied
        for q, a in picks:
            if p != SIMULTANEOUS or q in state.players_to_move():
                state.apply_unchecked(a, q)
    return state.returns()


def gain(state: State, seat: int, rule: Action, chosen: Action, rules: list[Agent], rollouts: int) -> float:
    """Return the mean return of ``chosen`` minus that of ``rule`` for ``seat``, rescaled to [0, 1]."""
    lo, hi = state.game.utility_range()
    total = 0.0
    for j in range(rollouts):
        world = state.resample_from_infostate(seat, random.Random(j))
        for sign, action in ((-1.0, rule), (1.0, chosen)):
            s = world.clone()
            s.apply_unchecked(action, seat)
            total += sign * (play_out(s, rules, random.Random(1_000_003 + j))[seat] - lo) / ((hi - lo) or 1.0)
    return total / rollouts


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Return the mean of ``values`` and the half-width of its normal 95% interval (infinite below
    two values; a mean of 0 for none)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return mean, math.inf
    spread = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1))
    return mean, 1.96 * spread / math.sqrt(n)


def audit(game: Game, level: str, games: int, rollouts: int, seed: int, reference: str = "greedy") -> Audit:
    """Play ``games`` games of ``level`` against the rule-based agent and score its deviations from
    the agent ``reference`` (a spec) asked at the same decisions.

    Raises:
        ConfigError: the game has no rule-based agent, or a bad level spec.
    """
    if game.rule_based_agent(0, 0) is None:
        raise ConfigError(f"{game.info.title} has no rule-based agent to compare with", option="game")
    result = Audit()
    rules = [make_agent("greedy", game, p, seed + 7 * p) for p in range(game.num_players)]
    for g in range(games):
        me = g % game.num_players
        agent = make_agent(level, game, me, seed + g)
        reference_agent = make_agent(reference, game, me, seed + g + 1)
        state = game.new_initial_state(seed + g)
        rng = random.Random(seed + g)
        while (p := state.current_player()) != TERMINAL:
            if p == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng), CHANCE)
                continue
            picks = []
            for q in state.players_to_move() if p == SIMULTANEOUS else [p]:
                if q != me:
                    picks.append((q, rules[q].step(state)))
                    continue
                chosen = agent.step(state)
                if len(state.legal_actions(q)) > 1:
                    rule = reference_agent.step(state)
                    result.decisions[rule.kind] += 1
                    if rule.id != chosen.id:
                        result.gains[rule.kind].append(gain(state, q, rule, chosen, rules, rollouts))
                picks.append((q, chosen))
            for q, a in picks:
                if p != SIMULTANEOUS or q in state.players_to_move():
                    state.apply_action(a, q)
        result.games += 1
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the audit and print its table; return the exit status."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", help="the game's registered name")
    parser.add_argument("--level", default="medium", help="the level or agent spec audited (default medium)")
    parser.add_argument(
        "--reference", default="greedy", help="the agent spec the level is compared with (default greedy)"
    )
    parser.add_argument("--players", type=int, help="number of players (default: the game's default)")
    parser.add_argument("--games", type=int, default=8, help="games played (default 8)")
    parser.add_argument("--rollouts", type=int, default=100, help="playouts per action scored (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and agents")
    args = parser.parse_args(argv)
    try:
        game = load_game(args.game, **({} if args.players is None else {"players": args.players}))
        result = audit(game, args.level, args.games, args.rollouts, args.seed, args.reference)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    moves = "the rule-based moves" if args.reference == "greedy" else f"the moves of {args.reference}"
    table = Table(
        "kind",
        "decisions",
        "deviations",
        "mean gain",
        "95% interval",
        "gain per game",
        title=f"{game.info.title}: {args.level} against {moves}, {result.games} games",
        caption=f"gain: return of the deviation minus the reference move's, {args.rollouts} rule-based "
        "playouts each, on a 0-1 scale",
    )
    for kind in sorted(result.decisions):
        gains = result.gains.get(kind, [])
        mean, half = mean_interval(gains)
        table.add_row(
            kind,
            str(result.decisions[kind]),
            str(len(gains)),
            f"{mean:+.3f}" if gains else "-",
            f"{mean - half:+.3f} .. {mean + half:+.3f}" if len(gains) > 1 else "-",
            f"{sum(gains) / result.games:+.3f}",
        )
    every = [x for gains in result.gains.values() for x in gains]
    decisions = sum(result.decisions.values())
    per_decision, half = mean_interval(every + [0.0] * (decisions - len(every)))
    console = Console(width=max(100, Console().width))
    console.print(table)
    console.print(
        f"gain per decision, all kinds: {per_decision:+.4f} (95% interval {per_decision - half:+.4f} .. "
        f"{per_decision + half:+.4f}) over {decisions} decisions, {len(every)} deviations"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
