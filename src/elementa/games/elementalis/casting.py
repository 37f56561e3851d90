"""Casting spells: which casts are legal, paying for them, reactions, and their effects.

A spell phase follows every roll: the seats that declared cast in turn from the active player
clockwise. A cast names its spell and target in one action (Incinerate and Tornado then pick their
Mana one counter at a time). A spell cast on a seat that declared and has not cast yet may be answered
at once with Counter Spell or Fortitude (ruling ELS-A14), which uses up that seat's declaration.

source: elementalis.txt, Spell Casting; Appendix A: The Spells; rulings ELS-A8, A14, A21, A22.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, NamedTuple

from elementa.core import Action, Moved, Place
from elementa.games.elementalis.dice import Die
from elementa.games.elementalis.elements import (
    AIR,
    EARTH,
    ELEMENT_NAMES,
    ELEMENTS,
    ETHER,
    FACE_NAMES,
    FIRE,
    MOON,
    NUM_FACES,
    WATER,
    mage_type,
)
from elementa.games.elementalis.phases import CAST, REACT, TARGET_MANA
from elementa.games.elementalis.spells import (
    BREEZE,
    BURN,
    CHAR,
    COUNTER_SPELL,
    EARTH_LINK,
    ETHER_LEAK,
    FORTITUDE,
    GUST,
    INSIGHT,
    MANA_TARGETS,
    MIRROR_POOL,
    NUM_SPELLS,
    PETRIFY,
    SPELLS,
    STRENGTH,
    TORNADO,
    TREMOR,
    spell_cost,
    spellbook,
)
from elementa.games.elementalis.steps import Automatic, Decision, PendingSpell

if TYPE_CHECKING:
    from elementa.games.elementalis.state import ElementalisState

MAX_DICE = 24
"""The most dice a turn can hold (Mirror Pool adds dice); the action space's die radix is one more."""
NO_DIE, NO_FACE, NO_PLAYER = MAX_DICE, NUM_FACES, 7
DIE_SPELLS = (MIRROR_POOL, CHAR, BURN, PETRIFY, TREMOR, BREEZE)


@functools.cache
def _book(major: int, minor: int, chosen: int | None) -> tuple[int, ...]:
    return tuple(spellbook(major, minor, chosen))


Offer = tuple[int, int, int]
"""``(spell, cost, arcana)``: a spell a seat may cast, what it costs the seat now, the Mana it takes."""


class Repertoire(NamedTuple):
    """What a seat's Arcana let it cast, for one chosen Major and Ether Leak (see :func:`_repertoire`)."""

    proactive: tuple[Offer, ...]
    """The spells cast on the seat's own initiative (not those that answer a spell), in spell order."""
    breakers: tuple[tuple[int, Offer], ...]
    """Burn and Fortitude, when known, as ``(slot, offer)``: the spells that break Earth Links."""
    counter_spell: bool
    """Whether the seat knows Counter Spell (its cost is X, that of the spell it answers)."""
    fortitude: Offer | None
    """Fortitude, when the seat knows it."""
    least: tuple[int, int, int, int, int]
    """The least any spell the seat knows costs it, by the Mana it is paid in: Fire, Water, Earth,
    Air, then Moon (any colour); ``NEVER`` where it knows none. Counter Spell counts as 1 Water, the
    least it asks. A seat holding less than all of these can cast nothing now."""


NEVER: Final = sys.maxsize
"""A cost no Pool can meet."""


@functools.cache
def _repertoire(major: int, minor: int, chosen: int | None, ether_leak: bool) -> Repertoire:
    """Return what a seat with these Arcana may cast (built once per Arcana pair, chosen Major and
    Ether Leak: the spells it knows and their costs depend on nothing else)."""
    mage = mage_type(major, minor)
    assert mage is not None
    book = _book(major, minor, chosen)
    offers = {spell: (spell, spell_cost(spell, mage, ether_leak), SPELLS[spell].arcana) for spell in book}
    return Repertoire(
        proactive=tuple(offer for spell, offer in offers.items() if SPELLS[spell].target != "reactive"),
        breakers=tuple(
            (slot, offers[spell]) for slot, spell in enumerate((BURN, FORTITUDE)) if spell in offers
        ),
        counter_spell=COUNTER_SPELL in offers,
        fortitude=offers.get(FORTITUDE),
        least=(
            _least(offers.values(), FIRE),
            _least(offers.values(), WATER),
            _least(offers.values(), EARTH),
            _least(offers.values(), AIR),
            _least(offers.values(), MOON),
        ),
    )


def _least(offers: Iterable[Offer], arcana: int) -> int:
    """The least cost of the offers paid in ``arcana`` (Counter Spell: 1), or ``NEVER``."""
    return min(
        (1 if spell == COUNTER_SPELL else cost for spell, cost, a in offers if a == arcana), default=NEVER
    )


def _affords(pool: list[int], offer: Offer) -> bool:
    """Whether a Pool holds an offer's cost in its colour (Moon spells: any colour, ruling ELS-A8)."""
    _, cost, arcana = offer
    return (pool[0] + pool[1] + pool[2] + pool[3] if arcana == MOON else pool[arcana]) >= cost


def known_spells(s: ElementalisState, p: int) -> tuple[int, ...]:
    """Return the spells seat ``p`` knows now, in spell order."""
    major, minor = s.major[p], s.minor[p]
    if major is None or minor is None:
        return ()
    return _book(major, minor, s.chosen[p])


@functools.cache
def _costs(major: int, minor: int, ether_leak: bool) -> tuple[int, ...]:
    mage = mage_type(major, minor)
    assert mage is not None
    return tuple(spell_cost(spell, mage, ether_leak) for spell in range(NUM_SPELLS))


def seat_costs(s: ElementalisState, p: int) -> tuple[int, ...]:
    """Return what every spell costs seat ``p`` now, indexed by spell (Counter Spell with X = 0)."""
    major, minor = s.major[p], s.minor[p]
    assert major is not None and minor is not None
    return _costs(major, minor, s.ether_leak)


def cost_of(s: ElementalisState, p: int, spell: int, x: int = 0) -> int:
    """Return what ``spell`` costs seat ``p`` now (``x``: Counter Spell's X)."""
    if spell != COUNTER_SPELL:
        return seat_costs(s, p)[spell]
    mage = s.mage(p)
    assert mage is not None
    return spell_cost(spell, mage, s.ether_leak, x)


def can_pay(s: ElementalisState, p: int, spell: int, cost: int) -> bool:
    """Whether seat ``p`` holds ``cost`` Mana of the spell's element (Moon spells: any colour, ELS-A8)."""
    arcana = SPELLS[spell].arcana
    return (s.coloured(p) if arcana == MOON else s.pool[p][arcana]) >= cost


def pay(s: ElementalisState, p: int, spell: int, cost: int) -> None:
    """Return a spell's cost to the Flux; Moon spells take the seat's most plentiful colours first."""
    arcana = SPELLS[spell].arcana
    pool = s.pool[p]
    paid = [0, 0, 0, 0]
    if arcana != MOON:
        paid[arcana] = cost
    else:
        left = list(pool)
        for _ in range(cost):
            c = left.index(max(left))  # the most plentiful colour; a tie takes the first in colour order
            left[c] -= 1
            paid[c] += 1
    s.to_flux(pool, paid, Place("Pool", p))


def affects(s: ElementalisState, caster: int, element: int, target: int) -> bool:
    """Whether ``caster`` may aim a spell of ``element`` at ``target`` (Elitist rules, ELS-A22).

    An Elitist cannot be harmed by spells of their Major element, and cannot cast spells against
    another mage whose Major is their Major element; anyone may cast any spell on themselves.
    Elitists are the mages whose Minor is Ether (the mage-type table; ruling ELS-A18).
    """
    if target == caster:
        return True
    minor = s.minor
    if minor[target] == ETHER and s.major[target] == element:
        return False
    return not (minor[caster] == ETHER and s.major_element(target) == s.major[caster])


def _die_targets(s: ElementalisState, spell: int) -> list[tuple[int, ...]]:
    """``(spell, die, face, NO_PLAYER)`` targets a die spell may take now; face is NO_FACE except for
    Tremor."""
    if s.stage not in ("power", "chance") or (spell == MIRROR_POOL and len(s.dice) >= MAX_DICE):
        return []
    dice = s.dice  # the Sun die (index 0) can never be targeted; nor can destroyed dice
    if spell == TREMOR:
        # a held die's own face is no change; any other die may be turned to any face
        return [
            (spell, i, f, NO_PLAYER)
            for i in range(1, len(dice))
            if not (d := dice[i]).destroyed
            for f in (_OTHER_FACES[d.face] if d.held and d.face is not None else _ALL_FACES)
        ]
    if spell in (PETRIFY, BREEZE):  # a held die cannot be petrified again or rerolled
        return [
            (spell, i, NO_FACE, NO_PLAYER)
            for i in range(1, len(dice))
            if not dice[i].destroyed and not dice[i].held
        ]
    if spell == CHAR:
        return [
            (spell, i, NO_FACE, NO_PLAYER)
            for i in range(1, len(dice))
            if not dice[i].destroyed and not dice[i].charred
        ]
    return [(spell, i, NO_FACE, NO_PLAYER) for i in range(1, len(dice)) if not dice[i].destroyed]


_ALL_FACES: Final = tuple(range(NUM_FACES))
_OTHER_FACES: Final = tuple(tuple(f for f in _ALL_FACES if f != face) for face in _ALL_FACES)
"""``_OTHER_FACES[face]``: every face but ``face``."""


DieTargets = dict[int, list[tuple[int, ...]]]
"""Die spell -> its :func:`_die_targets`, filled as asked: the same for every caster in one position."""


def _targets(
    s: ElementalisState, caster: int, spell: int, die_targets: DieTargets, cost: int = 0
) -> list[tuple[int, ...]]:
    """Return the ``(spell, die, face, player)`` targets of a proactive cast of ``spell`` by
    ``caster`` (NO_DIE, NO_FACE, NO_PLAYER where a spell takes none): a cast action's arguments.

    ``die_targets`` holds the die spells' targets already listed in this position (the caller
    makes it empty and drops it before the position changes); this call adds the ones it lists.
    """
    element = SPELLS[spell].arcana
    active = s.active
    if spell in DIE_SPELLS:
        live = s.stage in ("power", "chance")  # dice are targeted after a Power or Chance Roll only
        if not (live and affects(s, caster, element, active)):
            return []
        known = die_targets.get(spell)
        if known is None:
            known = die_targets[spell] = _die_targets(s, spell)
        return known
    untargeted: list[tuple[int, ...]] = [(spell, NO_DIE, NO_FACE, NO_PLAYER)]
    if spell == GUST:
        live = any(not d.destroyed and not d.held for d in s.dice[1:])
        ok = s.stage in ("power", "chance") and live and affects(s, caster, element, active)
        return untargeted if ok else []
    if spell == STRENGTH:
        return untargeted if s.dice and affects(s, caster, element, active) else []
    if spell == ETHER_LEAK:
        return [] if s.ether_leak else untargeted
    if spell in MANA_TARGETS:
        # after paying, somebody must still hold Mana this spell may take
        any_mana = any(
            s.coloured(q) - (cost if q == caster else 0) > 0 and affects(s, caster, element, q)
            for q in range(s.game.num_players)
        )
        return untargeted if any_mana else []
    if spell == EARTH_LINK:
        return [
            (spell, NO_DIE, NO_FACE, q)
            for q in s.seats_from(caster)[1:]
            if (caster, q) not in s.links and affects(s, caster, element, q)
        ]
    return []  # Counter Spell and Fortitude answer spells; Burn/Fortitude on links are break_link


def _label(s: ElementalisState, spell: int, die: int, face: int, player: int) -> str:
    name = SPELLS[spell].name
    if die != NO_DIE:
        d = s.dice[die]
        shown = FACE_NAMES[d.face] if d.face is not None else "?"
        where = f" on {s.die_name(die)} ({shown})"
        return f"{name}{where}" + (f" to {FACE_NAMES[face]}" if face != NO_FACE else "")
    if player != NO_PLAYER:
        return f"{name} on player {player + 1}"
    return name


def _cast_groups(
    s: ElementalisState, p: int, die_targets: DieTargets, repertoire: Repertoire
) -> Iterator[tuple[str, int, list[tuple[int, ...]]]]:
    """Yield ``(kind, cost, arguments)``, spell by spell, of the casts seat ``p`` may make now, in
    :func:`cast_actions` order; a spell with no target now yields no arguments. ``repertoire``: the
    seat's (:func:`seat_repertoire`); ``die_targets``: as for :func:`_targets` (the yielded lists may
    be shared through it: read them, do not change them)."""
    pool = s.pool[p]
    done = s.cast_this_turn
    coloured = pool[0] + pool[1] + pool[2] + pool[3]
    for spell, cost, arcana in repertoire.proactive:
        if (coloured if arcana == MOON else pool[arcana]) < cost or (p, spell) in done:
            continue  # the seat cannot pay (Moon spells: any colour, ELS-A8), or cast it this turn
        if spell == INSIGHT:  # cast one of the active player's level-1 spells
            for inner in known_spells(s, s.active):
                if SPELLS[inner].level == 1 and inner != INSIGHT:
                    yield "insight", cost, _targets(s, p, inner, die_targets)
        else:
            yield "cast", cost, _targets(s, p, spell, die_targets, cost)
    for slot, offer in repertoire.breakers:
        spell, cost, arcana = offer
        if (p, spell) in done or not _affords(pool, offer):
            continue
        yield "break_link", cost, [(slot, *link) for link in s.links if affects(s, p, arcana, link[0])]


def _cast_label(s: ElementalisState, kind: str, args: tuple[int, ...], cost: int) -> str:
    if kind == "insight":
        return f"cast Insight ({cost} Mana): {_label(s, *args)}"
    if kind == "cast":
        return f"cast {_label(s, *args)} ({cost} Mana)"
    slot, owner, linked = args
    name = SPELLS[(BURN, FORTITUDE)[slot]].name
    return f"cast {name} on player {owner + 1}'s Earth Link to player {linked + 1} ({cost} Mana)"


def cast_actions(s: ElementalisState, p: int) -> list[Action]:
    """Return every spell seat ``p`` may cast now, with its target, in spell order."""
    repertoire = seat_repertoire(s, p)
    if repertoire is None or not any(s.pool[p]):
        return []  # every spell costs at least 1 coloured Mana (ruling ELS-A27)
    known = s.game.cast_memo
    dice = s.dice
    acts = []
    for kind, cost, targets in _cast_groups(s, p, {}, repertoire):
        # a label depends only on the action, its cost and the face its die shows (a spell's
        # targets are all dice or none)
        on_dice = kind != "break_link" and targets and targets[0][1] != NO_DIE
        for args in targets:
            key = (kind, args, cost, dice[args[1]].face if on_dice else None)
            action = known.get(key)
            if action is None:
                label = _cast_label(s, kind, args, cost)
                action = known[key] = s.game.action_space.make(kind, *args, label=label)
            acts.append(action)
    return acts


def seat_repertoire(s: ElementalisState, p: int) -> Repertoire | None:
    """Return what seat ``p``'s Arcana let it cast now (see :class:`Repertoire`), or ``None`` during
    the draft (kept on the state by :func:`repertoires`, one for each state of Ether Leak)."""
    kept = s.repertoires[p]
    return None if kept is None else kept[s.ether_leak]


def repertoires(s: ElementalisState, p: int) -> tuple[Repertoire, Repertoire] | None:
    """Return seat ``p``'s repertoires without and with Ether Leak in force, or ``None`` during the
    draft: what the state keeps for the seat whenever its Arcana or chosen Major change."""
    major, minor = s.major[p], s.minor[p]
    if major is None or minor is None:
        return None
    chosen = s.chosen[p]
    return _repertoire(major, minor, chosen, False), _repertoire(major, minor, chosen, True)


def holds_answer(s: ElementalisState, p: int) -> bool:
    """Whether seat ``p`` knows Counter Spell or Fortitude, unused this turn, and holds Mana for it."""
    repertoire = seat_repertoire(s, p)
    return repertoire is not None and _answer_ready(s, p, repertoire)


def _answer_ready(s: ElementalisState, p: int, repertoire: Repertoire) -> bool:
    """:func:`holds_answer` for a seat whose repertoire is known."""
    pool, done = s.pool[p], s.cast_this_turn
    if repertoire.counter_spell and (p, COUNTER_SPELL) not in done and pool[WATER] >= 1:
        return True
    fortitude = repertoire.fortitude
    return fortitude is not None and (p, FORTITUDE) not in done and _affords(pool, fortitude)


def may_declare(s: ElementalisState, p: int, die_targets: DieTargets | None = None) -> bool:
    """Whether seat ``p`` has a reason to declare: a legal cast now, or a Counter Spell/Fortitude ready.

    Args:
        s: the position.
        p: the seat.
        die_targets: the die spells' targets listed so far in this position, shared by the calls
            for every seat when a spell phase opens (see :func:`_targets`); ``None``: a fresh one.
    """
    repertoire = seat_repertoire(s, p)
    if repertoire is None:
        return False
    pool, least = s.pool[p], repertoire.least
    if (
        pool[FIRE] < least[FIRE]
        and pool[WATER] < least[WATER]
        and pool[EARTH] < least[EARTH]
        and pool[AIR] < least[AIR]
        and pool[FIRE] + pool[WATER] + pool[EARTH] + pool[AIR] < least[4]
    ):
        return False  # the seat cannot pay for any spell it knows (an empty Pool: ruling ELS-A27)
    if _answer_ready(s, p, repertoire):
        return True
    shared = {} if die_targets is None else die_targets
    # a plain loop: any() over a generator expression would add a second generator layer
    for _, _, targets in _cast_groups(s, p, shared, repertoire):  # noqa: SIM110
        if targets:
            return True  # the first spell with a target will do
    return False


def begin_cast(s: ElementalisState, p: int, action: Action) -> None:
    """Pay for a cast and start resolving it (pick Mana targets, then reactions, then the effect)."""
    kind, args = action.kind, action.args
    if kind == "break_link":
        paid = (BURN, FORTITUDE)[args[0]]
        spell, die, face, player, link = paid, NO_DIE, NO_FACE, NO_PLAYER, (args[1], args[2])
    else:
        spell, die, face, player = args
        paid, link = (INSIGHT if kind == "insight" else spell), None
    cost = cost_of(s, p, paid)
    pay(s, p, paid, cost)
    s.cast_this_turn.add((p, paid))
    s.pending = pend = PendingSpell(p, spell, paid, die, face, player, link, cost)
    s.log.append(f"player {p + 1}: {action.label}")
    if spell in MANA_TARGETS:
        s.steps.append(_TARGET_MANA[p])
    else:
        _open_reactions(s, pend)


def mana_target_actions(s: ElementalisState, pend: PendingSpell) -> list[Action]:
    """Mana counters the pending Incinerate or Tornado (``pend``) may still take (one per action)."""
    sp = s.game.action_space
    caster, spell = pend.caster, pend.spell
    if len(pend.targets) >= MANA_TARGETS[spell]:
        return []
    acts = []
    for q in s.seats_from(s.active):
        if not affects(s, caster, SPELLS[spell].arcana, q):
            continue
        for c in ELEMENTS:
            left = s.pool[q][c] - pend.targets.count((q, c))
            if left > 0:
                label = f"target 1 {ELEMENT_NAMES[c]} of player {q + 1}"
                acts.append(sp.make("target_mana", q, c, label=label))
    return acts


def add_mana_target(s: ElementalisState, pend: PendingSpell, target: tuple[int, int] | None) -> None:
    """Add one Mana counter to the pending spell's targets (``None``: no more); ask for the next,
    or open the answers once no more may be taken."""
    if target is not None:
        s.pending = pend = pend.with_target(target)
    if target is None or not mana_target_actions(s, pend):
        _open_reactions(s, pend)
    else:
        s.steps.append(_TARGET_MANA[pend.caster])


def _affected(s: ElementalisState, pend: PendingSpell) -> list[int]:
    """The seats a pending spell is cast on (ruling ELS-A21)."""
    spell = pend.spell
    if pend.link is not None:
        return [pend.link[0]]
    if spell in DIE_SPELLS or spell in (GUST, STRENGTH):
        return [s.active]
    if spell == EARTH_LINK:
        return [pend.player]
    if spell in MANA_TARGETS:
        return sorted({q for q, _ in pend.targets})
    return []


def react_actions(s: ElementalisState, p: int, pend: PendingSpell) -> list[Action]:
    """Counter Spell or Fortitude that seat ``p`` may cast against the pending spell ``pend``."""
    sp = s.game.action_space
    book = known_spells(s, p)
    acts = []
    for slot, spell in enumerate((COUNTER_SPELL, FORTITUDE)):
        if spell not in book or (p, spell) in s.cast_this_turn:
            continue
        cost = cost_of(s, p, spell, pend.cost)
        if can_pay(s, p, spell, cost):
            label = f"cast {SPELLS[spell].name} ({cost} Mana): void {SPELLS[pend.paid].name} on you"
            acts.append(sp.make("react", slot, label=label))
    return acts


def _open_reactions(s: ElementalisState, pend: PendingSpell) -> None:
    """The spell is paid and aimed: the seats it is cast on that still hold a declaration may answer
    it, clockwise from the active player (:class:`AskAnswer`), then it resolves (:class:`Resolve`)."""
    caster, waiting, reserved = pend.caster, s.casters[:-1], s.reserved
    # who may answer: the affected seats that still hold a declaration, clockwise from the active one
    ready = [q for q in _affected(s, pend) if q != caster and (q in waiting or q in reserved)]
    answers = [_ASK_ANSWER[q] for q in s.seats_from(s.active) if q in ready] if ready else []
    s.steps += [_RESOLVE, *reversed(answers)]  # the first to answer on top


def react(s: ElementalisState, p: int, pend: PendingSpell, slot: int | None) -> None:
    """Answer the pending spell with Counter Spell (slot 0), Fortitude (1), or not (None)."""
    if slot is not None:
        spell = (COUNTER_SPELL, FORTITUDE)[slot]
        cost = cost_of(s, p, spell, pend.cost)
        pay(s, p, spell, cost)
        s.cast_this_turn.add((p, spell))
        s.pending = pend = pend.with_answer(p)
        if p in s.reserved:  # the reaction uses up the declaration
            s.reserved.discard(p)
        else:
            s.casters.remove(p)
        s.log.append(f"player {p + 1} casts {SPELLS[spell].name}: {SPELLS[pend.paid].name} is void on them")


def _resolve(s: ElementalisState, pend: PendingSpell) -> None:
    """Apply the pending spell's effect, less what reactions voided; then the next declared seat
    casts (after the dice a spell rerolls). source: Appendix A."""
    spell, die, negated = pend.spell, pend.die, pend.negated
    on_active = s.active not in negated
    if pend.link is not None:
        if pend.link[0] not in negated and pend.link in s.links:
            s.links.remove(pend.link)
    elif spell == ETHER_LEAK:
        s.ether_leak = True
    elif spell == EARTH_LINK:
        if pend.player not in negated:
            s.links.append((pend.caster, pend.player))
    elif spell in MANA_TARGETS:
        for q, c in pend.targets:
            if q in negated:
                continue
            if spell == TORNADO:
                if s.recording:
                    s.emit(Moved(ELEMENT_NAMES[c], 1, Place("Pool", q), Place("colourless", q)))
                s.pool[q][c] -= 1
                s.colourless[q] += 1
            else:
                s.to_flux(s.pool[q], [1 if e == c else 0 for e in ELEMENTS], Place("Pool", q))
    elif on_active:
        d = s.dice[die] if die != NO_DIE else None
        if spell == MIRROR_POOL and d is not None:
            s.dice.append(Die(False, d.face))
        elif spell == CHAR and d is not None:
            d.charred = True
        elif spell == BURN and d is not None:
            d.destroyed = True
        elif spell == PETRIFY and d is not None:
            d.held = True
        elif spell == TREMOR and d is not None:
            d.face, d.held = pend.face, True
        elif spell == BREEZE:
            s._roll([die], _CAST_DONE)
            return
        elif spell == GUST:
            s._roll([i for i, x in enumerate(s.dice) if i and not x.destroyed and not x.held], _CAST_DONE)
            return
        elif spell == STRENGTH:
            s._roll([0], _CAST_DONE)
            return
    finish_cast(s)


def next_caster(s: ElementalisState) -> None:
    """The next declared seat casts (the last of ``s.casters``); once none is left, the spell phase ends."""
    s.pending = None
    if s.casters:
        s.steps.append(_CAST[s.casters[-1]])
    else:
        s._after_spells()


def finish_cast(s: ElementalisState) -> None:
    """The seat casting now is done (cast, kept its declaration or forfeited it): the next casts."""
    s.casters.pop()
    next_caster(s)


# ------------------------------------------------------------------------------------- the steps
@dataclass(frozen=True, slots=True)
class Cast(Decision):
    """A declared seat casts a spell (with its target), keeps its declaration to answer a spell cast
    on it, or forfeits it. source: elementalis.txt, Spell Casting; ruling ELS-A14."""

    def legal(self, state: ElementalisState, player: int) -> list[Action]:
        acts = cast_actions(state, self.seat)
        acts.append(state.game.fixed_actions[CAST][0 if holds_answer(state, self.seat) else 1])
        return acts

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        p = self.seat
        if action.kind != "pass":
            begin_cast(state, p, action)
            return
        if holds_answer(state, p):
            state.reserved.add(p)
            state.log.append(f"player {p + 1} keeps the declaration to answer spells")
        else:
            state.log.append(f"player {p + 1} forfeits the declaration")
        finish_cast(state)


Cast.phase = CAST


class _OnSpell(Decision):
    """A decision about the spell being cast (``state.pending``, set while such a step is pending)."""

    __slots__ = ()

    @staticmethod
    def spell(state: ElementalisState) -> PendingSpell:
        """Return the spell being cast.

        Raises:
            RuntimeError: no spell is being cast (a step of a spell left on the flow after it: a bug).
        """
        pend = state.pending
        if pend is None:
            raise RuntimeError("a step of a spell is pending with no spell being cast")
        return pend


@dataclass(frozen=True, slots=True)
class TargetMana(_OnSpell):
    """The caster of Incinerate or Tornado picks its Mana targets one counter at a time (or stops
    once it has one). source: elementalis.txt, Appendix A (Incinerate, Tornado)."""

    def legal(self, state: ElementalisState, player: int) -> list[Action]:
        pend = self.spell(state)
        acts = mana_target_actions(state, pend)
        if pend.targets:
            acts.extend(state.game.fixed_actions[TARGET_MANA])
        return acts

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        target = None if action.kind == "pass" else (action.args[0], action.args[1])
        add_mana_target(state, self.spell(state), target)


TargetMana.phase = TARGET_MANA


@dataclass(frozen=True, slots=True)
class AskAnswer(Automatic):
    """Offer a seat the spell's answer (:class:`Answer`) if it can pay for one now (an earlier answer
    may have spent its Mana). source: ruling ELS-A14."""

    seat: int

    def run(self, state: ElementalisState) -> None:
        pend = state.pending
        if pend is not None and react_actions(state, self.seat, pend):
            state.steps.append(_ANSWER[self.seat])


@dataclass(frozen=True, slots=True)
class Answer(_OnSpell):
    """A seat the spell is cast on answers it with Counter Spell or Fortitude, or lets it resolve.

    source: elementalis.txt, Appendix A (Counter Spell, Fortitude); ruling ELS-A14.
    """

    def legal(self, state: ElementalisState, player: int) -> list[Action]:
        return [*react_actions(state, self.seat, self.spell(state)), *state.game.fixed_actions[REACT]]

    def apply(self, state: ElementalisState, action: Action, player: int) -> None:
        react(state, self.seat, self.spell(state), None if action.kind == "pass" else action.args[0])


Answer.phase = REACT


@dataclass(frozen=True, slots=True)
class Resolve(Automatic):
    """The spell, answered or not, takes effect. source: elementalis.txt, Appendix A."""

    def run(self, state: ElementalisState) -> None:
        _resolve(state, _OnSpell.spell(state))


@dataclass(frozen=True, slots=True)
class CastDone(Automatic):
    """The dice a spell rerolled have rolled: the next declared seat casts."""

    def run(self, state: ElementalisState) -> None:
        finish_cast(state)


_ASK_ANSWER: Final = tuple(AskAnswer(q) for q in range(NO_PLAYER))
_RESOLVE: Final = Resolve()
_CAST_DONE: Final = CastDone()
_CAST: Final = tuple(Cast(p) for p in range(NO_PLAYER))
_TARGET_MANA: Final = tuple(TargetMana(p) for p in range(NO_PLAYER))
_ANSWER: Final = tuple(Answer(p) for p in range(NO_PLAYER))
