"""The game protocol: :class:`Game` (rules and options) and :class:`State` (one position).

Modelled on the state API game-AI researchers know from OpenSpiel: explicit chance nodes, sequential
or simultaneous decisions, imperfect information, 2 to N players.

A game subclasses :class:`Game` and :class:`State` and implements the abstract hooks whose names start
with an underscore (``_legal_actions``, ``_apply``...). The public methods here add what every game
shares: checked application of actions that never half-applies, the history, and action lookup by id.
"""

from __future__ import annotations

import copy
import hashlib
import marshal
import math
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, SupportsIndex

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from elementa.core.actions import Action, ActionSpace, pickle_by_fields
from elementa.core.chance import sample_outcome
from elementa.core.errors import IllegalActionError, PositionError, describe_player
from elementa.core.events import Event, EventLog, audience_of, seen_by
from elementa.core.nodes import CHANCE, SIMULTANEOUS, TERMINAL
from elementa.core.options import OptionInfo, describe_options, options_dict
from elementa.core.tensor import ObservationEncoder
from elementa.core.views import View

if TYPE_CHECKING:
    from elementa.core.agent import Agent


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game declares about itself, independent of options.

    Attributes:
        name: the registry name, for example ``"elementalis"``.
        title: the display name, for example ``"ElementaliS"``.
        min_players: the fewest players the rules allow.
        max_players: the most players the rules allow.
        summary: one line describing the game.
        chance: whether the game has chance nodes.
        simultaneous: whether the game has simultaneous nodes.
        perfect_information: whether every player sees the whole state.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    summary: str
    chance: bool = True
    simultaneous: bool = False
    perfect_information: bool = False


def information_digest(value: object) -> bytes:
    """Return a 16-byte digest of a value built of Python's plain types, for keying information sets.

    The value is written with :mod:`marshal`'s format 2, which has no back-references, so equal
    values give equal bytes whichever objects they share; a value marshal cannot write (one holding
    another type, such as an enum member) is written with ``repr`` instead. Either way, two values
    made of the JSON-like types that observations hold (and tuples) get one digest exactly when
    their ``repr`` is the same.

    Args:
        value: what to digest, for example ``(seat, observation)``.

    Returns:
        16 bytes (BLAKE2b).
    """
    try:
        text = b"m" + marshal.dumps(value, 2)  # type: ignore[arg-type]  # refused types raise
    except ValueError:  # a type marshal does not know
        text = b"r" + repr(value).encode()
    return hashlib.blake2b(text, digest_size=16).digest()


EvaluationCut = Literal["decision", "turn"]
"""Where a search scores a rollout past its horizon (see :attr:`Game.evaluation_cut`)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # games outside the compiled build subclass it
class Game(ABC):
    """A game with its options fixed: the factory of initial states and the owner of the action space.

    Subclasses set the class attributes ``info`` (a :class:`GameInfo`) and ``options_class`` (a frozen
    options dataclass with a ``players`` field) and implement :meth:`new_initial_state` and
    :meth:`_make_action_space`. Construct games with :func:`elementa.load_game`, which validates options.

    Attributes:
        options: the validated options instance.
        action_space: the game's :class:`ActionSpace`, derived from the options.
    """

    info: ClassVar[GameInfo]
    options_class: ClassVar[type[Any]]
    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    """Named option sets (``{"variant-x": {"opt": value}}``) that the conformance suite also runs."""

    evaluation_horizon: ClassVar[int | None] = None
    """How many decisions (moves with a choice, any seat's) a search's rollout should play before it
    scores the position with :meth:`State.evaluate`: long enough for a move's consequences to show
    in the evaluation, about a round of play. ``None`` for a game without an evaluation."""

    evaluation_cut: ClassVar[EvaluationCut] = "decision"
    """Where a rollout past the horizon is scored: ``"decision"``, at once; ``"turn"``, at the
    searching seat's next turn, after the other seats' answer. ``"turn"`` suits games whose turns
    take many decisions, where a decision-counted cut falls at different points of the turn cycle
    for different lines (ending a turn at once then looks like the best move)."""

    root_widening: ClassVar[float | None] = None
    """The progressive-unpruning rate of a search's root node (``IsmctsAgent``'s
    ``root_widening="game"``): 0 admits every legal move at once, so that the root can find moves
    the rule-based prior would not make; ``None`` (the default): the search's ``widening``, as at
    every other node."""

    action_texts: ClassVar[dict[str, str]] = {}
    """A short instruction for each action kind, as a person at the table would be told the decision
    (``{"major": "choose your Major element"}``): lower case, imperative, no seat named. Interfaces
    show it for the decision pending (the web table's instructions); a kind left out reads as its
    name (:meth:`action_text`)."""

    action_confirm: ClassVar[dict[str, str]] = {}
    """The kinds whose move gives up much and cannot be taken back, each with the question an interface
    asks before sending one (``{"surrender": "Surrender? ..."}``): the web table asks it in a dialog."""

    action_format: ClassVar[int] = 1
    """The version of the game's action numbering, recorded in saves. A game that renumbers its
    actions raises it and makes :meth:`upgrade_history` read histories of the earlier formats."""

    legacy_options: ClassVar[dict[str, Any]] = {}
    """Options added after records of the game were first written, each with the value a record
    that lacks it was played with (``{"edition": 1}``: Warriors' first deck lists). A record (a save
    file, a server table, a table record) holds every option the game had when it was written
    (:meth:`options_dict`), so an option missing from it is one added later; where the new option's
    default would change how the record replays, it is listed here, and
    :func:`~elementa.core.registry.load_recorded_game` fills it in. A new game is not affected: its
    missing options take their defaults."""

    def __init__(self, options: Any) -> None:
        self.options = options
        pickle_by_fields(type(options))  # a frozen dataclass (see pickle_by_fields)
        self.action_space: ActionSpace = self._make_action_space()

    @classmethod
    def action_text(cls, kind: str) -> str:
        """Return the instruction for an action kind: its :attr:`action_texts` entry, else the kind's
        name in words (``"end_turn"`` reads ``"end turn"``)."""
        return cls.action_texts.get(kind) or kind.replace("_", " ")

    def upgrade_history(self, fmt: int, history: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Return a history saved in action format ``fmt`` as ids of this game's own format.

        Args:
            fmt: the action format the history was recorded in (1 to :attr:`action_format`).
            history: ``(player, action id)`` pairs, chance outcomes included, from a new state.

        Returns:
            the same game as ``(player, action id)`` pairs of today's action space (the history
            itself when ``fmt`` is today's format, the default's only case).

        Raises:
            ValueError: a format the game cannot read (a later one, or an unknown earlier one).
        """
        if fmt != self.action_format:
            raise ValueError(
                f"{self.info.name} cannot read action format {fmt} (it knows {self.action_format})"
            )
        return history

    @property
    def name(self) -> str:
        """The registry name of the game."""
        return self.info.name

    @property
    def num_players(self) -> int:
        """The number of players, from the ``players`` option."""
        return int(self.options.players)

    @property
    def num_distinct_actions(self) -> int:
        """The size of the action space (ids run from 0 to this minus 1)."""
        return self.action_space.size

    @classmethod
    def describe_options(cls) -> list[OptionInfo]:
        """Return the game's options with their types, defaults, allowed values and help."""
        return describe_options(cls.options_class)

    def options_dict(self) -> dict[str, Any]:
        """Return the options as a JSON-ready dict (what a save file records)."""
        return options_dict(self.options)

    def utility_range(self) -> tuple[float, float]:
        """Return the smallest and largest value any entry of ``returns()`` can take."""
        return (0.0, 1.0)

    def utility_sum(self) -> float | None:
        """Return the constant that ``returns()`` sums to at every terminal state, or ``None``.

        ``None`` (the default) declares nothing: the game may be general-sum. A game whose results are
        win shares summing to 1 says so, and the OpenSpiel adapter then declares it constant-sum with
        that constant (zero-sum for 0); the adapter tests check the sum along random playouts.
        """
        return None

    @abstractmethod
    def _make_action_space(self) -> ActionSpace:
        """Build the action space from ``self.options``."""

    @abstractmethod
    def new_initial_state(self, seed: int | None = None) -> State:
        """Return the state at the start of a game.

        Args:
            seed: the seed a run loop uses to resolve chance nodes (see :func:`elementa.core.runner`);
                recorded on the state so that a saved game resumes with the same random sequence.
                ``None`` draws a fresh seed.
        """

    def new_position(self, data: Mapping[str, Any], seed: int | None = None) -> State:
        """Return the state a position describes (see :mod:`elementa.core.positions`).

        A position is the whole truth of one moment of the game as JSON (units and terrain, dice,
        Mana, whose decision it is...; each game's ``position`` module documents its schema). It is
        validated field by field and then against the rules' invariants, so a position the rules
        cannot reach is refused. The state's history starts empty: its saves and replays start
        from the position (:meth:`State.origin`). A position shows hidden information, so an
        interface never takes one from a player (the game server accepts none).

        Args:
            data: the position's JSON object, as :meth:`State.position` writes it.
            seed: the seed the run loop resolves the chance nodes from here with (``None``: a
                fresh one).

        Returns:
            the state, at the decision (or chance node) the position names.

        Raises:
            PositionError: a field of the wrong shape or breaking a rule (``field`` names it, for
                example ``"units[3].square"``), or a game without positions (code
                ``"position/unsupported"``).
        """
        state = self._new_position(data, seed)
        state._origin = state.position()
        return state

    def _new_position(self, data: Mapping[str, Any], seed: int | None) -> State:
        """Build the state of a position (games with positions override it; see :meth:`new_position`)."""
        raise PositionError(
            "", f"{self.info.title} cannot be set up from a position yet", code="position/unsupported"
        )

    @classmethod
    def rules_summary(cls) -> str:
        """Return the in-game rules help: our own summary, the ``rules.md`` beside the game's module."""
        module = _module_name(cls)
        package = module.rsplit(".", 1)[0] if "." in module else module
        try:
            return (resources.files(package) / "rules.md").read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, TypeError):
            return f"{cls.info.title}: {cls.info.summary}"

    def max_game_length(self) -> int | None:
        """Return an upper bound on the length of one game with these options, or ``None``.

        The length is ``len(state.history())`` at a terminal state: every seat's decisions and every
        chance outcome. Games derive it from the options that end them (a turn or round limit, the
        players); OpenSpiel's ``max_game_length`` is this bound. ``None`` (the default) means
        unknown, or unbounded (for example a turn limit of 0, meaning none).
        """
        return None

    def rule_based_agent(self, player: int, seed: int = 0) -> Agent | None:
        """Return the game's rule-based ("greedy") agent for a seat, or ``None`` if it has none."""
        return None

    def card_text(self, name: str) -> str | None:
        """Return a card's public text in words (its stats and rules text), or ``None`` when the game
        has no card of that name (or no cards). Names are matched without case.

        Args:
            name: the card's name as labels and observations spell it, for example ``"Sonic Pistol"``.
        """
        return None

    # ----------------------------------------------------------- observation tensors (optional)
    def observation_encoder(self) -> ObservationEncoder:
        """Return the game's fixed-shape numeric encoding of observations (built once per game).

        Raises:
            NotImplementedError: the game defines no tensor (it does not override
                :meth:`_make_observation_encoder`).
        """
        encoder = self._encoder
        if encoder is None:
            encoder = self._encoder = self._make_observation_encoder()
        return encoder

    _encoder: ObservationEncoder | None = None
    """The encoder once built; a pickle or copy of the game leaves it out (its closures would not
    pickle), and the copy builds its own (see ``ObservationEncoder.__reduce__``). Not kept in a
    ``weakref.WeakKeyDictionary`` beside the game: the compiled build (``setup.py``) does not clear
    a compiled game's weak references when it is freed, and a dictionary that held one crashed."""

    def _make_observation_encoder(self) -> ObservationEncoder:
        """Build the encoder of :meth:`observation_encoder`; games with a tensor override this."""
        raise NotImplementedError(f"{self.info.title} defines no observation tensor")

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Return the shape of :meth:`encode_observation`'s result (fixed for given options)."""
        return self.observation_encoder().shape

    def encode_observation(self, observation: dict[str, Any] | View, player: int) -> list[float]:
        """Return the float tensor (flat, values in 0..1) of ``observation``, the view of seat ``player``.

        It reads the observation alone (the dict, or the typed view where the game's encoder reads
        views, :attr:`.ObservationEncoder.view`; it takes either), so it hides what the observation
        hides. ``state.observation_tensor(player)`` encodes a state's without the JSON form.
        """
        return self.observation_encoder().encode(observation, player)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.options}>"


def _module_name(cls: type) -> str:
    """Return the name of the module that defines ``cls`` (read as any class's attribute: mypyc
    refuses ``__module__`` read on a compiled class object)."""
    return cls.__module__


GameT = TypeVar("GameT", bound=Game, default=Game, covariant=True)
"""The :class:`Game` class a :class:`State` class belongs to (a bare ``State`` is ``State[Game]``)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # games outside the compiled build subclass it
class State(ABC, Generic[GameT]):
    """One position of a game, mutated in place by :meth:`apply_action`.

    Public methods are the API every interface and agent uses. Subclasses implement the underscore
    hooks. ``current_player()`` returns a seat index (0-based), or :data:`CHANCE`, :data:`SIMULTANEOUS`
    or :data:`TERMINAL`.

    A game's state class names its game class as the type argument (``class MyState(State[MyGame])``),
    so that its rules code reads ``self.game`` with the game's own type. (It does not redeclare
    ``game: MyGame``: an attribute narrowed in a subclass is unsound where ``game`` can be assigned,
    and mypyc refuses it.)

    Attributes:
        game: the :class:`Game` this state belongs to.
        seed: the seed the run loop resolves chance nodes with.
    """

    def __init__(self, game: GameT, seed: int | None) -> None:
        self.game: GameT = game
        self.seed: int = random.SystemRandom().randrange(2**31) if seed is None else int(seed)
        self._history: list[tuple[int, int]] = []

    _origin: dict[str, Any] | None = None
    """The position this state's game was set up from (:meth:`Game.new_position`), or ``None`` for a
    game from its start; a game's ``clone`` copies it where it is set."""

    def position(self) -> dict[str, Any]:
        """Return this state as a position: the JSON object :meth:`Game.new_position` reads back.

        ``game.new_position(state.position(), seed)`` gives a state with the same observation for
        every viewer, the same legal actions and information-state keys, that plays on as this one
        does (the same chance outcomes from the same generator); only its history starts empty.
        The position is the whole truth (hidden cards, marks and dice included): never show it to
        a player.

        Raises:
            PositionError: the game has no positions (code ``"position/unsupported"``), or this
                state is not at a point a position can describe (for example in the middle of
                resolving a spell; the field says which part).
        """
        raise PositionError(
            "", f"{self.game.info.title} cannot be written as a position yet", code="position/unsupported"
        )

    def origin(self) -> dict[str, Any] | None:
        """Return the position this game was set up from, or ``None`` when it started from the
        beginning: with :meth:`history` (the actions since), it is what a save records."""
        return self._origin

    # ----------------------------------------------------------------- hooks for the game to fill in
    @abstractmethod
    def current_player(self) -> int:
        """Return the seat to move, or CHANCE, SIMULTANEOUS or TERMINAL."""

    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """Return the legal actions of a seat that is to move, in a fixed order (not chance)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """Return the outcomes of the current chance node and their probabilities."""

    def _sample_chance_outcome(self, rng: random.Random) -> Action:
        """Draw the outcome of the current chance node: :func:`~elementa.core.chance.sample_outcome`
        over :meth:`_chance_outcomes`. A game may override it with a cheaper draw that picks the
        same outcome from the same single ``rng.random()`` value (the conformance tests check it)."""
        return sample_outcome(self._chance_outcomes(), rng)

    @abstractmethod
    def _apply(self, action: Action, player: int) -> None:
        """Apply a legal action (already checked) for ``player`` (CHANCE at chance nodes)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Return one value per player: the result at a terminal state, zeros before."""

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """Return a JSON-serialisable dict of exactly what ``player`` may see (``None``: a spectator).

        The result must not depend on anything that player may not see.
        """

    def view(self, player: int | None) -> View | None:
        """Return the typed observation of ``player`` (``None``: a spectator), or ``None`` for a game
        that gives none yet.

        A game that gives one derives :meth:`observation` from it (``view(p).to_json()``), so the two
        always agree; the conformance suite checks that they do (see :mod:`elementa.core.views`).
        """
        return None

    def observation_tensor(self, player: int) -> list[float]:
        """Return seat ``player``'s observation tensor (:meth:`Game.encode_observation`), from the
        typed view where the game's encoder reads views, else from the observation dict.

        Raises:
            NotImplementedError: the game defines no tensor.
        """
        encoder = self.game.observation_encoder()
        if encoder.view is not None:
            view = self.view(player)
            if view is not None:
                return encoder.encode(view, player)
        return encoder.encode(self.observation(player), player)

    def information_state_key(self, player: int) -> bytes:
        """Return the key of ``player``'s information set here: the digest of what the seat sees.

        Two states of one game get the same key for a seat exactly when they show that seat the
        same observation (equal ``repr``), and two seats never share a key. Search agents key their
        tree nodes by it, as OpenSpiel's do by the information-state string. The default digests
        ``(player, observation(player))`` with :func:`information_digest`. A game whose observation is
        costly to build may override it with the digest of the same facts in a compact form; the
        conformance suite checks, at the nodes of seeded random playouts and in resampled states,
        that the keys split states exactly as the observations do.

        Args:
            player: the seat (0-based).

        Returns:
            16 bytes.
        """
        return information_digest((player, self.observation(player)))

    def evaluate(self) -> list[float] | None:
        """Return a heuristic estimate of the final ``returns()`` from this non-terminal state, or ``None``.

        Optional (the default has none). Search agents use it to cut a rollout short and score the
        position it reached instead of playing to the end: a truncated rollout is cheaper and, when
        one game is many small decisions decided by chance, far less noisy than a won/lost result.
        It reads the whole state (search calls it on determinizations, never on what a seat sees),
        so it must not be shown to players. :func:`win_shares` turns per-seat scores into one.

        Returns:
            one value per seat within ``game.utility_range()``, or ``None`` for no estimate.
        """
        return None

    def roles(self) -> list[str] | None:
        """Return each seat's public role (for example a mage type) for statistics, or ``None``."""
        return None

    def describe_action(self, action: Action, player: int, viewer: int | None) -> str:
        """Return how ``viewer`` sees ``player`` taking ``action`` in this state (before it is applied).

        The text names the actor ("player 2: bank the Channel", "chance: die 3 rolls Fire"). The
        default hides what the viewer may not see: another player's sealed choice at a simultaneous
        node reads "has chosen", and a chance outcome that the viewer's observation cannot tell apart
        from the other outcomes (a card dealt to someone else) reads "a hidden outcome". Games may
        override it with cheaper or richer wording.

        Args:
            action: the action about to be applied.
            player: who takes it (a seat, or CHANCE).
            viewer: the seat watching, or ``None`` for a spectator.
        """
        who = describe_player(player)
        cur = self.current_player()
        if cur == SIMULTANEOUS and viewer != player:
            return f"{who} has chosen"
        if cur == CHANCE and self._outcome_hidden_from(viewer):
            return f"{who}: a hidden outcome"
        return f"{who}: {action.label or action}"

    def _outcome_hidden_from(self, viewer: int | None) -> bool:
        """Whether every outcome of this chance node leaves ``viewer`` the same observation."""
        outcomes = self.chance_outcomes()
        if len(outcomes) < 2:
            return False
        seen = None
        for outcome, _ in outcomes:
            after = self.clone()
            after.apply_unchecked(outcome, CHANCE)
            obs = after.observation(viewer)
            if seen is not None and obs != seen:
                return False
            seen = obs
        return True

    def players_to_move(self) -> list[int]:
        """Return the seats that still have to act at a simultaneous node (else the one to move)."""
        p = self.current_player()
        return [p] if p >= 0 else []

    def _to_move(self, player: int) -> bool:
        """Return whether seat ``player`` still has to act at this simultaneous node.

        :meth:`legal_actions` and :meth:`apply_action` ask it for every seat they are given at a
        simultaneous node, once they have checked that ``0 <= player < num_players()``. The default
        looks the seat up in :meth:`players_to_move`; a game may override it with a cheaper test
        that agrees with that list (the conformance suite checks both at every simultaneous node it
        meets).
        """
        return player in self.players_to_move()

    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        """Return a state consistent with everything ``player`` has seen, hidden parts drawn at random.

        The default, for games where ``player`` sees everything, is a clone. Games with hidden
        information override it (determinization, for search agents that must not peek).

        Args:
            player: the seat whose information state is kept.
            rng: the generator that draws the hidden parts.
        """
        return self.clone()

    # ---------------------------------------------------------------------------------- public API
    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Return whether the next step is a chance outcome."""
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        """Return whether several players act at once now."""
        return self.current_player() == SIMULTANEOUS

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Return the legal actions, in a fixed order.

        Args:
            player: the seat to ask about; ``None`` means the player to move (at a chance node the
                chance outcomes, at a simultaneous node not allowed: name the seat).

        Returns:
            A list of :class:`Action`; empty for a seat that has nothing to do now.
        """
        cur = self.current_player()
        if cur >= 0:  # one seat to move (the fast path of every rollout step)
            return self._legal_actions(cur) if player is None or player == cur else []
        if cur == SIMULTANEOUS:
            if player is None:
                raise ValueError("at a simultaneous node, legal_actions needs the player")
            if 0 <= player < self.num_players() and self._to_move(player):
                return self._legal_actions(player)
            return []
        if cur == CHANCE and (player is None or player == CHANCE):
            return [a for a, _ in self._chance_outcomes()]
        return []  # the game is over, or a seat at a chance node

    def legal_action_ids(self, player: int | None = None) -> list[int]:
        """Return the ids of :meth:`legal_actions`."""
        return [a.id for a in self.legal_actions(player)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Return ``(outcome, probability)`` pairs summing to 1 at a chance node, else ``[]``."""
        if self.current_player() != CHANCE:
            return []
        return self._chance_outcomes()

    def sample_chance_outcome(self, rng: random.Random) -> Action:
        """Draw the outcome of the current chance node with its probability.

        The same outcome as ``sample_outcome(self.chance_outcomes(), rng)`` from the same generator
        state (one ``rng.random()`` call), without building the outcome list where the game knows a
        cheaper way (a card drawn from a pile, a die).

        Args:
            rng: the generator to draw with.

        Returns:
            The chance :class:`Action` to apply (with player ``CHANCE``).

        Raises:
            ValueError: the state is not at a chance node.
        """
        if self.current_player() != CHANCE:
            raise ValueError("sample_chance_outcome: the state is not at a chance node")
        return self._sample_chance_outcome(rng)

    def apply_action(self, action: object, player: SupportsIndex | None = None) -> None:
        """Apply an action (or its id) after checking that it is legal.

        Args:
            action: an :class:`Action` or its integer id (``object``: any other value is refused
                here, with the error below, also in the compiled build, which would otherwise
                refuse it with a ``TypeError`` before this check).
            player: at a simultaneous node, the seat acting (required there); elsewhere optional and,
                when given, it must be the player to move (an ``int``, or another integer type such
                as ``numpy.int64``).

        Raises:
            IllegalActionError: the action is not legal now, the game is over, the player is not to
                move, or the player is not a seat number (a ``str``, ``float`` or ``bool``: code
                ``"action/bad-player"``); the state is left exactly as it was.
        """
        cur = self.current_player()
        action_id = action.id if isinstance(action, Action) else action
        shown: object = action
        if not isinstance(action_id, int) or isinstance(action_id, bool):
            raise IllegalActionError(action, "an action is an Action or an integer id", player=cur)
        if cur == TERMINAL:
            raise IllegalActionError(shown, "the game is over", player=cur, code="action/game-over")
        if player is not None:
            player = self._seat_index(shown, player, cur)
        if cur == SIMULTANEOUS:
            if player is None:
                raise IllegalActionError(
                    shown,
                    f"several players act at once here; name one of {self._seats(self.players_to_move())}",
                    player=cur,
                    code="action/player-required",
                )
            if not 0 <= player < self.num_players() or not self._to_move(player):
                raise IllegalActionError(
                    shown,
                    f"{describe_player(player)} has nothing to do now",
                    player=cur,
                    code="action/inactive-player",
                )
            actor = player
        else:
            if player is not None and player != cur:
                raise IllegalActionError(
                    shown,
                    f"it is not {describe_player(player)}'s turn",
                    player=cur,
                    code="action/inactive-player",
                )
            actor = cur
        candidates = self.legal_actions(actor if cur != CHANCE else None)
        for legal in candidates:
            if legal.id == action_id:
                self._apply(legal, actor)
                self._history.append((actor, legal.id))
                return
        raise IllegalActionError(shown, self._why_illegal(action_id, actor), player=cur)

    def apply_unchecked(self, action: Action, player: int | None = None) -> None:
        """Apply an action just taken from :meth:`legal_actions` without checking it again.

        The fast path for search agents. Applying anything else corrupts the state.
        """
        actor = self.current_player() if player is None else player
        self._apply(action, actor)
        self._history.append((actor, action.id))

    def history(self) -> list[tuple[int, int]]:
        """Return the ``(player, action id)`` pairs applied so far, chance outcomes included."""
        return list(self._history)

    def action_from_id(self, action_id: int, player: int | None = None) -> Action:
        """Return the legal :class:`Action` with this id.

        Raises:
            IllegalActionError: no legal action of that player has this id.
        """
        for a in self.legal_actions(player):
            if a.id == action_id:
                return a
        raise IllegalActionError(
            action_id, self._why_illegal(action_id, player), player=self.current_player()
        )

    def parse_action(self, move: str | Mapping[str, Any] | int, player: int | None = None) -> Action:
        """Return the legal :class:`Action` that ``move`` names, as python-chess parses its notation.

        ``move`` may be an action id, the action's JSON form (``{"kind", "parts"}`` or ``{"id"}``, see
        :meth:`Action.to_json`), its notation (``"cast spell=11 die=2"``, see :meth:`Action.notation`)
        or, as a convenience for people, one legal action's exact label (case and spacing ignored).

        Args:
            move: what names the action.
            player: the seat acting (required at a simultaneous node, as for :meth:`legal_actions`).

        Returns:
            The legal action, with its label.

        Raises:
            IllegalActionError: ``move`` cannot be read (code ``"action/unparsable"``, naming the part
                that is wrong), is a label that several legal actions share (``"action/ambiguous"``),
                or names an action that is not legal now (``"action/illegal"``).
        """
        space = self.game.action_space
        if isinstance(move, int) and not isinstance(move, bool):
            return self.action_from_id(move, player)
        legal = self.legal_actions(player)
        if isinstance(move, str):
            wanted = " ".join(move.split()).lower()
            named = [a for a in legal if " ".join(a.label.split()).lower() == wanted]
            if len(named) == 1:
                return named[0]
            if named:
                raise IllegalActionError(
                    move,
                    "several legal actions read so; name one by its notation: "
                    + "; ".join(a.notation() for a in named),
                    player=self.current_player(),
                    code="action/ambiguous",
                )
        try:
            kind, args = space.parse(move) if isinstance(move, str) else space.from_json(move)
            action_id = space.encode(kind, *args)
        except ValueError as e:
            raise IllegalActionError(
                move if isinstance(move, str) else repr(move)[:200],
                str(e),
                player=self.current_player(),
                code="action/unparsable",
            ) from None
        for a in legal:
            if a.id == action_id:
                return a
        raise IllegalActionError(
            move if isinstance(move, str) else repr(move)[:200],
            self._why_illegal(action_id, player),
            player=self.current_player(),
        )

    # ---------------------------------------------------------------------------------- events
    _events: EventLog | None = None
    """The newest entry of the state's event log (see :mod:`elementa.core.events`); a game's
    ``clone`` copies the reference (entries are shared, never changed)."""

    recording: bool = True
    """Whether :meth:`emit` records events. A state records from its start; search and simulation
    turn it off on the copies they play out (:meth:`record_events`), where nobody reads the log and
    building it would cost a fifth of a fast game's step. A game may test it before it builds an
    event."""

    def record_events(self, on: bool) -> None:
        """Turn the recording of events on or off for this state (a clone inherits the setting).

        Events emitted while it is off are lost for good: turn it off only on states whose log
        nobody reads (search's determinizations, simulated games).
        """
        self.recording = on

    def emit(self, event: Event, audience: Iterable[int | None] | None = None) -> None:
        """Record an event that a rule just caused (for the rules code of games only), if the state
        is :attr:`recording`.

        Args:
            event: what happened.
            audience: the seats that see all of it (``None`` among them: spectators too); any
                other viewer sees ``event.redacted()`` (by default nothing). ``None``: everyone
                sees it.
        """
        if self.recording:
            self._events = EventLog(event, audience_of(audience), self._events)

    def events_for(self, viewer: int | None, start: int = 0) -> list[Event]:
        """Return the game's events so far as ``viewer`` sees them, oldest first.

        Args:
            viewer: a seat (0-based), or ``None`` for a spectator.
            start: how many events to skip: a client that has read ``event_count()`` events passes
                that number to get only the new ones (the count is the same for every viewer).

        Returns:
            typed :class:`~elementa.core.events.Event` values; an event hidden from the viewer is
            redacted or left out, so the list never depends on what the viewer may not see.
        """
        return seen_by(self._events, viewer, start)

    def event_count(self) -> int:
        """Return how many events the game has recorded (for every viewer: see :meth:`events_for`)."""
        return 0 if self._events is None else self._events.count

    def clone(self) -> State:
        """Return an independent copy sharing the game (games may override this with a cheaper copy)."""
        return copy.deepcopy(self, {id(self.game): self.game})

    def num_players(self) -> int:
        """Return the number of players."""
        return self.game.num_players

    # ------------------------------------------------------------------------------------- helpers
    def _why_illegal(self, action_id: int, player: int | None) -> str:
        space = self.game.action_space
        try:
            kind, args = space.decode(action_id)
        except ValueError:
            return f"no action has id {action_id} in {self.game.info.title} (ids 0..{space.size - 1})"
        return f"{kind}{list(args)} (id {action_id}) is not among the legal actions now"

    @staticmethod
    def _seat_index(action: object, player: object, cur: int) -> int:
        """Return ``player`` as a plain ``int`` seat (or node constant), refusing any other type.

        ``bool`` is refused although it is an ``int`` (``False`` would pass for seat 0 and be written
        into the history); integer types of other libraries (``numpy.int64``) are accepted.
        """
        if type(player) is int:  # the common case, before the protocol check (about 10 us a call)
            return player
        if not isinstance(player, bool) and isinstance(player, SupportsIndex):
            return operator.index(player)
        raise IllegalActionError(
            action,
            f"player {player!r} ({type(player).__name__}) is not a seat number: "
            "name the seat as an int (0 for the first player)",
            player=cur,
            code="action/bad-player",
        )

    @staticmethod
    def _seats(players: Sequence[int]) -> str:
        return ", ".join(describe_player(p) for p in players)


def win_shares(scores: Sequence[float], scale: float, total: float = 1.0) -> list[float]:
    """Turn per-seat heuristic scores into expected shares of a prize (for :meth:`State.evaluate`).

    A softmax: seat ``p`` gets ``total * exp(scores[p] / scale) / sum(exp(scores[q] / scale))``; with
    two seats that is the logistic function of the score difference, so a lead of ``scale`` gives
    the leader 73% of the prize, ``2 * scale`` 88%.

    Args:
        scores: one score per seat (any unit; higher is better).
        scale: the lead, in the scores' unit, that is worth odds of e to 1 (positive).
        total: the prize shared out (the returns of the game's win).

    Returns:
        one share per seat, summing to ``total``.

    Raises:
        ValueError: ``scale`` is not positive or ``scores`` is empty.
    """
    if scale <= 0 or not scores:
        raise ValueError(f"win_shares needs scores and a positive scale, got {list(scores)} and {scale}")
    top = max(scores)
    weights = [math.exp((s - top) / scale) for s in scores]
    whole = sum(weights)
    return [total * w / whole for w in weights]
