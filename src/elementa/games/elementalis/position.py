"""ElementaliS positions: a state set up from JSON, and written back (see :mod:`elementa.core.positions`).

A position is the whole truth (the declarations being made included: never take one from a
player). It describes the table at the start of one decision of the turn, after the draft::

    {
      "decision": "continue",     # chaos, tap, roll, cultist, declare, continue or over
      "round": 2, "active": 1,    # the round (from 1) and the seat whose turn it is
      "mages": [                  # one per seat: Arcana, this round's Major for a Chaotica, Mana
        {"major": "Fire", "minor": "Air", "chosen": null,
         "pool": {"fire": 2, "water": 0, "earth": 1, "air": 0}, "colourless": 0}, ...],
      "channel": {"fire": 1, "water": 0, "earth": 0, "air": 0},
      "flux": {"fire": 17, "water": 20, "earth": 19, "air": 20},  # null without a supply limit
      "stage": "power",           # the roll of the turn: power, chance or cosmic ("" before one)
      "dice": [{"face": "Sun", "held": false, "destroyed": false, "charred": false}, ...],
      "rolling": [],              # decision "roll": the dice still to roll, in order
      "cultist_used": false, "ether_leak": false,
      "cast_this_turn": [{"seat": 0, "spell": "Char"}],  # cast this turn: once per turn each
      "links": [[0, 2]],          # Earth Links (owner, linked seat) until the round ends
      "declarations": {},         # decision "declare": seat -> true/false, or null still to declare
      "log": []                   # this turn's public lines, as the observation shows them
    }

The first die is the Sun die. The decisions: ``chaos``, a Chaotica chooses this round's Major at the
start of its turn; ``tap``, a mage with an empty Pool may Flux Tap before its Power Roll (the
position is refused when the mage may not); ``roll``, a chance node: the dice of ``rolling`` are
rolled one by one; ``cultist``, a Cultist may reroll the Sun die; ``declare``, the seats that could
cast declare in secret; ``continue``, the active seat takes the next roll or banks the Channel;
``over``, the game has ended. Positions inside a spell's resolution, Elemental Opposition, a Mana
choice under way or the draft are not supported: :func:`position` refuses such a state (field
``decision``). The position's history starts empty: its saves and replays start from it.

Source: elementalis.txt (Starting the Game, Structure of a Turn, Rolls, Flux Tapping, Spell
Casting, End of Turn / Round); rulings in docs/rulings/elementalis.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from elementa.core import PositionError
from elementa.core.positions import validate
from elementa.games.elementalis import casting
from elementa.games.elementalis.dice import Die
from elementa.games.elementalis.elements import (
    ARCANA_NAMES,
    ELEMENT_NAMES,
    ELEMENTS,
    FACE_NAMES,
    MAGE_TYPES,
    MageType,
)
from elementa.games.elementalis.spells import SPELLS
from elementa.games.elementalis.steps import (
    CHAOS_OF,
    CONTINUE_OF,
    CULTIST_OF,
    POWER_ROLLED,
    START_POWER_ROLL,
    Chaos,
    Continue,
    Cultist,
    Declare,
    ManaChoice,
    PowerRolled,
    Roll,
)

if TYPE_CHECKING:
    from elementa.games.elementalis.game import ElementalisGame
    from elementa.games.elementalis.state import ElementalisState

Arcana = Literal["Fire", "Water", "Earth", "Air", "Ether", "Sun", "Moon"]
Face = Literal["Fire", "Water", "Earth", "Air", "Ether", "Sun"]
Element = Literal["Fire", "Water", "Earth", "Air"]
Decision = Literal["chaos", "tap", "roll", "cultist", "declare", "continue", "over"]
UNLIMITED = 10**9
"""The Flux of a game without a supply limit (as the state starts it)."""
_SPELL_NAMES = {s.name: s.index for s in SPELLS}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ManaSpec(_Model):
    """Mana counters of each colour (Fire red, Water blue, Earth green, Air white; ruling ELS-A7)."""

    fire: StrictInt = Field(0, ge=0)
    water: StrictInt = Field(0, ge=0)
    earth: StrictInt = Field(0, ge=0)
    air: StrictInt = Field(0, ge=0)

    def vector(self) -> list[int]:
        return [self.fire, self.water, self.earth, self.air]


class MageSpec(_Model):
    """One seat's mage: its Arcana, a Chaotica's Major this round, its Mana Pool."""

    major: Arcana
    minor: Arcana
    chosen: Element | None = None
    pool: ManaSpec = Field(default_factory=lambda: ManaSpec(fire=0, water=0, earth=0, air=0))
    colourless: StrictInt = Field(0, ge=0)


class DieSpec(_Model):
    """One die on the table."""

    face: Face | None = None
    held: StrictBool = False
    destroyed: StrictBool = False
    charred: StrictBool = False


class CastSpec(_Model):
    """A spell a seat has cast this turn (each spell once per turn and seat)."""

    seat: StrictInt = Field(ge=0)
    spell: str


class ElementalisPosition(_Model):
    """The schema of an ElementaliS position (the module docstring shows one)."""

    decision: Decision
    round: StrictInt = Field(1, ge=1)
    active: StrictInt = Field(0, ge=0)
    mages: list[MageSpec]
    channel: ManaSpec = Field(default_factory=lambda: ManaSpec(fire=0, water=0, earth=0, air=0))
    flux: ManaSpec | None = None
    stage: Literal["", "power", "chance", "cosmic"] = ""
    dice: list[DieSpec] = Field([], max_length=casting.MAX_DICE)
    rolling: list[StrictInt] = []
    cultist_used: StrictBool = False
    ether_leak: StrictBool = False
    cast_this_turn: list[CastSpec] = []
    links: list[Annotated[list[StrictInt], Field(min_length=2, max_length=2)]] = []
    declarations: dict[str, StrictBool | None] = {}
    log: list[str] = []


def _mana(vec: list[int]) -> dict[str, int]:
    return dict(zip(("fire", "water", "earth", "air"), vec, strict=True))


def new_position(game: ElementalisGame, data: Mapping[str, Any], seed: int | None) -> ElementalisState:
    """Return the ElementaliS state of a position (see the module docstring for its JSON).

    Raises:
        PositionError: a field of the wrong shape or one that breaks a rule (each check names its
            rulebook section in the code): an Arcana pair the mage table does not allow, Arcana
            beyond the supply, more Mana than the supply, a die or seat that does not exist, a
            decision the table does not give (a Flux Tap to a mage with Mana, a Cultist's reroll to
            another mage...).
    """
    from elementa.games.elementalis.state import ElementalisState

    pos = validate(ElementalisPosition, data)
    o, n = game.options, game.num_players
    s = ElementalisState(game, seed)
    s.steps.clear()
    if len(pos.mages) != n:
        raise PositionError("mages", f"lists {len(pos.mages)} mages for a game of {n} players")
    if pos.active >= n:
        raise PositionError("active", f"no seat {pos.active} in a game of {n} players")
    last = o.rounds + 1 if pos.decision == "over" else o.rounds
    if pos.round > last or (pos.decision == "over") != (pos.round == o.rounds + 1):
        raise PositionError("round", f"the game has {o.rounds} rounds; it is over after the last")
    if pos.decision == "over" and pos.active != 0:
        raise PositionError("active", "the Round Marker is back with player 1 when the game ends")
    s.round, s.active = pos.round, pos.active
    majors: list[int] = []
    minors: list[int] = []
    for p, m in enumerate(pos.mages):
        a, b = ARCANA_NAMES.index(m.major), ARCANA_NAMES.index(m.minor)
        kind = MAGE_TYPES[a][b]
        if kind is None:  # Starting the Game: the table of mage types; ruling ELS-A18
            raise PositionError(f"mages[{p}].minor", f"{m.major} and {m.minor} make no mage type")
        if a in majors:  # Starting the Game: each Major Arcana is drafted by one mage
            raise PositionError(f"mages[{p}].major", f"{m.major} is another mage's Major")
        if minors.count(b) >= 2:  # Starting the Game: the supply holds two of each Minor
            raise PositionError(f"mages[{p}].minor", f"both {m.minor} Minors are taken")
        majors.append(a)
        minors.append(b)
        if m.chosen is not None and kind is not MageType.CHAOTICA:  # Chaotica alone choose a Major
            raise PositionError(f"mages[{p}].chosen", f"a {kind.value} chooses no Major")
        s.major[p], s.minor[p] = a, b
        s.chosen[p] = None if m.chosen is None else ELEMENT_NAMES.index(m.chosen)
        s.pool[p] = m.pool.vector()
        s.colourless[p] = m.colourless
    for p in range(n):
        s.repertoires[p] = casting.repertoires(s, p)
    s.channel = pos.channel.vector()
    _read_flux(s, pos)
    s.stage = pos.stage
    s.dice = []
    for i, d in enumerate(pos.dice):
        die = Die(i == 0, None if d.face is None else FACE_NAMES.index(d.face))
        die.held, die.destroyed, die.charred = d.held, d.destroyed, d.charred
        s.dice.append(die)
    s.cultist_used, s.ether_leak = pos.cultist_used, pos.ether_leak
    for i, cast in enumerate(pos.cast_this_turn):
        if cast.seat >= n:
            raise PositionError(f"cast_this_turn[{i}].seat", f"no seat {cast.seat} in a game of {n} players")
        if cast.spell not in _SPELL_NAMES:
            raise PositionError(f"cast_this_turn[{i}].spell", f"no spell is called {cast.spell!r}")
        s.cast_this_turn.add((cast.seat, _SPELL_NAMES[cast.spell]))
    for i, (owner, linked) in enumerate(pos.links):
        if not (0 <= owner < n and 0 <= linked < n) or owner == linked:
            raise PositionError(f"links[{i}]", "an Earth Link joins two seats of the game")
        s.links.append((owner, linked))
    s.log = list(pos.log)
    _set_decision(s, pos)
    s._legal = {}
    return s


def _read_flux(s: ElementalisState, pos: ElementalisPosition) -> None:
    """The Flux: with the supply limit, every coloured counter is in the Flux, a Pool or the
    Channel, or was made colourless (ruling ELS-A17; Appendix A, Tornado)."""
    o, n = s.game.options, s.game.num_players
    if not o.mana_supply_limit:
        if pos.flux is not None:
            raise PositionError("flux", "is null in a game without a Mana supply limit")
        s.flux = [UNLIMITED] * 4
        return
    if pos.flux is None:
        raise PositionError("flux", f"is needed: the Flux holds {o.mana_supply} counters of each colour")
    s.flux = pos.flux.vector()
    for c in ELEMENTS:
        held = s.flux[c] + s.channel[c] + sum(s.pool[p][c] for p in range(n))
        if held > o.mana_supply:
            name = ELEMENT_NAMES[c].lower()
            raise PositionError(
                f"flux.{name}", f"{held} {ELEMENT_NAMES[c]} Mana in play, {o.mana_supply} in the supply"
            )
    missing = 4 * o.mana_supply - sum(s.flux) - sum(s.channel) - sum(sum(v) for v in s.pool)
    if missing != sum(s.colourless):
        raise PositionError("flux", f"{missing} counters are missing from the supply, "
                            f"but the mages hold {sum(s.colourless)} colourless")  # fmt: skip


def _set_decision(s: ElementalisState, pos: ElementalisPosition) -> None:
    """Put the decision on the flow, refusing one the table does not give.

    Sources: elementalis.txt, Chaotica (the Major chosen at the start of the turn); Flux Tapping
    (only with an empty Pool, before the roll; ruling ELS-A23); Rolls (the Sun die first, a Chance
    or Cosmic Roll after a Power Roll); Cultist (one reroll of the Sun die per roll); Spell Casting
    (declarations of the seats that could cast); The Chance Roll (roll on or bank).
    """
    decision, p = pos.decision, s.active
    mage = s.mage(p)
    turn_started = decision not in ("chaos", "tap", "over")
    if turn_started:
        if not pos.dice:
            raise PositionError("dice", "the turn's roll has dice, the Sun die first")
        if pos.stage == "":
            raise PositionError("stage", "a roll is under way: power, chance or cosmic")
    else:  # Structure of a Turn: the dice, Channel and Ether Leak are the turn's, cleared at its start
        clear: tuple[tuple[str, object], ...] = (
            ("dice", pos.dice),
            ("stage", pos.stage),
            ("channel", sum(s.channel)),
        )
        if decision != "over":
            clear += (("ether_leak", pos.ether_leak), ("cast_this_turn", s.cast_this_turn))
        for field, value in clear:
            if value:
                raise PositionError(
                    field, "no roll is under way" if decision != "over" else "the game is over"
                )
    if decision != "roll" and pos.rolling:
        raise PositionError("rolling", "dice are rolled only at decision 'roll'")
    if decision != "declare" and pos.declarations:
        raise PositionError("declarations", "are made only at decision 'declare'")
    if decision != "roll":
        for i, d in enumerate(s.dice):
            if d.face is None:
                raise PositionError(f"dice[{i}].face", "a die that is not being rolled shows a face")
    if decision == "over":
        if s.links:  # End of Turn / Round: Earth Links last until the end of the round
            raise PositionError("links", "Earth Links end with the round")
        return
    if decision == "chaos":
        if mage is not MageType.CHAOTICA:
            raise PositionError("decision", f"player {p + 1} is a {mage and mage.value}, not a Chaotica")
        s.steps.append(CHAOS_OF[p])
    elif decision == "tap":
        if mage is MageType.CHAOTICA and s.chosen[p] is None:
            raise PositionError(f"mages[{p}].chosen", "a Chaotica chooses its Major before the Flux Tap")
        s._offer_tap()
        if s.choice is None or s.choice.purpose != "tap":
            raise PositionError(
                "decision", f"player {p + 1} may not Flux Tap (Mana in the Pool, or none to take)"
            )
    elif decision == "roll":
        _check_rolling(s, pos)
        s.steps += [POWER_ROLLED, *[_roll(i) for i in reversed(pos.rolling)]]
    elif decision == "cultist":
        if mage is not MageType.CULTIST or pos.cultist_used:
            raise PositionError("decision", "only a Cultist rerolls the Sun die, once per roll")
        s.steps.append(CULTIST_OF[p])
    elif decision == "declare":
        _set_declarations(s, pos)
    else:
        if pos.stage not in ("power", "chance"):
            raise PositionError("stage", "the choice to roll on follows a Power or a Chance Roll")
        s.steps.append(CONTINUE_OF[p])


def _roll(i: int) -> Roll:
    from elementa.games.elementalis.state import _ROLLS

    return _ROLLS[i]


def _check_rolling(s: ElementalisState, pos: ElementalisPosition) -> None:
    """The dice still to roll: distinct, on the table, neither held nor destroyed, in table order;
    a Cosmic Roll rolls the Sun die alone (elementalis.txt, Rolls; The Cosmic Roll)."""
    rolling = pos.rolling
    if not rolling:
        raise PositionError("rolling", "a roll has at least one die to roll")
    if rolling != sorted(set(rolling)):
        raise PositionError("rolling", "the dice are rolled once each, in table order")
    for k, i in enumerate(rolling):
        if not 0 <= i < len(s.dice):
            raise PositionError(f"rolling[{k}]", f"no die {i} on the table")
        if s.dice[i].held or s.dice[i].destroyed:
            raise PositionError(f"rolling[{k}]", f"die {i} is {'held' if s.dice[i].held else 'destroyed'}")
    if pos.stage == "cosmic" and rolling != [0]:
        raise PositionError("rolling", "the Cosmic Roll rolls the Sun die alone")
    for i, d in enumerate(s.dice):
        if d.face is None and i not in rolling:
            raise PositionError(f"dice[{i}].face", "a die that is not being rolled shows a face")


def _set_declarations(s: ElementalisState, pos: ElementalisPosition) -> None:
    """The declarations: seats by number, ``true`` (declared), ``false`` (passed) or ``null`` (still
    to declare, at least one), of exactly the seats that could cast (a spell that is legal now, or
    an answer ready), kept clockwise from the active seat (elementalis.txt, Spell Casting)."""
    n = s.game.num_players
    got: dict[int, bool | None] = {}
    for key, value in pos.declarations.items():
        if not key.isdigit() or int(key) >= n:
            raise PositionError(f"declarations.{key}", f"is no seat of a game of {n} players")
        got[int(key)] = value
    die_targets: casting.DieTargets = {}
    order = [q for q in s.seats_from(s.active) if casting.may_declare(s, q, die_targets)]
    if sorted(order) != sorted(got):  # the spell phase asks exactly the seats that could cast
        raise PositionError("declarations", f"the seats that could cast are {order}, not {sorted(got)}")
    s.declared = {q: got[q] for q in order}
    s.undeclared = [q for q in order if got[q] is None]
    if not s.undeclared:
        raise PositionError("declarations", "somebody is still to declare (null)")
    s.steps.append(Declare())


def _tap_offered(s: ElementalisState, top: object) -> bool:
    """Whether ``top`` is the Flux Tap as the turn offers it, before the mage has chosen a colour
    (the colours it forces, ahead of the first it asks, already applied)."""
    if not isinstance(top, ManaChoice) or top.purpose != "tap":
        return False
    fresh = s.clone()
    fresh.steps.clear()
    fresh._offer_tap()
    return bool(fresh.steps) and fresh.steps[-1] == top


def position(s: ElementalisState) -> dict[str, Any]:
    """Return the JSON position of an ElementaliS state (the inverse of :func:`new_position`).

    Raises:
        PositionError: the state is at no decision a position describes (the draft, a spell or a
            Mana choice under way, Elemental Opposition): field ``decision``.
    """
    steps, p = s.steps, s.active
    top = steps[-1] if steps else None
    shape = [type(x) for x in steps]
    decision: str
    rolling: list[int] = []
    if top is None:
        decision = "over"
    elif shape == [Chaos]:
        decision = "chaos"
    elif shape == [Cultist]:
        decision = "cultist"
    elif shape == [Declare]:
        decision = "declare"
    elif shape == [Continue]:
        decision = "continue"
    elif steps[0] is START_POWER_ROLL and len(steps) == 2 and _tap_offered(s, top):
        decision = "tap"
    elif shape and shape[0] is PowerRolled and all(t is Roll for t in shape[1:]) and len(shape) > 1:
        decision = "roll"
        rolling = [x.which for x in reversed(steps[1:])]  # type: ignore[attr-defined]
    else:
        what = " > ".join(type(x).__name__ for x in steps)
        raise PositionError("decision", f"positions start at a decision of the turn, not inside one ({what})")
    o = s.game.options
    return {
        "decision": decision,
        "round": s.round,
        "active": p,
        "mages": [
            {
                "major": ARCANA_NAMES[s.major[q]],  # type: ignore[index]
                "minor": ARCANA_NAMES[s.minor[q]],  # type: ignore[index]
                "chosen": None if s.chosen[q] is None else ELEMENT_NAMES[s.chosen[q]],  # type: ignore[index]
                "pool": _mana(s.pool[q]),
                "colourless": s.colourless[q],
            }
            for q in range(s.game.num_players)
        ],
        "channel": _mana(s.channel),
        "flux": _mana(s.flux) if o.mana_supply_limit else None,
        "stage": s.stage,
        "dice": [
            {
                "face": None if d.face is None else FACE_NAMES[d.face],
                "held": d.held,
                "destroyed": d.destroyed,
                "charred": d.charred,
            }
            for d in s.dice
        ],
        "rolling": rolling,
        "cultist_used": s.cultist_used,
        "ether_leak": s.ether_leak,
        "cast_this_turn": [{"seat": q, "spell": SPELLS[spell].name} for q, spell in sorted(s.cast_this_turn)],
        "links": [list(link) for link in s.links],
        "declarations": {str(q): d for q, d in s.declared.items()} if decision == "declare" else {},
        "log": list(s.log),
    }
