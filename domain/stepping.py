"""The game state after any number of entries, for a replay that steps both ways.

Folding from the kick-off for every step makes walking a 1,000-entry match cost half a million
applications of the rules. A `Stepper` folds each entry once while the states it folded fit in
what it keeps: stepping forward applies one entry to the state it showed last, and every state
folded is kept in its stretch of `every` steps, the stretches used last kept up to `stretches`
of them. A step in a stretch no longer kept starts from the nearest checkpoint at or before it,
one every `every` steps and kept for good, so any jump costs at most `every - 1` applications
once the checkpoints before it are made, and walking back through more than is kept folds each
entry about twice. A loaded match keeps one stretch (its states are folded to show the match
as it stands); a replay keeps a copy that keeps more (`keeping`, service/replays.py).
Game states are immutable, so the kept states are shared, never copied.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

# A checkpoint every 32 steps keeps ~3% of a long match's states and bounds a step back at 31
# applications of the rules (about 2 ms in the card game).
CHECKPOINT_EVERY = 32


class Stepper:
    """States after 0 … len(actions) steps of `actions`, folded with `apply` from `initial`."""

    def __init__(
        self,
        initial: Any,
        actions: Sequence[Any],
        apply: Callable[[Any, Any], Any],
        every: int = CHECKPOINT_EVERY,
        stretches: int = 1,
    ) -> None:
        if every < 1:
            raise ValueError("checkpoints must be at least one step apart")
        if stretches < 1:
            raise ValueError("at least the stretch folded last must be kept")
        self._actions = actions
        self._apply = apply
        self._every = every
        self._most_stretches = stretches
        self._checkpoints: dict[int, Any] = {0: initial}
        # The states of each stretch kept, by its first step (a multiple of `every`), the one
        # used last at the end; a stretch holds its states from its first step on, as far as
        # they were folded.
        self._stretches: OrderedDict[int, list[Any]] = OrderedDict({0: [initial]})
        # Web workers share a replayed match between threads.
        self._lock = threading.Lock()

    @property
    def actions(self) -> Sequence[Any]:
        return self._actions

    @property
    def total(self) -> int:
        return len(self._actions)

    def keeping(self, stretches: int) -> Stepper:
        """A stepper of the same states that keeps up to `stretches` stretches, starting with
        the checkpoints and the states this one has folded (copied: each has its own lock)."""
        with self._lock:
            copied = Stepper(None, self._actions, self._apply, self._every, stretches)
            copied._checkpoints = dict(self._checkpoints)
            copied._stretches = OrderedDict(
                (start, list(states)) for start, states in self._stretches.items()
            )
        return copied

    @property
    def kept(self) -> int:
        """How many states are kept besides the checkpoints (for tests and measurements)."""
        return sum(len(states) for states in self._stretches.values())

    def state_at(self, step: int) -> Any:
        if not 0 <= step <= self.total:
            raise IndexError(f"step {step} is outside 0 … {self.total}")
        every = self._every
        with self._lock:
            start = step - step % every
            states = self._stretches.get(start)
            if states is not None and step < start + len(states):
                self._stretches.move_to_end(start)
                return states[step - start]
            known, state = self._start_for(step)
            states = self._stretch_at(known)
            if not states:
                # A checkpoint whose stretch was let go: its first state.
                states.append(state)
            for number in range(known, step):
                state = self._apply(state, self._actions[number])
                if (number + 1) % every == 0:
                    # A new stretch begins: its first state is also a checkpoint, kept for good.
                    self._checkpoints.setdefault(number + 1, state)
                    states = self._stretch_at(number + 1)
                states.append(state)
            return state

    def _start_for(self, step: int) -> tuple[int, Any]:
        """The furthest known state at or before `step` in its stretch or the ones before it,
        back to the newest checkpoint at or before it."""
        every = self._every
        checkpoint = step - step % every
        while checkpoint not in self._checkpoints:
            checkpoint -= every
        for start in range(step - step % every, checkpoint - 1, -every):
            states = self._stretches.get(start)
            if states:
                return start + len(states) - 1, states[-1]
        return checkpoint, self._checkpoints[checkpoint]

    def _stretch_at(self, number: int) -> list[Any]:
        """The kept states of the stretch that step `number` is in (a new, empty list when
        none are kept), now the one used last; the stretch used longest ago is let go when more
        are kept than allowed."""
        start = number - number % self._every
        states = self._stretches.get(start)
        if states is None:
            states = self._stretches[start] = []
        self._stretches.move_to_end(start)
        while len(self._stretches) > self._most_stretches:
            self._stretches.popitem(last=False)
        return states
