"""Game metrics of one played game from its per-decision score trace: lead changes, drama, decisiveness.

The trace holds, before each decision and once at the end, every seat's estimated share of the win:
``State.evaluate()`` rescaled to 0..1 where the game has an evaluation, and the final win shares
(``returns`` rescaled) at the end. Definitions, after Browne's aesthetic criteria for combinatorial
games (C. Browne, *Automatic Generation and Evaluation of Recombination Games*, PhD thesis, QUT,
2008, ch. 5: "lead change", "drama", "decisiveness") with drama and decisiveness as the Ludii
system computes them (its ``Evaluation`` metrics *Drama* averaged (DramaAverage),
*DecisivenessThreshold* and *DecisivenessMoves*: D. Soemers et al., *Ludii Game Concepts*, 2021).
The *winners* are the seats with the highest final share (Ludii's highest-ranked players; several
on a shared win); a game that every seat shares has no loser, and then no drama and no
decisiveness.

* **leader**: the seat with the strictly highest estimate at a point of the trace (none on a tie);
* **lead changes**: how many times the leader differs from the previous leader (ties skipped, the
  final result included), and their *rate*, that count over the decisions of the game. This is
  Browne's lead change, not Ludii's LeadChange count, which compares the *set* of seats tied for
  the top at each state before a move (a tie forming or breaking counts, and so does the first
  state) and leaves out the final result;
* **drama**: at every decision point, the highest estimate of any seat minus the winners' (averaged
  over the winners; 0 where a winner leads), averaged over every decision of the game, as Ludii's
  DramaAverage does (not only over the points where the winner trailed);
* **decisiveness**: the *threshold* is the highest estimate any loser reached at any decision point
  (Ludii's DecisivenessThreshold); the game is decided at the first decision point where a winner's
  estimate exceeds it, and decisiveness is the share of the decisions played from there on, 0 when
  no winner ever exceeded it (Ludii's DecisivenessMoves describes itself so: "moves after a winning
  player has a state evaluation above the decisiveness threshold"; its code returns the index of
  that first crossing over the moves, the complement, in integer arithmetic). High values mean
  games decided early and then played out;
* **tied share**: the share of the decision points at which no seat leads strictly (the evaluation
  ties for the top). Lead changes skip those points and drama and decisiveness read them as no lead,
  so where an evaluation is often tied (one that cannot tell the seats apart for most of a game),
  those three figures rest on the other points and say little: the report says so.

Games without an evaluation have only the final point: no decision points, so no drama or
decisiveness (``None``), and no lead changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TraceMetrics:
    """The game metrics of one game (see the module docstring).

    Attributes:
        points: the number of points in the trace (decisions, plus the end).
        lead_changes: the number of changes of leader.
        lead_change_rate: ``lead_changes`` over the decisions (0 for a game of one decision).
        drama: the winners' mean deficit behind the best estimate over every decision, or ``None``
            (no loser, or no decision points).
        decisiveness: the share of decisions from the first at which a winner's estimate exceeded
            every loser's best, or ``None`` (as for drama).
        tied_share: the share of decision points with no strict leader, or ``None`` (no decision
            points).
    """

    points: int
    lead_changes: int
    lead_change_rate: float
    drama: float | None
    decisiveness: float | None
    tied_share: float | None = None


def leader(scores: Sequence[float]) -> int | None:
    """Return the seat with the strictly highest score, or ``None`` on a tie for the top.

    Example:
        >>> leader([0.2, 0.5, 0.3]), leader([0.5, 0.5])
        (1, None)
    """
    top = max(scores)
    best = [p for p, s in enumerate(scores) if s == top]
    return best[0] if len(best) == 1 else None


def trace_metrics(trace: Sequence[Sequence[float]]) -> TraceMetrics:
    """Compute the game metrics of one game from its score trace.

    Args:
        trace: one list of per-seat estimated win shares (0..1) per point, in order; the last point
            is the final result.

    Returns:
        The :class:`TraceMetrics`.

    Raises:
        ValueError: an empty trace.

    Example:
        >>> m = trace_metrics([[0.6, 0.4], [0.4, 0.6], [0.3, 0.7], [0.0, 1.0]])
        >>> m.lead_changes, round(m.drama, 2), round(m.decisiveness, 2), m.tied_share
        (1, 0.07, 0.33, 0.0)
    """
    if not trace:
        raise ValueError("a score trace needs at least one point (the end)")
    changes = 0
    last: int | None = None
    for scores in trace:
        now = leader(scores)
        if now is not None:
            if last is not None and now != last:
                changes += 1
            last = now
    decisions = len(trace) - 1
    final = trace[-1]
    winners = [p for p, s in enumerate(final) if s == max(final)]
    losers = [p for p in range(len(final)) if p not in winners]
    points = trace[:-1]  # the decision points
    tied = sum(1 for s in points if leader(s) is None) / len(points) if points else None
    drama: float | None = None
    decisive: float | None = None
    if losers and points:
        drama = sum(max(s) - sum(s[w] for w in winners) / len(winners) for s in points) / len(points)
        threshold = max(s[p] for s in points for p in losers)
        crossing = next(
            (k for k, s in enumerate(points) if any(s[w] > threshold for w in winners)), decisions
        )
        decisive = (decisions - crossing) / decisions
    return TraceMetrics(len(trace), changes, changes / max(decisions, 1), drama, decisive, tied)
