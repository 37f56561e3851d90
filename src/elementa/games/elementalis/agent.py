"""A rule-based ElementaliS player: drafts solid mages, banks at sensible risk, casts spells that pay.

It reads only its own seat's view and legal actions (never the state's fields): the brief view
(:func:`~elementa.games.elementalis.observe.brief_view`), the part of its observation it uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from elementa.core import Action, Agent
from elementa.games.elementalis.observe import brief_view

if TYPE_CHECKING:
    from elementa.core import State
    from elementa.games.elementalis.state import ElementalisState

ELEMENTS = ("Fire", "Water", "Earth", "Air")
# Luminaries score every pair with Ether counting twice (the strongest scorers in simulation);
# Purists pay less for big spells and score one element cleanly.
MINOR_PREFERENCE = ("Luminary", "Purist", "Elementalist", "Harmonist", "Elitist", "Cultist")
MAJOR_PREFERENCE = ("Fire", "Water", "Earth", "Air", "Moon", "Sun", "Ether")


class GreedyAgent(Agent):
    """Greedy ElementaliS policy.

    * Draft: an element Major, then the Minor that makes a Purist or Elementalist when free.
    * Banking: takes the Chance Roll while the Channel holds at most ``chance_limit`` Mana (a bust
      costs the Channel with probability 1/6), the Cosmic Roll while it holds at most ``cosmic_limit``.
    * Spells: Strength or the Cultist reroll to save a Channel from the Sun; Tremor to turn a die into
      its Major; Counter Spell when it saves more than it costs; Incinerate on the leader late.
    """

    name = "greedy"

    def __init__(self, player: int, seed: int = 0, chance_limit: int = 4, cosmic_limit: int = 2) -> None:
        super().__init__(player, seed)
        self.chance_limit = chance_limit
        self.cosmic_limit = cosmic_limit

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return the chosen action of ``legal``, this seat's legal actions in ``state`` (which is
        only read)."""
        obs = brief_view(cast("ElementalisState", state), self.player)  # what observation() shows, in part
        kinds = {a.kind for a in legal}
        phase = obs["phase"]
        me = obs["players"][self.player]
        if phase == "draft_major":
            return self._by_label(legal, MAJOR_PREFERENCE)
        if phase == "draft_minor":
            return self._by_label(legal, MINOR_PREFERENCE)
        if phase == "chaos":
            return self._by_label(legal, self._rare_elements(obs))
        if "mana" in kinds:
            return self._pick_mana(legal, me, obs["mana_choice"])
        if phase == "cultist":
            sun = obs["dice"][0]["face"] if obs["dice"] else None
            bad = sun == "Sun" and obs["stage"] in ("chance", "cosmic")
            return self._kind(legal, "reroll_sun" if bad else "pass")
        if phase == "continue":
            channel = sum(obs["channel"].values())
            limit = self.chance_limit if obs["stage"] == "power" else self.cosmic_limit
            return self._kind(legal, "roll" if channel <= limit else "bank")
        if phase == "declare":
            return self._kind(legal, "declare" if self._wants_spell(obs) else "pass")
        if phase == "cast":
            return self._choose_cast(obs, legal)
        if phase == "react":
            pend = obs["pending_spell"] or {}
            saves = len([t for t in pend.get("targets", []) if t[0] == self.player]) or 1
            counters = [a for a in legal if a.kind == "react"]
            if counters and pend.get("cost", 0) <= saves + 1:
                return counters[0]
            return self._kind(legal, "pass")
        if phase == "target_mana":
            leader = self._leader(obs)
            mine = [a for a in legal if a.kind == "target_mana" and a.args[0] == leader]
            return mine[0] if mine else self._kind(legal, "pass", fallback=legal[0])
        if phase == "claim":
            return max(legal, key=lambda a: a.args[0] if a.kind == "claim" else -1)
        return legal[0]

    # ------------------------------------------------------------------------------ helpers
    @staticmethod
    def _kind(legal: Sequence[Action], kind: str, fallback: Action | None = None) -> Action:
        for a in legal:
            if a.kind == kind:
                return a
        return fallback if fallback is not None else legal[0]

    @staticmethod
    def _by_label(legal: Sequence[Action], preference: tuple[str, ...]) -> Action:
        for word in preference:
            for a in legal:
                if word in a.label:
                    return a
        return legal[0]

    @staticmethod
    def _rare_elements(obs: dict[str, Any]) -> tuple[str, ...]:
        taken = [p["major"] for p in obs["players"]]
        return tuple(sorted(ELEMENTS, key=taken.count))

    def _pick_mana(self, legal: Sequence[Action], me: dict[str, Any], choice: dict[str, Any]) -> Action:
        """The step towards the Mana vector I prefer among those still open (the first best):
        most Mana; then the colour of my Major (spells); keep what I give away small and spare.

        Args:
            legal: the legal actions, ``mana`` steps (element, amount) and perhaps a pass.
            me: my seat's entry in the brief view.
            choice: the view's ``mana_choice`` (the options still open and the colours chosen).

        Returns:
            the legal ``mana`` step whose amount is my preferred vector's for the colour asked.
        """
        major = me.get("chosen_major") or me.get("major")
        pool = me["pool"]
        giving = choice["purpose"] in ("give", "cosmic_give")

        def value(v: list[int]) -> tuple[int, int, int]:
            amount = sum(v)
            own = v[ELEMENTS.index(major)] if major in ELEMENTS else 0
            if giving:  # give the colours I hold most of and need least
                spare = sum(k * pool[ELEMENTS[c]] for c, k in enumerate(v))
                return (-amount, -own, spare)
            return (amount, own, -len([k for k in v if k]))

        best = max(([o[e] for e in ELEMENTS] for o in choice["options"]), key=value)
        for a in legal:
            if a.kind == "mana" and a.args[1] == best[a.args[0]]:  # (element, amount)
                return a
        return legal[0]

    def _leader(self, obs: dict[str, Any]) -> int:
        others = [p for p in obs["players"] if p["seat"] != self.player]
        return int(max(others, key=lambda p: p["total"])["seat"])

    def _wishes(self, obs: dict[str, Any]) -> list[tuple[str, str]]:
        """Spells worth casting now, best first, as (spell name, label fragment a cast must contain)."""
        me = obs["players"][self.player]
        mine = obs["active"] == self.player
        stage = obs["stage"]
        sun = obs["dice"][0]["face"] if obs["dice"] else None
        wishes: list[tuple[str, str]] = []
        if mine and sun == "Sun" and stage in ("chance", "cosmic") and sum(obs["channel"].values()) >= 2:
            wishes.append(("Strength", ""))
        major = me.get("chosen_major") or me.get("major")
        if mine and stage in ("power", "chance") and major in ELEMENTS and sum(me["pool"].values()) >= 4:
            wishes.append(("Tremor", f"to {major}"))
        if obs["round"] == obs["rounds"] and self._leader(obs) != self.player and me["total"] >= 6:
            wishes.append(("Incinerate", ""))
        return wishes

    def _wants_spell(self, obs: dict[str, Any]) -> bool:
        me = obs["players"][self.player]
        ready = {s["name"] for s in me["spells"] if not s["cast_this_turn"] and self._can_pay(me, s)}
        return bool(ready & ({name for name, _ in self._wishes(obs)} | {"Counter Spell", "Fortitude"}))

    def _choose_cast(self, obs: dict[str, Any], legal: Sequence[Action]) -> Action:
        """The first wished-for cast among the legal ones; else forfeit (keeping the Mana)."""
        for name, fragment in self._wishes(obs):
            for a in legal:
                if a.kind == "cast" and a.label.startswith(f"cast {name}") and fragment in a.label:
                    if name == "Tremor" and a.label.split(" to ")[0].endswith(f"({fragment[3:]})"):
                        continue  # the die already shows my Major
                    return a
        return self._kind(legal, "pass")

    @staticmethod
    def _can_pay(me: dict[str, Any], spell: dict[str, Any]) -> bool:
        cost = spell["cost"] or 1  # Counter Spell: at least 1
        if spell["arcana"] == "Moon":
            return bool(sum(me["pool"].values()) >= cost)
        return bool(me["pool"].get(spell["arcana"], 0) >= cost)
