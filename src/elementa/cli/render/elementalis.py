"""Terminal rendering of an ElementaliS observation: dice, Channel, every Pool, spells and events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from elementa.cli.common import seat_name
from elementa.core import Action, Event, Moved, Place, describe_player

STYLE = {"Fire": "bold red", "Water": "bold blue", "Earth": "bold green", "Air": "bold white",
         "Ether": "bold magenta", "Sun": "bold yellow", "Moon": "bold cyan"}  # fmt: skip
GLYPH = {"Fire": "F", "Water": "W", "Earth": "E", "Air": "A", "Ether": "*", "Sun": "S"}
SHORT_FORMS = {glyph: face for face, glyph in GLYPH.items()}
"""What ``--table-dice`` answers may abbreviate: the letters the board shows for the faces."""
ELEMENTS = ("Fire", "Water", "Earth", "Air")


def _mana(pool: Mapping[str, int]) -> Text:
    t = Text()
    for e in ELEMENTS:
        t.append(f"{pool.get(e, 0)}{e[0]}", style=STYLE[e] if pool.get(e, 0) else "dim")
        t.append(" " if e != ELEMENTS[-1] else "")
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
        "Game over" if o.get("winners") is not None else f"player {active + 1} is rolling", style="bold"
    )
    if stage:
        head.append(f"  - {stage}")
    if o.get("ether_leak"):
        head.append("  Ether Leak: spells cost 1 more", style="magenta")
    parts: list[RenderableType] = [head]
    if o["dice"]:
        parts.append(Text("Dice:", style="bold") + _dice(o["dice"]))
    parts.append(Text("Channel: ", style="bold") + _mana(o["channel"]))

    # one line per seat, narrow enough for 80 columns; the spells follow in a table of their own
    table = Table(show_header=True, header_style="bold", expand=False, box=None, pad_edge=False)
    for col in ("", "seat", "mage", "Arcana", "Pool", "total"):
        table.add_column(col, no_wrap=True, justify="right" if col == "total" else "left")
    spells_table = Table(show_header=False, expand=False, box=None, pad_edge=False)
    spells_table.add_column("seat", no_wrap=True)
    spells_table.add_column("spells", style="dim")
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
        pool = _mana(p["pool"])
        if p["colourless"]:
            pool.append(f" +{p['colourless']} colourless", style="dim")
        table.add_row(marker, who, p["type"] or "-", arcana, pool, str(p["total"]))
        if spells:
            spells_table.add_row(who, spells)
    parts.append(table)
    if spells_table.row_count:
        parts.append(Text("Spells (cost; * cast this turn):", style="bold"))
        parts.append(spells_table)
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
            Text("Winner: " + ", ".join(describe_player(w) for w in o["winners"]), style="bold green")
        )
    return Panel(Group(*parts), title="ElementaliS", border_style="yellow")


# ------------------------------------------------------------------------------ menu hooks
def _who(seat: int, viewer: int | None) -> str:
    return seat_name(seat, viewer)


def _amount(vec: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {e}" for e, k in vec.items() if k) or "no Mana"


def narrate(events: Sequence[Event], after: Mapping[str, Any], action: Action) -> list[str]:
    """Say where Mana went in one action, read from the typed events the rules emitted: scores into
    the Channel, banking, gifts and payments between mages, Mana returned to the Flux, Mana made
    colourless.

    Args:
        events: the :class:`~elementa.core.events.Event` values the viewer was shown for this action
            (``state.events_for(viewer, count_before)``); events other than ``Moved`` are skipped.
        after: ``state.observation(viewer)`` after the action (its Pools and Channel are quoted).
        action: the action taken (a chosen score or Flux Tap, which its log line already names, is
            not said twice).

    Returns:
        One line per movement between two places, for example
        ``"player 2 gives 1 Earth to you (your Pool: 6)"``.
    """
    viewer = after["viewer"]
    totals = {p["seat"]: p["total"] for p in after["players"]}
    groups: list[tuple[Place, Place, dict[str, int]]] = []
    for e in events:
        if not isinstance(e, Moved):
            continue
        if groups and groups[-1][0] == e.source and groups[-1][1] == e.target:
            vec = groups[-1][2]
            vec[e.what] = vec.get(e.what, 0) + e.amount
        else:
            groups.append((e.source, e.target, {e.what: e.amount}))

    def name(seat: int | None) -> str:
        return _who(seat if seat is not None else -1, viewer)

    def verb(seat: int | None, word: str) -> str:
        return f"{name(seat)} {word if seat == viewer else word + 's'}"

    def pool(seat: int | None) -> str:
        whose = "your" if seat == viewer else f"{describe_player(seat or 0)}'s"
        return f"{whose} Pool: {totals.get(seat, 0)}"

    def owner(seat: int | None) -> str:
        return "your" if seat == viewer else f"{name(seat)}'s"

    chosen = action.kind == "mana"  # a score, Flux Tap or set-up Mana its log line already names
    lines = []
    for source, target, vec in groups:
        amount, src, dst = _amount(vec), source.seat, target.seat
        if source.zone == "Flux":
            if chosen:
                continue
            if target.zone == "Channel":
                lines.append(f"{amount} into {owner(dst)} Channel (Channel: {_amount(after['channel'])})")
            else:
                lines.append(f"{verb(dst, 'gain')} {amount} ({pool(dst)})")
        elif source.zone == "Channel":
            if target.zone == "Flux":  # only the Sun empties a Channel back into the Flux
                lines.append(f"The Sun! {amount} of {owner(src)} Channel returns to the Flux")
            elif dst == src:
                lines.append(f"{verb(src, 'bank')} {amount} ({pool(src)})")
            else:  # a gift on a Cosmic Roll
                lines.append(f"{amount} of the Channel goes to {name(dst)} ({pool(dst)})")
        elif target.zone == "Pool":
            lines.append(f"{verb(src, 'give')} {amount} to {name(dst)} ({pool(dst)})")
        elif target.zone == "colourless":
            lines.append(f"{amount} of {owner(src)} Pool turn colourless ({pool(src)})")
        else:  # back to the Flux: a spell's cost, or Mana a spell destroyed
            lines.append(f"{verb(src, 'pay' if action.kind == 'cast' else 'lose')} {amount} ({pool(src)})")
    return lines


def option_notes(observation: Mapping[str, Any], options: Sequence[Action]) -> list[str]:
    """Lines to read before choosing: what the roll scores if no spell changes it, the Mana chosen so
    far and the vectors still within reach at a colour-by-colour Mana choice, and what each spell
    named in the options (or, at a declaration, each of the viewer's spells) does.

    Args:
        observation: the viewer's observation.
        options: the actions on offer.
    """
    o = observation
    lines = []
    scores = o.get("roll_scores")
    if scores is not None and any(
        a.kind in ("declare", "pass", "reroll_sun") or a.label.startswith("cast") for a in options
    ):
        who = _who(scores["seat"], o["viewer"])
        if scores["sun"]:
            lines.append(f"If no spell changes the dice: the Sun! {who.capitalize()} would lose the Channel.")
        else:
            best = " | ".join(_amount(v) for v in scores["options"][:4]) or "nothing"
            lines.append(f"If no spell changes the dice, {who} would score: {best}")
    choice = o.get("mana_choice")
    if choice is not None and any(a.kind == "mana" for a in options):
        so_far = _amount(choice["chosen"]) if choice["chosen"] else "nothing yet"
        reach = " | ".join(_amount(v) for v in choice["options"][:6])
        more = f" (and {len(choice['options']) - 6} more)" if len(choice["options"]) > 6 else ""
        lines.append(f"Mana is chosen colour by colour. Chosen: {so_far}; within reach: {reach}{more}")
    viewer = o["viewer"]
    if viewer is None:
        return lines
    spells = o["players"][viewer]["spells"]
    declaring = any(a.kind == "declare" for a in options)
    labels = " ".join(a.label for a in options)
    for spell in spells:
        if declaring or spell["name"] in labels:
            cost = "X" if spell["cost"] is None else spell["cost"]
            lines.append(
                f"  {spell['name']} ({spell['arcana']} {spell['level']}, costs {cost}): {spell['help']}"
            )
    return lines


def menu_group(action: Action) -> tuple[str, str] | None:
    """The first step of a long ElementaliS menu (see :mod:`elementa.cli.menu`).

    A spell cast is grouped by the spell, and a spell that also names a face (Tremor: a die turned
    to a symbol) by the spell and the die, so that a declaration of three spells on five dice opens
    with about eight entries instead of 38; everything else stays at the top.

    Args:
        action: a legal action, read through its kind and named parts (never its label's words).

    Returns:
        ``(group, entry)``, for example ``("cast Tremor on die 2", "cast Tremor on die 2 (Ether) to
        Fire (1 Mana)")``, or ``None`` for an action shown on its own.
    """
    if action.kind not in ("cast", "insight"):
        return None
    schema = {part.name: part for part in action.schema}
    spell_part = schema["spell"]
    spell = action.part("spell")
    assert spell is not None and spell_part.values is not None  # every cast names its spell
    name = spell_part.values[spell]
    group = f"cast {name}" if action.kind == "cast" else f"{name} through Insight"
    die = action.part("die")
    if action.part("face") is not None and die is not None:
        group += f" on die {die}" if die else " on the Sun die"
    return group, action.label
