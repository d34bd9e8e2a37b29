"""Property tests: random legal games built by choosing among `expected(state)`."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kp_helpers import GAME, raw_setup

from domain.king_of_the_pitch.actions import CODEC
from domain.king_of_the_pitch.board import columns_agree
from domain.king_of_the_pitch.state import KingState
from domain.notation import format_action, parse_action
from domain.ruleset import Expected

MAX_ENTRIES = 250
COLOURS = ("blue", "green", "yellow", "red", "orange")
# Entries that move a game towards its end; favoured so that games reach a result.
FORWARD = {"challenge", "roll", "reroll", "penalty", "declare", "transfer", "sign"}


def _pick(data: Any, values: Any) -> Any:
    return data.draw(st.sampled_from(list(values)))


def _fill(data: Any, expected: Expected) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": expected.kind, **expected.fixed}
    for name, values in expected.choices.items():
        entry[name] = _pick(data, values)
    for name, faces in expected.dice.items():
        entry[name] = [data.draw(st.integers(1, f)) for f in faces]
    if expected.kind == "reveal":
        if entry["card"] != "player":
            del entry["colour"], entry["position"]
        if entry["card"] != "captain-transfer":
            metals = st.sampled_from(("gold", "silver", "bronze"))
            entry["price"] = data.draw(st.lists(metals, max_size=2))
    return entry


def _choose(data: Any, expected: tuple[Expected, ...]) -> Expected:
    forward = [e for e in expected if e.kind in FORWARD]
    if forward and data.draw(st.integers(0, 2)) > 0:
        return _pick(data, forward)  # type: ignore[no-any-return]
    return _pick(data, expected)  # type: ignore[no-any-return]


def _check_invariants(state: KingState) -> None:
    for team in state.teams:
        assert columns_agree(team), team
        assert min(team.cubes.gold, team.cubes.silver, team.cubes.bronze) >= 0
        assert len(team.hand) <= 3 and team.match <= 1
        assert min(team.var, team.bonus) >= 0
        assert 0 <= team.crowns <= state.setup.crowns
    assert len(state.line) <= 5 and state.deck.total >= 0


@st.composite
def games(draw: Any) -> tuple[Any, list[Any]]:
    count = draw(st.integers(2, 5))
    teams = tuple(draw(st.permutations(COLOURS))[:count])
    options = ("captains",) if count >= 4 and draw(st.booleans()) else ()
    crowns = str(draw(st.integers(1, 3)))
    tie_break = draw(st.sampled_from(("shared", "clockwise")))
    levels = draw(st.sampled_from(("3,6,9,12", "1,2,3,4")))
    setup = GAME.make_setup(
        raw_setup(teams, options, crowns=crowns, levels=levels, tie_break=tie_break)
    )
    state = GAME.initial_state(setup)
    entries = []
    data = draw(st.data())
    for _ in range(MAX_ENTRIES):
        expected = GAME.expected(state)
        if not expected:
            break
        action = GAME.action_from_dict(_fill(data, _choose(data, expected)))
        assert GAME.check(state, action) == (), (action, GAME.check(state, action))
        state = GAME.apply(state, action).state
        _check_invariants(state)
        entries.append(action)
    return setup, entries


FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(games())
def test_generated_entries_are_legal_and_replay_to_the_same_state(game: Any) -> None:
    """Every entry offered by expected() passes check(); a replay gives an equal state."""
    setup, entries = game
    first = second = GAME.initial_state(setup)
    for action in entries:
        first = GAME.apply(first, action).state
    for action in entries:
        second = GAME.apply(second, action).state
    assert first == second
    assert GAME.view(first) == GAME.view(second)
    assert (GAME.result(first) is None) == (first.phase != "over")
    if first.phase == "over":
        assert GAME.expected(first) == ()


@FAST
@given(games())
def test_generated_entries_round_trip_through_dicts_and_notation(game: Any) -> None:
    _, entries = game
    for action in entries:
        assert GAME.action_from_dict(GAME.action_to_dict(action)) == action
        line = format_action(CODEC, action)
        assert GAME.action_from_dict(parse_action(CODEC, line)) == action


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
