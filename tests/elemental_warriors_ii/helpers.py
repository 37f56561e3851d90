"""Helpers that drive Elemental Warriors II through the public API for the rule tests.

Squares are named as on the sheet ("Water 5", "Attack 10"); coins as letters with counts ("2p n d");
cards by name ("J♦", "10c"). Chance outcomes (cards dealt, d10 rolls) are given explicitly.
"""

from __future__ import annotations

import re
from typing import Any

import elementa
from elementa import CHANCE, Action, State
from elementa.games.elemental_warriors_ii.cards import parse

NAME = "elemental-warriors-ii"


def new(seed: int = 0, **options: Any) -> State:
    """Return a new game of Elemental Warriors II with these options."""
    return elementa.load_game(NAME, **options).new_initial_state(seed)


def card(name: str, deck: int = 0) -> int:
    """Return a card's id from its name."""
    return parse(name, deck)


def find(state: State, kind: str, *args: int, player: int | None = None) -> tuple[int, Action]:
    """Return ``(actor, action)``: the legal action of this kind (and these args) of the player
    (or of whoever is to move, chance included)."""
    seats = [player] if player is not None else (state.players_to_move() or [CHANCE])
    for p in seats:
        for a in state.legal_actions(None if p == CHANCE else p):
            if a.kind == kind and (not args or a.args == args):
                return p, a
    legal = {p: [str(a) for a in state.legal_actions(None if p == CHANCE else p)][:30] for p in seats}
    raise AssertionError(f"no legal {kind}{list(args)} for {seats}; legal: {legal}")


def do(state: State, kind: str, *args: int, player: int | None = None) -> Action:
    """Apply the legal action of this kind (and args) for the player or whoever is to move."""
    p, a = find(state, kind, *args, player=player)
    state.apply_action(a, p if state.is_simultaneous_node() else None)
    return a


def legal_kinds(state: State, player: int) -> set[str]:
    """Return the kinds of the player's legal actions."""
    return {a.kind for a in state.legal_actions(player)}


def square(state: State, name: str) -> tuple[int, int]:
    """Return ``(row, column)`` indices of a square named like ``"Water 5"``."""
    row, col = name.split()
    rows = state.observation(None)["rows"]
    return rows.index(row), int(col) - 1


def coins(spec: str) -> list[int]:
    """Return the coins of a spec like ``"2p n"`` as coin indices (0 penny, 1 nickel, 2 dime)."""
    found = []
    for count, letter in re.findall(r"(\d*)([pnd])", spec):
        found += ["pnd".index(letter)] * int(count or 1)
    return found


def place(state: State, player: int, layout: dict[str, str], filler: str = "Attack 10") -> None:
    """Place a player's coins as given, then the rest of the 25 cents as pennies on ``filler``."""
    for name, spec in layout.items():
        row, col = square(state, name)
        for coin in coins(spec):
            do(state, "place", coin, row, col, player=player)
    row, col = square(state, filler)
    for _ in range(25 - state.observation(player)["players"][player]["change"]):
        do(state, "place", 0, row, col, player=player)


def deal(state: State, *hands: list[str], deck: bool = False) -> None:
    """Deal the named cards, one at a time in seat order (with ``deck``: from each own deck)."""
    for i in range(len(hands[0])):
        for p, hand in enumerate(hands):
            do(state, "card", card(hand[i], p if deck else 0))


def start(
    layouts: list[dict[str, str]], hands: list[list[str]], fillers: list[str] | None = None, **options: Any
) -> State:
    """Return a game after setup and the deal: each player's layout, then their three cards."""
    state = new(**options)
    for p, layout in enumerate(layouts):
        place(state, p, layout, (fillers or ["Attack 10"] * len(layouts))[p])
    deal(state, *hands, deck=bool(options.get("independence") or options.get("independent_panic")))
    return state


def sq(state: State, player: int, name: str, viewer: int | None = None) -> list[int]:
    """Return ``[pennies, nickels, dimes]`` of a player's square as a viewer sees it."""
    row, col = square(state, name)
    return state.observation(player if viewer is None else viewer)["players"][player]["sheet"][row][col]


def me(state: State, player: int) -> dict[str, Any]:
    """Return the player's own view of themself."""
    return state.observation(player)["players"][player]


def play(state: State, *cards_or_kinds: str) -> None:
    """Submit every player's play in the Activate window: a card name, or an action kind such as
    ``"play_top"`` or ``"roll"``."""
    for p, what in enumerate(cards_or_kinds):
        if what in ("play_top", "play_random", "roll", "no_card"):
            do(state, what, player=p)
        else:
            ids = {card(what), card(what, p)}  # the shared deck, or the player's own deck
            state.apply_action(
                next(a for a in state.legal_actions(p) if a.kind == "play" and a.args[0] in ids), p
            )


def decline_all(state: State, kinds: tuple[str, ...] = ("recovery", "free")) -> None:
    """While the players to move can decline, decline (ends Recovery or free-action choices)."""
    while not state.is_terminal() and state.current_player() != CHANCE:
        moved = False
        for p in state.players_to_move():
            acts = [a for a in state.legal_actions(p) if a.kind == "decline"]
            if acts:
                state.apply_action(acts[0], p)
                moved = True
                break
        if not moved:
            return


def pay_all(state: State, player: int, name: str) -> None:
    """Pay every cent a player now owes with pennies from one square."""
    row, col = square(state, name)
    while state.current_player() == player and "pay" in legal_kinds(state, player):
        do(state, "pay", 0, row, col)


def pass_recovery(state: State) -> None:
    """Every player takes no Recovery action."""
    assert state.observation(None)["phase"] == "recovery", state.observation(None)["phase"]
    for p in state.players_to_move():
        do(state, "decline", player=p)
