"""``elementa games``: every registered game with its player range and options."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from elementa.core import list_games


def games_command() -> int:
    """Print a table of the games and, for each, a table of its options; return the exit status.

    The names a user types (the game's, an option's) are never cut or wrapped, whatever the width:
    the other columns wrap instead, and a word too long for its column (an allowed value, a deck
    name) is folded onto the next line, never cut short with an ellipsis.
    """
    console = Console()
    listings = list_games()
    overview = Table(title="Games")
    overview.add_column("name", no_wrap=True, min_width=max(len(g.info.name) for g in listings))
    for column in ("title", "players", "summary"):
        overview.add_column(column, overflow="fold")
    for g in listings:
        overview.add_row(
            g.info.name, g.info.title, f"{g.info.min_players}-{g.info.max_players}", g.info.summary
        )
    console.print(overview)
    for g in listings:
        options = Table(title=f"{g.info.name} options (-o name=value)", title_justify="left")
        longest = max((len(o.name) for o in g.options), default=6)
        options.add_column("option", no_wrap=True, min_width=longest)
        for column in ("type", "default", "allowed", "help"):
            options.add_column(column, overflow="fold")
        for o in g.options:
            default = str(o.default).lower() if isinstance(o.default, bool) else str(o.default)
            options.add_row(o.name, o.type, default, o.allowed(), o.help)
        console.print(options)
    return 0
