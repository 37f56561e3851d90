"""Option sweeps (side by side, with differences and intervals) and parameter tuning toward a target.

A sweep plays the same games (same seeds) under each value of one option and compares each value with
the first: every seat's and the first mover's win rate, the draw and limit rates, every role's and
attribute's win rate, the mean game length and the game metrics, as differences with 95% intervals
(see :mod:`elementa.lab.report`).

Tuning searches options with Optuna's TPE sampler (T. Akiba et al., *Optuna: A Next-generation
Hyperparameter Optimization Framework*, KDD 2019), seeded, for settings whose report is nearest a
target. Targets (``--target``): ``role<=X`` (no role or attribute value wins above X), ``role>=X``,
``first=X+-Y`` (the first mover, the seat that made each game's first decision, wins within Y of
X; refused for games that start with a simultaneous decision), and bounds on the draw rate (games
without a sole winner) and the limit rate (games that reached the turn or round limit):
``draw<=X``, ``draw>=X``, ``draw=X+-Y``, and the same for ``limit``. The distance of a report from
its targets is the sum of how far each is missed (0: all met).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from elementa.core import ConfigError, load_game, resolve_chance
from elementa.lab.report import mean_difference, rate_difference


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """Parse ``option=v1,v2,...`` (two or more values).

    Raises:
        ConfigError: no ``=``, or fewer than two values.
    """
    name, eq, values = text.partition("=")
    items = [v.strip() for v in values.split(",") if v.strip()]
    if not eq or not name.strip() or len(items) < 2:
        raise ConfigError(f"sweep {text!r} is not option=v1,v2,... with two or more values", option="sweep")
    return name.strip(), items


def parse_vary(varies: Sequence[str], pairs: Sequence[str]) -> list[dict[str, str]]:
    """Parse ``--vary option=v1|v2|...`` and ``--vary-pairs option=a,b,c`` into the settings a run
    plays in turn (every combination when several are given).

    ``--vary-pairs`` makes one value ``"x,y"`` of every ordered pair of different names: for an
    option that lists one value per seat, such as Warriors' ``decks``, every pairing in both seats.

    Example:
        >>> parse_vary([], ["decks=a,b,c"])[:2]
        [{'decks': 'a,b'}, {'decks': 'a,c'}]

    Raises:
        ConfigError: no ``=``, or fewer than two values (or names).
    """
    axes: list[list[tuple[str, str]]] = []
    for text, sep in [(v, "|") for v in varies] + [(p, ",") for p in pairs]:
        name, eq, rest = text.partition("=")
        items = [v.strip() for v in rest.split(sep) if v.strip()]
        if not eq or not name.strip() or len(items) < 2:
            flag = "--vary option=v1|v2" if sep == "|" else "--vary-pairs option=a,b"
            raise ConfigError(f"{text!r}: use {flag} with two or more values", option="vary")
        if sep == ",":
            items = [f"{a},{b}" for a in items for b in items if a != b]
        axes.append([(name.strip(), v) for v in items])
    return [dict(combo) for combo in product(*axes)] if axes else []


def _rates(report: dict[str, Any]) -> dict[str, dict[str, float]]:
    out = {f"seat {row['label']}": row for row in report["seats"]}
    fp = report["first_player"]
    if fp["games"] and not fp["always_seat_1"]:
        out["first mover"] = fp
    out["draw rate"] = report["endings"]["draw"]
    out["limit rate"] = report["endings"]["limit"]
    for cat, entry in report["attributes"].items():
        out.update({f"{cat}: {row['value']}": row for row in entry["rates"]})
    return out


def compare(base: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """Return ``other`` minus ``base``: every win rate they share, the mean length and the game metrics.

    Returns:
        ``{"rates": [{"name", "base", "value", "diff", "low", "high"}], "means": [...]}``.
    """
    rates_a, rates_b = _rates(base), _rates(other)
    rates = [
        {
            "name": name,
            "base": rates_a[name]["rate"],
            "value": rates_b[name]["rate"],
            **rate_difference(rates_b[name], rates_a[name]),
        }
        for name in rates_a
        if name in rates_b
    ]
    pairs = [("decisions", base["lengths"]["decisions"], other["lengths"]["decisions"])]
    pairs += [(k, base["metrics"][k], other["metrics"][k]) for k in base["metrics"]]
    means = [
        {"name": name, "base": a["mean"], "value": b["mean"], **mean_difference(b, a)}
        for name, a, b in pairs
        if a["n"] and b["n"]
    ]
    return {"rates": rates, "means": means}


def attribute_rates(report: dict[str, Any]) -> list[float]:
    """Return the win rate of every value of every attribute (roles, mage types, decks...) of a report."""
    return [r["rate"] for entry in report["attributes"].values() for r in entry["rates"]]


_TARGET = re.compile(r"^\s*(role|first|draw|limit)\s*(<=|>=|=)\s*([0-9.]+)\s*(?:\+-\s*([0-9.]+))?\s*$")

TARGET_FORMS = "role<=X, role>=X, first=X+-Y, draw<=X, draw>=X, draw=X+-Y, limit<=X, limit>=X or limit=X+-Y"
"""The forms of ``--target`` (see the module docstring)."""


@dataclass(frozen=True)
class Target:
    """One tuning target (see the module docstring).

    Attributes:
        what: ``role`` (every attribute value's win rate), ``first`` (the first mover's win rate),
            ``draw`` (the share of games without a sole winner) or ``limit`` (the share of games
            that reached the turn or round limit).
        op: ``<=``, ``>=`` or ``=`` (within ``tolerance``).
        value: the bound or the aim.
        tolerance: for ``=``, how far from ``value`` still meets the target.
    """

    what: str
    op: str
    value: float
    tolerance: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Target:
        """Parse a target: ``role<=0.6``, ``role>=0.1``, ``first=0.5+-0.03``, ``draw<=0.1``,
        ``limit=0+-0.02``... (see :data:`TARGET_FORMS`).

        Raises:
            ConfigError: any other form (``role`` takes only bounds, ``first`` only ``=X+-Y``).
        """
        m = _TARGET.match(text)
        bad = not m
        if m:
            what, op = m.group(1), m.group(2)
            bad = (what == "role" and op == "=") or (what == "first" and op != "=")
            bad = bad or (op != "=" and m.group(4) is not None)
        if bad or m is None:
            raise ConfigError(
                f"target {text!r}: use {TARGET_FORMS} (for example first=0.5+-0.03)", option="target"
            )
        return cls(m.group(1), m.group(2), float(m.group(3)), float(m.group(4) or 0.0))

    def measure(self, report: dict[str, Any]) -> list[float]:
        """Return the rates of a report this target bounds: every attribute value's win rate
        (``role``; none in a game without attributes), or the one first-mover, draw or limit rate.

        Raises:
            ConfigError: a ``first`` target for games that had no first mover (simultaneous start).
        """
        if self.what == "role":
            return attribute_rates(report)
        if self.what == "first":
            if not report["first_player"]["games"]:
                raise ConfigError(SIMULTANEOUS_FIRST, option="target")
            return [float(report["first_player"]["rate"])]
        return [float(report["endings"][self.what]["rate"])]

    def miss(self, report: dict[str, Any]) -> float:
        """Return how far a report misses this target (0 when met).

        Raises:
            ConfigError: see :meth:`measure`.
        """
        rates = self.measure(report)
        if not rates:
            return 0.0
        if self.op == "<=":
            return max(0.0, max(rates) - self.value)
        if self.op == ">=":
            return max(0.0, self.value - min(rates))
        return max(0.0, max(abs(r - self.value) for r in rates) - self.tolerance)

    def __str__(self) -> str:
        tol = f"+-{self.tolerance:g}" if self.tolerance else ""
        return f"{self.what}{self.op}{self.value:g}{tol}"


SIMULTANEOUS_FIRST = (
    "target first=: this game starts with a simultaneous decision, so no seat moves first; "
    "use role, draw or limit targets"
)


def starts_simultaneously(game: str, options: dict[str, Any], seeds: Sequence[int]) -> bool:
    """Return whether the game's first decision is a simultaneous node in the games of every one of
    ``seeds`` (their opening chance outcomes drawn as a seeded game draws them), through the public
    API only; no agent is asked anything.

    Raises:
        ConfigError: a bad game or option.
    """
    loaded = load_game(game, **options)
    for seed in seeds:
        state = loaded.new_initial_state(seed)
        while state.is_chance_node():
            resolve_chance(state)
        if not state.is_simultaneous_node():
            return False
    return True


def check_targets(
    targets: Sequence[Target], game: str, options: dict[str, Any], seeds: Sequence[int]
) -> None:
    """Refuse, before any game is played, a ``first`` target for a game that starts with a
    simultaneous decision (in the games of every one of ``seeds``).

    Raises:
        ConfigError: saying why and what to use instead.
    """
    if any(t.what == "first" for t in targets) and starts_simultaneously(game, options, seeds):
        raise ConfigError(SIMULTANEOUS_FIRST, option="target")


def parse_space(game: str, specs: Sequence[str]) -> dict[str, tuple[str, Any]]:
    """Parse tuning parameters: ``option=LOW:HIGH`` (an integer range) or ``option=a,b,c`` (choices).

    Raises:
        ConfigError: bad syntax or an option the game does not have.
    """
    known = {o.name for o in load_game(game).describe_options()}
    space: dict[str, tuple[str, Any]] = {}
    for text in specs:
        name, eq, rest = text.partition("=")
        name = name.strip()
        if not eq or name not in known:
            raise ConfigError(
                f"tune {text!r}: use option=LOW:HIGH or option=a,b with one of {', '.join(sorted(known))}",
                option="tune",
            )
        if ":" in rest:
            low, _, high = rest.partition(":")
            try:
                space[name] = ("int", (int(low), int(high)))
            except ValueError as e:
                raise ConfigError(f"tune {text!r}: LOW and HIGH must be integers", option="tune") from e
        else:
            space[name] = ("choice", [v.strip() for v in rest.split(",") if v.strip()])
    return space


RECHECK = 3
"""How many of the best distinct settings tuning plays again on fresh games before recommending one."""


def _row(params: dict[str, Any], report: dict[str, Any], targets: Sequence[Target]) -> dict[str, Any]:
    rates = attribute_rates(report)
    fp = report["first_player"]
    return {
        "params": params,
        "miss": sum(t.miss(report) for t in targets),
        "first": fp["rate"] if fp["games"] else None,
        "max_role": max(rates) if rates else None,
        "draw": report["endings"]["draw"]["rate"],
        "limit": report["endings"]["limit"]["rate"],
    }


def space_size(space: dict[str, tuple[str, Any]]) -> int:
    """Return how many distinct settings a tuning space holds."""
    size = 1
    for kind, spec in space.values():
        size *= spec[1] - spec[0] + 1 if kind == "int" else len(set(spec))
    return size


def tune(
    space: dict[str, tuple[str, Any]],
    targets: Sequence[Target],
    evaluate: Callable[[dict[str, Any], int], dict[str, Any]],
    trials: int,
    seed: int = 0,
    recheck: int = RECHECK,
) -> dict[str, Any]:
    """Search the option space for the report nearest the targets with Optuna (TPE, seeded), then
    play the best settings again on fresh games and recommend the one nearest the targets there.

    Every trial plays a setting not tried before: a setting the sampler proposes again is told its
    earlier result without playing (it is not a trial), and the search stops early when the space
    has fewer settings than ``trials``. A result on the search's games is biased toward the setting
    that happened to do well on them (the winner's curse), so, as NTBEA does in the TAG framework
    (S. Lucas et al., *The N-Tuple Bandit Evolutionary Algorithm for Game Agent Optimisation*, CEC
    2018; TAG's ``evaluation.optimisation.ParameterSearch`` plays ``evalGames`` (``RunArg``) with the
    recommended setting to estimate its true value),
    the ``recheck`` settings with the smallest misses (the earlier trial first among equal misses)
    are each played again on games of another seed; the recommendation is the smallest miss on
    those games (the smaller search miss among equals).

    Args:
        space: from :func:`parse_space`.
        targets: the targets; the objective is the sum of their misses.
        evaluate: ``evaluate(params, round)`` plays games with the given options and returns their
            report; round 0 is the search's games, round 1 fresh games (another seed).
        trials: how many distinct settings to try.
        seed: the sampler's seed.
        recheck: how many of the best settings to play again (0: none; ``best`` is then the search's).

    Returns:
        ``{"targets", "trials": [{"params", "miss", "first", "max_role", "draw", "limit"}],
        "repeats" (settings proposed again, not played), "rechecked": [{..., "search_miss"}] (the
        settings played again, their results on the fresh games), "best": a row of "rechecked" (or
        of "trials" when ``recheck`` is 0)}``.
    """
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    rows: list[dict[str, Any]] = []
    seen: dict[tuple[Any, ...], float] = {}
    limit = min(trials, space_size(space))
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    repeats = 0
    while len(rows) < limit and repeats < 50 * trials:
        trial = study.ask()
        params: dict[str, Any] = {}
        for name, (kind, spec) in space.items():
            if kind == "int":
                params[name] = trial.suggest_int(name, spec[0], spec[1])
            else:
                params[name] = trial.suggest_categorical(name, spec)
        key = tuple(params.values())
        if key in seen:
            repeats += 1
            study.tell(trial, seen[key])
            continue
        rows.append(_row(params, evaluate(params, 0), targets))
        seen[key] = rows[-1]["miss"]
        study.tell(trial, rows[-1]["miss"])
    ranked = sorted(range(len(rows)), key=lambda k: (rows[k]["miss"], k))[: max(0, recheck)]
    rechecked = []
    for k in ranked:
        again = _row(rows[k]["params"], evaluate(rows[k]["params"], 1), targets)
        rechecked.append({**again, "search_miss": rows[k]["miss"]})
    if rechecked:
        best = min(rechecked, key=lambda r: (r["miss"], r["search_miss"]))
    else:
        best = min(rows, key=lambda r: r["miss"])
    return {
        "targets": [str(t) for t in targets],
        "trials": rows,
        "repeats": repeats,
        "rechecked": rechecked,
        "best": best,
    }
