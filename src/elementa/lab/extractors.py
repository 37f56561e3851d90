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

from collections.abc import Callable
from typing import Any, ClassVar

from elementa.core import Action, ActionSpace, State

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

    part_uses: ClassVar[dict[str, tuple[str, str]]] = {}
    """Action kind -> (use category, the part whose value is the item used): the item is named by
    the part's ``values`` (a card's or spell's name), else its number. An extractor without any
    counts every action kind instead."""

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
        if not self.part_uses:
            self.count("action kinds", player, action.kind)
            return
        entry = self.part_uses.get(action.kind)
        if entry is not None:
            item = item_name(action, entry[1])
            if item is not None:
                self.count(entry[0], player, item)

    @classmethod
    def catalog(cls, space: ActionSpace) -> dict[str, list[str]]:
        """Return every item each use category can name, used or not, from the action space's part
        values (categories whose parts have no value names are left out).

        Args:
            space: the game's action space, for the options the report was run with.

        Returns:
            category -> item names, in the order the game numbers them (without repeats).
        """
        out: dict[str, list[str]] = {}
        for kind, (category, name) in cls.part_uses.items():
            if kind not in space.kinds:
                continue
            for part in space.parts(kind):
                if part.name == name and part.values is not None:
                    names = out.setdefault(category, [])
                    names += [v for v in part.values if v not in names]
        return out

    def finish(self, state: State) -> None:
        """See the final state (read its roles, returns and observations only)."""
        roles = state.roles()
        if roles is not None:
            self.attributes[self.role_name] = list(roles)


ExtractorFactory = type[Extractor]

_REGISTRY: dict[str, ExtractorFactory] = {}


def register_extractor(game: str) -> Callable[[type[Extractor]], type[Extractor]]:
    """Class decorator: use this extractor for the game registered as ``game``."""

    def register(cls: type[Extractor]) -> type[Extractor]:
        _REGISTRY[game] = cls
        return cls

    return register


def extractor_class(game: str) -> ExtractorFactory:
    """Return the extractor class of ``game`` (the generic :class:`Extractor` if none is registered)."""
    return _REGISTRY.get(game, Extractor)


def make_extractor(game: str, players: int, options: dict[str, Any]) -> Extractor:
    """Return a fresh extractor for one game of ``game`` (the generic one if none is registered)."""
    return extractor_class(game)(players, options)


def registered_extractors() -> list[str]:
    """Return the names of the games with their own extractor."""
    return sorted(_REGISTRY)


def item_name(action: Action, part: str) -> str | None:
    """Return what an action's part names: the part's value name where it has names, else the value
    as text; ``None`` where the kind has no such part or the part is unused."""
    for declared, value in zip(action.schema, action.args, strict=False):
        if declared.name == part:
            if value == declared.none:
                return None
            names = declared.values
            return names[value] if names is not None and value < len(names) else str(value)
    return None


@register_extractor("elementalis")
class ElementalisExtractor(Extractor):
    """Mage types (the seats' roles) and the spells each mage cast (the ``spell`` part of casts,
    Insight casts, answers and Earth Link breaks; an Insight counts as the spell it copies).

    source: elementalis.txt, Starting the Game (mage types); Appendix A (spells).
    """

    role_name = "mage type"
    part_uses: ClassVar[dict[str, tuple[str, str]]] = {
        kind: ("spells cast", "spell") for kind in ("cast", "insight", "react", "break_link")
    }


@register_extractor("warriors")
class WarriorsExtractor(Extractor):
    """Decks (the seats' roles) and the cards each seat played: fighters entered, equipment and
    locations (their ``card`` part), and the cards drawn.

    source: warriors.txt, Decks; Playing cards.
    """

    role_name = "deck"
    part_uses: ClassVar[dict[str, tuple[str, str]]] = {
        "field": ("cards played", "card"),
        "equip": ("cards played", "card"),
        "location": ("cards played", "card"),
        "discard": ("cards discarded", "card"),
    }


@register_extractor("elemental-card-dice")
class CardDiceExtractor(Extractor):
    """Cards bought at auction (the public ``bought`` list of each seat, read before a turn ends and at
    the end), cards played (the ``card`` part of plays, blessings, face-down plays and answers) and
    bid on; who moved first.

    source: elemental-card-dice.txt, The shops and auctions; Playing cards.
    """

    part_uses: ClassVar[dict[str, tuple[str, str]]] = {
        **{
            kind: ("cards played", "card")
            for kind in ("play", "bless", "execute", "respond", "respond_facedown")
        },
        "bid": ("cards bid on", "card"),
    }

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        self.first: int | None = None

    @classmethod
    def catalog(cls, space: ActionSpace) -> dict[str, list[str]]:
        """The cards played and bid on (the ``card`` part's names), and the same cards as the cards
        that can be bought (every card is sold in the shops)."""
        out = super().catalog(space)
        if "cards played" in out:
            out["cards bought"] = list(out["cards played"])
        return out

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


@register_extractor("elemental-warriors-ii")
class WarriorsIIExtractor(Extractor):
    """Set-up layouts (a preset's name, or ``custom`` for coins placed by hand) and the powers used
    (element and entry of the ``power`` kind).

    source: elemental-warriors-ii.txt, Setting up; Elemental powers.
    """

    part_uses: ClassVar[dict[str, tuple[str, str]]] = {"play": ("cards played", "card")}

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        super().__init__(players, options)
        self.layouts = ["custom"] * players

    def on_action(self, state: State, player: int, action: Action) -> None:
        super().on_action(state, player, action)
        if action.kind == "preset":
            self.layouts[player] = item_name(action, "layout") or "preset"
        elif action.kind == "power":
            self.count(
                "powers used", player, f"{item_name(action, 'element')} ({item_name(action, 'entry')})"
            )

    @classmethod
    def catalog(cls, space: ActionSpace) -> dict[str, list[str]]:
        """The cards, and every power: each element at each entry."""
        out = super().catalog(space)
        if "power" in space.kinds:
            element, entry = space.parts("power")
            out["powers used"] = [f"{x} ({y})" for x in element.values or () for y in entry.values or ()]
        return out

    def finish(self, state: State) -> None:
        super().finish(state)
        self.attributes["layout"] = list(self.layouts)


@register_extractor("elemenders")
class ElemendersExtractor(Extractor):
    """Elements used (units placed by their ``element`` part; moving and attacking by the element of
    the unit on the square moved from, from the observation) and terrain made (terraform shapes by
    the acting unit's element); who moved first (the seats' roles).

    source: elemenders.txt, Units; Terraforming.
    """

    role_name = "turn order"
    part_uses: ClassVar[dict[str, tuple[str, str]]] = {"place": ("elements: place", "element")}
    _TERRAIN: ClassVar[dict[str, str]] = {"fire": "lava", "water": "river", "plant": "forest"}

    def on_action(self, state: State, player: int, action: Action) -> None:
        super().on_action(state, player, action)
        if action.kind in ("move", "attack", "terraform"):
            element = _acting_element(state.observation(player))
            if element is not None:
                self.count(f"elements: {action.kind}", player, element)
                if action.kind == "terraform":
                    self.count("terrain made", player, self._TERRAIN[element])

    @classmethod
    def catalog(cls, space: ActionSpace) -> dict[str, list[str]]:
        """The three elements for each use, and the three terrains."""
        out = super().catalog(space)
        elements = list(space.parts("place")[0].values or ())
        for use in ("move", "attack", "terraform"):
            out[f"elements: {use}"] = elements
        out["terrain made"] = [cls._TERRAIN[e] for e in elements]
        return out


def _acting_element(observation: dict[str, Any]) -> str | None:
    """The element of the unit acting in an Elemenders observation (``active`` names its square)."""
    active = observation.get("active")
    for unit in observation.get("units", []):
        if unit["square"] == active:
            return str(unit["element"])
    return None
