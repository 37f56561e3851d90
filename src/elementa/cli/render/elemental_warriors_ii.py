"""Terminal view of Elemental Warriors II: every character sheet as a grid, from one observation.

Each sheet shows columns 1-10 and its rows (Attack, Defense, Earth, Fire, Air, Water), each square's
coins as pennies/nickels/dimes (``2p n``), the active column highlighted, Flood tokens on column
headers (``~``), and under it the player's change, tokens, healing pool, cards and this turn's play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from elementa.core import Action, describe_player

ROW_STYLES = {
    "Attack": "bold red",
    "Defense": "bold blue",
    "Combat": "bold magenta",
    "Earth": "green",
    "Fire": "red",
    "Air": "cyan",
    "Water": "blue",
}


def coins(square: list[int]) -> str:
    """Return a square's coins as text, for example ``"2p n"``; ``"·"`` when empty."""
    parts = []
    for count, letter in zip(square, "pnd", strict=True):
        if count:
            parts.append(letter if count == 1 else f"{count}{letter}")
    return " ".join(parts) or "·"


def sheet_table(player: Mapping[str, Any], rows: list[str], title: str) -> Table:
    """Return one player's sheet as a grid, the active column highlighted."""
    active = player.get("column")  # 0-9 in data, numbered 1-10 on the sheet
    table = Table(title=title, title_justify="left", show_lines=False, pad_edge=False)
    table.add_column("", style="bold")
    for c in range(10):
        floods = player["floods"][c]
        header = f"{c + 1}" + ("~" * floods if floods else "")
        style = "reverse bold" if c == active else ""
        table.add_column(header, justify="center", header_style=style or "bold", style=style, min_width=4)
    for r, name in enumerate(rows):
        table.add_row(Text(name, style=ROW_STYLES.get(name, "")), *(coins(sq) for sq in player["sheet"][r]))
    return table


def player_lines(player: Mapping[str, Any], me: bool) -> Text:
    """Return the lines under a sheet: change, tokens, pool, cards, this turn's play."""
    text = Text()
    status = " (out)" if player["out"] else " (surrendered)" if player["surrendered"] else ""
    text.append(f"{player['change']} cents{status}", style="bold")
    tokens = ", ".join(f"{name} {n}" for name, n in player["tokens"].items() if n)
    if tokens:
        text.append(f"   tokens: {tokens}")
    if player["pool"]:
        text.append(f"   healing pool: {player['pool']}")
    if player["points"]:
        text.append(f"   points: {player['points']:g}")
    text.append("\n")
    if player["hand"] is not None:
        label = "your hand" if me else "hand (face up)"
        text.append(f"{label}: {' '.join(player['hand']) or '-'}")
    else:
        known = f" (known: {' '.join(player['known_cards'])})" if player["known_cards"] else ""
        size = player["hand_size"]
        text.append(f"{size} card{'s' * (size != 1)} in hand{known}")
    if player["played"]:
        text.append(f"   played: {player['played']}")
    if player["column"] is not None:
        text.append(f"   column {player['column'] + 1}")  # counted from 0 in data
    if player["attack"] is not None:
        text.append(f"   attack {player['attack']} / defense {player['defense']}")
    if player["target"] is not None:
        text.append(f"   attacks {describe_player(player['target'])}")
    flags = [
        name
        for name, on in (
            ("defense doubled", player["defense_doubled"]),
            ("next card random", player["random_next_card"]),
            ("next card +/-1", player["adjust_next_card"]),
        )
        if on
    ]
    if player["powers"] or flags:
        text.append("\n" + ", ".join([*player["powers"], *flags]), style="italic")
    return text


def render(observation: Mapping[str, Any], player: int | None) -> RenderableType:
    """Return the view of an observation: a header, every sheet (the viewer's first), the log.

    Args:
        observation: ``state.observation(player)`` of Elemental Warriors II.
        player: the viewer's seat (0-based), or ``None`` for a spectator.
    """
    obs = observation
    header = Text(f"Elemental Warriors II — turn {obs['turn']}, {obs['phase']}", style="bold")
    decks = ", ".join(str(n) for n in obs["deck_sizes"])
    header.append(f"   deck: {decks} cards, discards: {', '.join(str(n) for n in obs['discard_sizes'])}")
    parts: list[RenderableType] = [header]
    order = sorted(obs["players"], key=lambda p: (p["seat"] != player, p["seat"]))
    for p in order:
        me = p["seat"] == player
        title = describe_player(p["seat"]) + (" (you)" if me else "")
        parts.append(Group(sheet_table(p, obs["rows"], title), player_lines(p, me)))
    if obs["events"]:
        parts.append(Panel(Text("\n".join(obs["events"][-6:])), title="recent events", title_align="left"))
    if obs["prompt"]:
        parts.append(Text(obs["prompt"], style="bold yellow"))
    return Group(*parts)


# ------------------------------------------------------------------------------ menu hooks
def _name(action: Action, part: str) -> str:
    """The name of a part's value (a row, a coin, an element), from the kind's part declarations."""
    for declared, value in zip(action.schema, action.args, strict=True):
        if declared.name == part:
            return declared.values[value] if declared.values is not None else str(value + 1)
    raise KeyError(part)


def menu_group(action: Action) -> tuple[str, str] | None:
    """The first step of a long Elemental Warriors II menu (see :mod:`elementa.cli.menu`).

    Coins put on or removed from the sheet are grouped by coin and row (then pick the column),
    Rebalance moves by the row the coin leaves (then the move), Recompiles by the square (then
    the new coins); presets, Draw and the rest stay at the top, in the game's order.

    Args:
        action: a legal action, read through its kind and named parts (never its label's words).

    Returns:
        ``(group, entry)``, for example ``("put a penny on Defense", "Defense 3")``, or ``None`` for
        an action shown on its own.
    """
    kind = action.kind
    if kind not in ("place", "add", "pay", "rebalance", "recompile"):
        return None
    column = action.part("column")
    assert column is not None  # every one of these kinds names a column
    if kind == "recompile":
        return f"recompile {_name(action, 'element')} {column + 1}", action.label
    square = f"{_name(action, 'row')} {column + 1}"
    if kind == "rebalance":  # by row: Recovery opens with a handful of entries, not 24
        return f"move a coin from {_name(action, 'row')}", action.label
    coin = "cent" if kind == "add" else _name(action, "coin")
    if kind == "pay":
        change = " (making change)" if coin != "penny" else ""
        return f"remove a {coin} from {_name(action, 'row')}", square + change
    return f"put a {coin} on {_name(action, 'row')}", square
