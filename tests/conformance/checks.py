"""The checks of the conformance suite: what every game must satisfy, whatever its rules.

:class:`Walk` plays seeded random playouts. Every step gets the cheap per-node checks (node type,
players to move, legal actions, chance outcomes, returns). Sampled steps (the first 16, then about
one in eight) also get a snapshot of everything the public API shows (``str``, every observation as
JSON), the illegal-action checks, the action descriptions and the information-state keys (each
seat's key against every key the walk met before). Deep steps (about one per octave of
the playout: 0, 1, 2-3, 4-7, ..., and the terminal state) get the expensive ones: clones, fresh
observations, replaying the history or save/load, resampling, description leaks. See :class:`Plan`.

Each check raises :class:`CheckFailure` with a message that names the game, options, seed and step,
so ``Walk(game, label, tmp_dir).run(seed)`` reproduces a failure. Only the public API is used.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import elementa
from elementa import CHANCE, SIMULTANEOUS, TERMINAL, Action, Agent, Game, IllegalActionError, State
from elementa.core import ActionSpace
from tests.support.fixed import Fixed

# The families of checks a :class:`Walk` can run besides the per-node ones that always run.
ILLEGAL = "illegal"  # sampled steps: bad ids, wrong players, terminal states are refused cleanly
CLONE = "clone"  # deep steps: clones are equal and independent; an id applies like its Action
OBS_COPY = "obs-copy"  # deep steps: observations are fresh data, not views of the state
REPLAY = "replay"  # deep steps: history() replays to the same state on a fresh initial state
SAVE = "save"  # deep steps: elementa.save / elementa.load reproduce the state
RESAMPLE = "resample"  # deep steps: resample_from_infostate keeps exactly what the player sees
DESCRIBE_HIDES = "describe-hides"  # deep steps: describe_action reveals nothing a viewer cannot see
INFO_KEY = "information-key"  # sampled steps: information_state_key splits states as observations do

STANDARD = frozenset({ILLEGAL, CLONE, OBS_COPY, REPLAY, SAVE, RESAMPLE, DESCRIBE_HIDES, INFO_KEY})
"""What :class:`Walk` runs by default: everything."""

TOLERANCE = 1e-6
"""Slack for sums of probabilities and for returns at the edges of the utility range."""


class CheckFailure(AssertionError):
    """A conformance check failed; the message says where and why."""


def viewers(n: int) -> list[int | None]:
    """Return every seat of an ``n``-player game and ``None`` (the spectator)."""
    return [*range(n), None]


def who(player: int | None) -> str:
    """Return a short name for a seat, a node constant or the spectator (``None``)."""
    names = {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal", None: "spectator"}
    return names[player] if player in names else f"player {player + 1} (seat {player})"


def describe_node(state: State) -> str:
    """Return the kind of node in words, for failure messages."""
    cp = state.current_player()
    if cp == SIMULTANEOUS:
        return f"simultaneous node, to move: {[who(p) for p in state.players_to_move()]}"
    if cp in (CHANCE, TERMINAL):
        return f"{who(cp)} node"
    return f"{who(cp)} to move"


def check(condition: object, where: str, message: str) -> None:
    """Raise :class:`CheckFailure` with ``where: message`` unless ``condition`` holds.

    The message is built before the call; on hot paths with costly messages use ``if not ...:
    fail(...)`` instead.
    """
    if not condition:
        fail(where, message)


def fail(where: str, message: str) -> NoReturn:
    """Raise :class:`CheckFailure` with ``where: message``."""
    raise CheckFailure(f"{where}: {message}")


# ------------------------------------------------------------------------------------ snapshots
def json_round_trip(value: Any, where: str, what: str) -> Any:
    """Return ``value`` after a JSON round trip, failing unless it serialises and comes back equal."""
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise CheckFailure(f"{where}: {what} is not JSON-serialisable: {e}") from None
    back = json.loads(text)
    if back != value:
        fail(
            where, f"{what} changes in a JSON round trip (tuples or non-string keys?): {value!r} -> {back!r}"
        )
    return back


RECENT_EVENTS = 48
"""How many of the newest events a snapshot keeps per viewer (with the total count)."""


def snapshot(state: State, where: str, *, validate: bool = False) -> dict[str, Any]:
    """Return everything the public API shows of a state, for comparisons.

    Also checks that ``str(state)`` is non-empty text and ``roles()`` is ``None`` or one string per
    seat. With ``validate``, every observation (each seat's and the spectator's) and the roles must
    survive a JSON round trip, and are stored after it: fresh data, so that a game returning views
    of its own lists cannot make a changed state look unchanged. Take the *first* snapshot of a
    comparison with ``validate`` (the later ones only need to be compared with it).
    """
    n = state.num_players()
    text = str(state)
    if not (isinstance(text, str) and text.strip()):
        fail(where, f"str(state) is {text!r}, not readable text")
    roles = state.roles()
    check(
        roles is None or (len(roles) == n and all(isinstance(r, str) and r for r in roles)),
        where,
        f"roles() {roles!r} is neither None nor one non-empty string per seat",
    )
    observations = {who(v): state.observation(v) for v in viewers(n)}
    for v in viewers(n):
        typed = state.view(v)
        if typed is not None:
            check(
                typed.to_json() == observations[who(v)],
                where,
                f"the JSON form of view({v}) differs from observation({v}): derive one from the other",
            )
    count = state.event_count()
    recent = max(0, count - RECENT_EVENTS)
    check(
        all(len(state.events_for(v)) <= count for v in viewers(n)) if recent == 0 else True,
        where,
        "a viewer sees more events than event_count()",
    )
    # the count and the newest events: the log is persistent (clones share its older entries), and
    # serialising every event at every sampled step made long games' walks quadratic
    events = {who(v): [count, *(e.to_json() for e in state.events_for(v, recent))] for v in viewers(n)}
    if validate:
        roles = json_round_trip(roles, where, "roles()")
        observations = {k: json_round_trip(o, where, f"observation of {k}") for k, o in observations.items()}
        events = {k: json_round_trip(e, where, f"events of {k}") for k, e in events.items()}
    return {
        "current player": state.current_player(),
        "players to move": list(state.players_to_move()),
        "str": text,
        "history": state.history(),
        "returns": list(state.returns()),
        "roles": roles,
        "observations": observations,
        "events": events,
        "legal actions": {
            who(p): [(a.id, a.label) for a in state.legal_actions(p)] for p in state.players_to_move()
        },
        "chance outcomes": [(a.id, a.label, prob) for a, prob in state.chance_outcomes()],
    }


def check_same(before: dict[str, Any], after: dict[str, Any], where: str, what: str) -> None:
    """Fail with the differing parts unless two snapshots are equal."""
    if before == after:
        return
    parts = []
    for key in before:
        if before[key] != after.get(key):
            parts.append(f"  {key}: {_short(before[key])}\n    -> {_short(after.get(key))}")
    raise CheckFailure(f"{where}: {what}\n" + "\n".join(parts))


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


# ------------------------------------------------------------------------------ per-node checks
def check_actions(game: Game, actions: list[Action], where: str, what: str, *, decode: bool = True) -> None:
    """Check a list of actions: non-empty, distinct ids in the action space, labelled, and (with
    ``decode``) each id decoding to the action's kind and arguments."""
    check(actions, where, f"{what}: no actions")
    ids = [a.id for a in actions]
    if len(set(ids)) != len(ids):
        fail(where, f"{what}: repeated action ids {sorted(ids)}")
    size = game.num_distinct_actions
    space = game.action_space
    for a in actions:
        if not isinstance(a, Action):
            fail(where, f"{what}: {a!r} is not an Action")
        if not (isinstance(a.id, int) and not isinstance(a.id, bool) and 0 <= a.id < size):
            fail(where, f"{what}: id {a.id!r} of {a!r} outside range({size})")
        if not (isinstance(a.label, str) and a.label.strip()):
            fail(where, f"{what}: {a!r} has no label")
        if decode and space.decode(a.id) != (a.kind, tuple(a.args)):
            fail(where, f"{what}: {a!r} does not match its id, which decodes to {space.decode(a.id)}")
        if decode:
            check_action_forms(space, a, where, what)


def check_action_forms(space: ActionSpace, a: Action, where: str, what: str) -> None:
    """Check that an action carries its kind's named parts and that its JSON form and notation read
    back to it (the forms every interface reads instead of the label)."""
    if a.schema != space.parts(a.kind):
        fail(where, f"{what}: {a!r} does not carry its kind's parts {space.parts(a.kind)}")
    unnamed = [p.name for p in a.schema if p.name.startswith("arg") and p.name[3:].isdigit()]
    check(not unnamed, where, f"{what}: {a.kind}'s parts {unnamed} have no names")
    data = json_round_trip(a.to_json(), where, f"{a!r}.to_json()")
    check(space.from_json(data) == (a.kind, a.args), where, f"{what}: {data} does not read back to {a!r}")
    text = a.notation()
    check(space.parse(text) == (a.kind, a.args), where, f"{what}: {text!r} does not read back to {a!r}")


def check_node(state: State, where: str, *, thorough: bool = False) -> None:
    """Check one state through the public API (cheap enough for every step).

    Node type and players to move, returns (length; within the utility range at the end), the
    heuristic ``evaluate()`` (none, or one value per seat within the utility range), chance
    outcomes (non-empty, distinct, positive, summing to 1), legal actions (non-empty for every player
    to move, distinct, in the action space, labelled). ``thorough`` adds: a second call gives the same
    legal actions, and seats not to move have none.
    """
    game = state.game
    n = game.num_players
    cp = state.current_player()
    check(
        isinstance(cp, int) and (cp in (CHANCE, SIMULTANEOUS, TERMINAL) or 0 <= cp < n),
        where,
        f"current_player() is {cp!r}: neither a seat of {n} nor CHANCE/SIMULTANEOUS/TERMINAL",
    )
    returns = state.returns()
    check(len(returns) == n, where, f"returns() has {len(returns)} entries for {n} players")
    check(
        all(isinstance(r, int | float) and math.isfinite(r) for r in returns),
        where,
        f"returns() {returns} are not all finite numbers",
    )
    to_move = state.players_to_move()
    lo, hi = game.utility_range()
    estimate = None if cp == TERMINAL else state.evaluate()
    ok = [math.isfinite(v) and lo - TOLERANCE <= v <= hi + TOLERANCE for v in estimate or []]
    check(
        estimate is None or (len(estimate) == n and all(ok)),
        where,
        f"evaluate() {estimate} is not one finite value per seat within utility_range() {(lo, hi)}",
    )
    if cp == TERMINAL:
        check(
            all(lo - TOLERANCE <= r <= hi + TOLERANCE for r in returns),
            where,
            f"terminal returns {returns} outside utility_range() {(lo, hi)}",
        )
        check(to_move == [], where, f"players_to_move() is {to_move} at a terminal state")
        check(state.legal_actions() == [], where, "legal_actions() is not empty at a terminal state")
        check(state.chance_outcomes() == [], where, "chance_outcomes() is not empty at a terminal state")
        return
    if cp == CHANCE:
        check(game.info.chance, where, "a chance node in a game whose GameInfo says chance=False")
        check(to_move == [], where, f"players_to_move() is {to_move} at a chance node")
        outcomes = state.chance_outcomes()
        check_actions(game, [a for a, _ in outcomes], where, "chance_outcomes()", decode=thorough)
        probs = [p for _, p in outcomes]
        if not all(isinstance(p, int | float) and math.isfinite(p) and p > 0 for p in probs):
            fail(where, f"chance probabilities {probs} are not all positive")
        if abs(sum(probs) - 1) > TOLERANCE:
            fail(where, f"chance probabilities sum to {sum(probs)}, not 1")
        if thorough:
            again = [(a.id, p) for a, p in state.chance_outcomes()]
            check(again == [(a.id, p) for a, p in outcomes], where, "chance_outcomes() is not stable")
        check_sampler(state, outcomes, where)
        return
    if cp == SIMULTANEOUS:
        check(game.info.simultaneous, where, "a simultaneous node in a game whose GameInfo says otherwise")
        check(
            to_move and len(set(to_move)) == len(to_move) and all(0 <= p < n for p in to_move),
            where,
            f"players_to_move() {to_move} is not a non-empty list of distinct seats",
        )
        movers = [q for q in range(n) if state._to_move(q)]  # a game's faster test of the same list
        check(movers == sorted(to_move), where, f"_to_move() says {movers} move, not {to_move}")
    else:
        check(to_move == [cp], where, f"players_to_move() is {to_move}, not [{cp}]")
    for p in to_move:
        first = state.legal_actions(p)
        check_actions(game, first, where, f"legal_actions({p})", decode=thorough)
        if thorough:
            labels = Counter(" ".join(a.label.split()).lower() for a in first)
            for a in first[:3] + first[-2:]:
                unique = labels[" ".join(a.label.split()).lower()] == 1
                for form in (a.to_json(), a.notation(), a.id, *([a.label] if unique else [])):
                    found = state.parse_action(form, p)
                    check(found.id == a.id, where, f"parse_action({form!r}) gives {found!r}, not {a!r}")
            second = state.legal_actions(p)
            check(
                [(a.id, a.label) for a in first] == [(a.id, a.label) for a in second],
                where,
                f"legal_actions({p}) is not stable: two calls gave different lists",
            )
    if thorough:
        for q in range(n):
            if q not in to_move:
                check(state.legal_actions(q) == [], where, f"{who(q)} is not to move but has legal actions")


class FixedDraw(Fixed):
    """A :class:`Fixed` generator that counts its ``random()`` calls; any other draw
    (``getrandbits``, so ``randrange`` and ``choice``) fails."""

    def __init__(self, value: float) -> None:
        super().__init__(value)
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        raise AssertionError("sample_chance_outcome drew with getrandbits, not one random()")


def check_sampler(state: State, outcomes: list[tuple[Action, float]], where: str) -> None:
    """Check that ``sample_chance_outcome`` draws what ``sample_outcome`` over ``chance_outcomes()``
    draws, with one ``random()`` call, for ``random()`` values 1%, 50% and 99% of the way into each
    outcome's share of ``[0, 1)`` (not at the shares' very edges, where two sums of the same
    probabilities may round apart)."""
    values, acc = [], 0.0
    for _, p in outcomes:
        values += [acc + p * 0.01, acc + p * 0.5, acc + p * 0.99]
        acc += p
    for r in values:
        draw = FixedDraw(r)
        got = state.sample_chance_outcome(draw)
        want = elementa.core.sample_outcome(outcomes, FixedDraw(r))
        check(
            got.id == want.id and draw.calls == 1,
            where,
            f"sample_chance_outcome() drew {got.label!r} with {draw.calls} random() calls for "
            f"random() = {r}, where sample_outcome over chance_outcomes() draws {want.label!r} with one",
        )


def check_descriptions(state: State, action: Action, actor: int, where: str) -> None:
    """Check that ``describe_action`` gives every viewer a non-empty string for the action taken."""
    for v in viewers(state.num_players()):
        text = state.describe_action(action, actor, v)
        check(
            isinstance(text, str) and text.strip(),
            where,
            f"describe_action({action!r}, {actor}, {v}) is {text!r}, not a non-empty string",
        )


# -------------------------------------------------------------------------------- illegal actions
def illegal_attempts(state: State, rng: random.Random) -> list[tuple[object, int | None]]:
    """Return ``(action, player)`` pairs that ``apply_action`` must refuse in this state.

    Ids outside the action space, values of the wrong type, ids sampled from outside the legal set,
    legal actions given for the wrong player (or, at a simultaneous node, with no player), legal
    actions given with a player that is not a seat number (``"0"``, ``0.0``, ``False``), and any
    action at all on a terminal state.
    """
    game = state.game
    n = game.num_players
    size = game.num_distinct_actions
    cp = state.current_player()
    if cp == TERMINAL:
        return [(0, None), (size - 1, None), (rng.randrange(size), 0), (-1, None), ("0", None)]
    to_move = state.players_to_move()
    actors: list[int] = [CHANCE] if cp == CHANCE else list(to_move)
    some = actors[0] if cp == SIMULTANEOUS else None
    attempts: list[tuple[object, int | None]] = [
        (-1, some),
        (size, some),
        (True, some),
        ("0", some),
        (1.0, some),
        (None, some),
    ]
    for actor in actors:
        player = actor if cp == SIMULTANEOUS else None
        legal = set(state.legal_action_ids(None if actor == CHANCE else actor))
        attempts += [(i, player) for i in _sample_outside(legal, size, rng, 3)]
    legal_id = state.legal_action_ids(None if cp == CHANCE else actors[0])[0]
    if cp == SIMULTANEOUS:
        wrong = [q for q in range(n) if q not in to_move]
        attempts.append((legal_id, None))  # the player is missing
    else:
        wrong = [q for q in range(n) if q != cp]
    for q in [*rng.sample(wrong, min(2, len(wrong))), n, CHANCE if cp != CHANCE else 0]:
        attempts.append((legal_id, q))
    # a legal move with a player that is not a seat number (bool is an int: False would pass for seat 0)
    attempts += [(legal_id, bad) for bad in ("0", str(actors[0]), 0.0, float(actors[0]), False, True)]
    return attempts


def _sample_outside(legal: set[int], size: int, rng: random.Random, k: int) -> list[int]:
    if size <= 64:
        return rng.sample(sorted(set(range(size)) - legal), min(k, size - len(legal)))
    found: set[int] = set()
    for _ in range(20 * k):
        i = rng.randrange(size)
        if i not in legal:
            found.add(i)
            if len(found) == k:
                break
    return sorted(found)


def check_illegal(state: State, before: dict[str, Any], rng: random.Random, where: str) -> None:
    """Check that every attempt of :func:`illegal_attempts` raises IllegalActionError, changing nothing."""
    attempts = illegal_attempts(state, rng)
    for action, player in attempts:
        attempt = f"apply_action({action!r}, player={player!r})"
        try:
            state.apply_action(action, player)  # type: ignore[arg-type]
        except IllegalActionError as e:
            check(e.reason and str(e), where, f"{attempt} raised IllegalActionError without a reason")
        except Exception as e:  # any other exception is the failure being reported
            raise CheckFailure(
                f"{where}: {attempt} raised {type(e).__name__}: {e}, not IllegalActionError"
            ) from e
        else:
            raise CheckFailure(f"{where}: {attempt} was accepted, but it is illegal here")
    tried = ", ".join(f"{a!r}/{p!r}" for a, p in attempts)
    check_same(before, snapshot(state, where), where, f"refused illegal actions changed the state ({tried})")


# --------------------------------------------------------------------------------- deep checks
def check_observations_are_copies(state: State, before: dict[str, Any], where: str) -> None:
    """Check that clearing every list and dict of an observation does not change the state."""
    victim = state.clone()
    for v in viewers(state.num_players()):
        _clear(victim.observation(v))
        check_same(
            before,
            snapshot(victim, where),
            where,
            f"clearing the lists/dicts of observation({v}) changed the state: "
            "observation() must return fresh data, not the state's own containers",
        )


def _clear(value: Any) -> None:
    if isinstance(value, dict):
        for item in value.values():
            _clear(item)
        value.clear()
    elif isinstance(value, list):
        for item in value:
            _clear(item)
        value.clear()


def check_replay(state: State, before: dict[str, Any], where: str) -> None:
    """Check that ``history()`` replayed on ``new_initial_state(seed)`` gives the same state."""
    fresh = state.game.new_initial_state(state.seed)
    for i, (player, action_id) in enumerate(state.history()):
        try:
            fresh.apply_action(action_id, player)
        except IllegalActionError as e:
            raise CheckFailure(f"{where}: history()[{i}] = {(player, action_id)} does not replay: {e}") from e
    check_same(before, snapshot(fresh, where), where, "replaying history() gives a different state")


def check_save_load(state: State, before: dict[str, Any], tmp_dir: Path, where: str, tag: str) -> None:
    """Check that ``elementa.save`` then ``elementa.load`` gives the same state, seed and options."""
    path = elementa.save(state, tmp_dir / f"{tag}.json")
    loaded = elementa.load(path)
    check(loaded.seed == state.seed, where, f"load() gives seed {loaded.seed}, saved {state.seed}")
    check(
        loaded.game.options == state.game.options,
        where,
        f"load() gives options {loaded.game.options}, saved {state.game.options}",
    )
    check_same(before, snapshot(loaded, where), where, "save() then load() gives a different state")


def check_resample(state: State, before: dict[str, Any], rng: random.Random, where: str) -> None:
    """Check ``resample_from_infostate`` for every seat, and that it leaves the original alone.

    The resampled state must show the seat exactly the same observation (also for a second rng seed)
    and give it the same ``information_state_key``; it must be at the same node, with the same players
    to move and legal actions of that seat, and must play on for a few random steps. In a game
    declared perfect-information every viewer's observation must stay the same.
    """
    game = state.game
    for p in range(game.num_players):
        mine = who(p)
        for seed in (rng.randrange(2**31), rng.randrange(2**31)):
            at = f"{where}: resample_from_infostate({p}, Random({seed}))"
            r = state.resample_from_infostate(p, random.Random(seed))
            check(r is not state, at, "returned the original state, not a new one")
            check(r.game.options == game.options, at, "belongs to a game with other options")
            seen = json_round_trip(r.observation(p), at, f"observation({p})")
            if seen != before["observations"][mine]:
                fail(
                    at,
                    f"shows {mine} a different observation:\n  {_short(before['observations'][mine])}"
                    f"\n  -> {_short(seen)}",
                )
            check(
                r.information_state_key(p) == state.information_state_key(p),
                at,
                f"information_state_key({p}) changed though {mine}'s observation did not: the key "
                "depends on something the seat does not see",
            )
            node = {"current player": r.current_player(), "players to move": r.players_to_move()}
            for key, got in node.items():
                check(got == before[key], at, f"{key} is {got}, not {before[key]}")
            theirs, ours = r.legal_action_ids(p), state.legal_action_ids(p)
            check(theirs == ours, at, f"legal actions of {mine} are {theirs}, not {ours}")
            if game.info.perfect_information:
                check(
                    snapshot(r, at)["observations"] == before["observations"],
                    at,
                    "changes what some viewer sees in a game declared perfect_information=True",
                )
            continue_randomly(r, rng, 3, at)
    check_same(before, snapshot(state, where), where, "resample_from_infostate changed the original state")


def continue_randomly(state: State, rng: random.Random, steps: int, where: str) -> None:
    """Apply up to ``steps`` random legal actions, checking every node on the way."""
    for i in range(steps):
        at = f"{where}, continuation step {i}"
        check_node(state, at)
        if state.is_terminal():
            return
        actor, action = choose(state, rng)
        try:
            state.apply_action(action, actor)
        except IllegalActionError as e:
            raise CheckFailure(f"{at}: legal {action!r} was refused: {e}") from e


def check_descriptions_hide(state: State, rng: random.Random, where: str, limit: int = 8) -> None:
    """Check that ``describe_action`` tells no viewer what that viewer's observation does not.

    For each actor and up to ``limit`` of its actions (or chance outcomes): if after applying two of
    them viewer ``v`` sees the same observation while some other viewer sees a difference, the
    difference is hidden from ``v``, so ``describe_action(action, actor, v)`` must read the same.
    """
    n = state.num_players()
    cp = state.current_player()
    actors = [CHANCE] if cp == CHANCE else state.players_to_move()
    for actor in actors:
        actions = state.legal_actions(None if actor == CHANCE else actor)
        if len(actions) > limit:
            actions = rng.sample(actions, limit)
        seen: dict[int, list[str]] = {}
        told: dict[int, list[str]] = {}  # the events each viewer gets from the action
        start = state.event_count()
        for a in actions:
            after = state.clone()
            after.apply_action(a, actor)
            seen[a.id] = [json.dumps(after.observation(v), sort_keys=True) for v in viewers(n)]
            told[a.id] = [
                json.dumps([e.to_json() for e in after.events_for(v, start)], sort_keys=True)
                for v in viewers(n)
            ]
        for i, v in enumerate(viewers(n)):
            groups: dict[str, list[Action]] = {}
            for a in actions:
                groups.setdefault(seen[a.id][i], []).append(a)
            for group in groups.values():
                hidden = any(len({seen[a.id][j] for a in group}) > 1 for j in range(n + 1))
                if not hidden:
                    continue
                events = {a.label: told[a.id][i] for a in group}
                check(
                    len(set(events.values())) == 1,
                    where,
                    f"the events tell {who(v)} which of {sorted(events)} {who(actor)} took "
                    f"({sorted(set(events.values()))[:2]}); {who(v)}'s observation afterwards is the "
                    "same for all of them while another viewer's differs (give the event an audience "
                    "and a redacted form)",
                )
                texts = {a.label: state.describe_action(a, actor, v) for a in group}
                check(
                    len(set(texts.values())) == 1,
                    where,
                    f"describe_action tells {who(v)} which of {sorted(texts)} {who(actor)} took, "
                    f"as {sorted(set(texts.values()))}; {who(v)}'s observation afterwards is the same "
                    "for all of them while another viewer's differs, so the description leaks hidden "
                    "information (override describe_action)",
                )


# ------------------------------------------------------------------------------------ the walk
def choose(state: State, rng: random.Random) -> tuple[int, Action]:
    """Return ``(actor, action)``: a random chance outcome (by probability) or a random legal action.

    At a simultaneous node the actor is a random one of the players still to move.
    """
    cp = state.current_player()
    if cp == CHANCE:
        outcomes = state.chance_outcomes()
        return CHANCE, rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
    actor = rng.choice(state.players_to_move()) if cp == SIMULTANEOUS else cp
    return actor, rng.choice(state.legal_actions(actor))


@dataclass
class Plan:
    """Which steps of a playout get which checks.

    Every step gets :func:`check_node`. A *sampled* step (all of the first ``head`` steps, then each
    with probability ``1 / every``) also gets a snapshot (``str``, observations as JSON), the illegal
    actions and the action descriptions. A *deep* step (step 0, then one random step in each octave
    [1, 2), [2, 4), [4, 8), ...) gets the expensive checks; the terminal state gets both. Replaying
    the history alternates with save/load between octaves, so their work stays about the length of
    the playout.
    """

    rng: random.Random
    every: int = 8
    head: int = 16
    deep: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.deep = {0} | {self.rng.randrange(2**j, 2 ** (j + 1)) for j in range(32)}

    def sampled(self, step: int) -> bool:
        """Whether ``step`` gets the snapshot-based checks (call once per step, in order)."""
        return step < self.head or step in self.deep or self.rng.random() * self.every < 1

    @staticmethod
    def replays(step: int) -> bool:
        """Whether a deep ``step`` replays the history (else it saves and loads)."""
        return step.bit_length() % 2 == 0


@dataclass
class KeyBook:
    """The information-state keys a walk has met, each with the seat and observation it stands for.

    :meth:`check` fails when one key stands for two observations (a key that leaves out something
    the seat sees, so a search would mix up information sets) or one observation gets two keys (a
    key that depends on something the seat does not see).
    """

    shown: dict[bytes, tuple[int, str]] = field(default_factory=dict)
    keys: dict[tuple[int, str], bytes] = field(default_factory=dict)

    def check(self, state: State, where: str) -> None:
        """Check every seat's ``information_state_key`` in ``state`` against the keys met before."""
        for p in range(state.game.num_players):
            key = state.information_state_key(p)
            check(isinstance(key, bytes), where, f"information_state_key({p}) is {key!r}, not bytes")
            seen = (p, repr(state.observation(p)))
            earlier = self.shown.setdefault(key, seen)
            if earlier != seen:
                fail(
                    where,
                    f"information_state_key({p}) is also the key of another observation, so it leaves "
                    f"out something the seat sees:\n  {_short(earlier)}\n  {_short(seen)}",
                )
            if self.keys.setdefault(seen, key) != key:
                fail(
                    where,
                    f"information_state_key({p}) differs between two states that show {who(p)} the same "
                    "observation: the key depends on something the seat does not see",
                )


@dataclass
class Walk:
    """Seeded random playouts with checks.

    Attributes:
        game: the game to play.
        label: names the game and options in failure messages, for example ``"toy-dice[default]"``.
        tmp_dir: a directory for save files.
        checks: the families of checks to run besides the per-node ones (see :data:`STANDARD`).
        max_steps: a playout longer than this fails as one that does not end.
        sample_every: about one step in this many gets the snapshot-based checks (1: every step).
        stats: counts of steps, sampled steps and deep steps walked so far.
        keys: the information-state keys met so far, over every playout of this walk.
    """

    game: Game
    label: str
    tmp_dir: Path
    checks: frozenset[str] = STANDARD
    max_steps: int = 10_000
    sample_every: int = 8
    stats: Counter[str] = field(default_factory=Counter)
    keys: KeyBook = field(default_factory=KeyBook)

    def run(self, seed: int) -> State:
        """Play one playout from ``new_initial_state(seed)``, its choices drawn from ``seed`` too.

        Returns:
            The terminal state.

        Raises:
            CheckFailure: a check failed; the message names the game, options, seed and step.
        """
        rng = random.Random(f"{self.label}/{seed}")
        plan = Plan(random.Random(f"plan/{self.label}/{seed}"), self.sample_every)
        state = self.game.new_initial_state(seed)
        where = f"{self.label} seed={seed}"
        check(state.seed == seed, where, f"new_initial_state({seed}).seed is {state.seed}")
        if not self.game.info.perfect_information:
            check(
                type(state).resample_from_infostate is not State.resample_from_infostate,
                where,
                "the game hides information (perfect_information=False) but keeps the default "
                "resample_from_infostate, which hands the true state to search agents",
            )
        history: list[tuple[int, int]] = []
        step = 0
        while True:
            at = f"{where} step {step} ({describe_node(state)})"
            sampled = plan.sampled(step) or state.is_terminal()
            check_node(state, at, thorough=sampled)
            deep = step in plan.deep or state.is_terminal()
            before: dict[str, Any] = {}
            if sampled:
                self.stats["sampled"] += 1
                before = snapshot(state, at, validate=True)
                check(before["history"] == history, at, "history() is not the actions applied so far")
                if ILLEGAL in self.checks:
                    check_illegal(state, before, rng, at)
                if INFO_KEY in self.checks:
                    self.keys.check(state, at)
            if deep:
                self._deep(state, before, rng, at, step, seed)
            if state.is_terminal():
                break
            check(
                step < self.max_steps,
                at,
                f"no terminal state after {self.max_steps} random steps (a game that is legitimately "
                "longer: set ELEMENTA_CONFORMANCE_MAX_STEPS)",
            )
            actor, action = choose(state, rng)
            if sampled:
                check_descriptions(state, action, actor, at)
            if deep and DESCRIBE_HIDES in self.checks:
                check_descriptions_hide(state, rng, at)
            self._apply(state, before, actor, action, rng, at, deep)
            history.append((actor, action.id))
            step += 1
        self.stats["steps"] += step
        return state

    def _deep(
        self, state: State, before: dict[str, Any], rng: random.Random, at: str, step: int, seed: int
    ) -> None:
        self.stats["deep"] += 1
        if CLONE in self.checks:
            check_same(before, snapshot(state.clone(), at), at, "clone() differs from the original")
        if OBS_COPY in self.checks:
            check_observations_are_copies(state, before, at)
        if REPLAY in self.checks and (Plan.replays(step) or state.is_terminal()):
            check_replay(state, before, at)
        if SAVE in self.checks and (not Plan.replays(step) or state.is_terminal()):
            check_save_load(state, before, self.tmp_dir, at, f"seed{seed}-step{step}")
        if RESAMPLE in self.checks:
            check_resample(state, before, rng, at)

    def _apply(
        self,
        state: State,
        before: dict[str, Any],
        actor: int,
        action: Action,
        rng: random.Random,
        at: str,
        deep: bool,
    ) -> None:
        """Apply the chosen action as an Action or as its id (at random), checking clones on the way.

        On deep steps: a clone given the other form first must not change the original, must end
        equal to it, and a clone taken before must not change when the original moves on.
        """
        by_id = rng.random() < 0.5
        # the player may be left out except at a simultaneous node; name it half the time elsewhere
        named = state.is_simultaneous_node() or rng.random() < 0.5
        player = actor if named else None
        kept = other = None
        if deep and CLONE in self.checks:
            kept = state.clone()
            other = state.clone()
            other.apply_action(action if by_id else action.id, player)
            check_same(before, snapshot(state, at), at, "applying an action to a clone changed the original")
        try:
            state.apply_action(action.id if by_id else action, player)
        except IllegalActionError as e:
            raise CheckFailure(f"{at}: legal action {action!r} of {who(actor)} was refused: {e}") from e
        if kept is not None and other is not None:
            check_same(before, snapshot(kept, at), at, "applying an action to the original changed a clone")
            check_same(
                snapshot(state, at),
                snapshot(other, at),
                at,
                f"apply_action({action.id}) and apply_action(<the Action>) give different states",
            )


# ------------------------------------------------------------------------------------- agents
class ReplayableRandomAgent(Agent):
    """A random agent whose choice depends only on its seed and the history length.

    It keeps no state between calls, so a game resumed from a save continues exactly as it would have.
    """

    name = "replayable-random"

    def __init__(self, player: int, seed: int = 0) -> None:
        super().__init__(player, seed)
        self.seed = seed

    def step(self, state: State) -> Action:
        rng = random.Random(f"{self.seed}/{self.player}/{len(state.history())}")
        return rng.choice(state.legal_actions(self.player))


class WatchedAgent(Agent):
    """Wraps an agent: checks that it returns a legal action and (on the first 16 calls, then about
    one in ``every``) that it leaves the state exactly as it found it; through :meth:`choose`, also
    that it leaves the legal actions it is given as they were."""

    def __init__(self, inner: Agent, where: str, every: int = 8) -> None:
        super().__init__(inner.player, seed=inner.player)
        self.inner = inner
        self.where = where
        self.name = inner.name
        self.every = every
        self.calls = 0

    def step(self, state: State) -> Action:
        return self._watch(state, "step()", lambda: self.inner.step(state))

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        given = [(a.id, a.label) for a in legal]
        action = self._watch(state, "choose()", lambda: self.inner.choose(state, legal))
        if [(a.id, a.label) for a in legal] != given:
            at = f"{self.where} step {len(state.history())}"
            fail(at, "the agent's choose() changed the legal actions it was given")
        return action

    def _watch(self, state: State, call: str, ask: Callable[[], Action]) -> Action:
        at = f"{self.where} step {len(state.history())} ({self.inner!r})"
        self.calls += 1
        watch = self.calls <= 16 or self.rng.random() * self.every < 1
        before = snapshot(state, at, validate=True) if watch else {}
        action = ask()
        if watch:
            check_same(before, snapshot(state, at), at, f"the agent's {call} changed the state")
        if not (isinstance(action, Action) and action.id in state.legal_action_ids(self.player)):
            fail(at, f"the agent chose {action!r}, not one of its legal actions")
        return action
