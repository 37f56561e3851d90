"""Hints and post-game analysis for the table pages: searches from one seat's information, off the loop.

The searches are :mod:`elementa.agents.analysis`'s: :func:`~elementa.agents.analysis.hints` for the
seat to move and :func:`~elementa.agents.analysis.analyse` for one seat of a finished game. Both read
the position as that seat may (the search determinizes with ``resample_from_infostate`` and keys its
nodes by the seat's information state), so another seat's hidden cards, dice or sealed choices never
change a seat's hint or analysis.

Every byte from a client is hostile. A client names the table and, by its seat cookie or token, the
seat; nothing else: the iteration budgets are the server's (:attr:`ServerConfig.hint_iterations
<elementa.server.limits.ServerConfig.hint_iterations>`, ``analysis_iterations``, ``analysis_budget``)
and the searches' seeds are derived from the table's id, the seat and the step (public: the secret
seed of an unfinished table never seeds a search whose answer a client reads). :class:`Coach` refuses:

- ``auth/spectator`` (403): no seat asks (a spectator gets neither: a seat's hint or analysis reads
  that seat's hidden cards);
- ``hint/rated`` (403): a hint at a table that counts for ratings;
- ``hint/not-to-move`` (400): a hint for a seat that has no decision now (another seat's turn, the
  dice, the game over), ``hint/no-choice`` (400) for one with a single legal move;
- ``table/not-finished`` (400): an analysis before the game is over;
- ``rate/searches`` (429): a client with a search running or over ``searches_per_minute``
  (:meth:`~elementa.server.limits.ClientLimits.start_search`); ``rate/busy`` (429) past
  ``max_queued_searches`` searches queued or running for all clients; ``search/timeout`` (503) past
  ``search_deadline``; ``search/failed`` (503) when the worker failed.

Searches run in ``search_processes`` worker processes (a ``spawn`` process pool), never on the event
loop, as the bots' moves do (:mod:`elementa.server.bots`). Each answer is cached per table, seat and
history (the newest :data:`CACHED` answers of each kind), so asking again costs nothing, and a request for an
answer being computed waits for that computation instead of starting another.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from elementa.agents.analysis import Analysis, Decision, MoveEstimate, analyse, hints, to_move
from elementa.core import State, load_game
from elementa.server.limits import ClientLimits, ServerConfig
from elementa.server.tables import ServerError
from elementa.sim.runner import derive_seed

if TYPE_CHECKING:
    from elementa.server.tables import LiveTable

HINT_MOVES = 3
"""How many of the search's best moves a hint shows."""

CACHED = {"hint": 512, "analysis": 64}
"""How many answers of each kind the coach keeps (an analysis of a long game is the larger answer)."""

Key = tuple[str, str, int, str]
"""An answer's cache key: the search's kind, the table, the seat and a digest of the history."""


class CoachError(ServerError):
    """A refused hint or analysis; ``code`` says why and ``status`` is its HTTP status."""

    default_code = "search/refused"

    def __init__(self, message: str, *, code: str, status: int = 400) -> None:
        super().__init__(message, code=code)
        self.status = status


@dataclass(frozen=True)
class SearchRequest:
    """One search to run in a worker: everything it reads, and nothing a client chose.

    Attributes:
        kind: ``"hint"`` (the seat's best moves now) or ``"analysis"`` (every decision of the seat).
        game: the game's registry name.
        options: the game's options as ``Game.options_dict()`` returns them (files resolved).
        seed: the table's seed (the state is rebuilt from it and the history).
        history: the applied actions, ``(player, action id)`` each, chance outcomes included.
        seat: the seat whose information the search reads.
        iterations: a hint's budget; an analysis's most iterations per decision.
        budget: an analysis's most iterations in all (0 for a hint).
        search_seed: the search's seed.
    """

    kind: Literal["hint", "analysis"]
    game: str
    options: dict[str, Any]
    seed: int
    history: tuple[tuple[int, int], ...]
    seat: int
    iterations: int
    budget: int
    search_seed: int


def run_search(request: SearchRequest) -> dict[str, Any]:
    """Rebuild the table's state and run the search (in a worker process); return the JSON answer.

    Returns:
        :func:`hint_answer` or :func:`analysis_answer`.

    Raises:
        Exception: whatever the game or the search raises (the coach answers ``search/failed``).
    """
    state = load_game(request.game, **request.options).new_initial_state(request.seed)
    for player, action_id in request.history:
        state.apply_action(action_id, player)
    if request.kind == "hint":
        return hint_answer(state, request.seat, iterations=request.iterations, seed=request.search_seed)
    return analysis_answer(
        state, request.seat, iterations=request.iterations, budget=request.budget, seed=request.search_seed
    )


def _move(m: MoveEstimate) -> dict[str, Any]:
    return {
        "action": m.action.to_json(),
        "win_chance": round(m.win_chance, 4),
        "visits": m.visits,
        "best": m.best,
        "reason": m.reason,
    }


def hint_answer(state: State, seat: int, *, iterations: int, seed: int) -> dict[str, Any]:
    """Return the search's best moves for ``seat`` in ``state``, from its information only.

    Returns:
        ``{"step", "seat", "iterations", "moves": [{"action", "win_chance", "visits", "best",
        "reason"}]}``: at most :data:`HINT_MOVES` moves, the one the search would play first;
        ``action`` is the move's JSON form (its ``id`` is the legal move's in the seat's view),
        ``win_chance`` in [0, 1], ``reason`` one line (:func:`elementa.agents.analysis.reason`).

    Raises:
        ValueError: ``seat`` has fewer than two legal moves.
    """
    best = hints(state, seat, iterations=iterations, seed=seed, top=HINT_MOVES)
    return {
        "step": len(state.history()),
        "seat": seat,
        "iterations": iterations,
        "moves": [_move(m) for m in best],
    }


def decisions_of(final: State, seat: int) -> int:
    """Return how many decisions ``seat`` made in ``final``'s history (moves among two or more)."""
    state = final.game.new_initial_state(final.seed)
    count = 0
    for player, action_id in final.history():
        if player == seat and len(state.legal_actions(seat)) > 1:
            count += 1
        state.apply_action(action_id, player)
    return count


def _point(d: Decision) -> dict[str, Any]:
    return {"step": d.step, "move": d.move, "win_chance": round(d.win_chance, 4)}


def analysis_answer(final: State, seat: int, *, iterations: int, budget: int, seed: int) -> dict[str, Any]:
    """Judge every decision of ``seat`` in ``final``'s history from its information only.

    Each decision gets ``budget // decisions`` iterations, at least 1 and at most ``iterations``.

    Returns:
        ``{"seat", "title", "iterations", "moves", "finished", "returns", "decisions", "turning_points",
        "mistakes"}``: ``decisions`` one per decision of the seat, in order: ``{"step", "move",
        "win_chance", "played", "best", "loss"}`` (``played`` and ``best`` are the moves' JSON forms,
        ``loss`` the win chance the move played gave up against the search's best, ``None`` when
        the search never tried it); ``turning_points`` the largest swings of the win chance between
        two decisions in a row, ``{"before", "after"}`` each (``{"step", "move", "win_chance"}``);
        ``mistakes`` the moves that gave up the most, ``{"step", "move", "win_chance", "played",
        "played_win_chance", "best", "best_win_chance", "loss", "reason"}`` each. ``move`` counts the
        seats' moves before the decision (0-based); ``returns`` is ``None`` for an unfinished game.
    """
    count = decisions_of(final, seat)
    per_decision = max(1, min(iterations, budget // max(count, 1)))
    result: Analysis = analyse(final, seats=[seat], iterations=per_decision, seed=seed)
    decisions = []
    for d in result.decisions:
        best = d.judgement.moves[0]
        shown = {"played": d.played.to_json(), "best": best.action.to_json(), "loss": _rounded(d.loss)}
        decisions.append(_point(d) | shown)
    mistakes = []
    for d in result.mistakes():
        best, played = d.judgement.moves[0], d.judgement.estimate(d.played)
        mistakes.append(
            _point(d)
            | {
                "played": d.played.to_json(),
                "played_win_chance": round(played.win_chance, 4),
                "best": best.action.to_json(),
                "best_win_chance": round(best.win_chance, 4),
                "loss": _rounded(d.loss),
                "reason": best.reason,
            }
        )
    return {
        "seat": seat,
        "title": result.title,
        "iterations": per_decision,
        "moves": result.moves,
        "finished": result.returns is not None,
        "returns": result.returns,
        "decisions": decisions,
        "turning_points": [{"before": _point(a), "after": _point(b)} for a, b in result.turning_points()],
        "mistakes": mistakes,
    }


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def _history_key(history: tuple[tuple[int, int], ...]) -> str:
    return hashlib.sha256(json.dumps(history).encode()).hexdigest()


class Coach:
    """The server's hints and analyses: the checks, the per-client limits, the cache and the workers.

    Args:
        config: the limits and budgets (``hint_iterations``, ``analysis_iterations``, ``analysis_budget``,
            ``search_processes``, ``max_queued_searches``, ``search_deadline``).
        limits: the per-client counters (:meth:`~elementa.server.limits.ClientLimits.start_search`).
    """

    def __init__(self, config: ServerConfig, limits: ClientLimits) -> None:
        self.config = config
        self.limits = limits
        self.pool: ProcessPoolExecutor | None = None
        self.queued = 0
        """Searches submitted to the workers that have not ended (a timed-out one still runs)."""
        self.answers: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        """The newest answers, oldest first."""
        self.running: dict[Key, asyncio.Future[dict[str, Any]]] = {}
        """The searches running, so that a second request for one waits for it."""

    def hint_request(self, live: LiveTable, seat: int | None) -> SearchRequest:
        """Check that ``seat`` may have a hint at the table now and return the search to run.

        Raises:
            CoachError: ``auth/spectator``, ``hint/rated``, ``hint/not-to-move``, ``hint/no-choice``.
        """
        if seat is None:
            raise CoachError("a hint is a seat's: spectators get none", code="auth/spectator", status=403)
        if live.rated:
            raise CoachError(
                "hints are off at a table that counts for ratings", code="hint/rated", status=403
            )
        state = live.state
        if state.is_terminal() or state.is_chance_node() or not to_move(state, seat):
            raise CoachError("you have no decision to make now", code="hint/not-to-move")
        if len(state.legal_actions(seat)) < 2:
            raise CoachError("you have a single legal move here: nothing to choose", code="hint/no-choice")
        step = len(state.history())
        return self._request(live, "hint", seat, derive_seed(0, "hint", live.id, seat, step))

    def analysis_request(self, live: LiveTable, seat: int | None) -> SearchRequest:
        """Check that ``seat`` may have the table's analysis and return the search to run.

        Raises:
            CoachError: ``auth/spectator``, ``table/not-finished``.
        """
        if seat is None:
            raise CoachError(
                "an analysis is a seat's (it reads that seat's hidden cards): open it from your seat",
                code="auth/spectator",
                status=403,
            )
        if not live.state.is_terminal():
            raise CoachError("the analysis is ready when the game is over", code="table/not-finished")
        return self._request(live, "analysis", seat, derive_seed(0, "analysis", live.id, seat))

    def _request(
        self, live: LiveTable, kind: Literal["hint", "analysis"], seat: int, seed: int
    ) -> SearchRequest:
        config = self.config
        return SearchRequest(
            kind=kind,
            game=live.game.name,
            options=live.game.options_dict(),
            seed=live.state.seed,
            history=tuple(live.state.history()),
            seat=seat,
            iterations=config.hint_iterations if kind == "hint" else config.analysis_iterations,
            budget=0 if kind == "hint" else config.analysis_budget,
            search_seed=seed,
        )

    async def answer(self, table_id: str, request: SearchRequest, client: str) -> dict[str, Any]:
        """Return the search's answer: from the cache, from the same search running, or computed.

        Raises:
            LimitError: ``rate/searches`` (the client's limits).
            CoachError: ``rate/busy``, ``search/timeout``, ``search/failed``.
        """
        key = (request.kind, table_id, request.seat, _history_key(request.history))
        cached = self.answers.get(key)
        if cached is not None:
            self.answers.move_to_end(key)
            return cached
        running = self.running.get(key)
        if running is None:
            if self.queued >= self.config.max_queued_searches:
                raise CoachError(
                    "the server is busy with other searches; try again soon", code="rate/busy", status=429
                )
            self.limits.start_search(client)
            try:
                running = self._submit(request)
            except BrokenProcessPool:  # no worker could be started twice over
                self.limits.end_search(client)
                raise CoachError("the search failed; try again", code="search/failed", status=503) from None
            except BaseException:
                self.limits.end_search(client)
                raise
            self.queued += 1
            self.running[key] = running
            running.add_done_callback(lambda done: self._ended(key, client, done))
        try:
            result = await asyncio.wait_for(asyncio.shield(running), self.config.search_deadline)
        except TimeoutError:
            raise CoachError(
                "the search took too long; try again later", code="search/timeout", status=503
            ) from None
        except BrokenProcessPool:
            self.pool = None  # a worker died: a fresh pool next time
            raise CoachError("the search failed; try again", code="search/failed", status=503) from None
        except Exception as e:
            raise CoachError(
                f"the search failed ({type(e).__name__})", code="search/failed", status=503
            ) from None
        return result

    def _submit(self, request: SearchRequest) -> asyncio.Future[dict[str, Any]]:
        """Send the search to a worker (a pool that broke is replaced once)."""
        for attempt in range(2):
            if self.pool is None:
                self.pool = ProcessPoolExecutor(
                    self.config.search_processes, mp_context=multiprocessing.get_context("spawn")
                )
            try:
                return asyncio.wrap_future(self.pool.submit(run_search, request))
            except BrokenProcessPool:
                self.pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _ended(self, key: Key, client: str, done: asyncio.Future[dict[str, Any]]) -> None:
        """A search ended (on the loop): uncount it, let the client search again, cache its answer."""
        self.queued -= 1
        self.limits.end_search(client)
        self.running.pop(key, None)
        if not done.cancelled() and done.exception() is None:
            self.answers[key] = done.result()
            kept = [k for k in self.answers if k[0] == key[0]]
            for old in kept[: max(len(kept) - CACHED[key[0]], 0)]:
                del self.answers[old]

    async def hint(self, live: LiveTable, seat: int | None, client: str) -> dict[str, Any]:
        """Return a hint for ``seat`` at the table now (:func:`hint_answer`; checks: :meth:`hint_request`)."""
        return await self.answer(live.id, self.hint_request(live, seat), client)

    async def analysis(self, live: LiveTable, seat: int | None, client: str) -> dict[str, Any]:
        """Return ``seat``'s analysis of the finished table (:func:`analysis_answer`; checks:
        :meth:`analysis_request`)."""
        return await self.answer(live.id, self.analysis_request(live, seat), client)

    def close(self) -> None:
        """Stop the worker processes (searches running are cancelled)."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
