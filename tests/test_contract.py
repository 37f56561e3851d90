"""The game contract holds at the interfaces: no interface parses action labels.

Interfaces (``cli``, ``server``, ``lab``, ``adapters``, and the tutorial engine they share) read an
action's kind and named parts, its JSON form or the typed events (docs/architecture.md, "The game
contract"); a label is words for people, and code that reads it with a regular expression misreads
it as soon as the words change. This check fails on:

- Python: in a function that reads ``<something>.label``, a call to the ``re`` module or to a
  pattern's ``match``/``search``/``fullmatch``/``findall``/``finditer``/``sub``/``split``;
- JavaScript: a line that mentions ``label`` and builds or applies a regular expression
  (``RegExp``, ``.test(``, ``.match(``, ``.search(``, ``.replace(/``, ``.split(/``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "elementa"
INTERFACES = ("cli", "server", "lab", "adapters", "tutorials.py")
PATTERN_METHODS = {"match", "search", "fullmatch", "findall", "finditer", "sub", "split"}
JS_REGEX = re.compile(r"RegExp|\.test\(|\.match\(|\.search\(|\.replace\(/|\.split\(/")


def _reads_label(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == "label" for n in ast.walk(node))


def _is_regex_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    owner = node.func.value
    if isinstance(owner, ast.Name) and owner.id == "re":
        return True
    # a compiled pattern kept in a module constant (_PLACE.match(text)) or an attribute (entry[1].match)
    named = isinstance(owner, ast.Name) and owner.id.lstrip("_").isupper()
    return node.func.attr in PATTERN_METHODS and (named or isinstance(owner, ast.Subscript))


def python_offences(source: str, name: str = "<source>") -> list[str]:
    """Return ``"name:line"`` for each regular expression applied in a function that reads a label."""
    tree = ast.parse(source)
    found = []
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) and _reads_label(fn):
            found += [f"{name}:{n.lineno}" for n in ast.walk(fn) if _is_regex_call(n)]
    return sorted(set(found))


def js_offences(source: str, name: str = "<source>") -> list[str]:
    """Return ``"name:line"`` for each line that applies a regular expression near a label."""
    return [
        f"{name}:{i}"
        for i, line in enumerate(source.splitlines(), 1)
        if "label" in line and JS_REGEX.search(line)
    ]


def interface_offences() -> list[str]:
    found = []
    for name in INTERFACES:
        top = SRC / name
        for path in [top] if top.is_file() else sorted(top.rglob("*")):
            rel = str(path.relative_to(SRC))
            if path.suffix == ".py":
                found += python_offences(path.read_text(encoding="utf-8"), rel)
            elif path.suffix == ".js":
                found += js_offences(path.read_text(encoding="utf-8"), rel)
    return found


def test_no_interface_parses_action_labels() -> None:
    assert interface_offences() == [], "read action.kind and action.parts (or events), not the label"


@pytest.mark.parametrize(
    "source",
    [
        "import re\ndef f(a):\n    return re.match('cast (.+)', a.label)\n",
        "_CAST = None\ndef f(a):\n    text = a.label\n    return _CAST.match(text)\n",
        "def f(a, uses):\n    return uses[a.kind][1].search(a.label)\n",
    ],
)
def test_the_check_catches_label_parsing_in_python(source: str) -> None:
    assert len(python_offences(source)) == 1


def test_the_check_lets_parts_and_other_regular_expressions_be() -> None:
    fine = (
        "import re\nKEY = re.compile('x')\n"
        "def f(a):\n    return a.part('card'), a.label\n"
        "def g(t):\n    return KEY.match(t)\n"
    )
    assert python_offences(fine) == []


@pytest.mark.parametrize(
    "line",
    [
        "const found = legal.filter((a) => new RegExp(word).test(a.label));",
        "const n = a.label.match(/die (\\d)/);",
        "a.label.replace(/ \\(.*\\)/, '')",
    ],
)
def test_the_check_catches_label_parsing_in_javascript(line: str) -> None:
    assert js_offences(f"// a board\n{line}\n") == ["<source>:2"]
