"""Game metrics from score traces: lead changes, drama, decisiveness (definitions in elementa.lab.metrics)."""

from __future__ import annotations

import pytest

from elementa.lab.metrics import leader, trace_metrics


def test_a_winner_who_always_led_has_no_drama_and_no_lead_change() -> None:
    m = trace_metrics([[0.6, 0.4], [0.7, 0.3], [0.8, 0.2], [1.0, 0.0]])
    assert (m.lead_changes, m.drama) == (0, 0.0)
    assert m.decisiveness == 1.0  # 0.6 passes the loser's best (0.4) at the first decision


def test_comeback_counts_lead_changes_and_the_deficit() -> None:
    trace = [[0.5, 0.5], [0.8, 0.2], [0.3, 0.7], [0.6, 0.4], [0.0, 1.0]]
    m = trace_metrics(trace)
    assert m.lead_changes == 3  # tie skipped; 0 -> 1 -> 0 -> 1
    assert m.lead_change_rate == pytest.approx(3 / 4)
    # averaged over every decision (Ludii's DramaAverage): behind by 0.6 and 0.2, else 0
    assert m.drama == pytest.approx((0.0 + 0.6 + 0.0 + 0.2) / 4)
    assert m.decisiveness == pytest.approx(0.0)  # the loser reached 0.8; the winner never passed it


def test_a_game_every_seat_shares_has_no_drama_or_decisiveness() -> None:
    m = trace_metrics([[0.6, 0.4], [0.5, 0.5]])
    assert m.drama is None and m.decisiveness is None


def test_a_shared_win_against_a_loser_averages_over_the_winners() -> None:
    """Ludii's highest-ranked players: seats 0 and 1 share the win against seat 2."""
    m = trace_metrics([[0.2, 0.3, 0.5], [0.4, 0.4, 0.2], [0.5, 0.5, 0.0]])
    assert m.drama == pytest.approx(((0.5 - 0.25) + 0.0) / 2)
    assert m.decisiveness == pytest.approx(0.0)  # the loser's 0.5 is never exceeded


def test_the_threshold_is_the_best_estimate_any_loser_reached() -> None:
    """Seat 1 loses but reached 0.45: the game is decided at the first point above 0.45, not 0.5."""
    trace = [[0.4, 0.45], [0.46, 0.3], [0.9, 0.1], [1.0, 0.0]]
    assert trace_metrics(trace).decisiveness == pytest.approx(2 / 3)
    assert trace_metrics(trace).drama == pytest.approx(0.05 / 3)


def test_a_game_without_evaluations_has_no_drama_or_decisiveness() -> None:
    m = trace_metrics([[1.0, 0.0]])
    assert m.drama is None and m.decisiveness is None and m.lead_changes == 0


def test_empty_trace_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one point"):
        trace_metrics([])


def test_leader_needs_a_strict_top() -> None:
    assert leader([0.1, 0.3, 0.3]) is None
    assert leader([0.1, 0.3, 0.2]) == 1


def test_tied_share_counts_the_decision_points_without_a_strict_leader() -> None:
    """Two of the four decision points tie for the top; the final result is not a decision point."""
    m = trace_metrics([[0.5, 0.5], [0.6, 0.4], [0.3, 0.3], [0.2, 0.8], [0.5, 0.5]])
    assert m.tied_share == pytest.approx(2 / 4)
    assert trace_metrics([[1.0, 0.0]]).tied_share is None  # no decision point
