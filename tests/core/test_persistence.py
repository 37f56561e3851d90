"""Save files: the round trip, and refusals that name the file and the field."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import elementa
from elementa import CHANCE, SaveFileError, State
from elementa.agents import RandomAgent
from elementa.core import persistence

BID0, BID2, KEEP = 6, 8, 9


def midgame() -> State:
    state = elementa.load_game("toy-dice", players=2, sides=4).new_initial_state(seed=11)
    state.apply_action(2)
    state.apply_action(3)
    state.apply_action(BID2, 1)
    return state


def record(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "elementa-save",
        "version": 2,
        "game": "toy-dice",
        "action_format": 1,
        "options": {"players": 2, "sides": 4},
        "seed": 11,
        "history": [[CHANCE, 2], [CHANCE, 3], [1, BID2]],
    }
    data.update(changes)
    return data


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def refusal(path: Path) -> SaveFileError:
    with pytest.raises(SaveFileError) as caught:
        elementa.load(path)
    assert caught.value.path == str(path)
    assert str(caught.value).startswith(f"{path}: ")
    return caught.value


def test_save_writes_the_documented_record(tmp_path: Path) -> None:
    path = elementa.save(midgame(), tmp_path / "game.json")
    assert json.loads(path.read_text(encoding="utf-8")) == record()


def test_load_gives_back_the_same_state(tmp_path: Path) -> None:
    state = midgame()
    loaded = elementa.load(elementa.save(state, tmp_path / "game.json"))
    assert loaded.history() == state.history()
    assert loaded.seed == 11
    assert loaded.game.options == state.game.options
    assert [loaded.observation(v) for v in (0, 1, None)] == [state.observation(v) for v in (0, 1, None)]
    assert str(loaded) == str(state)


def test_missing_file(tmp_path: Path) -> None:
    error = refusal(tmp_path / "nowhere.json")
    assert "cannot read" in str(error)


def test_not_json(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{not json", encoding="utf-8")
    assert "not JSON (Expecting property name enclosed in double quotes at line 1)" in str(refusal(path))


def test_cannot_write(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot write"):
        elementa.save(midgame(), tmp_path)  # a directory


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (record(seed="eleven"), "seed"),
        (record(version=3), "version"),
        (record(version=0), "version"),
        (record(action_format=None), "action_format"),
        (record(version=1), "action_format"),  # version 1 had no action formats
        (record(action_format=2), "action_format"),  # toy-dice has only format 1
        (record(format="chess-pgn"), "format"),
        (record(gaem="toy-dice"), "gaem"),
        ({k: v for k, v in record().items() if k != "game"}, "game"),
        (record(history=[[CHANCE]]), "history[0]"),
        (record(history="none"), "history"),
        (record(options={"players": 9}), "options.players"),
        (record(options={"colour": "red"}), "options.colour"),
        ([1, 2, 3], None),
    ],
)
def test_wrong_fields_are_named(tmp_path: Path, data: Any, field: str | None) -> None:
    error = refusal(write(tmp_path, data))
    assert error.field == field
    if field:
        assert f"field {field!r}: " in str(error)


def test_unknown_game_names_the_game_field(tmp_path: Path) -> None:
    error = refusal(write(tmp_path, record(game="chess")))
    assert error.field == "game"
    assert "unknown game 'chess'; available games: " in str(error)


@pytest.mark.parametrize(
    ("history", "index"),
    [
        ([[CHANCE, 2], [CHANCE, 3], [1, BID2], [1, BID0]], 3),  # seat 2 bids twice
        ([[CHANCE, 2], [CHANCE, 99]], 1),  # no such action
        ([[0, 2]], 0),  # a seat at a chance node
        ([[CHANCE, 2], [CHANCE, 3], [0, BID0], [1, BID0], [1, KEEP]], 4),  # out of turn
    ],
)
def test_a_history_entry_that_does_not_replay_is_named(
    tmp_path: Path, history: list[Any], index: int
) -> None:
    error = refusal(write(tmp_path, record(history=history)))
    assert error.field == f"history[{index}]"
    assert f"field 'history[{index}]': does not replay: illegal action" in str(error)


def test_a_seat_move_recorded_as_chance_does_not_replay(tmp_path: Path) -> None:
    history = [[CHANCE, 2], [CHANCE, 3], [0, BID0], [1, BID0], [CHANCE, KEEP]]
    error = refusal(write(tmp_path, record(history=history)))
    assert error.field == "history[4]"


def test_a_save_can_record_who_played_each_seat(tmp_path: Path) -> None:
    path = elementa.save(midgame(), tmp_path / "game.json", agents=["hard:iterations=50", None])
    assert json.loads(path.read_text(encoding="utf-8")) == record(agents=["hard:iterations=50", None])
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # the temporary file was moved over it
    saved = elementa.core.load_saved(path)
    assert saved.agents == ["hard:iterations=50", None]
    assert saved.state.history() == midgame().history()
    assert elementa.core.load_saved(write(tmp_path, record())).agents is None  # an older save


def test_agents_that_do_not_fit_the_players_are_refused(tmp_path: Path) -> None:
    error = refusal(write(tmp_path, record(agents=["random", None, "random"])))
    assert error.field == "agents" and "lists 3 seats for a game of 2 players" in str(error)
    assert refusal(write(tmp_path, record(agents="random"))).field == "agents"


FIXTURES = Path(__file__).parent.parent / "fixtures"


def test_a_later_version_is_refused_with_the_fix(tmp_path: Path) -> None:
    for data, field in ((record(version=3), "version"), (record(action_format=2), "action_format")):
        error = refusal(write(tmp_path, data))
        assert error.field == field
        assert "was written by a newer Elementa; upgrade Elementa (pip install -U elementa)" in str(error)


def test_a_version_1_save_of_a_game_that_kept_its_ids_loads(tmp_path: Path) -> None:
    data = {k: v for k, v in record(version=1).items() if k != "action_format"}
    assert elementa.load(write(tmp_path, data)).history() == midgame().history()


def seat_names_of_today(value: Any) -> Any:
    """Return a fixture's observation with the seats named in its texts as texts name them today:
    Elemental Warriors II's ``"P2"`` reads ``"player 2"`` (one name per seat in every game's texts)."""
    if isinstance(value, str):
        return re.sub(r"\bP(\d)\b", r"player \1", value)
    if isinstance(value, list):
        return [seat_names_of_today(v) for v in value]
    if isinstance(value, dict):
        return {k: seat_names_of_today(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("v1_*.json")), ids=lambda p: p.stem)
def test_version_1_saves_load_show_what_they_showed_and_play_on(path: Path) -> None:
    """Each fixture is a version-1 save (seeded random play stopped mid-game; ElementaliS after Mana
    choices of set-up, Flux Tap, scoring and gifts, stopped at a Mana choice) with what the code of
    its time showed at its end. Only ``mana_choice`` (ElementaliS' colour-by-colour choice) is new,
    and the seats' names in texts (:func:`seat_names_of_today`): saves hold action ids, not texts."""
    fixture = json.loads(path.read_text(encoding="utf-8"))
    assert fixture["save"]["version"] == 1 and "action_format" not in fixture["save"]
    state = persistence.from_dict(fixture["save"])
    assert state.current_player() == fixture["current_player"]
    assert state.returns() == fixture["returns"]
    n = state.game.num_players
    for viewer in [*range(n), None]:
        shown = json.loads(json.dumps(state.observation(viewer)))
        shown.pop("mana_choice", None)
        assert shown == seat_names_of_today(fixture["observations"][str(viewer)]), viewer
    again = persistence.from_dict(persistence.to_dict(state))
    assert again.history() == state.history()  # saved again as version 2, it loads as it is
    agents = [RandomAgent(p, seed=1) for p in range(n)]
    assert elementa.play_game(state.game, agents, state=state).is_terminal()


def test_an_old_elementalis_history_that_does_not_upgrade_is_refused(tmp_path: Path) -> None:
    """A version-1 ElementaliS save whose Mana vector was not an option, or whose id is past the old
    action space, is refused naming ``history`` (the upgrade replays it), never loaded half-read."""
    from elementa.games.elementalis.game import make_action_space

    save = json.loads((FIXTURES / "v1_elementalis.json").read_text(encoding="utf-8"))["save"]
    old, history = make_action_space(1), save["history"]
    i = next(i for i, (_, a) in enumerate(history) if old.decode(a)[0] == "mana")
    for bad, why in ((old.encode("mana", 49, 49, 49, 49), "is not among the legal actions"),
                     (old.size + 5, "outside range")):  # fmt: skip
        changed = [*history[:i], [history[i][0], bad], *history[i + 1 :]]
        error = refusal(write(tmp_path, {**save, "history": changed}))
        assert error.field == "history" and "cannot read action format 1" in str(error) and why in str(error)


def test_an_option_missing_from_an_older_save_takes_the_game_s_legacy_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save holds every option its game had; one added later reads as ``Game.legacy_options`` says
    (the rules the save was played under), a new game as its default."""
    from tests.support.toy import ToyGame

    monkeypatch.setattr(ToyGame, "legacy_options", {"sides": 4})
    older = elementa.load(write(tmp_path, record(options={"players": 2})))
    assert older.game.options.sides == 4 and older.history() == midgame().history()
    assert elementa.load(write(tmp_path, record(options={"players": 2, "sides": 6}))).game.options.sides == 6
    assert elementa.load_game("toy-dice").options.sides == 6
    monkeypatch.setattr(ToyGame, "legacy_options", {})
    assert elementa.load(write(tmp_path, record(options={"players": 2}))).game.options.sides == 6
