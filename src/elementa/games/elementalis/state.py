"""The ElementaliS state: the draft, the turn's rolls, spell phases, Elemental Opposition, scoring.

A turn runs: (Chaotica choose a Major) -> Flux Tap -> Power Roll -> [Cultist reroll] -> spell phase
(simultaneous declarations, then casting from the active player clockwise) -> scoring -> stop or
Chance Roll -> ... -> Cosmic Roll -> end of turn. Each die is one chance node.

The flow is a core :class:`~elementa.core.flow.Flow` of the typed steps in :mod:`.steps`,
:mod:`.casting` and :mod:`.opposition`: the step on top is what the game waits for, and what a step
must come back to lies below it (what follows a roll below its dice, what follows a Mana choice
below the choice). The game is over when the flow is empty.

source: elementalis.txt, Structure of a Turn; Rolls; End of Turn / Round; Ending the Game.
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from elementa.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    ActionSpace,
    Flow,
    Moved,
    Place,
    State,
    describe_player,
    die_outcomes,
    pick_uniform,
    win_shares,
)
from elementa.games.elementalis import casting, opposition
from elementa.games.elementalis.dice import Die
from elementa.games.elementalis.elements import (
    ARCANA_NAMES,
    ELEMENT_NAMES,
    ELEMENTS,
    FACE_NAMES,
    MAGE_TYPES,
    NUM_ARCANA,
    SUN,
    MageType,
    mage_type,
    mana_text,
)
from elementa.games.elementalis.phases import (
    CAST,
    CHAOS,
    CONTINUE,
    CULTIST,
    DECLARE,
    OPPOSITION_DIE,
    OVER,
    REACT,
    TARGET_MANA,
)
from elementa.games.elementalis.scoring import NO_MANA, Mana, all_vectors, score_counts
from elementa.games.elementalis.steps import (
    AFTER_SCORE,
    CHAOS_OF,
    CONTINUE_OF,
    CULTIST_OF,
    POWER_ROLLED,
    START_POWER_ROLL,
    CosmicGift,
    Declare,
    DraftMajor,
    ElementalisStep,
    EndTurn,
    ManaChoice,
    PendingSpell,
    Purpose,
    Roll,
    Stage,
)

if TYPE_CHECKING:
    from elementa.games.elementalis.game import ElementalisGame
    from elementa.games.elementalis.views import ElementalisView

_ROLLS: Final = {i: Roll(i) for i in (OPPOSITION_DIE, *range(casting.MAX_DICE + 1))}
"""The chance step of each die (the commonest steps, made once)."""
_DECLARE: Final = Declare()
_END_TURN: Final = EndTurn()


def fixed_actions(sp: ActionSpace) -> dict[str, tuple[Action, ...]]:
    """The choices of the decisions that never vary, built once per game (labels are costly).

    Keyed by phase; ``CONTINUE`` is the choice after a Power Roll, ``"continue_cosmic"`` after a
    Chance Roll. The passes that end a varying list are kept too: ``CAST`` (keep the declaration
    to answer a spell, forfeit it), ``REACT``, ``TARGET_MANA`` and ``"tap"`` (no Flux Tap).
    """
    return {
        CHAOS: tuple(
            sp.make("chaos", e, label=f"choose {ELEMENT_NAMES[e]} as this round's Major") for e in ELEMENTS
        ),
        CULTIST: (
            sp.make("reroll_sun", label="reroll the Sun die"),
            sp.make("pass", label="keep the Sun die"),
        ),
        DECLARE: (sp.make("declare", label="declare a spell"), sp.make("pass", label="declare nothing")),
        CONTINUE: (
            sp.make("roll", label="take the Chance Roll"),
            sp.make("bank", label="stop and bank the Channel"),
        ),
        "continue_cosmic": (
            sp.make("roll", label="take the Cosmic Roll"),
            sp.make("bank", label="stop and bank the Channel"),
        ),
        CAST: (
            sp.make("pass", label="keep the declaration to answer a spell cast on you"),
            sp.make("pass", label="forfeit the declaration"),
        ),
        REACT: (sp.make("pass", label="let the spell resolve"),),
        TARGET_MANA: (sp.make("pass", label="no more targets"),),
        "tap": (sp.make("pass", label="no Flux Tap"),),
    }


def draft_actions(sp: ActionSpace) -> tuple[tuple[Action, ...], tuple[dict[int, Action], ...]]:
    """The draft's choices, built once per game: ``majors[a]`` takes Arcana ``a`` as Major,
    ``minors[major][b]`` takes ``b`` as Minor beside that Major (only the pairs of the mage-type table)."""
    majors = tuple(sp.make("major", a, label=f"take {ARCANA_NAMES[a]} as Major") for a in range(NUM_ARCANA))
    minors = tuple(
        {
            b: sp.make("minor", b, label=f"take {ARCANA_NAMES[b]} as Minor ({kind.value})")
            for b, kind in enumerate(MAGE_TYPES[major])
            if kind is not None
        }
        for major in range(NUM_ARCANA)
    )
    return majors, minors


def claim_actions(sp: ActionSpace) -> tuple[tuple[Action, ...], ...]:
    """Elemental Opposition's claims, built once per game: ``[element][k]`` picks up ``k`` dice
    showing that element (``k`` from 0 to every die a turn can hold)."""
    return tuple(
        tuple(
            sp.make("claim", k, label=f"pick up and roll {k} {FACE_NAMES[e]} dice" if k else "roll nothing")
            for k in range(casting.MAX_DICE + 1)
        )
        for e in ELEMENTS
    )


@functools.lru_cache(maxsize=1 << 10)
def _declared_text(order: tuple[int, ...]) -> str:
    """The log line naming the seats that declared, in casting order (memoized on the seats: 7 seats
    make 896 orders)."""
    return "declared: " + (", ".join([f"player {p + 1}" for p in order]) if order else "nobody")


@mypyc_attr(allow_interpreted_subclasses=True)  # pickle and copy make it without __init__ (setup.py)
class ElementalisState(State["ElementalisGame"]):  # quoted: the game module imports this module
    """A position of ElementaliS. Read it through the public State API; fields are internal."""

    # slots: CPython 3.11 gives up its compact instance dictionaries at 30 attributes, which
    # made every attribute read of this state slower
    __slots__ = (
        "_history",
        "_legal",
        "active",
        "cast_this_turn",
        "casters",
        "channel",
        "chosen",
        "claims",
        "colourless",
        "cultist_used",
        "declared",
        "dice",
        "ether_leak",
        "flow",
        "flux",
        "game",
        "links",
        "log",
        "major",
        "minor",
        "opp_faces",
        "pending",
        "pool",
        "repertoires",
        "reserved",
        "round",
        "seed",
        "stage",
        "steps",
        "undeclared",
    )

    def __init__(self, game: ElementalisGame, seed: int | None, *, blank: bool = False) -> None:
        super().__init__(game, seed)
        if blank:  # clone() sets the rest (compiled classes cannot be made without __init__)
            return
        n = game.num_players
        self.flow = Flow([DraftMajor(0)])  # the pending steps (see .steps): the top is what it waits for
        self.steps: list[ElementalisStep] = self.flow.steps  # type: ignore[assignment]  # the flow holds ElementalisSteps only
        self.major: list[int | None] = [None] * n
        self.minor: list[int | None] = [None] * n
        self.chosen: list[int | None] = [None] * n  # Chaotica's element for this round
        # each seat's casting.repertoires (without, with Ether Leak), kept as its Arcana change
        self.repertoires: list[tuple[casting.Repertoire, casting.Repertoire] | None] = [None] * n
        self.pool: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        self.colourless = [0] * n
        self.flux = [game.options.mana_supply if game.options.mana_supply_limit else 10**9] * 4
        self.round = 1
        self.active = 0
        self.channel = [0, 0, 0, 0]
        self.dice: list[Die] = []
        self.stage = ""  # "power", "chance" or "cosmic": the roll being resolved
        self.cultist_used = False
        self.ether_leak = False
        self.cast_this_turn: set[tuple[int, int]] = set()
        self.links: list[tuple[int, int]] = []  # (owner, linked player), until the round ends
        self.declared: dict[int, bool | None] = {}
        self.undeclared: list[int] = []  # the seats of ``declared`` still to declare (value None), in order
        self.casters: list[int] = []  # the declared seats still to cast, the one casting now last
        self.reserved: set[int] = set()  # declared seats keeping their declaration to answer a spell
        self.pending: PendingSpell | None = None  # the spell being cast
        self.claims: list[tuple[int, int]] = []  # Elemental Opposition: (player, dice picked up)
        self.opp_faces: list[int] = []
        self.log: list[str] = []  # public events of this turn
        self._legal: dict[int, list[Action]] = {}  # legal actions per seat, until the next _apply

    # ------------------------------------------------------------------------------ mage helpers
    def mage(self, p: int) -> MageType | None:
        """Return a seat's mage type, or ``None`` during the draft."""
        a, b = self.major[p], self.minor[p]
        return None if a is None or b is None else MAGE_TYPES[a][b]

    def major_element(self, p: int) -> int | None:
        """Return the element a seat counts as its Major now (Chaotica: this round's choice), or None."""
        m = self.major[p]
        if m in ELEMENTS:
            return m
        return self.chosen[p] if self.mage(p) is MageType.CHAOTICA else None

    def coloured(self, p: int) -> int:
        """Return the coloured Mana in a seat's Pool."""
        return sum(self.pool[p])

    def total(self, p: int) -> int:
        """Return a seat's score: all Mana in its Pool, colourless included (ruling ELS-A23)."""
        return sum(self.pool[p]) + self.colourless[p]

    def seats_from(self, first: int) -> list[int]:
        """Return every seat clockwise starting at ``first``."""
        n = self.game.num_players
        return [(first + i) % n for i in range(n)]

    def gain(self, target: list[int], vec: Mana | list[int]) -> None:
        """Move Mana from the Flux to a Pool or the Channel; a colour the Flux lacks is lost (ELS-A17)."""
        flux = self.flux
        for c, k in enumerate(vec):
            if k:  # most vectors hold one or two colours
                k = min(k, flux[c])
                flux[c] -= k
                target[c] += k

    def to_flux(self, source: list[int], vec: Mana | list[int], place: Place) -> None:
        """Return Mana from a Pool or the Channel (``place``, named for its events) to the Flux."""
        if self.recording:
            self._moved(vec, place, Place("Flux"))
        for c, k in enumerate(vec):
            source[c] -= k
            self.flux[c] += k

    # ------------------------------------------------------------------------------ protocol
    @property
    def phase(self) -> str:
        """The decision point the views show: the ``phase`` of the step on top of the flow, or
        ``"over"`` once the flow is empty (the game is over)."""
        steps = self.steps
        return steps[-1].phase if steps else OVER

    @property
    def choice(self) -> ManaChoice | None:
        """The Mana choice under way (the step on top of the flow), or ``None``."""
        steps = self.steps
        top = steps[-1] if steps else None
        return top if isinstance(top, ManaChoice) else None

    def current_player(self) -> int:
        steps = self.steps
        if not steps:
            return TERMINAL
        top = steps[-1]
        return CHANCE if type(top) is Roll else top.actor(self)  # dice first: half the nodes

    def is_terminal(self) -> bool:
        """Return whether the game is over: nothing is left on the flow (every playout step asks)."""
        return not self.steps

    def is_chance_node(self) -> bool:
        """Return whether the next step is a die roll (the only chance step)."""
        steps = self.steps
        return type(steps[-1]) is Roll if steps else False

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Return the faces of the die being rolled with their probabilities, or ``[]`` when no die
        is being rolled (as :meth:`State.chance_outcomes`, testing the top step alone)."""
        return self._chance_outcomes() if self.is_chance_node() else []

    def players_to_move(self) -> list[int]:
        p = self.current_player()
        if p == SIMULTANEOUS:
            return list(self.undeclared)
        return [p] if p >= 0 else []

    def _to_move(self, player: int) -> bool:
        return player in self.undeclared  # asked at simultaneous nodes alone: the declarations

    def roles(self) -> list[str] | None:
        return [m.value if (m := self.mage(p)) else "?" for p in range(self.game.num_players)]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.steps[-1].outcomes(self)

    def _sample_chance_outcome(self, rng: random.Random) -> Action:
        """A face of the die being rolled, drawn by a uniform index (``pick_uniform``: the face
        ``sample_outcome`` draws over the die's outcomes from the same ``rng.random()`` value)."""
        top: Roll = self.steps[-1]  # type: ignore[assignment]  # a chance node: a Roll on top
        which = top.which
        known = self.game.roll_outcomes.get(which)
        return pick_uniform(self._die_outcomes(which) if known is None else known, rng)[0]

    def _die_outcomes(self, which: int) -> list[tuple[Action, float]]:
        """The faces of die ``which`` (an index, or ``OPPOSITION_DIE``) and their probabilities."""
        known = self.game.roll_outcomes.get(which)
        if known is None:
            sp = self.game.action_space
            name = "opposition die" if which == OPPOSITION_DIE else self.die_name(which)
            known = self.game.roll_outcomes[which] = tuple(
                (sp.make("face", f, label=f"{name} rolls {FACE_NAMES[f]}"), p) for f, p in die_outcomes(6)
            )
        return list(known)

    def die_name(self, i: int) -> str:
        """Return a die's name: "Sun die", or "die 1", "die 2"... for the others."""
        return "Sun die" if i == 0 else f"die {i}"

    def _legal_actions(self, player: int) -> list[Action]:
        step = self.steps[-1]
        fixed = step.fixed
        if fixed:  # the commonest decisions (the Cultist's, the declarations) never vary
            return list(self.game.fixed_actions[fixed])
        # the others are built once per position and seat: a rollout asks the search's question, then
        # the agent's
        known = self._legal.get(player)
        if known is None:
            known = self._legal[player] = step.legal(self, player)
        return list(known)

    def _choice_label(self, purpose: str, colour: int, amount: int) -> str:
        what = f"{amount or 'no'} {ELEMENT_NAMES[colour]}"
        return {
            "setup": f"start with {what}",
            "tap": f"Flux Tap: take {what}",
            "score": f"score {what}",
            "cosmic_ether": f"add {what} to the Channel",
        }.get(purpose, f"give {what}")

    def _free_majors(self, taken: set[int | None]) -> list[int]:
        return [a for a in range(NUM_ARCANA) if a not in taken]

    def _free_minors(self, player: int) -> list[tuple[int, MageType]]:
        """Minors left in the supply (two of each) that make a legal pair with the seat's Major."""
        major = self.major[player]
        if major is None:
            return []
        used = [b for b in self.minor if b is not None]
        pairs = [(b, mage_type(major, b)) for b in range(NUM_ARCANA) if used.count(b) < 2]
        return [(b, kind) for b, kind in pairs if kind is not None]

    # ------------------------------------------------------------------------------ transitions
    def _apply(self, action: Action, player: int) -> None:
        """Play a legal action (or chance outcome): the step on top of the flow applies it."""
        steps = self.steps
        steps.pop().apply(self, action, player)
        # then the automatic steps (Flow.settle, asking each step's class rather than its actor)
        while steps and steps[-1].automatic:
            steps.pop().run(self)
        if self._legal:
            self._legal = {}  # the position changed: legal actions are listed afresh

    def _take_minor(self, p: int, minor: int) -> None:
        """Seat ``p`` drafts ``minor``: its spells are known from now on."""
        self.minor[p] = minor
        self.repertoires[p] = casting.repertoires(self, p)

    def _choose_major(self, p: int, element: int) -> None:
        """A Chaotica chooses its Major element for this round, then the turn goes on to the Flux Tap."""
        self.chosen[p] = element
        self.repertoires[p] = casting.repertoires(self, p)  # the chosen Major's spells
        self.log.append(f"player {p + 1} chooses {ELEMENT_NAMES[element]} as Major this round")
        self._offer_tap()

    # choices of Mana -----------------------------------------------------------------------
    def _ask(
        self, chooser: int, options: list[Mana], purpose: Purpose, may_pass: bool = False, to: int = -1
    ) -> None:
        """Ask a seat to pick one of ``options`` (Mana vectors), one colour at a time.

        The seat chooses the amount of Fire, then Water, Earth and Air, each among the amounts that
        colour has in the options that agree with the amounts chosen so far; a colour with one such
        amount is applied at once, with no decision. So a single option is applied at once as a
        whole, as when the choice was one decision, except a Flux Tap (``may_pass``): its first
        colour with an amount to take is asked even when it is the only one (take it, or pass).
        The choice resolves once all four colours are chosen; what follows it is what the caller
        pushed on the flow before asking.

        Args:
            chooser: the seat that chooses.
            options: the Mana vectors it may choose, at least one.
            purpose: what the Mana is for (see :meth:`_resolve_choice`).
            may_pass: whether the seat may choose nothing (only before its first colour).
            to: the seat a gift goes to (``give``, ``cosmic_give``).
        """
        self._settle_choice(ManaChoice(chooser, options, purpose, to, may_pass))

    def _settle_choice(self, choice: ManaChoice) -> None:
        """Apply the next colours whose amount is forced, then push the choice (a decision left) or
        resolve it (all four colours chosen)."""
        options, may_pass = choice.options, choice.may_pass
        if len(options) == 1 and not may_pass:  # one vector left (the commonest case): all forced
            self._resolve_choice(choice, options[0])
            return
        picked = choice.picked
        c = len(picked)
        while c < 4:
            first = options[0][c]
            if (may_pass and first) or any([v[c] != first for v in options]):
                break  # a decision: several amounts, or a Flux Tap's take-or-pass
            picked += (first,)
            c += 1
        if c == 4:
            self._resolve_choice(choice, options[0])
        else:
            if picked != choice.picked:  # colours forced: the same choice, further on
                options, purpose = choice.options, choice.purpose
                choice = ManaChoice(choice.seat, options, purpose, choice.to, may_pass, picked)
            self.steps.append(choice)

    def _moved(self, vec: Mana | list[int], source: Place, target: Place) -> None:
        """Emit the public events of a chosen vector's Mana moving, one per colour (when recording)."""
        for c, k in enumerate(vec):
            if k:
                self.emit(Moved(ELEMENT_NAMES[c], k, source, target))

    def _take(self, chooser: int, vec: Mana | list[int], target: list[int], place: Place) -> None:
        """Move a chosen vector from the Flux to a Pool or the Channel (see :meth:`gain`), with its events."""
        if self.recording:
            self._moved([min(k, f) for k, f in zip(vec, self.flux, strict=True)], Place("Flux"), place)
        self.gain(target, vec)

    def _resolve_choice(self, choice: ManaChoice, vec: Mana | None) -> None:
        """Apply a whole chosen vector (``None``: a pass) by the choice's purpose; what follows lies
        below on the flow."""
        chooser, purpose, to = choice.seat, choice.purpose, choice.to
        if purpose == "setup":
            self._take(chooser, vec or NO_MANA, self.pool[chooser], Place("Pool", chooser))
        elif purpose == "tap":
            if vec is not None:
                self._take(chooser, vec, self.pool[chooser], Place("Pool", chooser))
                self.log.append(f"player {chooser + 1} declares a Flux Tap: {mana_text(vec)}")
        elif purpose == "score":
            self._take(chooser, vec or NO_MANA, self.channel, Place("Channel", chooser))
            self.log.append(f"player {chooser + 1} scores {mana_text(vec or NO_MANA)}")
        elif purpose == "cosmic_ether":
            self._take(chooser, vec or NO_MANA, self.channel, Place("Channel", chooser))
        else:  # a gift: from the Channel on a Cosmic Roll, from the Pool in Elemental Opposition
            source = self.channel if purpose == "cosmic_give" else self.pool[chooser]
            for c, k in enumerate(vec or NO_MANA):
                source[c] -= k
                self.pool[to][c] += k
            if self.recording:
                where = "Channel" if purpose == "cosmic_give" else "Pool"
                self._moved(vec or NO_MANA, Place(where, chooser), Place("Pool", to))
            self.log.append(f"player {chooser + 1} gives {mana_text(vec or NO_MANA)} to player {to + 1}")

    # the turn --------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        self.stage = ""
        self.dice = []
        self.channel = [0, 0, 0, 0]
        self.ether_leak = False
        self.cast_this_turn = set()
        self.claims, self.opp_faces = [], []
        self.log = []
        if self.mage(self.active) is MageType.CHAOTICA:
            self.steps.append(CHAOS_OF[self.active])
        else:
            self._offer_tap()

    def _offer_tap(self) -> None:
        """Flux Tap: a mage with no Mana in the Pool may take one of its Major before rolling.

        source: elementalis.txt, Flux Tapping; ruling ELS-A23 (colourless Mana does not count).
        """
        p = self.active
        if self.coloured(p) > 0:
            self._start_roll("power")
            return
        el = self.major_element(p)
        limits = [1 if (el is None or c == el) and self.flux[c] > 0 else 0 for c in ELEMENTS]
        options = all_vectors(1, limits) if sum(limits) else []
        if not options:
            self._start_roll("power")
            return
        self.steps.append(START_POWER_ROLL)
        self._ask(p, options, "tap", may_pass=True)

    def _start_roll(self, stage: Stage) -> None:
        """Begin the Power, Chance or Cosmic Roll. source: elementalis.txt, Rolls 1-3."""
        self.stage = stage
        self.cultist_used = False
        if stage == "power":
            n = self.game.options.standard_dice
            self.dice = [Die(True)] + [Die(False) for _ in range(n)]
        else:
            for d in self.dice:
                d.charred = False  # Char lasts for one roll
        if stage == "cosmic":
            queue = [0]
        else:
            queue = [i for i, d in enumerate(self.dice) if not d.destroyed and not d.held]
        self._roll(queue, POWER_ROLLED)

    def _roll(self, dice: list[int], then: ElementalisStep) -> None:
        """Roll ``dice`` (indices, or ``OPPOSITION_DIE``) one chance step each, in order, then go on
        with ``then``: it goes on the flow first, below the dice."""
        self.steps += [then, *[_ROLLS[i] for i in reversed(dice)]]  # the first die on top

    def _rolled_all(self) -> None:
        """After a roll: a Cultist may reroll the Sun die (once per roll), else spells open."""
        if self.mage(self.active) is MageType.CULTIST and not self.cultist_used:
            self.steps.append(CULTIST_OF[self.active])
        else:
            self._open_spells()

    # spell phases ----------------------------------------------------------------------------
    def _open_spells(self) -> None:
        """Spell casting phase: who could cast declares (or not) at once, in secret.

        source: elementalis.txt, Spell Casting (declarations before casting).
        """
        die_targets: casting.DieTargets = {}  # each die spell's targets, the same for every seat
        eligible = [p for p in self.seats_from(self.active) if casting.may_declare(self, p, die_targets)]
        if not eligible:
            self._after_spells()
            return
        self.declared = dict.fromkeys(eligible)
        self.undeclared = eligible
        self.steps.append(_DECLARE)

    def _start_casting(self) -> None:
        order = [p for p, d in self.declared.items() if d]  # declared holds the seats in turn order
        self.log.append(_declared_text(tuple(order)))
        self.declared = {}
        self.reserved = set()
        self.casters = order[::-1]  # the next last
        casting.next_caster(self)

    def _after_spells(self) -> None:
        if self.stage == "cosmic":
            self._resolve_cosmic()
        else:
            self._score()

    # scoring ---------------------------------------------------------------------------------
    def counting_faces(self) -> list[int]:
        """Return the faces of the dice that count for scoring now."""
        return [d.face for d in self.dice if d.counts() and d.face is not None]

    def score_options(self, p: int) -> list[Mana]:
        """Return the Mana vectors seat ``p`` may score from the dice on the table (best first)."""
        mage = self.mage(p)
        major, minor = self.major[p], self.minor[p]
        assert mage is not None and major is not None and minor is not None
        if mage is MageType.CHAOTICA:
            major = self.chosen[p]
            assert major is not None
        opts = self.game.options
        count = [0] * 6  # how many counting dice show each face: all that any mage's scoring reads
        for d in self.dice:
            if d.face is not None and not d.destroyed and not d.charred:
                count[d.face] += 1
        return score_counts(
            mage,
            major,
            minor,
            count,
            self.dice[0].face == SUN,
            creationist_opposition=opts.creationist_opposition,
            creationist_ether_double=opts.creationist_ether_double,
            guardian_sets=opts.guardian_sets,
            luminary_wild=opts.luminary_wild,
        )

    def _busted(self) -> bool:
        """Chance Roll: the Sun returns the Channel to the Flux. source: elementalis.txt, The Chance Roll."""
        if self.game.options.chance_bust_any_sun:
            return SUN in self.counting_faces() or self.dice[0].face == SUN
        return self.dice[0].face == SUN

    def _score(self) -> None:
        if self.stage == "chance" and self._busted():
            self.log.append(f"The Sun! player {self.active + 1}'s Channel returns to the Flux")
            self.to_flux(self.channel, list(self.channel), Place("Channel", self.active))
            self._end_turn()
            return
        # Earth Links: linked mages score the roll their own way, straight into their Pools (ELS-A15).
        for owner, linked in self.links:
            if linked == self.active and owner != self.active:
                best = self.score_options(owner)[0]
                self._take(owner, best, self.pool[owner], Place("Pool", owner))
                if sum(best):
                    self.log.append(f"player {owner + 1} scores {mana_text(best)} through an Earth Link")
        self.steps.append(AFTER_SCORE)
        self._ask(self.active, self.score_options(self.active), "score")

    def _after_score(self) -> None:
        if sum(self.channel) == 0:
            opposition.start(self)
        else:
            self.steps.append(CONTINUE_OF[self.active])

    # the Cosmic Roll -------------------------------------------------------------------------
    def _resolve_cosmic(self) -> None:
        """source: elementalis.txt, The Cosmic Roll; ruling ELS-A13."""
        face = self.dice[0].face
        assert face is not None
        p = self.active
        if face == SUN:
            self.log.append(f"The Sun! player {p + 1}'s Channel returns to the Flux")
            self.to_flux(self.channel, list(self.channel), Place("Channel", p))
            self._end_turn()
        elif face == self.major_element(p):
            self._take(p, [3 if c == face else 0 for c in ELEMENTS], self.channel, Place("Channel", p))
            self.log.append(f"Cosmic Roll shows player {p + 1}'s Major: +3 {FACE_NAMES[face]}")
            self._end_turn()
        elif face in ELEMENTS:
            others = [q for q in self.seats_from(p)[1:] if self.major_element(q) == face]
            self.steps += [_END_TURN, *[CosmicGift(q) for q in reversed(others)]]  # the first on top
        else:  # Ether
            limits = [1 if self.flux[c] else 0 for c in ELEMENTS]
            if sum(limits):
                self.steps.append(_END_TURN)
                self._ask(p, all_vectors(1, limits), "cosmic_ether")
            else:
                self._end_turn()

    # end of turn -----------------------------------------------------------------------------
    def _end_turn(self) -> None:
        """Bank the Channel, pass the Round Marker; after the last turn of the last round, the end.

        source: elementalis.txt, End of Turn / Round; Ending the Game.
        """
        p = self.active
        if self.recording:
            self._moved(self.channel, Place("Channel", p), Place("Pool", p))
        for c in ELEMENTS:
            self.pool[p][c] += self.channel[c]
        self.channel = [0, 0, 0, 0]
        self.dice = []
        self.stage = ""
        self.pending = None
        n = self.game.num_players
        self.active = (p + 1) % n
        if self.active == 0:
            self.round += 1
            self.links = []  # Earth Links last until the end of the round
            if self.round > self.game.options.rounds:
                return  # nothing left on the flow: the game is over
        self._start_turn()

    # results ---------------------------------------------------------------------------------
    def evaluate(self) -> list[float]:
        """Estimate each seat's share of the win from the Mana scored so far.

        The softmax of the Mana totals (:func:`~elementa.core.win_shares`), with a scale that grows
        with the rounds still to play (2.5 Mana times the square root of the rounds left, this one
        counted), since each round can swing a few Mana either way. The active player's Channel
        counts as scored: it can be banked at the next choice to roll on. Source: elementalis.txt,
        Winning; The Chance Roll.
        """
        left = max(self.game.options.rounds - self.round + 1, 1)
        totals = [float(self.total(p)) for p in range(self.game.num_players)]
        totals[self.active] += sum(self.channel)
        return win_shares(totals, 2.5 * left**0.5)

    def winners(self) -> list[int]:
        """Return the winning seats: most Mana; a tie goes to the larger single-colour holding (ELS-A16)."""
        n = self.game.num_players
        best = max(self.total(p) for p in range(n))
        tied = [p for p in range(n) if self.total(p) == best]
        top = max(max(self.pool[p]) for p in tied)
        return [p for p in tied if max(self.pool[p]) == top]

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.steps:
            return [0.0] * n
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(n)]

    # views ---------------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """Return what ``player`` (or a spectator, ``None``) sees, JSON-ready: the JSON form of
        :meth:`view` (its fields are documented in :mod:`.views`)."""
        return self.view(player).to_json()

    def view(self, player: int | None) -> ElementalisView:
        """Return what ``player`` (or a spectator, ``None``) sees, typed (see :mod:`.views`): all
        but the other seats' sealed spell declarations (:func:`~.observe.observe`)."""
        from elementa.games.elementalis.observe import observe

        return observe(self, player)

    def information_state_key(self, player: int) -> bytes:
        """Return the digest of what ``observation(player)`` shows, built without the view
        (:func:`~elementa.games.elementalis.observe.information_key`)."""
        from elementa.games.elementalis.observe import information_key

        return information_key(self, player)

    def resample_from_infostate(self, player: int, rng: random.Random) -> ElementalisState:
        """Redraw the only hidden thing: other seats' sealed spell declarations."""
        s = self.clone()
        for q, d in s.declared.items():
            if q != player and d is not None:
                s.declared[q] = rng.random() < 0.5
        return s

    def describe_action(self, action: Action, player: int, viewer: int | None) -> str:
        if self.phase == DECLARE and viewer != player:
            return f"{describe_player(player)}: declaration made in secret"
        return f"{describe_player(player)}: {action.label}"

    def clone(self) -> ElementalisState:
        s = ElementalisState(self.game, self.seed, blank=True)
        s.flow = self.flow.copy()
        s.steps = s.flow.steps  # type: ignore[assignment]  # the flow holds ElementalisSteps only
        s.round = self.round
        s.active = self.active
        s.stage = self.stage
        s.cultist_used = self.cultist_used
        s.ether_leak = self.ether_leak
        s.pending = self.pending
        s.recording, s._events = self.recording, self._events
        s._history = list(self._history)
        s._legal = {}
        s.major, s.minor, s.chosen = list(self.major), list(self.minor), list(self.chosen)
        s.repertoires = list(self.repertoires)
        s.pool = [list(x) for x in self.pool]
        s.colourless = list(self.colourless)
        s.flux = list(self.flux)
        s.channel = list(self.channel)
        s.dice = [d.copy() for d in self.dice]
        s.cast_this_turn = set(self.cast_this_turn)
        s.links = list(self.links)
        s.declared = dict(self.declared)
        s.undeclared = list(self.undeclared)
        s.casters = list(self.casters)
        s.reserved = set(self.reserved)
        s.claims = list(self.claims)
        s.opp_faces = list(self.opp_faces)
        s.log = list(self.log)
        if self._origin is not None:
            s._origin = self._origin
        return s

    def position(self) -> dict[str, Any]:
        """Return this state as a position (:mod:`elementa.games.elementalis.position`)."""
        from elementa.games.elementalis.position import position

        return position(self)

    def __str__(self) -> str:
        from elementa.games.elementalis.observe import board_text

        return board_text(self)
