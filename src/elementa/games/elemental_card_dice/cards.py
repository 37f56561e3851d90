"""The card list as data: the pydantic schema of ``cards.toml``, its loader and the runtime :class:`Card`.

A card file is TOML with one ``[[card]]`` table per card::

    [[card]]
    name = "Fire"
    kind = "action"          # action | blessing | passive
    cost = 7                 # gold; also decides the shop (3 and 7: cheap, 12 and 18: expensive)
    effect = "damage"        # a name from effects.EFFECTS
    dice = ["fire"]          # the dice the strength is the product of (empty: a constant)
    scale = 1                # an integer or a fraction such as "2/3"

Which other fields a card takes depends on its effect (``effects.EFFECTS`` lists them); a field that
does not apply, a missing one, a wrong type or an unknown name is refused with a
:class:`~elementa.core.ConfigError` that names the file, the card, the field and the fix.

source: elemental-card-dice.txt, the card list; the lost die icons follow our rulings ECD-A1/A2.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from elementa.core import TOO_DEEP, ConfigError, read_user_file
from elementa.games.elemental_card_dice.views import CardSummary

DICE = ("fire", "earth", "water", "nature", "magic", "gold", "utility")
"""The seven dice in their fixed order; a die's index is its position here."""
COMBO = 7
"""The index standing for "combo damage" in a shield's ``against`` set and for "non-combo" amplifiers."""
ANY = 8
"""The index standing for "any damage" in a shield's ``against`` set."""
CHEAP, EXPENSIVE = 0, 1
SHOP_NAMES = ("cheap", "expensive")
SHOP_SIZE = 4
"""Cards on display in each shop (source: the rules, "Four cards are dealt from each deck")."""

DieName = Literal["fire", "earth", "water", "nature", "magic", "gold", "utility"]

_HINTS = {
    "name": "give the card a unique, non-empty name",
    "kind": "use one of action, blessing, passive",
    "cost": "use a whole number of gold from 0 to 10000",
    "effect": "use one of the effect names listed in docs/rulings/elemental-card-dice.md",
    "dice": f"list die names from {', '.join(DICE)}",
    "scale": 'use a whole number or a fraction in quotes such as "2/3"',
    "target": "use opponent or both",
    "against": f"list die names from {', '.join(DICE)}, or combo, or any",
    "amplifies": f"use a die name ({', '.join(DICE)}) or non_combo",
    "factor": "use a whole number, 2 or more",
    "times": "use a whole number, 1 or more",
    "by": "use a whole number, 1 or more",
    "draws": "use a whole number, 0 or more",
    "whose": "use own or opponent",
    "shop": "use cheap or expensive, or none for a card only found in starting decks",
    "start_copies": "use a whole number from 0 to 100 (copies in each player's starting deck)",
    "dice_option": "use sneak_peek_die, the only option that chooses a card's die",
}


class CardSpec(BaseModel):
    """One ``[[card]]`` table of a card file, as written (validated, before it becomes a :class:`Card`).

    Attributes mirror the TOML keys; see the module docstring and ``effects.EFFECTS`` for which apply.
    """

    # strict: "7" or 7.0 is not a cost (TOML has the real types)
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(min_length=1)
    kind: Literal["action", "blessing", "passive"]
    cost: int = Field(ge=0, le=10_000)
    effect: str
    dice: list[DieName] = []
    scale: int | str = 1
    target: Literal["opponent", "both"] | None = None
    against: list[Literal[DieName, "combo", "any"]] | None = None
    amplifies: Literal[DieName, "non_combo"] | None = None
    factor: int | None = Field(default=None, ge=2)
    times: int | None = Field(default=None, ge=1)
    by: int | None = Field(default=None, ge=1)
    draws: int | None = Field(default=None, ge=0)
    whose: Literal["own", "opponent"] | None = None
    shop: Literal["cheap", "expensive", "none"] | None = None
    start_copies: int = Field(default=0, ge=0, le=100)
    dice_option: Literal["sneak_peek_die"] | None = None
    confidence: str = ""
    basis: str = ""

    @field_validator("scale")
    @classmethod
    def _fraction(cls, v: int | str) -> int | str:
        try:
            f = Fraction(v)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{v!r} is not a number or a fraction") from None
        if f <= 0:
            raise ValueError(f"{v!r} must be more than 0")
        return v


@dataclass(frozen=True, slots=True)
class Card:
    """A card as the engine uses it: ids and die indices instead of names.

    Attributes:
        id: the card's index in the card list (also its argument in actions).
        name, kind, cost, effect: as in the file.
        dice: die indices (see :data:`DICE`) whose values multiply into the strength.
        num, den: the scale as a fraction ``num / den``.
        target: ``"opponent"`` or ``"both"`` (damage).
        against: die indices, :data:`COMBO` or :data:`ANY` a shield works against.
        amplifies: the die index an amplifier strengthens, or :data:`COMBO` for "non-combo effects".
        factor, times, by, draws: an amplifier's multiplier, a reroll's count, a change's reach, the
            cards a blessing draws first.
        whose: ``"own"`` or ``"opponent"`` deck (peeking, reordering).
        shop: :data:`CHEAP`, :data:`EXPENSIVE`, or -1 for a card only in starting decks.
        home: the shop deck a recycled copy goes to (by cost when ``shop`` is -1).
        start_copies: copies in each player's starting deck.
    """

    id: int
    name: str
    kind: str
    cost: int
    effect: str
    dice: tuple[int, ...]
    num: int
    den: int
    target: str
    against: frozenset[int]
    amplifies: int
    factor: int
    times: int
    by: int
    draws: int
    whose: str
    shop: int
    home: int
    start_copies: int

    @property
    def combo(self) -> bool:
        """Whether the strength multiplies two or more dice ("combo" in Purism and Magical Barrier)."""
        return len(self.dice) > 1


def _shop_by_cost(cost: int) -> int:
    return CHEAP if cost <= 7 else EXPENSIVE


def _to_card(i: int, spec: CardSpec, sneak_peek_die: str) -> Card:
    f = Fraction(spec.scale)
    dice = [sneak_peek_die] if spec.dice_option == "sneak_peek_die" else spec.dice
    against = frozenset(
        COMBO if a == "combo" else ANY if a == "any" else DICE.index(a) for a in (spec.against or [])
    )
    amp = spec.amplifies
    by_cost = _shop_by_cost(spec.cost)
    shop = {"cheap": CHEAP, "expensive": EXPENSIVE, "none": -1, None: by_cost}[spec.shop]
    return Card(
        id=i,
        name=spec.name,
        kind=spec.kind,
        cost=spec.cost,
        effect=spec.effect,
        dice=tuple(DICE.index(d) for d in dice),
        num=f.numerator,
        den=f.denominator,
        target=spec.target or "opponent",
        against=against,
        amplifies=-1 if amp is None else COMBO if amp == "non_combo" else DICE.index(amp),
        factor=spec.factor or 1,
        times=spec.times or 1,
        by=spec.by or 1,
        draws=spec.draws or 0,
        whose=spec.whose or "own",
        shop=shop,
        home=by_cost if shop == -1 else shop,
        start_copies=spec.start_copies,
    )


def _fail(source: str, where: str, field: str, problem: str, fix: str | None = None) -> ConfigError:
    fix = fix or _HINTS.get(field, "see the card file format in docs/rulings/elemental-card-dice.md")
    return ConfigError(f"{source}: {where}: field {field!r}: {problem}; fix: {fix}", option="card_file")


def _check_effect(spec: CardSpec) -> tuple[str, str, str] | None:
    """Return ``(field, problem, fix)`` for a field the card's effect refuses or misses, else None."""
    from elementa.games.elemental_card_dice.effects import EFFECTS, PARAMS

    effect = EFFECTS.get(spec.effect)
    if effect is None:
        return "effect", f"unknown effect {spec.effect!r}", f"use one of {', '.join(sorted(EFFECTS))}"
    if spec.kind not in effect.kinds:
        kinds = " or ".join(effect.kinds)
        return "kind", f"effect {spec.effect!r} belongs on a card of kind {kinds}", f"make the kind {kinds}"
    for field in PARAMS:
        value = getattr(spec, field)
        given = Fraction(value) != 1 if field == "scale" else value not in (None, [])
        if field in effect.required and not given:
            return field, f"effect {spec.effect!r} needs this field", f"add it ({_HINTS[field]})"
        if given and field not in effect.params:
            return field, f"effect {spec.effect!r} does not use this field", "remove it"
    if spec.kind == "passive" and spec.start_copies:
        return "start_copies", "a passive cannot start in a deck (it is activated when bought)", "use 0"
    return None


def parse_cards(
    text: str, source: str, sneak_peek_die: str = "magic", base: tuple[Card, ...] = ()
) -> tuple[Card, ...]:
    """Parse and validate a card file's text.

    Args:
        text: the TOML text.
        source: the file name, for error messages.
        sneak_peek_die: the die that cards with ``dice_option = "sneak_peek_die"`` use.
        base: the cards the file's cards are added to (the packaged list), or none.

    Returns:
        The base cards, then the file's in file order (a card's id is its position).

    Raises:
        ConfigError: bad TOML, or a card or field that is wrong; the message names the card, the
            field and the fix.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{source}: not valid TOML ({e})", option="card_file") from None
    except RecursionError:
        raise ConfigError(f"card_file {source!r}: {TOO_DEEP}; fix: {FIX_FILE}", option="card_file") from None
    extra = set(data) - {"card"}
    if extra:
        raise ConfigError(
            f"{source}: unknown top-level key {sorted(extra)[0]!r}; fix: put every card in a [[card]] table",
            option="card_file",
        )
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise ConfigError(f"{source}: no cards; fix: add [[card]] tables", option="card_file")
    cards: list[Card] = list(base)
    names = {c.name for c in base}
    for i, entry in enumerate(raw):
        label = entry.get("name") if isinstance(entry, dict) else None
        where = f"card {label!r} (entry {i + 1})" if isinstance(label, str) else f"entry {i + 1}"
        try:
            spec = CardSpec.model_validate(entry)
        except ValidationError as e:
            err = e.errors()[0]
            field = str(err["loc"][0]) if err["loc"] else "name"
            msg = err["msg"]
            fix = None
            if err["type"] == "extra_forbidden":
                msg, fix = (
                    "unknown field",
                    f"remove it or correct its spelling (fields: {', '.join(CardSpec.model_fields)})",
                )
            raise _fail(source, where, field, msg, fix) from None
        problem = _check_effect(spec)
        if problem is not None:
            raise _fail(source, where, *problem)
        if spec.name in names:
            if any(c.name == spec.name for c in base):
                raise _fail(
                    source,
                    where,
                    "name",
                    f"the packaged list already has a card named {spec.name!r}",
                    "give your card another name, or set replace_cards=true to play with your list alone",
                )
            raise _fail(source, where, "name", f"a second card is named {spec.name!r}")
        names.add(spec.name)
        cards.append(_to_card(len(cards), spec, sneak_peek_die))
    for shop, shop_name in enumerate(SHOP_NAMES):
        count = sum(1 for c in cards if c.shop == shop)
        if count < SHOP_SIZE:
            raise ConfigError(
                f"{source}: the {shop_name} shop has {count} cards but deals {SHOP_SIZE}; fix: add cards "
                f"to it (cost {'3 or 7' if shop == CHEAP else '12 or 18'}, or shop = {shop_name!r})",
                option="card_file",
            )
    return tuple(cards)


FIX_FILE = "give a TOML card list in UTF-8 text"


@lru_cache(maxsize=16)
def load_cards(path: str = "", sneak_peek_die: str = "magic", replace: bool = False) -> tuple[Card, ...]:
    """Load the packaged card list and a user's card file, validated and cached.

    As Warriors' ``card_file`` does, a user's file adds its cards to the packaged ones (after them,
    so the packaged cards keep their ids); with ``replace`` its cards are the whole list.

    Args:
        path: a TOML card file, or ``""`` for the packaged ``cards.toml`` alone.
        sneak_peek_die: see :func:`parse_cards`.
        replace: play with the file's cards alone (option ``replace_cards``).

    Raises:
        ConfigError: the file cannot be read, or it is not a valid card list; ``replace`` without a
            file (option ``replace_cards``).
    """
    if replace and not path:
        raise ConfigError(
            "replace_cards=true needs a card_file to play with; fix: give -o card_file=FILE",
            option="replace_cards",
        )
    text = (resources.files(__package__) / "cards.toml").read_text(encoding="utf-8")
    packaged = () if replace else parse_cards(text, "cards.toml", sneak_peek_die)
    if not path:
        return packaged
    text = read_user_file(
        path, lambda why: ConfigError(f"card_file {path!r}: {why}; fix: {FIX_FILE}", option="card_file")
    )
    return parse_cards(text, path, sneak_peek_die, base=packaged)


def card_summary(card: Card) -> CardSummary:
    """Return what a player may know about a card: its name, kind, cost and rules text."""
    from elementa.games.elemental_card_dice.effects import describe

    return CardSummary(card.name, card.kind, card.cost, describe(card))
