"""Warriors' flow on the core flow stack (:class:`~elementa.core.flow.Flow`): every pending step a
small frozen dataclass that says who acts, what is legal and what comes next.

The state keeps a :class:`~elementa.core.flow.Flow`; the step on top is what the game waits for.
An action pops it and hands it the action (:meth:`WarriorsStep.play`); the step then pushes what
comes next (its own continuation, such as the same seat's next draw, or the steps its effect causes:
an attack, the Legend rule's discards), and the state runs the automatic steps on top until one
waits (:meth:`.state.WarriorsState.advance`, as :meth:`~elementa.core.flow.Flow.settle` does).

- Decisions (:class:`Decision`, one seat): :class:`Offer` (an opponent's optional draw),
  :class:`Doors` (Revolving Door), :class:`Location`, :class:`Enter` (Deathmatch re-entry),
  :class:`Act` (the combat step's one Action), :class:`Breakage` (a card for a breakage roll),
  :class:`Volley` (a split attack's next target), :class:`Legend` (a discard). :class:`Assemble` is
  the simultaneous, secret assembly of fighters.
- Chance (:class:`Chance`): :class:`Draw` (a card from an unordered deck), :class:`Attack` (a hit
  roll), :class:`BreakRoll` (a breakage d10), :class:`First` (who starts among equals),
  :class:`BeastPick` (a Beast's target among equals).
- Automatic (:class:`Automatic`, run at once): :class:`Setup`, :class:`Mulligan`, :class:`Battle`,
  :class:`PickLocation`, :class:`StartAssembly`, :class:`Reveal`, :class:`Turn`, :class:`Begin`,
  :class:`End`, :class:`Next`, :class:`Beast`, :class:`BattleEnd`.

Some steps say by the state whether they wait (their ``actor``): a draw from an empty deck is
automatic (it reshuffles the discard pile, or fails); a decision with nothing to decide is automatic
and dropped (an offer to a player out of the game, an Action of a fighter gone, a Legend discard
from an empty hand, an attack on a fighter gone).

The rules the steps apply stay where they belong: attacks, hits and breakage in :mod:`.combat`,
the menus and the effects of the players' choices in :mod:`.actions`, the cards' abilities in
:mod:`.effects`, the fighters' numbers in :mod:`.rules`.

source: warriors.txt, 3.2 (setup, mulligans), 3.3 (starting a battle), 4.0-4.8 (turns, the
Action), 6.0 (ending a battle), 7.1 (Beasts), 7.2 (breakage), 7.4 (Legend), 7.5 (split attacks),
8.1-8.3 (variants).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

from elementa.core import CHANCE, SIMULTANEOUS, Action, CardMoved, Place, pick_from_counts, pick_uniform
from elementa.core.flow import AUTOMATIC, Step
from elementa.games.warriors import actions, combat
from elementa.games.warriors.effects import EFFECTS
from elementa.games.warriors.rules import HAND_SIZE, MAX_BEASTS, MAX_MULLIGANS, Fighter, can_equip
from elementa.games.warriors.views import BreakagePick, SplitAttack

if TYPE_CHECKING:
    from elementa.games.warriors.cards import Ability, Card
    from elementa.games.warriors.state import WarriorsState

MAX_SEATS: Final = 6
"""The most players a game seats (the per-combatant turn steps are made once for each id)."""
Why = Literal["mulligan", "reshuffle"]
"""Why an opponent is offered a draw: a player took a mulligan (3.2), or reshuffled (6.0)."""


class WarriorsStep(Step):
    """A step of Warriors' flow.

    ``name`` is the step's name in the information-state key (``""``: none of its own), ``phase``
    the phase the views show while it is on top, ``says`` what the seat deciding does, in the
    views' words (``""``: not one seat's decision), ``automatic`` whether its actor is always
    ``AUTOMATIC`` (the state's settling reads it without a call, as ElementaliS' does).

    A dataclass subclass sets these after its body (``Offer.name = "offer"``), not in it: compiled
    with mypyc, a ``ClassVar`` in a dataclass's body becomes a field (mypyc/mypyc#1122).
    """

    __slots__ = ()
    name: ClassVar[str] = ""
    phase: ClassVar[str] = "battle"
    says: ClassVar[str] = ""
    automatic: ClassVar[bool] = False

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        """Apply the action chosen (or the outcome drawn) at this step, which the flow has already
        popped, and push what comes next (:meth:`~elementa.core.flow.Step.apply`).

        Returns:
            Whether this step is back on top waiting for the same seat, or the next draw of the same
            seat from a pile not empty is, with nothing automatic to run before it: the state then
            skips :meth:`~.state.WarriorsState.advance` (an equip or a remove, one card of several
            drawn).
        """
        raise NotImplementedError(f"{type(self).__name__} takes no action")

    def apply(self, state: WarriorsState, action: Action, player: int) -> None:
        self.play(state, action, player)

    def run(self, state: WarriorsState) -> None:
        """Drop the step: by default a step that was automatic only because it had nothing to do."""

    def key(self) -> tuple[Any, ...]:
        """Return what the information-state key holds of this step while it is on top."""
        return (False,)

    def decider(self) -> int | None:
        """Return the seat that decides at this step, ``None`` if it is not one seat's decision."""
        return None

    def pending(self) -> BreakagePick | SplitAttack | None:
        """Return the public details of a breakage pick or a split attack in progress, else ``None``."""
        return None


@dataclass(frozen=True, slots=True)
class Decision(WarriorsStep):
    """A step that waits for one seat's decision (its ``seat`` field, every subclass's first), unless
    its ``actor`` says it has nothing to decide (then it is automatic and dropped)."""

    seat: int

    def actor(self, st: WarriorsState) -> int:
        return self.seat

    def key(self) -> tuple[Any, ...]:
        return self.name, self.seat

    def decider(self) -> int | None:
        return self.seat


class Chance(WarriorsStep):
    """A step that waits for a chance outcome, equally likely ones from :meth:`table` unless it says
    otherwise."""

    __slots__ = ()

    def actor(self, st: WarriorsState) -> int:
        return CHANCE

    def table(self, st: WarriorsState) -> tuple[tuple[Action, float], ...] | list[tuple[Action, float]]:
        """Return the outcomes, all equally likely (a shared table: only read)."""
        raise NotImplementedError(type(self).__name__)

    def outcomes(self, st: WarriorsState) -> list[tuple[Action, float]]:
        return [*self.table(st)]

    def sample(self, st: WarriorsState, rng: random.Random) -> Action:
        action: Action = pick_uniform(self.table(st), rng)[0]
        return action


class Automatic(WarriorsStep):
    """A step that needs nobody: the state runs it at once."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def actor(self, st: WarriorsState) -> int:
        return AUTOMATIC


# ------------------------------------------------------------------------------------- setup
@dataclass(frozen=True, slots=True)
class Setup(Automatic):
    """Deal: every player draws eight cards, then takes the mulligans it needs; then the first
    battle. source: warriors.txt, 3.2."""

    def run(self, st: WarriorsState) -> None:
        seats = range(st.n)
        st.flow.push(*[Draw(p, HAND_SIZE) for p in seats], *[Mulligan(p) for p in seats], Battle())


@dataclass(frozen=True, slots=True)
class Draw(Chance):
    """A player draws ``count`` cards, one chance node each (decks are unordered: 3.2).

    From an empty deck it is automatic: the discard pile is shuffled into a new deck (each opponent
    may then draw a card: :class:`Offer`, 6.0) or, with no discard pile either, the draw fails
    silently (WAR-A18). A drawn Beast waits for the next battle instead of going to the hand (7.1).

    Attributes:
        seat: the player drawing (0-based).
        count: the cards still to draw.
    """

    seat: int
    count: int

    def actor(self, st: WarriorsState) -> int:
        if self.count <= 0 or not st.in_game[self.seat]:
            return AUTOMATIC
        return CHANCE if st.decks[st.game.deck_of[self.seat]] else AUTOMATIC

    def run(self, st: WarriorsState) -> None:
        seat = self.seat
        if self.count <= 0 or not st.in_game[seat]:
            return
        g = st.game.deck_of[seat]
        pile = st.discards[g]
        if not pile:
            st.log(f"player {seat + 1} has no cards left to draw")
            return
        st.shuffle_in(g, pile)
        if st.recording:  # the discard pile is public
            for c in pile:
                st.move_card(c, Place("discard", seat), Place("deck", seat))
        pile.clear()
        st.log(f"player {seat + 1} shuffles the discard pile into a new deck")
        st.flow.push(*st.offers(seat, "reshuffle"), self)

    def outcomes(self, st: WarriorsState) -> list[tuple[Action, float]]:
        """One outcome per distinct card in the seat's deck, by card id, as
        :func:`elementa.core.draw_outcomes` gives them (a deck holds no zero counts)."""
        deck = st.decks[st.game.deck_of[self.seat]]
        draws = st.game.draw_actions[self.seat]
        total = sum(deck.values())
        return [(draws[c], k / total) for c, k in deck.items()]  # in card id order already

    def sample(self, st: WarriorsState, rng: random.Random) -> Action:
        deck = st.decks[st.game.deck_of[self.seat]]  # counts in card id order, as outcomes lists them
        return st.game.draw_actions[self.seat][pick_from_counts(deck, rng)]

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        seat, card_id = self.seat, action.args[0]
        deck = st.decks[st.game.deck_of[seat]]
        deck[card_id] -= 1
        if not deck[card_id]:
            del deck[card_id]
        card = st.card(card_id)
        if card.type == "beast":
            st.waiting.append((card_id, seat))
            st.log(f"player {seat + 1} draws the Beast {card.name}: it joins the next battle")
            st.move_card(card_id, Place("deck", seat), Place("waiting", seat))
        else:
            st.hands[seat].append(card_id)
            if st.recording:  # which card it is only the drawer sees (warriors.txt, 3.2)
                moved = CardMoved(card_id, card.name, Place("deck", seat), Place("hand", seat))
                st.emit(moved, (seat,))
        if self.count > 1:
            st.steps.append(draw(seat, self.count - 1))
            return bool(deck)
        return False


def draw(seat: int, count: int) -> Draw:
    """Return the step of ``seat`` drawing ``count`` cards: the one made at import for the counts
    below :data:`DRAWS_KEPT` (a step is immutable; making one costs as much as a draw's other work)."""
    return DRAWS[seat][count] if count < DRAWS_KEPT else Draw(seat, count)


def needs_mulligan(st: WarriorsState, seat: int) -> bool:
    """Whether a hand cannot field a fighter with some way to attack (3.2; WAR-A2).

    With ``mulligan_requires_weapon`` the hand needs a fighter and a weapon or attack spell that
    fighter can equip, or a fighter with an attacking ability; otherwise a fighter suffices.
    """
    cards = [st.card(c) for c in st.hands[seat]]
    fighters = [c for c in cards if c.type == "fighter"]
    if not fighters:
        return True
    if not st.game.options.mulligan_requires_weapon:
        return False
    arms = [c for c in cards if c.type in ("weapon", "attack_spell")]
    for card in fighters:
        ab = card.ability
        attacks = ab is not None and (EFFECTS[ab.effect].target == "enemy" or ab.effect == "blast_all")
        if ab is not None and attacks and ab.when in ("action", "charge_action"):
            return False
        f = Fighter(0, seat, card)
        if any(can_equip(f, w) for w in arms):
            return False
    return True


@dataclass(frozen=True, slots=True)
class Mulligan(Automatic):
    """A hand that cannot fight is shuffled back and eight cards drawn again, each opponent being
    offered a card; at most :data:`~.rules.MAX_MULLIGANS` times (3.2; WAR-A2).

    Attributes:
        seat: the player whose hand is checked.
    """

    seat: int

    def run(self, st: WarriorsState) -> None:
        p = self.seat
        if not st.in_game[p] or st.mulligans[p] >= MAX_MULLIGANS or not needs_mulligan(st, p):
            return
        st.shuffle_in(st.game.deck_of[p], st.hands[p])
        if st.recording:  # which cards go back only their owner sees
            for c in st.hands[p]:
                st.move_card(c, Place("hand", p), Place("deck", p), (p,))
        st.hands[p] = []
        st.known[p] = {}
        st.mulligans[p] += 1
        st.log(f"player {p + 1} takes a mulligan")
        st.flow.push(Draw(p, HAND_SIZE), *st.offers(p, "mulligan"), self)


@dataclass(frozen=True, slots=True)
class Offer(Decision):
    """An opponent of a player who took a mulligan or reshuffled may draw a card (3.2, 6.0).

    Attributes:
        seat: the opponent offered the card (dropped if out of the game).
        why: what the player did (:data:`Why`).
    """

    why: Why

    def actor(self, st: WarriorsState) -> int:
        return self.seat if st.in_game[self.seat] else AUTOMATIC

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        why = "mulligan" if self.why == "mulligan" else "deck reshuffle"
        return [
            st.game.action_space.make("take", label=f"draw a card (an opponent's {why})"),
            st.game.fixed["decline"],
        ]

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        if action.kind == "take":
            st.steps.append(Draw(player, 1))
        return False


Offer.name = "offer"
Offer.says = "may draw a card"


# ----------------------------------------------------------------------------- battle start
@dataclass(frozen=True, slots=True)
class Battle(Automatic):
    """A battle begins: Revolving Door, the location, the secret assembly, the reveal, the fight,
    its end. With ``max_turns`` battles fought, the game is a draw. source: warriors.txt, 3.3, 8.3."""

    def run(self, st: WarriorsState) -> None:
        n = st.n
        st.battle += 1
        cap = st.game.options.max_turns
        if cap and st.battle > cap:  # battles that end before any turn (everyone forfeits) count too
            st.log(f"{cap} battles fought: the game is called a draw")
            st.finish(None)
            return
        st.location = st.location_from = None
        st.fighters = [None] * (n + MAX_BEASTS)
        st.status = ["idle"] * n
        st.order, st.turn_pos = [], 0
        st.log(f"battle {st.battle} begins")
        doors = [Doors(p) for p in range(n)] if st.game.options.revolving_door and st.battle > 1 else []
        st.flow.push(*doors, PickLocation(), StartAssembly(), Assemble(), Reveal(), BattleEnd())


@dataclass(frozen=True, slots=True)
class Doors(Decision):
    """Revolving Door: before a battle after the first, each player stays or leaves; a player out of
    the game may join again (8.3).

    Attributes:
        seat: the player deciding.
    """

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        return actions.doors_menu(st, player)

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        if action.kind == "leave":
            actions.leave(st, player)
        elif action.kind == "join":
            st.in_game[player] = True
            st.mulligans[player] = 0
            st.log(f"player {player + 1} joins the game")
            st.flow.push(Draw(player, HAND_SIZE), Mulligan(player))
        return False


Doors.name = "doors"
Doors.phase = "revolving door"
Doors.says = "stays, leaves or joins (Revolving Door)"


def location_choices(st: WarriorsState, seat: int) -> bool:
    """Whether the chooser has any location to choose (in hand, or controlled by anyone)."""
    return not st.game.location_ids.isdisjoint(st.hands[seat]) or any(st.controlled)


@dataclass(frozen=True, slots=True)
class PickLocation(Automatic):
    """The chooser (the last battle's winner) is asked for the location, if there is one to choose
    and the game is not Deathmatch (3.3, 8.1)."""

    def run(self, st: WarriorsState) -> None:
        c = st.chooser
        if st.game.options.deathmatch or c is None or not st.in_game[c] or not location_choices(st, c):
            return
        st.steps.append(Location(c))


@dataclass(frozen=True, slots=True)
class Location(Decision):
    """The chooser picks the battle's location: from the hand, one controlled by anyone, or none (3.3).

    Attributes:
        seat: the chooser.
    """

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        return actions.locations_menu(st, player)

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        if action.kind == "location":
            actions.location_from_hand(st, player, action.args[0])
        elif action.kind == "held":
            actions.location_held(st, player, *action.args)
        return False


Location.name = "location"
Location.phase = "location"
Location.says = "chooses the location"


@dataclass(frozen=True, slots=True)
class StartAssembly(Automatic):
    """Every player in the game starts assembling a fighter in secret (3.3; WAR-A15)."""

    def run(self, st: WarriorsState) -> None:
        for p in range(st.n):
            st.status[p] = "assembling" if st.in_game[p] else "idle"
            st.removed[p] = []
            st.acted[p] = False


@dataclass(frozen=True, slots=True)
class Assemble(WarriorsStep):
    """The secret assembly: every player still assembling makes one step at once (a fighter from the
    hand, an equip, a remove, ready, or a forfeit without a fighter), until all are ready; nothing is
    shown until the reveal (3.3; WAR-A15)."""

    def actor(self, st: WarriorsState) -> int:
        return SIMULTANEOUS if "assembling" in st.status else AUTOMATIC

    def key(self) -> tuple[Any, ...]:
        return (True,)

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        return actions.assembly_menu(st, player)

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        acted, status = st.acted, st.status
        acted[player] = True
        for q in range(st.n):
            if not acted[q] and status[q] == "assembling":
                break  # someone still has to make this round's step
        else:
            st.acted = [False] * st.n
        return assembly_step(st, self, action, player, hidden=True)


Assemble.phase = "assembly"


def assembly_step(st: WarriorsState, step: WarriorsStep, action: Action, p: int, hidden: bool) -> bool:
    """Apply seat ``p``'s decision at ``step``, the secret assembly (``hidden``) or a Deathmatch
    re-entry in the open: field a fighter, equip or remove a card, say it is ready, or forfeit.

    The step goes back on the flow, unless the fighter enters or forfeits in the open (then the
    Legend rule applies to it, 7.4, or the player draws 2). A player ready or forfeiting in secret
    waits for the reveal (WAR-A15).

    Returns:
        Whether the step waits for the same seat with nothing to run (an equip or a remove).
    """
    kind, a = action.kind, action.args
    if kind == "equip":
        st.steps.append(step)
        actions.equip(st, p, a[0], hidden)
        return True
    if kind == "remove":
        st.steps.append(step)
        actions.remove(st, p, a[0], hidden)
        return True
    if kind == "field":
        st.steps.append(step)
        actions.field(st, p, a[0], hidden)
    elif hidden:  # ready, or a forfeit without a fighter in hand: revealed with everyone's fighters
        st.steps.append(step)
        st.status[p] = "ready"
    elif kind == "ready":
        st.status[p] = "fighting"
        f = st.fighter(p)
        gear = ", ".join(e.card.name for e in f.equipment) or "nothing"
        st.log(f"player {p + 1} enters {f.card.name} equipped with {gear}")
        st.flow.push(*legend_steps(legend_clash(st, p, range(st.n))))
        st.after_leaving([])
    else:  # forfeit: no fighter in hand
        st.status[p] = "forfeit"
        st.log(f"player {p + 1} has no fighter and forfeits the battle")
        st.after_leaving([(p, 2)])
    return False


def legend_names(st: WarriorsState, seat: int) -> set[str]:
    """Return the names of the Legendary cards a seat's fighter uses (the fighter and its equipment)."""
    f = st.fighters[seat]
    if f is None:
        return set()
    names = {f.card.name} if f.card.legendary else set()
    for e in f.equipment:  # a loop, not a comprehension over a built list: asked at every reveal
        if e.card.legendary:
            names.add(e.card.name)
    return names


def legend_clash(st: WarriorsState, seat: int, others: range | list[int]) -> list[int]:
    """Apply the Legend rule between ``seat`` and the fighters of ``others`` using the same Legendary card.

    source: warriors.txt, 7.4; WAR-A7: ``discard_that_card`` discards both copies at once (a fighter
    so discarded leaves the battle, its equipment going back to the hand); ``any_card``: both players
    discard a card of their choice from hand: the seats returned, in order, for the caller to push
    their :class:`Legend` steps (:func:`legend_steps`).
    """
    mine = legend_names(st, seat)
    seats: list[int] = []
    if not mine:  # most fighters use no Legendary card
        return seats
    for q in others:
        if q == seat or st.status[q] != "fighting":
            continue
        for name in sorted(mine & legend_names(st, q)):
            st.log(f"player {seat + 1} and player {q + 1} both use the Legendary {name}")
            if st.game.options.legend_penalty == "any_card":
                seats += [seat, q]
                continue
            for s in (seat, q):
                f = st.fighters[s]
                if f is None:
                    continue
                here = st.at_fighter(s)
                if f.card.name == name:
                    st.fighters[s] = None
                    st.status[s] = "forfeit"
                    for e in f.equipment:
                        st.to_hand(s, e.card.id, public=True, source=here)
                    st.discard(f.card.id, s, here)
                else:
                    e = next(e for e in f.equipment if e.card.name == name)
                    f.unequip(e)
                    st.discard(e.card.id, s, here)
    return seats


def legend_steps(seats: list[int]) -> list[Legend]:
    """Return the :class:`Legend` discards of ``seats``, in order."""
    return [Legend(s) for s in seats]


@dataclass(frozen=True, slots=True)
class Legend(Decision):
    """Legend rule (``legend_penalty = "any_card"``): the player discards a card of their choice from
    hand; nothing to do with an empty hand (7.4; WAR-A7).

    Attributes:
        seat: the player discarding.
    """

    def actor(self, st: WarriorsState) -> int:
        return self.seat if st.hands[self.seat] else AUTOMATIC

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        return actions.discard_menu(st, player)

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        actions.discard_from_hand(st, player, action.args[0])
        return False


Legend.name = "legend"
Legend.says = "discards a card (Legend rule)"


@dataclass(frozen=True, slots=True)
class Reveal(Automatic):
    """The fighters are revealed all at once: the Legend rule, waiting Beasts join, the turn order
    (the lowest printed durability first, a random pick among equals), a location's battle-start
    ability, and a player without a fighter forfeits and draws 2 (3.3, 4.0, 7.1, 7.4; WAR-A15)."""

    def run(self, st: WarriorsState) -> None:
        n = st.n
        draws = []
        for p in range(n):
            f = st.fighters[p]
            if st.status[p] != "ready":
                continue
            if f is None:
                st.status[p] = "forfeit"
                st.log(f"player {p + 1} has no fighter and forfeits the battle")
                draws.append(p)
                continue
            st.status[p] = "fighting"
            for card_id in (f.card.id, *f.equipped_ids):
                st.forget(p, card_id)
            gear = ", ".join(e.card.name for e in f.equipment) or "nothing"
            st.log(f"player {p + 1} enters {f.card.name} equipped with {gear}")
            if st.recording:  # the secret assembly revealed: its cards went from the hand to the fighter
                here = st.fighter_place(p)
                for card_id in (f.card.id, *f.equipped_ids):
                    st.move_card(card_id, Place("hand", p), here)
        penalties = []
        for p in range(n):
            if st.status[p] == "fighting":
                penalties += legend_clash(st, p, range(p + 1, n))
        _seat_beasts(st)
        beasts = [f for f in st.fighters[n:] if f is not None]
        seats = []  # loops, not comprehensions per seat: this runs at every battle
        for p in range(n):
            if st.status[p] == "fighting":
                st.order.append(p)
                seats.append(p)
            for f in beasts:  # a Beast's combatant id is its place in the fighters
                if f.seat == p:
                    st.order.append(f.cid)
        if not st.battle_over():
            st.steps.append(TURN)
            first: list[int] = []  # the seats of the lowest printed durability
            low = 0
            for p in seats:
                d = st.fighters[p].card.durability  # type: ignore[union-attr]
                if not first or d < low:
                    first, low = [p], d
                elif d == low:
                    first.append(p)
            if len(first) == 1:
                st.turn_pos = st.order.index(first[0])
            else:
                st.steps.append(First(tuple(first)))
        loc = st.location_card()
        if loc is not None and loc.ability is not None and loc.ability.when == "battle_start":
            EFFECTS[loc.ability.effect].run(st, None, None, loc.ability, loc)  # type: ignore[misc]
        for p in reversed(draws):
            st.queue_draw(p, 2)
        st.flow.push(*legend_steps(penalties))


def _seat_beasts(st: WarriorsState) -> None:
    """Waiting Beasts join the battle, each seated after the player who drew it (7.1)."""
    keep = []
    k = 0
    for card_id, owner in st.waiting:
        if k < MAX_BEASTS and st.in_game[owner]:
            cid = st.n + k
            st.fighters[cid] = Fighter(cid, owner, st.card(card_id))
            st.log(f"the Beast {st.card(card_id).name} joins the battle")
            if st.recording:
                st.move_card(card_id, Place("waiting", owner), st.fighter_place(cid))
            k += 1
        else:
            keep.append((card_id, owner))
    st.waiting = keep


def pick_outcomes(st: WarriorsState, candidates: tuple[int, ...], what: str) -> list[tuple[Action, float]]:
    """Return the outcomes of a random pick among ``candidates`` (combatant ids), equally likely."""
    sp = st.game.action_space
    k = len(candidates)
    return [(sp.make("pick", i, label=f"{st.who(c)} {what}"), 1 / k) for i, c in enumerate(candidates)]


@dataclass(frozen=True, slots=True)
class First(Chance):
    """Among fighters of equal lowest printed durability, chance picks who goes first (4.0).

    Attributes:
        seats: the candidates.
    """

    seats: tuple[int, ...]

    def table(self, st: WarriorsState) -> list[tuple[Action, float]]:
        return pick_outcomes(st, self.seats, "goes first")

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        st.turn_pos = st.order.index(self.seats[action.args[0]])
        return False


# ------------------------------------------------------------------------------------ turns
@dataclass(frozen=True, slots=True)
class Turn(Automatic):
    """The first turn of a battle: the combatant at ``turn_pos`` (4.0)."""

    def run(self, st: WarriorsState) -> None:
        push_turn(st)


def push_turn(st: WarriorsState) -> None:
    """Push the steps of the turn of the combatant at the battle's ``turn_pos``: a fighter's begin
    step, Action and end step (4.0), a Beast's attack (7.1); then the next turn."""
    cid = st.order[st.turn_pos]
    st.steps += TURN_STEPS[cid][cid >= st.n]


def triggers(st: WarriorsState, cid: int, when: str) -> None:
    """Run the fighter's, its active equipment's and the location's abilities for ``when``
    (``"begin"`` or ``"end"``).

    The current player's effects go first, then the location's (it belongs to nobody) (4.0).
    """
    f = st.fighters[cid]
    if f is None:
        return
    ids = st.game.trigger_ids[when]
    if f.card.id not in ids and st.location not in ids and ids.isdisjoint(f.equipped_ids):
        return  # no card at hand works now: most turns
    runs: list[tuple[Card, Ability]] = []  # listed before any runs: an effect may change the equipment
    if (ab := f.card.ability) is not None and ab.when == when:
        runs.append((f.card, ab))
    for e in f.equipment:
        ab = e.card.ability
        if ab is not None and ab.when == when and e.active:
            runs.append((e.card, ab))
    loc = st.location_card()
    if loc is not None and (ab := loc.ability) is not None and ab.when == when:
        runs.append((loc, ab))
    for card, ab in runs:
        EFFECTS[ab.effect].run(st, cid, None, ab, card)  # type: ignore[misc]
        if st.fighters[cid] is None or st.result is not None:
            return


@dataclass(frozen=True, slots=True)
class Begin(Automatic):
    """A fighter's begin step: Deathmatch re-entry first (:class:`Enter`), then duration counters
    tick and begin effects run (4.2.2, 8.1).

    Attributes:
        seat: the player whose turn it is.
    """

    seat: int

    def run(self, st: WarriorsState) -> None:
        seat = self.seat
        if st.status[seat] == "reenter":
            st.status[seat] = "entering"
            st.removed[seat] = []
            st.steps += (self, ENTER[seat])  # as st.flow.push(Enter(seat), self)
            return
        f = st.fighters[seat]
        st.equipping = False
        st.removed[seat] = []
        if f is None or st.status[seat] != "fighting":
            return
        for e in f.equipment.copy():
            if e.duration is None:
                continue
            if e.duration > 0:
                e.duration -= 1
                continue
            e.duration = None
            st.log(f"{e.card.name} on {st.who(seat)} wears off")
            if e.spent:
                f.unequip(e)
                st.discard(e.card.id, f.seat, st.at_fighter(seat))
        triggers(st, seat, "begin")


@dataclass(frozen=True, slots=True)
class Enter(Decision):
    """Deathmatch: a player whose fighter died enters a new one in the open at its next turn,
    fielding and equipping it as in the assembly (8.1).

    Attributes:
        seat: the player entering.
    """

    def actor(self, st: WarriorsState) -> int:
        return self.seat if st.status[self.seat] == "entering" else AUTOMATIC

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        return actions.assembly_menu(st, player)

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        return assembly_step(st, self, action, player, hidden=False)


Enter.name = "enter"
Enter.says = "enters a new fighter"


@dataclass(frozen=True, slots=True)
class Act(Decision):
    """The combat step: the fighter takes its one Action (attack, split attack, use an ability or
    cast a spell, retreat, or do nothing), equipping and removing cards before it as it likes
    (4.1-4.7, 7.5). Dropped when the fighter is gone.

    Attributes:
        seat: the player whose turn it is.
    """

    def actor(self, st: WarriorsState) -> int:
        seat = self.seat
        return seat if st.status[seat] == "fighting" and st.fighters[seat] is not None else AUTOMATIC

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        """Equip and remove while equipping (:func:`.actions.equip_menu`), else the whole Action
        (:func:`.actions.combat_actions`)."""
        f = st.fighters[player]
        if f is None:
            f = st.fighter(player)  # raises: the step waits only while its fighter is there
        if st.equipping:
            return actions.equip_menu(st, player, actions.gear(st, f), st.game.fixed["done"])
        return actions.combat_actions(st, player, f)

    def play(self, st: WarriorsState, action: Action, p: int) -> bool:
        kind, a = action.kind, action.args
        if kind == "equip":  # the commonest decisions first
            f, card = actions.equip(st, p, a[0], False)
            st.equipping = True
            st.events.append(("player {}'s {} equips {}", p + 1, f.card.name, card.name))  # see state.Event
            st.steps.append(self)
            if card.legendary:  # the Legend rule may end the fighter or the battle (7.4)
                st.flow.push(*legend_steps(legend_clash(st, p, range(st.n))))
                st.after_leaving([])
                return False
            return True
        if kind == "remove":
            f, taken = actions.remove(st, p, a[0], False)
            st.equipping = True
            st.events.append(("player {}'s {} removes {}", p + 1, f.card.name, taken.name))  # see state.Event
            st.steps.append(self)
            return True
        if kind in ("attack", "volley"):
            attack = combat.declare_attack(st, p, a[0], split=kind == "volley")
            if attack is not None:
                lo, hi, sid, extra = attack
                if kind == "volley":
                    st.flow.push(Attack(p, a[1], lo, hi, sid), Volley(p, lo, hi, sid, (a[1],), extra))
                else:
                    st.steps.append(Attack(p, a[1], lo, hi, sid))
        elif kind == "pass":
            st.events.append(("player {} does nothing", p + 1))
        elif kind == "retreat":
            st.retreat(p)
        elif kind == "use":
            actions.use(st, p, a[0], None if a[1] == actions.no_target(st) else a[1])
        return False  # done equipping: the Action was spent equipping (4.5)


Act.name = "act"
Act.says = "takes the Action"


@dataclass(frozen=True, slots=True)
class End(Automatic):
    """A fighter's end step: end effects run (4.8).

    Attributes:
        seat: the player whose turn it is.
    """

    seat: int

    def run(self, st: WarriorsState) -> None:
        st.equipping = False
        if st.status[self.seat] == "fighting":
            triggers(st, self.seat, "end")


@dataclass(frozen=True, slots=True)
class Next(Automatic):
    """After a turn: the game is a draw after ``max_turns`` turns; else, unless the battle is over,
    the next combatant still in it takes its turn, clockwise (4.0)."""

    def run(self, st: WarriorsState) -> None:
        st.turns += 1
        cap = st.game.options.max_turns
        if cap and st.turns >= cap:
            st.log(f"{cap} turns played: the game is called a draw")
            st.finish(None)
            return
        if st.battle_over():
            return
        order, size = st.order, len(st.order)
        for k in range(1, size + 1):
            pos = (st.turn_pos + k) % size
            if st.active(order[pos]):
                st.turn_pos = pos
                push_turn(st)  # what a Turn step would do at once
                break


@dataclass(frozen=True, slots=True)
class Beast(Automatic):
    """A Beast's turn: it attacks the fighter with the highest current durability other than
    itself, chance picking among equals (7.1).

    Attributes:
        cid: the Beast's combatant id.
    """

    cid: int

    def run(self, st: WarriorsState) -> None:
        cid = self.cid
        if st.fighters[cid] is None:
            return
        targets = st.attackable(cid)
        if not targets:
            return
        top = max(st.fighters[t].durability for t in targets)  # type: ignore[union-attr]
        best = [t for t in targets if st.fighters[t].durability == top]  # type: ignore[union-attr]
        if len(best) == 1:
            combat.beast_attack(st, cid, best[0])
        else:
            st.steps.append(BeastPick(cid, tuple(best)))


@dataclass(frozen=True, slots=True)
class BeastPick(Chance):
    """Chance picks a Beast's target among fighters of equal highest durability (7.1).

    Attributes:
        cid: the Beast's combatant id.
        targets: the candidates' combatant ids.
    """

    cid: int
    targets: tuple[int, ...]

    def table(self, st: WarriorsState) -> list[tuple[Action, float]]:
        return pick_outcomes(st, self.targets, "is the Beast's target")

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        combat.beast_attack(st, self.cid, self.targets[action.args[0]])
        return False


# ------------------------------------------------------------------------------------ combat
@dataclass(frozen=True, slots=True)
class Attack(Chance):
    """An attack's hit roll: one die, faces above its usable range rolled again (9.0); the hit then
    goes through protection (:func:`.combat.hit`), and the attacker picks cards for the breakage
    rolls it causes (:class:`Breakage`). Dropped when the target is gone; dealt at once when there is
    nothing to roll (max damage 1).

    Attributes:
        attacker: the attacker's combatant id.
        target: the target's combatant id.
        lo: the min damage, modifiers applied.
        hi: the max damage, modifiers applied.
        source: the card attacked with (-1: bare hands).
    """

    attacker: int
    target: int
    lo: int
    hi: int
    source: int

    def actor(self, st: WarriorsState) -> int:
        if st.fighters[self.target] is None or not combat.needs_roll(st, self.lo, self.hi):
            return AUTOMATIC
        return CHANCE

    def run(self, st: WarriorsState) -> None:
        if st.fighters[self.target] is not None:
            self.deal(st, self.hi)

    def table(self, st: WarriorsState) -> tuple[tuple[Action, float], ...]:
        return combat.hit_rolls(st, self.lo, self.hi)

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        i = action.args[0]
        values = combat.hit_values(st, self.lo, self.hi)
        v = values[i]
        if v is None:
            st.log(f"d{len(values)} shows {i + 1}: rolled again")
            st.steps.append(self)
            return True  # the same roll waits again: nothing changed but the log
        self.deal(st, v)
        return False

    def deal(self, st: WarriorsState, raw: int) -> None:
        """Deal the hit ``raw`` and push the breakage pick it causes."""
        rolls = combat.hit(st, self.attacker, self.target, self.source, raw)
        if rolls:
            st.steps.append(Breakage(self.attacker, self.target, rolls))


@dataclass(frozen=True, slots=True)
class Breakage(Decision):
    """The attacker picks a card of the target for each breakage roll its hit caused; a Beast picks
    the most breakable card by itself; nothing to pick once the target is gone or bare (7.2).

    Attributes:
        seat: the attacker's combatant id (a seat, or a Beast's id).
        target: the target's combatant id.
        rolls: the breakage rolls left to pick for.
    """

    target: int
    rolls: int

    def actor(self, st: WarriorsState) -> int:
        f = st.fighters[self.target]
        if self.rolls <= 0 or f is None or not f.equipment or self.seat >= st.n:
            return AUTOMATIC
        return self.seat

    def run(self, st: WarriorsState) -> None:
        f = st.fighters[self.target]
        if self.rolls <= 0 or f is None or not f.equipment:
            return
        self.pick(st, combat.beast_break_pick(f))  # a Beast's pick

    def key(self) -> tuple[Any, ...]:
        return self.name, self.seat, self.target, self.rolls

    def pending(self) -> BreakagePick:
        return BreakagePick("breakage", self.seat, self.target, self.rolls)

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        return actions.breakage_menu(st, self.target)

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        self.pick(st, action.args[0])
        return False

    def pick(self, st: WarriorsState, slot: int) -> None:
        """Pick the card in ``slot`` for the next roll: the rolls left wait below its dice."""
        if self.rolls > 1:
            st.steps.append(Breakage(self.seat, self.target, self.rolls - 1))
        if combat.choose_break(st, self.target, slot):
            st.steps.append(BreakRoll(self.target, slot, -1))


Breakage.name = "breakage"
Breakage.says = "picks a card for a breakage roll"


@dataclass(frozen=True, slots=True)
class BreakRoll(Chance):
    """A breakage roll: the tens d10, then the units d10 (0 and 0 is 100) (7.2).

    Attributes:
        target: the combatant whose card is rolled for.
        slot: the card's equipment slot.
        tens: the tens die's digit once rolled, -1 before.
    """

    target: int
    slot: int
    tens: int

    def table(self, st: WarriorsState) -> tuple[tuple[Action, float], ...]:
        return combat.breakage_dice(st, self.tens < 0)

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        digit = (action.args[0] + 1) % 10
        if self.tens < 0:
            st.steps.append(BreakRoll(self.target, self.slot, digit))
        else:
            combat.resolve_break(st, self.target, self.slot, self.tens * 10 + digit or 100)
        return False


@dataclass(frozen=True, slots=True)
class Volley(Decision):
    """A split attack (weapon proficiency +X, 7.5; WAR-A9): after the first attack, the attacker
    attacks up to ``left`` more fighters it has not hit, one at a time, or stops. Dropped with no
    attacks, fighters to hit, or attacker left.

    Attributes:
        seat: the attacker.
        lo: each attack's min damage.
        hi: each attack's max damage.
        source: the card attacked with (-1: bare hands).
        hit: the combatant ids attacked so far.
        left: the attacks left.
    """

    lo: int
    hi: int
    source: int
    hit: tuple[int, ...]
    left: int

    def actor(self, st: WarriorsState) -> int:
        seat = self.seat
        if self.left <= 0 or st.fighters[seat] is None or not combat.volley_targets(st, seat, self.hit):
            return AUTOMATIC
        return seat

    def key(self) -> tuple[Any, ...]:
        return self.name, self.seat, self.hit, self.left

    def pending(self) -> SplitAttack:
        return SplitAttack("split attack", self.seat, self.hit, self.left)

    def legal(self, st: WarriorsState, player: int) -> list[Action]:
        return actions.volley_menu(st, combat.volley_targets(st, self.seat, self.hit))

    def play(self, st: WarriorsState, action: Action, player: int) -> bool:
        if action.kind == "next_target":
            t = action.args[0]
            rest = Volley(self.seat, self.lo, self.hi, self.source, (*self.hit, t), self.left - 1)
            attack = Attack(self.seat, t, self.lo, self.hi, self.source)
            st.flow.push(attack, *([rest] if self.left > 1 else []))
        return False


Volley.name = "volley"
Volley.says = "chooses the next target of a split attack"


# ------------------------------------------------------------------------------- battle end
@dataclass(frozen=True, slots=True)
class BattleEnd(Automatic):
    """The last side standing wins: fighters home, draw 3, take the location; three locations win
    the game; then the next battle (6.0; WAR-A10, A11)."""

    def run(self, st: WarriorsState) -> None:
        n = st.n
        alive = [c for c in range(len(st.fighters)) if st.active(c)]
        winners = alive if alive and alive[-1] < n else []  # players only (ids in order: Beasts last)
        for c in range(n, len(st.fighters)):
            f = st.fighters[c]
            if f is not None:
                st.discard(f.card.id, f.seat, st.at_fighter(c))
        for p in winners:
            f = st.fighters[p]
            if f is not None:
                here = st.at_fighter(p)
                for card_id in (f.card.id, *f.equipped_ids):
                    st.to_hand(p, card_id, public=True, source=here)
        loc, src = st.location, st.location_from
        at = Place("location") if st.recording else None
        if winners:
            st.log(f"{st.names(winners)} win{'s' if len(winners) == 1 else ''} battle {st.battle}")
            for p in winners:
                st.score(p, "battle")
            st.chooser = winners[0]
            if loc is not None and src is not None:
                st.controlled[winners[0]].append((loc, src[2]))
                st.log(f"player {winners[0] + 1} takes control of {st.card(loc).name}")
                st.move_card(loc, Place("location"), Place("locations", winners[0]))
                st.score(winners[0], "location")
        else:
            st.log(f"nobody wins battle {st.battle}")
            if loc is not None and src is not None:
                if src[0] == "hand":
                    st.to_hand(src[1], loc, public=True, source=at)
                else:
                    st.controlled[src[1]].append((loc, src[2]))
                    st.move_card(loc, Place("location"), Place("locations", src[1]))
        st.fighters = [None] * len(st.fighters)
        st.status = ["idle"] * n
        st.location = st.location_from = None
        if winners and not st.game.options.deathmatch:
            side = st.side(winners[0])
            seats = st.side_seats(side)
            if sum(len(st.controlled[p]) for p in seats) >= st.game.locations_to_win:
                st.finish(seats)
                return
        st.flow.push(*[Draw(p, 3) for p in winners], Battle())


DRAWS_KEPT: Final = 16
DRAWS: Final = tuple(tuple(Draw(s, c) for c in range(DRAWS_KEPT)) for s in range(MAX_SEATS))
"""Each seat's :class:`Draw` steps by count, below :data:`DRAWS_KEPT` (see :func:`draw`)."""
TURN: Final = Turn()
NEXT: Final = Next()
ENTER: Final = tuple(Enter(p) for p in range(MAX_SEATS))
"""Each seat's :class:`Enter` step (steps are immutable: made once)."""
TURN_STEPS: Final = tuple(
    ((NEXT, End(c), Act(c), Begin(c)) if c < MAX_SEATS else (), (NEXT, Beast(c)))
    for c in range(MAX_SEATS + MAX_BEASTS)
)
"""By combatant id: a player's turn and a Beast's turn, the steps as they go on the stack (the
first to run last), made once."""
