"""GET /api/matches/{id}/luck and the odds of each step of a run: the exact odds of every roll
from the situation before it, and the luck it brought (docs/analysis.md)."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, record_text

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")
# Toho's Shot 3 against Nankatsu's Defense 1 (CG-5.4): Toho score unless Nankatsu's die beats
# Toho's by 3 or more, 6 of 36 rolls: 5/6. Toho roll 5: 8 against at most 7, certain.
SHOT_ROLL = len(OPENING) - 1


def played(service: Touchline, match_id: str) -> str:
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    return match_id


def test_every_roll_answers_its_exact_odds_and_luck(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    answer = client.get(f"/api/matches/{played(service, match_id)}/luck")
    assert answer.status_code == 200, answer.json
    luck = answer.json
    assert (luck["unit"], luck["sides"]) == ("goals", ["nankatsu", "toho"])
    first, second = luck["rolls"]
    assert first["step"] == SHOT_ROLL
    assert first["roll"] == "Toho's die in Toho's Shot"
    assert first["chances"] == [
        {"outcome": "Toho score", "probability": "5/6", "value": 5 / 6},
        {"outcome": "Nankatsu win the ball", "probability": "1/6", "value": 1 / 6},
    ]
    assert first["certain"] is False
    # Goal difference: Toho expected 5/6 of a goal and got it all, 1/6 more.
    assert first["luck"] == {"nankatsu": -1 / 6, "toho": 1 / 6}
    assert second["certain"] is True and second["luck"] == {}
    assert luck["exact"] == {"nankatsu": "-1/6", "toho": "1/6"}


def test_a_run_of_steps_carries_the_odds_of_its_rolls(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    ref = played(service, match_id)
    for path in ("steps", "step-changes"):
        run = client.get(f"/api/matches/{ref}/{path}").json
        rolled = [step["step"] for step in run["steps"] if step["odds"] is not None]
        assert rolled == [SHOT_ROLL, SHOT_ROLL + 1], path
        assert run["steps"][SHOT_ROLL]["odds"]["chances"][0]["probability"] == "5/6"


def test_a_match_not_found_is_404(client: FlaskClient) -> None:
    assert client.get("/api/matches/nothing-like-it/luck").status_code == 404
