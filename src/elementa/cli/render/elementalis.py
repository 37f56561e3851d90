"""Terminal rendering of an ElementaliS observation: dice, Channel, every Pool, spells and events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

STYLE = {"Fire": "bold red", "Water": "bold blue", "Earth": "bold green", "Air": "bold white",
         "Ether": "bold magenta", "Sun": "bold yellow", "Moon": "bold cyan"}  # fmt: skip
GLYPH = {"Fire": "F", "Water": "W", "Earth": "E", "Air": "A", "Ether": "*", "Sun": "S"}
SHORT_FORMS = {glyph: face for face, glyph in GLYPH.items()}
"""What ``--table-dice`` answers may abbreviate: the letters the board shows for the faces."""
ELEMENTS = ("Fire", "Water", "Earth", "Air")


def _mana(pool: Mapping[str, int]) -> Text:
    t = Text()
    for e in ELEMENTS:
        t.append(f"{pool.get(e, 0):>2} {e[0]} ", style=STYLE[e] if pool.get(e, 0) else "dim")
    return t


def _dice(dice: list[Mapping[str, Any]]) -> Text:
    t = Text()
    for i, d in enumerate(dice):
        face = d["face"]
        name = "Sun die" if i == 0 else f"{i}"
        if d["destroyed"]:
            t.append(f" [{name}: burnt] ", style="dim strike")
            continue
        style = STYLE.get(face or "", "") + (" dim" if d["charred"] else "")
        mark = (" held" if d["held"] else "") + (" charred" if d["charred"] else "")
        t.append(f" [{name}: ", style="yellow" if d["sun"] else "")
        t.append(face or "?", style=style)
        t.append(f"{mark}] ", style="yellow" if d["sun"] else "")
    return t


def render(observation: Mapping[str, Any], player: int | None) -> RenderableType:
    """Return a Rich renderable of what ``player`` sees of an ElementaliS table.

    Args:
        observation: ``state.observation(player)`` of an ElementaliS state.
        player: the viewer's seat (0-based), or ``None`` for a spectator.
    """
    o = observation
    active = o["active"]
    stage = {"power": "Power Roll", "chance": "Chance Roll", "cosmic": "Cosmic Roll",
             "opposition": "Elemental Opposition"}.get(o["stage"], "")  # fmt: skip
    head = Text(f"Round {o['round']}/{o['rounds']}  ", style="bold")
    head.append(
        "Game over" if o.get("winners") is not None else f"Player {active + 1} is rolling", style="bold"
    )
    if stage:
        head.append(f"  - {stage}")
    if o.get("ether_leak"):
        head.append("  Ether Leak: spells cost 1 more", style="magenta")
    parts: list[RenderableType] = [head]
    if o["dice"]:
        parts.append(Text("Dice:", style="bold") + _dice(o["dice"]))
    parts.append(Text("Channel: ", style="bold") + _mana(o["channel"]))

    table = Table(show_header=True, header_style="bold", expand=False, box=None, pad_edge=False)
    for col in ("", "seat", "mage", "Arcana", "Pool", "clr", "total", "spells (cost)"):
        table.add_column(col)
    for p in o["players"]:
        seat = p["seat"]
        major = p["chosen_major"] and f"Sun->{p['chosen_major']}" if p["type"] == "Chaotica" else p["major"]
        arcana = Text(f"{major or '-'}", style=STYLE.get(p["major"] or "", ""))
        arcana.append(f" / {p['minor'] or '-'}", style=STYLE.get(p["minor"] or "", ""))
        spells = ", ".join(
            f"{s['name']} ({'X' if s['cost'] is None else s['cost']})" + ("*" if s["cast_this_turn"] else "")
            for s in p["spells"]
        )
        marker = ">" if seat == active else ""
        who = f"{seat + 1}" + (" (you)" if seat == player else "")
        table.add_row(marker, who, p["type"] or "-", arcana, _mana(p["pool"]), str(p["colourless"] or ""),
                      str(p["total"]), Text(spells, style="dim"))  # fmt: skip
    parts.append(table)
    if o["links"]:
        parts.append(Text("Earth Links: " + ", ".join(f"{a + 1} scores from {b + 1}" for a, b in o["links"])))
    if o["declarations"]:
        words = {
            "declared": "declares",
            "passed": "does not declare",
            "chosen": "has chosen",
            "waiting": "...",
        }
        parts.append(
            Text(
                "Declarations: " + ", ".join(f"{int(k) + 1} {words[v]}" for k, v in o["declarations"].items())
            )
        )
    if o["casting_order"]:
        parts.append(Text("Casting order: " + " -> ".join(str(p + 1) for p in o["casting_order"])))
    pend = o.get("pending_spell")
    if pend:
        targets = ", ".join(f"{e} of {q + 1}" for q, e in pend["targets"])
        on = f" on {targets}" if targets else ""
        parts.append(Text(f"Casting: {pend['spell']} by {pend['caster'] + 1}{on}", style="magenta"))
    opp = o.get("opposition")
    if opp and (opp["claims"] or opp["rolled"]):
        claims = ", ".join(f"{q + 1} picks up {k}" for q, k in opp["claims"])
        parts.append(Text(f"Opposition: {claims} {' '.join(opp['rolled'])}"))
    if o["log"]:
        parts.append(Text("This turn: " + "; ".join(o["log"][-6:]), style="dim"))
    if o.get("winners") is not None:
        parts.append(
            Text("Winner: " + ", ".join(f"Player {w + 1}" for w in o["winners"]), style="bold green")
        )
    return Panel(Group(*parts), title="ElementaliS", border_style="yellow")
