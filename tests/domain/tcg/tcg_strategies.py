"""Hypothesis strategies for random legal TCG matches, built from the engine's own
`expected(state)`; shared by the rules and match-file property tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from domain.ruleset import Expected
from domain.tcg.state import AREA_CAPACITY, SIDE_CAPACITY, TcgState
from tests.domain.tcg.tcg_helpers import GAME, raw_setup

MAX_ENTRIES = 700
# Entries that never move the match on; drawn less often so matches reach their end.
SIDE_STEPS = {"move", "supporter", "tactics", "set-reverse", "drop-reverse", "rank-change"}


def _fill(data: Any, expected: Expected) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": expected.kind, **expected.fixed}
    for name, values in expected.choices.items():
        if name == "players":
            # Nobody may be in a position to support (TCG-7.5): then nobody supports.
            options = st.lists(st.sampled_from(list(values)), unique=True, max_size=5)
            chosen = data.draw(options) if values else []
            if expected.kind == "kickers":
                chosen = list(values)[:5]
            entry[name] = chosen
        else:
            entry[name] = data.draw(st.sampled_from(list(values)))
    for name, faces in expected.dice.items():
        entry[name] = [data.draw(st.integers(1, f)) for f in faces]
    if expected.kind == "flip":
        entry["bonus"] = data.draw(st.integers(-2, 3))
    return entry


def _choose(data: Any, expected: tuple[Expected, ...]) -> Expected:
    moving = [e for e in expected if e.kind not in SIDE_STEPS]
    if moving and data.draw(st.integers(0, 5)) > 0:
        return data.draw(st.sampled_from(moving))  # type: ignore[no-any-return]
    return data.draw(st.sampled_from(list(expected)))  # type: ignore[no-any-return]


def _check_invariants(state: TcgState) -> None:
    for side in ("home", "away"):
        team = state.side(side)
        if state.phase != "placement":
            assert sum(1 for p in team.players if p.position == "GK") == 1
        assert min(team.hand, team.library, team.trash) >= 0
        assert team.substitutions <= 3 and len(team.reverse) <= 3
    assert state.turn.cost >= 0 and state.turn.gained <= 6
    areas: dict[str, list[str]] = {}
    for side in ("home", "away"):
        for player in state.side(side).players:
            if player.area != "goal":
                areas.setdefault(player.area, []).append(side)
    for sides in areas.values():
        assert len(sides) <= AREA_CAPACITY
        assert max(sides.count("home"), sides.count("away")) <= SIDE_CAPACITY


@st.composite
def matches(draw: Any) -> tuple[Any, list[Any]]:
    raw = raw_setup(
        dice_table=draw(st.sampled_from(("high-roll", "single-die"))),
        distance=draw(st.sampled_from(("king", "orthogonal"))),
        support=draw(st.sampled_from(("adjacent", "same-area", "anywhere"))),
        move_limit=draw(st.sampled_from(("per-move", "per-phase"))),
    )
    setup = GAME.make_setup(raw)
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
