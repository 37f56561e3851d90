"""The designer lab: balance reports (HTML with plots, and JSON) from many simulated games.

Uses games only through the public core API and the simulation tools of :mod:`elementa.sim`;
``elementa balance GAME`` is its command. Needs the ``lab`` extra (matplotlib, optuna).
"""

from elementa.lab.balance import BalanceJob, run_balance
from elementa.lab.extractors import Extractor, make_extractor, register_extractor
from elementa.lab.metrics import TraceMetrics, trace_metrics
from elementa.lab.play import LabGame, play_lab_game
from elementa.lab.report import build_report

__all__ = [
    "BalanceJob",
    "Extractor",
    "LabGame",
    "TraceMetrics",
    "build_report",
    "make_extractor",
    "play_lab_game",
    "register_extractor",
    "run_balance",
    "trace_metrics",
]
