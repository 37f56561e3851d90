"""The report's figures: matplotlib (Agg backend) charts of the report data, as base64 PNG.

Every figure is checked before it is saved: a figure with an axes that holds no plotted data raises
:class:`EmptyFigureError` instead of producing empty axes.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import itertools

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

WIDTH = 7.0
"""Figure width in inches (at 80 dpi: 560 pixels)."""

DPI = 80


class EmptyFigureError(ValueError):
    """A figure was about to be saved with nothing plotted on it."""


def to_png(fig: Figure) -> str:
    """Return the figure as a base64 PNG and close it.

    Raises:
        EmptyFigureError: the figure has no axes, or an axes without plotted data.
    """
    try:
        if not fig.axes or not all(ax.has_data() for ax in fig.axes):
            raise EmptyFigureError("the figure has empty axes")
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=DPI)
        return base64.b64encode(buf.getvalue()).decode("ascii")
    finally:
        plt.close(fig)


def _err(rows: Sequence[dict[str, float]], centre: str) -> list[list[float]]:
    """Error bar lengths below and above ``row[centre]`` (never negative, whatever the rounding)."""
    return [[max(0.0, r[centre] - r["low"]) for r in rows], [max(0.0, r["high"] - r[centre]) for r in rows]]


def _rate_bars(ax: Any, labels: Sequence[str], rows: Sequence[dict[str, float]], fair: float | None) -> None:
    rates = [r["rate"] for r in rows]
    ax.barh(range(len(rows)), rates, xerr=_err(rows, "rate"), color="#5b8fd6", ecolor="#333", capsize=3)
    ax.set_yticks(range(len(rows)), labels=labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% interval)")
    if fair is not None:
        ax.axvline(fair, color="#c44", linestyle="--", linewidth=1, label=f"fair share {fair:.2f}")
        ax.legend(loc="lower right", fontsize=8)


def rates_figure(
    title: str, labels: Sequence[str], rows: Sequence[dict[str, float]], fair: float | None
) -> str:
    """Horizontal bars of win rates with their intervals (seats, mage types, decks...)."""
    fig, ax = plt.subplots(figsize=(WIDTH, 0.9 + 0.32 * len(rows)))
    _rate_bars(ax, labels, rows, fair)
    ax.set_title(title)
    return to_png(fig)


def lengths_figure(histogram: dict[str, list[float]], limit_games: int) -> str:
    """The histogram of game lengths in decisions."""
    fig, ax = plt.subplots(figsize=(WIDTH, 2.8))
    edges, counts = histogram["edges"], histogram["counts"]
    widths = [b - a for a, b in itertools.pairwise(edges)]
    ax.bar(edges[:-1], counts, width=widths, align="edge", color="#6aa86a", edgecolor="#333")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title(f"Game length ({limit_games} games reached the turn limit)")
    return to_png(fig)


def metrics_figure(metrics: dict[str, dict[str, float]]) -> str:
    """Mean lead changes per 100 decisions, drama and decisiveness, with intervals."""
    names = [
        ("lead_change_rate", "lead changes / decision"),
        ("drama", "drama"),
        ("decisiveness", "decisiveness"),
    ]
    shown = [(key, label) for key, label in names if metrics[key]["n"]]
    fig, ax = plt.subplots(figsize=(WIDTH, 0.9 + 0.4 * max(1, len(shown))))
    rows = [metrics[key] for key, _ in shown]
    ax.barh(
        range(len(rows)),
        [r["mean"] for r in rows],
        xerr=_err(rows, "mean"),
        color="#d69a5b",
        capsize=3,
    )
    ax.set_yticks(range(len(rows)), labels=[label for _, label in shown])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_title("Game metrics (mean over games, 95% interval)")
    return to_png(fig)


def matrix_figure(title: str, cells: Sequence[dict[str, Any]]) -> str:
    """A heatmap of the row value's win rate against the column value (two-player attributes)."""
    values = sorted({c["row"] for c in cells} | {c["column"] for c in cells})
    grid = [[float("nan")] * len(values) for _ in values]
    for c in cells:
        grid[values.index(c["row"])][values.index(c["column"])] = c["rate"]
    size = 1.8 + 0.45 * len(values)
    fig, ax = plt.subplots(figsize=(max(WIDTH, size), size))
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    ax.set_xticks(range(len(values)), labels=values, rotation=45, ha="right", fontsize=8)
    ax.set_yticks(range(len(values)), labels=values, fontsize=8)
    for c in cells:
        ax.text(
            values.index(c["column"]),
            values.index(c["row"]),
            f"{c['rate']:.2f}",
            ha="center",
            va="center",
            fontsize=7,
        )
    fig.colorbar(image, ax=ax, label="row's win rate")
    ax.set_title(title)
    return to_png(fig)


def _difference_bars(ax: Any, rows: Sequence[dict[str, float]], at: Sequence[int] | None = None) -> None:
    """Horizontal bars of ``row["diff"]`` with their intervals (at rows ``at``, default 0, 1, ...),
    blue above zero and red below."""
    ax.barh(
        range(len(rows)) if at is None else at,
        [r["diff"] for r in rows],
        xerr=_err(rows, "diff"),
        color=["#5b8fd6" if r["diff"] >= 0 else "#d65b5b" for r in rows],
        capsize=2,
    )
    ax.axvline(0, color="#333", linewidth=1)


def uses_figure(title: str, items: Sequence[dict[str, Any]]) -> str:
    """Uses per game of each item, and the win rate of seats using it minus those not (with intervals;
    the right panel only for items some seat-games went without, and only if there are such items)."""
    labels = [i["item"] for i in items]
    known = [k for k, i in enumerate(items) if i["association"] is not None]
    panels = 2 if known else 1
    fig, axes = plt.subplots(
        1, panels, figsize=(WIDTH + 2, 0.9 + 0.3 * len(items)), sharey=True, squeeze=False
    )
    left = axes[0][0]
    left.barh(range(len(items)), [i["per_game"] for i in items], color="#8a6ad6")
    left.set_yticks(range(len(items)), labels=labels, fontsize=8)
    left.invert_yaxis()
    left.set_xlabel("uses per game")
    if known:
        right = axes[0][1]
        _difference_bars(right, [items[k]["association"] for k in known], known)
        right.set_xlabel("win rate used - not used")
    fig.suptitle(title)
    return to_png(fig)


def comparison_figure(title: str, labels: Sequence[str], rows: Sequence[dict[str, float]]) -> str:
    """Bars of differences from the base setting with their intervals (sweeps)."""
    fig, ax = plt.subplots(figsize=(WIDTH, 0.9 + 0.32 * len(rows)))
    _difference_bars(ax, rows)
    ax.set_yticks(range(len(rows)), labels=labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_title(title)
    return to_png(fig)


def trials_figure(values: Sequence[float]) -> str:
    """The tuning objective of each trial and the best so far."""
    fig, ax = plt.subplots(figsize=(WIDTH, 2.8))
    ax.plot(range(1, len(values) + 1), values, "o", color="#5b8fd6", label="trial")
    best = [min(values[: k + 1]) for k in range(len(values))]
    ax.plot(range(1, len(values) + 1), best, "-", color="#c44", label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel("distance from target")
    ax.legend(fontsize=8)
    ax.set_title("Parameter tuning")
    return to_png(fig)
