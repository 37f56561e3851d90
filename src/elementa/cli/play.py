"""``elementa play``: one person against computer players (or watching them) in the terminal.

The person sees only their own observation and, before each of their prompts, a log of what happened
since the previous one, described from their seat (see :func:`elementa.cli.view.describe`). Chance
nodes are resolved with the game's seed through :mod:`elementa.core.runner`, so the same seed and the
same moves give the same game; with ``--table-dice`` the person types each chance outcome instead.
Before each move a computer player forgets what it kept from earlier moves (a search agent's tree,
see :meth:`elementa.core.Agent.forget`) and its generator is reseeded from the game's seed, its seat
and the step, so that a game resumed from a save continues exactly as it would have without the
break, wherever the agents' choices depend on the seed alone: every agent but a search level whose
time cap (``seconds``) stops its search before its iteration budget does.

A save records who played each seat, and a game a person plays is autosaved after each of their moves
(:mod:`elementa.cli.autosave`), so quitting, Ctrl-C or the end of input never loses it.
"""

from __future__ import annotations

import difflib
import os
import random
import sys
import time
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import typer
from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

import elementa
from elementa.agents import DEFAULT_LEVEL, make_agent
from elementa.agents.analysis import HINT_ITERATIONS, hints
from elementa.cli import menu
from elementa.cli.autosave import Autosaver, autosave_dir, new_autosave_path, unfinished_games
from elementa.cli.common import (
    EXIT_INTERRUPTED,
    CliError,
    build_game,
    moves_made,
    seat_name,
    split_specs,
    user_errors,
)
from elementa.cli.render import module_for, render_observation, short_forms
from elementa.cli.typed import not_understood, short_form_match
from elementa.cli.view import describe
from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    Agent,
    Game,
    SavedGame,
    SaveFileError,
    State,
    describe_player,
    list_games,
    load_saved,
)
from elementa.core.runner import chance_rng
from elementa.sim.runner import derive_seed

COMMANDS = [
    ("NUMBER", "take the action with that number (or type its label)"),
    ("board", "show the board and your options again"),
    ("log", "show everything that happened since your last move"),
    ("back", "in a second-step menu: go back to the first step"),
    ("hand / card NAME", "show the text of your cards in hand, or of one card (card games)"),
    ("hint", "show the search's 3 best moves with their win chances (unless hints are off)"),
    ("rules", "show a summary of the rules"),
    ("save FILE", "save the game; continue later with: elementa play --resume FILE"),
    ("quit", "stop playing (the game is autosaved: elementa play --resume continues it)"),
    ("help", "show these commands"),
]


LOG_AT_LEAST = 4
"""The fewest lines of the log since the person's last move that a screen shows."""


class QuitGame(Exception):
    """The person stopped the game (``quit``, end of input or Ctrl-C).

    Attributes:
        status: the exit status to use (0, or 130 for Ctrl-C).
    """

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.status = status


class PlaySession:
    """Runs a game to its end between one person (or nobody) and agents, in a terminal.

    Args:
        state: the state to play from (a new game or a loaded save).
        human: the person's seat (0-based), or ``None`` to watch computer players only.
        agents: an agent for every seat but the person's.
        console: where to write.
        table_dice: ask the person for every chance outcome instead of drawing it from the seed.
        seats: one agent spec per seat, ``None`` for the person, recorded by ``save FILE``.
        autosaver: saves the game after each of the person's moves, or ``None`` for no autosave.
        confirm: ask even when the person has a single legal choice (else it is taken at once and
            logged as "the only choice").
        delay: seconds to wait after each seat's move while watching (chance draws do not wait).
        hints: whether ``hint`` is allowed (a rated or competitive table turns hints off).
    """

    def __init__(
        self,
        state: State,
        *,
        human: int | None,
        agents: dict[int, Agent],
        console: Console,
        table_dice: bool = False,
        seats: list[str | None] | None = None,
        autosaver: Autosaver | None = None,
        confirm: bool = False,
        delay: float = 0.0,
        hints: bool = True,
    ) -> None:
        self.hints = hints
        self.state = state
        self.delay = delay
        self.seats = seats
        self.autosaver = autosaver
        self.human = human
        self.agents = agents
        self.console = console
        self.table_dice = table_dice
        self.confirm = confirm
        self.hooks = module_for(state.game.name)
        self.log: list[str] = []
        self.shown_log: list[str] = []
        self.queued: list[str] = []  # table dice typed ahead, for the next chance outcomes
        self.saved: tuple[str, int] | None = None

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.state.game

    def run(self) -> State:
        """Play to the end and return the terminal state.

        Raises:
            QuitGame: the person quit.
            ElementaError: an agent returned an illegal action.
        """
        st = self.state
        while not st.is_terminal():
            p = st.current_player()
            if p == CHANCE:
                self._chance()
            elif p == SIMULTANEOUS:
                for q in st.players_to_move():
                    if st.current_player() == SIMULTANEOUS and q in st.players_to_move():
                        self._decide(q, "Your sealed choice (the others choose at the same time)")
            else:
                self._decide(p, "Your move")
        self.autosave()  # the game is over: its autosave goes
        return st

    # ------------------------------------------------------------------------------------ steps
    def _chance(self) -> None:
        st = self.state
        outcomes = [a for a, _ in st.chance_outcomes()]
        if self.table_dice:
            outcome = self._queued(outcomes) or self._prompt(
                "Chance: which outcome came up at the table? (several dice at once: type them in "
                "order, separated by spaces)",
                outcomes,
                "Outcome",
                short=True,
            )
        else:
            outcome = st.sample_chance_outcome(chance_rng(st.seed, len(st.history())))
        self._step(outcome, CHANCE)

    def _decide(self, player: int, question: str) -> None:
        st = self.state
        if player == self.human:
            legal = st.legal_actions(player)
            forced = len(legal) == 1 and not self.confirm
            action = legal[0] if forced else self._prompt(question, legal)
        else:
            agent = self.agents[player]
            agent.forget()
            agent.rng.seed(derive_seed(st.seed, "agent", player, len(st.history())))
            with self._thinking(player):
                action = agent.step(st)
        self._step(action, player, forced=player == self.human and forced)
        if player == self.human:
            self.autosave()

    def _thinking(self, player: int, who: str = "") -> AbstractContextManager[Any]:
        """A spinner while a computer player (or ``who``) decides, on a terminal only (not in
        transcripts)."""
        if not self.console.is_terminal:
            return nullcontext()
        if not who:
            spec = self.seats[player] if self.seats else None
            who = describe_player(player) + (f" ({spec})" if spec else "")
        return self.console.status(f"{who} is thinking...")

    def autosave(self) -> None:
        """Autosave the game as it stands (a failure is reported once, and the game goes on).

        Called after each of the person's moves and before each prompt: the computer players' and
        chance's moves in between need no save of their own, since a resumed game plays them again
        (a save costs up to about 15 ms in a long game).
        """
        if self.autosaver is None:
            return
        was_failing = self.autosaver.failed is not None
        if not self.autosaver.save(self.state) and not was_failing:
            self._say(f"autosave failed ({self.autosaver.failed}); use 'save FILE' to keep the game")

    def _step(self, action: Action, player: int, forced: bool = False) -> None:
        """Log ``action`` as the viewer sees it, apply it, then log what it changed (the game's
        ``narrate`` hook, from the events the viewer was shown; see :func:`menu.attach`)."""
        st = self.state
        if self.queued and player != CHANCE:
            self._say(f"the draw is over; not used: {' '.join(self.queued)}")
            self.queued.clear()
        narrate = menu.hook(self.hooks, "narrate")
        count = st.event_count()
        lines = [describe(st, action, player, self.human) + (" (the only choice)" if forced else "")]
        st.apply_action(action, player)
        if narrate:
            told = st.events_for(self.human, count)
            lines = menu.attach(lines[0], narrate(told, st.observation(self.human), action))
        for line in lines:
            if self.human is None:
                self.console.print(Text(line), soft_wrap=True)
            else:
                self.log.append(line)
        if self.human is None and self.delay > 0 and player != CHANCE:
            time.sleep(self.delay)  # a spectator follows the game move by move

    # ----------------------------------------------------------------------------------- prompts
    def _show(self, question: str, entries: list[menu.Entry], options: list[Action]) -> None:
        """Print the screen of a decision: the rule, the board, the log since the person's last
        move, the game's notes and the menu.

        Where the screen's height is known (a terminal, or ``LINES``) the log keeps only its latest
        lines when the whole screen would not fit, so that the board stays in sight above the
        prompt; the ``log`` command prints all of it.
        """
        st = self.state
        who = "spectator" if self.human is None else f"you are player {self.human + 1}"
        board, notes, listing = self._screen(question, entries, options)
        log = [Text(f"  {line}") for line in self.shown_log]
        hidden = 0
        room = self._room([board, *notes, *listing])
        if room is not None and room < min(len(log), LOG_AT_LEAST) and len(entries) > 4:
            listing = self._menu(question, entries, columns=True)  # a short menu in columns too
            room = self._room([board, *notes, *listing])
        if log and room is not None:
            heights = [self._height(line) for line in log]
            keep = len(log)
            while keep > LOG_AT_LEAST and sum(heights[len(log) - keep :]) > room:
                keep -= 1
            hidden, log = len(log) - keep, log[len(log) - keep :]
        self.console.rule(f"{self.game.info.title} · move {moves_made(st) + 1} · {who}")
        self.console.print(board)
        if log:
            title = "Since your last move:"
            if hidden:
                title = f"Since your last move ({hidden} earlier lines: type 'log'):"
            self.console.print(Text(title, style="bold"), soft_wrap=True)
            for line in log:
                self.console.print(line, soft_wrap=True)
        for note in notes:
            self.console.print(note, soft_wrap=True)
        for part in listing:
            self.console.print(part, soft_wrap=not isinstance(part, Columns))

    def _screen(
        self, question: str, entries: list[menu.Entry], options: list[Action]
    ) -> tuple[RenderableType, list[Text], list[RenderableType]]:
        """The board, the game's notes and the menu of a decision, ready to print."""
        observation = self.state.observation(self.human)
        board = render_observation(self.game.name, observation, self.human)
        notes = [Text(line, style="cyan") for line in menu.notes(self.hooks, observation, options)]
        return board, notes, self._menu(question, entries)

    def _room(self, parts: list[RenderableType]) -> int | None:
        """The lines left for the log on a screen of ``parts`` (besides the rule, the log's title
        and the prompt), or ``None`` where the screen's height is not known (a pipe, a file)."""
        if not (self.console.is_terminal or "LINES" in os.environ):
            return None
        return self.console.height - 3 - sum(self._height(part) for part in parts)

    def _navigator(self, question: str, options: list[Action]) -> menu.Navigator:
        """The menu of a decision: in two steps from :data:`menu.GROUP_THRESHOLD` options, or from
        fewer where the board, the menu and a few log lines would not fit on the screen."""
        grouper = menu.hook(self.hooks, "menu_group")
        nav = menu.Navigator(options, grouper)
        if grouper is None or len(options) <= 2:
            return nav
        board, notes, listing = self._screen(question, nav.top, options)
        room = self._room([board, *notes, *listing])
        if room is not None and room < min(len(self.shown_log), LOG_AT_LEAST):
            nav = menu.Navigator(options, grouper, threshold=2)
        return nav

    def _height(self, renderable: RenderableType) -> int:
        """The number of terminal lines ``renderable`` takes at the console's width."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def _menu(self, question: str, entries: list[menu.Entry], columns: bool = False) -> list[RenderableType]:
        """The question and the numbered entries; long menus (or any, with ``columns``) in
        columns, read down each column."""
        head = Text(f"{question}:", style="bold")
        if columns or len(entries) > menu.COLUMNS_FROM:  # no indent, so that two columns fit more often
            cells = [Text(f"{i:>2}. {entry.text}") for i, entry in enumerate(entries, 1)]
            return [head, Columns(cells, column_first=True, padding=(0, 2))]
        return [head, *(Text(f"  {i:>2}. {entry.text}") for i, entry in enumerate(entries, 1))]

    def _list(self, question: str, entries: list[menu.Entry]) -> None:
        for part in self._menu(question, entries):
            self.console.print(part, soft_wrap=not isinstance(part, Columns))

    def _whole_log(self) -> None:
        """``log``: every line since the person's last move (the screen may show only the last)."""
        if not self.shown_log:
            self._say("nothing has happened since your last move")
        for line in self.shown_log:
            self.console.print(Text(f"  {line}"), soft_wrap=True)

    def _ask(self, prompt: str) -> str:
        try:
            line = self.console.input(prompt, markup=False)
        except EOFError:
            raise QuitGame(self._quit_message("end of input")) from None
        except KeyboardInterrupt:
            raise QuitGame(self._quit_message("interrupted"), status=130) from None
        if not sys.stdin.isatty():  # echo scripted input, so that transcripts read like a session
            self.console.print(Text(line), soft_wrap=True)
        return line

    def _prompt(
        self, question: str, options: list[Action], ask: str = "Your choice", short: bool = False
    ) -> Action:
        """Show the screen and return the option the person picks; re-ask on bad input.

        A long menu comes in two steps (:class:`elementa.cli.menu.Navigator`): a number picks an
        action or opens a group, ``back`` returns to the first step. An unknown word gets the closest
        commands and options suggested. With ``short`` (chance outcomes typed from a real table),
        short forms of the labels are understood too (see :func:`elementa.cli.typed.short_form_match`).
        """
        self.autosave()
        if self.log:
            self.shown_log = menu.compact_log(self.log)
            self.log = []
        nav = self._navigator(question, options)
        self._show(question, nav.top, options)
        while True:
            line = self._ask(f"{ask} [{nav.choices()}, help]: ").strip()
            command, _, arg = line.partition(" ")
            command = command.lower()
            if not line:
                continue
            if command in ("help", "?"):
                self._help()
            elif command == "rules":
                self.console.print(Markdown(type(self.game).rules_summary()))
            elif command == "board":
                self._show(question, nav.top, options)
                if nav.group is not None:
                    self._list(f"{question} - {nav.group}", nav.entries)
            elif command == "save":
                self._save(arg.strip())
            elif command in ("quit", "exit", "q"):
                raise QuitGame(self._quit_message("quit"))
            elif command in ("hand", "card"):
                self._cards(arg.strip())
            elif command == "log":
                self._whole_log()
            elif command == "hint":
                self._hint()
            else:
                picked = nav.answer(line)
                if isinstance(picked, Action):
                    return picked
                if picked is None:
                    self._list(question if nav.group is None else f"{question} - {nav.group}", nav.entries)
                    continue
                if short:
                    named, candidates = short_form_match(line, options, short_forms(self.game.name))
                    if named is not None:
                        return named
                    answers = line.replace(",", " ").split()
                    first = self._match(answers[0], options) if len(answers) > 1 else None
                    if first is not None:  # several dice on one line: the rest wait for their draws
                        self.queued = answers[1:]
                        return first
                    if candidates:
                        self._say(f"{line!r} could be: {'; '.join(map(str, candidates))}; type more of it")
                        continue
                if picked.startswith("not understood"):
                    choices = [c.split()[0] for c, _ in COMMANDS[1:]]
                    choices += [e.text for e in nav.entries] + [str(a) for a in options]
                    picked = not_understood(line, choices, len(nav.entries))
                self._say(picked)

    def _match(self, text: str, options: list[Action]) -> Action | None:
        """The one outcome a typed table-dice answer names (a number, a label or a short form)."""
        picked = menu.Navigator(options).answer(text)
        if isinstance(picked, Action):
            return picked
        named, _ = short_form_match(text, options, short_forms(self.game.name))
        return named

    def _queued(self, outcomes: list[Action]) -> Action | None:
        """The next outcome typed ahead on a table-dice line (``"fire sun 3"`` for three dice), or
        ``None`` when none is waiting; an answer that names no outcome here drops the rest."""
        if not self.queued:
            return None
        text = self.queued.pop(0)
        outcome = self._match(text, outcomes)
        if outcome is None:
            rest = " ".join([text, *self.queued])
            self.queued.clear()
            self._say(f"{text!r} is not an outcome of this draw; not used: {rest}")
        return outcome

    def _cards(self, name: str) -> None:
        """``hand``: the text of every card in the person's hand; ``card NAME``: of one card."""
        game = self.game
        if not name:
            hand = menu.hand_of(self.state.observation(self.human)) if self.human is not None else []
            if not hand:
                self._say("no card texts to show (your hand, if you hold one, is on the board)")
                return
            names = hand
        else:
            names = [name]
        for card in names:
            text = game.card_text(card)
            near = near_cards(game, card) if text is None else []
            if len(near) == 1 and card.lower() in near[0].lower():  # "card sonic": the one it names
                text = game.card_text(near[0])
            if text is None:
                hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
                self._say(f"no card named {card!r} in {game.info.title}{hint}")
            else:
                self.console.print(Text(text), soft_wrap=True)

    def _hint(self) -> None:
        """``hint``: the search's best moves from the person's information, with their win chances.

        The search is seeded from the game's seed and the step (the same hint each time it is asked
        for at one decision) and reads only what the person's seat may see (see
        :mod:`elementa.agents.analysis`).
        """
        st = self.state
        if not self.hints:
            self._say("hints are off at this table")
            return
        if self.human is None or len(st.legal_actions(self.human)) < 2:
            self._say("no hint: there is nothing to choose here")
            return
        seed = derive_seed(st.seed, "hint", self.human, len(st.history()))
        with self._thinking(self.human, "the hint search"):
            best = hints(st, self.human, iterations=HINT_ITERATIONS, seed=seed)
        self.console.print(Text(f"Hint ({HINT_ITERATIONS} searches from what you can see):", style="bold"))
        for i, m in enumerate(best, 1):
            mark = "  (the search's move)" if m.best else ""
            self.console.print(
                Text(f"  {i}. {m.action}: {100 * m.win_chance:.0f}% to win{mark}"), soft_wrap=True
            )
            self.console.print(Text(f"     {m.reason}"), soft_wrap=True)

    def _say(self, message: str) -> None:
        self.console.print(Text(message, style="yellow"), soft_wrap=True)

    def _help(self) -> None:
        table = Table("command", "what it does", show_edge=False)
        for command, what in COMMANDS:
            table.add_row(command, what)
        self.console.print(table)

    def _save(self, path: str) -> None:
        if not path:
            self._say("name the file: save FILE")
            return
        try:
            written = elementa.save(self.state, path, agents=self.seats, hints=self.hints)
        except SaveFileError as e:
            self._say(f"not saved: {e}")
            return
        self.saved = (str(written), len(self.state.history()))
        self.console.print(
            Text(f"saved to {written}; continue later with: elementa play --resume {written}"), soft_wrap=True
        )

    def _quit_message(self, why: str) -> str:
        if self.autosaver is not None and self.autosaver.failed is None:
            return (
                f"{why}: the game is saved in {self.autosaver.path}; continue it with: elementa play --resume"
            )
        if self.saved and self.saved[1] == len(self.state.history()):
            return f"{why}: the game is saved in {self.saved[0]} (elementa play --resume {self.saved[0]})"
        if self.saved:
            return (
                f"{why}: moves since your save to {self.saved[0]} are not saved; "
                "next time type 'save FILE' just before quitting"
            )
        return (
            f"{why}: the game was not saved; next time type 'save FILE' first, then resume with --resume FILE"
        )


def card_names(game: Game) -> list[str]:
    """Return the names of the game's cards that ``card NAME`` can show: the named values of its
    actions' ``card`` parts that have a card text (empty for a game without cards)."""
    space = game.action_space
    named = {
        v
        for kind in space.kinds
        for part in space.parts(kind)
        if part.type == "card"
        for v in part.values or ()
    }
    return sorted(n for n in named if game.card_text(n) is not None)


def near_cards(game: Game, typed: str) -> list[str]:
    """Return up to 3 card names near a mistyped one: those containing what was typed (case
    ignored), else the closest spellings; none when nothing is near."""
    names = card_names(game)
    low = typed.lower()
    near = [n for n in names if low in n.lower()] or difflib.get_close_matches(
        low, [n.lower() for n in names], n=3, cutoff=0.6
    )
    by_lower = {n.lower(): n for n in names}
    return [by_lower.get(n, n) for n in near][:3]


def show_result(console: Console, state: State, human: int | None, names: dict[int, str]) -> None:
    """Print the final board (spectator view), each seat's result, and who won.

    A seat's score (the game's return) is shown only where it says more than win or loss: when
    the returns take more than two values (a 0/1 column beside "win" was jargon).

    Args:
        names: how to call each computer seat (its agent spec).
    """
    game = state.game
    console.rule(f"{game.info.title} · game over after {moves_made(state)} moves")
    console.print(render_observation(game.name, state.observation(None), None))
    returns = state.returns()
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best]
    scored = len(set(returns)) > 2
    table = Table("seat", "player", *(["score"] if scored else []), "result", show_edge=False)
    for p, r in enumerate(returns):
        result = ("shared win" if len(winners) > 1 else "win") if p in winners else "loss"
        if len(winners) == len(returns):
            result = "draw"
        score = [f"{r:g}"] if scored else []
        table.add_row(str(p + 1), "you" if p == human else names.get(p, ""), *score, result)
    console.print(table)
    if len(winners) == len(returns) and len(returns) > 1:
        console.print("Result: a draw between all players.")
    else:
        console.print("Winner: " + ", ".join(seat_name(p, human) for p in winners))


def default_ai(game: Game, human: int | None = None) -> str:
    """Return the default computer spec.

    Against a person, the default ISMCTS level (an opponent worth playing that answers within about
    a second); when computers only are watched, the game's quick rule-based player (``greedy``),
    else ``random``.
    """
    if human is not None:
        return DEFAULT_LEVEL
    return "random" if game.rule_based_agent(0, 0) is None else "greedy"


def seat_specs(game: Game, human: int | None, ai: str | None) -> dict[int, str]:
    """Return the agent spec of every computer seat.

    Args:
        ai: one spec for all computer seats, a comma list with one spec per computer seat in seat
            order, or ``None`` for :func:`default_ai`.

    Raises:
        CliError: a list whose length is neither 1 nor the number of computer seats.
    """
    computer = [p for p in range(game.num_players) if p != human]
    specs = split_specs(ai) if ai is not None else [default_ai(game, human)]
    if len(specs) == 1:
        specs = specs * len(computer)
    if len(specs) != len(computer):
        raise CliError(f"--ai lists {len(specs)} agents but there are {len(computer)} computer seats")
    return dict(zip(computer, specs, strict=True))


def resume_game(console: Console, target: str | None) -> tuple[SavedGame, Path] | None:
    """Load the game that ``elementa play --resume [TARGET]`` names.

    Args:
        target: a save file; a game's name (its most recent unfinished game); or ``None`` (the most
            recent unfinished game of any game). Unfinished games are offered, not taken: the
            person answers yes or no.

    Returns:
        The saved game and its file, or ``None`` when the person declined the offer.

    Raises:
        SaveFileError: the file cannot be read or does not replay.
        CliError: there is no unfinished game to offer.
        typer.Exit: Ctrl-C at the offer (status 130, after one line on stderr).
    """
    names = {g.info.name for g in list_games()}
    if target is not None and (Path(target).exists() or target not in names):
        return load_saved(target), Path(target)
    waiting = unfinished_games(target)
    if not waiting:
        of = f" of {target}" if target else ""
        raise CliError(
            f"there is no unfinished game{of} in {autosave_dir()}; "
            "give a save file: elementa play --resume FILE"
        )
    last = waiting[0]
    saved = load_saved(last.path)
    console.print(Text(f"The last unfinished game: {last.describe(saved)}."), soft_wrap=True)
    try:
        answer = console.input(Text("Continue it? [Y/n] ")).strip().lower()
    except EOFError:  # no answer: declined
        answer = "n"
    except KeyboardInterrupt:
        typer.echo(f"interrupted: not resumed; it stays in {last.path}", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if answer not in ("", "y", "yes"):
        console.print(Text(f"Not resumed; it stays in {last.path}."), soft_wrap=True)
        return None
    return saved, last.path


def choose_seats(
    game: Game, *, seat: int | None, watch: bool, ai: str | None, saved: list[str | None] | None
) -> tuple[int | None, dict[int, str]]:
    """Return the person's seat (``None`` to watch) and every computer seat's agent spec.

    Args:
        seat: ``--seat`` (1-based, 0 to watch), or ``None``: the seat the save gives the person,
            else seat 1.
        ai: ``--ai`` (see :func:`seat_specs`), or ``None``: the saved agents, else the default.
        saved: the agents a save records (``None`` for a person), or ``None``.

    Raises:
        CliError: a seat outside 0..players, ``--watch`` with a seat, or a bad ``--ai`` list.
    """
    n = game.num_players
    if seat is not None and not 0 <= seat <= n:
        raise CliError(f"--seat must be 1..{n} (or 0 to watch), got {seat}")
    if watch and seat:
        raise CliError(f"--watch leaves every seat to the computer, so --seat {seat} contradicts it")
    if watch or seat == 0:
        human = None
    elif seat is not None:
        human = seat - 1
    elif saved is not None:
        human = next((p for p, spec in enumerate(saved) if spec is None), None)
    else:
        human = 0
    if ai is None and saved is not None:
        fallback = default_ai(game, human)
        return human, {p: spec or fallback for p, spec in enumerate(saved) if p != human}
    return human, seat_specs(game, human, ai)


WATCH_DELAY = 1.0
"""Seconds between the seats' moves when a terminal watches a game (``--delay`` changes it)."""


def watch_delay(delay: float | None, console: Console, watching: bool) -> float:
    """Return the pause after each seat's move.

    Args:
        delay: ``--delay`` in seconds, or ``None``: :data:`WATCH_DELAY` when watching on a terminal,
            else 0 (a pipe or a file gets the whole game at once).
        watching: whether nobody plays (``--watch`` or ``--seat 0``).

    Raises:
        CliError: a negative or not finite delay, or ``--delay`` while a person plays.
    """
    if delay is None:
        return WATCH_DELAY if watching and console.is_terminal else 0.0
    if not 0 <= delay <= 3600:
        raise CliError(f"--delay must be 0 to 3600 seconds, got {delay:g}")
    if not watching:
        raise CliError("--delay paces a game you watch: add --watch (or --seat 0)")
    return delay


def play_command(
    game_name: str | None,
    *,
    players: int | None,
    seat: int | None,
    ai: str | None,
    seed: int | None,
    options: list[str],
    watch: bool,
    resume: bool,
    table_dice: bool,
    confirm: bool = False,
    delay: float | None = None,
    allow_hints: bool = True,
) -> int:
    """Run ``elementa play`` and return the exit status (errors exit through :func:`user_errors`).

    With ``resume``, ``game_name`` is what follows ``--resume``: a save file, a game's name or
    nothing (see :func:`resume_game`). ``allow_hints`` false refuses ``hint`` at the prompt (a rated
    or competitive table); the saves record it, and a game saved with hints off resumes with them off
    whatever ``allow_hints`` says.
    """
    console = Console()
    if sys.stdin.isatty():
        import readline  # noqa: F401  (line editing and history at the prompts)
    with user_errors():
        saved_agents: list[str | None] | None = None
        autosave_path: Path | None = None
        if resume:
            if options or players is not None or seed is not None:
                raise CliError("--resume takes the game, options and seed from the save file")
            found = resume_game(console, game_name)
            if found is None:
                return 0
            saved, source = found
            state, saved_agents = saved.state, saved.agents
            allow_hints = allow_hints and saved.hints
            if source.resolve().parent == autosave_dir().resolve():
                autosave_path = source  # go on saving the unfinished game in its own file
        elif game_name is None:
            raise CliError("name a game (see: elementa games) or give --resume FILE")
        else:
            game = build_game(game_name, options, players)
            state = game.new_initial_state(random.SystemRandom().randrange(2**31) if seed is None else seed)
        game = state.game
        n = game.num_players
        human, specs = choose_seats(game, seat=seat, watch=watch, ai=ai, saved=saved_agents)
        pause = watch_delay(delay, console, human is None)
        agents = {
            p: make_agent(spec, game, p, derive_seed(state.seed, "agent", p)) for p, spec in specs.items()
        }
        seats = [specs.get(p) for p in range(n)]
        opponents = ", ".join(f"player {p + 1} ({spec})" for p, spec in specs.items())
        console.print(
            f"{game.info.title}, {n} players, seed {state.seed}"
            + ("" if not resume else f", resumed from {source} after {moves_made(state)} moves"),
            markup=False,
            soft_wrap=True,
        )
        if human is None:
            console.print(f"Watching: {opponents}", markup=False, soft_wrap=True)
        else:
            console.print(
                f"You are player {human + 1}; {opponents}. Type 'help' for commands.",
                markup=False,
                soft_wrap=True,
            )
        autosaver = None
        if human is not None:
            autosaver = Autosaver(
                autosave_path or new_autosave_path(game.name, state.seed), seats, hints=allow_hints
            )
        session = PlaySession(
            state,
            human=human,
            agents=agents,
            console=console,
            table_dice=table_dice,
            confirm=confirm,
            seats=seats,
            autosaver=autosaver,
            delay=pause,
            hints=allow_hints,
        )
        session.autosave()
        if autosaver is not None:
            autosaver.prune()
        try:
            session.run()
        except QuitGame as q:
            console.print(Text(str(q)), soft_wrap=True)
            return q.status
        except KeyboardInterrupt:  # while a computer player was thinking
            console.print(Text(session._quit_message("interrupted")), soft_wrap=True)
            return EXIT_INTERRUPTED
        if session.log:
            console.print(Text("Since your last move:", style="bold"), soft_wrap=True)
            for line in menu.compact_log(session.log):
                console.print(Text(f"  {line}"), soft_wrap=True)
        show_result(console, state, human, specs)
    return 0
