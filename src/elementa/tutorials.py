"""Interactive tutorials ("learn to play"): the engine, with no user interface.

Each game package may ship a ``tutorial.toml`` (read with :mod:`importlib.resources`): a short
course of steps built from the rulebook's set-up and worked examples. A step sets up a situation,
says what to do and why, and waits for the learner's move; the intended move is accepted, any
other is explained (legal but worse, or illegal and why) and the step stays as it was. The file
format is documented in ``docs/tutorials.md``; :class:`Tutorial` validates it and names the field
and the fix on error.

Moves are matched through the core action contract only (:mod:`elementa.core.actions`): the file
names each move by its notation (kind and named parts, ``"major arcana=Fire"``), read with
:meth:`~elementa.core.actions.ActionSpace.parse` into an action id; labels are never compared.

:class:`Lesson` runs one tutorial. Its :meth:`Lesson.view` and :class:`Outcome` are JSON-ready, so
the terminal (``elementa learn``) and a web server present the same engine::

    lesson = Lesson(load_tutorial("elementalis"))
    lesson.view()                          # position, text, legal actions (JSON)
    lesson.attempt("major arcana=Fire")    # Outcome(verdict="accepted", ...)

Everything between the learner's moves is deterministic: scripted moves (the opponents' moves and
any chance outcome the text depends on) and otherwise chance outcomes drawn from the tutorial's
seed through :func:`elementa.core.runner.chance_rng`.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    ElementaError,
    Game,
    IllegalActionError,
    State,
    list_games,
    load_game,
)
from elementa.core.errors import describe_player
from elementa.core.registry import game_class
from elementa.core.runner import chance_rng

TUTORIAL_FILE = "tutorial.toml"
"""The name of a game package's tutorial file."""

Move = str | Mapping[str, Any] | int | Action
"""What a learner may name a move by: its notation (``"major arcana=Fire"``) or exact label, its JSON
form (``{"kind", "parts"}`` or ``{"id"}``), its id, or an :class:`Action`."""


class TutorialError(ElementaError):
    """A tutorial file that cannot be used: not TOML, a field of the wrong shape, a move that cannot
    be read or is not legal where the file plays it, or a game without a tutorial.

    Attributes:
        field: the offending field as a path into the file (``"steps[2].intended[0]"``), or ``""``.
        reason: what is wrong and how to fix it.
    """

    default_code = "tutorial/invalid"

    def __init__(self, source: str, field: str, reason: str, *, code: str | None = None) -> None:
        where = f"field {field!r}: " if field else ""
        super().__init__(f"{source}: {where}{reason}" if source else f"{where}{reason}", code=code)
        self.field = field
        self.reason = reason


# ------------------------------------------------------------------------------------- the format
class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Explanation(_Model):
    """Why one or more specific moves other than the intended one are worse, or illegal.

    Attributes:
        moves: the moves explained, in notation (``"major arcana=Moon"``).
        text: the explanation shown when the learner plays one of them.
    """

    moves: list[str] = Field(min_length=1)
    text: str = Field(min_length=1)


class Step(_Model):
    """One step of a tutorial.

    Attributes:
        title: a short heading.
        start: where the step starts: ``"continue"`` (the state the previous step reached, the
            default), ``"new-game"`` (a new game from the tutorial's seed) or ``"position"``.
        position: the position JSON for ``start = "position"`` (see ``docs/positions.md``).
        moves: scripted moves played before the learner is asked (opponents' moves, chance
            outcomes, set-up), in notation; then chance nodes are drawn from the seed until the
            learner is to move.
        text: what to do and why, shown with the position.
        intended: the moves that complete the step (any one of them), in notation.
        accepted: shown when the learner plays an intended move (what it did).
        other: the fallback for any other legal move: why the intended move is better.
        illegal: added to the reason an illegal move is refused, or ``""``.
        explain: explanations of specific other moves (legal or illegal).
    """

    title: str = Field(min_length=1)
    start: Literal["continue", "new-game", "position"] = "continue"
    position: dict[str, Any] | None = None
    moves: list[str] = []
    text: str = Field(min_length=1)
    intended: list[str] = Field(min_length=1)
    accepted: str = ""
    other: str = Field(min_length=1)
    illegal: str = ""
    explain: list[Explanation] = []

    @model_validator(mode="after")
    def _position_given(self) -> Step:
        if (self.start == "position") != (self.position is not None):
            raise ValueError('give a position exactly when start = "position"')
        return self


class Tutorial(_Model):
    """A game's tutorial: the game set-up and its steps (see ``docs/tutorials.md``).

    Attributes:
        game: the game's registered name.
        title: the tutorial's title.
        intro: shown before the first step.
        end: shown when the last step is done.
        seat: the learner's seat (0-based).
        players: the number of players (``None``: the game's default).
        options: game options, as ``-o`` takes them.
        seed: the seed of new games, positions and every chance draw that is not scripted.
        steps: 1 to 12 steps; the first starts a new game or a position.
    """

    game: str = Field(min_length=1)
    title: str = Field(min_length=1)
    intro: str = ""
    end: str = ""
    seat: int = Field(default=0, ge=0)
    players: int | None = Field(default=None, ge=1)
    options: dict[str, Any] = {}
    seed: int = Field(default=1, ge=0)
    steps: list[Step] = Field(min_length=1, max_length=12)

    @model_validator(mode="after")
    def _first_step_starts(self) -> Tutorial:
        if self.steps[0].start == "continue":
            raise ValueError('steps[0].start must be "new-game" or "position": there is no previous step')
        return self


_FIXES = {
    "missing": "add the field {field}",
    "extra_forbidden": "remove or rename it; the fields here are: {allowed}",
    "string_type": "give a string",
    "int_type": "give an integer",
    "int_parsing": "give an integer",
    "list_type": "give a list",
    "dict_type": "give a table",
    "too_short": "give at least one",
    "too_long": "split the tutorial: at most 12 steps",
    "literal_error": "use one of the values listed",
    "greater_than_equal": "give a value that is not negative",
}


def _location(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def parse_tutorial(text: str, source: str = TUTORIAL_FILE) -> Tutorial:
    """Read and validate a tutorial file's text (the shape only; :class:`Lesson` checks the moves).

    Args:
        text: the TOML text.
        source: the file's name, for messages.

    Returns:
        The validated :class:`Tutorial`.

    Raises:
        TutorialError: not TOML, or a field missing, unknown or of the wrong shape; ``field`` names
            it (``"steps[1].intended"``) and the message says the fix.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TutorialError(source, "", f"not TOML: {e}; fix the syntax there") from None
    try:
        return Tutorial.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = tuple(err["loc"])
        owner: type[BaseModel] = Tutorial
        if "steps" in loc:
            owner = Explanation if "explain" in loc else Step
        fix = _FIXES.get(err["type"], "correct the value").format(
            field=repr(loc[-1]) if loc else "", allowed=", ".join(owner.model_fields)
        )
        message = err["msg"].removeprefix("Value error, ")
        raise TutorialError(source, _location(loc), f"{message}; fix: {fix}") from None


def _resource(game: str) -> Traversable:
    """The tutorial file of a registered game: beside the module of its game class."""
    package = game_class(game).__module__.rpartition(".")[0]
    return resources.files(package).joinpath(TUTORIAL_FILE)


def tutorial_games() -> list[str]:
    """Return the names of the registered games whose package ships a tutorial, sorted."""
    return [g.info.name for g in list_games() if _resource(g.info.name).is_file()]


def load_tutorial(game: str) -> Tutorial:
    """Return the tutorial a game's package ships.

    Raises:
        TutorialError: no such game or no tutorial for it (code ``"tutorial/unknown"``, the
            message lists the tutorials), or the file is malformed (see :func:`parse_tutorial`).
    """
    if game not in tutorial_games():
        known = ", ".join(tutorial_games())
        raise TutorialError("", "", f"no tutorial for {game!r}; tutorials: {known}", code="tutorial/unknown")
    source = f"{game_class(game).__module__.rpartition('.')[0]}:{TUTORIAL_FILE}"
    return parse_tutorial(_resource(game).read_text(encoding="utf-8"), source)


# ------------------------------------------------------------------------------------ the engine
@dataclass(frozen=True)
class Outcome:
    """What became of a move the learner tried.

    Attributes:
        verdict: ``"accepted"`` (an intended move: it was played and the next step began),
            ``"legal"`` (legal but not this step's move: not played) or ``"illegal"`` (refused).
        message: the explanation (for ``"accepted"``, the step's ``accepted`` text).
        move: the move's JSON form (:meth:`Action.to_json`) where it names an action, else ``None``.
        code: for ``"illegal"``, the :class:`IllegalActionError` code (``"action/unparsable"`` when
            the move could not be read), else ``""``.
        done: whether the tutorial is complete.
    """

    verdict: Literal["accepted", "legal", "illegal"]
    message: str
    move: dict[str, Any] | None = None
    code: str = ""
    done: bool = False

    def to_json(self) -> dict[str, Any]:
        """Return the outcome as a JSON-ready dict of its fields."""
        return {
            "verdict": self.verdict,
            "message": self.message,
            "move": self.move,
            "code": self.code,
            "done": self.done,
        }


@dataclass
class _Compiled:
    intended: list[int]
    explain: dict[int, str] = field(default_factory=dict)


class Lesson:
    """One run of a tutorial: the current step's state, and the learner's moves.

    Args:
        tutorial: the tutorial to run.
        source: the file's name, for messages.

    Raises:
        TutorialError: the game or its options cannot be loaded, or the first step cannot be set up
            (a position refused, a scripted move illegal, another seat left to move); ``field``
            names the step's field.
    """

    def __init__(self, tutorial: Tutorial, source: str | None = None) -> None:
        self.tutorial = tutorial
        self.source = source or f"{tutorial.game} tutorial"
        options = dict(tutorial.options)
        if tutorial.players is not None:
            options["players"] = tutorial.players
        try:
            self.game: Game = load_game(tutorial.game, **options)
        except ElementaError as e:
            raise TutorialError(self.source, "game", str(e)) from None
        if tutorial.seat >= self.game.num_players:
            raise TutorialError(
                self.source, "seat", f"seat {tutorial.seat} outside 0..{self.game.num_players - 1}"
            )
        self.seat = tutorial.seat
        self.index = 0
        self.log: list[str] = []
        self.played: list[int] = []
        """The ids of the intended moves played so far, one per completed step (see :meth:`resume`)."""
        self.state: State = self._start(0, None)

    # ------------------------------------------------------------------------------ reading
    @property
    def step(self) -> Step:
        """The current step (the last one once the tutorial is done)."""
        return self.tutorial.steps[min(self.index, len(self.tutorial.steps) - 1)]

    @property
    def done(self) -> bool:
        """Whether every step has been completed."""
        return self.index >= len(self.tutorial.steps)

    def intended(self) -> list[Action]:
        """Return the current step's intended moves as legal actions (empty once done)."""
        if self.done:
            return []
        legal = {a.id: a for a in self.state.legal_actions(self.seat)}
        return [legal[i] for i in self._compiled.intended]

    def view(self) -> dict[str, Any]:
        """Return the current step as JSON: ``game``, ``tutorial`` (its title), ``step`` (0-based),
        ``steps``, ``intro`` (the tutorial's opening words), ``title``, ``text``, ``seat``,
        ``observation`` (the learner's), ``legal`` (the learner's legal actions,
        :meth:`Action.to_json`), ``log`` (what the scripted moves and chance did since the learner's
        last move, as the learner sees it) and ``done`` (then ``text`` is the tutorial's closing
        words and ``legal`` is empty)."""
        done = self.done
        return {
            "game": self.game.name,
            "tutorial": self.tutorial.title,
            "step": self.index,
            "steps": len(self.tutorial.steps),
            "intro": self.tutorial.intro,
            "title": "Done" if done else self.step.title,
            "text": self.tutorial.end if done else self.step.text,
            "seat": self.seat,
            "observation": self.state.observation(self.seat),
            "legal": [] if done else [a.to_json() for a in self.state.legal_actions(self.seat)],
            "log": list(self.log),
            "done": done,
        }

    def fork(self) -> Lesson:
        """Return a copy at the same step that plays on independently (its own state)."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin.log = list(self.log)
        twin.played = list(self.played)
        return twin

    @classmethod
    def resume(cls, tutorial: Tutorial, played: list[int], source: str | None = None) -> Lesson:
        """Return the lesson reached by playing ``played`` (a lesson's :attr:`played` ids) from the
        start: a server can keep a learner's progress as those ids and rebuild the lesson.

        Raises:
            TutorialError: as :class:`Lesson`, or an id that is not an intended move of its step
                (field ``"played[i]"``, code ``"tutorial/progress"``).
        """
        lesson = cls(tutorial, source)
        for i, action_id in enumerate(played):
            if lesson.done or action_id not in lesson._compiled.intended:
                raise TutorialError(
                    lesson.source,
                    f"played[{i}]",
                    f"{action_id} is not an intended move here",
                    code="tutorial/progress",
                )
            lesson.attempt(action_id)
        return lesson

    # ------------------------------------------------------------------------------ playing
    def attempt(self, move: Move) -> Outcome:
        """Try a move at the current step.

        An intended move is played, then the next step is set up (its scripted moves and chance
        draws); any other move leaves the state and the step exactly as they were.

        Args:
            move: see :data:`Move`.

        Returns:
            The :class:`Outcome`: accepted, legal but not intended (with the step's explanation of
            that move, or its ``other`` text), or illegal (with the reason and the step's
            explanation, if any).

        Raises:
            TutorialError: the next step cannot be set up (a broken tutorial file: the tests walk
                every packaged one, so only a file being written meets it).
        """
        if self.done:
            return Outcome("illegal", "The tutorial is complete.", code="tutorial/done", done=True)
        step, compiled = self.step, self._compiled
        try:
            action = (
                self.state.action_from_id(move.id, self.seat)
                if isinstance(move, Action)
                else self.state.parse_action(move, self.seat)
            )
        except IllegalActionError as e:
            action_id = self._id_of(move)
            extra = compiled.explain.get(action_id, step.illegal) if action_id is not None else ""
            extra = extra or "The legal moves now are the ones listed."
            message = f"That move is not legal here: {e.reason}. {extra}"
            shown = self._json_of(action_id)
            return Outcome("illegal", message, shown, e.code)
        if action.id not in compiled.intended:
            said = self.state.describe_action(action, self.seat, self.seat)
            text = compiled.explain.get(action.id, step.other)
            return Outcome(
                "legal", f"{said}: legal, but not the move for this step. {text}", action.to_json()
            )
        self.log = []
        self.state.apply_action(action, self.seat)
        self.played.append(action.id)
        self.index += 1
        if not self.done:
            self.state = self._start(self.index, self.state)
        return Outcome("accepted", step.accepted, action.to_json(), done=self.done)

    def _id_of(self, move: Move) -> int | None:
        """The id a move names, legal or not, or ``None`` where it names no action."""
        space = self.game.action_space
        try:
            if isinstance(move, Action):
                return move.id
            if isinstance(move, int) and not isinstance(move, bool):
                return move if 0 <= move < space.size else None
            kind, args = space.parse(move) if isinstance(move, str) else space.from_json(move)
            return space.encode(kind, *args)
        except ValueError:
            return None

    def _json_of(self, action_id: int | None) -> dict[str, Any] | None:
        if action_id is None:
            return None
        kind, args = self.game.action_space.decode(action_id)
        return self.game.action_space.make(kind, *args).to_json()

    # ------------------------------------------------------------------------------ set-up
    def _start(self, index: int, previous: State | None) -> State:
        """Set up step ``index``: its starting point, its scripted moves, then seeded chance until the
        learner is to move; compile its moves to ids (checking them against the legal actions)."""
        step = self.tutorial.steps[index]
        where = f"steps[{index}]"
        seed = self.tutorial.seed
        if step.start == "new-game":
            state = self.game.new_initial_state(seed)
        elif step.start == "position":
            assert step.position is not None  # the model checks it
            try:
                state = self.game.new_position(step.position, seed=seed)
            except ElementaError as e:
                raise TutorialError(self.source, f"{where}.position", str(e)) from None
        else:
            assert previous is not None
            state = previous
        for i, text in enumerate(step.moves):
            self._scripted(state, text, f"{where}.moves[{i}]")
        while state.current_player() == CHANCE:
            outcome = state.sample_chance_outcome(chance_rng(state.seed, len(state.history())))
            self.log.append(state.describe_action(outcome, CHANCE, self.seat))
            state.apply_action(outcome)
        if not self._learner_to_move(state):
            raise TutorialError(
                self.source,
                f"{where}.moves",
                f"after the scripted moves {describe_player(state.current_player())} is to move, not the "
                f"learner ({describe_player(self.seat)}); script their moves",
            )
        legal = {a.id for a in state.legal_actions(self.seat)}
        intended = []
        for i, text in enumerate(step.intended):
            action_id = self._read(text, f"{where}.intended[{i}]")
            if action_id not in legal:
                raise TutorialError(
                    self.source, f"{where}.intended[{i}]", f"{text!r} is not legal at this step"
                )
            intended.append(action_id)
        compiled = _Compiled(intended)
        for i, explanation in enumerate(step.explain):
            for j, text in enumerate(explanation.moves):
                action_id = self._read(text, f"{where}.explain[{i}].moves[{j}]")
                if action_id in intended:
                    raise TutorialError(
                        self.source, f"{where}.explain[{i}].moves[{j}]", f"{text!r} is an intended move"
                    )
                compiled.explain[action_id] = explanation.text
        self._compiled = compiled
        return state

    def _read(self, text: str, where: str) -> int:
        """The id of a move's notation (kind and named parts)."""
        space = self.game.action_space
        try:
            kind, args = space.parse(text)
            return space.encode(kind, *args)
        except ValueError as e:
            raise TutorialError(self.source, where, str(e)) from None

    def _learner_to_move(self, state: State) -> bool:
        cur = state.current_player()
        if cur == SIMULTANEOUS:
            return self.seat in state.players_to_move()
        return cur == self.seat

    def _scripted(self, state: State, text: str, where: str) -> None:
        """Play one scripted move. At a simultaneous node it is the choice of the lowest seat still
        to choose other than the learner (the learner's own when only the learner is left)."""
        action_id = self._read(text, where)
        cur = state.current_player()
        player: int | None = None
        if cur == SIMULTANEOUS:
            waiting = [p for p in state.players_to_move() if p != self.seat] or [self.seat]
            player = waiting[0]
        actor = CHANCE if cur == CHANCE else (player if player is not None else cur)
        try:
            action = state.action_from_id(action_id, player)
        except IllegalActionError as e:
            raise TutorialError(self.source, where, f"{text!r}: {e.reason}") from None
        self.log.append(state.describe_action(action, actor, self.seat))
        state.apply_action(action, player)


def verify(tutorial: Tutorial, source: str | None = None) -> Lesson:
    """Play a tutorial through with the first intended move of every step, and check every other
    intended move is legal too (each step is set up as it would be after each alternative).

    Returns:
        The completed lesson.

    Raises:
        TutorialError: a step cannot be set up after one of its predecessor's intended moves.
    """
    lesson = Lesson(tutorial, source)
    while not lesson.done:
        first, *others = lesson.intended()
        for alternative in others:
            lesson.fork().attempt(alternative)
        lesson.attempt(first)
    return lesson
