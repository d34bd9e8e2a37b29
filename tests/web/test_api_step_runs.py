"""GET /api/matches/{id}/steps?from=N&to=M: a run of steps in one answer, each as the one-step
endpoint shows it (less the entries before it), and its bounds checked by name; and
GET /api/matches/{id}/step-changes?from=N&to=M, the same steps told as what changed."""

from __future__ import annotations

import json

import jsonpatch
import pytest
from flask.testing import FlaskClient

from domain.match import Author
from schemas.api_matches import StepChangeRunSchema, StepRunSchema
from service.app import Touchline
from service.replays import MOST_STEPS
from tests.domain.test_situation_changes import exactly
from tests.opening import OPENING, record_text
from tests.service.test_replay_steps import stored
from tests.service.test_timeline import GOLDEN

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")


@pytest.fixture
def played(service: Touchline, match_id: str) -> str:
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    return match_id


def test_walking_in_runs_shows_each_step_as_the_one_step_endpoint(
    client: FlaskClient, played: str
) -> None:
    total = len(OPENING)
    seen = []
    first = 0
    while first <= total:
        answer = client.get(f"/api/matches/{played}/steps?from={first}&to={min(first + 4, total)}")
        assert answer.status_code == 200, answer.json
        run = answer.json
        assert (run["total"], run["from"], run["match_id"]) == (total, first, played)
        for step in run["steps"]:
            one = client.get(f"/api/matches/{played}/steps/{step['step']}").json
            assert {k: one[k] for k in ("entry", "situation", "text")} == {
                k: step[k] for k in ("entry", "situation", "text")
            }
            seen.append(step["step"])
        first = run["to"] + 1
    assert seen == list(range(total + 1))


def test_without_bounds_the_run_starts_at_the_kick_off_and_goes_to_the_end(
    client: FlaskClient, played: str
) -> None:
    run = client.get(f"/api/matches/{played}/steps").json
    assert (run["from"], run["to"]) == (0, len(OPENING))
    assert run["steps"][0]["entry"] is None


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("from=x", "from"),
        ("from=-1", "from"),
        ("to=1.5", "to"),
        ("from=99", "from=99"),
        ("from=5&to=3", "to=3"),
        ("to=99", "to=99"),
    ],
)
def test_a_bad_bound_is_400_naming_it(
    client: FlaskClient, played: str, query: str, named: str
) -> None:
    answer = client.get(f"/api/matches/{played}/steps?{query}")
    assert answer.status_code == 400
    assert named in str(answer.json)


def test_the_run_endpoint_is_documented(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").json
    operation = document["paths"]["/api/matches/{match_id}/steps"]["get"]
    assert {p["name"] for p in operation["parameters"] if p["in"] == "query"} == {"from", "to"}
    assert {"200", "400", "404"} <= set(operation["responses"])


def test_walking_in_runs_of_changes_shows_each_step_as_the_one_step_endpoint(
    client: FlaskClient, played: str
) -> None:
    total = len(OPENING)
    seen = []
    # Back from the end, as the replay page walks from the last step.
    for last in range(total, -1, -5):
        first = max(0, last - 4)
        answer = client.get(f"/api/matches/{played}/step-changes?from={first}&to={last}")
        assert answer.status_code == 200, answer.json
        run = answer.json
        assert (run["total"], run["from"], run["to"], run["match_id"]) == (
            total,
            first,
            last,
            played,
        )
        situation = run["situation"]
        assert run["steps"][0]["changes"] == []
        for step in run["steps"]:
            situation = jsonpatch.apply_patch(situation, step["changes"])
            one = client.get(f"/api/matches/{played}/steps/{step['step']}").json
            assert exactly(situation) == exactly(one["situation"]), f"step {step['step']}"
            assert (step["entry"], step["text"]) == (one["entry"], one["text"])
            seen.append(step["step"])
    assert sorted(seen) == list(range(total + 1))


@pytest.mark.parametrize(
    ("query", "named"),
    [("from=x", "from"), ("from=99", "from=99"), ("from=5&to=3", "to=3"), ("to=99", "to=99")],
)
def test_a_bad_bound_of_a_run_of_changes_is_400_naming_it(
    client: FlaskClient, played: str, query: str, named: str
) -> None:
    answer = client.get(f"/api/matches/{played}/step-changes?{query}")
    assert answer.status_code == 400
    assert named in str(answer.json)


def test_a_run_is_answered_as_its_schema_dumps_it(
    client: FlaskClient, service: Touchline, played: str
) -> None:
    # The answers are built without marshmallow; the schemas that document them must still
    # describe exactly what is sent.
    runs = {
        "steps": (StepRunSchema(), service.replay_steps(played, 0, len(OPENING))),
        "step-changes": (
            StepChangeRunSchema(),
            service.replay_step_changes(played, 0, len(OPENING)),
        ),
    }
    for path, (schema, run) in runs.items():
        answer = client.get(f"/api/matches/{played}/{path}?from=0&to={len(OPENING)}")
        assert answer.json == json.loads(json.dumps(schema.dump(run))), path


def test_the_run_of_changes_is_documented(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").json
    operation = document["paths"]["/api/matches/{match_id}/step-changes"]["get"]
    assert {p["name"] for p in operation["parameters"] if p["in"] == "query"} == {"from", "to"}
    assert {"200", "400", "404"} <= set(operation["responses"])
    change = document["components"]["schemas"]["SituationChange"]
    assert change["properties"]["op"]["enum"] == ["add", "remove", "replace"]


@pytest.mark.parametrize("name", sorted(GOLDEN))
@pytest.mark.parametrize("size", [7, MOST_STEPS])
def test_every_run_of_a_golden_match_both_ways_is_answered_as_its_schema_dumps_it(
    client: FlaskClient, service: Touchline, name: str, size: int
) -> None:
    # The steps with their odds and words built directly (schemas/step_answers.py), walking
    # forward and then back from the end, as a fresh dump of each run by its schema.
    match_id = stored(service, name, AUTHOR)
    total = service.replay(match_id).total
    forward = [(first, min(first + size - 1, total)) for first in range(0, total + 1, size)]
    back = [(max(0, last - size + 1), last) for last in range(total, -1, -size)]
    schemas = {"steps": StepRunSchema(), "step-changes": StepChangeRunSchema()}
    for first, last in forward + back:
        made = {
            "steps": service.replay_steps(match_id, first, last),
            "step-changes": service.replay_step_changes(match_id, first, last),
        }
        for path, schema in schemas.items():
            answer = client.get(f"/api/matches/{match_id}/{path}?from={first}&to={last}").json
            expected = json.loads(json.dumps(schema.dump(made[path])))
            if path == "step-changes":
                # The schema dumps a `remove` with a null value the answer leaves out (RFC
                # 6902); the changes are checked applied, above and in the service's tests.
                for step in (*answer["steps"], *expected["steps"]):
                    del step["changes"]
            assert answer == expected, (path, first, last)
