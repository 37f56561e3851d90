"""Saves record the computer players; autosave after every move; ``--resume`` with or without a file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import elementa
from elementa.agents import IsmctsAgent
from elementa.cli.autosave import KEEP, autosave_dir, unfinished_games
from tests.cli.helpers import assert_one_line_error, run

BID0 = 6


def final_part(output: str) -> str:
    assert "game over" in output, output
    return output[output.index("game over") :]


def test_a_save_records_the_computer_players_and_resume_uses_them(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = run(
        "play", "toy-dice", "--seed", "3", "--seat", "2", "--ai", "random", input=f"save {save}\nquit\n"
    )
    assert first.exit_code == 0, first.output
    assert json.loads(save.read_text(encoding="utf-8"))["agents"] == ["random", None]
    resumed = run("play", "--resume", str(save), input="1\n" * 4)
    assert resumed.exit_code == 0, resumed.output
    # no --ai and no --seat: the saved opponent, and the saved seat for the person
    assert "You are player 2; player 1 (random)." in resumed.stdout
    straight = run("play", "toy-dice", "--seed", "3", "--seat", "2", "--ai", "random", input="1\n" * 4)
    assert final_part(resumed.stdout) == final_part(straight.stdout)
    # --ai and --seat still override what the save says
    other = run("play", "--resume", str(save), "--seat", "1", "--ai", "easy", input="quit\n")
    assert "You are player 1; player 2 (easy)." in other.stdout


def test_an_old_save_without_agents_resumes_with_the_default_opponent(tmp_path: Path) -> None:
    from elementa.agents import DEFAULT_LEVEL

    state = elementa.load_game("toy-dice").new_initial_state(seed=3)
    old = elementa.save(state, tmp_path / "old.json")
    assert "agents" not in json.loads(old.read_text(encoding="utf-8"))
    resumed = run("play", "--resume", str(old), input="quit\n")
    assert f"You are player 1; player 2 ({DEFAULT_LEVEL})." in resumed.stdout


def test_a_save_whose_agents_do_not_fit_the_game_is_refused(tmp_path: Path) -> None:
    state = elementa.load_game("toy-dice").new_initial_state(seed=3)
    path = elementa.save(state, tmp_path / "bad.json", agents=["random"])
    assert_one_line_error(run("play", "--resume", str(path)), "field 'agents'", "1 seats", "2 players")


@pytest.mark.parametrize("stop", ["quit\n", ""])  # quit, or the end of input (Ctrl-D)
def test_quitting_keeps_the_game_and_resume_without_a_file_offers_it(stop: str) -> None:
    args = ("play", "toy-dice", "--seed", "4", "--ai", "random")
    first = run(*args, input="1\n" + stop)
    assert first.exit_code == 0, first.output
    assert "the game is saved in" in first.stdout and "elementa play --resume" in first.stdout
    [waiting] = unfinished_games()
    record = json.loads(waiting.path.read_text(encoding="utf-8"))
    assert record["agents"] == [None, "random"]
    assert [0, BID0] in record["history"]  # saved after the move, before the quit

    resumed = run("play", "--resume", input="y\n1\n")
    assert resumed.exit_code == 0, resumed.output
    assert "The last unfinished game: Hidden Dice (test game), after 2 moves" in resumed.stdout
    assert "player 1: you, player 2: random" in resumed.stdout
    straight = run(*args, input="1\n1\n")
    assert final_part(resumed.stdout) == final_part(straight.stdout)
    assert unfinished_games() == []  # a finished game leaves no autosave behind
    assert_one_line_error(run("play", "--resume"), "no unfinished game", "--resume FILE")


def test_declining_the_offer_keeps_the_game_and_a_game_name_picks_its_last_game() -> None:
    run("play", "toy-dice", "--seed", "4", input="quit\n")
    declined = run("play", "--resume", input="n\n")
    assert declined.exit_code == 0 and "Not resumed; it stays in" in declined.stdout
    assert len(unfinished_games()) == 1
    assert_one_line_error(run("play", "elementalis", "--resume"), "no unfinished game of elementalis")
    taken = run("play", "toy-dice", "--resume", input="y\nquit\n")
    assert "resumed from" in taken.stdout and len(unfinished_games()) == 1  # the same file goes on


def test_a_finished_game_is_not_offered_and_old_unfinished_games_are_pruned() -> None:
    done = run("play", "toy-dice", "--seed", "2", "--ai", "random", input="1\n1\n")
    assert "game over" in done.stdout and unfinished_games() == []
    folder = autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    state = elementa.load_game("toy-dice").new_initial_state(seed=1)
    for i in range(KEEP + 3):
        path = elementa.save(state, folder / f"old-{i:02d}-toy-dice-1.json", agents=[None, "random"])
        os.utime(path, (1e9 + i, 1e9 + i))  # saved in 2001, the first one first
    run("play", "toy-dice", "--seed", "4", input="quit\n")
    kept = sorted(u.path.name for u in unfinished_games())
    assert len(kept) == KEEP and kept[1] == "old-04-toy-dice-1.json"  # the new game and the newest 19


def test_watching_makes_no_autosave() -> None:
    run("play", "toy-dice", "--watch", "--seed", "4")
    assert unfinished_games() == []


def test_a_search_agent_forgets_its_tree_before_every_move_so_a_resumed_game_plays_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    held: list[int] = []
    original = IsmctsAgent.step

    def step(self: IsmctsAgent, state: elementa.State) -> elementa.Action:
        held.append(self.table_size)
        return original(self, state)

    monkeypatch.setattr(IsmctsAgent, "step", step)
    result = run("play", "toy-dice", "--seed", "4", "--ai", "easy:seconds=none", input="1\n1\n")
    assert result.exit_code == 0, result.output
    assert len(held) == 2 and held == [0, 0]  # the bid and the keep/reroll, each from a fresh tree


@pytest.mark.parametrize("digits", [230, 400])
def test_a_seed_of_hundreds_of_digits_is_autosaved_after_every_move_and_resumes(digits: int) -> None:
    # the seed went into the file name: 230 digits stopped the game ("File name too long"),
    # 400 digits played on without ever being saved
    seed = "7" * digits
    args = ("play", "toy-dice", "--seed", seed, "--ai", "random")
    first = run(*args, input="1\nquit\n")
    assert first.exit_code == 0, first.output
    assert "quit: the game is saved in" in first.stdout, first.output
    [waiting] = unfinished_games("toy-dice")
    assert len(waiting.path.name) < 80
    record = json.loads(waiting.path.read_text(encoding="utf-8"))
    assert record["seed"] == int(seed) and [0, BID0] in record["history"]  # the move is kept
    resumed = run("play", "--resume", input="y\n1\n")
    assert resumed.exit_code == 0, resumed.output
    straight = run(*args, input="1\n1\n")
    assert final_part(resumed.stdout) == final_part(straight.stdout)
