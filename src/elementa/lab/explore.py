"""Option sweeps (side by side, with differences and intervals) and parameter tuning toward a target.

A sweep plays the same games (same seeds) under each value of one option and compares each value with
the first: seat 1's win rate, every role's and attribute's win rate, the mean game length and the
game metrics, as differences with 95% intervals (see :mod:`elementa.lab.report`).

Tuning searches options with Optuna's TPE sampler (T. Akiba et al., *Optuna: A Next-generation
Hyperparameter Optimization Framework*, KDD 2019), seeded, for settings whose report is nearest a
target. Targets (``--target``): ``role<=X`` (no role or attribute value wins above X), ``role>=X``,
and ``first=X+-Y`` (seat 1 wins within Y of X). The distance of a report from its targets is the sum
of how far each is missed (0: all met).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from elementa.core import ConfigError, load_game
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


_TARGET = re.compile(r"^\s*(role|first)\s*(<=|>=|=)\s*([0-9.]+)\s*(?:\+-\s*([0-9.]+))?\s*$")


@dataclass(frozen=True)
class Target:
    """One tuning target (see the module docstring)."""

    what: str
    op: str
    value: float
    tolerance: float = 0.0

    @classmethod
    def parse(cls, text: str) -> Target:
        """Parse ``role<=0.6``, ``role>=0.1`` or ``first=0.5+-0.03``.

        Raises:
            ConfigError: any other form.
        """
        m = _TARGET.match(text)
        if not m or (m.group(1) == "first") != (m.group(2) == "="):
            raise ConfigError(
                f"target {text!r}: use role<=X, role>=X or first=X+-Y (for example first=0.5+-0.03)",
                option="target",
            )
        return cls(m.group(1), m.group(2), float(m.group(3)), float(m.group(4) or 0.0))

    def miss(self, report: dict[str, Any]) -> float:
        """Return how far a report misses this target (0 when met)."""
        if self.what == "first":
            first = float(report["first_player"]["rate"])
            return max(0.0, abs(first - self.value) - self.tolerance)
        rates = attribute_rates(report)
        if not rates:
            return 0.0
        if self.op == "<=":
            return max(0.0, max(rates) - self.value)
        return max(0.0, self.value - min(rates))

    def __str__(self) -> str:
        tol = f"+-{self.tolerance:g}" if self.tolerance else ""
        return f"{self.what}{self.op}{self.value:g}{tol}"


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


def tune(
    space: dict[str, tuple[str, Any]],
    targets: Sequence[Target],
    evaluate: Callable[[dict[str, Any]], dict[str, Any]],
    trials: int,
    seed: int = 0,
) -> dict[str, Any]:
    """Search the option space for the report nearest the targets with Optuna (TPE, seeded).

    Args:
        space: from :func:`parse_space`.
        targets: the targets; the objective is the sum of their misses.
        evaluate: plays games with the given options and returns their report.
        trials: how many settings to try.
        seed: the sampler's seed.

    Returns:
        ``{"targets", "trials": [{"params", "miss", "first", "max_role"}], "best": {...}}``.
    """
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    rows: list[dict[str, Any]] = []

    def objective(trial: Any) -> float:
        params: dict[str, Any] = {}
        for name, (kind, spec) in space.items():
            if kind == "int":
                params[name] = trial.suggest_int(name, spec[0], spec[1])
            else:
                params[name] = trial.suggest_categorical(name, spec)
        report = evaluate(params)
        miss = sum(t.miss(report) for t in targets)
        rates = attribute_rates(report)
        rows.append(
            {
                "params": params,
                "miss": miss,
                "first": report["first_player"]["rate"],
                "max_role": max(rates) if rates else None,
            }
        )
        return miss

    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    study.optimize(objective, n_trials=trials)
    best = min(rows, key=lambda r: r["miss"])
    return {"targets": [str(t) for t in targets], "trials": rows, "best": best}
