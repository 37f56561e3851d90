"""Menus of the terminal client: long choices in two steps, unique entry texts, compact event logs.

Everything here works on public :class:`~elementa.core.Action` fields (label, kind, args) and on log
lines; what is particular to a game comes from optional hooks of its renderer module
(``elementa/cli/render/<game>.py``):

- ``menu_group(action) -> (group, entry) | None``: the first step an action belongs to (for example
  ``"move a coin from Attack 1"``) and its text inside that group (``"a penny to Defense 1"``);
  ``None`` keeps the action at the top level (presets, passes).
- ``option_notes(observation, options) -> list[str]``: lines printed above a menu (what the spells
  on offer do, what a roll scores).
- ``narrate(events, after, action) -> list[str]``: what ``action`` moved, in words (Mana moved,
  scores), from the typed events the viewer was shown for it and its observation after; printed
  under the action's log line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from elementa.core import Action

GROUP_THRESHOLD = 16
"""Menus with more options than this are shown in two steps when the game groups its actions."""

COLUMNS_FROM = 12
"""Menus with more entries than this are printed in columns (read down), to keep the board on screen."""

Grouper = Callable[[Action], "tuple[str, str] | None"]


@dataclass
class Entry:
    """One numbered line of a menu: an action, or a group opening a second menu.

    Attributes:
        text: what the line reads.
        action: the action it takes, or ``None`` for a group.
        members: a group's own menu (its entries read without the group's words).
    """

    text: str
    action: Action | None = None
    members: list[Entry] = field(default_factory=list)


def unique_texts(texts: Sequence[str]) -> list[str]:
    """Return the texts with repeats told apart: the second ``"x"`` reads ``"x (another one)"``, then
    ``"x (a third one)"``, ``"x (copy 4)"``...

    Args:
        texts: the entry texts in menu order.

    Returns:
        As many texts, no two equal (compared without case).
    """
    seen: dict[str, int] = {}
    taken = {t.lower() for t in texts}
    out = []
    for text in texts:
        k = seen.get(text.lower(), 0) + 1
        seen[text.lower()] = k
        if k == 1:
            out.append(text)
            continue
        n = k
        while True:
            mark = {2: "another one", 3: "a third one"}.get(n, f"copy {n}")
            candidate = f"{text} ({mark})"
            if candidate.lower() not in taken:
                break
            n += 1
        taken.add(candidate.lower())
        out.append(candidate)
    return out


def build_menu(
    options: Sequence[Action], grouper: Grouper | None = None, threshold: int = GROUP_THRESHOLD
) -> list[Entry]:
    """Return the top-level entries of a menu of actions.

    Up to ``threshold`` options, or without a ``grouper``, every action is one entry. Above
    it, the actions the grouper leaves ungrouped come first, in their order, then one entry per group
    (in order of first appearance) reading ``"<group> ... (N choices)"``; a group of one action is
    shown as that action. Entry texts are unique (see :func:`unique_texts`).

    Args:
        options: the legal actions, in the game's order.
        grouper: the game's ``menu_group`` hook, or ``None``.
        threshold: the most options shown in one step (:data:`GROUP_THRESHOLD`; the terminal asks
            for fewer where the screen would not hold the board and the menu).
    """
    flat = _entries([(str(a), a) for a in options])
    if grouper is None or len(options) <= threshold:
        return flat
    top: list[tuple[str, Action | None]] = []
    groups: dict[str, list[tuple[str, Action]]] = {}
    for a in options:
        where = grouper(a)
        if where is None:
            top.append((str(a), a))
            continue
        group, text = where
        if group not in groups:
            groups[group] = []
            top.append((group, None))
        groups[group].append((text, a))
    entries = []
    for text, single in top:
        if single is not None:
            entries.append(Entry(text, single))
        elif len(groups[text]) == 1:
            member = groups[text][0][1]
            entries.append(Entry(str(member), member))
        else:
            members = _entries(groups[text])
            entries.append(Entry(f"{text} ... ({len(members)} choices)", None, members))
    return _entries([(e.text, e) for e in entries])


def _entries(items: Iterable[tuple[str, Action | Entry]]) -> list[Entry]:
    items = list(items)
    texts = unique_texts([t for t, _ in items])
    out = []
    for text, item in zip(texts, items, strict=True):
        if isinstance(item[1], Entry):
            out.append(Entry(text, item[1].action, item[1].members))
        else:
            out.append(Entry(text, item[1]))
    return out


def find_by_text(entries: Sequence[Entry], line: str) -> Entry | None:
    """Return the entry (at any depth) whose text or action label is ``line`` (case ignored)."""
    wanted = line.strip().lower()
    for e in entries:
        if e.text.lower() == wanted or (e.action is not None and str(e.action).lower() == wanted):
            return e
    for e in entries:
        found = find_by_text(e.members, line)
        if found is not None:
            return found
    return None


class Navigator:
    """Where a person is in a menu of actions: the first step, or inside one group.

    Args:
        options: the legal actions, in the game's order.
        grouper: the game's ``menu_group`` hook, or ``None`` (see :func:`build_menu`).
        threshold: the most options shown in one step (see :func:`build_menu`).

    Attributes:
        top: the first step's entries.
        entries: the entries shown now (``top``, or an opened group's members).
        group: the opened group's text, or ``None`` at the first step.
    """

    def __init__(
        self, options: Sequence[Action], grouper: Grouper | None = None, threshold: int = GROUP_THRESHOLD
    ) -> None:
        self.top = build_menu(options, grouper, threshold)
        self.entries = self.top
        self.group: str | None = None

    def choices(self) -> str:
        """What the prompt offers, for example ``"1-12"`` or ``"1-3, back"`` inside a group."""
        return f"1-{len(self.entries)}" + (", back" if self.group is not None else "")

    def answer(self, line: str) -> Action | str | None:
        """Take a typed line: a number, ``back`` (or ``0``) inside a group, or an entry's text or an
        action's label at either step.

        Returns:
            The action picked; ``None`` when the menu changed (a group opened, or back to the first
            step: show :attr:`entries` again); or a message saying why the line was not understood.
        """
        n = len(self.entries)
        if line.isdigit() and line != "0":
            if not 1 <= int(line) <= n:
                return f"there is no option {line}: type a number from 1 to {n}"
            return self._enter(self.entries[int(line) - 1])
        if line.lower() in ("back", "0") and self.group is not None:
            self.entries, self.group = self.top, None
            return None
        found = find_by_text(self.entries, line) or find_by_text(self.top, line)
        if found is None:
            return f"not understood: {line!r}; type a number from 1 to {n}, or 'help'"
        return self._enter(found)

    def _enter(self, entry: Entry) -> Action | None:
        if entry.action is not None:
            return entry.action
        self.entries, self.group = entry.members, entry.text
        return None


def compact_log(lines: Sequence[str], who: str = "chance:") -> list[str]:
    """Merge each run of consecutive chance lines into one line, and consecutive lines saying the
    same of different players (``"player 2: passes"``, ``"player 3: passes"`` become ``"player 2,
    player 3: passes"``); a line repeated reads once with its count (``"player 2 has chosen (×3)"``).

    ``"chance: player 1 draws A"``, ``"chance: player 1 draws B"`` become ``"chance: player 1 draws A,
    B"`` (the words the lines share are said once); lines with nothing in common are joined with
    ``" · "``: ``"chance: Sun die rolls Fire · die 1 rolls Sun"``.

    Args:
        lines: log lines in order.
        who: the prefix of a chance line (compared without case).

    Returns:
        The lines, runs merged.
    """
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if len(run) == 1:
            out.append(run[0])
        elif run:
            prefix = run[0][: len(who)]
            items = [r[len(who) :].strip() for r in run]
            out.append(f"{prefix} {_merge(items)}")
        run.clear()

    for line in lines:
        if line.lower().startswith(who.lower()):
            run.append(line)
            continue
        flush()
        if out and (out[-1] == line or out[-1].startswith(f"{line} (×")):
            count = int(out[-1][len(line) + 3 : -1]) if out[-1] != line else 1
            out[-1] = f"{line} (×{count + 1})"
            continue
        subject, colon, rest = line.partition(": ")
        mine = subject == "you" or out[-1].startswith("you:") if out else True
        if colon and not mine and out[-1].endswith(f": {rest}") and ": " not in subject:
            out[-1] = f"{out[-1][: -len(rest) - 2]}, {subject}: {rest}"
        else:
            out.append(line)
    flush()
    return out


def _merge(items: Sequence[str]) -> str:
    """Join chance events: runs sharing their first words (two at least) say them once, repeats
    count (``"player 2 draws a card ×3"``); three or more events sharing a verb say it once (``"Sun
    die rolls Fire, die 1 Sun, die 2 Air"``); the rest are separated by ``" · "``."""
    parts: list[str] = []
    i = 0
    while i < len(items):
        j, k = i + 1, 0
        while j < len(items):
            shared = _shared_words(items[i : j + 1])
            if shared < 2:
                break
            j, k = j + 1, shared
        run = items[i:j]
        if len(run) == 1:
            parts.append(run[0])
        elif len(set(run)) == 1:
            parts.append(f"{run[0]} ×{len(run)}")
        else:
            head = " ".join(run[0].split(" ")[:k])
            parts.append(head + " " + ", ".join(" ".join(r.split(" ")[k:]) for r in run))
        i = j
    verb = _shared_verb(parts) if len(parts) > 2 else None
    if verb is not None:  # "Sun die rolls Fire, die 1 Sun, die 2 Air": the verb said once
        return ", ".join([parts[0], *(part.replace(f" {verb} ", " ", 1) for part in parts[1:])])
    return " · ".join(parts)


def _shared_verb(items: Sequence[str]) -> str | None:
    """The one word (not the first) that every item holds exactly once, between a subject and an
    object of its own, or ``None``."""
    for word in items[0].split(" ")[1:-1]:
        inside = [i.split(" ")[1:-1] for i in items]  # neither the first word nor the last
        if all(
            w.count(word) == 1 and i.split(" ").count(word) == 1 for w, i in zip(inside, items, strict=True)
        ):
            return word
    return None


def _shared_words(items: Sequence[str]) -> int:
    """The number of leading words all items share, leaving each at least one word of its own (or
    all of them, when the items are equal)."""
    words = [i.split(" ") for i in items]
    if len(set(items)) == 1:
        return len(words[0])
    k = 0
    while all(len(w) > k + 1 for w in words) and len({w[k] for w in words}) == 1:
        k += 1
    return k


def attach(line: str, outcomes: Sequence[str]) -> list[str]:
    """Return an action's log line with what it changed: an outcome about the one who acted is added
    to the line after an arrow (``"player 2: stop and bank the Channel → player 2 banks 3 Water"``),
    the others follow as lines of their own (a score that a pass let happen is not the passer's).

    Args:
        line: the action's log line, ``"<who>: <what>"``.
        outcomes: the game's narration of the action, in order.
    """
    who = line.partition(": ")[0].lower()
    mine = [o for o in outcomes if o.lower().startswith(who + " ")]
    return [" → ".join([line, *mine]), *(o for o in outcomes if o not in mine)]


def hand_of(observation: Mapping[str, Any]) -> list[str]:
    """Return the names of the cards in the viewer's hand: the observation's ``hand``, or its own
    entry's ``hand`` in ``players`` (names, or cards with a ``name``); empty for a game without hands."""
    hand = observation.get("hand")
    viewer, players = observation.get("viewer"), observation.get("players")
    if hand is None and isinstance(viewer, int) and isinstance(players, list) and viewer < len(players):
        own = players[viewer]
        hand = own.get("hand") if isinstance(own, Mapping) else None
    if not isinstance(hand, list):
        return []
    names = [c.get("name") if isinstance(c, Mapping) else c for c in hand]
    return list(dict.fromkeys(str(n) for n in names if n is not None))


def hook(module: Any, name: str) -> Any:
    """Return a renderer module's optional hook ``name``, or ``None``."""
    return getattr(module, name, None)


def notes(module: Any, observation: Mapping[str, Any], options: Sequence[Action]) -> list[str]:
    """Return the lines a game prints above a menu (its ``option_notes`` hook), or none."""
    fn = hook(module, "option_notes")
    return list(fn(observation, options)) if fn else []
