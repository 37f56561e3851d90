"""A test table for the Elemental Card-Dice Game, driven only through the public API.

``Table`` starts a game with a card file of our own (the packaged list with chosen starting decks),
rolls the dice it is given, deals the shops, and offers short ways to take actions by kind and card
name and to supply chance outcomes (the cards drawn) explicitly.
"""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from elementa import Action, State, load_game

NAME = "elemental-card-dice"
PACKAGED: list[dict[str, Any]] = tomllib.loads(
    (resources.files("elementa.games.elemental_card_dice") / "cards.toml").read_text(encoding="utf-8")
)["card"]
DIE_ORDER = ("fire", "earth", "water", "nature", "magic", "gold", "utility")


def to_toml(cards: list[dict[str, Any]]) -> str:
    """Write card tables as TOML (strings, integers and lists of strings are all a card file holds)."""

    def value(v: Any) -> str:
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, bool):
            return str(v).lower()
        if isinstance(v, int):
            return str(v)
        return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'

    out = []
    for card in cards:
        out.append("[[card]]")
        out += [f"{k} = {value(v)}" for k, v in card.items()]
        out.append("")
    return "\n".join(out)


def card_file(directory: Path, start: dict[str, int], basic_income: int = 0, name: str = "cards.toml") -> str:
    """Write the packaged card list with chosen starting decks; return its path.

    Args:
        directory: where to write it.
        start: card name -> copies in each player's starting deck (shop cards so listed leave the shop).
        basic_income: Basic Income copies in each starting deck (the game has 5).
    """
    cards = copy.deepcopy(PACKAGED)
    for card in cards:
        if card["name"] == "Basic Income":
            card["start_copies"] = start.get("Basic Income", basic_income)
        elif card["name"] in start:
            card["start_copies"] = start[card["name"]]
            card["shop"] = "none"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(to_toml(cards), encoding="utf-8")
    return str(path)


class Table:
    """A game at the start of player 1's first turn, with given dice, starting decks and shops.

    Args:
        directory: a temporary directory for the card file.
        start: card name -> copies in each starting deck (see :func:`card_file`).
        dice: the seven faces, fire to utility.
        basic_income: Basic Income copies in each starting deck.
        cheap, expensive: card names dealt to the shops first (the rest: lowest card first).
        **options: further game options.
    """

    def __init__(
        self,
        directory: Path,
        start: dict[str, int] | None = None,
        dice: tuple[int, ...] = (3, 3, 3, 3, 3, 3, 3),
        basic_income: int = 0,
        cheap: tuple[str, ...] = (),
        expensive: tuple[str, ...] = (),
        **options: Any,
    ) -> None:
        path = card_file(directory, start or {}, basic_income)
        options.setdefault("first_player", "1")
        self.game = load_game(NAME, card_file=path, replace_cards=True, **options)
        self.state: State = self.game.new_initial_state(seed=0)
        for face in dice:
            self.chance("face", face - 1)
        for shop in (cheap, expensive):  # each shop deals four cards, one chance outcome each
            for i in range(4):
                if i < len(shop):
                    self.chance("card", shop[i])
                else:
                    self.state.apply_action(self.state.chance_outcomes()[0][0])
        self.settle()

    # --------------------------------------------------------------------------------- lookups
    def id(self, name: str) -> int:
        """Return a card's id by name."""
        return next(c.id for c in self.game.cards if c.name == name)

    def obs(self, player: int | None = 0) -> dict[str, Any]:
        """Return the observation of a seat."""
        return self.state.observation(player)

    def me(self, player: int = 0) -> dict[str, Any]:
        """Return a seat's own view of itself."""
        return self.obs(player)["players"][player]

    def dice(self) -> dict[str, int]:
        """Return the dice as everyone sees them."""
        return self.obs(None)["dice"]

    def legal(self, player: int | None = None) -> list[Action]:
        """Return the legal actions of the player to move (or of ``player``)."""
        return self.state.legal_actions(player)

    def find(self, kind: str, *args: int | str) -> Action | None:
        """Return the legal action ``kind(*args)`` (card names allowed as arguments), or None."""
        ids = tuple(self.id(a) if isinstance(a, str) else a for a in args)
        chance = self.state.is_chance_node()
        pool = [a for a, _ in self.state.chance_outcomes()] if chance else self.legal()
        return next((a for a in pool if a.kind == kind and a.args == ids), None)

    def can(self, kind: str, *args: int | str) -> bool:
        """Whether ``kind(*args)`` is legal now."""
        return self.find(kind, *args) is not None

    # --------------------------------------------------------------------------------- moves
    def do(self, kind: str, *args: int | str) -> None:
        """Apply the legal action ``kind(*args)``; fail the test if it is not legal."""
        action = self.find(kind, *args)
        if action is None:
            legal = [str(a) for a in (self.state.legal_actions() if not self.state.is_chance_node() else [])]
            raise AssertionError(f"{kind}{args} is not legal; legal: {legal}\n{self.state}")
        self.state.apply_action(action)

    def chance(self, kind: str, *args: int | str) -> None:
        """Supply a chance outcome (``"face", 3`` for a die showing 4, ``"card", "Fire"``)."""
        if not self.state.is_chance_node():
            raise AssertionError(f"not a chance node; to move: {self.state.current_player()}")
        self.do(kind, *args)

    def draws(self, *names: str) -> None:
        """Supply the cards drawn, in order, where the draw is a chance (a sure draw needs none)."""
        for name in names:
            if self.state.is_chance_node():
                self.chance("card", name)

    def settle(self) -> None:
        """Resolve chance nodes with their first outcome (shop refills) until a player must act."""
        while self.state.is_chance_node():
            self.state.apply_action(self.state.chance_outcomes()[0][0])

    def end_turn(self) -> None:
        """End the active player's turn and deal the shop refills."""
        self.do("end_turn")
        self.settle()

    def draw(self, *names: str) -> None:
        """Take the turn's draw and supply the cards drawn."""
        self.do("draw")
        self.draws(*names)

    def turn(self, draw: str | None = None) -> None:
        """Take the turn's draw (the named card, or the first outcome) and end the turn."""
        self.do("draw")
        if draw is not None:
            self.draws(draw)
        self.settle()
        self.end_turn()

    def choose(self, label: str) -> None:
        """Apply the legal action with this label (for choices such as "change the fire die from 5 to 6")."""
        action = next((a for a in self.legal() if a.label == label), None)
        if action is None:
            raise AssertionError(f"no legal action {label!r}; legal: {[a.label for a in self.legal()]}")
        self.state.apply_action(action)

    def play(self, name: str, *then: tuple[Any, ...]) -> None:
        """Play an action from hand and let the opponent pass, so that it resolves."""
        self.do("play", name)
        self.do("pass")
        for step in then:
            self.do(*step)

    def buy(self, name: str) -> None:
        """Bid for a shop card; the opponent lets the bid stand."""
        self.do("bid", name)
        self.do("pass")
