"""The players' decisions: their legal actions, in a fixed order, and what each does.

The decision steps of :mod:`.steps` (optional draws, Revolving Door, the battle's location, the
secret assembly of fighters and a Deathmatch re-entry, the combat step's one Action, breakage picks,
split attacks and Legend discards) list their menus and apply their choices through the functions
here, which change the state and push nothing.
source: warriors.txt, 3.3 (battle setup), 4.0-4.7 (the Action), 7.2, 7.4, 7.5, 8.1, 8.3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from elementa.core import Action, Place
from elementa.games.warriors.effects import EFFECTS
from elementa.games.warriors.rules import (
    HAND_SIZE,
    MAX_BEASTS,
    MAX_EQUIP,
    MAX_HELD,
    UNARMED,
    DamageMods,
    Fighter,
    Load,
    fitting,
    load,
    load_plus,
    modified_range,
    proficiency,
)

if TYPE_CHECKING:
    from elementa.games.warriors.cards import Ability, Card
    from elementa.games.warriors.game import WarriorsGame
    from elementa.games.warriors.state import WarriorsState

FIGHTER_SLOT = MAX_EQUIP
"""``use`` source for the fighter's own ability."""
LOCATION_SLOT = MAX_EQUIP + 1
"""``use`` source for the current location's ability."""


def no_target(st: WarriorsState) -> int:
    """The ``use`` target argument meaning "no target"."""
    return st.n + MAX_BEASTS


def describe_card(card: Card) -> str:
    """Return a card with its key numbers, for labels: ``"Sonic Pistol (max 4, 1 hand, 20%)"``."""
    parts: list[str] = []
    if card.max_damage:
        parts.append(
            f"damage {card.min_damage}-{card.max_damage}" if card.min_damage > 1 else f"max {card.max_damage}"
        )
    if card.protection:
        parts.append(f"protection {card.protection}")
    if card.type in ("weapon", "armor") and card.hands:
        parts.append(f"{card.hands} hand{'s' if card.hands > 1 else ''}")
    if card.is_spell:
        parts.append(f"{card.spell_points} pt")
    if card.breakage is not None:
        parts.append(f"{card.breakage}%")
    if card.text:
        parts.append(card.text)
    return f"{card.name} ({', '.join(parts)})" if parts else card.name


# -------------------------------------------------------------------------------- legal actions
def breakage_menu(st: WarriorsState, target: int) -> list[Action]:
    """Return the ``break`` actions picking each card of the fighter ``target`` for a breakage roll (7.2)."""
    f = st.fighter(target)
    return [_break(st, f, i, e.card) for i, e in enumerate(f.equipment)]


def volley_menu(st: WarriorsState, targets: list[int]) -> list[Action]:
    """Return a split attack's next targets (``targets``: combatant ids), then stopping (7.5)."""
    sp = st.game.action_space
    out = [sp.make("next_target", t, label=f"attack {st.who(t)} too") for t in targets]
    return [*out, st.game.fixed["stop"]]


def discard_menu(st: WarriorsState, seat: int) -> list[Action]:
    """Return the ``discard`` actions of the distinct cards in a hand (the Legend rule, 7.4)."""
    sp = st.game.action_space
    return [sp.make("discard", c, label=f"discard {st.card(c).name}") for c in sorted(set(st.hands[seat]))]


def _break(st: WarriorsState, f: Fighter, slot: int, card: Card) -> Action:
    """The ``break`` action picking ``slot`` of fighter ``f``, holding ``card``, for a breakage roll
    (shared: its label is a function of the key, :meth:`~.state.WarriorsState.who` of the fighter's
    combatant id and card)."""
    key = ("break", slot, f.cid, f.card.id, card.id)
    a = st.game.action_cache.get(key)
    if a is None:
        label = f"breakage roll on {st.who(f.cid)}'s {card.name} ({_pct(card)})"
        a = cached(st, key, "break", (slot,), label)
    return a


def _pct(card: Card) -> str:
    return "cannot break" if card.breakage is None else f"{card.breakage}%"


def may_leave(st: WarriorsState, seat: int) -> bool:
    """Whether a player may leave: at least two sides must stay in the game (Revolving Door, 8.3)."""
    return len({st.side(q) for q in range(st.n) if st.in_game[q] and q != seat}) >= 2


def doors_menu(st: WarriorsState, seat: int) -> list[Action]:
    """Return Revolving Door's choices: stay, or leave while two sides stay; join or stay out (8.3)."""
    sp = st.game.action_space
    if st.in_game[seat]:
        out = [sp.make("stay", label="stay in the game")]
        if may_leave(st, seat):
            out.append(sp.make("leave", label="leave the game: discard your hand and your locations"))
        return out
    return [
        sp.make("join", label=f"join the game: draw {HAND_SIZE} cards"),
        sp.make("stay", label="stay out"),
    ]


def locations_menu(st: WarriorsState, seat: int) -> list[Action]:
    """Return the chooser's locations: none, one from the hand, or one controlled by anyone (3.3)."""
    game = st.game
    out = [game.fixed["no_location"]]
    out += map(game.location_actions.__getitem__, sorted(game.location_ids.intersection(st.hands[seat])))
    cache = game.action_cache
    for q, controlled in enumerate(st.controlled):
        held = [st.card(c).name for c, _ in controlled[:MAX_HELD]] if controlled else []
        for i, name in enumerate(held):
            copy = held[: i + 1].count(name) if held.count(name) > 1 else 0
            key = ("held", q, i, name, copy, q == seat)  # shared: everything the label says
            a = cache.get(key)
            if a is None:
                who = "you" if q == seat else f"player {q + 1}"
                tag = f" (copy {copy})" if copy else ""
                a = cached(st, key, "held", (q, i), f"fight over {name}{tag}, controlled by {who}")
            out.append(a)
    return out


def assembly_menu(st: WarriorsState, seat: int) -> list[Action]:
    """Return the assembly's menu: a fighter from the hand (or a forfeit without one), then equip,
    remove and ready (3.3, 8.1)."""
    game = st.game
    f = st.fighters[seat]
    if f is None:
        fighters = game.fighter_ids.intersection(st.hands[seat])
        if not fighters:
            return [game.fixed["forfeit"]]
        field = game.field_actions
        return [field[c] for c in sorted(fighters)]
    return equip_menu(st, seat, gear(st, f), game.ready_actions[f.card.id])


def fighter_actions(game: WarriorsGame) -> tuple[dict[int, Action], dict[int, Action]]:
    """Return the ``field`` and the ``ready`` action of every fighter card of the game's catalog,
    each by card id."""
    sp = game.action_space
    fighters = [c for c in game.catalog.cards if c.type == "fighter"]
    field = {
        c.id: sp.make("field", c.id, label=f"enter {c.name} (durability {c.durability})") for c in fighters
    }
    ready = {c.id: sp.make("ready", label=f"fight with {c.name}") for c in fighters}
    return field, ready


FIXED_LABELS = {
    "done": "done equipping",
    "retreat": "retreat: fighter and cards back to your hand, draw 2",
    "pass": "do nothing this turn",
    "decline": "do not draw",
    "stop": "no more attacks",
    "forfeit": "forfeit the battle (no fighter in hand): draw 2",
    "no_location": "fight this battle over no location",
}
"""The label of each action without arguments that always reads the same."""


def location_actions(game: WarriorsGame) -> dict[int, Action]:
    """Return the ``location`` action (chosen from the hand) of every location card of the game's
    catalog, by card id."""
    sp = game.action_space
    return {
        c.id: sp.make("location", c.id, label=f"fight over {describe_card(c)} from your hand")
        for c in game.catalog.cards
        if c.type == "location"
    }


def fixed_actions(game: WarriorsGame) -> dict[str, Action]:
    """Return the game's shared action of each kind in :data:`FIXED_LABELS`, by kind."""
    return {kind: game.action_space.make(kind, label=label) for kind, label in FIXED_LABELS.items()}


def cached(st: WarriorsState, key: tuple[Any, ...], kind: str, args: tuple[int, ...], label: str) -> Action:
    """Return the game's shared Action for ``key`` (an action whose label depends on ``key`` only)."""
    cache = st.game.action_cache
    a = cache.get(key)
    if a is None:
        a = cache[key] = st.game.action_space.make(kind, *args, label=label)
    return a


def equip_actions(game: WarriorsGame) -> dict[int, Action]:
    """Return the ``equip`` action of every equipment card of the game's catalog, by card id."""
    sp = game.action_space
    return {
        c.id: sp.make("equip", c.id, label=f"equip {describe_card(c)}")
        for c in game.catalog.cards
        if c.is_equipment
    }


GEAR_MEMO_LIMIT = 50_000
"""The most equipment sequences :func:`gear` keeps at once (the memo is emptied when full)."""


Source = tuple[int, "Card", str, int]
"""An attack source of a :data:`CombatPlan`: ``(slot, card, name, proficiency)``."""
CombatPlan = tuple[tuple[Source, ...], bool, tuple[int, ...], bool, DamageMods, tuple[int, ...]]
"""What :func:`combat_plan` works out once for a fighter card with a sequence of equipment."""
Gear = tuple[tuple[Action, ...], frozenset[int], tuple[str, ...], list[CombatPlan | None]]
"""What :func:`gear` tells of a fighter's equipment: remove actions, what fits, names by slot, and a
place for its :func:`combat_plan`, worked out at its first combat menu."""
Sequence = tuple[tuple[Action, ...], Load, tuple[str, ...], tuple[str, ...], dict[int, Gear]]
"""What :func:`gear` memoises of a sequence of equipped cards: its remove actions, its load, its names
by slot (copies told apart), its cards' names as printed, and the kits of the fighter cards seen with
it, by fighter card id (filled as they come)."""


def gear(st: WarriorsState, f: Fighter) -> Gear:
    """Return the ``remove`` actions of a fighter's equipment, slot by slot, the ids of the cards
    it may still equip (:func:`fits`), and the equipment's names by slot with copies of one card
    told apart (:func:`numbered`).

    Kept on the fighter (:attr:`.rules.Fighter.kit`) until its equipment changes. The remove
    actions, names and the equipment's :func:`.rules.load` are functions of the sequence of
    equipped card ids alone (:attr:`.rules.Fighter.equipped_ids`), so they are memoised per game
    by it (the key holds everything they depend on; nothing can go stale); what fits is memoised
    by :func:`fits`, and the kit of each fighter card with the sequence's entry.
    """
    kit: Gear | None = f.kit
    if kit is None:
        key = f.equipped_ids
        found = st.game.gear_memo.get(key)
        if found is None:
            found = _gear(st, f, key)
        kits = found[4]
        kit = kits.get(f.card.id)
        if kit is None:
            removes, used, names, _, _ = found
            kit = kits[f.card.id] = removes, fits(st.game, f.card, used), names, [None]
        f.kit = kit
    return kit


def _gear(st: WarriorsState, f: Fighter, key: tuple[int, ...]) -> Sequence:
    """Compute and memoise the :data:`Sequence` of ``key``, the fighter's equipped card ids.

    Most sequences not memoised yet are a memoised one with a card equipped last: theirs is that
    one's with a slot added, unless the card shares its name with an earlier one (copies are
    numbered).
    """
    memo = st.game.gear_memo
    if len(memo) >= GEAR_MEMO_LIMIT:
        memo.clear()
    before = memo.get(key[:-1]) if key else None
    card = f.equipment[-1].card if key else None
    if before is not None and card is not None and card.name not in before[3]:
        removes, used, names, printed, _ = before
        slot = len(names)
        found = memo[key] = (
            (*removes, _remove(st, slot, card.name)),
            load_plus(used, card, slot + 1),
            (*names, card.name),
            (*printed, card.name),
            {},
        )
        return found
    cards = [e.card for e in f.equipment]
    printed = tuple([c.name for c in cards])
    names = tuple(numbered(list(printed)))
    found = memo[key] = (
        tuple([_remove(st, i, name) for i, name in enumerate(names)]),
        load(cards),
        names,
        printed,
        {},
    )
    return found


def _remove(st: WarriorsState, slot: int, name: str) -> Action:
    """Return the game's ``remove`` action of ``slot`` holding a card called ``name``."""
    a = st.game.action_cache.get(("remove", slot, name))
    if a is None:
        a = cached(st, ("remove", slot, name), "remove", (slot,), f"remove {name} to your hand")
    return a


def fits(game: WarriorsGame, fighter: Card, used: Load) -> frozenset[int]:
    """Return the ids of the catalog's equipment cards a fighter card with equipment taking up ``used``
    may equip (:func:`.rules.fitting`), memoised per game by ``(fighter card id, used)``."""
    key = (fighter.id, used)
    memo = game.fits_memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = frozenset(c.id for c in fitting(fighter, used, game.catalog.cards))
    return found


def equip_menu(st: WarriorsState, seat: int, gear: Gear, last: Action) -> list[Action]:
    """Return the ``equip`` actions of the cards in hand that seat's fighter may take now, in card id
    order, then its ``remove`` actions, then ``last`` (done equipping, or ready).

    ``gear`` is :func:`gear` of the fighter. A card taken off the fighter this step is not offered
    again.
    """
    removes, fits, _, _ = gear
    offered = fits.intersection(st.hands[seat])
    if offered:
        removed = st.removed[seat]
        if removed:
            offered = offered.difference(removed)
        if offered:
            return [*map(st.game.equip_actions.__getitem__, sorted(offered)), *removes, last]
    return [*removes, last]


def numbered(names: list[str]) -> list[str]:
    """Return names with copies told apart: two Sonic Pistols read ``"Sonic Pistol #1"`` and
    ``"Sonic Pistol #2"`` (in order)."""
    if len(set(names)) == len(names):
        return names
    return [
        f"{name} #{names[: i + 1].count(name)}" if names.count(name) > 1 else name
        for i, name in enumerate(names)
    ]


def combat_actions(st: WarriorsState, seat: int, f: Fighter) -> list[Action]:
    """The combat step's menu: attacks (and split attacks), uses, equip and remove, retreat, pass.

    Attack and use actions are shared by the game, keyed by everything their labels are made of;
    a target's name (:meth:`~.state.WarriorsState.who`) is a function of its combatant id and
    fighter card, so those stand for it in the keys, and it is written out only for a new key.
    What depends on the fighter card and its equipment alone comes from its :func:`combat_plan`.
    """
    sp = st.game.action_space
    cache = st.game.action_cache
    fighters = st.fighters
    loc = st.location_card()
    targets = st.attackable(seat)
    kit = gear(st, f)
    plan = kit[3][0]
    if plan is None:
        plan = kit[3][0] = combat_plan(f, kit[2])
    sources, spells, uses, acts, dmods, cast_mods = plan
    if spells:  # an attack spell whose charges ran out cannot attack (4.1)
        equipment = f.equipment
        sources = tuple([s for s in sources if s[1].type != "attack_spell" or equipment[s[0]].charges != 0])
    if not sources:
        sources = ((MAX_EQUIP, UNARMED, UNARMED.name, 0),)
    if cast_mods or (loc is not None and loc.static_mods):
        dmods = plan_damage_mods(f, plan, loc)
    out = []
    for slot, src, src_name, x in sources:
        lo, hi = modified_range(dmods, src, src.max_damage + x, src.min_damage)
        for t in targets:
            key = ("attack", slot, t, fighters[t].card.id, src_name, lo, hi)  # type: ignore[union-attr]
            a = cache.get(key)
            if a is None:
                label = f"attack {st.who(t)} with {src_name} (damage {lo}-{hi})"
                a = cache[key] = sp.make("attack", slot, t, label=label)
            out.append(a)
        if x and len(targets) >= 2:
            lo, hi = modified_range(dmods, src, src.max_damage, src.min_damage)
            for t in targets:
                label = (
                    f"split attack with {src_name}: {st.who(t)}, then up to {x} more (damage {lo}-{hi} each)"
                )
                out.append(sp.make("volley", slot, t, label=label))
    if uses or acts or (loc is not None and loc.ability is not None and loc.ability.when == "action"):
        out += _uses(st, f, uses, targets, kit[2], loc)
    fixed = st.game.fixed
    out += equip_menu(st, seat, kit, fixed["retreat"])
    out.append(fixed["pass"])
    return out


def plan_damage_mods(f: Fighter, plan: CombatPlan, loc: Card | None) -> DamageMods:
    """Return the max-damage modifiers on now: the plan's always-on ones, those of the spells among
    its cast-while-on slots whose effect lasts (a duration), and the location card's (``loc``, or
    ``None``); :func:`.rules.damage_mods` as a combat menu needs it. source: warriors.txt, 4.4, 7.5."""
    dmods: DamageMods = [*plan[4]]
    cast_mods = plan[5]
    for i in cast_mods:
        if f.equipment[i].duration is not None:
            dmods += [(kw, a) for stat, kw, a in f.equipment[i].card.static_mods if stat == "damage"]
    if loc is not None:
        dmods += [(kw, a) for stat, kw, a in loc.static_mods if stat == "damage"]
    return dmods


def combat_plan(f: Fighter, names: tuple[str, ...]) -> CombatPlan:
    """Return what a combat menu needs of a fighter card with its equipment, counters aside.

    ``names`` are the equipment's names by slot (:func:`gear`). Returns the equipped weapons and
    attack spells as ``(slot, card, name, proficiency)`` (:func:`.rules.attack_sources` but for
    spent attack spells and bare hands), whether any is an attack spell, the slots whose card may
    give a ``use`` action (:func:`_uses`), whether the fighter card's ability is used as an
    Action, the max-damage modifiers always on (the fighter card's, and its equipment's but
    spells': :func:`.rules.damage_mods` without the location) and the slots of spells whose
    modifiers are on while cast. A function of the fighter card and the equipped
    cards alone, kept with the fighter card's kit. source: warriors.txt, 4.1-4.4, 7.5.
    """
    sources = []
    spells = False
    uses = []
    dmods: DamageMods = []
    if f.card.static_mods:
        dmods += [(kw, a) for stat, kw, a in f.card.static_mods if stat == "damage"]
    cast_mods = []
    for i, e in enumerate(f.equipment):
        c = e.card
        if c.type == "weapon":
            sources.append((i, c, names[i], proficiency(f, c)))
        elif c.type == "attack_spell":
            sources.append((i, c, names[i], 0))  # proficiency is for weapons (7.5)
            spells = True
        ab = c.ability
        if c.type in ("defense_spell", "utility_spell") or (ab is not None and ab.when in ACTION_WHENS):
            uses.append(i)
        if c.static_mods:
            if c.is_spell:
                cast_mods.append(i)
            else:
                dmods += [(kw, a) for stat, kw, a in c.static_mods if stat == "damage"]
    ab = f.card.ability
    acts = ab is not None and ab.when in ACTION_WHENS
    return tuple(sources), spells, tuple(uses), acts, dmods, tuple(cast_mods)


ACTION_WHENS = ("action", "charge_action")
"""The ``when`` of an ability a fighter uses as its Action (4.3, 4.4)."""


def _uses(
    st: WarriorsState,
    f: Fighter,
    slots: tuple[int, ...],
    targets: list[int],
    names: tuple[str, ...],
    loc: Card | None,
) -> list[Action]:
    """The ``use`` actions: abilities and Defense/Utility spells (``slots``: those of the equipment
    that may give one, from :func:`combat_plan`; ``names``: the equipment's names by slot, from
    :func:`gear`; ``loc``: the location card)."""
    out: list[Action] = []
    equipment = f.equipment
    for i in slots:
        e = equipment[i]
        c = e.card
        ab = c.ability
        if c.type in ("defense_spell", "utility_spell"):
            if e.duration is not None or e.spent or e.charges == 0:
                continue
            if ab is not None and ab.when == "cast":
                out += _aimed(st, targets, i, "cast", names[i], c, ab)
            elif c.duration:
                key = ("use", i, no_target(st), c.id)
                a = st.game.action_cache.get(key)
                if a is None:
                    label = f"cast {describe_card(c)} for {c.duration} turns"
                    a = cached(st, key, "use", (i, no_target(st)), label)
                out.append(a)
        elif ab is not None and ab.when in ACTION_WHENS and e.charges != 0:
            out += _aimed(st, targets, i, "use", names[i], c, ab)
    ab = f.card.ability
    if ab is not None and ab.when in ACTION_WHENS and f.charges != 0:
        out += _aimed(st, targets, FIGHTER_SLOT, "use", f.card.name, f.card, ab)
    if loc is not None and loc.ability is not None and loc.ability.when == "action":
        out += _aimed(st, targets, LOCATION_SLOT, "use", loc.name, loc, loc.ability)
    return out


def _aimed(
    st: WarriorsState, targets: list[int], slot: int, verb: str, name: str, card: Card, ab: Ability
) -> list[Action]:
    """``"<verb> <name>: <card text>"``, on each of ``targets`` when the effect aims at an enemy;
    shared actions, keyed by everything in their labels (a target by its combatant id and card)."""
    cache = st.game.action_cache
    if EFFECTS[ab.effect].target != "enemy":
        none = no_target(st)
        key = ("use", slot, none, verb, name, card.id, -1)
        a = cache.get(key)
        if a is None:
            a = cached(st, key, "use", (slot, none), f"{verb} {name}: {card.text}")
        return [a]
    fighters = st.fighters
    out = []
    for t in targets:
        key = ("use", slot, t, verb, name, card.id, fighters[t].card.id)  # type: ignore[union-attr]
        a = cache.get(key)
        if a is None:
            a = cached(st, key, "use", (slot, t), f"{verb} {name}: {card.text} on {st.who(t)}")
        out.append(a)
    return out


# ------------------------------------------------------------------------------------- apply
def equip(st: WarriorsState, p: int, card_id: int, hidden: bool) -> tuple[Fighter, Card]:
    """Equip a card from seat ``p``'s hand to its fighter, in secret (``hidden``: the assembly) or
    in the open; return the fighter and the card (4.5, 7.3)."""
    f = st.fighters[p]
    if f is None:
        f = st.fighter(p)  # raises: only a fighter equips
    card = st.game.catalog.cards[card_id]
    st.hands[p].remove(card_id)
    if not hidden:
        st.forget(p, card_id)  # as st.from_hand(p, card_id, public=True)
    f.equip(card)
    if not hidden and st.recording:
        st.move_card(card_id, Place("hand", p), st.fighter_place(p))
    return f, card


def remove(st: WarriorsState, p: int, slot: int, hidden: bool) -> tuple[Fighter, Card]:
    """Take the card in ``slot`` off seat ``p``'s fighter back to the hand, in secret (``hidden``)
    or in the open; it is not offered again this step. Return the fighter and the card (4.5)."""
    f = st.fighters[p]
    if f is None:
        f = st.fighter(p)  # raises: only a fighter removes
    taken = f.take_off(slot).card
    # public unless hidden (sealed: no event); positional: a keyword call costs more
    st.to_hand(p, taken.id, not hidden, None if hidden else st.at_fighter(p))
    st.removed[p].append(taken.id)
    return f, taken


def field(st: WarriorsState, p: int, card_id: int, hidden: bool) -> None:
    """Seat ``p`` takes a fighter card from the hand as its fighter, in secret (``hidden``) or in
    the open (a Deathmatch re-entry) (3.3, 8.1)."""
    st.from_hand(p, card_id, public=not hidden)
    st.fighters[p] = Fighter(p, p, st.card(card_id))
    if not hidden and st.recording:  # Deathmatch re-entry, in the open
        st.move_card(card_id, Place("hand", p), st.fighter_place(p))


def location_from_hand(st: WarriorsState, p: int, card_id: int) -> None:
    """The chooser ``p`` plays a location from the hand for the battle (3.3)."""
    st.from_hand(p, card_id)
    st.location, st.location_from = card_id, ("hand", p, p)
    st.move_card(card_id, Place("hand", p), Place("location"))
    st.log(f"player {p + 1} chooses {st.card(card_id).name} from hand as the location")


def location_held(st: WarriorsState, p: int, holder: int, index: int) -> None:
    """The chooser ``p`` picks the ``index``-th location that seat ``holder`` controls (3.3)."""
    card, owner = st.controlled[holder].pop(index)
    st.location, st.location_from = card, ("held", holder, owner)
    st.move_card(card, Place("locations", holder), Place("location"))
    st.log(f"player {p + 1} chooses {st.card(card).name}, controlled by player {holder + 1}, as the location")


def discard_from_hand(st: WarriorsState, p: int, card_id: int) -> None:
    """Seat ``p`` discards a card of its choice from the hand (the Legend rule, 7.4)."""
    st.from_hand(p, card_id)
    st.discard(card_id, p, Place("hand", p))
    st.log(f"player {p + 1} discards {st.card(card_id).name}")


def leave(st: WarriorsState, p: int) -> None:
    """Leave the game: discard the hand and the controlled locations (Revolving Door, 8.3)."""
    for c in st.hands[p]:
        st.discard(c, p, Place("hand", p))
    st.hands[p] = []
    st.known[p] = {}
    for c, owner in st.controlled[p]:
        st.discard(c, owner, Place("locations", p))
    st.controlled[p] = []
    for c, owner in [w for w in st.waiting if w[1] == p]:
        st.discard(c, owner, Place("waiting", p))
    st.waiting = [w for w in st.waiting if w[1] != p]
    st.in_game[p] = False
    if st.chooser == p:
        st.chooser = None
    st.log(f"player {p + 1} leaves the game")


def use(st: WarriorsState, seat: int, slot: int, target: int | None) -> None:
    """Use an ability or cast a Defense/Utility spell (4.2-4.4).

    A charge is removed first; then the effect; then a card with no charges left is destroyed. A
    cast Defense/Utility spell gets its duration counters; one whose last charge is gone is destroyed
    when its effect ends.
    """
    f = st.fighter(seat)
    if slot == LOCATION_SLOT:
        card = st.location_card()
        if card is None or card.ability is None:
            raise RuntimeError("a location ability was used without a location")
        st.log(f"player {seat + 1}'s {f.card.name} uses {card.name}")
        EFFECTS[card.ability.effect].run(st, seat, target, card.ability, card)  # type: ignore[misc]
        return
    if slot == FIGHTER_SLOT:
        ab = f.card.ability
        if ab is None:
            raise RuntimeError(f"{f.card.name} has no ability to use")
        if ab.when == "charge_action" and f.charges is not None:
            f.charges -= 1
        st.log(f"player {seat + 1}'s {f.card.name} uses its ability")
        EFFECTS[ab.effect].run(st, seat, target, ab, f.card)  # type: ignore[misc]
        return
    e = f.equipment[slot]
    c = e.card
    if c.is_spell:
        if e.charges is not None:
            e.charges -= 1
        used_up = e.charges == 0
        if c.duration:
            e.duration, e.spent = c.duration, used_up
        st.log(f"player {seat + 1}'s {f.card.name} casts {c.name}")
        if c.ability is not None and c.ability.when == "cast":
            EFFECTS[c.ability.effect].run(st, seat, target, c.ability, c)  # type: ignore[misc]
        if used_up and not c.duration and e in f.equipment:
            f.unequip(e)
            st.discard(c.id, f.seat, st.at_fighter(seat))
        return
    ab = c.ability
    if ab is None:
        raise RuntimeError(f"{c.name} has no ability to use")
    if ab.when == "charge_action" and e.charges is not None:
        e.charges -= 1
    st.log(f"player {seat + 1}'s {f.card.name} uses {c.name}")
    EFFECTS[ab.effect].run(st, seat, target, ab, c)  # type: ignore[misc]
    if e.charges == 0 and e in f.equipment:
        f.unequip(e)
        st.discard(c.id, f.seat, st.at_fighter(seat))
        st.log(f"{c.name} is used up")
