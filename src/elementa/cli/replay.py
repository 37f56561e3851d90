"""``elementa replay``: step through a saved game, from the spectator's or one seat's point of view."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console
from rich.text import Text

import elementa
from elementa.cli.common import CliError, moves_made, user_errors
from elementa.cli.play import show_result
from elementa.cli.render import render_observation
from elementa.cli.view import describe
from elementa.core import CHANCE


def replay_command(path: Path, *, step: bool | None, seat: int | None) -> int:
    """Run ``elementa replay`` and return the exit status.

    Args:
        path: the save file.
        step: ``True`` waits for Enter after each step, ``False`` prints every step, ``None`` waits
            only when stdin is a terminal.
        seat: the seat (1-based) whose view to show, or ``None`` for the spectator's.
    """
    console = Console()
    with user_errors():
        final = elementa.load(path)
        game = final.game
        if seat is not None and not 1 <= seat <= game.num_players:
            raise CliError(f"--seat must be 1..{game.num_players}, got {seat}")
        viewer = None if seat is None else seat - 1
        interactive = sys.stdin.isatty() if step is None else step
        history = final.history()
        state = game.new_initial_state(final.seed)
        view = "spectator view" if viewer is None else f"view of player {viewer + 1}"
        console.print(
            f"{game.info.title}, {game.num_players} players, seed {final.seed}, {view}",
            markup=False,
            soft_wrap=True,
        )
        console.print(render_observation(game.name, state.observation(viewer), viewer))
        for i, (player, action_id) in enumerate(history, 1):
            if interactive:
                try:
                    answer = console.input("[Enter] next, q to quit: ", markup=False)
                except EOFError:  # the end of input: stop here (Ctrl-C exits with 130 instead)
                    return 0
                if answer.strip().lower() in ("q", "quit"):
                    return 0
            action = state.action_from_id(action_id, player)
            line = describe(state, action, player, viewer)
            state.apply_action(action, None if player == CHANCE else player)
            console.rule(f"{i} of {len(history)}")
            console.print(Text(line), soft_wrap=True)
            console.print(render_observation(game.name, state.observation(viewer), viewer))
        if state.is_terminal():
            show_result(console, state, viewer, {})
        else:
            console.print(
                f"(the save ends after {moves_made(state)} moves; the game is not over)",
                markup=False,
                soft_wrap=True,
            )
    return 0
