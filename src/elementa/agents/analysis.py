"""Hints and game analysis from one seat's information: the search's best moves and win chances.

Both read a position only as the seat to judge may: :class:`~elementa.agents.ismcts.IsmctsAgent`
determinizes from that seat's information state (``resample_from_infostate``) and keys its nodes by
information-state keys, so another seat's hidden cards, dice or sealed choices never enter a seat's
hint or its estimates (``tests/agents/test_analysis.py`` redeals them and finds the same numbers).

The search used is :func:`analysis_agent`: each of the seat's legal moves is tried at the root
(``depth=1``: flat Monte Carlo, no progressive unpruning, so every move gets an estimate) and followed
by the game's rule-based player for every seat, cut and scored by the game's evaluation as the
levels do; the move it plays is the rule-based player's unless another beats it on evidence
(:func:`~elementa.agents.ismcts.final_choice`). A move's *win chance* is the mean of its backed-up
returns rescaled to [0, 1] (``game.utility_range()``): in a game won or lost, the share of sampled
continuations won, counting evaluated cut-offs as the evaluation's estimate. A position's win chance
is the visit-weighted mean over the root's moves. Everything is seeded, so a hint or an analysis
with the same seed and iteration budget is reproducible.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from elementa.agents.ismcts import IsmctsAgent
from elementa.core import CHANCE, SIMULTANEOUS, Action, State, describe_player
from elementa.sim.runner import derive_seed

HINT_ITERATIONS = 300
"""The iteration budget of a hint at the terminal (about the medium level's)."""

ANALYSIS_ITERATIONS = 100
"""The default iteration budget per decision of ``elementa analyse``."""


def analysis_agent(seat: int, seed: int, iterations: int) -> IsmctsAgent:
    """Return the search that hints and analysis use for ``seat`` (see the module's docstring).

    Args:
        seat: the seat (0-based).
        seed: the agent's seed.
        iterations: the iteration budget (at least 1).

    Raises:
        ValueError: a budget below 1.
    """
    return IsmctsAgent(
        seat,
        seed,
        iterations=iterations,
        seconds=None,  # an iteration budget alone: reproducible on any machine
        rollout="rule",
        bias=1.0,
        widening=0.0,
        depth=1,
        reuse=False,
    )


@dataclass(frozen=True, slots=True)
class MoveEstimate:
    """One legal move as the search judged it.

    Attributes:
        action: the move.
        win_chance: the estimated win chance after it, in [0, 1] (0 when never visited).
        visits: the search's iterations through it.
        best: whether it is the move the search would play.
        reason: one line on what the move does and why the search likes it (see :func:`reason`).
    """

    action: Action
    win_chance: float
    visits: int
    best: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Judgement:
    """A search from one seat's information state.

    Attributes:
        seat: the seat judged.
        chosen: the move the search would play.
        moves: every legal move, the chosen one first, then by visits and win chance.
        win_chance: the position's estimated win chance for the seat (visit-weighted mean).
    """

    seat: int
    chosen: Action
    moves: list[MoveEstimate]
    win_chance: float

    def estimate(self, action: Action) -> MoveEstimate:
        """Return the estimate of one legal move.

        Raises:
            KeyError: the move is not among the legal ones judged.
        """
        for m in self.moves:
            if m.action == action:
                return m
        raise KeyError(f"{action} was not a legal move here")


def judge(state: State, seat: int, *, iterations: int, seed: int) -> Judgement:
    """Search ``state`` from ``seat``'s information state and return its estimates.

    Reads only what the search reads (see :mod:`elementa.agents.ismcts`): the result is the same
    for every state that looks the same to ``seat``, given the same seed.

    Args:
        state: a state where ``seat`` is to move (alone or at a simultaneous node) with at least
            two legal moves.
        seat: the seat (0-based).
        iterations: the iteration budget.
        seed: the search's seed.

    Raises:
        ValueError: ``seat`` has fewer than two legal moves, or a budget below 1.
    """
    legal = state.legal_actions(seat)
    if len(legal) < 2:
        raise ValueError(f"player {seat + 1} has {len(legal)} legal moves here: nothing to judge")
    agent = analysis_agent(seat, seed, iterations)
    chosen = agent.step(state)
    stats = agent.root_statistics(state)
    hint_id = agent.root_hint(state)
    visits_all = sum(n for n, _ in stats.values())
    value = sum(n * mean for n, mean in stats.values()) / visits_all if visits_all else 0.0
    order = sorted(
        legal,
        key=lambda a: (a != chosen, -stats.get(a.id, (0, 0.0))[0], -stats.get(a.id, (0, 0.0))[1]),
    )
    means = [stats.get(a.id, (0, 0.0))[1] for a in order]
    moves = []
    for i, a in enumerate(order):
        n, mean = stats.get(a.id, (0, 0.0))
        others = [m for j, m in enumerate(means) if j != i]
        words = move_words(state, a, seat)
        why = reason(a, mean, max(others) if others else None, a.id == hint_id, n, a == chosen, words)
        moves.append(MoveEstimate(a, mean, n, a == chosen, why))
    return Judgement(seat, chosen, moves, value)


COUNTED_FROM_ONE = frozenset(
    {"seat", "die", "column", "row", "monolith", "combatant", "slot", "held", "destination"}
)
"""Part types whose values text counts from 1 (as the labels do: "player 2", "die 3", "Fire 4")."""


def part_words(action: Action) -> str:
    """Return an action's kind and named parts in words, from its kind and parts (never its label).

    ``"cast: spell Breeze, die 3"``; a part with named values shows the name, a seat, die, column...
    counts from 1 as text does (:data:`COUNTED_FROM_ONE`), other values are shown as they are; parts
    that are unused are left out.
    """
    words = []
    for part, raw in zip(action.schema, action.args, strict=False):
        value = part.show(raw)
        if value is None:
            continue
        if part.values is not None and value < len(part.values):
            shown = part.values[value]
        elif part.type in COUNTED_FROM_ONE:
            shown = str(value + 1)
        else:
            shown = str(value)
        words.append(f"{part.name.replace('_', ' ')} {shown}")
    kind = action.kind.replace("_", " ")
    return f"{kind}: {', '.join(words)}" if words else kind


def move_words(state: State, action: Action, seat: int) -> str:
    """Return what a move does in the game's own words, as the seat making it sees it.

    The game's :meth:`~elementa.core.game.State.describe_action` for the seat itself, without the
    actor it names first (``"player 2: put a dime on Water 10"`` is ``"put a dime on Water 10"``):
    the seat is the reader. A description that names no actor is returned whole, and one that is
    empty falls back on :func:`part_words`.

    Args:
        state: the state the move would be made in (before it).
        action: one of ``seat``'s legal moves.
        seat: the seat making it (0-based).
    """
    text = state.describe_action(action, seat, seat)
    actor = f"{describe_player(seat)}: "
    if text[: len(actor)].lower() == actor:
        text = text[len(actor) :]
    return text or part_words(action)


def reason(
    action: Action,
    win_chance: float,
    best_other: float | None,
    rule_choice: bool,
    visits: int,
    best: bool = False,
    words: str | None = None,
) -> str:
    """Return one line on what a move does and how the search judged it.

    Args:
        action: the move.
        win_chance: its estimated win chance.
        best_other: the best estimated win chance of the other moves, or ``None`` when it is alone.
        rule_choice: whether it is the game's rule-based player's move too.
        visits: the search's iterations through it.
        best: whether the search would play it.
        words: what the move does in the game's words (:func:`move_words`); ``None``: its kind and
            parts (:func:`part_words`), for a move judged without its state.
    """
    text = part_words(action) if words is None else words
    if not visits:
        return f"{text}; not tried by the search"
    if best_other is not None:
        gap = round(100 * (win_chance - best_other))
        points = f"{abs(gap)} point{'s' if abs(gap) != 1 else ''}"
        if gap > 0:
            text += f"; {points} ahead of the next best move"
        elif gap < 0 and best:
            text += f"; {points} behind another move, within the search's noise"
        elif gap < 0:
            text += f"; {points} behind the best move"
        else:
            text += "; level with the best move"
    if rule_choice:
        text += "; the rule-based player's move too"
    return text


def hints(
    state: State, seat: int, *, iterations: int = HINT_ITERATIONS, seed: int = 0, top: int = 3
) -> list[MoveEstimate]:
    """Return the search's ``top`` moves for ``seat``, the move it would play first.

    Args:
        state: a state where ``seat`` is to move with at least two legal moves.
        seat: the seat (0-based).
        iterations: the iteration budget.
        seed: the search's seed (the terminal derives it from the game's seed and the step).
        top: how many moves to return.

    Raises:
        ValueError: as :func:`judge`.
    """
    return judge(state, seat, iterations=iterations, seed=seed).moves[:top]


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat in an analysed game.

    Attributes:
        step: the index in the history of the move played (0-based).
        move: the number of seat moves made before it (as the terminal counts "move N").
        seat: the seat that decided.
        played: the move the seat made.
        judgement: the search's judgement from the seat's information state before the move.
    """

    step: int
    move: int
    seat: int
    played: Action
    judgement: Judgement

    @property
    def win_chance(self) -> float:
        """The seat's estimated win chance before the move."""
        return self.judgement.win_chance

    @property
    def loss(self) -> float | None:
        """How much win chance the move played gave up against the search's best move (0 when it is
        the best; ``None`` when the search never tried it)."""
        played = self.judgement.estimate(self.played)
        if played.best:
            return 0.0
        if not played.visits:
            return None
        best = self.judgement.moves[0]
        return max(best.win_chance - played.win_chance, 0.0)


@dataclass(slots=True)
class Analysis:
    """A replayed game's decisions as the search judged them, each from its seat's information.

    Attributes:
        title: the game's title.
        seats: the seats analysed (0-based).
        decisions: every analysed decision, in the order played.
        moves: the number of seat moves in the game.
        returns: the final returns, or ``None`` when the save ends before the game does.
    """

    title: str
    seats: list[int]
    decisions: list[Decision] = field(default_factory=list)
    moves: int = 0
    returns: list[float] | None = None

    def of(self, seat: int) -> list[Decision]:
        """Return one seat's decisions, in order."""
        return [d for d in self.decisions if d.seat == seat]

    def mistakes(self, limit: int = 5, at_least: float = 0.05) -> list[Decision]:
        """Return the moves that gave up the most win chance (at least ``at_least``), largest first."""
        found = [d for d in self.decisions if (d.loss or 0.0) >= at_least]
        return sorted(found, key=lambda d: -(d.loss or 0.0))[:limit]

    def turning_points(self, limit: int = 5, at_least: float = 0.1) -> list[tuple[Decision, Decision]]:
        """Return the largest swings of one seat's win chance between two of its decisions in a row,
        as ``(before, after)`` pairs, largest swing first (at least ``at_least``)."""
        swings = []
        for seat in self.seats:
            mine = self.of(seat)
            swings += list(itertools.pairwise(mine))
        swings = [s for s in swings if abs(s[1].win_chance - s[0].win_chance) >= at_least]
        return sorted(swings, key=lambda s: -abs(s[1].win_chance - s[0].win_chance))[:limit]


def analyse(
    final: State,
    *,
    seats: list[int] | None = None,
    iterations: int = ANALYSIS_ITERATIONS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Replay a game and judge every decision of the seats named, each from its own information.

    A decision is a point where a seat moves with at least two legal moves (at a simultaneous node,
    each mover's). The search at step ``i`` for seat ``p`` is seeded with
    ``derive_seed(seed, "analyse", p, i)``.

    Args:
        final: the state whose history to replay (a loaded save; it is not changed).
        seats: the seats to analyse (0-based), or ``None`` for all.
        iterations: the iteration budget per decision.
        seed: the base seed.
        progress: called with ``(steps replayed, steps in all)`` after each step.

    Raises:
        ValueError: a seat outside the game, or a budget below 1.
    """
    game = final.game
    chosen = list(range(game.num_players)) if seats is None else sorted(set(seats))
    for s in chosen:
        if not 0 <= s < game.num_players:
            raise ValueError(f"seat {s + 1} does not exist in a {game.num_players}-player game")
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, got {iterations}")
    result = Analysis(game.info.title, chosen)
    history = final.history()
    for i, state, player, action in _replay(final):
        if player != CHANCE:
            if player in chosen and len(state.legal_actions(player)) > 1:
                judged = judge(
                    state, player, iterations=iterations, seed=derive_seed(seed, "analyse", player, i)
                )
                result.decisions.append(Decision(i, result.moves, player, action, judged))
            result.moves += 1
        if progress is not None:
            progress(i + 1, len(history))
    if final.is_terminal():
        result.returns = list(final.returns())
    return result


def _replay(final: State) -> Iterator[tuple[int, State, int, Action]]:
    """Yield ``(step, state before it, player, action)`` along ``final``'s history, replayed from
    its seed with checked actions (the state yielded is applied to after each yield)."""
    state = final.game.new_initial_state(final.seed)
    for i, (player, action_id) in enumerate(final.history()):
        action = state.action_from_id(action_id, player)
        yield i, state, player, action
        state.apply_action(action, None if player == CHANCE else player)


def to_move(state: State, seat: int) -> bool:
    """Whether ``seat`` has a decision in ``state`` (it moves, alone or at a simultaneous node)."""
    p = state.current_player()
    return p == seat or (p == SIMULTANEOUS and seat in state.players_to_move())
