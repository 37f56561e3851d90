"""Where a search level departs from the rule-based player, and whether the departures pay.

A script, not a test: a diagnostic for tuning the search and the games' evaluations::

    python benchmarks/deviations.py elementalis --level medium --players 2
    python benchmarks/deviations.py warriors --level hard --games 4 --rollouts 200

The level plays seat ``g mod N`` of game ``g`` against the game's rule-based agent in the other seats.
At each of its decisions with a choice, the rule-based agent of its seat is asked too; where the two
differ (a *deviation*), both actions are scored by ``--rollouts`` playouts to the end of the game with
the rule-based agent in every seat, from redraws of the seat's information state (the same redraws
and chance seeds for both actions, so most of the luck cancels). The *gain* of a deviation is the
mean return of the level's action minus the rule-based one's, for the deviating seat, rescaled to
[0, 1]. It measures one move followed by rule-based play, not the search's own plan: a guide to
which kinds of move a search misjudges (a kind whose deviations lose on average points at the
evaluation or the rollouts there), not a strength rating (use ``elementa tournament`` for that).

Printed per action kind: the level's decisions, its deviations, their mean gain with a 95% interval
(across deviations) and the summed gain per game.
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


def audit(game: Game, level: str, games: int, rollouts: int, seed: int) -> Audit:
    """Play ``games`` games of ``level`` against the rule-based agent and score its deviations.

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
        reference = make_agent("greedy", game, me, seed + g + 1)
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
                    rule = reference.step(state)
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
    parser.add_argument("--players", type=int, help="number of players (default: the game's default)")
    parser.add_argument("--games", type=int, default=8, help="games played (default 8)")
    parser.add_argument("--rollouts", type=int, default=100, help="playouts per action scored (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and agents")
    args = parser.parse_args(argv)
    try:
        game = load_game(args.game, **({} if args.players is None else {"players": args.players}))
        result = audit(game, args.level, args.games, args.rollouts, args.seed)
    except ConfigError as exc:
        print(exc, file=sys.stderr)
        return 2
    table = Table(
        "kind",
        "decisions",
        "deviations",
        "mean gain",
        "95% interval",
        "gain per game",
        title=f"{game.info.title}: {args.level} against the rule-based moves, {result.games} games",
        caption=f"gain: return of the deviation minus the rule-based move's, {args.rollouts} rule-based "
        "playouts each, on a 0-1 scale",
    )
    for kind in sorted(result.decisions):
        gains = result.gains.get(kind, [])
        n = len(gains)
        mean = sum(gains) / n if n else 0.0
        spread = math.sqrt(sum((x - mean) ** 2 for x in gains) / (n - 1)) if n > 1 else math.inf
        half = 1.96 * spread / math.sqrt(n) if n > 1 else math.inf
        table.add_row(
            kind,
            str(result.decisions[kind]),
            str(n),
            f"{mean:+.3f}" if n else "-",
            f"{mean - half:+.3f} .. {mean + half:+.3f}" if n > 1 else "-",
            f"{sum(gains) / result.games:+.3f}",
        )
    Console(width=max(100, Console().width)).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
