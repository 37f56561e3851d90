"""Game metrics from score traces: lead changes, drama, decisiveness (definitions in elementa.lab.metrics)."""

from __future__ import annotations

import pytest

from elementa.lab.metrics import leader, trace_metrics


def test_a_winner_who_always_led_has_no_drama_and_no_lead_change() -> None:
    m = trace_metrics([[0.6, 0.4], [0.7, 0.3], [0.8, 0.2], [1.0, 0.0]])
    assert (m.lead_changes, m.drama) == (0, 0.0)
    assert m.decisiveness == 1.0  # above one half from the first decision on


def test_comeback_counts_lead_changes_and_the_deficit() -> None:
    trace = [[0.5, 0.5], [0.8, 0.2], [0.3, 0.7], [0.6, 0.4], [0.0, 1.0]]
    m = trace_metrics(trace)
    assert m.lead_changes == 3  # tie skipped; 0 -> 1 -> 0 -> 1
    assert m.lead_change_rate == pytest.approx(3 / 4)
    # the winner (seat 1) trailed at points 1 and 3: by 0.6 and 0.2; the tie has no leader
    assert m.drama == pytest.approx((0.6 + 0.2 + 0.0) / 3)
    assert m.decisiveness == pytest.approx(0.0)  # decided only at the end


def test_shared_win_has_no_drama_or_decisiveness() -> None:
    m = trace_metrics([[0.6, 0.4], [0.5, 0.5]])
    assert m.drama is None and m.decisiveness is None


def test_threshold_moves_the_point_of_decision() -> None:
    trace = [[0.55, 0.45], [0.65, 0.35], [0.75, 0.25], [1.0, 0.0]]
    assert trace_metrics(trace, threshold=0.5).decisiveness == 1.0
    assert trace_metrics(trace, threshold=0.7).decisiveness == pytest.approx(1 / 3)


def test_empty_trace_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one point"):
        trace_metrics([])


def test_leader_needs_a_strict_top() -> None:
    assert leader([0.1, 0.3, 0.3]) is None
    assert leader([0.1, 0.3, 0.2]) == 1
