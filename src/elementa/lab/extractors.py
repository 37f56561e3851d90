"""Per-game metrics extractors: which components (mage types, spells, cards, layouts...) a game used.

An extractor watches one game through the public API only: the action each seat takes (its kind,
args and label), ``describe_action``, observations, the game's options and the final returns. It never
reads a state's fields. It reports two kinds of component data per game:

* *attributes*: one value per seat for a category (``"mage type"``: ``["Luminary", "Purist", ...]``),
  for win rates by value and, in two-player games, a value-against-value matrix;
* *uses*: per category, per seat, how often each item was used (``"spells cast"``:
  ``[{"Incinerate": 2}, {}, ...]``), for usage counts and their association with winning.

Extractors are registered by game name (:func:`register_extractor`); a game without one gets the
generic extractor, which counts action kinds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from elementa.core import Action, State

Attributes = dict[str, list[str]]
"""Category -> one value per seat."""

Uses = dict[str, list[dict[str, int]]]
"""Category -> per seat, item -> times used."""


class Extractor:
    """Collects the component data of one game; subclasses override :meth:`on_action` and :meth:`finish`.

    Args:
        players: the number of seats.
        options: the game's options (as ``game.options_dict()``).
    """

    role_name = "role"
    """The attribute category under which the seats' public roles (``State.roles()``) are recorded."""

    label_uses: ClassVar[dict[str, tuple[str, re.Pattern[str]]]] = {}
    """Action kind -> (use category, pattern whose first group is the item's name in the label). An
    extractor without any counts every action kind instead."""

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.players = players
        self.options = options
        self.attributes: Attributes = {}
        self.uses: Uses = {}

    def count(self, category: str, seat: int, item: str, times: int = 1) -> None:
        """Add ``times`` uses of ``item`` by ``seat`` to ``category``."""
        seats = self.uses.setdefault(category, [{} for _ in range(self.players)])
        seats[seat][item] = seats[seat].get(item, 0) + times

    def on_action(self, state: State, player: int, action: Action) -> None:
        """See one decision (``player`` a seat, never chance) before it is applied to ``state``."""
        if not self.label_uses:
            self.count("action kinds", player, action.kind)
            return
        entry = self.label_uses.get(action.kind)
        if entry is not None:
            match = entry[1].match(action.label)
            if match:
                self.count(entry[0], player, match.group(1).strip())

    def finish(self, state: State) -> None:
        """See the final state (read its roles, returns and observations only)."""
        roles = state.roles()
        if roles is not None:
            self.attributes[self.role_name] = list(roles)


ExtractorFactory = Callable[[int, dict[str, Any]], Extractor]

_REGISTRY: dict[str, ExtractorFactory] = {}


def register_extractor(game: str) -> Callable[[type[Extractor]], type[Extractor]]:
    """Class decorator: use this extractor for the game registered as ``game``."""

    def register(cls: type[Extractor]) -> type[Extractor]:
        _REGISTRY[game] = cls
        return cls

    return register


def make_extractor(game: str, players: int, options: dict[str, Any]) -> Extractor:
    """Return a fresh extractor for one game of ``game`` (the generic one if none is registered)."""
    return _REGISTRY.get(game, Extractor)(players, options)


def registered_extractors() -> list[str]:
    """Return the names of the games with their own extractor."""
    return sorted(_REGISTRY)


def _name(label: str, pattern: re.Pattern[str]) -> str | None:
    m = pattern.match(label)
    return m.group(1).strip() if m else None


_CAST = re.compile(r"cast (.+?)(?: on | \()")


@register_extractor("elementalis")
class ElementalisExtractor(Extractor):
    """Mage types (the seats' roles) and the spells each mage cast (from cast labels, answers included).

    source: elementalis.txt, Starting the Game (mage types); Appendix A (spells).
    """

    role_name = "mage type"
    label_uses: ClassVar[dict[str, tuple[str, re.Pattern[str]]]] = {
        kind: ("spells cast", _CAST) for kind in ("cast", "insight", "react")
    }


_WARRIORS_PLAYS = {
    "field": ("cards played", re.compile(r"enter (.+?) \(")),
    "equip": ("cards played", re.compile(r"equip (.+?) \(")),
    "location": ("cards played", re.compile(r"fight over (.+?)(?: \(| from)")),
    "use": ("cards played", re.compile(r"use (.+?):")),
}


@register_extractor("warriors")
class WarriorsExtractor(Extractor):
    """Decks (the seats' roles) and the cards each seat played: fighters entered, equipment, locations,
    and cards whose action it used.

    source: warriors rulebook, Decks; Playing cards.
    """

    role_name = "deck"
    label_uses = _WARRIORS_PLAYS


_CARD_PLAYS = {
    "play": ("cards played", re.compile(r"play (?:the blessing )?(.+)$")),
    "bless": ("cards played", re.compile(r"play the blessing (.+)$")),
    "execute": ("cards played", re.compile(r"play face-down (.+)$")),
    "respond": ("cards played", re.compile(r"answer with (.+?) \(")),
    "respond_facedown": ("cards played", re.compile(r"answer with face-down (.+)$")),
}


@register_extractor("elemental-card-dice")
class CardDiceExtractor(Extractor):
    """Cards bought at auction (the public ``bought`` list of each seat, read before a turn ends and at
    the end) and cards played (play, blessing, face-down and answer labels); who moved first.

    source: elemental card-dice rulebook, The shops and auctions; Playing cards.
    """

    label_uses = _CARD_PLAYS

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        self.first: int | None = None

    def _read_bought(self, state: State) -> None:
        for seat, side in enumerate(state.observation(None).get("players", [])):
            for card in side.get("bought") or []:
                self.count("cards bought", seat, str(card))

    def on_action(self, state: State, player: int, action: Action) -> None:
        if self.first is None:
            self.first = player
        super().on_action(state, player, action)
        if action.kind == "end_turn":
            self._read_bought(state)

    def finish(self, state: State) -> None:
        super().finish(state)
        self._read_bought(state)
        if self.first is not None:
            self.attributes["turn order"] = [
                "moves first" if p == self.first else "moves second" for p in range(self.players)
            ]


_LAYOUT = re.compile(r"use the (.+?) layout")
_POWER = re.compile(r"(.+?):")


@register_extractor("elemental-warriors-ii")
class WarriorsIIExtractor(Extractor):
    """Set-up layouts (a preset's name, or ``custom`` for coins placed by hand) and the powers used.

    source: elemental warriors ii rulebook, Setting up; Elemental powers.
    """

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        self.layouts = ["custom"] * players

    def on_action(self, state: State, player: int, action: Action) -> None:
        if action.kind == "preset":
            self.layouts[player] = _name(action.label, _LAYOUT) or "preset"
        elif action.kind == "power":
            power = _name(action.label, _POWER)
            if power:
                self.count("powers used", player, power)

    def finish(self, state: State) -> None:
        super().finish(state)
        self.attributes["layout"] = list(self.layouts)


_UNIT = re.compile(r".*?\b(fire|water|plant) unit")
_TERRAFORM = {"lava": "lava", "forest": "forest", "river": "river"}


@register_extractor("elemenders")
class ElemendersExtractor(Extractor):
    """Elements used (units placed, moved, attacking, by element) and terrain made (terraform labels);
    who moved first (the seats' roles).

    source: elemenders rulebook, Units; Terraforming.
    """

    role_name = "turn order"

    def on_action(self, state: State, player: int, action: Action) -> None:
        if action.kind in ("place", "move", "attack", "terraform"):
            element = _name(action.label, _UNIT)
            if element:
                self.count(f"elements: {action.kind}", player, element)
        if action.kind == "terraform":
            for word, terrain in _TERRAFORM.items():
                if word in action.label:
                    self.count("terrain made", player, terrain)
