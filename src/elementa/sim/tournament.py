"""Round-robin tournaments between agent specs: seatings, win rates, head-to-head scores, openskill ratings.

Seating scheme (``seatings``): with ``K`` agents and ``N`` seats,

* ``K >= N``: every combination of ``N`` different agents, each in its ``N`` cyclic rotations, so
  that within a combination every agent sits in every seat once (for two players: every ordered
  pair);
* ``K < N``: the agents fill the seats in turn, ``seat s`` of table ``r`` holding agent
  ``(r + s) mod K``, for ``r`` in ``0..K-1``; an agent then has several seats in one game, and over
  the ``K`` tables every agent sits in every seat exactly once.

Game ``i`` is played at table ``i mod T`` (``T = len(seatings)``) with the deal of round ``i // T``
(duplicate play, as in duplicate bridge: every table of a round gets the same game seed, so the same
starting deal and, while the games run alike, the same dice and draws; see
:func:`elementa.sim.play_one`). An agent's luck with the deal is then met by each of the others in
each seat, which takes much of the chance out of the comparison in games of dice and cards. Results
depend only on the game, the agents, ``n`` and the seed, never on the number of worker processes.
When ``n`` is not a multiple of ``T``, the first tables get one game more.

Statistics: an agent's win rate is its summed win share (see :func:`elementa.sim.win_shares`) over
the seats it held, with a 95% Wilson interval; the head-to-head score of A against B counts, over
every game where both sat, each pair of their seats as 1 when A's return is higher, 1/2 when equal
(with several seats per game these pairs are not independent, so the interval is optimistic). Ratings
are openskill's Plackett-Luce model, updated game by game in index order from the ranking of the
returns; an agent with several seats in one game takes the mean of its seats' updated ratings.
Standings are sorted by win rate, which every agent earns against the same opponents and seats.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from openskill.models import PlackettLuce

from elementa.agents import check_spec, make_agent
from elementa.core import ConfigError, load_game
from elementa.sim.runner import Matchup, new_run, play_one, pool_imap
from elementa.sim.stats import GameRecord, wilson_interval


def seatings(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Return the tables of a round robin: one agent spec per seat (see the module docstring).

    Args:
        agents: the distinct agent specs compared.
        players: the number of seats of the game.

    Example:
        >>> seatings(["a", "b", "c"], 2)
        [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
        >>> seatings(["a", "b"], 3)
        [('a', 'b', 'a'), ('b', 'a', 'b')]
    """
    k = len(agents)
    if k >= players:
        return [combo[r:] + combo[:r] for combo in combinations(agents, players) for r in range(players)]
    return [tuple(agents[(r + s) % k] for s in range(players)) for r in range(k)]


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """One game of a tournament: who sat where, and its record.

    Attributes:
        seating: the agent spec of each seat.
        record: the game's :class:`~elementa.sim.GameRecord` (returns, win shares, lengths).
    """

    seating: tuple[str, ...]
    record: GameRecord


@dataclass(frozen=True, slots=True)
class Standing:
    """One agent's line of the tournament table.

    Attributes:
        agent: the agent spec.
        seats: the seats it held over all games (its sample size).
        wins: the sum of its win shares.
        rate: ``wins / seats``.
        low: the lower end of the 95% Wilson interval of ``rate``.
        high: its upper end.
        mu: the openskill rating's mean.
        sigma: the openskill rating's standard deviation.
        ordinal: ``mu - 3 * sigma``, the conservative rating (the tie-break of the table's order).
    """

    agent: str
    seats: int
    wins: float
    rate: float
    low: float
    high: float
    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """How one agent fared against another when both sat at the same table.

    Attributes:
        agent: the agent scored.
        opponent: the other agent.
        meetings: the pairs of their seats compared (one per game with two players).
        score: 1 per meeting won (higher return), 1/2 per tie.
        rate: ``score / meetings``.
        low: the lower end of the 95% Wilson interval of ``rate``.
        high: its upper end.
    """

    agent: str
    opponent: str
    meetings: int
    score: float
    rate: float
    low: float
    high: float


@dataclass(frozen=True)
class Tournament:
    """What to play: a game with options, the agent specs compared, the number of games and a seed.

    Attributes:
        game: the registered game name.
        options: the game's options (with ``players``).
        agents: two or more distinct agent specs.
        games: the number of games (``n``).
        seed: the base seed.
    """

    game: str
    options: dict[str, Any] = field(hash=False)
    agents: tuple[str, ...]
    games: int
    seed: int = 0

    def check(self, workers: int = 1) -> list[tuple[str, ...]]:
        """Validate the tournament (and a number of worker processes) and return its seatings.

        Raises:
            ConfigError: a bad game or option, an unknown or repeated agent spec, fewer than two
                agents, an agent that cannot play this game, fewer than one game or worker.
        """
        if workers < 1:
            raise ConfigError(f"the number of workers must be at least 1, got {workers}", option="workers")
        game = load_game(self.game, **self.options)
        specs = [check_spec(s) for s in self.agents]
        if len(specs) < 2:
            raise ConfigError("a tournament needs at least two different agents", option="agents")
        repeated = sorted({s for s in specs if specs.count(s) > 1})
        if repeated:
            raise ConfigError(f"agent {repeated[0]!r} is listed twice", option="agents")
        if self.games < 1:
            raise ConfigError(f"the number of games must be at least 1, got {self.games}", option="games")
        for spec in specs:
            make_agent(spec, game, 0, 0)
        return seatings(specs, game.num_players)


def _play(tournament: Tournament, tables: list[tuple[str, ...]], index: int) -> TournamentGame:
    seating = tables[index % len(tables)]
    matchup = Matchup(tournament.game, tournament.options, seating, tournament.seed)
    return TournamentGame(seating, play_one(matchup, index, deal=index // len(tables)))


def iter_tournament(
    tournament: Tournament, workers: int = 1, skip: Collection[int] = ()
) -> Iterator[TournamentGame]:
    """Yield the games ``0 .. n-1`` of a tournament in order, leaving out those in ``skip``.

    Args:
        tournament: what to play (checked first, in this process).
        workers: the number of processes; 1 plays in this process.
        skip: indices of games not to play (already played in an earlier run: a game depends only on
            the tournament and its index, so the others come out as they would have in one run).

    Raises:
        ConfigError: see :meth:`Tournament.check`.
    """
    tables = tournament.check(workers)
    new_run()
    indices = [i for i in range(tournament.games) if i not in skip]
    if workers == 1:
        for i in indices:
            yield _play(tournament, tables, i)
        return
    yield from pool_imap(_Player(tournament, tables), indices, workers)


@dataclass(frozen=True)
class _Player:
    """A picklable ``index -> TournamentGame`` for worker processes."""

    tournament: Tournament
    tables: list[tuple[str, ...]]

    def __call__(self, index: int) -> TournamentGame:
        return _play(self.tournament, self.tables, index)


def run_tournament(
    tournament: Tournament, workers: int = 1, on_game: Callable[[TournamentGame], None] | None = None
) -> list[TournamentGame]:
    """Play a tournament and return its games in order (see :func:`iter_tournament`).

    Args:
        on_game: called after each game, for example to advance a progress bar.
    """
    games = []
    for g in iter_tournament(tournament, workers):
        games.append(g)
        if on_game:
            on_game(g)
    return games


def ranks(returns: Sequence[float]) -> list[int]:
    """Return each seat's place (1 = best) from its return; equal returns share a place.

    Example:
        >>> ranks([0.5, 1.0, 0.5, 0.0])
        [2, 1, 2, 4]
    """
    return [1 + sum(1 for other in returns if other > r) for r in returns]


def ratings(games: Sequence[TournamentGame], agents: Sequence[str]) -> dict[str, tuple[float, float]]:
    """Return each agent's openskill Plackett-Luce rating ``(mu, sigma)`` after the games, in order.

    Every agent starts at openskill's default rating (mu 25, sigma 25/3). An agent with several seats
    in one game takes the mean of its seats' updated mu and sigma.
    """
    model = PlackettLuce()
    current = {a: model.rating(name=a) for a in agents}
    for g in games:
        teams = [[model.rating(current[a].mu, current[a].sigma)] for a in g.seating]
        updated = model.rate(teams, ranks=[float(r) for r in ranks(g.record.returns)])
        for a in set(g.seating):
            mine = [team[0] for team, s in zip(updated, g.seating, strict=True) if s == a]
            current[a] = model.rating(
                sum(r.mu for r in mine) / len(mine), sum(r.sigma for r in mine) / len(mine), name=a
            )
    return {a: (r.mu, r.sigma) for a, r in current.items()}


def standings(games: Sequence[TournamentGame], agents: Sequence[str]) -> list[Standing]:
    """Return one :class:`Standing` per agent, best win rate first (ties: best ``mu - 3 sigma``).

    The win rate orders the table because every agent meets the same opponents in the same seats;
    the openskill rating, updated game by game, depends a little on the order of the games.
    """
    seats = dict.fromkeys(agents, 0)
    wins = dict.fromkeys(agents, 0.0)
    for g in games:
        for spec, share in zip(g.seating, g.record.shares, strict=True):
            seats[spec] += 1
            wins[spec] += share
    rated = ratings(games, agents)
    rows = []
    for a in agents:
        n, w = seats[a], wins[a]
        low, high = wilson_interval(min(w, n), n)
        mu, sigma = rated[a]
        rows.append(Standing(a, n, w, w / n if n else 0.0, low, high, mu, sigma, mu - 3 * sigma))
    return sorted(rows, key=lambda r: (-r.rate, -r.ordinal))


def head_to_head(games: Sequence[TournamentGame], agents: Sequence[str]) -> list[HeadToHead]:
    """Return the head-to-head score of every ordered pair of different agents that met."""
    meetings: dict[tuple[str, str], int] = {}
    score: dict[tuple[str, str], float] = {}
    for g in games:
        ret = g.record.returns
        for s, a in enumerate(g.seating):
            for t, b in enumerate(g.seating):
                if a == b:
                    continue
                meetings[a, b] = meetings.get((a, b), 0) + 1
                won = 1.0 if ret[s] > ret[t] else 0.5 if ret[s] == ret[t] else 0.0
                score[a, b] = score.get((a, b), 0.0) + won
    rows = []
    for a in agents:
        for b in agents:
            n = meetings.get((a, b), 0)
            if n:
                low, high = wilson_interval(score[a, b], n)
                rows.append(HeadToHead(a, b, n, score[a, b], score[a, b] / n, low, high))
    return rows
