"""Draw an Elemenders observation for the terminal: a grid with terrain colours, units and monoliths.

Reads only the observation dict (see ``ElemendersState.observation``). Each square is three
characters on its terrain colour: the terrain's symbol (``~`` lava, ``=`` river, ``^`` forest), so
that the board reads without colour too, then the piece. A unit is its element letter and health
(``F2``; player 1's letters upper case, player 2's lower case); a monolith is ``M`` with its health
when known, ``M?`` when hidden, and ``T`` for a true monolith its viewer knows. The opponent's
unrevealed monoliths all look alike, since the observation does not say which is true. The viewer's
home row is drawn at the bottom.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

TERRAIN_STYLE = {" ": "", "~": "on dark_red", "=": "on blue", "^": "on dark_green"}
SEAT_STYLE = ("bold bright_white", "bold bright_yellow")
PHASES = {
    "mark": "marking true monoliths",
    "first": "coin flip: who places first",
    "place": "placing starting units",
    "spawn_flip": "coin flip: spawning",
    "spawn": "spawning new units",
}


def _monolith_text(m: dict[str, Any]) -> str:
    letter = "T" if m["true"] else "M"
    return letter + ("?" if m["health"] is None else str(m["health"]))


def _pieces(obs: dict[str, Any]) -> dict[tuple[int, int], tuple[str, str]]:
    """Return ``(row, col) -> (text, style)`` for every piece on the board."""
    pieces: dict[tuple[int, int], tuple[str, str]] = {}
    for m in obs["monoliths"]:
        if m["standing"]:
            text = _monolith_text(m)
            pieces[m["row"], m["col"]] = (text if m["owner"] == 0 else text.lower(), SEAT_STYLE[m["owner"]])
    for u in obs["units"]:
        letter = u["element"][0].upper() if u["owner"] == 0 else u["element"][0]
        style = SEAT_STYLE[u["owner"]] + (" dim" if u["acted"] else "")
        if obs["active"] == f"{chr(ord('A') + u['col'])}{u['row'] + 1}":
            style += " reverse"
        pieces[u["row"], u["col"]] = (f"{letter}{u['health']}", style)
    return pieces


def _status(obs: dict[str, Any], player: int | None) -> Text:
    def seat(p: int) -> str:
        return "you" if p == player else f"player {p + 1}"

    line = Text("Elemenders", style="bold")
    if obs["phase"] == "over":
        line.append(" · game over · " + ("draw" if obs["winner"] is None else f"{seat(obs['winner'])} won"))
    else:
        if obs["phase"] in ("turn", "spawn_flip", "spawn"):
            limit = f" of {obs['max_turns']}" if obs["max_turns"] else ""
            line.append(f" · turn {obs['turn'] + 1}{limit}")
        if obs["phase"] != "turn":
            line.append(f" · {PHASES[obs['phase']]}")
        if obs["to_move"] >= 0:
            line.append(f" · {seat(obs['to_move'])} to move")
    if obs["last_flip"]:
        line.append(f" · last spawn flip: {obs['last_flip']}")
    return line


def render(observation: dict[str, Any], player: int | None) -> RenderableType:
    """Return a rich renderable of the board as ``player`` (a seat, or ``None``) sees it.

    Args:
        observation: ``state.observation(player)`` of an Elemenders state.
        player: the viewing seat; seat 1 (player 2) sees its home row at the bottom too.
    """
    obs = observation
    rows, cols = obs["rows"], obs["cols"]
    pieces = _pieces(obs)
    order = range(rows) if player == 1 else reversed(range(rows))
    grid = Text()
    letters = "".join(f" {chr(ord('A') + c)} " for c in range(cols))
    grid.append(f"    {letters}\n", style="dim")
    for r in order:
        grid.append(f" {r + 1:>2} ", style="dim")
        for c in range(cols):
            symbol = obs["terrain"][r][c]
            text, style = pieces.get((r, c), ("·" if symbol == " " else symbol * 2, "dim"))
            grid.append(f"{symbol}{text:<2}", style=f"{style} {TERRAIN_STYLE[symbol]}".strip())
        grid.append(f" {r + 1}\n", style="dim")
    grid.append(f"    {letters}", style="dim")
    legend = Text("F W P", style=SEAT_STYLE[0])
    legend.append(" / ", style="dim")
    legend.append("f w p", style=SEAT_STYLE[1])
    legend.append(" fire, water, plant units of player 1 / 2, with their health\n", style="dim")
    legend.append("M monolith · T true · ? hidden · ", style="dim")
    for symbol, word in (("~", "lava"), ("=", "river"), ("^", "forest")):
        legend.append(f" {symbol} {word} ", style=TERRAIN_STYLE[symbol])
        legend.append(" ")
    legend.append("(a square's first character is its terrain, also under a unit)", style="dim")
    parts: list[RenderableType] = [_status(obs, player), grid, legend]
    under = _units_on_terrain(obs)
    if under:
        parts.append(Text("Units on terrain: " + " · ".join(under)))
    return Group(*parts)


TERRAIN_WORDS = {"~": "lava", "=": "river", "^": "forest"}
HARMED_BY = {"~": ("water", "plant"), "=": ("fire",)}
"""Which units a terrain costs 1 health at the end of their owner's turn (elemenders.txt, Lava; Rivers)."""


def _units_on_terrain(obs: dict[str, Any]) -> list[str]:
    """Return ``"C4 F2 on lava (-1 health at the end of player 1's turn)"`` for each unit on terrain."""
    out = []
    for u in sorted(obs["units"], key=lambda u: (u["row"], u["col"])):
        symbol = obs["terrain"][u["row"]][u["col"]]
        if symbol == " ":
            continue
        letter = u["element"][0].upper() if u["owner"] == 0 else u["element"][0]
        square = f"{chr(ord('A') + u['col'])}{u['row'] + 1}"
        text = f"{square} {letter}{u['health']} on {TERRAIN_WORDS[symbol]}"
        if u["element"] in HARMED_BY.get(symbol, ()):
            text += " (harms it: -1 health when its turn ends there)"
        elif symbol == "^" and u["element"] == "plant":
            text += " (heals it when its turn ends there)"
        out.append(text)
    return out
