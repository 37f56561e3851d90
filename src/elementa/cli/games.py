"""``elementa games``: every registered game with its player range and options."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from elementa.core import list_games


def games_command() -> int:
    """Print a table of the games and, for each, a table of its options; return the exit status."""
    console = Console()
    listings = list_games()
    overview = Table("name", "title", "players", "summary", title="Games")
    for g in listings:
        overview.add_row(
            g.info.name, g.info.title, f"{g.info.min_players}-{g.info.max_players}", g.info.summary
        )
    console.print(overview)
    for g in listings:
        options = Table(
            "option",
            "type",
            "default",
            "allowed",
            "help",
            title=f"{g.info.name} options (-o name=value)",
            title_justify="left",
        )
        for o in g.options:
            default = str(o.default).lower() if isinstance(o.default, bool) else str(o.default)
            options.add_row(o.name, o.type, default, o.allowed(), o.help)
        console.print(options)
    return 0
