"""Odd values in well-formed requests, aimed past the schemas at the rules engines: every
ruleset's setup and every kind of entry, with fields of the wrong type, too big, empty or
strange. The engines may refuse (400, 422), never fail (5xx)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.registry import find_ruleset
from tests.domain.king_of_the_pitch.kp_helpers import THREE_TEAMS_SETUP
from tests.domain.tcg.tcg_helpers import raw_setup
from tests.opening import SETUP
from tests.web.conftest import token

# Side names, sources and cards the three games use, so that many entries pass the codecs.
PLAUSIBLE = ["home", "away", "toho", "nankatsu", "blue", "green", "yellow", "pitch", "deck"]
PLAUSIBLE += ["shot", "pass", "Kojiro Hyuga", "Tsubasa Ozora", "player", "silver", "A1", "app"]
SETUPS = {"card-game": SETUP, "king-of-the-pitch": THREE_TEAMS_SETUP, "tcg": raw_setup()}

FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["", "?", "0", "-1", "home", "away", "toho", "blue", "x" * 300]),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _actions(ruleset: str) -> st.SearchStrategy[dict[str, Any]]:
    """Every field of a real kind of entry, each a plausible value or an odd one."""
    codec = find_ruleset(ruleset).codec
    plausible = st.sampled_from(PLAUSIBLE) | st.integers(0, 12)

    def for_kind(kind: str) -> st.SearchStrategy[dict[str, Any]]:
        fields = {name: plausible | values for name in codec.field_names(kind)}
        return st.fixed_dictionaries({"kind": st.just(kind)}, optional=fields)

    return st.sampled_from(codec.kinds).flatmap(for_kind)


def _setups(ruleset: str) -> st.SearchStrategy[dict[str, Any]]:
    known = st.sampled_from(["home", "away", "teams", "variant", "options", "settings"])
    changed = st.dictionaries(known, values, min_size=1, max_size=3)
    return changed.map(lambda changes: {**SETUPS[ruleset], **changes})


def _create(client: FlaskClient, ruleset: str) -> str:
    answer = client.post(
        "/api/matches", json={"ruleset": ruleset, "setup": SETUPS[ruleset], "by": "fuzz"}
    )
    assert answer.status_code == 201, answer.get_data(as_text=True)
    match_id: str = answer.get_json()["match"]["id"]
    return match_id


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
def test_odd_setups_are_refused_not_failed(client: FlaskClient, ruleset: str) -> None:
    @FUZZ
    @given(setup=_setups(ruleset))
    def attempt(setup: dict[str, Any]) -> None:
        answer = client.post("/api/matches", json={"ruleset": ruleset, "setup": setup, "by": "f"})
        assert answer.status_code in (201, 400), answer.get_data(as_text=True)

    attempt()


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
def test_odd_entries_are_refused_not_failed(client: FlaskClient, ruleset: str) -> None:
    match_id = _create(client, ruleset)
    scorer = {"Authorization": f"Bearer {token(match_id)}"}

    @FUZZ
    @given(action=_actions(ruleset), roll=st.booleans(), override=st.sampled_from([None, "x"]))
    def attempt(action: dict[str, Any], roll: bool, override: str | None) -> None:
        body = {"action": action, "by": "f", "roll": roll, "override": override}
        answer = client.post(f"/api/matches/{match_id}/entries", json=body, headers=scorer)
        assert answer.status_code in (201, 400, 422), answer.get_data(as_text=True)

    attempt()
