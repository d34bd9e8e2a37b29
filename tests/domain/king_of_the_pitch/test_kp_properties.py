"""Property tests: random legal games built by choosing among `expected(state)`."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kp_helpers import GAME
from kp_strategies import games

from domain.king_of_the_pitch.actions import CODEC
from domain.king_of_the_pitch.board import columns_agree
from tests.domain.table import assert_round_trips, replayed_twice

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(games())
def test_generated_entries_are_legal_and_replay_to_the_same_state(game: Any) -> None:
    """Every entry offered by expected() passes check(); a replay gives an equal state."""
    setup, entries = game
    first = replayed_twice(GAME, setup, entries)
    if first.phase == "over":
        assert GAME.expected(first) == ()


@FAST
@given(games())
def test_generated_entries_round_trip_through_dicts_and_notation(game: Any) -> None:
    _, entries = game
    assert_round_trips(GAME, entries)


def _wild(data: Any, colours: tuple[str, ...]) -> Any:
    """Any well-formed entry at all, legal or not."""
    metal = st.sampled_from(("gold", "silver", "bronze"))
    number = st.integers(0, 12)
    fields = {
        "team": st.sampled_from(colours),
        "dice": st.lists(st.integers(0, 9), min_size=1, max_size=6),
        "card": st.sampled_from(("player", "match", "var", "bonus", "captain-transfer")),
        "slot": st.integers(0, 6),
        "captain": st.none() | number,
        "colour": metal,
        "position": number,
        "price": st.lists(metal, max_size=3),
        "var": st.booleans(),
        "bonus": st.booleans(),
        "die": st.integers(0, 9),
    }
    kind = data.draw(st.sampled_from(CODEC.kinds))
    entry = {"kind": kind}
    for name in CODEC.field_names(kind):
        if name in fields and (name != "captain" or data.draw(st.booleans())):
            entry[name] = data.draw(fields[name])
    if kind == "reveal" and entry["card"] != "player":
        entry.pop("colour", None)
        entry.pop("position", None)
    return GAME.action_from_dict(entry)


@FAST
@given(games(), st.data())
def test_overridable_entries_apply_without_crashing(game: Any, data: Any) -> None:
    """A table may play on through overridable violations: apply clamps, never crashes."""
    setup, entries = game
    state = GAME.initial_state(setup)
    cut = data.draw(st.integers(0, len(entries)))
    for action in entries[:cut]:
        state = GAME.apply(state, action).state
    for _ in range(15):
        action = _wild(data, setup.colours)
        violations = GAME.check(state, action)
        if all(v.overridable for v in violations):
            state = GAME.apply(state, action).state
            for team in state.teams:
                assert columns_agree(team)
                assert min(team.cubes.gold, team.cubes.silver, team.cubes.bronze) >= 0
