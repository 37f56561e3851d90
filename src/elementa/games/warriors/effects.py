"""The named effect functions that card data refers to (``ability = { effect = "heal", ... }``).

Card text beyond the base rules is never parsed: each card's ability names one effect here, with an
``amount`` (and sometimes a ``keyword``), and says *when* it works (source: warriors.txt, 4.3-4.4):

* ``action``: costs the fighter's Action, usable again and again while equipped ("ACTION:").
* ``charge_action``: costs the Action and a charge counter ("Charge Action X:").
* ``reaction``: spends a charge counter, without an Action, when its moment comes (WAR-A23).
* ``static``: always in effect while equipped (or, on a spell, while the spell's duration runs).
* ``begin`` / ``end``: at the begin or end step of the holder's turn (a location's: every turn,
  on the fighter whose turn it is).
* ``battle_start``: a location's ability when a battle at it starts.
* ``cast``: a spell's effect when it is cast.

An effect's ``run(state, user, target, ability, source)`` acts through the state's rule helpers
(``heal``, ``lose``, ``queue_attack``, ``queue_draw``...); ``user`` is the combatant id of the fighter
using it or affected by it (``None`` for battle-start abilities); ``target`` is a combatant id for
effects aimed at an enemy; ``source`` is the card whose ability it is. Static effects give modifiers
instead: ``(stat, keyword, amount)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from elementa.games.warriors.cards import Ability, Card

Mod = tuple[str, "tuple[str, ...] | None", int]
"""A static modifier: ``("protection" | "damage", keyword or None, amount)``."""

ACTIVE = frozenset({"action", "charge_action", "cast"})


@dataclass(frozen=True)
class Effect:
    """One named effect.

    Attributes:
        name: the name card data uses.
        whens: the ``when`` values it may be used with.
        target: ``"none"`` or ``"enemy"`` (a fighter the user could attack, WAR-A8 ganging applies).
        run: what it does (not for static or reaction effects).
        mods: the modifiers a static effect gives.
        summary: one line for the rules help.
    """

    name: str
    whens: frozenset[str]
    target: str
    summary: str
    run: Callable[[Any, int | None, int | None, Ability, Card | None], None] | None = None
    mods: Callable[[Ability], list[Mod]] | None = None


EFFECTS: dict[str, Effect] = {}


def _effect(
    name: str, whens: set[str] | frozenset[str], summary: str, target: str = "none"
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        static = "static" in whens
        EFFECTS[name] = Effect(
            name, frozenset(whens), target, summary, run=None if static else fn, mods=fn if static else None
        )
        return fn

    return register


def effect_names() -> list[str]:
    """Return the names of every effect, sorted."""
    return sorted(EFFECTS)


@_effect(
    "heal", ACTIVE | {"begin", "end"}, "the fighter regains <amount> durability, up to its printed value"
)
def heal(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    if user is not None:
        st.heal(user, ab.amount)


@_effect("draw_cards", ACTIVE | {"begin"}, "the fighter's player draws <amount> cards")
def draw_cards(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    if user is not None and st.is_player(user):
        st.queue_draw(st.fighters[user].seat, ab.amount)


@_effect("blast", ACTIVE, "attack one fighter with max damage <amount> (not a weapon)", target="enemy")
def blast(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    if user is not None and target is not None:
        st.queue_attack(user, target, ab.amount, 1, source)


@_effect("blast_all", ACTIVE, "attack every fighter you may attack, each with max damage <amount>")
def blast_all(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    if user is not None:
        for t in reversed(st.attackable(user)):
            st.queue_attack(user, t, ab.amount, 1, source)


@_effect(
    "drain", ACTIVE, "a fighter loses <amount> durability (no roll, no protection); you regain it", "enemy"
)
def drain(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    if user is not None and target is not None:
        st.heal(user, ab.amount)
        st.lose(target, ab.amount, user)


@_effect("recharge", ACTIVE, "put back every charge counter spent on the fighter's equipped cards")
def recharge(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    if user is not None:
        st.recharge(user, source)


@_effect("scorch", {"begin", "end"}, "the fighter loses <amount> durability (no protection)")
def scorch(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    if user is not None:
        st.lose(user, ab.amount, None)


@_effect("supply_drop", {"battle_start"}, "each player with a fighter in the battle draws <amount> cards")
def supply_drop(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    for cid in st.in_battle():
        if st.is_player(cid):
            st.queue_draw(st.fighters[cid].seat, ab.amount)


@_effect("rally", {"battle_start"}, "every fighter in the battle gains <amount> durability")
def rally(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    for cid in st.in_battle():
        st.gain(cid, ab.amount)


@_effect("protect", {"static"}, "+<amount> protection (every fighter, on a location)")
def protect(ab: Ability) -> list[Mod]:
    return [("protection", None, ab.amount)]


@_effect("empower", {"static"}, "+<amount> max damage to attacks (with <keyword> only, if given)")
def empower(ab: Ability) -> list[Mod]:
    return [("damage", ab.keyword, ab.amount)]


@_effect("ward_off_death", {"reaction"}, "when the fighter would die, it stays at 1 durability (a charge)")
def ward_off_death(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    """Checked by the death rule itself; nothing to run."""


@_effect("preserve", {"reaction"}, "when a card of the fighter would break, it does not (a charge)")
def preserve(st: Any, user: int | None, target: int | None, ab: Ability, source: Card | None) -> None:
    """Checked by the breakage rule itself; nothing to run."""
