"""Actions as small immutable values with named parts, and the mixed-radix action space that numbers them.

Every game numbers all of its possible actions once, from its options: an action *kind* (``"cast"``,
``"roll"``) and a tuple of small integer arguments, each below a fixed radix. The id is stable for a
given game and options, so logs, saves and learning agents can rely on it.

Each argument is a named :class:`Part` (``die``, ``square``, ``card``, ``seat``, ``amount``...), so an
interface reads what an action is about from ``action.parts`` instead of from its label. An action
has three forms besides its id, all derived from the kind and parts:

- the label, the game's words for it (``"cast Breeze on die 3"``: seats and dice count from 1 in text);
- the JSON form, ``{"id": 812, "kind": "cast", "parts": {"spell": 11, "die": 2, ...}, "label": ...}``
  (seats, dice and every other index count from 0 in data; a part that is unused reads ``null``);
- the notation, one line of text that :meth:`ActionSpace.parse` reads back: ``cast spell=11 die=2``
  (the kind, then ``name=value`` for each part that is not ``null``; a value may also be given by the
  name of the thing it indexes, quoted where it holds spaces: ``equip card="Sonic Pistol"``).
"""

from __future__ import annotations

import copyreg
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from mypy_extensions import mypyc_attr


@dataclass(frozen=True, slots=True)
class Part:
    """One named part of an action kind: an integer in ``range(size)``.

    Attributes:
        name: the part's name within its kind, for example ``"die"`` or ``"target"``.
        size: how many values it takes (``0 <= value < size``).
        type: what the value indexes, so that an interface knows which thing on the board it names:
            ``"seat"``, ``"die"``, ``"square"``, ``"card"``, ``"spell"``, ``"element"``, ``"amount"``...
            Two parts of one kind may share a type (a swap of two dice). Defaults to ``name``.
        none: the value that means "none" (no die targeted), shown as ``null`` in the JSON form, or
            ``None`` when every value means something.
        values: the names of the values (``values[i]`` names value ``i``: a spell's or card's name),
            or ``None`` where the value is a plain number or index. The lab lists every item from them.
    """

    name: str
    size: int
    type: str = ""
    none: int | None = None
    values: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"action part name {self.name!r} is not an identifier")
        if self.size < 1:
            raise ValueError(f"action part {self.name!r} needs a positive size, got {self.size}")
        if not self.type:
            object.__setattr__(self, "type", self.name)
        if self.none is not None and not 0 <= self.none < self.size:
            raise ValueError(f"action part {self.name!r}: none value {self.none} outside range({self.size})")
        if self.values is not None and len(self.values) > self.size:
            raise ValueError(f"action part {self.name!r} names {len(self.values)} values of {self.size}")

    def show(self, value: int) -> int | None:
        """Return the JSON form of a value: ``None`` for the part's none value, else the value."""
        return None if value == self.none else value

    def describe(self) -> dict[str, Any]:
        """Return the part's declaration as a JSON-ready dict (``name``, ``size``, ``type``, ``none``,
        ``values``)."""
        return {
            "name": self.name,
            "size": self.size,
            "type": self.type,
            "none": self.none,
            "values": None if self.values is None else list(self.values),
        }


@dataclass(frozen=True, slots=True)
class Action:
    """One action: a stable integer id, its structured meaning and a label a person understands.

    Two actions are equal when their ids are equal; the label is presentation only.

    Attributes:
        id: the action's integer id in its game's :class:`ActionSpace`.
        kind: the kind of action, for example ``"cast"``.
        args: the kind's integer arguments, one per part, in the parts' order.
        label: a human-readable description, for example ``"cast Breeze on die 3"``.
        schema: the kind's :class:`Part` declarations (empty for an action built by hand).
    """

    id: int
    kind: str = field(compare=False)
    args: tuple[int, ...] = field(compare=False)
    label: str = field(default="", compare=False)
    schema: tuple[Part, ...] = field(default=(), compare=False, repr=False)

    def __str__(self) -> str:
        return self.label or f"{self.kind}{list(self.args)}"

    @property
    def parts(self) -> dict[str, int | None]:
        """The named parts: ``{"spell": 11, "die": 2, "face": None, ...}`` (``None`` for a part's none
        value). An action built without a schema names its arguments ``arg0``, ``arg1``..."""
        if not self.schema:
            return {f"arg{i}": a for i, a in enumerate(self.args)}
        return {p.name: p.show(a) for p, a in zip(self.schema, self.args, strict=True)}

    def part(self, name: str) -> int | None:
        """Return one part's value (``None`` for its none value).

        Raises:
            KeyError: the kind has no part of that name (the message lists those it has).
        """
        for p, a in zip(self.schema, self.args, strict=True):
            if p.name == name:
                return p.show(a)
        raise KeyError(f"{self.kind} has no part {name!r}; its parts: {', '.join(self.parts) or 'none'}")

    def to_json(self) -> dict[str, Any]:
        """Return the JSON form: ``{"id", "kind", "parts", "label"}``, which
        :meth:`ActionSpace.from_json` reads back."""
        return {"id": self.id, "kind": self.kind, "parts": self.parts, "label": str(self)}

    def notation(self) -> str:
        """Return the one-line text form that :meth:`ActionSpace.parse` reads back, for example
        ``"cast spell=11 die=2 seat=1"`` (parts that are ``None`` are left out)."""
        words = [self.kind]
        words += [f"{name}={value}" for name, value in self.parts.items() if value is not None]
        return " ".join(words)


def _part_of(spec: Part | int, index: int) -> Part:
    return spec if isinstance(spec, Part) else Part(f"arg{index}", int(spec))


def rebuild(cls: type[Any], values: dict[str, Any]) -> Any:
    """Return ``cls(**values)``: how :func:`pickle_by_fields` has pickle and copy remake a value."""
    return cls(**values)


def reduce_by_fields(value: Any) -> tuple[Any, ...]:
    """Return pickle's recipe for the frozen dataclass instance ``value``: its constructor
    (:func:`rebuild`) called with its fields (the ``__reduce__`` of :func:`pickle_by_fields` and of
    flow steps, ``elementa.core.flow.Step``)."""
    return rebuild, (type(value), {f.name: getattr(value, f.name) for f in fields(value)})


def pickle_by_fields(cls: type[Any]) -> None:
    """Have pickle and copy remake instances of the frozen dataclass ``cls`` through its constructor
    (:func:`rebuild`), from its fields.

    In the compiled build (``setup.py``) a frozen dataclass would otherwise unpickle through the
    default ``__setstate__`` of compiled classes, which sets each field as an attribute, and its
    frozen ``__setattr__`` refuses (``FrozenInstanceError``). The pure build gets equal values
    either way.
    """
    copyreg.pickle(cls, reduce_by_fields)


pickle_by_fields(Part)
pickle_by_fields(Action)


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class ActionSpace:
    """A fixed numbering of every action of a game: kinds, each with mixed-radix named parts.

    Args:
        kinds: ``(kind, parts)`` pairs in a fixed order; each part is a :class:`Part` (or, for a quick
            toy game, a bare radix, named ``arg0``, ``arg1``...), and part ``i`` of that kind lies in
            ``range(parts[i].size)``.

    Raises:
        ValueError: a kind declared twice, or two parts of one kind with one name.

    Example:
        >>> space = ActionSpace([("pass", ()), ("roll", (Part("face", 6),))])
        >>> space.encode("roll", 3)
        4
        >>> space.decode(4)
        ('roll', (3,))
        >>> space.parse("roll face=3")
        ('roll', (3,))
    """

    MEMO_LIMIT = 100_000
    """The most actions :meth:`make` keeps built at once."""

    def __init__(self, kinds: Sequence[tuple[str, Sequence[Part | int]]]) -> None:
        self._offsets: dict[str, int] = {}
        self._radices: dict[str, tuple[int, ...]] = {}
        self._parts: dict[str, tuple[Part, ...]] = {}
        self._order: list[tuple[int, str]] = []
        offset = 0
        for kind, specs in kinds:
            if kind in self._offsets:
                raise ValueError(f"duplicate action kind {kind!r}")
            parts = tuple(_part_of(s, i) for i, s in enumerate(specs))
            names = [p.name for p in parts]
            if len(set(names)) != len(names):
                raise ValueError(f"action kind {kind!r} names a part twice: {names}")
            self._offsets[kind] = offset
            self._parts[kind] = parts
            self._radices[kind] = tuple(p.size for p in parts)
            self._order.append((offset, kind))
            size = 1
            for p in parts:
                size *= p.size
            offset += size
        self.size = offset
        """The number of distinct action ids."""
        self._memo: dict[tuple[str, tuple[int, ...], str], Action] = {}

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds, in the order their ids run."""
        return tuple(kind for _, kind in self._order)

    def parts(self, kind: str) -> tuple[Part, ...]:
        """Return a kind's part declarations, in argument order.

        Raises:
            ValueError: an unknown kind.
        """
        parts = self._parts.get(kind)
        if parts is None:
            raise ValueError(f"unknown action kind {kind!r}; kinds: {', '.join(self._parts)}")
        return parts

    def describe(self) -> dict[str, list[dict[str, Any]]]:
        """Return every kind's parts as JSON-ready dicts (see :meth:`Part.describe`), in id order."""
        return {kind: [p.describe() for p in self._parts[kind]] for _, kind in self._order}

    def encode(self, kind: str, *args: int) -> int:
        """Return the id of ``kind(*args)``.

        Raises:
            ValueError: an unknown kind, a wrong number of arguments or one out of range.
        """
        radices = self._radices.get(kind)
        if radices is None:
            raise ValueError(f"unknown action kind {kind!r}; kinds: {', '.join(self._radices)}")
        if len(args) != len(radices):
            raise ValueError(f"{kind} takes {len(radices)} arguments, got {len(args)}")
        code = 0
        for a, r in zip(args, radices, strict=True):
            if not 0 <= a < r:
                raise ValueError(f"argument {a} of {kind} outside range({r})")
            code = code * r + a
        return self._offsets[kind] + code

    def decode(self, action_id: int) -> tuple[str, tuple[int, ...]]:
        """Return ``(kind, args)`` for an id.

        Raises:
            ValueError: the id lies outside ``range(size)``.
        """
        if not 0 <= action_id < self.size:
            raise ValueError(f"action id {action_id} outside range({self.size})")
        kind = ""
        offset = 0
        for off, k in self._order:
            if off > action_id:
                break
            offset, kind = off, k
        code = action_id - offset
        args: list[int] = []
        for r in reversed(self._radices[kind]):
            args.append(code % r)
            code //= r
        return kind, tuple(reversed(args))

    def make(self, kind: str, *args: int, label: str = "") -> Action:
        """Return the :class:`Action` ``kind(*args)`` with a label.

        Actions are immutable, so each distinct ``(kind, args, label)`` is built once and then
        shared: listing legal actions, which search does millions of times, costs a dictionary
        lookup per action. The memo is cleared when it outgrows :attr:`MEMO_LIMIT` entries.

        Raises:
            ValueError: as :meth:`encode`.
        """
        key = (kind, args, label)
        action = self._memo.get(key)
        if action is None:
            if len(self._memo) >= self.MEMO_LIMIT:
                self._memo.clear()
            action = self._memo[key] = Action(
                self.encode(kind, *args), kind, tuple(args), label, self._parts[kind]
            )
        return action

    # ------------------------------------------------------------------------- parts -> arguments
    def args_from_parts(self, kind: str, parts: Mapping[str, object]) -> tuple[int, ...]:
        """Return a kind's arguments from named parts, as :meth:`Action.parts` gives them.

        A part left out, or given as ``None``, takes the part's none value. A value is an ``int``
        (``bool`` refused) or, for a part whose values are named, the name (case is ignored).

        Raises:
            ValueError: an unknown kind or part name, a value of the wrong type or out of range, or a
                part left out that has no none value; the message names the part and the fix.
        """
        declared = self.parts(kind)
        known = {p.name for p in declared}
        for name in parts:
            if name not in known:
                raise ValueError(
                    f"{kind} has no part {name!r}; its parts: {', '.join(sorted(known)) or 'none'}"
                )
        return tuple(self._value(kind, p, parts.get(p.name)) for p in declared)

    @staticmethod
    def _value(kind: str, part: Part, value: object) -> int:
        if value is None:
            if part.none is None:
                raise ValueError(f"{kind} needs its part {part.name!r} (0..{part.size - 1})")
            return part.none
        if isinstance(value, str) and part.values is not None:
            wanted = value.strip().lower()
            for i, name in enumerate(part.values):
                if name.lower() == wanted:
                    return i
        if not isinstance(value, int) or isinstance(value, bool):
            named = "" if part.values is None else " or one of its names"
            raise ValueError(f"{kind}'s part {part.name!r} is {value!r}; give an integer{named}")
        if not 0 <= value < part.size:
            raise ValueError(f"{kind}'s part {part.name}={value} lies outside 0..{part.size - 1}")
        return value

    def from_json(self, data: object) -> tuple[str, tuple[int, ...]]:
        """Read an action's JSON form back: ``{"kind": ..., "parts": {...}}`` (as :meth:`Action.to_json`
        writes it; ``id`` and ``label`` are ignored), or ``{"id": n}`` alone.

        Returns:
            ``(kind, args)``; :meth:`encode` gives the id.

        Raises:
            ValueError: not such an object, or as :meth:`args_from_parts`.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"an action is a JSON object with a kind and parts, not {type(data).__name__}")
        if "kind" not in data:
            action_id = data.get("id")
            if isinstance(action_id, int) and not isinstance(action_id, bool):
                return self.decode(action_id)
            raise ValueError('an action object needs "kind" (and "parts"), or an integer "id"')
        kind, parts = data["kind"], data.get("parts", {})
        if not isinstance(kind, str):
            raise ValueError(f'an action\'s "kind" is a string, not {kind!r}')
        if not isinstance(parts, Mapping):
            raise ValueError(f'an action\'s "parts" is an object of names and values, not {parts!r}')
        return kind, self.args_from_parts(kind, parts)

    def parse(self, text: str) -> tuple[str, tuple[int, ...]]:
        """Read an action's notation back (see :meth:`Action.notation`): ``"cast spell=11 die=2"``.

        Returns:
            ``(kind, args)``.

        Raises:
            ValueError: an empty or malformed text (a word without ``=``, unbalanced quotes), or as
                :meth:`args_from_parts`.
        """
        try:
            words = shlex.split(text)
        except ValueError as e:
            raise ValueError(f"cannot read action {text!r}: {e}") from None
        if not words:
            raise ValueError("an empty action: write the kind, then name=value for each part")
        kind, parts = words[0], {}
        for word in words[1:]:
            name, eq, value = word.partition("=")
            if not eq or not name:
                raise ValueError(f"cannot read {word!r} in {text!r}: write each part as name=value")
            if name in parts:
                raise ValueError(f"{text!r} gives the part {name!r} twice")
            parts[name] = int(value) if value.lstrip("-").isdigit() else value
        return kind, self.args_from_parts(kind, parts)
