"""What every command shares: one-line errors, ``-o key=value`` parsing, game and agent set-up."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from elementa.core import CHANCE, ElementaError, Game, State, load_game
from elementa.core.errors import describe_player

EXIT_USAGE = 2
"""The exit status of every refused input (as for command-line usage errors)."""

EXIT_INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""

T = TypeVar("T")


class CliError(Exception):
    """A bad command-line input that is not a game's error (for example ``-o`` without ``=``)."""


def fail(message: str, status: int = EXIT_USAGE) -> NoReturn:
    """Print ``error: <message>`` as one line on stderr and exit with ``status``."""
    typer.echo(f"error: {' '.join(message.split())}", err=True)
    raise typer.Exit(status)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn every error caused by the user's input into one ``error:`` line and exit status 2.

    Covers :class:`ElementaError` (bad game, option, agent, save file or action), :class:`CliError`
    and files that cannot be read or written. Ctrl-C prints ``interrupted`` and exits with 130.
    """
    try:
        yield
    except (ElementaError, CliError) as e:
        fail(str(e))
    except OSError as e:
        fail(f"{e.filename}: {e.strerror}" if e.filename else str(e))
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")


def parse_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """Parse ``-o key=value`` arguments into a dict of strings (the game converts the values).

    Raises:
        CliError: an argument without ``=``, an empty or malformed key, an empty value (``-o decks=``,
            often an unset shell variable: leaving the option out gives its default), or a key
            given twice.
    """
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not _KEY.match(key):
            raise CliError(f"option {pair!r} is not key=value (for example: -o players=4)")
        if key.replace("-", "_") in {k.replace("-", "_") for k in options}:
            raise CliError(f"option {key!r} is given twice")
        if not value.strip():
            raise CliError(f"option {key!r} has no value after '='; leave it out for its default")
        options[key] = value.strip()
    return options


def build_game(name: str, pairs: Sequence[str], players: int | None) -> Game:
    """Load a game from a name, ``-o`` pairs and an optional ``--players``.

    Raises:
        CliError: bad ``-o`` syntax, or ``--players`` contradicting ``-o players=``.
        ConfigError: an unknown game or a bad option.
    """
    options: dict[str, object] = dict(parse_pairs(pairs))
    if players is not None:
        given = options.get("players")
        if given is not None and str(given) != str(players):
            raise CliError(f"--players {players} contradicts -o players={given}")
        options["players"] = players
    return load_game(name, **options)


def split_specs(text: str) -> list[str]:
    """Split a comma list of agent specs (``"greedy, random"``) into specs.

    Raises:
        CliError: an empty list or an empty entry.
    """
    specs = [s.strip() for s in text.split(",")]
    if not any(specs):
        raise CliError(f"the agent list {text!r} is empty; name agents, for example: greedy")
    if not all(specs):
        raise CliError(f"agent list {text!r} has an empty entry")
    return specs


def moves_made(state: State) -> int:
    """Return how many moves the seats have made so far (the history without chance's draws).

    The terminal counts a game in moves, as players do, never in the engine's steps (which count
    every die and card drawn too).
    """
    return sum(1 for player, _ in state.history() if player != CHANCE)


def seat_name(player: int, viewer: int | None = None) -> str:
    """Return ``"you"`` for the viewer's own seat, else ``"player N"`` (1-based) or ``"chance"``."""
    if viewer is not None and player == viewer:
        return "you"
    return "chance" if player == CHANCE else describe_player(player)


def games_progress(verb: str) -> Progress:
    """Return the transient progress bar (on stderr) shown while games are played, labelled ``verb``."""
    return Progress(
        TextColumn(verb),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def play_games(games: Iterator[T], total: int, verb: str) -> tuple[list[T], bool]:
    """Gather the games a run yields behind a progress bar; Ctrl-C stops the run and keeps those played.

    Args:
        games: the run's generator of game results (closed when the run stops early).
        total: the number of games asked for (the bar's length).
        verb: the bar's label, for example ``"playing"``.

    Returns:
        ``(played, interrupted)``: the results in order, and whether Ctrl-C cut the run short (a
        line on stderr then says how many games the tables count).

    Raises:
        KeyboardInterrupt: Ctrl-C before any game ended (nothing to report).
    """
    played: list[T] = []
    progress = games_progress(verb)
    try:
        with progress:
            task = progress.add_task("games", total=total)
            for game in games:
                played.append(game)
                progress.advance(task)
    except KeyboardInterrupt:
        close = getattr(games, "close", None)
        if close is not None:
            close()
        if not played:
            raise
        typer.echo(f"interrupted after {len(played)} of {total} games: the tables count those", err=True)
        return played, True
    return played, False
