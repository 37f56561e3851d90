"""``elementa learn GAME``: a game's interactive tutorial in the terminal.

The steps come from :mod:`elementa.tutorials` (the engine a web page can use too); this module only
shows them. The screen is the play screen (:class:`elementa.cli.play.PlaySession`: the board, what
happened since the learner's last move, the menu), with the step's text above the menu, and moves are
typed as in ``elementa play``: a number, a label, or an action's notation (``cast spell=Char die=2``),
which can also name a move that is not legal, to hear why.
"""

from __future__ import annotations

from rich.console import Console, RenderableType
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from elementa.cli import menu
from elementa.cli.common import user_errors
from elementa.cli.play import PlaySession, QuitGame
from elementa.cli.typed import not_understood
from elementa.core import Action
from elementa.tutorials import Lesson, Outcome, load_tutorial, tutorial_games

LEARN_COMMANDS = [
    ("NUMBER", "play the option with that number (or type its label)"),
    ("KIND part=value", "play a move by its notation, legal or not (e.g. 'cast spell=Char die=2')"),
    ("hint", "show the move this step asks for"),
    ("board", "show the board, the step and your options again"),
    ("back", "in a second-step menu: go back to the first step"),
    ("rules", "show a summary of the rules"),
    ("quit", "leave the tutorial"),
    ("help", "show these commands"),
]

STYLES = {"accepted": "green", "legal": "yellow", "illegal": "red"}
"""How each verdict's message is shown."""


class LearnSession(PlaySession):
    """Shows a :class:`Lesson` step by step on the play screen and takes the learner's moves.

    Args:
        lesson: the tutorial run.
        console: where to write.
    """

    def __init__(self, lesson: Lesson, console: Console) -> None:
        super().__init__(
            lesson.state, human=lesson.seat, agents={}, console=console, confirm=True, hints=False
        )
        self.lesson = lesson

    def teach(self) -> None:
        """Run every step to the end of the tutorial.

        Raises:
            QuitGame: the learner left (``quit``, end of input, Ctrl-C).
        """
        lesson = self.lesson
        tutorial = lesson.tutorial
        self.console.rule(tutorial.title)
        if tutorial.intro.strip():
            self.console.print(Text(" ".join(tutorial.intro.split())), soft_wrap=True)
        while not lesson.done:
            self.state = lesson.state
            self.shown_log = menu.compact_log(lesson.log)
            outcome = self._step_prompt()
            self._tell(outcome)
        if tutorial.end.strip():
            self.console.print(Text(" ".join(tutorial.end.split())), soft_wrap=True)
        self.console.print(Text(f"Tutorial complete: {tutorial.title}.", style="bold green"), soft_wrap=True)

    def _heading(self) -> str:
        lesson = self.lesson
        return f"Step {lesson.index + 1} of {len(lesson.tutorial.steps)}: {lesson.step.title}"

    def _screen(
        self, question: str, entries: list[menu.Entry], options: list[Action]
    ) -> tuple[RenderableType, list[Text], list[RenderableType]]:
        """The play screen's parts, with the step's text first among the notes above the menu."""
        board, notes, listing = super()._screen(question, entries, options)
        heading = Text(self._heading(), style="bold")
        return board, [heading, Text(" ".join(self.lesson.step.text.split())), *notes], listing

    def _step_prompt(self) -> Outcome:
        """Show the step and take answers until an intended move is played; other moves are
        explained and the step stays."""
        lesson = self.lesson
        question = "Your options"
        options = lesson.state.legal_actions(lesson.seat)
        nav = self._navigator(question, options)
        self._show(question, nav.top, options)
        while True:
            line = self._ask(f"Your move [{nav.choices()}, hint, help]: ").strip()
            command = line.partition(" ")[0].lower()
            if not line:
                continue
            if command in ("help", "?"):
                self._learn_help()
            elif command == "rules":
                self.console.print(Markdown(type(self.game).rules_summary()))
            elif command == "board":
                self._show(question, nav.top, options)
            elif command in ("quit", "exit", "q"):
                raise QuitGame(self._quit_message("quit"))
            elif command == "hint":
                for action in lesson.intended():
                    self._say(f"this step asks for: {action} (type it, or its notation: {action.notation()})")
            else:
                picked = nav.answer(line)
                if isinstance(picked, Action):
                    outcome = lesson.attempt(picked)
                elif picked is None:
                    self._list(f"{question} - {nav.group}" if nav.group else question, nav.entries)
                    continue
                elif command in self.game.action_space.kinds:
                    outcome = lesson.attempt(line)
                else:
                    choices = [c.split()[0] for c, _ in LEARN_COMMANDS[2:]]
                    choices += [e.text for e in nav.entries] + [str(a) for a in options]
                    self._say(not_understood(line, choices, len(nav.entries)))
                    continue
                if outcome.verdict == "accepted":
                    return outcome
                self._tell(outcome)

    def _tell(self, outcome: Outcome) -> None:
        if outcome.message:
            self.console.print(Text(outcome.message, style=STYLES[outcome.verdict]), soft_wrap=True)

    def _learn_help(self) -> None:
        table = Table("command", "what it does", show_edge=False)
        for command, what in LEARN_COMMANDS:
            table.add_row(command, what)
        self.console.print(table)

    def _quit_message(self, why: str) -> str:
        lesson = self.lesson
        return (
            f"{why}: left the tutorial at step {lesson.index + 1} of {len(lesson.tutorial.steps)}; "
            f"start it again with: elementa learn {lesson.game.name}"
        )


def list_tutorials(console: Console) -> None:
    """Print every game's tutorial: its name, title and number of steps."""
    names = tutorial_games()
    width = max(map(len, names), default=0)
    for name in names:
        tutorial = load_tutorial(name)
        line = f"{name:<{width}}  {tutorial.title} ({len(tutorial.steps)} steps)"
        console.print(Text(line), soft_wrap=True)
    console.print(Text("Start one with: elementa learn GAME"), soft_wrap=True)


def learn_command(game_name: str | None) -> int:
    """Run ``elementa learn [GAME]`` and return the exit status.

    Without a game, lists the tutorials. An unknown game, or one without a tutorial, is one
    ``error:`` line and exit status 2 (through :func:`elementa.cli.common.user_errors`); leaving the
    tutorial with ``quit`` or at the end of input exits with 0, Ctrl-C with 130.
    """
    console = Console()
    with user_errors():
        if game_name is None:
            list_tutorials(console)
            return 0
        lesson = Lesson(load_tutorial(game_name))
        session = LearnSession(lesson, console)
        try:
            session.teach()
        except QuitGame as q:
            console.print(Text(str(q)), soft_wrap=True)
            return q.status
    return 0
