"""The optional compiled build (``setup.py``): pure unless asked, and what it compiles.

These checks run on the pure build; they need neither mypyc's output nor a C compiler.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.scripts import ROOT, load_script


@pytest.fixture(scope="module")
def setup_py() -> ModuleType:
    """``setup.py`` imported as a module (its ``setup()`` call runs only as a script)."""
    return load_script("setup.py", "elementa_setup_py")


@pytest.mark.parametrize("value", [None, "", "0", "no"])
def test_without_elementa_compile_the_build_is_pure(setup_py: ModuleType, value: str | None) -> None:
    environ = {} if value is None else {"ELEMENTA_COMPILE": value}
    assert setup_py.setup_arguments(environ, ["setup.py", "bdist_wheel"]) == {}
    assert setup_py.setup_arguments(environ, ["setup.py", "egg_info"]) == {}


def test_compiling_asks_for_mypy_and_the_dependencies_only_while_requirements_are_read(
    setup_py: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "mypyc.build", None)  # as in a build environment without mypy
    asked = setup_py.setup_arguments({"ELEMENTA_COMPILE": "1"}, ["setup.py", "egg_info"])
    requires = asked["setup_requires"]
    assert requires[0].startswith("mypy>=")
    assert any(r.startswith("pydantic") for r in requires)  # mypyc type-checks against them
    assert "ext_modules" not in asked
    with pytest.raises(SystemExit, match="needs mypy"):  # never a silently pure "compiled" build
        setup_py.setup_arguments({"ELEMENTA_COMPILE": "1"}, ["setup.py", "bdist_wheel"])


def test_the_compiled_sources_cover_the_core_and_every_game(setup_py: ModuleType) -> None:
    sources = setup_py.compiled_sources()
    assert all((ROOT / s).is_file() for s in sources)
    for package in setup_py.COMPILED_PACKAGES:
        assert any(s.startswith(f"src/{package}/") for s in sources), package
    for game in (ROOT / "src/elementa/games").iterdir():
        if (game / "__init__.py").is_file():
            assert f"src/elementa/games/{game.name}/state.py" in sources, game.name


def test_each_compiled_package_is_one_group(setup_py: ModuleType) -> None:
    sources = setup_py.compiled_sources()
    groups = setup_py.compiled_groups(sources)
    assert sorted(s for files, _ in groups for s in files) == sorted(sources)  # each source once
    names = [name for _, name in groups]
    assert len(set(names)) == len(names) == len(setup_py.COMPILED_PACKAGES) + len(setup_py.COMPILED_MODULES)
    for files, _ in groups:
        assert len({Path(f).parent for f in files}) == 1, files


def _classvar_in_dataclass(source: str) -> bool:
    """Whether a module defines a dataclass whose body declares a ``ClassVar``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list):
            for statement in node.body:
                if isinstance(statement, ast.AnnAssign) and "ClassVar" in ast.unparse(statement.annotation):
                    return True
    return False


def _dataclass_on_interpreted_base(source: str, interpreted: set[str]) -> bool:
    """Whether a module defines a dataclass whose base it imports from one of the modules
    ``interpreted`` (dotted names)."""
    tree = ast.parse(source)
    imported = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module in interpreted
        for alias in node.names
    }
    return any(
        isinstance(node, ast.ClassDef)
        and any("dataclass" in ast.unparse(d) for d in node.decorator_list)
        and any(ast.unparse(base) in imported for base in node.bases)
        for node in ast.walk(tree)
    )


def _left_out_for(source: str, interpreted: set[str]) -> bool:
    """Whether a module meets one of the mypyc bugs that ``NOT_COMPILED`` names."""
    return (
        "(BaseModel)" in source
        or "(View)" in source
        or ".__dict__[" in source
        or _classvar_in_dataclass(source)
        or _dataclass_on_interpreted_base(source, interpreted)
    )


def test_modules_left_interpreted_are_those_mypyc_miscompiles(setup_py: ModuleType) -> None:
    """mypyc fails on a subclass of pydantic's ``BaseModel``, on a dataclass with a ``ClassVar``, on
    a dataclass subclassing a class left interpreted, on an instance ``__dict__`` written to, and on
    the annotations ``View.from_json`` reads (see ``NOT_COMPILED``): every module that has one stays
    interpreted, and no other is left out."""
    interpreted = {module.removesuffix(".py").replace("/", ".") for module in setup_py.NOT_COMPILED}
    for module in setup_py.NOT_COMPILED:
        assert _left_out_for((ROOT / "src" / module).read_text(encoding="utf-8"), interpreted), module
    for source in setup_py.compiled_sources():
        assert not _left_out_for((ROOT / source).read_text(encoding="utf-8"), interpreted), source


def test_the_check_finds_a_dataclass_on_an_interpreted_base() -> None:
    source = "from a.steps import Step\n\n@dataclass(frozen=True)\nclass A(Step):\n    n: int\n"
    assert _dataclass_on_interpreted_base(source, {"a.steps"})
    assert not _dataclass_on_interpreted_base(source, {"a.other"})
    assert not _dataclass_on_interpreted_base(source.replace("@dataclass(frozen=True)\n", ""), {"a.steps"})


def test_the_check_finds_a_classvar_in_a_dataclass() -> None:
    dataclass_with = "@dataclass(frozen=True)\nclass A:\n    kind: ClassVar[str] = 'a'\n    n: int\n"
    plain_class_with = "class A:\n    kind: ClassVar[str] = 'a'\n"
    assert _classvar_in_dataclass(dataclass_with)
    assert not _classvar_in_dataclass(plain_class_with)
