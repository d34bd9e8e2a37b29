"""The scoring page shows the exact odds of the roll to come only for a match set up with the
live-odds option (off by default, for competitive play)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, SETUP, record_text
from tests.web.conftest import become_scorer

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")
# Up to Toho's declared Shot, 3 against Defense 1: both dice still to roll.
BEFORE_THE_DICE = OPENING[:-2]


def scoring_page(client: FlaskClient, match_id: str) -> str:
    become_scorer(client, match_id)
    answer = client.get(f"/matches/{match_id}/live")
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


@pytest.mark.parametrize("options", [[], ["live-odds"]])
def test_the_odds_show_on_the_scoring_page_only_when_chosen(
    client: FlaskClient, service: Touchline, options: list[str]
) -> None:
    match_id = service.create_match("card-game", {**SETUP, "options": options}, AUTHOR).id
    for line in BEFORE_THE_DICE:
        record_text(service, match_id, line, AUTHOR)
    page = scoring_page(client, match_id)
    shown = "live-odds" in options
    assert ("Odds: Toho&#39;s Shot" in page) is shown
    assert ("Toho score" in page and "(5/6)" in page) is shown
    if shown:
        odds = service.live_odds(match_id)
        assert odds is not None and odds.chance_of("Toho score") == pytest.approx(5 / 6)
    else:
        assert service.live_odds(match_id) is None
