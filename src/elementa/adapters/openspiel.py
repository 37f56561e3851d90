"""Every Elementa game as an OpenSpiel game (needs ``pip install elementa[openspiel]``).

:func:`register_games` registers, for each game of :func:`elementa.list_games`:

- ``elementa_<game>`` (dashes become underscores): turn-based games as OpenSpiel sequential games,
  games with simultaneous moves as OpenSpiel simultaneous games;
- ``elementa_<game>_sequential`` for the games with simultaneous moves: the same game with each
  simultaneous node played seat by seat, a seat never seeing the sealed choices made before its
  own (the games' observations hide them). Tree-search bots that need turns (``MCTSBot``,
  ``ISMCTSBot``) run on these.

The game's options are the OpenSpiel game parameters, with their defaults; in a game string a list
option separates its items with ``;`` instead of ``,`` (``elementa_warriors(decks=wild-hunt;
arcane-circle)``), because OpenSpiel splits parameters at commas, and a text value that OpenSpiel
would read as a number or truth value is written with the prefix ``s:`` (``first_player=s:1``).
:func:`load` does both for you. Actions are the game's action ids
(:class:`elementa.ActionSpace`), chance outcomes included, so ``max_chance_outcomes`` is the size of
the action space, and so is ``num_distinct_actions``, but for the simultaneous view: there every
decision node is a joint one (as OpenSpiel's ``rl_environment`` and Shimmy expect) and a seat not to
move has one legal action, the no-op, numbered after the game's ids (``ElementaGame.noop``).
Observers give what their
``IIGObservationType`` asks (:mod:`elementa.adapters.observers`): the observation is the seat's view
(the game's tensor; the string its observation as sorted JSON); public information alone is the
spectator's view, private information alone what the seat sees beyond it; the information state is
perfect recall: the seat's own actions and every change of what it saw, in order (text), and the
observation tensor followed by 128 bits of that sequence's digest (tensor).
Returns are the game's (terminal rewards only), within the bounds of
``Game.utility_range()``; a game whose returns sum to a constant (``Game.utility_sum()``) is declared
constant-sum with it, the others general-sum. ``max_game_length`` is the game's
:meth:`elementa.Game.max_game_length`, derived from its options (its turn or round limit, the
players), or :data:`MAX_GAME_LENGTH` where the options leave the game unbounded (a limit of 0). It
counts chance outcomes and every seat's action, so it also bounds the simultaneous view, where one
joint action is one move.

A state's ``resample_from_infostate(player, sampler)`` draws the hidden parts with the game's own
resampling (seeded from the sampler); ``serialize``/``pickle`` keep the Elementa state.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import elementa
from elementa.adapters.common import StateBox, apply_joint, cached_game, canonical_options, sorted_legal
from elementa.adapters.observers import (
    OBSERVATION,
    ObservationKind,
    RecallBook,
    observed,
    observed_tensor,
    tensor_size,
)
from elementa.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from elementa.core.registry import game_class

MAX_GAME_LENGTH = 100_000
"""The ``max_game_length`` declared where ``Game.max_game_length()`` gives no bound (no limit set)."""

LIST_SEPARATOR = ";"
"""What separates the items of a list option inside an OpenSpiel game string."""

_REGISTERED: dict[str, tuple[str, bool]] = {}
"""OpenSpiel short name -> (Elementa game name, sequential view)."""


def short_name(game: str, sequential: bool = False) -> str:
    """Return the OpenSpiel name of an Elementa game: ``elementa_<game>``, dashes as underscores."""
    return "elementa_" + game.replace("-", "_") + ("_sequential" if sequential else "")


TEXT_PREFIX = "s:"
"""Marks a text option whose value OpenSpiel would read as a number or a truth value (``s:1``)."""


def to_param(value: Any) -> Any:
    """Return an option's value as an OpenSpiel parameter (:data:`LIST_SEPARATOR`, :data:`TEXT_PREFIX`)."""
    if not isinstance(value, str):
        return value
    text = value.replace(",", LIST_SEPARATOR)
    if text and (text.lower() in ("true", "false") or text.strip("+-0123456789.") == ""):
        text = TEXT_PREFIX + text
    return text


def _spec(name: str) -> dict[str, Any]:
    return {o.name: to_param(o.default) for o in game_class(name).describe_options()}


def _options(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The game's options from OpenSpiel parameters (a game string reads ``first_player=1`` as a number)."""
    types = {o.name: o.type for o in game_class(name).describe_options()}
    out = {}
    for k, v in params.items():
        if types.get(k) == "str":
            v = str(v).removeprefix(TEXT_PREFIX).replace(LIST_SEPARATOR, ",")
        out[k] = v
    return out


def game_type(name: str, sequential: bool = False, game: Game | None = None) -> pyspiel.GameType:
    """Return the OpenSpiel :class:`pyspiel.GameType` of an Elementa game (or its sequential view).

    With the loaded ``game``, a game whose returns sum to a constant (:meth:`Game.utility_sum`) is
    declared constant-sum (zero-sum for 0); without it, or without a constant, general-sum.
    """
    cls = game_class(name)
    total = None if game is None else game.utility_sum()
    utility = pyspiel.GameType.Utility
    kinds = {None: utility.GENERAL_SUM, 0.0: utility.ZERO_SUM}
    kind = kinds.get(total, utility.CONSTANT_SUM)
    info = cls.info
    simultaneous = info.simultaneous and not sequential
    dynamics = pyspiel.GameType.Dynamics
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(name, sequential),
        long_name=f"Elementa {info.title}" + (" (sequential)" if sequential else ""),
        dynamics=dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if info.chance
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=information.PERFECT_INFORMATION
        if info.perfect_information
        else information.IMPERFECT_INFORMATION,
        utility=kind,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_spec(name),
    )


class ElementaGame(pyspiel.Game):  # type: ignore[misc]
    """An Elementa game with its options fixed, as a :class:`pyspiel.Game`.

    Args:
        params: the OpenSpiel parameters (the game's options; OpenSpiel fills in the defaults).
        name: the Elementa game's registry name.
        sequential: play simultaneous nodes seat by seat (the ``_sequential`` view).

    Raises:
        elementa.ConfigError: an option is not valid (named, with its allowed values).
    """

    def __init__(self, params: dict[str, Any], name: str, sequential: bool = False) -> None:
        options = _options(name, dict(params))
        self.elementa: Game = cached_game(name, canonical_options(options))
        self.sequential = sequential
        self.simultaneous = self.elementa.info.simultaneous and not sequential
        self.noop: int | None = self.elementa.num_distinct_actions if self.simultaneous else None
        """The no-op of the simultaneous view: the one legal action of a seat not to move (else None)."""
        self._initial = self.elementa.new_initial_state(0)
        self._initial.record_events(False)  # OpenSpiel reads observations; its clones carry no log
        size = self.elementa.num_distinct_actions
        chance_size = size
        if self.simultaneous:
            size += 1  # the no-op
        low, high = self.elementa.utility_range()
        bound = self.elementa.max_game_length()
        total = self.elementa.utility_sum()
        super().__init__(
            game_type(name, sequential, self.elementa),
            pyspiel.GameInfo(
                num_distinct_actions=size,
                max_chance_outcomes=chance_size,
                num_players=self.elementa.num_players,
                min_utility=float(low),
                max_utility=float(high),
                utility_sum=None if total is None else float(total),
                max_game_length=MAX_GAME_LENGTH if bound is None else bound,
            ),
            dict(params),
        )

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return load_string, (str(self),)

    def new_initial_state(self) -> ElementaState:
        """Return the state at the start of a game (chance is resolved by OpenSpiel, not a seed)."""
        return ElementaState(self, self._initial.clone())

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> ElementaObserver:
        """Return the observer of the kind ``iig_obs_type`` asks (see :func:`observation_kind`).

        OpenSpiel's information state is the perfect-recall kind, its observation the default one.
        """
        return ElementaObserver(
            self.elementa,
            observation_kind(
                iig_obs_type, self.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
            ),
        )


class ElementaState(pyspiel.State):  # type: ignore[misc]
    """One position of an Elementa game, as a :class:`pyspiel.State`.

    Attributes:
        box: the :class:`StateBox` holding the Elementa state (``box.state``).
    """

    def __init__(self, game: ElementaGame, state: State) -> None:
        super().__init__(game)
        self.box = StateBox(state)
        self._sequential = game.sequential
        self._noop = game.noop

    @property
    def elementa(self) -> State:
        """The Elementa state."""
        return self.box.state

    def current_player(self) -> int:
        """Return the seat to move, or OpenSpiel's chance, simultaneous or terminal player id."""
        cur = self.box.state.current_player()
        if cur == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if cur == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if cur == SIMULTANEOUS and self._sequential:
            return self.box.state.players_to_move()[0]
        if cur == SIMULTANEOUS or self._noop is not None:  # the simultaneous view: every decision is joint
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return cur

    def _legal_actions(self, player: int) -> list[int]:
        ids = [a.id for a in sorted_legal(self.box.state, player)]
        if not ids and self._noop is not None and player >= 0 and not self.box.state.is_chance_node():
            return [self._noop]  # a seat not to move at a decision of the simultaneous view
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return ``(action id, probability)`` of the chance node, sorted by id."""
        return sorted((a.id, p) for a, p in self.box.state.chance_outcomes())

    def _actor(self) -> int:
        cur = self.box.state.current_player()
        return self.box.state.players_to_move()[0] if cur == SIMULTANEOUS else cur

    def _apply_action(self, action: int) -> None:
        self.box.state.apply_action(int(action), player=self._actor())

    def _apply_actions(self, actions: list[int]) -> None:
        """Apply a joint action: each seat to move, in seat order, plays its entry (the others' no-ops
        are ignored)."""
        apply_joint(self.box.state, lambda p: int(actions[p]))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.box.state
        if action == self._noop:
            return f"no-op #{action}"
        who = CHANCE if player == int(pyspiel.PlayerId.CHANCE) else player
        for a in state.legal_actions(who) if state.current_player() != TERMINAL else []:
            if a.id == action:
                return f"{a} #{action}"
        kind, args = state.game.action_space.decode(int(action))
        return f"{kind}{list(args)} #{action}"

    def is_terminal(self) -> bool:
        """Return whether the game is over."""
        return self.box.state.is_terminal()

    def returns(self) -> list[float]:
        """Return each seat's result (zeros before the end)."""
        return [float(r) for r in self.box.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ElementaState:
        """Return a state ``player_id`` cannot tell from this one, hidden parts drawn by the game.

        The new state's OpenSpiel ``history()`` starts empty (its Elementa state keeps its own, and it
        serializes and pickles whole); search bots need only its strings, tensors and moves.

        Args:
            player_id: the seat whose information is kept.
            probability_sampler: a callable returning a float in [0, 1) (for example
                ``pyspiel.UniformProbabilitySampler(0., 1.)``); it seeds the draw.
        """
        rng = random.Random(int(float(probability_sampler()) * 2**52))
        game = self.get_game()
        assert isinstance(game, ElementaGame)
        return ElementaState(game, self.box.state.resample_from_infostate(player_id, rng))

    def __str__(self) -> str:
        return str(self.box.state)


def observation_kind(
    iig_obs_type: pyspiel.IIGObservationType | None, perfect_information: bool
) -> ObservationKind:
    """Return the :class:`ObservationKind` that an OpenSpiel ``IIGObservationType`` asks for.

    ``None`` is OpenSpiel's default observation (public and the seat's private information, no recall).

    Raises:
        ValueError: every seat's private information (``PrivateInfoType.ALL_PLAYERS``) of a game with
            hidden information: the adapters give no seat another's view.
    """
    if iig_obs_type is None:
        return OBSERVATION
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS and not perfect_information:
        raise ValueError(
            "private_info=ALL_PLAYERS is not offered: a seat sees only its own private information"
        )
    return ObservationKind(
        public=bool(iig_obs_type.public_info),
        private=private != pyspiel.PrivateInfoType.NONE,
        perfect_recall=bool(iig_obs_type.perfect_recall),
    )


class ElementaObserver:
    """The OpenSpiel observer of an Elementa game, of one :class:`ObservationKind` (see
    :mod:`elementa.adapters.observers`): tensors and text.

    Without perfect recall the text is the observation (public, private or both) as sorted JSON; with it,
    the seat's sequence of own actions and observations (:class:`RecallBook`), then that JSON.

    OpenSpiel asks for every seat's tensors and strings again and again at one node, so the views of
    the last few (state, history length, seat) are kept (with the state, so that its id stays its
    own; a state changes only by applying actions, which lengthens its history). OpenSpiel also
    encodes a fresh initial state whenever it needs the tensor's size: those share one entry.

    Args:
        game: the Elementa game.
        kind: what the observer shows (default: the seat's observation).
    """

    CACHE = 256
    """How many views are kept."""

    def __init__(self, game: Game, kind: ObservationKind = OBSERVATION) -> None:
        self.game = game
        self.kind = kind
        self.tensor = np.zeros(tensor_size(game, kind), np.float32)
        self.dict = {"observation": self.tensor}
        self._book = RecallBook(game, kind) if kind.perfect_recall else None
        self._views: dict[tuple[int, int, int], tuple[State, str, np.ndarray]] = {}

    def _view(self, state: ElementaState, player: int) -> tuple[str, np.ndarray]:
        inner = state.box.state
        steps = len(inner.history())
        key = (id(inner) if steps else 0, steps, player)  # every initial state is the same
        view = self._views.get(key)
        if view is None:
            if len(self._views) >= self.CACHE:
                self._views.clear()
            if self._book is not None:
                text, tensor = self._book.string(inner, player), self._book.tensor(inner, player)
            elif self.kind == OBSERVATION:
                observation = inner.observation(player)
                text = json.dumps(observation, sort_keys=True)
                tensor = np.asarray(self.game.encode_observation(observation, player), np.float32)
            else:
                text = json.dumps(observed(inner, player, self.kind), sort_keys=True)
                tensor = observed_tensor(inner, player, self.kind)
            view = self._views[key] = (inner, text, tensor)
        return view[1], view[2]

    def set_from(self, state: ElementaState, player: int) -> None:
        """Fill ``tensor`` with the view of seat ``player``."""
        self.tensor[:] = self._view(state, player)[1]

    def string_from(self, state: ElementaState, player: int) -> str:
        """Return the view of seat ``player`` as text."""
        return self._view(state, player)[0]


class _Registered(ElementaGame):
    """The factory pyspiel calls with the parameters; subclasses name the game."""

    NAME = ""
    SEQUENTIAL = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params or {}, self.NAME, self.SEQUENTIAL)


def register_games() -> list[str]:
    """Register every Elementa game with OpenSpiel (once per process); return the short names.

    Afterwards ``pyspiel.load_game("elementa_elementalis(players=3)")`` and the like work.
    """
    for listing in elementa.list_games():
        name = listing.info.name
        views = [False, True] if listing.info.simultaneous else [False]
        for sequential in views:
            key = short_name(name, sequential)
            if key in _REGISTERED:
                continue

            # A class per game, not a closure: pyspiel keeps the factory until the process exits, after
            # the interpreter has stopped, and a class (unlike a function) is not freed there.
            factory = type(key, (_Registered,), {"NAME": name, "SEQUENTIAL": sequential})
            globals()[key] = factory  # pickle finds the class of a game by its module and name
            pyspiel.register_game(game_type(name, sequential), factory)
            _REGISTERED[key] = (name, sequential)
    return list(_REGISTERED)


def load(name: str, sequential: bool = False, **options: Any) -> pyspiel.Game:
    """Register the games if needed and return ``pyspiel.load_game`` of an Elementa game by its name.

    Args:
        name: the Elementa name, for example ``"elementalis"``.
        sequential: the turn-based view of a game with simultaneous moves.
        options: the game's options (list options as Python strings with commas).
    """
    register_games()
    params = {k: to_param(v) for k, v in options.items()}
    return pyspiel.load_game(short_name(name, sequential), params)


def load_string(game_string: str) -> pyspiel.Game:
    """Register the games if needed and return ``pyspiel.load_game(game_string)`` (unpickling uses it)."""
    register_games()
    return pyspiel.load_game(game_string)


def to_efg(game: pyspiel.Game, name: str = "") -> str:
    """Return a sequential game's whole tree in Gambit's extensive-form text (``.efg``), which
    ``pyspiel.load_efg_game`` reads into a native OpenSpiel game: the same tree, chance
    probabilities, returns and information sets, but each step in C++, so that CFR and
    ``exploitability.nash_conv`` run there many times faster than through the adapter
    (``benchmarks/cfr_curve.py``).

    The walk visits every node once, so it is for games small enough to solve (the ``tiny``
    presets). Information sets are numbered per seat from 1 in the order first met, one per
    distinct perfect-recall ``information_state_string``. Actions are named by their place among
    the node's legal actions, sorted by id (``a0``, ``a1``...; chance outcomes ``c0``...): OpenSpiel
    numbers an efg game's actions by name in the order it meets them, and this naming keeps that
    order the node's own; a policy of the efg game maps back through the node's sorted legal actions.

    Args:
        game: a sequential OpenSpiel game (for Elementa games with simultaneous moves, the
            ``_sequential`` view), with terminal returns.
        name: the game's name in the file (default: ``str(game)``).

    Returns:
        The ``.efg`` text.
    """
    players = game.num_players()
    seat_names = " ".join(f'"seat {p + 1}"' for p in range(players))
    title = (name or str(game)).replace('"', "'")
    lines = [f'EFG 2 R "{title}" {{ {seat_names} }}', '""']
    infosets: list[dict[str, int]] = [{} for _ in range(players)]
    outcomes = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            outcomes += 1
            payoffs = " ".join(repr(float(r)) for r in state.returns())
            lines.append(f't "" {outcomes} "" {{ {payoffs} }}')
            continue
        if state.is_chance_node():
            outs = sorted(state.chance_outcomes())
            arms = " ".join(f'"c{i}" {p!r}' for i, (_, p) in enumerate(outs))
            lines.append(f'c "" 1 {{ {arms} }} 0')
            actions = [a for a, _ in outs]
        else:
            player = state.current_player()
            book = infosets[player]
            number = book.setdefault(state.information_state_string(), len(book) + 1)
            actions = sorted(state.legal_actions())
            arms = " ".join(f'"a{i}"' for i in range(len(actions)))
            lines.append(f'p "" {player + 1} {number} {{ {arms} }} 0')
        stack.extend(state.child(a) for a in reversed(actions))  # the first child is written next
    return "\n".join(lines) + "\n"
