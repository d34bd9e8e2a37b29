"""Property tests: random legal matches built by choosing among `expected(state)`."""

import json
from typing import Any

from cg_helpers import GAME
from cg_strategies import POINTS, matches, pick
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.card_game.actions import CODEC
from domain.card_game.cards import CATALOGUE
from domain.card_game.shooting import card_total
from domain.card_game.state import CardGameState
from tests.domain.table import assert_round_trips, replayed_twice

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(matches())
def test_generated_entries_are_legal_and_replay_to_the_same_state(match: Any) -> None:
    """Every entry offered by expected() passes check(); a replay gives an equal state."""
    setup, entries = match
    replayed_twice(GAME, setup, entries)


@FAST
@given(matches())
def test_generated_entries_round_trip_through_dicts_and_notation(match: Any) -> None:
    _, entries = match
    assert_round_trips(GAME, entries)


def _any_entry(data: Any, state: CardGameState) -> dict[str, Any]:
    """Any well-formed entry at all, legal or not, with plausible values."""
    kind = pick(data, CODEC.kinds)
    names = [c.name for s in ("nankatsu", "toho") for c in state.coach(s).area]
    names += ["Fatigue", "Teppei Kisugi", "Ken Wakashimazu", "Foul", "Jun Misugi", "Someone"]
    entry: dict[str, Any] = {"kind": kind}
    hints = CODEC.class_for(kind).__annotations__
    for field in CODEC.field_names(kind):
        hint = str(hints.get(field, hints.get(field + "_", "")))
        if hint == "Source":
            entry[field] = pick(data, ("table", "app"))
        elif "Side" in hint:
            entry[field] = pick(data, ("nankatsu", "toho"))
        elif "int" in hint:
            entry[field] = data.draw(st.integers(-1, 7))
        elif "Point" in hint:
            entry[field] = data.draw(st.lists(st.sampled_from(POINTS), max_size=3))
        elif "tuple[str" in hint:
            entry[field] = data.draw(
                st.lists(st.sampled_from(CATALOGUE.names("signing")), max_size=5)
            )
        elif "Literal" in hint:
            entry[field] = pick(data, _literal_values(hint))
        else:
            entry[field] = pick(data, names)
    return entry


def _literal_values(hint: str) -> tuple[str, ...]:
    inside = hint[hint.index("[") + 1 : hint.rindex("]")]
    return tuple(part.strip().strip("'\"") for part in inside.split(","))


@FAST
@given(matches(), st.data())
def test_apply_survives_any_entry_flagged_only_with_overridable_violations(
    match: Any, data: Any
) -> None:
    """A table may knowingly play on: apply() must not fail on an overridden violation."""
    setup, entries = match
    state = GAME.initial_state(setup)
    stop = data.draw(st.integers(0, len(entries)))
    for action in entries[:stop]:
        state = GAME.apply(state, action).state
    for _ in range(5):
        try:
            action = GAME.action_from_dict(_any_entry(data, state))
        except Exception:  # a malformed mix of values is the codec's business, not apply's
            continue
        violations = GAME.check(state, action)
        if all(v.overridable for v in violations):
            state = GAME.apply(state, action).state
            for coach in (state.nankatsu, state.toho):
                assert (
                    coach.hand + coach.deck + coach.discard + len(coach.area) + (coach.eliminated)
                    == coach.owned
                )
            json.dumps(GAME.view(state))
            GAME.render(state)
            GAME.expected(state)


@FAST
@given(matches())
def test_the_views_totals_are_the_plays_card_totals_at_every_step(match: Any) -> None:
    """CG-10.1: the view adds up the play (booking penalties included) in one pass, as
    `card_total` does point by point."""
    setup, entries = match
    state = GAME.initial_state(setup)
    for action in [None, *entries]:
        if action is not None:
            state = GAME.apply(state, action).state
        coaches = GAME.view(state)["coaches"]
        for side in ("nankatsu", "toho"):
            coach = state.coach(side)
            expected = {p: card_total(coach, p) for p in ("shot", "pass", "defense")}
            assert coaches[side]["totals"] == expected
