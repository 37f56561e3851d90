"""Game metrics of one played game from its per-decision score trace: lead changes, drama, decisiveness.

The trace holds, before each decision and once at the end, every seat's estimated share of the win:
``State.evaluate()`` rescaled to 0..1 where the game has an evaluation, and the final win shares
(``returns`` rescaled) at the end. Definitions, after Browne's aesthetic criteria for combinatorial
games (C. Browne, *Automatic Generation and Evaluation of Recombination Games*, PhD thesis, QUT,
2008, ch. 5: "lead change", "drama", "decisiveness") as the Ludii system implements them
(``other/concepts`` metrics *LeadChange*, *DramaAverage*, *DecisivenessMoves*: D. Soemers et al.,
*Ludii Game Concepts*, 2021) and as the TAG framework logs them (R. Gaina et al., *Design and
Implementation of TAG*, AIIDE 2020, game metrics "LeaderChanges"):

* **leader**: the seat with the strictly highest estimate at a point of the trace (none on a tie);
* **lead changes**: how many times the leader differs from the previous leader (ties skipped), and
  their *rate*, that count over the decisions of the game (Ludii's LeadChange);
* **drama**: over the points where the eventual winner was not the leader, the mean of the leader's
  estimate minus the winner's (0 when the winner always led; Ludii's DramaAverage); games without a
  sole winner have none;
* **decisiveness**: the share of the game's decisions played after the eventual winner's estimate
  rose above the *decisiveness threshold* for good (Ludii's DecisivenessMoves): high values mean
  games decided early and then played out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

DECISIVENESS_THRESHOLD = 0.5
"""The estimated share of the win above which a game counts as decided (for any number of seats:
an estimate above one half makes the seat a favourite against all others together)."""


@dataclass(frozen=True, slots=True)
class TraceMetrics:
    """The game metrics of one game (see the module docstring).

    Attributes:
        points: the number of points in the trace (decisions, plus the end).
        lead_changes: the number of changes of leader.
        lead_change_rate: ``lead_changes`` over the decisions (0 for a game of one decision).
        drama: the mean deficit of the eventual winner while trailing, or ``None`` (no sole winner).
        decisiveness: the share of decisions after the winner passed the threshold for good, or ``None``.
    """

    points: int
    lead_changes: int
    lead_change_rate: float
    drama: float | None
    decisiveness: float | None


def leader(scores: Sequence[float]) -> int | None:
    """Return the seat with the strictly highest score, or ``None`` on a tie for the top.

    Example:
        >>> leader([0.2, 0.5, 0.3]), leader([0.5, 0.5])
        (1, None)
    """
    top = max(scores)
    best = [p for p, s in enumerate(scores) if s == top]
    return best[0] if len(best) == 1 else None


def trace_metrics(
    trace: Sequence[Sequence[float]], threshold: float = DECISIVENESS_THRESHOLD
) -> TraceMetrics:
    """Compute the game metrics of one game from its score trace.

    Args:
        trace: one list of per-seat estimated win shares (0..1) per point, in order; the last point
            is the final result.
        threshold: the decisiveness threshold (see :data:`DECISIVENESS_THRESHOLD`).

    Returns:
        The :class:`TraceMetrics`.

    Raises:
        ValueError: an empty trace.

    Example:
        >>> m = trace_metrics([[0.6, 0.4], [0.4, 0.6], [0.3, 0.7], [0.0, 1.0]])
        >>> m.lead_changes, round(m.drama, 2), round(m.decisiveness, 2)
        (1, 0.2, 0.67)
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
    decisions = max(len(trace) - 1, 1)
    winner = leader(trace[-1])
    drama: float | None = None
    decisive: float | None = None
    if winner is not None:
        deficits = [max(s) - s[winner] for s in trace if leader(s) != winner]
        drama = sum(deficits) / len(deficits) if deficits else 0.0
        decided = len(trace) - 1
        while decided > 0 and trace[decided - 1][winner] > threshold:
            decided -= 1
        decisive = (len(trace) - 1 - decided) / decisions if len(trace) > 1 else 0.0
    return TraceMetrics(len(trace), changes, changes / decisions, drama, decisive)
