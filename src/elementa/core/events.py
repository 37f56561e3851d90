"""Typed events: what the rules did, recorded as they do it, for every interface to read.

A rule that moves something (Mana, coins, a unit, a card between zones), deals damage, scores,
reveals or changes a thing emits one event with :meth:`State.emit`. The terminal, the web log,
replays and the lab read :meth:`State.events_for`, so none of them diffs two observations or reads a
label to learn what happened.

Seats count from 0 in data (``seat``, ``Place.seat``) and from 1 in text (``str(event)``).

Hidden information: an event is emitted with an *audience*, the seats that see all of it (``None``:
everyone; an audience may also name ``None``, the spectators, as one telling every viewer but a seat
what that seat was told earlier does). Any other viewer sees :meth:`Event.redacted` instead, which
is the event with what that viewer may not see taken out (the card drawn into another seat's hand
becomes an unknown card), or nothing at all. The conformance suite checks that a seat's events
never tell it what its observation does not.

The log is a persistent list: a clone shares its past with the original and appends on its own, so
cloning a state costs nothing for its events.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from elementa.core.errors import describe_player


@dataclass(frozen=True, slots=True)
class Place:
    """Where something is: a zone, its owner and, where it matters, a position in it.

    Attributes:
        zone: the zone's name in the rulebook's words: ``"Pool"``, ``"Flux"``, ``"Channel"``,
            ``"hand"``, ``"deck"``, ``"discard"``, ``"square"``, ``"sheet"``...
        seat: the seat that owns it (0-based), or ``None`` for a shared zone.
        index: a position within the zone (a square, a column, a die), or ``None``.
        name: how a person names the position (``"C4"``, ``"Fire 3"``), or ``""``.
    """

    zone: str
    seat: int | None = None
    index: int | None = None
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        """Return ``{"zone", "seat", "index", "name"}``."""
        return {"zone": self.zone, "seat": self.seat, "index": self.index, "name": self.name}

    def __str__(self) -> str:
        where = self.zone if self.seat is None else f"{describe_player(self.seat)}'s {self.zone}"
        return f"{where} {self.name}" if self.name else where


@dataclass(frozen=True, slots=True)
class Event:
    """The base of every event. Subclasses are frozen, slotted dataclasses of plain values.

    Attributes:
        type: the event's type name in the JSON form (a class attribute).
    """

    type: ClassVar[str] = "event"

    def redacted(self) -> Event | None:
        """Return what a seat outside the event's audience sees of it: by default nothing."""
        return None

    def to_json(self) -> dict[str, Any]:
        """Return the JSON form: ``{"type": ..., field: value, ...}`` (places as objects)."""
        data: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = value.to_json() if isinstance(value, Place) else value
        return data


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """Some of a resource went from one place to another: Mana, coins, gold, a unit.

    Attributes:
        what: the resource in the rulebook's words (``"Fire"`` Mana, ``"penny"``, ``"fire unit"``).
        amount: how many (at least 1).
        source: where it came from (``Place("supply")`` for something that enters play).
        target: where it went.
    """

    type: ClassVar[str] = "moved"
    what: str
    amount: int
    source: Place
    target: Place

    def __str__(self) -> str:
        return f"{self.amount} {self.what} from {self.source} to {self.target}"


@dataclass(frozen=True, slots=True)
class CardMoved(Event):
    """A card went from one zone to another.

    Attributes:
        card: the card's id (the value of the game's ``card`` action parts), or ``None`` where the
            viewer does not know which card it was.
        name: the card's name, or ``""`` where unknown.
        source: the zone it left.
        target: the zone it entered.
    """

    type: ClassVar[str] = "card_moved"
    card: int | None
    name: str
    source: Place
    target: Place

    def redacted(self) -> CardMoved:
        """The same move of an unknown card."""
        return replace(self, card=None, name="")

    def __str__(self) -> str:
        return f"{self.name or 'a card'} from {self.source} to {self.target}"


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """Something took damage (or healed: a negative amount).

    Attributes:
        target: what was hit (a unit's square, a seat's health, a fighter).
        amount: the damage dealt.
        left: its health afterwards, or ``None`` where the viewer does not see it.
    """

    type: ClassVar[str] = "damaged"
    target: Place
    amount: int
    left: int | None = None

    def redacted(self) -> Damaged:
        """The same hit with the health left unknown."""
        return replace(self, left=None)

    def __str__(self) -> str:
        left = "" if self.left is None else f" ({self.left} left)"
        return f"{self.target} takes {self.amount} damage{left}"


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """Damage aimed at something was stopped before it was dealt (a shield, armour, a payment).

    Attributes:
        target: what the damage was aimed at.
        amount: how much was stopped (at least 1).
        by: what stopped it, in the rulebook's words (``"shields"``, ``"Paid Militia"``).
    """

    type: ClassVar[str] = "blocked"
    target: Place
    amount: int
    by: str

    def __str__(self) -> str:
        return f"{self.by} stop {self.amount} damage to {self.target}"


@dataclass(frozen=True, slots=True)
class Scored(Event):
    """A seat scored points (Mana scored, Assault points, a battle won).

    Attributes:
        seat: who scored (0-based).
        points: how many.
        what: what the points are, in the rulebook's words (``"Mana"``, ``"points"``).
    """

    type: ClassVar[str] = "scored"
    seat: int
    points: int
    what: str = "points"

    def __str__(self) -> str:
        return f"{describe_player(self.seat)} scores {self.points} {self.what}"


@dataclass(frozen=True, slots=True)
class Changed(Event):
    """A thing took a new value in the open: a die's face, a square's terrain, a phase.

    Attributes:
        what: the thing, in the rulebook's words (``"terrain"``, ``"die"``).
        place: where it is.
        value: its new value in words (``"lava"``, ``"Fire"``).
    """

    type: ClassVar[str] = "changed"
    what: str
    place: Place
    value: str

    def __str__(self) -> str:
        return f"{self.what} at {self.place} becomes {self.value}"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Something hidden became known (to the event's audience, or to everyone).

    Attributes:
        what: the thing revealed (``"true monolith"``, ``"hand"``).
        place: where it is.
        value: what it turned out to be, in words.
    """

    type: ClassVar[str] = "revealed"
    what: str
    place: Place
    value: str

    def __str__(self) -> str:
        return f"{self.what} at {self.place}: {self.value}"


@dataclass(frozen=True, slots=True)
class Noted(Event):
    """Anything else worth a line in the log, in words (1-based seats): a turn ends, a seat passes.

    Attributes:
        text: the line.
    """

    type: ClassVar[str] = "noted"
    text: str

    def __str__(self) -> str:
        return self.text


class EventLog:
    """One entry of a state's persistent event log, and through ``before`` all those before it.

    Entries are never changed, so states share them: ``EventLog(event, audience, log)`` is the log
    ``log`` with one more event, and the old log is still whole.

    Attributes:
        event: the event.
        audience: the seats that see all of it (``None`` among them: spectators too), or ``None``
            for everyone.
        before: the log before it (``None`` for the first event).
        count: how many events the log holds with this one.
    """

    __slots__ = ("audience", "before", "count", "event")

    def __init__(self, event: Event, audience: frozenset[int | None] | None, before: EventLog | None) -> None:
        self.event = event
        self.audience = audience
        self.before = before
        self.count: int = 1 if before is None else before.count + 1

    def __reduce__(self) -> tuple[Any, tuple[list[tuple[Event, frozenset[int | None] | None]]]]:
        """Pickle (and deep-copy) the log as a flat list: the chain of entries would otherwise
        recurse once per event, past Python's recursion limit in a long game."""
        return _from_entries, ([(e.event, e.audience) for e in self.entries()],)

    def entries(self) -> Iterator[EventLog]:
        """Yield the entries from the first to this one."""
        chain: list[EventLog] = []
        node: EventLog | None = self
        while node is not None:
            chain.append(node)
            node = node.before
        return reversed(chain)


def _from_entries(entries: list[tuple[Event, frozenset[int | None] | None]]) -> EventLog | None:
    """Rebuild a log from ``(event, audience)`` pairs, oldest first (see :meth:`EventLog.__reduce__`)."""
    log = None
    for event, audience in entries:
        log = EventLog(event, audience, log)
    return log


def seen_by(log: EventLog | None, viewer: int | None, start: int = 0) -> list[Event]:
    """Return the events of a log as ``viewer`` sees them, from the ``start``-th on.

    Args:
        log: the newest entry of a log, or ``None`` for an empty one.
        viewer: a seat (0-based), or ``None`` for a spectator, who sees only events for everyone.
        start: how many events to skip (those a client already has).

    Returns:
        the events, each whole, redacted or left out (see :class:`Event`).
    """
    if log is None or start >= log.count:
        return []
    newest: list[EventLog] = []  # walk back only as far as ``start``: a client reads the new ones
    node: EventLog | None = log
    while node is not None and len(newest) < log.count - start:
        newest.append(node)
        node = node.before
    out: list[Event] = []
    for entry in reversed(newest):
        audience = entry.audience
        if audience is None or viewer in audience:
            out.append(entry.event)
        else:
            shown = entry.event.redacted()
            if shown is not None:
                out.append(shown)
    return out


def audience_of(seats: Iterable[int | None] | None) -> frozenset[int | None] | None:
    """Return an audience as the log keeps it: ``None`` (everyone) or a frozenset of seats (with
    ``None`` where spectators belong to it)."""
    return None if seats is None else frozenset(seats)
