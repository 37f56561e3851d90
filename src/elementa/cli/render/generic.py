"""A readable rendering of any observation dict: a tree of its keys, tables for lists of records."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

INLINE_KEYS = 8
"""A dict of scalars with at most this many keys is shown on one line."""
LONG_LINE = 60
"""A list of scalars longer than this many characters is shown one item per line."""
TABLE_COLUMNS = 6
"""A list of flat dicts with at most this many distinct keys is shown as a table."""


def render(observation: Mapping[str, Any], player: int | None) -> RenderableType:
    """Return a Rich tree of an observation.

    ``None`` values show as ``?`` (observations use them for what the viewer cannot see), booleans as
    yes/no; lists of scalars and small dicts of scalars stay on one line, and lists of flat dicts with
    few keys become tables.

    Args:
        observation: a JSON-like dict.
        player: the viewer's seat (0-based), or ``None`` for a spectator (names the tree's root).
    """
    title = "spectator view" if player is None else f"view of player {player + 1}"
    tree = Tree(Text(title, style="bold"))
    _add_mapping(tree, observation)
    return tree


def _scalar(value: Any) -> str:
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, Mapping | list | tuple)


def _is_flat(value: Any) -> bool:
    """Whether a value fits on one line: a scalar, a list of scalars, or a small dict of scalars."""
    if isinstance(value, list | tuple):
        return all(_is_scalar(v) for v in value)
    if isinstance(value, Mapping):
        return len(value) <= INLINE_KEYS and all(_is_scalar(v) for v in value.values())
    return True


def _inline(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_scalar(v)}" for k, v in value.items()) + "}"
    return _scalar(value)


def _fits_table(row: Mapping[str, Any]) -> bool:
    return all(_is_scalar(v) or (isinstance(v, list | tuple) and _is_flat(v)) for v in row.values())


def _columns(rows: list[Mapping[str, Any]]) -> list[str]:
    columns: list[str] = []
    for row in rows:
        columns += [str(k) for k in row if k not in columns]
    return columns


def _records_table(rows: list[Mapping[str, Any]]) -> Table:
    columns = _columns(rows)
    table = Table("#", *columns, show_edge=False, pad_edge=False)
    for i, row in enumerate(rows, 1):
        table.add_row(str(i), *(_inline(row.get(c)) for c in columns))
    return table


def _add_value(tree: Tree, key: str, value: Any) -> None:
    label = Text(key, style="cyan")
    if isinstance(value, list | tuple) and _is_flat(value) and len(_inline(value)) > LONG_LINE:
        branch = tree.add(label)
        for item in value:
            branch.add(Text(_scalar(item)))
    elif _is_flat(value):
        tree.add(Text.assemble(label, ": ", _inline(value)))
    elif isinstance(value, Mapping):
        _add_mapping(tree.add(label), value)
    elif (
        all(isinstance(v, Mapping) and _fits_table(v) for v in value)
        and len(_columns(value)) <= TABLE_COLUMNS
    ):
        tree.add(Group(label, _records_table(list(value))))
    else:
        branch = tree.add(label)
        for i, item in enumerate(value, 1):
            _add_value(branch, str(i), item)


def _add_mapping(tree: Tree, mapping: Mapping[str, Any]) -> None:
    for key, value in mapping.items():
        _add_value(tree, str(key), value)
