"""Warriors cards and decks as data: the pydantic schema of card and deck files, and the catalog.

A card file is TOML with one array of tables per card type (source: warriors.txt, 2.0 Card Types)::

    [[weapon]]
    name = "Sonic Pistol"
    max_damage = 4
    breakage = 20        # percent; leave it out for a card that cannot break
    hands = 1
    range = "missile"
    tech = true

A deck file holds ``[[deck]]`` tables with a ``name``, a ``title``, a ``style`` and a ``cards`` table of
card names to copies. The packaged decks come in editions (``data/decks-<edition>.toml``,
:data:`DECK_EDITIONS`): a game's ``edition`` option picks one, so that a game recorded with one
edition's deck lists replays with them after a later edition changed the lists. Abilities beyond
the base rules name an effect function of :mod:`.effects` (``ability = { effect = "heal", when =
"charge_action", charges = 2, amount = 3 }``); the engine never parses card text. Errors name the
file, the card or deck, the field and the fix, as :class:`elementa.ConfigError`.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from elementa.core import TOO_DEEP, ConfigError, read_user_file
from elementa.games.warriors.effects import EFFECTS, Mod, effect_names

CARD_TYPES = (
    "fighter",
    "weapon",
    "armor",
    "item",
    "attack_spell",
    "defense_spell",
    "utility_spell",
    "location",
    "beast",
)
EQUIPMENT = frozenset({"weapon", "armor", "item", "attack_spell", "defense_spell", "utility_spell"})
SPELLS = frozenset({"attack_spell", "defense_spell", "utility_spell"})
WHEN = Literal["action", "charge_action", "reaction", "static", "begin", "end", "battle_start", "cast"]


# ----------------------------------------------------------------------------------- keywords
def words(text: str) -> tuple[str, ...]:
    """Return the normalised keyword words of a name or phrase: lower case, hyphens joined, plurals cut.

    ``"Military Field Rifles"`` -> ``("military", "field", "rifle")``; ``"non-tech"`` -> ``("nontech",)``.
    source: warriors.txt, 2.0 (all words of a name are keywords; "field rifles" matches both rifles).
    """
    out = []
    for w in re.findall(r"[a-z0-9]+", text.lower().replace("-", "")):
        out.append(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w)
    return tuple(out)


# ------------------------------------------------------------------------------- file schema
class _Strict(BaseModel):
    # strict: "yes" is not a bool, "7" or 7.0 not an int (TOML has the real types)
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class AbilityModel(_Strict):
    """An ability: a named effect function, when it works, its amount, charges and keyword."""

    effect: str
    when: WHEN
    amount: int = Field(1, ge=-20, le=50)
    charges: int | None = Field(None, ge=1, le=20)
    keyword: str | None = None

    @model_validator(mode="after")
    def _known_effect(self) -> AbilityModel:
        eff = EFFECTS.get(self.effect)
        if eff is None:
            raise ValueError(f"unknown effect {self.effect!r}; known effects: {', '.join(effect_names())}")
        if self.when not in eff.whens:
            raise ValueError(
                f"effect {self.effect!r} cannot be used with when={self.when!r}; "
                f"use one of: {', '.join(sorted(eff.whens))}"
            )
        if self.when in ("charge_action", "reaction") and self.charges is None:
            raise ValueError(f"when={self.when!r} needs charges = <number of charge counters>")
        return self


class Proficiency(_Strict):
    """Weapon proficiency "+X to <keyword>" (source: warriors.txt, 7.5)."""

    keyword: str = Field(min_length=1)
    bonus: int = Field(ge=1, le=5)


class _Card(_Strict):
    name: str = Field(min_length=1, max_length=60)
    keywords: list[str] = []
    legendary: bool = False
    ability: AbilityModel | None = None
    text: str = ""


class _Breakable(_Card):
    breakage: int | None = Field(None, ge=0, le=100)
    usable_by: str | None = None


class FighterModel(_Card):
    durability: int = Field(ge=1, le=50)
    hands: int = Field(2, ge=0, le=6)
    armor_slots: int = Field(1, ge=0, le=3)
    item_slots: int = Field(2, ge=0, le=4)
    magic_containment: int = Field(0, ge=0, le=12)
    proficiency: list[Proficiency] = []
    gangs_with: list[str] = []


class WeaponModel(_Breakable):
    max_damage: int = Field(ge=1, le=100)
    min_damage: int = Field(1, ge=1, le=100)
    hands: int = Field(ge=1, le=4)
    range: Literal["melee", "missile"]
    mystic: bool = False
    tech: bool = False


class ArmorModel(_Breakable):
    protection: int = Field(ge=0, le=10)
    hands: int = Field(0, ge=0, le=2)
    tech: bool = False


class ItemModel(_Breakable):
    tech: bool = False


class _Spell(_Card):
    sign: Literal["J", "T", "R", "S", "M", "N"] | None = None
    spell_points: int = Field(ge=0, le=12)
    charges: int | None = Field(None, ge=1, le=20)
    usable_by: str | None = None


class AttackSpellModel(_Spell):
    max_damage: int = Field(ge=1, le=100)
    min_damage: int = Field(1, ge=1, le=100)
    range: Literal["melee", "missile"] = "missile"


class DefenseSpellModel(_Spell):
    protection: int = Field(ge=0, le=10)
    duration: int = Field(ge=1, le=10)


class UtilitySpellModel(_Spell):
    duration: int | None = Field(None, ge=1, le=10)


class LocationModel(_Card):
    pass


class BeastModel(_Card):
    durability: int = Field(ge=1, le=50)
    max_damage: int = Field(ge=1, le=100)
    min_damage: int = Field(1, ge=1, le=100)
    protection: int = Field(0, ge=0, le=10)
    bonus: int = Field(ge=0, le=10)
    range: Literal["melee", "missile"] = "melee"
    tech: bool = False


MODELS: dict[str, type[_Card]] = {
    "fighter": FighterModel,
    "weapon": WeaponModel,
    "armor": ArmorModel,
    "item": ItemModel,
    "attack_spell": AttackSpellModel,
    "defense_spell": DefenseSpellModel,
    "utility_spell": UtilitySpellModel,
    "location": LocationModel,
    "beast": BeastModel,
}

FIXES = {
    "missing": "add {field} = <value>",
    "extra_forbidden": "remove it or correct its spelling; allowed fields: {allowed}",
    "int_type": "write a whole number",
    "int_parsing": "write a whole number",
    "bool_type": "write true or false",
    "bool_parsing": "write true or false",
    "string_type": "write a quoted string",
    "literal_error": "use one of the allowed values",
    "greater_than_equal": "use a larger number",
    "less_than_equal": "use a smaller number",
    "list_type": 'write a list, for example ["a", "b"]',
}


# ------------------------------------------------------------------------------ engine cards
@dataclass(frozen=True, slots=True)
class Ability:
    """An ability as the engine uses it (see :class:`AbilityModel`)."""

    effect: str
    when: str
    amount: int = 1
    charges: int | None = None
    keyword: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """One card as the engine uses it: every field of every type, with the rulebook's defaults.

    Attributes:
        id: the card's index in its :class:`Catalog` (what actions refer to).
        type: one of :data:`CARD_TYPES`.
        breakage: percent (0-100), or ``None`` for a card that cannot break.
        charges: the charge counters put on the card when equipped (spells: the card's; items and
            fighters: their ability's), or ``None``.
        name_words / extra: the card's keywords: the words of its name, and its other keywords
            (listed ones, range, tech/nontech, mystic and type words), normalised by :func:`words`.
    """

    id: int
    type: str
    name: str
    legendary: bool = False
    ability: Ability | None = None
    text: str = ""
    durability: int = 0
    hands: int = 0
    armor_slots: int = 1
    item_slots: int = 2
    magic_containment: int = 0
    proficiency: tuple[tuple[tuple[str, ...], int], ...] = ()
    gangs_with: tuple[tuple[str, ...], ...] = ()
    max_damage: int = 0
    min_damage: int = 1
    breakage: int | None = None
    range: str = ""
    mystic: bool = False
    tech: bool = False
    protection: int = 0
    usable_by: tuple[str, ...] | None = None
    sign: str | None = None
    spell_points: int = 0
    charges: int | None = None
    duration: int | None = None
    bonus: int = 0
    name_words: tuple[str, ...] = ()
    extra: frozenset[tuple[str, ...]] = field(default_factory=frozenset)
    is_equipment: bool = False
    """Whether a fighter can equip this card."""
    is_spell: bool = False
    """Whether the card is an attack, defense or utility spell."""
    static_mods: tuple[Mod, ...] = ()
    """The modifiers its static ability gives (see :data:`.effects.Mod`), derived once from
    ``ability``: empty without a static ability."""
    keywords: frozenset[tuple[str, ...]] = field(init=False, repr=False, compare=False)
    """Every keyword phrase the card has (:meth:`has_keyword`), derived once from ``name_words``
    and ``extra`` when the card is made."""

    def __post_init__(self) -> None:
        nw = self.name_words
        runs = {nw[i:j] for i in range(len(nw) + 1) for j in range(i, len(nw) + 1)}  # () included
        object.__setattr__(self, "keywords", self.extra | runs)

    def has_keyword(self, phrase: tuple[str, ...]) -> bool:
        """Return whether the card has a keyword phrase (normalised words, see :func:`words`).

        A phrase matches a run of consecutive words of the name ("field rifle" in "Military Field
        Rifle") or one of the other keywords. source: warriors.txt, 2.0 note.
        """
        return phrase in self.keywords


def card_sheet(card: Card) -> str:
    """Return everything printed on a card, in words, for a player inspecting it.

    For example ``"Sonic Pistol - weapon, tech, missile: damage 1-4, 1 hand, breaks on 20%"``,
    then the card's text on a second line when it has one. source: warriors.txt, 2.0 Card Types.
    """
    kind = card.type.replace("_", " ")
    tags = [kind] + ["legendary"] * card.legendary
    if card.type in ("weapon", "armor", "item", "attack_spell", "beast"):
        tags.append("tech" if card.tech else "non-tech")
    tags += [card.range] if card.range else []
    tags += ["mystic"] * (card.mystic and not card.is_spell)
    stats: list[str] = []
    if card.durability:
        stats.append(f"durability {card.durability}")
    if card.max_damage:
        stats.append(f"damage {card.min_damage}-{card.max_damage}")
    if card.protection:
        stats.append(f"protection {card.protection}")
    if card.type == "fighter":
        stats.append(f"{card.hands} hands, {card.armor_slots} armor, {card.item_slots} item slots")
        if card.magic_containment:
            stats.append(f"magic containment {card.magic_containment}")
        stats += [f"+{bonus} to {' '.join(kw)}" for kw, bonus in card.proficiency]
        if card.gangs_with:
            stats.append("gangs with " + ", ".join(" ".join(kw) for kw in card.gangs_with))
    elif card.hands:
        stats.append(f"{card.hands} hand{'s' * (card.hands > 1)}")
    if card.is_spell:
        stats.append(f"{card.spell_points} spell points" + (f", sign {card.sign}" if card.sign else ""))
    if card.bonus:
        stats.append(f"bonus {card.bonus}")
    if card.charges:
        stats.append(f"{card.charges} charges")
    if card.duration:
        stats.append(f"lasts {card.duration} turns")
    if card.breakage is not None:
        stats.append(f"breaks on {card.breakage}%")
    if card.usable_by:
        stats.append(f"usable by {' '.join(card.usable_by)}")
    if not stats and not card.text:
        stats.append("no special rules")
    head = f"{card.name} - {', '.join(tags)}" + (f": {', '.join(stats)}" if stats else "")
    return head + (f"\n  {card.text}" if card.text else "")


def _engine_card(cid: int, kind: str, m: _Card) -> Card:
    data: dict[str, Any] = m.model_dump()
    data.pop("keywords")
    data.pop("ability")
    ability = None
    if m.ability is not None:
        ability = Ability(
            m.ability.effect,
            m.ability.when,
            m.ability.amount,
            m.ability.charges,
            words(m.ability.keyword) if m.ability.keyword else None,
        )
    extra = {words(k) for k in m.keywords}
    extra |= {words(kind.replace("_", " ")), words(kind.split("_")[-1])}
    if data.get("range"):
        extra.add((data["range"],))
    if kind in ("weapon", "armor", "item", "attack_spell", "beast"):
        extra.add(("tech",) if data.get("tech") else ("nontech",))
    if data.get("mystic") or kind in SPELLS:
        extra.add(("mystic",))
    if m.legendary:
        extra |= {("legendary",), ("legend",)}
    if "proficiency" in data:
        data["proficiency"] = tuple((words(p["keyword"]), p["bonus"]) for p in data["proficiency"])
    if "gangs_with" in data:
        data["gangs_with"] = tuple(words(k) for k in data["gangs_with"])
    if data.get("usable_by"):
        data["usable_by"] = words(data["usable_by"])
    if kind == "item" or kind == "fighter":
        data["charges"] = m.ability.charges if m.ability else None
    static_mods: tuple[Mod, ...] = ()
    if ability is not None and ability.when == "static":
        fn = EFFECTS[ability.effect].mods
        static_mods = tuple(fn(ability)) if fn is not None else ()
    return Card(
        id=cid,
        type=kind,
        ability=ability,
        name_words=words(m.name),
        extra=frozenset(e for e in extra if e),
        is_equipment=kind in EQUIPMENT,
        is_spell=kind in SPELLS,
        static_mods=static_mods,
        **data,
    )


# ------------------------------------------------------------------------------------ loading
def _read_toml(path: str | Path | None, text: str | None, what: str) -> dict[str, Any]:
    option = what.replace(" ", "_") + ("s" if what == "deck file" else "")
    if text is None:
        text = read_user_file(
            str(path),
            lambda why: ConfigError(
                f"{option} {path}: {why}; fix: give a TOML {what} in UTF-8", option=option
            ),
        )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(
            f"{what} {path}: not valid TOML ({e}); fix: correct the TOML syntax", option=option
        ) from None
    except RecursionError:
        raise ConfigError(f"{option} {path}: {TOO_DEEP}; fix: give a TOML {what}", option=option) from None


def _validation_message(source: str, entity: str, e: ValidationError, model: type[BaseModel]) -> str:
    err = e.errors()[0]
    loc = [str(x) for x in err["loc"]]
    fld = ".".join(loc) or "(card)"
    fix = FIXES.get(err["type"], "correct the value")
    fix = fix.format(field=fld, allowed=", ".join(model.model_fields))
    msg = err["msg"].removeprefix("Value error, ")
    return f"{source}: {entity}: field {fld!r}: {msg}; fix: {fix}"


def parse_cards(data: Mapping[str, Any], source: str) -> list[tuple[str, _Card]]:
    """Validate the card tables of one card file.

    Args:
        data: the parsed TOML (``{"weapon": [{...}, ...], ...}``).
        source: the file name, for error messages.

    Returns:
        ``(type, model)`` pairs in file order (types in :data:`CARD_TYPES` order).

    Raises:
        ConfigError: an unknown table, or a card with a missing, unknown or wrong field; the message
            names the card, the field and the fix.
    """
    unknown = [k for k in data if k not in MODELS]
    if unknown:
        raise ConfigError(
            f"{source}: unknown card type table [[{unknown[0]}]]; fix: use one of {', '.join(CARD_TYPES)}"
        )
    out: list[tuple[str, _Card]] = []
    for kind in CARD_TYPES:
        entries = data.get(kind, [])
        if not isinstance(entries, list):
            raise ConfigError(f"{source}: {kind} must be an array of tables; fix: write [[{kind}]] tables")
        for i, entry in enumerate(entries):
            name = entry.get("name", "?") if isinstance(entry, dict) else "?"
            entity = f"{kind} {name!r} (entry {i + 1})"
            try:
                out.append((kind, MODELS[kind].model_validate(entry)))
            except ValidationError as e:
                raise ConfigError(_validation_message(source, entity, e, MODELS[kind])) from None
    return out


@dataclass(frozen=True)
class Deck:
    """A validated deck: a name (used in options), a title, a style line and card counts by card id."""

    name: str
    title: str
    style: str
    cards: tuple[tuple[int, int], ...]

    def card_list(self) -> list[int]:
        """Return the deck's cards, one entry per copy, by card id."""
        return [cid for cid, n in self.cards for _ in range(n)]


MAX_COPIES = 60
"""The most copies of one card a deck may hold (the packaged decks hold at most 3 of 36-46 cards)."""


class DeckModel(_Strict):
    """A deck entry of a deck file."""

    name: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str = ""
    style: str = ""
    cards: dict[str, Annotated[int, Field(le=MAX_COPIES)]]


class Catalog:
    """Every card and deck a game uses: the built-in set plus the user's files.

    Attributes:
        cards: the cards; a card's id is its index here.
        decks: the decks by name.
    """

    def __init__(self, cards: list[Card], decks: dict[str, Deck]) -> None:
        self.cards = cards
        self.decks = decks
        self.by_name = {c.name: c for c in cards}

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, key: int | str) -> Card:
        """Return a card by id or exact name.

        Raises:
            KeyError: no such card.
        """
        return self.cards[key] if isinstance(key, int) else self.by_name[key]


def _check_deck(source: str, m: DeckModel, by_name: Mapping[str, Card]) -> Deck:
    counts: list[tuple[int, int]] = []
    fighters = 0
    for name, n in m.cards.items():
        card = by_name.get(name)
        where = f"{source}: deck {m.name!r}: card {name!r}"
        if card is None:
            near = difflib.get_close_matches(name, list(by_name), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise ConfigError(
                f"{where}: no such card; fix: check the spelling{hint} or add it to a card file"
            )
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ConfigError(f"{where}: copies {n!r} is not a whole number >= 1; fix: write 1 or more")
        if card.legendary and n > 1:
            raise ConfigError(
                f"{where}: {n} copies of a Legendary card; fix: include it once (source: warriors.txt, 7.4)"
            )
        fighters += n if card.type == "fighter" else 0
        counts.append((card.id, n))
    if fighters == 0:
        raise ConfigError(f"{source}: deck {m.name!r}: no fighter; fix: add at least one fighter card")
    return Deck(m.name, m.title or m.name, m.style, tuple(counts))


def parse_decks(data: Mapping[str, Any], source: str, by_name: Mapping[str, Card]) -> list[Deck]:
    """Validate the ``[[deck]]`` tables of one deck file against the known cards.

    Raises:
        ConfigError: a malformed deck, an unknown card (with a spelling suggestion), a count below 1,
            a Legendary card more than once, or a deck without fighters.
    """
    extra = [k for k in data if k != "deck"]
    if extra:
        raise ConfigError(f"{source}: unknown table {extra[0]!r}; fix: write decks as [[deck]] tables")
    out = []
    for i, entry in enumerate(data.get("deck", [])):
        name = entry.get("name", "?") if isinstance(entry, dict) else "?"
        try:
            m = DeckModel.model_validate(entry)
        except ValidationError as e:
            raise ConfigError(
                _validation_message(source, f"deck {name!r} (entry {i + 1})", e, DeckModel)
            ) from None
        out.append(_check_deck(source, m, by_name))
    return out


def _builtin(name: str) -> str:
    return (resources.files("elementa.games.warriors") / "data" / name).read_text(encoding="utf-8")


DECK_EDITIONS = {1: "decks-1.toml", 2: "decks-2.toml", 3: "decks-3.toml", 4: "decks-4.toml"}
"""The packaged deck files by edition (in ``data/``). An edition is never edited once released: saves
and server tables name their edition and replay with its lists. 1: the first lists; 2: issue 40's
rebalance (every pairing 0.42-0.58 with rule-based players, every card in some deck); 3: edition 2
with Wild Hunt's list changed, for the pairings of search players (``easy``) too; 4: edition 3 with
Wild Hunt's list changed again, still the weakest deck under search."""

LATEST_EDITION = max(DECK_EDITIONS)
"""The newest deck edition: the default of a new game."""


def load_catalog(
    card_file: str = "", deck_files: Iterable[str] = (), edition: int = LATEST_EDITION
) -> Catalog:
    """Return the built-in cards and one edition of the built-in decks, plus those of the user's files.

    Args:
        card_file: a TOML card file whose cards are added to the built-in set ("" for none).
        deck_files: TOML deck files whose decks are added to the built-in ones.
        edition: the edition of the packaged decks (a key of :data:`DECK_EDITIONS`).

    Raises:
        ConfigError: an unreadable file, a bad card or deck (naming it, the field and the fix), or a
            card or deck name used twice.
        KeyError: an edition that is not packaged (the game's options allow only those that are).
    """
    models = parse_cards(_read_toml(None, _builtin("cards.toml"), "cards"), "cards.toml (built-in)")
    if card_file:
        models += parse_cards(_read_toml(card_file, None, "card file"), card_file)
    cards: list[Card] = []
    seen: set[str] = set()
    for kind, m in models:
        if m.name in seen:
            raise ConfigError(f"card {m.name!r} is defined twice; fix: give the new card another name")
        seen.add(m.name)
        cards.append(_engine_card(len(cards), kind, m))
    by_name = {c.name: c for c in cards}
    decks: dict[str, Deck] = {}
    packaged = DECK_EDITIONS[edition]
    sources = [(f"{packaged} (built-in)", _read_toml(None, _builtin(packaged), "decks"))]
    sources += [(f, _read_toml(f, None, "deck file")) for f in deck_files if f]
    for source, data in sources:
        for d in parse_decks(data, source, by_name):
            if d.name in decks:
                raise ConfigError(f"{source}: deck {d.name!r} is defined twice; fix: rename one of them")
            decks[d.name] = d
    return Catalog(cards, decks)
