"""`domain.frozen.replace` makes exactly what `dataclasses.replace` makes: drawn by hypothesis
for a plain frozen dataclass, for every state of a golden match of each game, and for the
classes it leaves to `dataclasses.replace` (which must then run what they run)."""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import frozen
from domain.frozen import replace
from tests.service.test_timeline import GOLDEN, recorded


@dataclass(frozen=True)
class Plain:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()


@given(st.integers(), st.text(), st.lists(st.integers()).map(tuple), st.text(), st.booleans())
def test_a_copy_is_what_dataclasses_replace_makes(
    a: int, b: str, c: tuple[int, ...], new_b: str, change_a: bool
) -> None:
    original = Plain(a, b, c)
    changes: dict[str, Any] = {"b": new_b, **({"a": a + 1} if change_a else {})}
    made = replace(original, **changes)
    expected = dataclasses.replace(original, **changes)
    assert type(made) is Plain and made == expected and hash(made) == hash(expected)
    assert vars(made) == vars(expected) and list(vars(made)) == list(vars(expected))
    assert original == Plain(a, b, c), "the original is left as it was"
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 0  # type: ignore[misc]


@dataclass(frozen=True)
class Checked:
    n: int
    seen: list[int] = field(default_factory=list, compare=False)

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("negative")
        self.seen.append(self.n)


@dataclass(frozen=True, slots=True)
class Slotted:
    n: int


@dataclass(frozen=True, init=False)
class OwnInit:
    n: int

    def __init__(self, n: int) -> None:
        object.__setattr__(self, "n", n * 10)


@dataclass(frozen=True)
class Derived:
    n: int
    doubled: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubled", self.n * 2)


def test_the_classes_it_cannot_copy_faithfully_are_left_to_dataclasses() -> None:
    assert replace(Checked(1), n=2, seen=[]).seen == [2], "__post_init__ runs"
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), n=-1)
    assert replace(Slotted(1), n=2) == Slotted(2)
    assert replace(OwnInit(1), n=2).n == 20, "its own __init__ runs, as dataclasses does"
    assert replace(Derived(1), n=4).doubled == 8


def test_an_instance_holding_more_than_its_fields_is_made_again() -> None:
    kept = Plain(1)
    object.__setattr__(kept, "_cached", "stale")
    assert not hasattr(replace(kept, a=2), "_cached")


def test_a_name_that_is_not_a_field_is_refused_as_dataclasses_refuses_it() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'd'"):
        replace(Plain(1), d=2)


GAME_PACKAGES = ("domain.card_game", "domain.king_of_the_pitch", "domain.tcg")


def folded_states(name: str) -> list[Any]:
    match = recorded(name)
    rules = match.ruleset
    state = rules.initial_state(rules.make_setup(match.setup))
    states = [state]
    for line in match.effective_entries():
        state = rules.apply(state, rules.action_from_dict(line.action)).state
        states.append(state)
    return states


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_state_of_a_golden_match_is_the_one_dataclasses_replace_folds(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick = folded_states(name)
    games = [
        module
        for module_name, module in list(sys.modules.items())
        if module_name.startswith(GAME_PACKAGES) and getattr(module, "replace", None) is replace
    ]
    assert games, "the games make their states with domain.frozen.replace"
    for module in games:
        monkeypatch.setattr(module, "replace", dataclasses.replace)
    slow = folded_states(name)
    assert len(quick) == len(slow)
    for step, (made, expected) in enumerate(zip(quick, slow, strict=True)):
        assert made == expected, f"step {step}"
        assert repr(made) == repr(expected), f"step {step}"


def test_the_copied_classes_are_known_once() -> None:
    assert frozen._copied_fields(Plain) == frozenset({"a", "b", "c"})
    assert frozen._copied_fields(Checked) is None
    assert frozen._copied_fields(Slotted) is None
    assert frozen._copied_fields(OwnInit) is None
