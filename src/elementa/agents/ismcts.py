"""Information-set Monte Carlo tree search (ISMCTS) for every game, on the public game API alone.

The search follows Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
TCIAIG 4(2), 2012): every iteration draws one *determinization* of the searching seat's information
state with ``state.resample_from_infostate(player, rng)``, walks down the statistics with UCB1, adds
one new edge, plays the game out with a rollout policy and backs the result up.

How the general game protocol is handled:

* **Nodes are information sets, keyed by observations.** A node belongs to one seat and is found by
  ``state.information_state_key(seat)`` in the determinization being walked: a key that is equal
  exactly when the seat's observation is (as OpenSpiel's ISMCTS keys its nodes by information-state
  strings). So each seat's statistics condition only on what that seat sees, never on another
  seat's hidden cards, dice or sealed choices: the searcher's own nodes are its information sets (as
  in SO-ISMCTS), and the other seats are modelled on *their* information sets in the
  determinization, which is what MO-ISMCTS gets from one tree per player. Moves a seat cannot see
  need no special edge: they simply do not change its observation.
* **Statistics of the acting seat.** An edge stores visits, the summed return *of the seat that acts
  there* (returns rescaled from ``game.utility_range()`` to [0, 1]) and its availability, so 2 to 7
  players need nothing special (max^n style).
* **Availability.** Legal actions may differ between determinizations. An edge counts how often it
  was legal when its node was visited, and UCB uses ``sqrt(ln(availability) / visits)`` (ISMCTS's
  subset-armed bandit).
* **Chance nodes** are not stored: an outcome is drawn with its probability at each pass.
* **Simultaneous nodes**: every seat in ``players_to_move()`` picks from its own node, all picks made
  before any is applied, so no seat's choice (the searcher's included) depends on another's sealed
  choice at that node (decoupled UCT).
* **Forced moves** (one legal action) are applied without a node.
* **Cycles.** Where moves can undo each other (a coin placed and taken back), the walk down the tree
  can come back to an information set it has passed; it stops there and rolls out, since
  statistics that do not change during a walk would otherwise choose the same loop for ever.
* **Rule-based hint** (optional, ``bias > 0``): a node remembers the action the game's rule-based
  agent takes there (asked once, when the node is made); that action is tried first and gets a
  progressive bias ``bias / (visits + 1)`` (Chaslot et al. 2008), so a small budget starts from the
  rule-based play instead of from a handful of noisy samples, and a large one outgrows the hint.
  With a hint, a node also admits alternatives only as its visits grow (progressive unpruning,
  ``widening``): otherwise each new node below the root would try every one of its moves once, and
  the root's values would measure play far worse than either side's (in Warriors this made the
  search lose to the rule-based player it was guided by). The root may admit its moves at another
  rate (``root_widening``, by default the game's: the Card-Dice Game admits every move there at
  once, so that a move its rule-based player would not make can still be found).
* **Rollouts** are uniformly random, or the game's rule-based agent for every seat
  (``game.rule_based_agent``; random when the game has none), which with ``epsilon`` (0 unless a
  spec sets it) takes a uniformly random legal move instead at that share of its decisions. After
  ``horizon`` decisions (by default the game's ``evaluation_horizon``) a rollout stops and is
  scored by the game's heuristic ``state.evaluate()``, where the game has one: cheaper than
  playing on, and far less noisy than a won/lost result. Otherwise it plays to the end, or to
  ``max_rollout_steps`` nodes, where it scores ``state.returns()`` (zeros before the end).
* **The move played** is the rule-based agent's unless the search found an action better by a
  margin that the number and spread of its results make credible (:func:`final_choice`); without a
  rule-based agent, the most visited action.
* **Early stop** (optional, ``settle``): every few iterations past a minimum, the search asks whether
  any other action could still take the place of :func:`final_choice`'s present choice within the
  budget left (:func:`settled`), and stops when none could: the budget goes to close choices.
* **Tree reuse.** The table of nodes is kept from one decision to the next within a game: the nodes
  keyed by observations that can still come up are exactly the subtree under what has been observed
  since, and their statistics stay valid because they depend only on the acting seat's information.
  It is cleared when the agent meets another game object or the table outgrows ``max_nodes``.

The agent reads the state only through ``resample_from_infostate``, ``information_state_key``,
``legal_actions``, ``clone`` (inside the game's resample), ``apply_unchecked``, ``sample_chance_outcome``,
``returns``, ``evaluate`` (on determinizations only), ``current_player`` and ``players_to_move``;
its only randomness is its own seeded generator, so a search under an iteration budget is
reproducible.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from elementa.core import CHANCE, SIMULTANEOUS, TERMINAL, Action, Agent, ConfigError, Game, State
from elementa.core.game import EvaluationCut

Rollout = Literal["random", "rule"]
"""A rollout policy: ``"random"`` (uniform) or ``"rule"`` (the game's rule-based agent)."""


class Node:
    """One information-set node of one seat.

    Attributes:
        edges: action id -> ``[visits, summed return of the acting seat, availability, summed square
            of that return]``.
        hint: the id of the action the game's rule-based agent takes here, when the search uses it.
    """

    __slots__ = ("edges", "hint")

    def __init__(self, hint: int | None = None) -> None:
        self.edges: dict[int, list[float]] = {}
        self.hint = hint


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last search did.

    Attributes:
        iterations: iterations run (0 for a forced move).
        seconds: wall-clock time of the whole decision, in seconds.
        nodes: information-set nodes in the table after the search.
        reused: visits the root node already had from earlier searches (tree reuse).
        settled: the search stopped before its iteration budget because its choice was settled
            (see :func:`settled`).
    """

    iterations: int
    seconds: float
    nodes: int
    reused: int
    settled: bool = False


def ucb_select(
    node: Node,
    legal: Sequence[Action],
    rng: random.Random,
    c: float,
    bias: float = 0.0,
    widening: float = 0.0,
) -> tuple[Action, bool]:
    """Pick an action at a node and count every legal action as available once more.

    The node's hint, if legal and never tried here, comes first. Then, with ``widening > 0`` and a
    hint, the node considers at most ``1 + floor(widening * sqrt(visits))`` actions (progressive
    unpruning, Chaslot et al. 2008): a node visited a few times follows the rule-based choice, and
    alternatives are admitted one at a time as its visits grow, so that the values backed up to the
    root measure each root action followed by sensible play rather than by the untried moves of
    every node below. Untried admitted actions come before tried ones, drawn uniformly. When all
    admitted actions have been tried, the tried action maximising
    ``mean + c * sqrt(ln(availability) / visits)``, plus ``bias / (visits + 1)`` for the hint
    (progressive bias), is taken (the first on ties).

    Args:
        node: the node (updated in place: new edges, availability counts).
        legal: the legal actions in the current determinization (not empty), in the game's order.
        rng: draws among untried actions.
        c: the exploration constant.
        bias: the weight of the hint's progressive bias (0: none).
        widening: the progressive-unpruning rate (0: every legal action is admitted at once).

    Returns:
        ``(action, expanded)``; ``expanded`` is true when the action had never been tried here.
    """
    edges = node.edges
    untried = []
    tried = []
    visits = 0.0
    hint = None
    for a in legal:
        e = edges.get(a.id)
        if e is None:
            e = edges[a.id] = [0, 0.0, 0, 0.0]
        e[2] += 1
        if a.id == node.hint:
            hint = a
        if e[0]:
            tried.append(a)
            visits += e[0]
        else:
            untried.append(a)
    if hint is not None and not edges[hint.id][0]:
        return hint, True
    if untried and (hint is None or not widening or len(tried) < 1 + int(widening * math.sqrt(visits))):
        return rng.choice(untried), True
    best, best_score = tried[0], -math.inf
    for a in tried:
        e = edges[a.id]
        n, w, avail = e[0], e[1], e[2]
        score = w / n + c * math.sqrt(math.log(avail) / n)
        if a is hint:
            score += bias / (n + 1)
        if score > best_score:
            best, best_score = a, score
    return best, False


def edge_estimate(edge: list[float]) -> tuple[int, float, float]:
    """Return ``(visits, mean return, standard error of the mean)`` of an edge.

    The variance is the sample variance of the backed-up returns (which lie in [0, 1]) with one
    pseudo-observation of the largest possible, 1/4: one visit gives the widest error there is, and
    an edge seen twice with equal returns is not taken for a certainty. An edge never visited has
    mean 0 and an infinite error.
    """
    n = int(edge[0])
    if not n:
        return 0, 0.0, math.inf
    mean = edge[1] / n
    variance = (max(edge[3] - n * mean * mean, 0.0) + 0.25) / n
    return n, mean, math.sqrt(variance / n)


def final_choice(node: Node, legal: Sequence[Action], evidence: float) -> Action:
    """Return the action to play from a searched root node.

    Without a rule-based hint (or with the hint never tried), the most visited action, ties to the
    better mean return, then to the first in order. With one, the hint is played unless some action
    beats its mean return by more than ``evidence`` standard errors of the difference (errors from
    the returns' spread, see :func:`edge_estimate`); among such actions the one with the best lower
    bound ``mean - evidence * error`` is played. In games decided largely by chance, visit counts of
    near-equal actions follow the noise of the rollouts; so the search leaves the rule-based play
    only on evidence, and a larger budget, which gathers more, deviates more often and more soundly
    (a stronger level, not a noisier one).

    Args:
        node: the searched root (its edges, see :class:`Node`).
        legal: the legal actions (not empty), in the game's order.
        evidence: the number of standard errors (0: any better mean is enough).
    """
    edges = node.edges
    no_edge = [0, 0.0, 0, 0.0]

    def estimate(a: Action) -> tuple[int, float, float]:
        return edge_estimate(edges.get(a.id, no_edge))

    hint = next((a for a in legal if a.id == node.hint), None)
    if hint is None or not estimate(hint)[0]:
        return max(legal, key=lambda a: (estimate(a)[0], a.id == node.hint, estimate(a)[1]))
    _, mean_h, error_h = estimate(hint)
    best, best_bound = hint, -math.inf
    for a in legal:
        n, mean, error = estimate(a)
        if a is hint or not n:
            continue
        if mean - mean_h > evidence * math.sqrt(error * error + error_h * error_h):
            bound = mean - evidence * error
            if bound > best_bound:
                best, best_bound = a, bound
    return best


SETTLE_EVERY = 10
"""How often (in iterations) a search with ``settle`` asks whether its choice is settled."""

SETTLE_MARGIN = 0.0
"""The default ``settle_margin``: the standard errors by which :func:`settled` lets an alternative's
future results beat its mean so far (and the rule-based choice's fall short of it), how much it
allows for an alternative that merely looked worse so far. At 0 the forecast follows the results so
far; on fixed decisions (``benchmarks/settle.py agree``) that stopped ten times earlier than 0.25 in
the Card-Dice Game with no choice changed, and changed few elsewhere (see docs/ai.md)."""


DEPARTURE_MARGIN = 1.0
"""The least margin :func:`settled` asks of a choice that leaves the rule-based move: such a choice
is the one the search could most easily be wrong about. With the rule-based move's margin (0), the
settled choices of a `hard` search of Elemenders differed from the whole budget's at 5 of 10 fixed
decisions; at 1, at 2 of 10, as many as when a departure never settles (``benchmarks/settle.py
agree``)."""


def _projected(edge: list[float], more: int, shift: float) -> list[float]:
    """Return an edge as it would stand after ``more`` further visits whose returns average
    ``shift`` standard errors away from its mean so far and spread as its returns so far have.

    The new returns' mean is kept in [0, 1]; the availability is left as it is (only
    :func:`final_choice` reads the result).
    """
    n, mean, error = edge_estimate(edge)
    total = n + more
    future = min(max(mean + shift * error, 0.0), 1.0)
    spread = max(edge[3] - n * mean * mean, 0.0) / n  # the sample variance of one return
    summed = n * mean + more * future
    return [total, summed, edge[2], total * spread + summed * summed / total]


def settled(
    node: Node,
    legal: Sequence[Action],
    evidence: float,
    remaining: int,
    margin: float = SETTLE_MARGIN,
    departure_margin: float = DEPARTURE_MARGIN,
    widening: float = 0.0,
) -> bool:
    """Tell whether :func:`final_choice` would still make its present choice after ``remaining`` more
    iterations, so that a search may stop now.

    Without a usable hint (the most visited action is played), exactly: the leader's visits exceed
    every other action's by more than ``remaining``. With one, a forecast: each tried action other
    than the present choice (the hint or another) is given the remaining iterations, shared with the
    choice in each of the proportions 0, 1/4, 1/2 and 3/4, its new returns ``margin`` standard
    errors better than its mean so far and the choice's ``margin`` worse, each with its spread so
    far (see :func:`_projected`); the choice is settled when :func:`final_choice` keeps it in every
    one of these forecasts. A choice that departs from the hint is forecast with at least
    ``departure_margin``. At ``margin`` 0 the forecasts follow the results so far: an alternative
    behind the hint is not expected to catch up, one ahead of it to keep its lead while its error
    shrinks. Alternatives never tried (held back by progressive unpruning) are not counted: nothing
    is known of them.

    Args:
        node: the searched root.
        legal: the legal actions (not empty), in the game's order.
        evidence: :func:`final_choice`'s evidence.
        remaining: the iterations left in the budget (at least 0).
        margin: how far the forecasts lean against the present choice, in standard errors.
        departure_margin: the least margin for a choice other than the hint.
        widening: the search's progressive-unpruning rate at this node (0: none). A choice is never
            settled while an action that the whole budget would admit (see :func:`ucb_select`) is
            still untried: the early stop saves iterations on the actions the search has looked at,
            never by leaving one unexamined (stopping at the first few tried cost the easy level
            0.35 of 100 games of two-player ElementaliS against itself without the stop).

    Returns:
        True when the choice is settled.
    """
    if remaining <= 0:
        return True
    edges = node.edges
    hint = next((a for a in legal if a.id == node.hint), None)
    if hint is None or hint.id not in edges or not edges[hint.id][0]:
        visits = sorted((edges[a.id][0] if a.id in edges else 0 for a in legal), reverse=True)
        return visits[0] - visits[1] > remaining
    counts = [edges[a.id][0] if a.id in edges else 0 for a in legal]
    if widening:
        admitted = min(len(legal), 1 + int(widening * math.sqrt(sum(counts) + remaining)))
        if sum(1 for c in counts if c) < admitted:
            return False
    choice = final_choice(node, legal, evidence)
    if choice is not hint:
        margin = max(margin, departure_margin)
    forecast = Node(node.hint)
    for rival in legal:
        edge = edges.get(rival.id)
        if rival is choice or edge is None or not edge[0]:
            continue
        for quarter in (0, 1, 2, 3):
            to_choice = remaining * quarter // 4
            forecast.edges = dict(edges)
            forecast.edges[rival.id] = _projected(edge, remaining - to_choice, margin)
            forecast.edges[choice.id] = _projected(edges[choice.id], to_choice, -margin)
            if final_choice(forecast, legal, evidence) is not choice:
                return False
    return True


class IsmctsAgent(Agent):
    """An information-set MCTS player for any game.

    Args:
        player: the seat (0-based).
        seed: seeds the agent's generator (determinizations, chance draws, tie-breaks, rollouts).
        iterations: the iteration budget per decision, or ``None`` for none.
        seconds: the wall-clock budget per decision in seconds, or ``None`` for none; with both, the
            search stops at whichever comes first (reproducible only when the iterations do).
        rollout: ``"random"`` or ``"rule"`` (the game's rule-based agent; random if it has none).
        bias: the weight of a progressive bias towards the rule-based agent's choice at every node
            (0: none; ignored for games without a rule-based agent).
        exploration: the UCB exploration constant ``c`` (returns lie in [0, 1]).
        max_rollout_steps: the most nodes a rollout plays before it is scored as it stands.
        reuse: keep the node table from one decision to the next within a game.
        max_nodes: clear the table before a search when it holds more nodes than this.
        widening: the progressive-unpruning rate at nodes with a rule-based hint (see
            :func:`ucb_select`; 0: every action is tried at once).
        evidence: how many standard errors an action's mean return must beat the rule-based
            choice's by before the agent plays it instead (see :func:`final_choice`).
        horizon: cut each rollout after this many decisions (moves with a choice) and score it with
            the game's ``State.evaluate()``, where the game has one; ``"game"``: the game's
            ``evaluation_horizon``; ``None``: play every rollout to the end.
        cut: where after the horizon a rollout is scored: ``"decision"``, at once; ``"turn"``, at
            the next point where this seat is to move after another seat moved (or at a
            simultaneous node), so that every line is scored after the other seats' answer (a
            seat that never moves again plays its rollouts to the end); ``"game"``: the game's
            ``evaluation_cut``.
        depth: the most levels of the tree one walk descends before the rollout takes over (a
            level: one seat's decision, or every mover's at a simultaneous node); 1 searches the
            root's actions alone (flat Monte Carlo: each action's value is that action followed by
            the rollout policy, from independent samples); ``None``: no limit.
        value: a leaf evaluator, ``value(state) -> one return per seat`` (within the game's
            ``utility_range()``), that scores a rollout cut at the horizon in place of
            ``State.evaluate()``, for example a learned :class:`elementa.agents.value.ValueNet`;
            it is called on determinizations only. ``None``: the game's evaluation.
        settle: stop a decision's search early, after at least this many iterations (and then
            every :data:`SETTLE_EVERY`), once its choice is settled: no alternative could win the
            evidence to overturn it within the rest of the iteration budget (see :func:`settled`).
            The test reads visit counts and returns only, never the clock, so a seeded search stays
            reproducible. ``None``: always spend the whole budget. Needs an iteration budget.
        settle_margin: how far :func:`settled`'s forecasts lean against the present choice, in
            standard errors (larger: stops later, more rarely changes the choice).
        root_widening: the progressive-unpruning rate at the root (0: every legal action is
            admitted at once); ``None``: ``widening``; ``"game"``: the game's ``root_widening``.
        epsilon: with rule-based rollouts, the chance that a rollout decision is a uniformly random
            legal move instead (drawn from the agent's generator, so reproducible; at 0 nothing is
            drawn, so the search is as before).

    Raises:
        ValueError: neither budget given, a budget below its minimum, a depth below 1, a settle
            below 1, an epsilon outside [0, 1], or an unknown rollout policy.

    Attributes:
        last: the :class:`SearchStats` of the last decision, or ``None`` before the first.
    """

    name = "ismcts"

    def __init__(
        self,
        player: int,
        seed: int = 0,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        rollout: Rollout = "random",
        bias: float = 0.0,
        exploration: float = 0.7,
        max_rollout_steps: int = 10_000,
        reuse: bool = True,
        max_nodes: int = 200_000,
        evidence: float = 1.5,
        widening: float = 1.0,
        horizon: int | Literal["game"] | None = "game",
        cut: EvaluationCut | Literal["game"] = "game",
        depth: int | None = None,
        value: Callable[[State], list[float]] | None = None,
        settle: int | None = None,
        settle_margin: float = SETTLE_MARGIN,
        root_widening: float | Literal["game"] | None = "game",
        epsilon: float = 0.0,
    ) -> None:
        super().__init__(player, seed)
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs an iteration budget, a time budget or both")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        if horizon != "game" and horizon is not None and (not isinstance(horizon, int) or horizon < 0):
            raise ValueError(f"horizon must be a whole number of at least 0, 'game' or None, got {horizon!r}")
        if cut not in ("decision", "turn", "game"):
            raise ValueError(f"cut must be 'decision', 'turn' or 'game', got {cut!r}")
        if depth is not None and depth < 1:
            raise ValueError(f"depth must be at least 1 or None, got {depth}")
        if settle is not None and settle < 1:
            raise ValueError(f"settle must be at least 1 or None, got {settle}")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be from 0 to 1, got {epsilon}")
        if rollout not in ("random", "rule"):
            raise ValueError(f"rollout must be 'random' or 'rule', got {rollout!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.bias = bias
        self.exploration = exploration
        self.max_rollout_steps = max_rollout_steps
        self.reuse = reuse
        self.max_nodes = max_nodes
        self.evidence = evidence
        self.widening = widening
        self.horizon = horizon
        self.cut = cut
        self.depth = depth
        self.value = value
        self.settle = settle
        self.settle_margin = settle_margin
        self.root_widening = root_widening
        self.epsilon = epsilon
        self.last: SearchStats | None = None
        self._table: dict[bytes, Node] = {}
        self._game: Game | None = None

    def forget(self) -> None:
        """Clear the node table (tree reuse starts again from nothing at the next decision)."""
        self._table = {}
        self._game = None

    @property
    def table_size(self) -> int:
        """The number of information-set nodes the agent holds."""
        return len(self._table)

    def root_statistics(self, state: State) -> dict[int, tuple[int, float]]:
        """Return ``{action id: (visits, mean return)}`` of this seat's node for ``state``'s information set.

        Empty when the agent has not searched that information set.
        """
        node = self._table.get(state.information_state_key(self.player))
        edges = {} if node is None else node.edges
        return {a: (int(e[0]), e[1] / e[0] if e[0] else 0.0) for a, e in edges.items()}

    def root_hint(self, state: State) -> int | None:
        """Return the id of the rule-based move this seat's node for ``state``'s information set
        remembers (see ``bias``), or ``None`` when it has none or was not searched."""
        node = self._table.get(state.information_state_key(self.player))
        return None if node is None else node.hint

    def step(self, state: State) -> Action:
        """Search from ``state`` (this seat's information state) and return the action chosen by
        :func:`final_choice`.

        Raises:
            ValueError: this seat has no legal action in ``state``.
        """
        start = time.perf_counter()
        legal = state.legal_actions(self.player)
        if not legal:
            raise ValueError(f"{self!r} was asked to move but has no legal action")
        if len(legal) == 1:
            self.last = SearchStats(0, time.perf_counter() - start, self.table_size, 0)
            return legal[0]
        game = state.game
        if not self.reuse or self._game is not game or len(self._table) > self.max_nodes:
            self._table = {}
        self._game = game
        root = self._table.setdefault(state.information_state_key(self.player), Node())
        if root.hint is not None and all(a.id != root.hint for a in legal):
            # Made in an earlier search, at a state that offered other moves but looked the same
            # to this seat: the first iteration asks again.
            root.hint = None
        reused = int(sum(e[0] for e in root.edges.values()))
        search = _Search(self, game, root)
        deadline = math.inf if self.seconds is None else start + self.seconds
        budget, settle = self.iterations, self.settle
        done = 0
        stopped = False
        while True:
            search.iterate(state)
            done += 1
            if budget is not None and done >= budget:
                break
            if time.perf_counter() >= deadline:
                break
            if (
                settle is not None
                and budget is not None
                and done >= settle
                and (done - settle) % SETTLE_EVERY == 0
                and settled(
                    root,
                    legal,
                    self.evidence,
                    budget - done,
                    self.settle_margin,
                    widening=search.root_widening,
                )
            ):
                stopped = True
                break
        self.last = SearchStats(done, time.perf_counter() - start, len(self._table), reused, stopped)

        return final_choice(root, legal, self.evidence)


class _Search:
    """One decision's search: the iteration loop over the agent's node table."""

    def __init__(self, agent: IsmctsAgent, game: Game, root: Node) -> None:
        self.agent = agent
        self.rng = agent.rng
        self.table = agent._table
        self.root = root
        self.c = agent.exploration
        self.bias = agent.bias
        self.widening = agent.widening if agent.bias else 0.0
        rooted = game.root_widening if agent.root_widening == "game" else agent.root_widening
        self.root_widening = self.widening if rooted is None or not agent.bias else rooted
        lo, hi = game.utility_range()
        self.lo, self.span = lo, (hi - lo) or 1.0
        self.rules: list[Agent] | None = None  # the rule-based agent of every seat, when the game has one
        if agent.rollout == "rule" or agent.bias:
            made = [game.rule_based_agent(p, self.rng.randrange(2**31)) for p in range(game.num_players)]
            if all(a is not None for a in made):
                self.rules = [a for a in made if a is not None]
        self.policies = self.rules if agent.rollout == "rule" else None
        self.epsilon = agent.epsilon
        self.hints = self.rules if agent.bias else None
        self.horizon = game.evaluation_horizon if agent.horizon == "game" else agent.horizon
        self.by_turn = (game.evaluation_cut if agent.cut == "game" else agent.cut) == "turn"
        self.depth = math.inf if agent.depth is None else agent.depth

    def node(self, state: State, player: int, legal: Sequence[Action], root: bool = False) -> Node:
        """Return (creating it) the node of ``player``'s information set in ``state``, with its hint.

        Args:
            legal: ``player``'s legal actions in ``state`` (what the hint is chosen from).
        """
        if root:
            node = self.root
        else:
            key = state.information_state_key(player)
            found = self.table.get(key)
            node = self.table[key] = Node() if found is None else found
        if node.hint is None and self.hints is not None:
            node.hint = self.hints[player].choose(state, legal).id
        return node

    def iterate(self, real: State) -> None:
        """Run one iteration: determinize, select and expand, roll out, back up."""
        rng = self.rng
        me = self.agent.player
        state = real.resample_from_infostate(me, rng)
        state.record_events(False)  # nobody reads a determinization's log
        path: list[tuple[Node, int, int]] = []
        walked: set[int] = set()  # the nodes of this walk (by identity)
        at_root = True
        expanded = False
        levels = 0  # the levels of the tree walked so far (a level: one node, or one per mover)
        while not expanded:
            p = state.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                state.apply_unchecked(state.sample_chance_outcome(rng), CHANCE)
                continue
            movers = state.players_to_move() if p == SIMULTANEOUS else [p]
            picks: list[tuple[int, Action]] = []
            mark = len(path)
            for q in movers:  # every pick before any is applied: no seat sees another's sealed choice
                legal = state.legal_actions(q)
                if len(legal) == 1:
                    picks.append((q, legal[0]))
                    continue
                if levels >= self.depth:
                    break
                node = self.node(state, q, legal, root=at_root and q == me)
                if id(node) in walked:
                    break
                walked.add(id(node))
                widening = self.root_widening if node is self.root else self.widening
                action, new = ucb_select(node, legal, rng, self.c, self.bias, widening)
                expanded = expanded or new
                path.append((node, q, action.id))
                picks.append((q, action))
            else:
                at_root = False
                levels += len(path) > mark
                self._apply_all(state, p, picks)
                continue
            # The walk reached the tree's depth, or came back to an information set it passed
            # (moves that undo each other, such as placing and taking back a coin: the statistics,
            # fixed during a walk, would choose the same loop for ever). The rollout starts here.
            del path[mark:]
            break
        lo, span = self.lo, self.span
        rewards = [(r - lo) / span for r in self.play_out(state)]
        for node, q, action_id in path:
            e = node.edges[action_id]
            r = rewards[q]
            e[0] += 1
            e[1] += r
            e[3] += r * r

    @staticmethod
    def _apply_all(state: State, node_type: int, picks: list[tuple[int, Action]]) -> None:
        """Apply the picks of a node (all movers' at a simultaneous node)."""
        for q, a in picks:
            if node_type == SIMULTANEOUS and q not in state.players_to_move():
                continue  # the node closed before this seat's turn to submit
            state.apply_unchecked(a, q)

    def play_out(self, state: State) -> list[float]:
        """Play ``state`` on with the rollout policy and return its (estimated) returns.

        The rollout ends at the end of the game, at the step cap (scored by ``returns()``), or after
        ``horizon`` decisions (moves with a choice) where the game has an evaluation (scored by
        the agent's ``value`` evaluator, else ``state.evaluate()``; a game without one is played on).
        """
        rng = self.rng
        policies = self.policies
        epsilon = self.epsilon if policies is not None else 0.0
        horizon = self.horizon
        by_turn = self.by_turn
        me = self.agent.player
        decisions = 0
        last = me  # the seat that made the last (non-chance) move
        for _ in range(self.agent.max_rollout_steps):
            p = state.current_player()
            if p == TERMINAL:
                break
            if (
                horizon is not None
                and decisions >= horizon
                and (not by_turn or p == SIMULTANEOUS or (p == me and last != me))
            ):
                value = state.evaluate() if self.agent.value is None else self.agent.value(state)
                if value is not None:
                    return value
                horizon = self.horizon = None  # no evaluation in this game: play on from now on
            if p == CHANCE:
                state.apply_unchecked(state.sample_chance_outcome(rng), CHANCE)
                continue
            last = p
            if p >= 0:  # one seat to move: what the loop below does for one mover, without lists
                legal = state.legal_actions(p)
                if len(legal) == 1:  # a forced move needs no policy
                    state.apply_unchecked(legal[0], p)
                    continue
                decisions += 1
                if policies is None or (epsilon and rng.random() < epsilon):
                    chosen = rng.choice(legal)
                else:
                    chosen = policies[p].choose(state, legal)
                state.apply_unchecked(chosen, p)
                continue
            picks = []
            for q in state.players_to_move():
                legal = state.legal_actions(q)
                if len(legal) == 1:
                    picks.append((q, legal[0]))
                    continue
                decisions += 1
                if policies is None or (epsilon and rng.random() < epsilon):
                    picks.append((q, rng.choice(legal)))
                else:
                    picks.append((q, policies[q].choose(state, legal)))
            self._apply_all(state, p, picks)
        return state.returns()


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty level: a named ISMCTS budget, rollout policy and rule-based bias.

    Attributes:
        name: the agent spec, for example ``"hard"``.
        iterations: iterations per decision (the budget that makes games reproducible).
        seconds: a wall-clock cap per decision in seconds, a safety net for slow games and machines.
        rollout: the rollout policy.
        bias: the weight of the rule-based hint (see :class:`IsmctsAgent`).
        evidence: the standard errors by which the search must beat the rule-based choice before
            it plays another (see :func:`final_choice`).
        horizon: the decisions a rollout plays before it is scored (see :class:`IsmctsAgent`).
        learned: score the cut rollouts with the game's shipped value net
            (:class:`elementa.agents.value.ValueNet`) instead of the game's ``State.evaluate()``.
        settle: the fewest iterations after which a decision's search stops once its choice is
            settled (see :class:`IsmctsAgent`), or ``None`` to spend the whole budget.
    """

    name: str
    iterations: int
    seconds: float
    rollout: Rollout
    bias: float
    evidence: float
    horizon: int | Literal["game"] | None = "game"
    learned: bool = False
    settle: int | None = None

    @property
    def help(self) -> str:
        """One line for ``--help`` texts."""
        guide = ", guided by the rule-based player" if self.bias else ""
        rollouts = "rule-based" if self.rollout == "rule" else "random"
        default = " (the default level)" if self.name == DEFAULT_LEVEL else ""
        early = f", fewer once the choice is settled (at least {self.settle})" if self.settle else ""
        if self.learned:
            cut = {0: "leaves", "game": "rule-based rollouts cut at the game's horizon"}.get(
                self.horizon, f"rule-based rollouts cut after {self.horizon} decisions"
            )
            return (
                f"ISMCTS search: {self.iterations} iterations (at most {self.seconds:g} s) per move"
                f"{early}, "
                f"{cut} scored by a learned value net{guide} (games with a shipped net; needs numpy: "
                "pip install 'elementa[expert]')"
            )
        return (
            f"ISMCTS search{default}: {self.iterations} iterations (at most {self.seconds:g} s) per move"
            f"{early}, {rollouts} rollouts{guide}"
        )

    def make(self, game: Game, player: int, seed: int, **overrides: object) -> Agent:
        """Build this level's agent for one seat (an :data:`~elementa.agents.AgentFactory`).

        Args:
            game: the game (a learned level loads its value net; the other levels are the same for
                every game).
            player: the seat.
            seed: the agent's seed.
            overrides: :class:`IsmctsAgent` keyword arguments that replace the level's (the
                parameters of :data:`LEVEL_PARAMS`, as in the spec ``"hard:iterations=1000"``).

        Raises:
            ValueError: an override the agent rejects.
            ConfigError: a learned level without numpy (naming the extra to install), for a game
                without a shipped value net, or with options its net was not trained on.
        """
        params: dict[str, object] = {
            "iterations": self.iterations,
            "seconds": self.seconds,
            "rollout": self.rollout,
            "bias": self.bias,
            "evidence": self.evidence,
            "horizon": self.horizon,
            "settle": self.settle,
        }
        if self.learned:
            params["value"] = _value_net(game)
        params.update(overrides)
        agent = IsmctsAgent(player, seed, **params)  # type: ignore[arg-type]
        agent.name = self.name
        return agent


def _value_net(game: Game) -> Callable[[State], list[float]]:
    """Load ``game``'s shipped value net (numpy is imported here, never when agents are registered).

    Raises:
        ConfigError: numpy is missing (install the ``expert`` extra), or as
            :meth:`elementa.agents.value.ValueNet.load`.
    """
    try:
        from elementa.agents.value import ValueNet
    except ImportError as exc:
        raise ConfigError(
            f"the expert level needs numpy to run its value net ({exc}); install the extra: "
            "pip install 'elementa[expert]'",
            option="agent",
            code="config/missing-extra",
        ) from None
    return ValueNet.load(game)


def _budget(convert: type[int] | type[float]) -> Callable[[str], int | float | None]:
    """Return a converter of a budget's text: a number, or ``none`` for no such budget."""

    def parse(text: str) -> int | float | None:
        if text == "none":
            return None
        try:
            return convert(text)
        except ValueError:
            raise ValueError(f"expected a {'whole ' if convert is int else ''}number or none") from None

    return parse


LEVEL_PARAMS: dict[str, Callable[[str], object]] = {
    "iterations": _budget(int),
    "seconds": _budget(float),
    "rollout": str,
    "bias": float,
    "exploration": float,
    "evidence": float,
    "widening": float,
    "horizon": lambda text: text if text == "game" else _budget(int)(text),  # a number, none or game
    "cut": str,
    "depth": _budget(int),
    "settle": _budget(int),
    "settle_margin": float,
    "root_widening": lambda text: text if text == "game" else _budget(float)(text),  # none: widening
    "epsilon": float,
}
"""The :class:`IsmctsAgent` arguments a level's spec may override, with the converters of their text."""


DEFAULT_LEVEL = "medium"
"""The level meant for everyday play: it answers within about one second per decision."""

LEVELS: tuple[Level, ...] = (
    Level("easy", 100, 0.2, "rule", 1.0, 1.5),
    Level("medium", 300, 0.6, "rule", 1.0, 1.5),
    Level("hard", 1000, 2.0, "rule", 1.0, 1.5),
)
"""The levels registered as agent specs, weakest first: each searches about three times as long as
the one below (in the slower games its time cap binds first). Rollouts are the rule-based player's,
cut after the game's ``evaluation_horizon`` decisions (in Elemenders, whose ``evaluation_cut`` is
``"turn"``, at the searching seat's next turn after that) and scored by the game's evaluation, and each
level overrules the rule-based player (its prior) only on evidence (1.5 standard errors). In
Warriors, searches that played whole games out and took a better mean over a handful of won/lost
rollouts lost to the rule-based player (evidence 0.5: 5% of games won; 1.5: 35%); with evaluated
rollouts, whose spread is far smaller, the easy level is ahead (63% of 80 games since the Warriors
evaluation forecasts the battle; at 30 iterations it seldom finds the evidence and scored 51% of
100). Rule-based rollouts and hints fall back to random rollouts and no hint in games without a
rule-based agent. The time caps keep a decision short on a slow machine; iteration budgets keep
games reproducible where they bind (see ``benchmarks/ismcts.py``). The early stop (``settle``, see
:func:`settled` and ``benchmarks/settle.py``) is off in every level: it makes a game of ``easy``
players 2.5-4 times cheaper, but ``easy:settle=10`` scored 0.35 and 0.36 of 100 two-player
ElementaliS games against ``easy`` (issue 41, not yet understood), so it is a spec option, not the
default."""

EXPERT = Level("expert", 1000, 2.0, "rule", 1.0, 1.5, horizon="game", learned=True)
"""The learned level: ``hard``'s budget, prior and rule-based rollouts, each rollout cut at the game's
horizon scored by the game's value net instead of ``State.evaluate()``. Scoring
every leaf at once (``expert:horizon=0``, no rollout) is about 1.6 times as fast per iteration but
measured weaker (docs/ai.md, *Learned evaluation*). It is registered beside :data:`LEVELS` but not among
them: it plays only the games that ship a net (:func:`elementa.agents.value.shipped_games`) and needs
numpy (the ``expert`` extra)."""
