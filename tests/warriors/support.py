"""Helpers that drive Warriors through its public API: decks from a file, chosen draws and rolls.

Tests build small decks with :func:`make_game`, deal exact hands with :func:`deal`, assemble
fighters with :func:`assemble` and then pick each decision with :func:`act` and each chance outcome
with :func:`draw`, :func:`roll` and :func:`percentile`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import elementa
from elementa import CHANCE, Action, State

FILLER = ("Ruined Keep", "Desert Outpost", "Frozen Pass", "Fog Valley", "Toxic Swamp", "Volcano Rim")


def make_game(tmp_path: Path, decks: Sequence[Sequence[str]], **options: Any) -> elementa.Game:
    """Return a Warriors game whose seat ``i`` plays a deck of exactly ``decks[i]`` (card names)."""
    lines = []
    for i, cards in enumerate(decks):
        lines += [f'[[deck]]\nname = "test-{i}"\n[deck.cards]']
        lines += [f'"{name}" = {k}' for name, k in Counter(cards).items()]
    path = tmp_path / "test-decks.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    names = ",".join(f"test-{i}" for i in range(len(decks)))
    options.setdefault("players", len(decks))
    return elementa.load_game("warriors", deck_files=str(path), decks=names, **options)


def cid(state: State, name: str) -> int:
    """Return a card's id."""
    return state.game.card_id(name)  # type: ignore[attr-defined]


def draw(state: State, name: str) -> None:
    """At a draw chance node, draw the named card."""
    assert state.current_player() == CHANCE, f"not a chance node: {state}"
    want = cid(state, name)
    for a, _ in state.chance_outcomes():
        if a.kind == "draw" and a.args == (want,):
            state.apply_action(a)
            return
    raise AssertionError(f"{name} cannot be drawn now: {[a.label for a, _ in state.chance_outcomes()]}")


def deal(state: State, hands: Sequence[Sequence[str]]) -> None:
    """Draw the opening hands: seat by seat, the named cards in order."""
    for hand in hands:
        for name in hand:
            draw(state, name)


def draw_any(state: State) -> None:
    """Resolve draw chance nodes (the first card in id order) until something else is on top."""
    while state.current_player() == CHANCE and state.chance_outcomes()[0][0].kind == "draw":
        state.apply_action(state.chance_outcomes()[0][0])


def act(state: State, player: int, kind: str, *args: int) -> Action:
    """Apply the legal action of ``player`` of this kind (and arguments, if given); return it."""
    legal = state.legal_actions(player)
    for a in legal:
        if a.kind == kind and (not args or a.args == tuple(args)):
            state.apply_action(a, player)
            return a
    raise AssertionError(f"no {kind}{list(args)} for player {player + 1} among {[a.label for a in legal]}")


def has(state: State, player: int, kind: str, *args: int) -> bool:
    """Whether ``player`` has a legal action of this kind (and arguments)."""
    return any(a.kind == kind and (not args or a.args == tuple(args)) for a in state.legal_actions(player))


def assemble(state: State, plan: dict[int, tuple[str, Sequence[str]] | None]) -> None:
    """Assemble fighters at the secret assembly: seat -> (fighter, equipment) or ``None`` to forfeit."""
    steps: dict[int, list[tuple[Any, ...]]] = {}
    for p, entry in plan.items():
        if entry is None:
            steps[p] = [("forfeit",)]
        else:
            fighter, gear = entry
            steps[p] = [("field", cid(state, fighter)), *(("equip", cid(state, g)) for g in gear), ("ready",)]
    while state.is_simultaneous_node():
        for p in state.players_to_move():
            step = steps[p].pop(0)
            act(state, p, step[0], *step[1:])


def roll(state: State, face: int) -> str:
    """At a die chance node, roll ``face`` (1-based); return the outcome's label."""
    assert state.current_player() == CHANCE
    for a, _ in state.chance_outcomes():
        if a.kind == "roll" and a.args == (face - 1,):
            state.apply_action(a)
            return a.label
    raise AssertionError(f"no face {face}: {[a.label for a, _ in state.chance_outcomes()]}")


def percentile(state: State, tens: int, units: int) -> None:
    """Roll a breakage percentile as two d10: the tens die, then the units die (0 is the face 10)."""
    roll(state, tens or 10)
    roll(state, units or 10)


def die_size(state: State) -> int:
    """The number of faces of the die at the current chance node."""
    return len(state.chance_outcomes())


def fighter(state: State, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """Return the observation entry of a combatant (seen by a spectator unless ``viewer`` is given)."""
    for f in state.observation(viewer)["fighters"]:
        if f["id"] == seat:
            return f
    raise AssertionError(f"combatant {seat} is not in the battle")


def gear(state: State, seat: int) -> list[str]:
    """Return the names of a combatant's equipped cards."""
    return [e["name"] for e in fighter(state, seat)["equipment"]]


def player(state: State, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """Return the observation entry of a player."""
    return state.observation(viewer)["players"][seat]


def start_battle(
    tmp_path: Path,
    seats: Sequence[tuple[str, Sequence[str], Sequence[str]]],
    *,
    spare: Sequence[str] = ("Frozen Pass",) * 6,
    seed: int = 0,
    **options: Any,
) -> State:
    """Return a game at the first turn of battle 1: seat ``i`` fields ``seats[i] = (fighter, gear,
    other hand cards)``; hands are padded to eight with :data:`FILLER`; each deck holds the hand and
    ``spare``. Mulligans for want of a weapon are off unless the options say otherwise."""
    hands = []
    for fighter_name, equipment, extra in seats:
        hand = [fighter_name, *equipment, *extra]
        hand += [*(c for c in FILLER if c not in hand), *["Frozen Pass"] * 8][: 8 - len(hand)]
        assert len(hand) == 8, hand
        hands.append(hand)
    options.setdefault("mulligan_requires_weapon", False)
    game = make_game(tmp_path, [[*h, *spare] for h in hands], **options)
    state = game.new_initial_state(seed)
    deal(state, hands)
    assemble(state, {p: (f, g) for p, (f, g, _) in enumerate(seats)})
    return state
