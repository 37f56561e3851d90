"""Aggregating lab games into the report's data: win rates, lengths, endings, game metrics, components.

Every rate comes with a 95% Wilson interval (:func:`elementa.sim.wilson_interval`); a difference of
two rates with Newcombe's hybrid score interval (R. Newcombe, *Interval estimation for the difference
between independent proportions*, Statistics in Medicine 17, 1998, method 10); a difference of means
with the normal (Welch) interval. The result is plain JSON-ready data.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from elementa.core import ConfigError, load_game
from elementa.lab.extractors import extractor_class
from elementa.lab.play import LabGame
from elementa.sim import mean_sd, summarize, wilson_interval
from elementa.sim.stats import Z95

TOP_ITEMS = 15
"""How many of a category's most used items its figure shows (its table lists every item)."""


def rate(wins: float, games: int) -> dict[str, float]:
    """Return ``{"games", "wins", "rate", "low", "high"}`` for a sum of win shares out of ``games``."""
    low, high = wilson_interval(min(wins, games), games)
    return {"games": games, "wins": wins, "rate": wins / games if games else 0.0, "low": low, "high": high}


def rate_difference(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
    """Return ``a["rate"] - b["rate"]`` with Newcombe's hybrid score 95% interval (rates: :func:`rate`)."""
    d = a["rate"] - b["rate"]
    low = d - math.sqrt((a["rate"] - a["low"]) ** 2 + (b["high"] - b["rate"]) ** 2)
    high = d + math.sqrt((a["high"] - a["rate"]) ** 2 + (b["rate"] - b["low"]) ** 2)
    return {"diff": d, "low": max(-1.0, low), "high": min(1.0, high)}


def mean_interval(values: Sequence[float]) -> dict[str, float]:
    """Return ``{"n", "mean", "sd", "low", "high"}``: the mean with its normal 95% interval."""
    n = len(values)
    mean, sd = mean_sd(values)
    half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "low": mean - half, "high": mean + half}


def mean_difference(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
    """Return the difference of two means (from :func:`mean_interval`) with its Welch 95% interval."""
    d = a["mean"] - b["mean"]
    se = math.sqrt((a["sd"] ** 2 / a["n"] if a["n"] else 0.0) + (b["sd"] ** 2 / b["n"] if b["n"] else 0.0))
    return {"diff": d, "low": d - Z95 * se, "high": d + Z95 * se}


def stratified_difference(
    strata: Sequence[tuple[dict[str, float], dict[str, float]]],
) -> dict[str, float] | None:
    """Return the Mantel-Haenszel pooled difference of rates over strata, with a normal 95% interval.

    Each stratum compares a group with the rest under one condition (a mage type against the other
    types, within one seat): ``(group, rest)``, both :func:`rate` dicts. Weights are
    ``n1 * n0 / (n1 + n0)``; the variance is the weighted sum of each stratum's binomial variance
    (Greenland and Robins, Biometrics 41, 1985). Strata where either side has no games are left out.

    Returns:
        ``{"diff", "low", "high", "strata"}`` (``strata``: the strata used), or ``None`` when no
        stratum has both sides: the group and the condition cannot be told apart.
    """
    total = weighted = variance = 0.0
    used = 0
    for a, b in strata:
        n1, n0 = a["games"], b["games"]
        if not n1 or not n0:
            continue
        w = n1 * n0 / (n1 + n0)
        p1, p0 = a["rate"], b["rate"]
        total += w
        weighted += w * (p1 - p0)
        variance += w * w * (p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
        used += 1
    if not used:
        return None
    d = weighted / total
    half = Z95 * math.sqrt(variance) / total
    return {"diff": d, "low": max(-1.0, d - half), "high": min(1.0, d + half), "strata": used}


def _apart(cells: dict[tuple[str, int], list[float]], values: Sequence[str], seats: int) -> dict[str, Any]:
    """Seat and attribute effects told apart: each value against the others within the same seat,
    and each seat against the others within the same value (see :func:`stratified_difference`).

    Args:
        cells: ``(value, seat) -> [win shares, seat-games]``.
        values: the attribute's values.
        seats: the number of seats.
    """

    zero = [0.0, 0]
    seat_total = [[0.0, 0] for _ in range(seats)]
    value_total = {v: [0.0, 0] for v in values}
    for (v, s), (w, n) in cells.items():
        for total in (seat_total[s], value_total[v]):
            total[0] += w
            total[1] += n

    def minus(total: list[float], cell: list[float]) -> dict[str, float]:
        return rate(total[0] - cell[0], int(total[1] - cell[1]))

    def alone(cell: list[float]) -> dict[str, float]:
        return rate(cell[0], int(cell[1]))

    effects = [
        {
            "value": v,
            "within_seats": stratified_difference(
                [
                    (alone(cells.get((v, s), zero)), minus(seat_total[s], cells.get((v, s), zero)))
                    for s in range(seats)
                ]
            ),
        }
        for v in values
    ]
    seat_effects = [
        {
            "seat": s,
            "within_values": stratified_difference(
                [
                    (alone(cells.get((v, s), zero)), minus(value_total[v], cells.get((v, s), zero)))
                    for v in values
                ]
            ),
        }
        for s in range(seats)
    ]
    return {
        "by_seat": [{"value": v, "seat": s, **rate(w, int(n))} for (v, s), (w, n) in sorted(cells.items())],
        "effects": effects,
        "seat_effects": seat_effects,
        "confounded": all(e["within_seats"] is None for e in effects),
    }


def _attributes(games: Sequence[LabGame], seats: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    categories = sorted({c for g in games for c in g.attributes})
    for cat in categories:
        wins: dict[str, float] = {}
        counts: dict[str, int] = {}
        cells: dict[tuple[str, int], list[float]] = {}
        pairs: dict[tuple[str, str], list[float]] = {}
        for g in games:
            values = g.attributes.get(cat)
            if values is None:
                continue
            for seat, (value, share) in enumerate(zip(values, g.record.shares, strict=False)):
                wins[value] = wins.get(value, 0.0) + share
                counts[value] = counts.get(value, 0) + 1
                cell = cells.setdefault((value, seat), [0.0, 0])
                cell[0] += share
                cell[1] += 1
            if len(values) == 2:
                pair = pairs.setdefault((values[0], values[1]), [0.0, 0])
                pair[0] += g.record.shares[0]
                pair[1] += 1
                if values[0] != values[1]:
                    back = pairs.setdefault((values[1], values[0]), [0.0, 0])
                    back[0] += g.record.shares[1]
                    back[1] += 1
        rows = [{"value": v, **rate(wins[v], counts[v])} for v in sorted(counts)]
        entry: dict[str, Any] = {"rates": sorted(rows, key=lambda r: -r["rate"])}
        if pairs:
            entry["matrix"] = [
                {"row": a, "column": b, **rate(w, int(n))} for (a, b), (w, n) in sorted(pairs.items())
            ]
        entry.update(_apart(cells, sorted(counts), seats))
        out[cat] = entry
    return out


SeatUses = list[tuple[dict[str, int], float]]
"""One entry per seat-game: the items the seat used (item -> times) and its win share."""


def _item_rows(seats: SeatUses, games: int, names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every item (``names`` that nobody used too, with 0 uses), most used first, with its uses per
    game and its association with winning, over the given seat-games."""
    total: dict[str, int] = dict.fromkeys(names, 0)
    used_wins: dict[str, float] = {}
    used_seats: dict[str, int] = {}
    seat_wins = 0.0
    for counts, share in seats:
        seat_wins += share
        for item, n in counts.items():
            total[item] = total.get(item, 0) + n
            used_wins[item] = used_wins.get(item, 0.0) + share
            used_seats[item] = used_seats.get(item, 0) + 1
    rows = []
    for item in sorted(total, key=lambda i: -total[i]):  # stable: unused ones in the game's order
        n_used = used_seats.get(item, 0)
        used = rate(used_wins[item], n_used) if n_used else None
        left = len(seats) - n_used
        unused = rate(seat_wins - used_wins.get(item, 0.0), left) if left else None
        rows.append(
            {
                "item": item,
                "uses": total[item],
                "per_game": total[item] / games if games else 0.0,
                "used": used,
                "not_used": unused,
                "association": rate_difference(used, unused) if used and unused else None,
            }
        )
    return rows


def _uses(games: Sequence[LabGame], catalog: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """Per use category: every item (those of ``catalog`` that no seat used too, with 0 uses), most
    used first, with its uses and its association with winning."""
    out: dict[str, Any] = {}
    catalog = catalog or {}
    categories = sorted({c for g in games for c in g.uses} | set(catalog))
    for cat in categories:
        seats: SeatUses = []
        for g in games:
            per_seat = g.uses.get(cat, [{} for _ in g.record.shares])
            seats += list(zip(per_seat, g.record.shares, strict=False))
        rows = _item_rows(seats, len(games), catalog.get(cat, ()))
        out[cat] = {"items": rows, "distinct": sum(1 for r in rows if r["uses"])}
    return out


DECK = "deck"
"""The attribute that names each seat's deck (Warriors' roles): its uses get one table per deck."""


def _uses_by_deck(games: Sequence[LabGame]) -> dict[str, Any]:
    """Per use category, per deck (the seat's ``deck`` attribute): the items the seats playing that
    deck used, most used first, per game that deck was in, with the association with winning among
    that deck's seat-games. Only items seen from a deck are listed: the public API does not publish
    a deck's card list (the category's full list, unused cards included, is in ``uses``)."""
    out: dict[str, Any] = {}
    if not any(DECK in g.attributes for g in games):
        return out
    for cat in sorted({c for g in games for c in g.uses}):
        decks: dict[str, SeatUses] = {}
        for g in games:
            names = g.attributes.get(DECK)
            if names is None:
                continue
            per_seat = g.uses.get(cat, [{} for _ in g.record.shares])
            for deck, counts, share in zip(names, per_seat, g.record.shares, strict=False):
                decks.setdefault(deck, []).append((counts, share))
        out[cat] = {
            deck: {"seat_games": len(seats), "items": _item_rows(seats, len(seats))}
            for deck, seats in sorted(decks.items())
        }
    return out


def _catalog(settings: dict[str, Any]) -> dict[str, list[str]]:
    """Every item the run's game can use, per category (see :meth:`Extractor.catalog`), or nothing
    where the settings name no game that loads."""
    name = settings.get("game")
    if not isinstance(name, str):
        return {}
    try:
        game = load_game(name, **(settings.get("options") or {}))
    except (ConfigError, TypeError):
        return {}
    return extractor_class(name).catalog(game.action_space)


def first_mover(games: Sequence[LabGame], seats: int) -> dict[str, Any]:
    """Return how the first mover (the seat that made each game's first decision) fared.

    A coin or a deal may pick who starts, so the first mover is read per game
    (:attr:`LabGame.first_mover`), never assumed to be seat 1; games whose first decision was
    simultaneous have no first mover and are only counted.

    Args:
        games: the games (at least one).
        seats: the number of seats.

    Returns:
        ``{"games", "wins", "rate", "low", "high"}`` (:func:`rate` of the first mover's win shares
        over the games that had one; all 0 when none had), ``"simultaneous"`` (games that started
        with a simultaneous decision), ``"movers"`` (per seat, the games it moved first),
        ``"always_seat_1"`` (whether seat 1 made the first decision of every game), ``"fair"`` (1 /
        seats) and ``"advantage"`` (the rate minus the fair share with Newcombe's interval, or
        ``None`` when no game had a first mover).
    """
    movers = [0] * seats
    wins = 0.0
    for g in games:
        if g.first_mover is not None:
            movers[g.first_mover] += 1
            wins += g.record.shares[g.first_mover]
    decided = sum(movers)
    first = rate(wins, decided)
    fair = {"rate": 1.0 / seats, "low": 1.0 / seats, "high": 1.0 / seats}
    return {
        **first,
        "simultaneous": len(games) - decided,
        "movers": movers,
        "always_seat_1": movers[0] == len(games),
        "fair": 1.0 / seats,
        "advantage": rate_difference(first, fair) if decided else None,
    }


VERDICT_SIZE = 3
"""How many findings the verdict at the top of the report gives."""


def _off(row: dict[str, float], aim: float) -> tuple[float, float]:
    """How clearly a rate misses ``aim``: the gap between its interval and ``aim`` (0 when the
    interval holds it), then its distance from ``aim``: the sort key of the verdict."""
    return max(0.0, row["low"] - aim, aim - row["high"]), abs(row["rate"] - aim)


def verdict(report: dict[str, Any], size: int = VERDICT_SIZE) -> list[dict[str, Any]]:
    """Return the report's most important findings, most important first: each a sentence with its
    rate and 95% interval.

    The candidates are the first mover's win rate (or a simultaneous start), the seat and, per
    attribute (role, deck, mage type...), the value whose win rate is farthest from a fair share
    (1 / seats), and the draw and limit rates (against none). They are ranked by how far their
    interval lies from that reference (0 when it holds it: no evidence of a difference), then by how
    far the rate is from it. A win rate with the same figures as one above it (seat 1 when it starts
    every game, a deck that one seat always plays) is left out. Where each seat always had the same
    value of an attribute (greedy players drafting the same mage type from the same seat), the
    seat's and that attribute's findings say that the two cannot be told apart.

    Returns:
        ``[{"text", "rate", "low", "high", "reference", "clear"}]`` (``clear``: the interval excludes
        the reference), at most ``size``.
    """
    fair = report["first_player"]["fair"]
    tied = [c for c, e in report["attributes"].items() if len(e["rates"]) > 1 and e.get("confounded")]
    caveat = "".join(
        f" (seat and {cat} cannot be told apart: each seat always had the same {cat}; "
        "random openings, an agent spec's opening=N, vary them)"
        for cat in tied
    )
    candidates: list[tuple[str, dict[str, float], float, str]] = []
    fp = report["first_player"]
    if fp["games"]:
        who = "Seat 1 (the first mover)" if fp["always_seat_1"] else "The first mover"
        candidates.append((f"{who} wins", fp, fair, caveat))
    seat = max(report["seats"], key=lambda row: _off(row, fair))
    candidates.append((f"Seat {seat['label']} ({seat['agent']}) wins", seat, fair, caveat))
    for cat, entry in report["attributes"].items():
        if len(entry["rates"]) > 1:
            row = max(entry["rates"], key=lambda r: _off(r, fair))
            candidates.append((f"{cat} {row['value']} wins", row, fair, caveat if cat in tied else ""))
    for key, what in (("draw", "Games without a sole winner"), ("limit", "Games that reach the turn limit")):
        candidates.append((what, report["endings"][key], 0.0, ""))
    ranked = sorted(candidates, key=lambda c: _off(c[1], c[2]), reverse=True)
    out: list[dict[str, Any]] = []
    shown: set[tuple[float, float, float]] = set()
    for text, row, aim, note in ranked:
        if len(out) == size:
            break
        figures = (row["rate"], row["low"], row["high"])
        if aim and figures in shown:  # seat 1 that starts every game, or a deck held by one seat: once
            continue
        if aim:
            shown.add(figures)
        interval = f"{row['rate']:.3f} (95% CI {row['low']:.3f}-{row['high']:.3f})"
        out.append(
            {
                "text": f"{text} {interval}; a fair share is {aim:.3f}{note}"
                if aim
                else f"{text}: {interval}",
                "rate": row["rate"],
                "low": row["low"],
                "high": row["high"],
                "reference": aim,
                "clear": _off(row, aim)[0] > 0,
            }
        )
    return out


def _histogram(values: Sequence[int], bins: int = 20) -> dict[str, list[float]]:
    lo, hi = min(values), max(values)
    width = max(1.0, (hi - lo + 1) / bins)
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - lo) / width))] += 1
    return {"edges": [lo + k * width for k in range(bins + 1)], "counts": [float(c) for c in counts]}


def build_report(games: Sequence[LabGame], agents: Sequence[str], settings: dict[str, Any]) -> dict[str, Any]:
    """Aggregate a run's games into the report's data.

    Args:
        games: the games played (at least one).
        agents: the agent spec of each seat.
        settings: the run's settings (game, options, agents, seed, command), copied into the report.

    Returns:
        A JSON-ready dict: ``settings``, ``games``, ``seats`` and ``roles`` (win rates), ``first_player``
        (the real first mover's rate and its difference from a fair share, see :func:`first_mover`),
        ``lengths`` (decisions: mean interval,
        histogram), ``endings`` (counts of sole wins, shared wins, no winner, turn limits; ``draw``: the
        rate of games without a sole winner, ``limit``: the rate of games that reached the limit, as
        :func:`rate` dicts), ``metrics`` (lead
        changes, their rate, drama, decisiveness, the share of decision points with no strict
        leader: mean intervals), ``attributes`` (per attribute:
        ``rates``, ``matrix`` for two seats, and seat and attribute effects told apart: ``by_seat``,
        ``effects``, ``seat_effects``, ``confounded``, see :func:`stratified_difference`) and ``uses``
        (components, see :mod:`elementa.lab.extractors`; every item of the game's catalog, the unused
        ones with 0 uses), ``uses_by_deck`` (per category, per deck: the items its seats used) and
        ``verdict`` (the three most important findings, see :func:`verdict`).

    Raises:
        ValueError: no games.
    """
    if not games:
        raise ValueError("a report needs at least one game")
    ordered = sorted(games, key=lambda g: g.record.index)
    records = [g.record for g in ordered]
    summary = summarize(records, agents)
    n = len(records)
    seats = len(agents)
    sole = sum(1 for r in records if sum(1 for s in r.shares if s > 0) == 1)
    none = sum(1 for r in records if not any(s > 0 for s in r.shares))
    limits = sum(1 for g in ordered if g.limit)
    metrics = {}
    for name in ("lead_changes", "lead_change_rate", "drama", "decisiveness", "tied_share"):
        values = [getattr(g.metrics, name) for g in ordered]
        metrics[name] = mean_interval([float(v) for v in values if v is not None])
    report: dict[str, Any] = {
        "settings": settings,
        "games": n,
        "seats": [asdict(row) for row in summary.seats],
        "roles": [asdict(row) for row in summary.roles],
        "first_player": first_mover(ordered, seats),
        "lengths": {
            "decisions": mean_interval([float(r.decisions) for r in records]),
            "histogram": _histogram([r.decisions for r in records]),
        },
        "endings": {
            "sole_winner": sole,
            "shared_win": summary.shared,
            "no_winner": none,
            "turn_limit": limits,
            "draw": rate(n - sole, n),
            "limit": rate(limits, n),
        },
        "metrics": metrics,
        "attributes": _attributes(ordered, seats),
        "uses": _uses(ordered, _catalog(settings)),
        "uses_by_deck": _uses_by_deck(ordered),
    }
    report["verdict"] = verdict(report)
    return report
