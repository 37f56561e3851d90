"""What each seat sees of an ElementaliS state, and the plain-text board.

Everything on an ElementaliS table is public except the spell declarations while they are being made:
each seat sees its own choice, and of the others only whether they have chosen yet.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from elementa.core import information_digest
from elementa.games.elementalis.elements import ARCANA_NAMES, ELEMENT_NAMES, FACE_NAMES, MAGE_TYPES
from elementa.games.elementalis.phases import CAST, CULTIST, DECLARE, OVER, REACT, TARGET_MANA
from elementa.games.elementalis.spells import COUNTER_SPELL, SPELLS, spell_cost, spellbook
from elementa.games.elementalis.views import (
    DieView,
    ElementalisView,
    ManaChoiceView,
    ManaView,
    OppositionView,
    PendingSpellView,
    RollScoresView,
    SeatView,
    SpellView,
)

if TYPE_CHECKING:
    from elementa.games.elementalis.state import ElementalisState


def _mana(vec: Sequence[int]) -> ManaView:
    fire, water, earth, air = vec
    return ManaView(fire, water, earth, air)


def _name(arcana: int | None) -> str | None:
    return None if arcana is None else ARCANA_NAMES[arcana]


@functools.cache
def _seat_facts(
    major: int | None, minor: int | None, chosen: int | None, ether_leak: bool
) -> tuple[str | None, str | None, str | None, str | None, tuple[tuple[int, SpellView, SpellView], ...]]:
    """What a seat's entry shows of its Arcana: Major, Minor, type and chosen Major names, spells.

    Each spell comes as ``(spell, view not cast this turn, view cast this turn)``.
    """
    mage = None if major is None or minor is None else MAGE_TYPES[major][minor]
    spells: tuple[tuple[int, SpellView, SpellView], ...] = ()
    if mage is not None:
        assert major is not None and minor is not None
        views = [
            (spell, SPELLS[spell], None if spell == COUNTER_SPELL else spell_cost(spell, mage, ether_leak))
            for spell in spellbook(major, minor, chosen)
        ]
        spells = tuple(
            (
                spell,
                SpellView(x.name, x.level, ARCANA_NAMES[x.arcana], cost, x.help, False),
                SpellView(x.name, x.level, ARCANA_NAMES[x.arcana], cost, x.help, True),
            )
            for spell, x, cost in views
        )
    return _name(major), _name(minor), None if mage is None else mage.value, _name(chosen), spells


def observe(s: ElementalisState, viewer: int | None) -> ElementalisView:
    """Return the typed view of a state for a seat (``None``: a spectator); its JSON form is the
    observation (the fields are documented in :mod:`.views`).

    Everything is public but the declarations being made: each seat sees its own choice, and of the
    others only whether they have chosen yet. ``roll_scores`` (what the dice as they lie would score
    the active player) is shown while spells are declared and cast after a Power or Chance Roll;
    ``mana_choice`` while a seat chooses Mana colour by colour (:func:`mana_choice`).
    """
    done = s.cast_this_turn
    casters = {q for q, _ in done}  # the seats whose spell entries may show a cast this turn
    ether_leak = s.ether_leak
    players = []
    for p, (a, b, c, (fire, water, earth, air), colourless) in enumerate(
        zip(s.major, s.minor, s.chosen, s.pool, s.colourless, strict=True)
    ):
        major, minor, kind, chosen, spells = _seat_facts(a, b, c, ether_leak)
        players.append(
            SeatView(
                p, major, minor, kind, chosen, ManaView(fire, water, earth, air), colourless,
                fire + water + earth + air + colourless,  # as s.total(p)
                tuple([cast if (p, spell) in done else plain for spell, plain, cast in spells])
                if p in casters else tuple([plain for _, plain, _ in spells]),
            )
        )  # fmt: skip
    declarations = {}
    for p, d in s.declared.items():
        if d is None:
            declarations[str(p)] = "waiting"
        elif p == viewer:
            declarations[str(p)] = "declared" if d else "passed"
        else:
            declarations[str(p)] = "chosen"
    cur = s.current_player()
    phase = s.phase
    return ElementalisView(
        game="elementalis",
        viewer=viewer,
        round=min(s.round, s.game.options.rounds),
        rounds=s.game.options.rounds,
        active=s.active,
        phase=phase,
        stage=s.stage,
        to_move=tuple(s.players_to_move()) if cur >= -2 else (),
        players=tuple(players),
        channel=_mana(s.channel),
        flux=_mana(s.flux) if s.game.options.mana_supply_limit else None,
        dice=_dice(s),
        ether_leak=s.ether_leak,
        links=tuple(s.links),
        declarations=declarations,
        casting_order=tuple(s.casters[::-1]) if phase in (CAST, TARGET_MANA, REACT) else (),
        pending_spell=_pending(s),
        opposition=OppositionView(tuple(s.claims), tuple([FACE_NAMES[f] for f in s.opp_faces]))
        if s.stage == "opposition" else None,
        log=tuple(s.log),
        winners=tuple(s.winners()) if phase == OVER else None,
        roll_scores=_roll_scores(s),
        mana_choice=mana_choice(s),
    )  # fmt: skip


def information_key(s: ElementalisState, viewer: int) -> bytes:
    """Return ``viewer``'s information-state key: the digest of what :func:`observe` shows that seat.

    The same facts as :func:`observe`, written compactly: ids instead of names, tuples and lists
    instead of dicts. What the view derives is left out, since it follows from what is here: each
    seat's mage type and spells with their costs (from its Arcana and the Ether Leak), ``rounds``
    (an option), ``roll_scores`` (from the phase, stage, dice and the active seat's Arcana). So two
    states get one key for a seat exactly when :func:`observe` shows it the same view; the
    conformance suite checks that at the nodes of seeded playouts and in resampled states. A search
    asks for a key at every tree node it walks, where building and writing out the whole view was a
    fifth of its time.

    Args:
        s: the state.
        viewer: the seat.

    Returns:
        16 bytes (:func:`elementa.core.information_digest`).
    """
    done = s.cast_this_turn
    cast = []  # the casts the seats' spell lists mark, as observe marks them
    for p, spell in sorted(done):
        if any(
            known == spell
            for known, _, _ in _seat_facts(s.major[p], s.minor[p], s.chosen[p], s.ether_leak)[4]
        ):
            cast.append((p, spell))
    declarations = [
        (p, "waiting" if d is None else ("declared" if d else "passed") if p == viewer else "chosen")
        for p, d in s.declared.items()
    ]
    pend = s.pending
    phase, stage = s.phase, s.stage
    return information_digest(
        (
            viewer,
            min(s.round, s.game.options.rounds),
            s.active,
            phase,
            stage,
            s.players_to_move() if s.current_player() >= -2 else [],
            s.major,
            s.minor,
            s.chosen,
            s.pool,
            s.colourless,
            cast,
            s.channel,
            s.flux if s.game.options.mana_supply_limit else None,
            [(d.face, d.sun, d.held, d.destroyed, d.charred) for d in s.dice],
            s.ether_leak,
            s.links,
            declarations,
            s.casters[::-1] if phase in (CAST, TARGET_MANA, REACT) else [],
            None
            if pend is None
            else (
                pend.caster,
                pend.spell,
                pend.paid,
                pend.cost,
                list(pend.targets),
                list(pend.negated),
            ),
            (s.claims, s.opp_faces) if stage == "opposition" else None,
            s.log,
            s.winners() if phase == OVER else None,
            # mana_choice: the chooser, options and purpose (not whether it may pass), chosen so far
            None if (choice := s.choice) is None else (choice.key(), choice.picked),
        )
    )


def brief_view(s: ElementalisState, viewer: int) -> dict[str, Any]:
    """Return the part of ``observe(s, viewer)`` that the rule-based agent reads, built the same way.

    Keys: ``phase``, ``stage``, ``active``, ``round``, ``rounds``, ``channel``, ``dice``,
    ``pending_spell``, ``mana_choice`` as :func:`observe` shows them, and ``players``: per seat
    ``seat``, ``major`` and ``total``, and for ``viewer``'s own seat also ``chosen_major``, ``pool``
    and ``spells``. Every value equals the one under the same key in :func:`observe`'s view (tests
    check it at every node of seeded playouts); it shows nothing :func:`observe` hides from ``viewer``.

    Args:
        s: the state.
        viewer: the seat whose view this is.

    Returns:
        the brief view, a fresh dict (no part is shared with the state or another view).
    """
    players: list[dict[str, Any]] = [
        {"seat": p, "major": _name(a), "total": sum(vec) + colourless}  # as observe: name, Pool + colourless
        for p, (a, vec, colourless) in enumerate(zip(s.major, s.pool, s.colourless, strict=True))
    ]
    spells = _spell_entries(s.major[viewer], s.minor[viewer], s.chosen[viewer], s.ether_leak)
    done = s.cast_this_turn
    players[viewer].update(
        chosen_major=_name(s.chosen[viewer]),
        pool=_mana_json(s.pool[viewer]),
        spells=[{**e, "cast_this_turn": (viewer, spell) in done} for spell, e in spells],
    )
    pend, choice = s.pending, s.choice
    # the parts as their views' JSON forms, written out: the agent reads this at every decision,
    # where building the views first cost three times as much
    return {
        "round": min(s.round, s.game.options.rounds),
        "rounds": s.game.options.rounds,
        "active": s.active,
        "phase": s.phase,
        "stage": s.stage,
        "players": players,
        "channel": _mana_json(s.channel),
        "dice": [
            {"face": None if d.face is None else FACE_NAMES[d.face], "sun": d.sun, "held": d.held,
             "destroyed": d.destroyed, "charred": d.charred}
            for d in s.dice
        ],
        "pending_spell": None if pend is None else {
            "caster": pend.caster, "spell": SPELLS[pend.spell].name, "paid_as": SPELLS[pend.paid].name,
            "cost": pend.cost, "targets": [[q, ELEMENT_NAMES[c]] for q, c in pend.targets],
            "negated_for": list(pend.negated),
        },
        "mana_choice": None if choice is None else {
            "seat": choice.seat, "purpose": choice.purpose, "to": None if choice.to < 0 else choice.to,
            "chosen": dict(zip(ELEMENT_NAMES, choice.picked, strict=False)),
            "options": [_mana_json(v) for v in choice.options],
        },
    }  # fmt: skip


def _mana_json(vec: Sequence[int]) -> dict[str, int]:
    """A Mana vector as :class:`ManaView`'s JSON form (a dict display: faster than building it)."""
    fire, water, earth, air = vec
    return {"Fire": fire, "Water": water, "Earth": earth, "Air": air}


@functools.cache
def _spell_entries(
    major: int | None, minor: int | None, chosen: int | None, ether_leak: bool
) -> tuple[tuple[int, dict[str, Any]], ...]:
    """A seat's spells as :func:`_seat_facts` gives them, each as the JSON form of its view not cast
    this turn: shared templates, to copy, never to hand out."""
    return tuple(
        (spell, plain.to_json()) for spell, plain, _ in _seat_facts(major, minor, chosen, ether_leak)[4]
    )


def mana_choice(s: ElementalisState) -> ManaChoiceView | None:
    """The Mana choice under way, as the views show it (public: choices are made in the open), or ``None``.

    A seat chooses a Mana vector one colour at a time, Fire, Water, Earth, Air (elementalis.txt:
    Scoring, Flux Tapping, The Cosmic Roll, Elemental Opposition, and the set-up's "two Mana of
    their choice"; the rulebook names a whole vector, the steps are how the game asks for it).
    """
    choice = s.choice
    if choice is None:
        return None
    return ManaChoiceView(
        choice.seat,
        choice.purpose,
        None if choice.to < 0 else choice.to,
        dict(zip(ELEMENT_NAMES, choice.picked, strict=False)),
        tuple([_mana(v) for v in choice.options]),
    )


def _dice(s: ElementalisState) -> tuple[DieView, ...]:
    """Each die as the views show it: face name, whether the Sun die, held, destroyed, charred."""
    return tuple(
        [DieView(None if d.face is None else FACE_NAMES[d.face], d.sun, d.held, d.destroyed, d.charred)
         for d in s.dice]
    )  # fmt: skip


def _pending(s: ElementalisState) -> PendingSpellView | None:
    """The spell being cast and answered, as the views show it (``None`` when there is none)."""
    pend = s.pending
    if pend is None:
        return None
    return PendingSpellView(
        pend.caster,
        SPELLS[pend.spell].name,
        SPELLS[pend.paid].name,
        pend.cost,
        tuple([(q, ELEMENT_NAMES[c]) for q, c in pend.targets]),
        pend.negated,
    )


def _roll_scores(s: ElementalisState) -> RollScoresView | None:
    """What the roll on the table scores the active player if no spell changes it (public: the dice
    are), while spells are declared or cast after a Power or Chance Roll; else ``None``.

    source: elementalis.txt, Scoring; The Chance Roll (the Sun returns the Channel).
    """
    if s.phase not in (DECLARE, CAST, CULTIST, REACT, TARGET_MANA) or s.stage not in ("power", "chance"):
        return None
    sun = s.stage == "chance" and s._busted()
    options = () if sun else tuple([_mana(v) for v in s.score_options(s.active)])
    return RollScoresView(s.active, options, sun)


def board_text(s: ElementalisState) -> str:
    """Return a plain-text board (what ``str(state)`` shows): round, dice, Channel and every Pool."""
    lines = [f"ElementaliS - round {min(s.round, s.game.options.rounds)}/{s.game.options.rounds}, "
             f"player {s.active + 1} to roll ({s.phase}{'/' + s.stage if s.stage else ''})"]  # fmt: skip
    if s.dice:
        faces = []
        for i, d in enumerate(s.dice):
            f = "?" if d.face is None else FACE_NAMES[d.face]
            marks = ("*" if d.held else "") + ("x" if d.destroyed else "") + ("~" if d.charred else "")
            faces.append(f"{s.die_name(i)}={f}{marks}")
        lines.append("dice: " + ", ".join(faces))
    lines.append("Channel: " + ", ".join(f"{ELEMENT_NAMES[c]} {k}" for c, k in enumerate(s.channel)))
    for p in range(s.game.num_players):
        mage = s.mage(p)
        who = f"{_name(s.major[p])}/{_name(s.minor[p])} {mage.value if mage else ''}".strip()
        pool = ", ".join(f"{ELEMENT_NAMES[c]} {k}" for c, k in enumerate(s.pool[p]))
        extra = f", colourless {s.colourless[p]}" if s.colourless[p] else ""
        lines.append(f"player {p + 1} ({who}): {pool}{extra} = {s.total(p)}")
    if s.links:
        lines.append("Earth Links: " + ", ".join(f"{o + 1}->{t + 1}" for o, t in s.links))
    return "\n".join(lines)
