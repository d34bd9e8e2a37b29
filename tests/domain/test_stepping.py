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
    stretches=st.integers(min_value=1, max_value=6),
    walk=st.lists(st.integers(min_value=0, max_value=200), max_size=40),
)
def test_any_walk_shows_what_a_fresh_fold_gives(
    actions: list[int], every: int, stretches: int, walk: list[int]
) -> None:
    stepper = Stepper((), actions, CountingFold(), every=every, stretches=stretches)
    for step in walk:
        step %= len(actions) + 1
        assert stepper.state_at(step) == fresh(actions, step)
        # What is kept besides the checkpoints stays within its bound.
        assert stepper.kept <= stretches * every


def test_walking_forward_applies_each_entry_once() -> None:
    fold = CountingFold()
    stepper = Stepper((), list(range(1000)), fold, every=32)
    for step in range(1001):
        stepper.state_at(step)
    assert fold.applied == 1000


def test_walking_back_through_what_is_kept_folds_nothing_again() -> None:
    fold = CountingFold()
    stepper = Stepper((), list(range(1000)), fold, every=32, stretches=32)
    stepper.state_at(1000)
    fold.applied = 0
    for step in range(1000, -1, -1):
        assert stepper.state_at(step) == tuple(range(step))
    assert fold.applied == 0


def test_walking_back_in_runs_folds_each_entry_once() -> None:
    # The steps API's runs from the end: each run is read forward from its first step.
    fold = CountingFold()
    stepper = Stepper((), list(range(1000)), fold, every=32, stretches=32)
    for last in range(1000, -1, -200):
        for step in range(max(0, last - 199), last + 1):
            assert stepper.state_at(step) == tuple(range(step))
    assert fold.applied == 1000


def test_walking_back_past_what_is_kept_folds_each_entry_about_twice() -> None:
    fold = CountingFold()
    stepper = Stepper((), list(range(1000)), fold, every=32, stretches=4)
    stepper.state_at(1000)
    fold.applied = 0
    for step in range(1000, -1, -1):
        assert stepper.state_at(step) == tuple(range(step))
    # Each stretch no longer kept is folded once more on the way back, from its checkpoint.
    assert 0 < fold.applied <= 1000
    assert stepper.kept <= 4 * 32


def test_a_jump_starts_from_the_nearest_checkpoint() -> None:
    fold = CountingFold()
    stepper = Stepper((), list(range(1000)), fold, every=32, stretches=1)
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


def test_a_stepper_keeping_more_starts_from_what_was_folded() -> None:
    fold = CountingFold()
    loaded = Stepper((), list(range(1000)), fold, every=32)
    loaded.state_at(1000)
    assert loaded.kept <= 32
    replayed = loaded.keeping(32)
    fold.applied = 0
    # The checkpoints are shared: reaching a step costs at most a stretch.
    assert replayed.state_at(500) == tuple(range(500))
    assert fold.applied == 500 - 480
    for step in range(1000, -1, -1):
        assert replayed.state_at(step) == tuple(range(step))
    assert replayed.kept <= 32 * 32
    # The loaded stepper keeps its one stretch: what the copy folds is its own.
    assert loaded.kept <= 32
    assert loaded.state_at(999) == tuple(range(999))
