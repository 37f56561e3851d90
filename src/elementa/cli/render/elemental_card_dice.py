"""Draw an Elemental Card-Dice observation for the terminal: the dice, both shops, each side of the
table (your hand; the opponent's face-down actions shown face down), the response chain, an auction
and the latest events.

Reads only the observation dict (see ``elementa.games.elemental_card_dice.view``); the opponent's
hidden cards are not in it, so they cannot be drawn.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

DIE_STYLE = {
    "fire": "bold white on red",
    "earth": "bold white on dark_orange3",
    "water": "bold white on blue",
    "nature": "bold white on green4",
    "magic": "bold white on purple",
    "gold": "bold black on gold1",
    "utility": "bold black on orange1",
}
KIND_STYLE = {"action": "cyan", "blessing": "green", "passive": "magenta"}


def _seat(p: int, player: int | None) -> str:
    return "you" if p == player else f"player {p + 1}"


def _card(name: str, cards: dict[str, Any], *, text: bool = False) -> Text:
    info = cards.get(name, {})
    out = Text(name, style=KIND_STYLE.get(info.get("kind", ""), ""))
    if info:
        out.append(f" ({info['cost']})", style="dim")
        if text:
            out.append(f"  {info['text']}", style="italic dim")
    return out


def _dice(obs: dict[str, Any]) -> Text:
    line = Text("Dice  ")
    for die, value in obs["dice"].items():
        line.append(f" {die} {value} ", style=DIE_STYLE.get(die, "reverse"))
        line.append(" ")
    return line


def _shops(obs: dict[str, Any]) -> Table:
    table = Table(title="Shops (oldest first)", expand=True, show_lines=False)
    for shop in obs["shops"]:
        table.add_column(f"{shop['name']} · deck {shop['deck_size']}", ratio=1)
    rows = max(len(s["cards"]) for s in obs["shops"])
    for i in range(rows):
        table.add_row(
            *(
                _card(s["cards"][i], obs["cards"], text=True) if i < len(s["cards"]) else Text("")
                for s in obs["shops"]
            )
        )
    return table


def _side(obs: dict[str, Any], p: int, player: int | None) -> Panel:
    side, cards = obs["players"][p], obs["cards"]
    lines = [
        Text.assemble(
            ("health ", "bold"),
            (str(side["health"]), "bold red" if side["health"] <= 20 else "bold"),
            ("   gold ", "bold"),
            (str(side["gold"]), "bold yellow"),
            f"   deck {side['deck_size']}   discard {len(side['discard'])}   hand limit {side['hand_limit']}",
        )
    ]
    if side["hand"] is not None:
        lines.append(Text("hand:" + ("" if side["hand"] else " empty"), style="bold"))
        lines += [Text("  ").append(_card(n, cards, text=True)) for n in side["hand"]]
    else:
        known = f" (seen: {', '.join(side['known_hand'])})" if side["known_hand"] else ""
        count = side["hand_size"]
        lines.append(Text(f"hand: {count} card{'s' * (count != 1)}{known}"))
    if side["face_down"]:
        lines.append(Text("face down:", style="bold"))
        for f in side["face_down"]:
            shown = (
                _card(f["card"], cards, text=True) if f["card"] else Text("▮ a face-down action", style="dim")
            )
            lines.append(Text("  ").append(shown).append(f"  (placed turn {f['placed_turn']})", style="dim"))
    if side["passives"]:
        lines.append(Text("passives: ").append(Text(", ").join(_card(n, cards) for n in side["passives"])))
    if side["known_top"]:
        lines.append(Text(f"top of deck (seen): {', '.join(side['known_top'])}"))
    if side["amplifiers"]:
        lines.append(Text("this turn: " + ", ".join(f"{d} ×{m}" for d, m in side["amplifiers"].items())))
    if side["discard"]:
        lines.append(Text(f"discard (latest): {', '.join(side['discard'][-4:])}", style="dim"))
    active = obs["active"] == p and not obs["over"]
    title = f"{_seat(p, player).capitalize()}" + (" · to play" if active else "")
    return Panel(Group(*lines), title=title, border_style="bold" if active else "dim")


def _status(obs: dict[str, Any], player: int | None) -> Text:
    line = Text("Elemental Card-Dice Game", style="bold")
    if obs["over"]:
        line.append(" · draw" if obs["winner"] is None else f" · {_seat(obs['winner'], player)} won")
        return line
    limit = f" of {obs['turn_limit']}" if obs["turn_limit"] else ""
    line.append(f" · turn {obs['turn']}{limit}, {_seat(obs['active'], player)} playing")
    to_move = obs["to_move"]
    if isinstance(to_move, int):
        line.append(f" · {_seat(to_move, player)} to move", style="bold")
    ts = obs["turn_state"]
    plays = ts["actions_left"]
    line.append(f" · {plays} action play{'s' * (plays != 1)} left")
    used = [w for w, k in (("gold", "gained_gold"), ("draw", "drew"), ("bid", "bid_done")) if ts[k]]
    if used:
        line.append(f" · used this turn: {', '.join(used)}", style="dim")
    return line


def _chain(obs: dict[str, Any], player: int | None) -> RenderableType | None:
    if not obs["chain"]:
        return None
    text = Text("Response chain (resolves from the right): ", style="bold")
    for i, e in enumerate(obs["chain"]):
        if i:
            text.append(" ← ")
        text.append(_card(e["card"], obs["cards"])).append(f" [{_seat(e['player'], player)}, {e['from']}]")
    text.append(f"   · {_seat(obs['priority'], player)} may answer or pass")
    return text


def _auction(obs: dict[str, Any]) -> RenderableType | None:
    a = obs["auction"]
    if a is None:
        return None
    who = "the opponent may raise" if a["to_move"] == "raise" else "the bidder may match"
    return Text.assemble(
        ("Auction: ", "bold"), _card(a["card"], obs["cards"]), f" at {a['bid']} gold · {who}"
    )


def _decision(obs: dict[str, Any], player: int | None) -> RenderableType | None:
    d = obs["decision"]
    if d is None:
        return None
    text = Text(f"Deciding: {_seat(d['player'], player)} · {d['kind'].replace('_', ' ')}", style="bold")
    if d.get("cards"):
        text.append(f" · cards: {', '.join(d['cards'])}")
    return text


def render(observation: dict[str, Any], player: int | None) -> RenderableType:
    """Return a rich renderable of the table as ``player`` (a seat, or ``None``) sees it.

    Args:
        observation: ``state.observation(player)`` of an Elemental Card-Dice state.
        player: the viewing seat; the opponent's side is drawn first, yours last.
    """
    obs = observation
    first = 1 - player if player in (0, 1) else 0
    parts: list[RenderableType | None] = [
        _status(obs, player),
        _dice(obs),
        _shops(obs),
        _side(obs, first, player),
        _side(obs, 1 - first, player),
        _chain(obs, player),
        _auction(obs),
        _decision(obs, player),
    ]
    if obs["log"]:
        parts.append(Text("Events: " + " · ".join(obs["log"][-6:]), style="dim"))
    return Group(*(p for p in parts if p is not None))
