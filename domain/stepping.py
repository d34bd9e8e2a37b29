"""The game state after any number of entries, for a replay that steps both ways.

Folding from the kick-off for every step makes walking a 1,000-entry match cost half a million
applications of the rules. A `Stepper` folds each entry at most once per direction of travel:
stepping forward applies one entry to the state it showed last, and a jump back starts from
the nearest kept checkpoint at or before the step, one every `every` steps, keeping the states
of that stretch so that the steps back through it fold nothing more: walking a match
backwards folds each entry about twice, and any jump costs at most `every - 1` applications
once the checkpoints before it are made.
Game states are immutable, so the kept states are shared, never copied.
"""

from __future__ import annotations

import threading
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
    ) -> None:
        if every < 1:
            raise ValueError("checkpoints must be at least one step apart")
        self._actions = actions
        self._apply = apply
        self._every = every
        self._checkpoints: dict[int, Any] = {0: initial}
        # The states of the stretch folded last, from its first step: the next step forward
        # is one application, and a step back within it none.
        self._window: tuple[int, list[Any]] = (0, [initial])
        # Web workers share a replayed match between threads.
        self._lock = threading.Lock()

    @property
    def actions(self) -> Sequence[Any]:
        return self._actions

    @property
    def total(self) -> int:
        return len(self._actions)

    def state_at(self, step: int) -> Any:
        if not 0 <= step <= self.total:
            raise IndexError(f"step {step} is outside 0 … {self.total}")
        with self._lock:
            start, states = self._window
            if start <= step < start + len(states):
                return states[step - start]
            start, state = self._start_for(step)
            # Every state of this stretch is kept until the next one: stepping back through
            # it, or forward again, then folds nothing.
            states = [state]
            for number in range(start, step):
                state = self._apply(state, self._actions[number])
                if (number + 1) % self._every == 0:
                    # A new stretch begins: at most `every` states are ever kept in one.
                    self._checkpoints.setdefault(number + 1, state)
                    start, states = number + 1, []
                states.append(state)
            self._window = (start, states)
            return state

    def _start_for(self, step: int) -> tuple[int, Any]:
        """The nearest known state before `step`: the end of the stretch folded last, or the
        newest checkpoint at or before it."""
        start, states = self._window
        last_step = start + len(states) - 1
        checkpoint = step - step % self._every
        while checkpoint not in self._checkpoints:
            checkpoint -= self._every
        if checkpoint <= last_step <= step:
            return last_step, states[-1]
        return checkpoint, self._checkpoints[checkpoint]
