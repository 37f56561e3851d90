"""Drive ElementaliS through its public API: draft given mages, supply dice, read the offered scores."""

from __future__ import annotations

from typing import Any

import elementa
from elementa import State

ELEMENTS = ("Fire", "Water", "Earth", "Air")
FACES = {"Fire": 0, "Water": 1, "Earth": 2, "Air": 3, "Ether": 4, "Sun": 5}


def act(state: State, kind: str, *args: int, player: int | None = None) -> None:
    """Apply the legal action of this kind and arguments (fails the test if it is not legal)."""
    p = state.current_player() if player is None else player
    for a in state.legal_actions(None if p < 0 and p != elementa.SIMULTANEOUS else p):
        if a.kind == kind and (not args or a.args == args):
            state.apply_action(a.id, player)
            return
    labels = [f"{a.kind}{a.args}" for a in state.legal_actions(p if p >= 0 else None)]
    raise AssertionError(f"{kind}{args} is not legal; legal: {labels}")


def arcana_index(name: str) -> int:
    return ["Fire", "Water", "Earth", "Air", "Ether", "Sun", "Moon"].index(name)


def new_game(mages: list[tuple[str, str]], setup: list[str] | None = None, **options: Any) -> State:
    """Draft the given (Major, Minor) pairs in seat order; seats 2.. take the given setup Mana pairs.

    Args:
        mages: one (Major, Minor) name pair per seat.
        setup: for seats 2.., the colour taken twice at setup (default: each seat's first option).
    """
    game = elementa.load_game("elementalis", players=len(mages), **options)
    s = game.new_initial_state(seed=1)
    for major, _ in mages:
        act(s, "major", arcana_index(major))
    for _, minor in mages:
        act(s, "minor", arcana_index(minor))
    for i in range(1, len(mages)):
        colour = (setup or ["Fire"] * len(mages))[i - 1]
        vec = tuple(2 if c == FACES[colour] else 0 for c in range(4))
        choose_mana(s, vec)
    return s


def choose_mana(state: State, vec: tuple[int, ...] | None = None) -> None:
    """Choose the Mana vector ``vec`` (default: the first option) colour by colour, Fire first; the
    colours the options force are applied by the game, with no step."""
    choice = state.observation(None)["mana_choice"]
    assert choice is not None, "no Mana choice under way"
    want = vec or tuple(choice["options"][0][e] for e in ELEMENTS)
    while True:
        c = len(choice["chosen"])
        act(state, "mana", c, want[c])
        after = state.observation(None)["mana_choice"]
        same = after is not None and all(after[k] == choice[k] for k in ("seat", "purpose", "to"))
        if (
            not same
            or len(after["chosen"]) <= c
            or list(after["chosen"].values()) != list(want[: len(after["chosen"])])
        ):
            return
        choice = after


def roll(state: State, faces: list[str]) -> None:
    """Supply die faces as chance outcomes, in the order the dice are rolled (the Sun die first)."""
    for f in faces:
        assert state.current_player() == elementa.CHANCE, state.observation(None)["phase"]
        act(state, "face", FACES[f])


def pass_declarations(state: State) -> None:
    """Every seat asked to declare a spell declares nothing."""
    while state.current_player() == elementa.SIMULTANEOUS:
        for q in state.players_to_move():
            act(state, "pass", player=q)


def skip_tap(state: State) -> None:
    """Decline a Flux Tap if one is offered."""
    obs = state.observation(None)
    if obs["phase"] == "choice" and any(a.kind == "pass" for a in state.legal_actions()):
        act(state, "pass")


def offered_scores(state: State) -> set[tuple[int, ...]]:
    """The Mana vectors (fire, water, earth, air) offered to the active seat, or the one scored."""
    obs = state.observation(None)
    if obs["phase"] == "choice":
        return {tuple(o[e] for e in ELEMENTS) for o in obs["mana_choice"]["options"]}
    return {tuple(obs["channel"][e] for e in ("Fire", "Water", "Earth", "Air"))}


def mana(fire: int = 0, water: int = 0, earth: int = 0, air: int = 0) -> tuple[int, int, int, int]:
    return (fire, water, earth, air)


def pool(state: State, seat: int) -> dict[str, int]:
    return dict(state.observation(None)["players"][seat]["pool"])


def declare(state: State, casters: list[int]) -> None:
    """At a declaration node, the given seats declare a spell and the others declare nothing."""
    assert state.current_player() == elementa.SIMULTANEOUS, state.observation(None)["phase"]
    for q in state.players_to_move():
        act(state, "declare" if q in casters else "pass", player=q)


def cast(state: State, spell: str, **where: int) -> None:
    """The seat to move casts ``spell`` (by name), optionally on ``die``/``face``/``player`` indices.

    For Insight, the target is that of the active player's level-1 spell it casts.
    """
    names = {
        "Mirror Pool": 0, "Ether Leak": 1, "Counter Spell": 2, "Char": 3, "Burn": 4, "Incinerate": 5,
        "Petrify": 6, "Tremor": 7, "Earth Link": 8, "Breeze": 9, "Gust": 10, "Tornado": 11,
        "Insight": 12, "Strength": 13, "Fortitude": 14,
    }  # fmt: skip
    for a in state.legal_actions():
        wanted = a.kind == "insight" if spell == "Insight" else a.kind == "cast" and a.args[0] == names[spell]
        if wanted:
            die, face, player = a.args[1:]
            if all({"die": die, "face": face, "player": player}[k] == v for k, v in where.items()):
                state.apply_action(a)
                return
    raise AssertionError(f"cannot cast {spell} {where}: {[a.label for a in state.legal_actions()]}")


def castable(state: State, player: int) -> list[str]:
    """Labels of the casts open to a seat now (its turn in the casting order)."""
    return [a.label for a in state.legal_actions(player) if a.kind in ("cast", "insight", "break_link")]


def play_quietly_until(state: State, done: Any, face: str = "Earth", limit: int = 2000) -> None:
    """Advance with plain choices until ``done(state)``: dice show ``face``, nobody declares or casts,
    every roll is banked, nobody picks up Opposition dice, the first Mana choice is taken."""
    prefer = ("bank", "pass", "claim")
    for _ in range(limit):
        if done(state) or state.is_terminal():
            return
        cur = state.current_player()
        if cur == elementa.CHANCE:
            act(state, "face", FACES[face])
        elif cur == elementa.SIMULTANEOUS:
            pass_declarations(state)
        else:
            legal = state.legal_actions()
            pick = next(
                (a for k in prefer for a in legal if a.kind == k and (k != "claim" or a.args == (0,))),
                legal[0],
            )
            state.apply_action(pick)
    raise AssertionError("did not get there")
