"""Hypothesis strategies for random legal King of the Pitch games, built from the engine's own
`expected(state)`; shared by the rules and match-file property tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from domain.king_of_the_pitch.board import columns_agree
from domain.king_of_the_pitch.state import KingState
from domain.ruleset import Expected
from tests.domain.king_of_the_pitch.kp_helpers import GAME, raw_setup

MAX_ENTRIES = 250
COLOURS = ("blue", "green", "yellow", "red", "orange")
# Entries that move a game towards its end; favoured so that games reach a result.
FORWARD = {"challenge", "roll", "reroll", "penalty", "declare", "transfer", "sign"}


def pick(data: Any, values: Any) -> Any:
    return data.draw(st.sampled_from(list(values)))


def _fill(data: Any, expected: Expected) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": expected.kind, **expected.fixed}
    for name, values in expected.choices.items():
        # With every player card out, a reveal offers no colour: only a match card is left.
        if values:
            entry[name] = pick(data, values)
    for name, faces in expected.dice.items():
        entry[name] = [data.draw(st.integers(1, f)) for f in faces]
    if expected.kind == "reveal":
        if entry["card"] != "player":
            entry.pop("colour", None)
            entry.pop("position", None)
        if entry["card"] != "captain-transfer":
            metals = st.sampled_from(("gold", "silver", "bronze"))
            entry["price"] = data.draw(st.lists(metals, max_size=2))
    return entry


def _choose(data: Any, expected: tuple[Expected, ...]) -> Expected:
    forward = [e for e in expected if e.kind in FORWARD]
    if forward and data.draw(st.integers(0, 2)) > 0:
        return pick(data, forward)  # type: ignore[no-any-return]
    return pick(data, expected)  # type: ignore[no-any-return]


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
