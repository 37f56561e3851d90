"""Draw a Warriors observation for the terminal: the battle, each fighter's gear and counters, your hand.

Reads only the observation dict (see ``warriors.views``). Each fighter in the battle is a
panel with its durability (printed in brackets), protection and equipped cards with their charge
(``c``) and duration (``d``) counters; the fighter whose turn it is is highlighted. Below come the
players (hand sizes only for the others, with the cards everyone saw go into their hands), your own
hand, waiting Beasts and the latest events.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SEAT_STYLE = ("bright_white", "bright_yellow", "bright_cyan", "bright_magenta", "bright_green", "bright_red")


def _seat(p: int | None, player: int | None) -> str:
    if p is None:
        return "nobody"
    return "you" if p == player else f"player {p + 1}"


def _equipment_line(e: dict[str, Any]) -> Text:
    line = Text(e["name"], style="" if e["active"] else "dim")
    numbers = []
    if e["max_damage"]:
        numbers.append(f"max {e['max_damage']}")
    if e["protection"]:
        numbers.append(f"prot {e['protection']}")
    numbers.append("unbreakable" if e["breakage"] is None else f"{e['breakage']}%")
    line.append(f" ({', '.join(numbers)})", style="dim")
    if e["charges"] is not None:
        line.append(f" {e['charges']}c", style="bold cyan")
    if e["duration"] is not None:
        line.append(f" {e['duration']}d", style="bold green")
    return line


def _fighter_panel(f: dict[str, Any], current: bool, player: int | None) -> Panel:
    body = Text()
    hurt = "bold red" if f["durability"] <= max(1, f["printed"] // 3) else "bold"
    body.append(f"durability {f['durability']}", style=hurt)
    body.append(f" [{f['printed']}]  protection {f['protection']}")
    if f["charges"] is not None:
        body.append(f"  {f['charges']}c", style="bold cyan")
    if f["text"]:
        body.append(f"\n{f['text']}", style="italic dim")
    lines: list[RenderableType] = [body]
    lines += [_equipment_line(e) for e in f["equipment"]] or [Text("no equipment", style="dim")]
    owner = "Beast" if f["beast"] else _seat(f["seat"], player)
    style = SEAT_STYLE[f["seat"] % len(SEAT_STYLE)] if not f["beast"] else "red"
    title = Text(f"{f['name']} · {owner}", style=style + (" reverse" if current else ""))
    return Panel(Group(*lines), title=title, border_style="bold" if current else "dim", width=44)


def _players(obs: dict[str, Any], player: int | None) -> Table:
    table = Table(box=None, padding=(0, 1), show_header=True, header_style="dim")
    for col in ("seat", "deck", "hand", "draw pile", "discard top", "locations", "status"):
        table.add_column(col)
    deathmatch = any(p["tokens"] for p in obs["players"])
    if deathmatch:
        table.add_column("tokens")
    for p in obs["players"]:
        hand = str(p["hand_size"])
        team = "" if p["team"] is None else f" team {p['team'] + 1}"
        status = p["status"] if p["in_game"] else "out of the game"
        row = [
            Text(_seat(p["seat"], player) + team, style=SEAT_STYLE[p["seat"] % len(SEAT_STYLE)]),
            p["deck"],
            hand,
            str(p["deck_size"]),
            p["discard"][-1] if p["discard"] else "-",
            ", ".join(p["locations"]) or "-",
            status,
        ]
        if deathmatch:
            row.append(str(p["tokens"]))
        table.add_row(*row)
    return table


def render(observation: dict[str, Any], player: int | None) -> RenderableType:
    """Return a Rich renderable of what ``player`` sees (``None``: a spectator).

    Args:
        observation: ``state.observation(player)`` of a Warriors state.
        player: the viewing seat (0-based), or ``None``.
    """
    obs = observation
    head = Text("Warriors", style="bold")
    head.append(f" · battle {obs['battle']}")
    head.append(f" · location: {obs['location'] or 'none'}")
    if obs["max_turns"]:
        head.append(f" · turn {obs['turns']} of {obs['max_turns']}", style="dim")
    if obs["result"] is not None:
        best = max(obs["result"])
        winners = [_seat(p, player) for p, r in enumerate(obs["result"]) if r == best and r > 0]
        all_share = len(winners) == len(obs["result"])
        head.append(
            " · game over: " + ("a draw" if all_share else " and ".join(winners) + " won"), style="bold"
        )
    else:
        head.append(f" · {obs['decision']}", style="italic")
    parts: list[RenderableType] = [head]
    fighters = obs["fighters"]
    if fighters:
        grid = Table.grid(padding=(0, 1))
        panels = [_fighter_panel(f, f["id"] == obs["current"], player) for f in fighters]
        for i in range(0, len(panels), 3):
            grid.add_row(*panels[i : i + 3])
        parts.append(grid)
    parts.append(_players(obs, player))
    for p in obs["players"]:
        if p["known_hand"]:
            seen = f"{_seat(p['seat'], player)} is known to hold: {', '.join(p['known_hand'])}"
            parts.append(Text(seen, style="dim"))
    if obs["waiting_beasts"]:
        beasts = ", ".join(f"{b['name']} (after {_seat(b['seat'], player)})" for b in obs["waiting_beasts"])
        parts.append(Text(f"Beasts waiting for the next battle: {beasts}", style="red"))
    if "hand" in obs:
        parts.append(Text("Your hand: " + (", ".join(obs["hand"]) or "empty"), style="bold"))
    if obs["events"]:
        parts.append(Text("\n".join(obs["events"][-6:]), style="dim"))
    return Group(*parts)
