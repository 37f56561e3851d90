"""Playing one game for the lab: the sim's game record plus a score trace and component data.

Game ``i`` of a lab run is game ``i`` of the sim run with the same matchup (same seeds, see
:mod:`elementa.sim.runner`), watched through ``play_game``'s step hook, so results never depend on
the backend or the number of workers.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from elementa.core import CHANCE, Action, State, load_game, play_game
from elementa.lab.extractors import Attributes, Uses, make_extractor
from elementa.lab.metrics import TraceMetrics, trace_metrics
from elementa.sim import GameRecord, Matchup, derive_seed, win_shares
from elementa.sim.runner import make_agents, record_game


@dataclass(frozen=True, slots=True)
class LabGame:
    """One game as the lab records it (JSON-ready through :meth:`to_json`).

    Attributes:
        record: the sim's :class:`~elementa.sim.GameRecord` (returns, win shares, roles, lengths).
        metrics: its game metrics (lead changes, drama, decisiveness; see :mod:`elementa.lab.metrics`).
        attributes: component attributes per seat (see :mod:`elementa.lab.extractors`).
        uses: component uses per seat.
        limit: whether the game reached its turn or round limit (read from the final observation).
        first_mover: the seat that made the game's first decision (the first action that is not a
            chance outcome; sealed choices, which no other seat sees, are passed over, see
            :func:`sealed`), or ``None`` when the first decision node was simultaneous.
    """

    record: GameRecord
    metrics: TraceMetrics
    attributes: Attributes = field(default_factory=dict)
    uses: Uses = field(default_factory=dict)
    limit: bool = False
    first_mover: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Return the game as a dict of plain values."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LabGame:
        """Rebuild a game from :meth:`to_json`'s dict.

        Raises:
            KeyError, TypeError: a malformed dict (one without ``first_mover``, from before the lab
                recorded it, included).
        """
        rec = dict(data["record"])
        for key in ("returns", "shares"):
            rec[key] = tuple(rec[key])
        if rec["roles"] is not None:
            rec["roles"] = tuple(rec["roles"])
        return cls(
            GameRecord(**rec),
            TraceMetrics(**data["metrics"]),
            data.get("attributes", {}),
            data.get("uses", {}),
            bool(data.get("limit", False)),
            None if data["first_mover"] is None else int(data["first_mover"]),
        )


_COUNTERS = ("turns", "turn", "round")
_LIMITS = ("max_turns", "turn_limit", "max_rounds")


def reached_limit(state: State) -> bool:
    """Return whether a finished game stopped at its turn or round limit.

    Compares the turn counter of the spectator's observation (``turns``, ``turn`` or ``round``) with
    the game's limit option (``max_turns``, ``turn_limit`` or ``max_rounds``; 0 means none). A game
    with neither never reaches a limit.
    """
    obs = state.observation(None)
    options = state.game.options_dict()
    count = next((obs[k] for k in _COUNTERS if isinstance(obs.get(k), int)), None)
    limit = next((options[k] for k in _LIMITS if isinstance(options.get(k), int)), 0)
    return count is not None and limit > 0 and count >= limit


def sealed(state: State, player: int, action: Action) -> bool:
    """Return whether a decision is sealed: a spectator's description of it differs from its
    player's (``describe_action``), so no other seat learns what was chosen.

    A sealed choice before play (Elemenders' true monolith, marked before the coin decides who
    places first) gives its seat no tempo and no information over the others, like a simultaneous
    choice, so the lab does not count its player as the first mover.
    """
    return state.describe_action(action, player, None) != state.describe_action(action, player, player)


def score_point(state: State) -> list[float] | None:
    """Return each seat's estimated share of the win now (``evaluate()`` rescaled), or ``None``."""
    estimate = state.evaluate()
    if estimate is None:
        return None
    return win_shares(estimate, state.game.utility_range())


def play_lab_game(matchup: Matchup, index: int) -> LabGame:
    """Play game ``index`` of a run, recording its score trace and component data.

    Raises:
        ConfigError: a bad game, option or agent (see :meth:`Matchup.load`).
        RuntimeError: the game did not end within the run loop's step limit.
    """
    game = load_game(matchup.game, **matchup.options)
    seed = derive_seed(matchup.seed, "game", index)
    extractor = make_extractor(game.name, game.num_players, game.options_dict())
    trace: list[list[float]] = []
    first: list[int | None] = []  # who made the first decision (None: a simultaneous node)

    def watch(state: State, player: int, action: Action) -> None:
        if player == CHANCE:
            return
        if not first:
            if state.is_simultaneous_node():
                first.append(None)
            elif not sealed(state, player, action):
                first.append(player)
        point = score_point(state)
        if point is not None:
            trace.append(point)
        extractor.on_action(state, player, action)

    state = play_game(game, make_agents(matchup, game, index), seed=seed, on_step=watch)
    extractor.finish(state)
    record = record_game(game, state, index)
    trace.append(list(record.shares))
    return LabGame(
        record,
        trace_metrics(trace),
        extractor.attributes,
        extractor.uses,
        reached_limit(state),
        first[0] if first else None,
    )
