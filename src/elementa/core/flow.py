"""One flow stack for every game: pending steps that each say who acts, what is legal and what comes next.

Modelled on TAG's extended action sequences. A game's position keeps a :class:`Flow`, a stack of
:class:`Step` values; the step on top is what the game waits for:

- a *decision* step names the seat that acts (:meth:`Step.actor`) and lists its legal actions
  (:meth:`Step.legal`);
- a *chance* step (actor :data:`~elementa.core.CHANCE`) lists its outcomes (:meth:`Step.outcomes`);
- an *automatic* step (actor :data:`AUTOMATIC`) needs nobody: :meth:`Flow.settle` runs it at once.

Applying an action pops the top step and hands it the action (:meth:`Step.apply`); the step then
pushes what comes next: its own continuation (the same step with one card fewer to discard), the
steps its effect causes, or nothing. So the order of play is data on the stack, not string phases
parsed back or continuations carried in strings, and a step carries its own typed fields.

Steps are immutable (frozen, slotted dataclasses), so a clone copies the stack's list and shares the
steps. Example, a step that makes a seat discard ``n`` cards one at a time::

    @dataclass(frozen=True, slots=True)
    class Discard(Step):
        seat: int
        n: int

        def actor(self, state): return self.seat
        def legal(self, state, player): return [discard_action(c) for c in state.hands[self.seat]]
        def apply(self, state, action, player):
            state.hands[self.seat].remove(action.part("card"))
            if self.n > 1:
                state.flow.push(Discard(self.seat, self.n - 1))
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

from mypy_extensions import mypyc_attr

from elementa.core.actions import Action, reduce_by_fields
from elementa.core.chance import sample_outcome
from elementa.core.nodes import CHANCE

AUTOMATIC: Final = -100
"""The actor of a step that needs no decision and no chance outcome (see :meth:`Flow.settle`)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # games outside the compiled build subclass it
class Step:
    """One pending step of a game's flow. Subclass it as a frozen, slotted dataclass.

    A step reads and changes the game's state through the ``state`` it is given; it keeps only its
    own arguments (whose decision, how many are left, which card), never the state.
    """

    __slots__ = ()

    def actor(self, state: Any) -> int:
        """Return who this step waits for: a seat (0-based), ``CHANCE`` or :data:`AUTOMATIC`.

        It may depend on the state: a step that can do its next part by itself says
        :data:`AUTOMATIC` (:meth:`run` does that part and pushes the step back to go on), and says
        ``CHANCE`` or a seat where it must stop and wait (a card drawn from a pile is automatic
        while the next card is known, a chance outcome otherwise; a decision with nothing to
        decide is automatic and dropped)."""
        raise NotImplementedError(f"{type(self).__name__} says nobody acts")

    def legal(self, state: Any, player: int) -> list[Action]:
        """Return the legal actions of the seat deciding (a decision step)."""
        raise NotImplementedError(f"{type(self).__name__} is not a decision")

    def outcomes(self, state: Any) -> list[tuple[Action, float]]:
        """Return the chance outcomes and their probabilities (a chance step)."""
        raise NotImplementedError(f"{type(self).__name__} is not a chance step")

    def sample(self, state: Any, rng: random.Random) -> Action:
        """Draw a chance step's outcome with one ``rng.random()`` call: by default
        :func:`~elementa.core.chance.sample_outcome` over :meth:`outcomes`. A step may draw it more
        cheaply (a uniform index, ``pick_uniform``) if it picks the same outcome from the same value;
        a state's ``_sample_chance_outcome`` delegates to the top step's."""
        return sample_outcome(self.outcomes(state), rng)

    def apply(self, state: Any, action: Action, player: int) -> None:
        """Apply the action chosen (or the chance outcome drawn) at this step, which the flow has
        already popped; push the steps that come next."""
        raise NotImplementedError(f"{type(self).__name__} takes no action")

    def run(self, state: Any) -> None:
        """Do an automatic step's work (the flow has already popped it); push what comes next."""
        raise NotImplementedError(f"{type(self).__name__} is not automatic")

    def __reduce__(self) -> tuple[Any, ...]:
        """Have pickle and copy remake a step through its constructor, from its fields: compiled, a
        frozen dataclass would unpickle through a ``__setstate__`` that its frozen ``__setattr__``
        refuses (see :func:`~elementa.core.actions.pickle_by_fields`)."""
        return reduce_by_fields(self)


class Flow:
    """A stack of :class:`Step` values: the top one is what the game waits for.

    Attributes:
        steps: the steps, the top last. Read it; change it through the methods.
    """

    __slots__ = ("steps",)

    def __init__(self, steps: list[Step] | None = None) -> None:
        self.steps: list[Step] = [] if steps is None else steps

    def copy(self) -> Flow:
        """Return a copy for a cloned state (a new list; the immutable steps are shared)."""
        return Flow(self.steps[:])

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        """Yield the steps from the top down."""
        return reversed(self.steps)

    @property
    def top(self) -> Step | None:
        """The step the game waits for, or ``None`` when nothing is pending."""
        return self.steps[-1] if self.steps else None

    def push(self, *steps: Step) -> None:
        """Push steps to come next, the first given first (it ends on top)."""
        if len(steps) == 1:  # the common case (a continuation), without the reversed copy
            self.steps.append(steps[0])
        else:  # a reversed copy of the tuple: extend sizes the list once (an iterator grows it)
            self.steps.extend(steps[::-1])

    def pop(self) -> Step:
        """Remove and return the top step.

        Raises:
            IndexError: the flow is empty.
        """
        return self.steps.pop()

    def actor(self, state: Any) -> int | None:
        """Return who the top step waits for, or ``None`` when nothing is pending."""
        return self.steps[-1].actor(state) if self.steps else None

    def apply(self, state: Any, action: Action, player: int) -> None:
        """Pop the top step, let it apply ``action`` by ``player`` (``CHANCE`` for an outcome), then
        :meth:`settle`.

        Raises:
            IndexError: nothing is pending.
        """
        self.steps.pop().apply(state, action, player)
        self.settle(state)

    def settle(self, state: Any) -> None:
        """Run automatic steps until the top one waits for a seat or for chance, or none is left."""
        steps = self.steps
        while steps and steps[-1].actor(state) == AUTOMATIC:
            steps.pop().run(state)

    def waits_for_chance(self, state: Any) -> bool:
        """Return whether the top step is a chance step."""
        return bool(self.steps) and self.steps[-1].actor(state) == CHANCE
