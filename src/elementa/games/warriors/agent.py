"""A rule-based Warriors player: fields its strongest fighter fully equipped, attacks where it hurts.

It reads only its own typed view (:meth:`State.view`, or the part of it that
:func:`view.decision_view` builds, for most decisions) and legal actions, plus the public card list
of the game (the catalog: printed numbers every player can read); it never looks at the state's
fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from elementa.core import Action, Agent
from elementa.games.warriors.actions import FIGHTER_SLOT, LOCATION_SLOT, fits
from elementa.games.warriors.cards import Card, Catalog
from elementa.games.warriors.rules import (
    UNARMED,
    DamageMods,
    Fighter,
    attack_value,
    damage_mods,
    expected_damage,
    load,
    load_plus,
    modified_range,
    proficiency,
)
from elementa.games.warriors.view import decision_view
from elementa.games.warriors.views import BreakagePick, DecisionView, FighterView, WarriorsView

if TYPE_CHECKING:
    from elementa.core import State
    from elementa.games.warriors.game import WarriorsGame


ATTACKS = ("weapon", "attack_spell")
PICKS_KEPT = 50_000
"""The most equipping decisions the agent keeps the answers of (it forgets them all past that)."""


class WarriorsAgent(Agent):
    """Greedy Warriors policy.

    * Setup and assembly: takes every optional draw; enters the fighter with the best durability plus
      attack and protection it can equip from the hand; equips every card that improves it.
    * Location: fights over a location the leading opponent controls, else one from hand.
    * Action: the attack (or split attack, or damaging ability) with the most expected damage
      relative to the target's durability; heals or casts a defense spell when hurt; equips when it
      cannot hurt anyone yet; retreats when nothing it has can hurt the enemy.
    * Breakage: the card whose loss hurts the defender most, weighted by its breakage chance.
    """

    name = "greedy"

    def __init__(self, player: int, seed: int = 0) -> None:
        super().__init__(player, seed)
        self._values: dict[tuple[Any, ...], float] = {}
        """Memo of :meth:`_attack_value`, for the catalog ``_catalog``."""
        self._catalog: Catalog | None = None
        self._worths: dict[int, float] = {}
        """Memo of :meth:`_card_value` by card id, for the catalog ``_catalog``."""
        self._picks: dict[tuple[Any, ...], int] = {}
        """Memo of :meth:`_equip_or_finish` (the index of the pick in the legal actions) by what it
        reads of the view and the legal actions' ids, for the game ``_picks_game``."""
        self._picks_game: WarriorsGame | None = None

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        """Return the chosen action of ``legal``, this seat's legal actions in ``state`` (which is
        only read)."""
        game: WarriorsGame = state.game  # type: ignore[assignment]
        self.game = game
        self.cards = game.catalog
        if self._catalog is not game.catalog:
            self._catalog, self._values, self._worths = game.catalog, {}, {}
        if self._picks_game is not game or len(self._picks) >= PICKS_KEPT:
            self._picks_game, self._picks = game, {}
        if len(legal) == 1:  # every rule below picks one of the legal actions
            return legal[0]
        kinds = {a.kind for a in legal}

        def by_kind(kind: str) -> list[Action]:
            return [a for a in legal if a.kind == kind]

        if "take" in kinds:
            return by_kind("take")[0]
        if kinds & {"join", "leave"} or kinds == {"stay"}:
            return (by_kind("join") or by_kind("stay"))[0]
        if kinds <= {"ready", "done", "remove"}:  # nothing to equip: finish, as _equip_or_finish does
            return next(a for a in legal if a.kind in ("ready", "done"))
        if "no_location" in kinds:
            return self._location(state.view(self.player), legal)  # type: ignore[arg-type]
        if "discard" in kinds and not kinds & {"field", "break", "next_target"}:
            return min(by_kind("discard"), key=lambda a: self._card_value(self.cards.cards[a.args[0]]))
        # The decisions below read only the hand, the location, the fighters and a pending breakage
        # pick of the observation: the decision view builds just those (and only the seat's own
        # fighter where no other is read), since building the whole observation at every step was a
        # third of the agent's time in search rollouts.
        me = self.player
        if "field" in kinds:
            obs = decision_view(state, me, foes=False)  # type: ignore[arg-type]
            hand = sorted((self.cards.by_name[name] for name in obs.hand), key=self._card_value, reverse=True)
            loc = self._location_card(obs)
            return max(
                by_kind("field"), key=lambda a: self._fighter_score(hand, loc, self.cards.cards[a.args[0]])
            )
        if "break" in kinds:
            obs = decision_view(state, me)  # type: ignore[arg-type]
            return max(by_kind("break"), key=lambda a: self._break_value(obs, a))
        if "next_target" in kinds:
            obs = decision_view(state, me)  # type: ignore[arg-type]
            options = by_kind("next_target")
            return (
                max(options, key=lambda a: self._target_value(obs, a.args[0]))
                if options
                else by_kind("stop")[0]
            )
        if "discard" in kinds:
            return min(by_kind("discard"), key=lambda a: self._card_value(self.cards.cards[a.args[0]]))
        if "ready" in kinds or "done" in kinds:
            return self._equip_or_finish(decision_view(state, me, foes=False), legal)  # type: ignore[arg-type]
        if "pass" in kinds:
            return self._combat(decision_view(state, me), legal)  # type: ignore[arg-type]
        return legal[0]

    # ------------------------------------------------------------------------------ helpers
    def _fighter(self, obs: DecisionView, cid: int) -> Fighter | None:
        for fv in obs.fighters:
            if fv.id == cid:
                f = Fighter(cid, fv.seat, self.cards.by_name[fv.name])
                f.durability = fv.durability
                for ev in fv.equipment:
                    e = f.equip(self.cards.by_name[ev.name])
                    e.charges, e.duration = ev.charges, ev.duration
                return f
        return None

    def _location_card(self, obs: DecisionView) -> Card | None:
        return None if obs.location is None else self.cards.by_name[obs.location]

    def _best_attack(self, f: Fighter, cards: list[Card], loc: Card | None, prot: int = 0) -> float:
        """Expected damage of ``f``'s best attack with bare hands or one of ``cards`` at ``loc``."""
        return self._best_with(f, cards, damage_mods(f, loc), prot)

    def _best_with(self, f: Fighter, cards: list[Card], dmods: DamageMods, prot: int = 0) -> float:
        """:meth:`_best_attack` given ``f``'s damage modifiers."""
        best = self._attack_value(f, UNARMED, dmods, prot)
        for c in cards:
            if c.type in ATTACKS:
                best = max(best, self._attack_value(f, c, dmods, prot))
        return best

    def _attack_now(self, f: Fighter, loc: Card | None) -> tuple[DamageMods, float]:
        """Return ``f``'s damage modifiers at ``loc`` and its best attack with its equipment."""
        dmods = damage_mods(f, loc)
        return dmods, self._best_with(f, [e.card for e in f.equipment], dmods)

    def _attack_value(self, f: Fighter, c: Card, dmods: DamageMods, prot: int = 0) -> float:
        """Expected damage of one attack by ``f`` with ``c`` (proficiency bonus taken), given its mods.

        Memoised per catalog: the value depends only on the cards, the protection and the mods.
        """
        key = (f.card.id, c.id, prot, *dmods)
        value = self._values.get(key)
        if value is None:
            value = self._values[key] = attack_value(f, c, dmods, prot)
        return value

    def _card_value(self, c: Card) -> float:
        """How much holding ``c`` is worth to the agent (memoised per catalog by card id)."""
        value = self._worths.get(c.id)
        if value is None:
            value = self._worths[c.id] = self._card_worth(c)
        return value

    def _card_worth(self, c: Card) -> float:
        """:meth:`_card_value` worked out."""
        if c.type == "location":
            return 50.0
        if c.type == "fighter":
            return 10.0 + c.durability
        value = c.max_damage * 1.5 + c.protection * 3
        if c.ability is not None:
            value += 3
        if c.type in ("defense_spell", "utility_spell"):
            value += 2
        return value

    def _fighter_score(self, hand: list[Card], loc: Card | None, card: Card) -> float:
        """Score a fighter card by what it could fight with: ``hand`` sorted by card value, best first."""
        f = Fighter(self.player, self.player, card)
        gear = self._greedy_gear(f, hand, loc)
        attack = self._best_attack(f, gear, loc)
        prot = sum(c.protection for c in gear if c.type in ("armor", "defense_spell"))
        return card.durability + 3 * attack + 2 * prot

    def _greedy_gear(self, f: Fighter, hand: list[Card], loc: Card | None) -> list[Card]:
        """The cards of ``hand`` (sorted by card value, best first) that improve ``f``, equipped in turn.

        The load and the best attack are carried from card to card (:func:`load_plus`; the best attack
        is the better of the last one and the new card's, unless the card's modifiers change every
        attack's range): the same numbers as :func:`load` and :meth:`_attack_now` of the equipment so
        far, which a test checks.
        """
        trial = Fighter(f.cid, f.seat, f.card)
        for e in f.equipment:
            trial.equip(e.card)
        count = len(trial.equipment)
        used = load(e.card for e in trial.equipment)
        now = self._attack_now(trial, loc)
        room = fits(self.game, f.card, used)  # what can_equip allows
        for c in hand:
            if c.id in room and self._gain(trial, c, loc, now) > 0:  # room holds equipment only
                e = trial.equip(c)
                count += 1
                used = load_plus(used, c, count)
                if c.static_mods and e.active:  # its modifiers may change every attack's range
                    now = self._attack_now(trial, loc)
                elif c.type in ATTACKS:
                    dmods, have = now
                    now = dmods, max(have, self._attack_value(trial, c, dmods))
                room = fits(self.game, f.card, used)
        return [e.card for e in trial.equipment]

    def _gain(
        self, f: Fighter, c: Card, loc: Card | None, now: tuple[DamageMods, float] | None = None
    ) -> float:
        """How much equipping ``c`` improves fighter ``f`` at location ``loc``.

        ``now``: :meth:`_attack_now` of ``f``, when the caller already knows it.
        """
        if c.type in ATTACKS:
            dmods, have = now or self._attack_now(f, loc)
            # the best attack with ``c`` added is the better of the two (the same float, exactly)
            return max(have, self._attack_value(f, c, dmods)) - have
        if c.type == "armor":
            return c.protection + 0.5
        return 1.0 if c.ability is not None or c.type == "defense_spell" else 0.0

    # ----------------------------------------------------------------------------- decisions
    def _location(self, obs: WarriorsView, legal: Sequence[Action]) -> Action:
        held = [a for a in legal if a.kind == "held" and a.args[0] != self.player]
        if held:
            return max(held, key=lambda a: len(obs.players[a.args[0]].locations))
        mine = [a for a in legal if a.kind == "location"]
        if mine:
            return mine[0]
        return next(a for a in legal if a.kind == "no_location")

    def _equip_or_finish(self, obs: DecisionView, legal: Sequence[Action]) -> Action:
        """Equip the card of ``legal`` that improves the seat's fighter most, else finish equipping.

        Memoised by what it reads: the fighter's card, durability and equipment with its counters,
        the location and the legal actions (an equipping step is met again and again in search
        rollouts, the same fighter being assembled from the same hand); a test compares the kept
        answers with fresh ones.
        """
        fv = next((fv for fv in obs.fighters if fv.id == self.player), None)
        if fv is None:
            return next(a for a in legal if a.kind in ("ready", "done"))
        key = (
            fv.name,
            fv.durability,
            tuple([(ev.name, ev.charges, ev.duration) for ev in fv.equipment]),
            obs.location,
            tuple([a.id for a in legal]),
        )
        pick = self._picks.get(key)
        if pick is None:
            pick = self._picks[key] = self._equip_pick(obs, legal)
        return legal[pick]

    def _equip_pick(self, obs: DecisionView, legal: Sequence[Action]) -> int:
        """:meth:`_equip_or_finish` worked out: the index of its pick in ``legal``."""
        f = self._fighter(obs, self.player)
        finish = next(i for i, a in enumerate(legal) if a.kind in ("ready", "done"))
        if f is None:
            return finish
        loc = self._location_card(obs)
        now = self._attack_now(f, loc)
        cards = self.cards.cards
        gains = [
            (self._gain(f, cards[a.args[0]], loc, now), i) for i, a in enumerate(legal) if a.kind == "equip"
        ]
        gains = [(g, i) for g, i in gains if g > 0]
        return max(gains, key=lambda x: x[0])[1] if gains else finish

    def _target_value(self, obs: DecisionView, cid: int) -> float:
        t = next(fv for fv in obs.fighters if fv.id == cid)
        return float(-t.durability + (3 if not t.beast else 0))

    def _break_value(self, obs: DecisionView, a: Action) -> float:
        pending = obs.pending
        if not isinstance(pending, BreakagePick):  # "break" is legal only while a breakage pick is
            return 0.0
        target = next(fv for fv in obs.fighters if fv.id == pending.target)
        ev = target.equipment[a.args[0]]
        return (ev.breakage or 0) * self._card_value(self.cards.by_name[ev.name])

    def _combat(self, obs: DecisionView, legal: Sequence[Action]) -> Action:
        f = self._fighter(obs, self.player)
        if f is None:
            return next(a for a in legal if a.kind == "pass")
        loc = self._location_card(obs)
        foes = {fv.id: fv for fv in obs.fighters if fv.id != self.player}
        dmods = damage_mods(f, loc)
        scored: list[tuple[float, Action]] = []
        for a in legal:
            if a.kind in ("attack", "volley"):
                slot, t = a.args
                src = UNARMED if slot >= len(f.equipment) else f.equipment[slot].card
                bonus = 0 if a.kind == "volley" else proficiency(f, src)
                lo, hi = modified_range(dmods, src, src.max_damage + bonus, src.min_damage)
                fv = foes[t]
                dmg = expected_damage(lo, hi, fv.protection)
                if a.kind == "volley":
                    others = [o for o in foes.values() if o.id != t]
                    dmg += sum(
                        (
                            expected_damage(lo, hi, o.protection)
                            for o in others[: bonus or proficiency(f, src)]
                        ),
                        0.0,
                    )
                kill = 2.0 if hi - fv.protection >= fv.durability else 0.0
                scored.append((dmg / max(1, fv.durability) * 10 + kill + dmg, a))
            elif a.kind == "use":
                scored.append((self._use_value(obs, f, a, foes), a))
        best = max(scored, key=lambda x: x[0]) if scored else (0.0, None)
        equips = [a for a in legal if a.kind == "equip"]
        now = self._attack_now(f, loc)
        cards = self.cards.cards
        if equips and now[1] < 1.0:
            improve = max(
                ((self._gain(f, cards[a.args[0]], loc, now), a) for a in equips), key=lambda x: x[0]
            )
            if improve[0] > 0.5:
                return improve[1]
        if best[1] is not None and best[0] > 0.3:
            return best[1]
        hand = [self.cards.by_name[name] for name in obs.hand] if equips else []
        if equips and any(self._gain(f, c, loc, now) > 0 for c in hand if c.is_equipment):
            gains = [(self._gain(f, cards[a.args[0]], loc, now), a) for a in equips]
            g, a = max(gains, key=lambda x: x[0])
            if g > 0:
                return a
        if best[1] is not None and best[0] > 0:
            return best[1]
        retreat = [a for a in legal if a.kind == "retreat"]
        return retreat[0] if retreat else next(a for a in legal if a.kind == "pass")

    def _use_value(self, obs: DecisionView, f: Fighter, a: Action, foes: dict[int, FighterView]) -> float:
        slot, t = a.args
        card: Card | None
        if slot == FIGHTER_SLOT:
            card = f.card
        elif slot == LOCATION_SLOT:
            card = self._location_card(obs)
        else:
            card = f.equipment[slot].card
        if card is None or card.ability is None:
            if card is not None and card.type == "defense_spell":
                hurt = f.durability <= f.card.durability * 0.7
                return 1.5 + card.protection if hurt else 0.5
            return 0.0
        ab = card.ability
        missing = f.card.durability - f.durability
        if ab.effect == "heal":
            return min(missing, ab.amount) * 1.2 if missing >= 2 else 0.0
        if ab.effect in ("blast", "drain") and t in foes:
            fv = foes[t]
            dmg = ab.amount if ab.effect == "drain" else expected_damage(1, ab.amount, fv.protection)
            return float(dmg / max(1, fv.durability) * 10 + dmg)
        if ab.effect == "blast_all":
            return sum((expected_damage(1, ab.amount, fv.protection) for fv in foes.values()), 0.0) * 1.2
        if ab.effect == "draw_cards":
            return 0.6 * ab.amount
        if ab.effect == "empower" and card.is_spell:
            return 1.0
        if card.type == "defense_spell":
            return 1.5 + card.protection
        if ab.effect == "recharge":
            return 0.5
        return 0.2
