"""Warriors' derived and memoised data, checked against a fresh computation along seeded random games.

The card data derived at load (static modifiers, keyword sets), the per-game memos of equipment
(remove actions, the cards a fighter can still equip) and each fighter's kept kit (its ``gear``) must
always equal what the rules compute from the state itself; a stale or mis-keyed entry would show here
as a difference at some node.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from elementa.core import CHANCE, SIMULTANEOUS, TERMINAL, load_game
from elementa.core.chance import sample_outcome
from elementa.games.warriors import actions
from elementa.games.warriors.cards import Card
from elementa.games.warriors.effects import EFFECTS
from elementa.games.warriors.rules import (
    MAX_EQUIP,
    UNARMED,
    Fighter,
    attack_sources,
    can_attack,
    can_equip,
    damage_mods,
    load,
    proficiency,
)
from elementa.games.warriors.state import WarriorsState
from elementa.games.warriors.steps import Act, Draw
from tests.support.walk import decision_nodes

OPTION_SETS = [
    {},
    {"players": 4, "deathmatch": True, "teams": 2, "revolving_door": True, "monodeck": True},
    {"players": 3, "decks": "corrupted-gang,iron-vanguard,wild-hunt", "legend_penalty": "any_card"},
]


def fresh_names(names: list[str]) -> list[str]:
    """Equipment names with copies numbered, computed the long way."""
    return [f"{n} #{names[: i + 1].count(n)}" if names.count(n) > 1 else n for i, n in enumerate(names)]


def check_node(s: WarriorsState, seat: int) -> int:
    """Check every fighter's equipment memos and kept kit against the rules; return how many fighters
    had a kit kept from an earlier step (so that a test can tell it checked some)."""
    cards = s.game.catalog.cards
    kept = 0
    for f in s.fighters:
        if f is None:
            continue
        kept += f.kit is not None
        assert f.beast == (f.card.type == "beast")
        assert f.equipped_ids == tuple(e.card.id for e in f.equipment)
        kit = actions.gear(s, f)  # the kept kit, if the fighter has one
        removes, fits, gear_names, _ = kit
        equipment = [e.card for e in f.equipment]
        assert fits == {c.id for c in s.game.catalog.cards if can_equip(f, c)}
        assert fits == actions.fits(s.game, f.card, load(equipment))
        names = fresh_names([e.card.name for e in f.equipment])
        assert list(gear_names) == names
        assert [(a.kind, a.args, a.label) for a in removes] == [
            ("remove", (i,), f"remove {n} to your hand") for i, n in enumerate(names)
        ]
        entry = s.game.gear_memo.get(f.equipped_ids)  # absent only right after the memo was emptied
        if entry is not None:  # grown from a shorter sequence's entry, or computed whole
            used = (
                sum(c.hands for c in equipment),
                sum(c.type == "armor" for c in equipment),
                sum(c.type == "item" for c in equipment),
                sum(c.spell_points for c in equipment),
                len(equipment) >= MAX_EQUIP,
            )
            assert entry[:4] == (removes, used, tuple(names), tuple(c.name for c in equipment))
            assert entry[4].get(f.card.id, kit) == kit  # the kit kept for this fighter card, if any
        check_plan(s, f, kit)
        if f.seat == seat and f.cid == seat:
            offered = sorted(set(s.hands[seat]) - set(s.removed[seat]))
            expected = [s.game.equip_actions[c] for c in offered if can_equip(f, cards[c])]
            done = s.game.fixed["done"]
            assert actions.equip_menu(s, seat, kit, done) == [*expected, *removes, done]
    return kept


def check_plan(s: WarriorsState, f: Fighter, kit: actions.Gear) -> None:
    """A fighter's combat plan kept with its kit reads as a fresh one, and as the rules read the
    fighter: its attack sources, proficiency, max-damage modifiers and the slots that may be used."""
    plan = kit[3][0]
    if plan is None:  # no combat menu asked for this kit yet
        plan = actions.combat_plan(f, kit[2])
    assert plan == actions.combat_plan(f, kit[2])
    sources, spells, uses, acts, _, _ = plan
    live = [(i, c) for i, c, _, _ in sources if c.type != "attack_spell" or f.equipment[i].charges != 0]
    assert (live or [(MAX_EQUIP, UNARMED)]) == attack_sources(f)
    assert [(name, x) for i, c, name, x in sources] == [
        (kit[2][i], proficiency(f, c)) for i, c, _, _ in sources
    ]
    assert spells == any(c.type == "attack_spell" for _, c, _, _ in sources)
    loc = s.location_card()
    on = actions.plan_damage_mods(f, plan, loc)
    assert sorted(on, key=repr) == sorted(damage_mods(f, loc), key=repr)
    ab = f.card.ability
    assert acts == (ab is not None and ab.when in ("action", "charge_action"))
    usable = ("defense_spell", "utility_spell")
    assert uses == tuple(
        i
        for i, e in enumerate(f.equipment)
        if e.card.type in usable
        or (e.card.ability is not None and e.card.ability.when in actions.ACTION_WHENS)
    )


def check_menu(s: WarriorsState, seat: int) -> None:
    """The menu built from the game's shared actions, memos and kept kits reads as one built from none."""
    game = s.game
    menu = s.steps[-1].legal(s, seat)
    kept = game.action_cache, game.gear_memo, game.fits_memo
    kits = [None if f is None else f.kit for f in s.fighters]
    game.action_cache, game.gear_memo, game.fits_memo = {}, {}, {}
    for f in s.fighters:
        if f is not None:
            f.kit = None
    try:
        fresh = s.steps[-1].legal(s, seat)
    finally:
        game.action_cache, game.gear_memo, game.fits_memo = kept
        for f, kit in zip(s.fighters, kits, strict=True):
            if f is not None:
                f.kit = kit
    assert [(a.id, a.kind, a.args, a.label) for a in menu] == [(a.id, a.kind, a.args, a.label) for a in fresh]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_shared_actions_read_as_fresh_ones_at_every_decision(options: dict[str, object]) -> None:
    for seed in range(3):
        game = load_game("warriors", **options)
        for s, seat in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
            assert isinstance(s, WarriorsState)
            check_menu(s, seat)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_equipment_memos_match_the_rules_at_every_decision(
    options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(actions, "GEAR_MEMO_LIMIT", 40)  # the memo is also emptied and refilled
    kept = 0
    for seed in range(4):
        game = load_game("warriors", **options)
        for s, seat in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
            assert isinstance(s, WarriorsState)
            kept += check_node(s, seat)
    assert kept > 100  # kits kept across steps were checked, not only fresh ones


def test_draw_piles_keep_card_id_order_for_their_draw_outcomes() -> None:
    """A draw's outcomes follow the pile's order, which must be card id order (as sorted once was):
    after draws, reshuffles, mulligans and the resampling of what a seat cannot see."""
    reshuffled = 0
    for options in OPTION_SETS:
        game = load_game("warriors", **options)
        for seed in range(3):
            for s, seat in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
                assert isinstance(s, WarriorsState)
                reshuffled += "shuffles the discard pile" in " ".join(s.event_texts())
                for deck in s.decks:
                    assert list(deck) == sorted(deck)
                if seed == 0:
                    resampled = s.resample_from_infostate(seat, random.Random(seat))
                    assert isinstance(resampled, WarriorsState)
                    for deck in resampled.decks:
                        assert list(deck) == sorted(deck)
    assert reshuffled  # a reshuffle was among the nodes checked


MUTATORS = re.compile(
    r"\.equipment\.(append|remove|pop|insert|extend|clear)\(|\.equipment\[[^]]*\] =|del .*\.equipment"
)


def test_equipment_changes_only_through_the_fighter_which_drops_its_kit() -> None:
    """A change to a fighter's equipment list anywhere else would leave its kept kit stale."""
    package = Path(actions.__file__).parent
    for path in sorted(package.glob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if path.name != "rules.py" or "self.equipment" not in line:
                assert not MUTATORS.search(line), f"{path.name}:{number}: use Fighter.equip/unequip/take_off"


def test_static_modifiers_are_the_effects_of_each_card() -> None:
    game = load_game("warriors")
    assert any(card.static_mods for card in game.catalog.cards)  # type: ignore[attr-defined]
    for card in game.catalog.cards:  # type: ignore[attr-defined]
        ab = card.ability
        fn = None if ab is None or ab.when != "static" else EFFECTS[ab.effect].mods
        assert card.static_mods == (tuple(fn(ab)) if fn is not None and ab is not None else ())


def has_keyword_the_long_way(card: Card, phrase: tuple[str, ...]) -> bool:
    """A keyword phrase of the card's other keywords, or a run of consecutive words of its name."""
    k, nw = len(phrase), card.name_words
    return phrase in card.extra or any(nw[i : i + k] == phrase for i in range(len(nw) - k + 1))


def test_each_cards_keyword_set_answers_as_its_name_and_keywords() -> None:
    cards: list[Card] = [*load_game("warriors").catalog.cards, UNARMED]  # type: ignore[attr-defined]
    phrases: set[tuple[str, ...]] = {(), ("no", "such"), ("pistol", "sonic")}
    for card in cards:
        nw = card.name_words
        phrases |= card.extra | {nw[i:j] for i in range(len(nw)) for j in range(i + 1, len(nw) + 1)}
        phrases |= {kw for kw, _ in card.proficiency} | set(card.gangs_with)
    for card in cards:
        for phrase in phrases:
            assert card.has_keyword(phrase) == has_keyword_the_long_way(card, phrase), (card.name, phrase)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_an_equip_or_remove_that_keeps_its_decision_leaves_nothing_for_advance(
    options: dict[str, object],
) -> None:
    """``_apply`` skips ``advance()`` when the step's ``play`` says the decision waits on top again;
    at every equip and remove of seeded games, advancing anyway must change nothing."""
    skipped = 0
    for seed in range(3):
        game = load_game("warriors", **options)
        for s, seat in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
            assert isinstance(s, WarriorsState)
            for a in s.legal_actions(seat):
                if a.kind not in ("equip", "remove"):
                    continue
                after = s.clone()
                after._legal_seat = None  # as _apply does
                if not after.steps.pop().play(after, a, seat):
                    continue
                skipped += 1
                assert_advance_changes_nothing(after)
    assert skipped > 100


def test_combat_events_kept_as_templates_read_as_written_out() -> None:
    """Equipping, removing and passing in combat log a template and its values (state.Event), which
    observations write out: they read as the sentence written out at once would."""
    game = load_game("warriors")
    checked = 0
    for seed in range(3):
        for s, seat in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
            assert isinstance(s, WarriorsState)
            f = s.fighters[seat]
            if not isinstance(s.steps[-1], Act) or f is None:
                continue
            for a in s.legal_actions(seat):
                if a.kind not in ("equip", "remove", "pass"):
                    continue
                after = s.clone()
                after.apply_action(a, seat)
                if a.kind == "equip":
                    said = f"player {seat + 1}'s {f.card.name} equips {s.card(a.args[0]).name}"
                elif a.kind == "remove":
                    said = f"player {seat + 1}'s {f.card.name} removes {f.equipment[a.args[0]].card.name}"
                else:
                    said = f"player {seat + 1} does nothing"
                assert said in after.observation(None)["events"]
                checked += 1
    assert checked > 100


def assert_advance_changes_nothing(after: WarriorsState) -> None:
    """Assert that running ``advance()`` on a copy of a state whose ``_apply`` skipped it leaves the
    steps, the position and the player to move as they are."""
    advanced = after.clone()
    advanced.advance()
    assert advanced.steps == after.steps
    assert str(advanced) == str(after)
    assert advanced.current_player() == after.current_player()


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_draw_followed_by_a_draw_leaves_nothing_for_advance(options: dict[str, object]) -> None:
    """``_apply`` skips ``advance()`` after a draw that leaves the same seat's next draw on top, from
    a pile not empty; at every draw outcome of seeded games, advancing anyway must change nothing."""
    skipped = 0
    for seed in range(3):
        game = load_game("warriors", **options)
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and s.turns < 200:
            assert isinstance(s, WarriorsState)
            if s.current_player() == CHANCE:
                if isinstance(s.steps[-1], Draw):
                    for outcome, _ in s.chance_outcomes():
                        after = s.clone()
                        if not after.steps.pop().play(after, outcome, CHANCE):
                            continue
                        skipped += 1
                        assert_advance_changes_nothing(after)
                s.apply_unchecked(sample_outcome(s.chance_outcomes(), rng), CHANCE)
                continue
            for q in s.players_to_move():
                s.apply_unchecked(rng.choice(s.legal_actions(q)), q)
    assert skipped > 100


def test_hit_events_kept_as_templates_read_as_written_out() -> None:
    """A hit logs a template and its values (state.Event): observations show it as the sentence
    written out at once."""
    checked = 0
    for seed in range(3):
        s = load_game("warriors").new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and checked < 200:
            assert isinstance(s, WarriorsState)
            if s.current_player() != CHANCE:
                for q in s.players_to_move():
                    s.apply_unchecked(rng.choice(s.legal_actions(q)), q)
                continue
            s.apply_unchecked(sample_outcome(s.chance_outcomes(), rng), CHANCE)
            shown = s.observation(None)["events"]
            for k, e in enumerate(s.events):
                if isinstance(e, tuple) and e[0].startswith("{} attacks"):
                    who, whom, weapon, raw, prot, dealt, left = e[1:]
                    assert shown[k] == (
                        f"{who} attacks {whom} with {weapon}: {raw} - protection {prot} = {dealt} "
                        f"damage ({left} durability left)"
                    )
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("options", OPTION_SETS)
def test_battle_over_reads_as_counting_the_sides_left(options: dict[str, object]) -> None:
    """``battle_over`` stops at the second side it meets; at every decision of seeded games it
    answers as the set of the sides of the combatants still active would (warriors.txt, 6.0)."""
    seen = set()
    for seed in range(3):
        game = load_game("warriors", **options)
        for s, _ in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
            assert isinstance(s, WarriorsState)
            sides = {s.side(c) for c in range(len(s.fighters)) if s.active(c)}
            players = [p for p in range(s.n) if s.active(p)]
            expected = not players or len(sides) <= 1
            assert s.battle_over() == expected
            seen.add(expected)
    assert seen == {True, False}


@pytest.mark.parametrize("min_damage_mode", ["clamp", "uniform_range"])
def test_hit_values_read_as_the_hit_roll_outcomes(min_damage_mode: str) -> None:
    """The per-game memo of hit values (combat.hit_values) gives each face the hit roll that its
    chance outcome's label reads, for every damage range met in seeded games."""
    game = load_game("warriors", min_damage_mode=min_damage_mode)
    for seed in range(4):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_unchecked(sample_outcome(s.chance_outcomes(), rng), CHANCE)
                continue
            for q in s.players_to_move():
                s.apply_unchecked(rng.choice(s.legal_actions(q)), q)
    assert len(game.hit_values) > 5
    for key, values in game.hit_values.items():
        sides = len(values)
        assert [a.label for a, _ in game.roll_cache[key]] == [
            f"d{sides} shows {face + 1}: " + ("roll again" if v is None else f"hit roll {v}")
            for face, v in enumerate(values)
        ]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_kept_mover_reads_as_the_step_on_top_at_every_node(options: dict[str, object]) -> None:
    """``current_player()`` reads the kept mover; at every node of seeded playouts (chance and
    simultaneous nodes included), in clones and in resampled states, it is what the flow says."""
    kinds = set()
    for seed in range(3):
        game = load_game("warriors", **options)
        s = game.new_initial_state(seed)
        assert isinstance(s, WarriorsState)
        rng = random.Random(seed)
        while True:
            mover = s.current_player()
            assert mover == s.find_mover()
            kinds.add(mover if mover < 0 else 0)  # the seats count as one kind
            copy = s.clone()
            assert copy.current_player() == copy.find_mover() == mover
            if mover >= 0 or mover == SIMULTANEOUS:
                seat = mover if mover >= 0 else s.players_to_move()[0]
                other = s.resample_from_infostate(seat, rng)
                assert isinstance(other, WarriorsState)
                assert other.current_player() == other.find_mover() == mover
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                s.apply_unchecked(sample_outcome(s.chance_outcomes(), rng), CHANCE)
            else:
                seat = mover if mover >= 0 else s.players_to_move()[0]
                s.apply_unchecked(rng.choice(s.legal_actions(seat)), seat)
    assert kinds == {0, CHANCE, SIMULTANEOUS, TERMINAL}


def attackable_the_long_way(s: WarriorsState, cid: int) -> list[int]:
    """The combatants fighter ``cid`` may attack, from the fighters present (7.3, 8.2)."""
    f = s.fighters[cid]
    if f is None:
        return []
    here = [g for c, g in enumerate(s.fighters) if g is not None and (c >= s.n or s.status[c] == "fighting")]
    return [g.cid for g in here if g is not f and can_attack(f, g, here, s.game.team_of)]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_kept_attack_targets_read_as_the_fighters_present(options: dict[str, object]) -> None:
    """``attackable`` keeps its answers while the fighters and the seats' statuses stay; at every
    decision of seeded games (the assembly, fighters revealed, dying and re-entering, Beasts), for
    every combatant, the kept answer is the one worked out from the fighters present."""
    kept = 0
    for seed in range(3):
        game = load_game("warriors", **options)
        for s, _ in decision_nodes(game.new_initial_state(seed), random.Random(seed), 3000):
            assert isinstance(s, WarriorsState)
            for cid in range(len(s.fighters)):
                kept += cid in s._targets and s._roster == (*s.fighters, *s.status)
                assert s.attackable(cid) == attackable_the_long_way(s, cid)
    assert kept > 1000  # answers kept across steps were checked, not only fresh ones
