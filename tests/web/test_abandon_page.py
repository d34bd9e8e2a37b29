"""Abandoning a match from the pages: "Abandon the match…" on the match and scoring pages for
whoever may (a scorer, as in the API), a confirmation page that asks why, and nothing stored
for anyone else or without a reason."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from domain.log import Abandonment
from service.app import Touchline
from tests.web.conftest import become_scorer, hold, post_form

ABANDON = "Abandon the match…"


def test_a_scorer_abandons_after_confirming_with_a_reason(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    become_scorer(client, match_id)
    assert ABANDON in client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert ABANDON in client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    confirm = client.get(f"/matches/{match_id}/abandon")
    assert confirm.status_code == 200
    assert "counts in no standings, for good" in confirm.get_data(as_text=True)
    # Opening the confirmation changes nothing.
    assert service.get_match(match_id).status == "in progress"

    answer = post_form(client, f"/matches/{match_id}/abandon", {"reason": "the venue closed"})
    assert answer.status_code == 303
    view = service.get_match(match_id)
    assert view.status == "abandoned"
    last = view.log[-1]
    assert isinstance(last, Abandonment) and last.reason == "the venue closed"
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert ABANDON not in page
    # Nothing can be entered any more, so the match page offers no scoring either.
    assert "Score this match" not in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_without_a_reason_nothing_is_abandoned(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    become_scorer(client, match_id)
    answer = post_form(client, f"/matches/{match_id}/abandon", {"reason": "  "})
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert 'id="reason-problem">give the reason the match is abandoned</span>' in html
    assert service.get_match(match_id).status == "in progress"


@pytest.mark.parametrize("role", [None, "referee", "coach"])
def test_only_a_scorer_may_abandon(
    client: FlaskClient, service: Touchline, match_id: str, role: str | None
) -> None:
    if role is not None:
        side = "toho" if role == "coach" else None
        hold(client, match_id, role, side)
    assert ABANDON not in client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert client.get(f"/matches/{match_id}/abandon").status_code == 403
    answer = post_form(client, f"/matches/{match_id}/abandon", {"reason": "we are bored"})
    assert answer.status_code == 403
    assert service.get_match(match_id).status == "in progress"
