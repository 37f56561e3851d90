"""What an ElementaliS player reads in the terminal: Mana movements, roll scores, spell help, rules."""

from __future__ import annotations

import copy
import itertools
import re

import elementa
from elementa.cli.render.elementalis import narrate, option_notes
from elementa.core import Moved, Place
from tests.cli.helpers import run
from tests.elementalis.helpers import (
    act,
    choose_mana,
    new_game,
    offered_scores,
    pass_declarations,
    roll,
    skip_tap,
)

SPELL_NAMES = (
    "Mirror Pool", "Ether Leak", "Counter Spell", "Char", "Burn", "Incinerate", "Petrify", "Tremor",
    "Earth Link", "Breeze", "Gust", "Tornado", "Insight", "Strength", "Fortitude",
)  # fmt: skip
"""The fifteen spells of the rulebook's Appendix A."""


def test_the_rules_explain_every_spell() -> None:
    rules = type(elementa.load_game("elementalis")).rules_summary()
    for name in SPELL_NAMES:
        row = re.search(rf"^\| {name} \| (Water|Fire|Earth|Air|Moon) [123] \| (.+) \|$", rules, re.M)
        assert row is not None and len(row.group(2)) > 20, name


def test_before_spells_the_screen_shows_what_the_roll_scores() -> None:
    s = new_game([("Fire", "Air"), ("Earth", "Earth")], setup=["Earth"])
    skip_tap(s)
    roll(s, ["Water", "Fire", "Fire", "Air", "Earth", "Water"])
    assert s.current_player() == elementa.SIMULTANEOUS  # player 2 may cast Petrify
    seen = s.observation(1)
    scores = seen["roll_scores"]
    assert scores["seat"] == 0 and not scores["sun"]
    shown = {tuple(v[e] for e in ("Fire", "Water", "Earth", "Air")) for v in scores["options"]}
    notes = option_notes(seen, s.legal_actions(1))
    assert notes[0].startswith("If no spell changes the dice, player 1 would score: ")
    assert any(line.strip().startswith("Petrify (Earth 1, costs 1): a die keeps its face") for line in notes)
    pass_declarations(s)
    assert shown == offered_scores(s)


def test_mana_movements_are_said_banking_and_the_sun() -> None:
    s = new_game([("Fire", "Air"), ("Earth", "Earth")], setup=["Earth"])
    skip_tap(s)
    roll(s, ["Earth", "Fire", "Fire", "Fire", "Air", "Water"])
    pass_declarations(s)
    if s.observation(None)["phase"] == "choice":
        choose_mana(s)
    assert sum(s.observation(1)["channel"].values()) > 0
    count = s.event_count()
    bank = next(a for a in s.legal_actions() if a.kind == "bank")
    s.apply_action(bank)
    lines = narrate(s.events_for(1, count), s.observation(1), bank)
    assert len(lines) == 1 and re.fullmatch(r"player 1 banks .+ \(player 1's Pool: \d+\)", lines[0]), lines

    s = new_game([("Fire", "Air"), ("Earth", "Earth")], setup=["Earth"])
    skip_tap(s)
    roll(s, ["Earth", "Fire", "Fire", "Fire", "Air", "Water"])
    pass_declarations(s)
    if s.observation(None)["phase"] == "choice":
        choose_mana(s)
    act(s, "roll")  # the Chance Roll: the Sun on the Sun die
    lines = []
    faces = ["Sun", "Fire", "Fire", "Air", "Earth", "Water"]
    while s.observation(None)["active"] == 0:  # one action at a time, as the terminal narrates
        count = s.event_count()
        if s.is_chance_node():
            chosen = next(a for a, _ in s.chance_outcomes() if a.label.endswith(faces[0]))
            faces.pop(0)
            s.apply_action(chosen)
        else:
            q = s.players_to_move()[0] if s.is_simultaneous_node() else s.current_player()
            chosen = next(a for a in s.legal_actions(q) if a.kind == "pass")
            s.apply_action(chosen, q)
        lines += narrate(s.events_for(0, count), s.observation(0), chosen)
    assert any(re.fullmatch(r"The Sun! .+ of your Channel returns to the Flux", line) for line in lines), (
        lines
    )


def test_a_four_player_screen_groups_rolls_and_says_where_mana_went() -> None:
    result = run("play", "elementalis", "-p", "4", "--seed", "7", "--ai", "random", input="1\n" * 30)
    assert result.exit_code == 0, result.output
    out = result.stdout
    log = [line.strip() for line in out.splitlines() if line.startswith("  ")]
    pairs = itertools.pairwise(log)
    assert not [
        (a, b) for a, b in pairs if a.startswith("chance:") and b.startswith("chance:")
    ]  # a roll: one line
    assert any(re.match(r"chance: Sun die rolls \w+, die 1 \w+, die 2 \w+, die 3 \w+", line) for line in log)
    assert any(re.search(r" banks? .+ Pool: \d+\)", line) for line in log)
    assert "If no spell changes the dice" in out
    assert "declaration made in secret" in out and "has made a declaration choice" not in out


def test_gifts_between_mages_and_colourless_mana_are_said() -> None:
    s = new_game([("Fire", "Air"), ("Earth", "Earth"), ("Water", "Water")], setup=["Earth", "Water"])
    after = copy.deepcopy(s.observation(0))
    after["players"][1]["pool"]["Earth"] -= 1  # an Opposition payment from player 2 to you
    after["players"][0]["pool"]["Earth"] += 1
    after["players"][0]["total"] += 1
    after["players"][1]["total"] -= 1
    after["players"][2]["pool"]["Water"] -= 2  # Tornado on player 3
    after["players"][2]["colourless"] += 2
    events = [
        Moved("Earth", 1, Place("Pool", 1), Place("Pool", 0)),
        Moved("Water", 1, Place("Pool", 2), Place("colourless", 2)),
        Moved("Water", 1, Place("Pool", 2), Place("colourless", 2)),
    ]
    give = next(a for a in s.legal_actions(s.current_player()))
    assert narrate(events, after, give) == [
        "player 2 gives 1 Earth to you (your Pool: 1)",
        "2 Water of player 3's Pool turn colourless (player 3's Pool: 2)",
    ]


def test_a_mana_choice_shows_what_is_chosen_and_what_is_within_reach() -> None:
    s = elementa.load_game("elementalis", players=2).new_initial_state(seed=3)
    for kind, arcana in (("major", 0), ("major", 1), ("minor", 0), ("minor", 1)):
        act(s, kind, arcana)
    notes = option_notes(s.observation(1), s.legal_actions(1))
    assert any(
        n.startswith("Mana is chosen colour by colour. Chosen: nothing yet; within reach: 2 Fire |")
        for n in notes
    )
    act(s, "mana", 0, 1)
    notes = option_notes(s.observation(1), s.legal_actions(1))
    assert (
        "Mana is chosen colour by colour. Chosen: 1 Fire; "
        "within reach: 1 Fire, 1 Water | 1 Fire, 1 Earth | 1 Fire, 1 Air" in notes
    )
    assert not any("colour by colour" in n for n in option_notes(s.observation(1), []))
