"""Issue 13: a replay steps forward and back from kept states, never from the kick-off each
time, and every state it shows is the one a fresh fold gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.stepping import Stepper


class CountingFold:
    """A fold of numbers whose every state records the actions applied so far."""

    def __init__(self) -> None:
        self.applied = 0

    def __call__(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        self.applied += 1
        return (*state, action)


def fresh(actions: list[int], step: int) -> tuple[int, ...]:
    return tuple(actions[:step])


@settings(max_examples=200, deadline=None)
@given(
    actions=st.lists(st.integers(), max_size=120),
    every=st.integers(min_value=1, max_value=40),
    walk=st.lists(st.integers(min_value=0, max_value=200), max_size=40),
)
def test_any_walk_shows_what_a_fresh_fold_gives(
    actions: list[int], every: int, walk: list[int]
) -> None:
    stepper = Stepper((), actions, CountingFold(), every=every)
    for step in walk:
        step %= len(actions) + 1
        assert stepper.state_at(step) == fresh(actions, step)


def test_walking_forward_applies_each_entry_once() -> None:
    fold = CountingFold()
    stepper = Stepper((), list(range(1000)), fold, every=32)
    for step in range(1001):
        stepper.state_at(step)
    assert fold.applied == 1000


def test_walking_back_folds_each_entry_about_twice() -> None:
    fold = CountingFold()
    stepper = Stepper((), list(range(1000)), fold, every=32)
    stepper.state_at(1000)
    fold.applied = 0
    for step in range(1000, -1, -1):
        stepper.state_at(step)
    # Each stretch between two checkpoints is folded once on the way back.
    assert fold.applied <= 1000


def test_a_jump_starts_from_the_nearest_checkpoint() -> None:
    fold = CountingFold()
    stepper = Stepper((), list(range(1000)), fold, every=32)
    stepper.state_at(900)
    fold.applied = 0
    assert stepper.state_at(100) == tuple(range(100))
    assert fold.applied == 100 - 96


def test_a_step_outside_the_match_is_refused() -> None:
    stepper = Stepper((), [1, 2], CountingFold())
    for step in (-1, 3):
        try:
            stepper.state_at(step)
        except IndexError as error:
            assert str(step) in str(error)
        else:
            raise AssertionError(f"step {step} was not refused")
