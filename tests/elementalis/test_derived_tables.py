"""The tables and memos the rules derive once (for speed) agree with the rules they are derived from.

* A seat's repertoire (``casting._repertoire``: its proactive spells, link breakers, Counter Spell and
  Fortitude, with their costs, and the least cost by colour) against the spellbook and ``spell_cost``
  for every Arcana pair.
* Scoring from face counts, memoized on the few numbers each mage type reads, against the rulebook
  scorers worked out afresh from the faces for every roll of up to six dice.
* Along random playouts (2, 4 and 7 seats), at every node: who may declare a spell against the casts
  actually listed, and the fixed choices (passes and claims included) against what their phases offer.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest

import elementa
from elementa.games.elementalis import casting, opposition
from elementa.games.elementalis.elements import (
    CONFLICT,
    ELEMENTS,
    ETHER,
    FACE_NAMES,
    MAGE_TYPES,
    MOON,
    NUM_ARCANA,
    OPPOSING_PAIR,
    SUN,
    MageType,
)
from elementa.games.elementalis.phases import CAST, CLAIM, CONTINUE, DECLARE
from elementa.games.elementalis.scoring import Mana, score_roll
from elementa.games.elementalis.spells import (
    BURN,
    COUNTER_SPELL,
    FORTITUDE,
    SPELLS,
    spell_cost,
    spellbook,
)
from elementa.games.elementalis.state import ElementalisState
from tests.support.walk import decision_nodes

PAIRS = [(a, b) for a in range(NUM_ARCANA) for b in range(NUM_ARCANA) if MAGE_TYPES[a][b] is not None]


@pytest.mark.parametrize(("major", "minor"), PAIRS)
def test_repertoire_matches_the_spellbook_and_costs(major: int, minor: int) -> None:
    mage = MAGE_TYPES[major][minor]
    assert mage is not None
    for chosen in (None, *ELEMENTS):
        book = spellbook(major, minor, chosen)
        for leak in (False, True):
            rep = casting._repertoire(major, minor, chosen, leak)
            want = [(s, spell_cost(s, mage, leak), SPELLS[s].arcana) for s in book]
            assert list(rep.proactive) == [o for o in want if SPELLS[o[0]].target != "reactive"]
            assert list(rep.breakers) == [
                (slot, o) for slot, spell in enumerate((BURN, FORTITUDE)) for o in want if o[0] == spell
            ]
            assert rep.counter_spell == (COUNTER_SPELL in book)
            assert rep.fortitude == next((o for o in want if o[0] == FORTITUDE), None)
            # the least cost by the Mana paid: a Pool below it in every colour pays for nothing
            for slot, paid in enumerate((*ELEMENTS, MOON)):
                costs = [1 if o[0] == COUNTER_SPELL else o[1] for o in want if o[2] == paid]
                assert rep.least[slot] == (min(costs) if costs else casting.NEVER)


def _reference_scores(mage: MageType, major: int, minor: int, faces: tuple[int, ...], sun: bool) -> set[Mana]:
    """The rulebook's scoring (elementalis.txt, Earning Mana; rulings ELS-A4, A5, A9, A26) worked
    out directly from the faces, with the default options."""
    count = Counter(faces)
    if mage is MageType.CHAOTICA:
        mage = MAGE_TYPES[major][minor]  # type: ignore[assignment]
    out: set[Mana] = set()

    def vec(amounts: dict[int, int]) -> Mana:
        return (amounts.get(0, 0), amounts.get(1, 0), amounts.get(2, 0), amounts.get(3, 0))

    if mage in (MageType.ELEMENTALIST, MageType.PURIST, MageType.ELITIST, MageType.CULTIST):
        scored = (major, minor) if mage is MageType.ELEMENTALIST else (major,)
        for boost in combinations_with_replacement(scored, count[ETHER]):
            out.add(
                vec(
                    {
                        x: max(0, count[x] + boost.count(x) - (0 if sun else count[CONFLICT[x]]))
                        for x in scored
                    }
                )
            )
    elif mage is MageType.HARMONIST:
        out.add(vec({major: count[major], minor: count[minor]}))
    elif mage is MageType.CREATIONIST:
        minor_mana = max(0, count[minor] + count[ETHER] - count[OPPOSING_PAIR[minor]])
        for colours in combinations_with_replacement(ELEMENTS, max(0, count[ETHER] - count[SUN])):
            amounts = Counter(colours)
            amounts[minor] += minor_mana
            out.add(vec(amounts))
    else:
        wild = 2 if mage is MageType.LUMINARY else 1
        for wilds in combinations_with_replacement(ELEMENTS, count[ETHER]):
            shown = {e: count[e] + wild * wilds.count(e) for e in ELEMENTS}
            out.add(vec({e: n for e, n in shown.items() if n >= 2}))
    return out


def test_scoring_from_counts_matches_the_faces() -> None:
    for n in range(7):
        for faces in itertools.combinations_with_replacement(range(6), n):
            for major, minor in PAIRS:
                mage = MAGE_TYPES[major][minor]
                assert mage is not None
                for chosen in ELEMENTS if mage is MageType.CHAOTICA else (major,):
                    for sun in (False, True):
                        got = score_roll(mage, chosen, minor, faces, SUN if sun else None)
                        assert set(got) == _reference_scores(mage, chosen, minor, faces, sun)
                        assert len(got) == len(set(got))
                        assert got == sorted(got, key=lambda v: (-sum(v), *(-x for x in v)))


@pytest.mark.parametrize("players", [2, 4, 7])
def test_declarations_and_fixed_choices_agree_with_the_casts(players: int) -> None:
    game = elementa.load_game("elementalis", players=players)
    for seed in range(20):
        rng = random.Random(seed)
        for state, seat in decision_nodes(game.new_initial_state(seed), rng):
            assert isinstance(state, ElementalisState)
            shared: casting.DieTargets = {}  # die targets listed once for every seat, as _open_spells does
            for p in range(players):
                casts = casting.cast_actions(state, p)
                able = casting.holds_answer(state, p) or bool(casts)
                assert casting.may_declare(state, p) == (any(state.pool[p]) and able)
                assert casting.may_declare(state, p, shared) == casting.may_declare(state, p)
            for spell, targets in shared.items():
                assert targets == casting._die_targets(state, spell)
            assert state.undeclared == [p for p, d in state.declared.items() if d is None]
            assert state.players_to_move() == (state.undeclared if state.phase == DECLARE else [seat])
            for copy in (state.clone(), state.resample_from_infostate(seat, random.Random(seed))):
                assert isinstance(copy, ElementalisState)
                assert copy.undeclared == [p for p, d in copy.declared.items() if d is None]
            if state.phase == DECLARE:
                assert list(state.declared) == [
                    p for p in state.seats_from(state.active) if casting.may_declare(state, p)
                ]
            if state.phase == CONTINUE:
                roll = "Chance" if state.stage == "power" else "Cosmic"
                labels = [a.label for a in state.legal_actions()]
                assert labels == [f"take the {roll} Roll", "stop and bank the Channel"]
            if state.phase == CAST:
                keep = casting.holds_answer(state, seat)
                assert state.legal_actions()[-1].label == (
                    "keep the declaration to answer a spell cast on you"
                    if keep
                    else "forfeit the declaration"
                )
            if state.phase == CLAIM:
                face = FACE_NAMES[state.major_element(seat) or 0]
                labels = [a.label for a in state.legal_actions()]
                assert labels == ["roll nothing"] + [
                    f"pick up and roll {k} {face} dice"
                    for k in range(1, opposition.claimable(state, seat) + 1)
                ]
