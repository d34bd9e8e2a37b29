"""Property tests: random legal matches built by choosing among `expected(state)`."""

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tcg_helpers import GAME, raw_setup
from tcg_strategies import matches

from domain.ruleset import Expected
from domain.tcg.field import PLACES
from domain.tcg.state import TcgState
from tests.domain.table import assert_round_trips, replayed_twice

FAST = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)


@FAST
@given(matches())
def test_generated_entries_are_legal_and_replay_to_the_same_state(match: Any) -> None:
    """Every entry offered by expected() passes check(); a replay gives an equal state."""
    setup, entries = match
    first = replayed_twice(GAME, setup, entries)
    json.dumps(GAME.view(first))


@FAST
@given(matches())
def test_generated_entries_round_trip_through_dicts_and_notation(match: Any) -> None:
    _, entries = match
    assert_round_trips(GAME, entries)


def _any_action(rng: random.Random, state: TcgState) -> Any:
    """Any well-formed action, legal or not, built from the names in play."""
    kind = rng.choice(GAME.codec.kinds)
    side = rng.choice(("home", "away"))
    labels = [p.label for p in state.side(side).players] + ["Nobody"]
    cards = [c.name for c in state.setup.team(side).deck] + ["No Such Card"]
    values = {
        "side": side,
        "winner": side,
        "player": rng.choice(labels),
        "receiver": rng.choice(labels),
        "area": rng.choice((*PLACES, "z9")),
        "to": rng.choice((*PLACES, "z9")),
        "card": rng.choice(cards),
        "slot": rng.randint(0, 4),
        "roll": rng.randint(0, 7),
        "bonus": rng.randint(-3, 3),
        "dice": [rng.randint(0, 7) for _ in range(rng.randint(1, 3))],
        "players": rng.sample(labels, min(len(labels), rng.randint(0, 6))),
    }
    entry = {"kind": kind}
    entry.update({name: values[name] for name in GAME.codec.field_names(kind) if name in values})
    return GAME.action_from_dict(entry)


def _legal_entry(rng: random.Random, expected: tuple[Expected, ...]) -> Any:
    chosen = rng.choice(expected)
    entry: dict[str, Any] = {"kind": chosen.kind, **chosen.fixed}
    for name, values in chosen.choices.items():
        pool = list(values)
        entry[name] = pool[:5] if name == "players" else rng.choice(pool)
    for name, faces in chosen.dice.items():
        entry[name] = [rng.randint(1, f) for f in faces]
    return GAME.action_from_dict(entry)


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32))
def test_overridden_entries_apply_without_crashing(seed: int) -> None:
    """apply() never fails on an entry whose violations may all be overridden."""
    # A seeded Random keeps hypothesis' buffer small for a whole match of random entries.
    rng = random.Random(seed)
    state = GAME.initial_state(GAME.make_setup(raw_setup()))
    for _ in range(400):
        expected = GAME.expected(state)
        if not expected:
            break
        for _ in range(3):
            action = _any_action(rng, state)
            if all(v.overridable for v in GAME.check(state, action)):
                forced = GAME.apply(state, action).state
                _check_goalkeepers(forced)
                GAME.view(forced)
                GAME.render(forced)
        state = GAME.apply(state, _legal_entry(rng, expected)).state


def _check_goalkeepers(state: TcgState) -> None:
    if state.phase != "placement":
        for side in ("home", "away"):
            assert sum(1 for p in state.side(side).players if p.position == "GK") == 1
