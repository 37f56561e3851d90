"""Every refused input prints one ``error:`` line and exits with status 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from elementa.cli.app import main
from tests.cli.helpers import assert_one_line_error, run


def test_option_out_of_range() -> None:
    assert_one_line_error(run("play", "toy-dice", "-o", "players=9"), "players", "2..4")


def test_unknown_option_and_game() -> None:
    assert_one_line_error(run("play", "toy-dice", "-o", "colour=red", "--watch"), "colour")
    assert_one_line_error(run("simulate", "no-such-game", "-n", "2"), "no-such-game", "toy-dice")


def test_bad_option_syntax() -> None:
    assert_one_line_error(run("simulate", "toy-dice", "-o", "players"), "key=value")


def test_players_contradicting_option() -> None:
    assert_one_line_error(run("play", "toy-dice", "-p", "3", "-o", "players=2", "--watch"), "contradicts")


def test_corrupt_save_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "elementa-save", "version": 1, "game": "toy-dice"', encoding="utf-8")
    assert_one_line_error(run("play", "--resume", str(bad)), "not JSON")
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    assert_one_line_error(run("play", "--resume", str(bad)), "format")
    assert_one_line_error(run("replay", str(bad), "--all"), "format")


def test_missing_save_file(tmp_path: Path) -> None:
    assert_one_line_error(run("play", "--resume", str(tmp_path / "nope.json")), "nope.json")


def test_unknown_agent_and_wrong_agent_count() -> None:
    assert_one_line_error(run("simulate", "toy-dice", "-n", "2", "--agents", "wizard"), "wizard", "random")
    assert_one_line_error(run("simulate", "toy-dice", "-n", "2", "-a", "random,random", "-p", "3"), "agents")
    assert_one_line_error(run("play", "toy-dice", "--ai", "greedy"), "rule-based")
    assert_one_line_error(
        run("play", "toy-dice", "-p", "3", "--ai", "random,random,random"), "computer seats"
    )


def test_bad_seat_and_missing_game() -> None:
    assert_one_line_error(run("play", "toy-dice", "--seat", "5"), "--seat")
    assert_one_line_error(run("play"), "name a game")


def test_usage_errors_through_main_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", "toy-dice", "--seat", "abc"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and "--seat" in err[0]


def test_main_reports_game_errors_and_success(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "toy-dice", "-o", "sides=5"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.startswith("error: toy-dice: option sides=5")
    with pytest.raises(SystemExit) as exit_:
        main(["games"])
    assert exit_.value.code == 0


def test_a_binary_or_deeply_nested_save_file_is_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert_one_line_error(run("play", "--resume", str(binary)), "binary.json", "not UTF-8 text")
    assert_one_line_error(run("replay", str(binary), "--all"), "not UTF-8 text")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    assert_one_line_error(run("play", "--resume", str(deep)), "deep.json", "nested too deeply")


@pytest.mark.parametrize(
    ("game", "option"),
    [("warriors", "card_file"), ("warriors", "deck_files"), ("elemental-card-dice", "card_file")],
)
def test_a_binary_or_deeply_nested_card_file_names_the_option(game: str, option: str, tmp_path: Path) -> None:
    binary = tmp_path / "cards.toml"
    binary.write_bytes(b"\xff\x00[[card]]")
    line = assert_one_line_error(run("play", game, "-o", f"{option}={binary}"), "not UTF-8 text")
    assert line.startswith(f"error: {option} ")
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 200_000 + "]" * 200_000, encoding="utf-8")
    line = assert_one_line_error(run("play", game, "-o", f"{option}={deep}"), "nested too deeply")
    assert line.startswith(f"error: {option} ")


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (("--watch", "--seat", "1"), ("--watch", "--seat 1")),
        (("--ai", ""), ("agent list", "empty")),
        (("--ai", " , "), ("agent list", "empty")),
        (("-o", "decks="), ("'decks'", "no value")),
    ],
)
def test_contradictory_or_empty_play_arguments_are_refused(
    args: tuple[str, ...], fragments: tuple[str, ...]
) -> None:
    # each was accepted without a word: a spectator in seat 1, the default agent, the default decks
    assert_one_line_error(run("play", "warriors", "--seed", "1", *args, input="quit\n"), *fragments)


def test_watch_with_seat_zero_is_still_watching() -> None:
    result = run("play", "toy-dice", "--watch", "--seat", "0", "--seed", "4")
    assert result.exit_code == 0 and "Watching:" in result.stdout, result.output


def test_ctrl_c_at_the_resume_offer_says_so_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    run("play", "toy-dice", "--seed", "4", input="quit\n")

    def interrupt(self: Console, *args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Console, "input", interrupt)
    result = run("play", "--resume")
    assert result.exit_code == 130, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("interrupted: not resumed; it stays in ")
    assert "Traceback" not in result.output


def test_a_save_with_a_byte_order_mark_loads_and_a_boolean_player_is_refused(tmp_path: Path) -> None:
    import json

    import elementa
    from elementa.agents import make_agent

    game = elementa.load_game("toy-dice")
    state = elementa.play_game(game, [make_agent("random", game, p, p) for p in range(2)], seed=3)
    path = elementa.save(state, tmp_path / "game.json")
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as Windows Notepad writes UTF-8
    assert elementa.load(bom).history() == state.history()
    record = json.loads(path.read_text(encoding="utf-8"))
    i = next(i for i, (player, _) in enumerate(record["history"]) if player == 1)
    record["history"][i][0] = True  # a JSON true where seat 2 (1 in data) belongs
    path.write_text(json.dumps(record), encoding="utf-8")
    assert_one_line_error(run("replay", str(path), "--all"), "history")


@pytest.mark.parametrize(("args", "fragment"), [(("-n", "-1"), "games"), (("-n", "2", "-w", "0"), "workers")])
def test_simulate_refuses_a_bad_count_before_printing_anything(args: tuple[str, ...], fragment: str) -> None:
    # the heading ("Warriors: -1 games, ...") came before the refusal
    result = run("simulate", "toy-dice", *args)
    assert_one_line_error(result, fragment, "at least 1")
    assert result.stdout == ""
