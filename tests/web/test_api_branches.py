"""What-if branches and glyphs through the JSON API: anyone who can see a match may branch
it and is handed the branch's scorer link; branches are listed by step and compared with
their origin; annotations carry a glyph and are filtered by it."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.opening import OPENING
from tests.web.api_support import enter, scorer


def opened(client: FlaskClient, match_id: str) -> None:
    for line in OPENING:
        assert enter(client, match_id, line).status_code == 201


def test_anyone_may_branch_a_match_and_gets_the_branchs_scorer_link(
    client: FlaskClient, match_id: str
) -> None:
    opened(client, match_id)
    answer = client.post(f"/api/matches/{match_id}/branches", json={"step": 9, "by": "bob"})
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    branch = body["match"]["id"]
    assert body["match"]["branch"]["origin"] == match_id and body["match"]["branch"]["step"] == 9
    assert len(body["match"]["log"]) == 9
    # The link handed over scores the branch, not its origin.
    bearer = {"Authorization": f"Bearer {body['scorer_token']}"}
    roll = {"text": "roll coach=toho value=1", "by": "bob"}
    assert (
        client.post(f"/api/matches/{branch}/entries", json=roll, headers=bearer).status_code == 201
    )
    refused = client.post(f"/api/matches/{match_id}/entries", json=roll, headers=bearer)
    assert refused.status_code == 403
    assert client.get(f"/api/matches/{match_id}").get_json()["branch"] is None


def test_branches_are_listed_by_step_and_compared_with_their_origin(
    client: FlaskClient, match_id: str
) -> None:
    opened(client, match_id)
    made = client.post(f"/api/matches/{match_id}/branches", json={"step": 9}).get_json()
    branch = made["match"]["id"]
    listed = client.get(f"/api/matches/{match_id}/branches").get_json()
    assert [b["id"] for b in listed] == [branch] and listed[0]["step"] == 9
    assert client.get(f"/api/matches/{match_id}/branches?step=3").get_json() == []
    compared = client.get(f"/api/matches/{branch}/comparison")
    assert compared.status_code == 200
    data = compared.get_json()
    assert data["step"] == 9 and data["origin"]["id"] == match_id
    assert [line["number"] for line in data["origin"]["lines"]] == [10, 11]
    assert data["branch"]["lines"] == []
    assert client.get(f"/api/matches/{match_id}/comparison").status_code == 400


def test_a_branch_from_a_step_the_match_lacks_is_400_and_stores_nothing(
    client: FlaskClient, match_id: str
) -> None:
    answer = client.post(f"/api/matches/{match_id}/branches", json={"step": 4})
    assert answer.status_code == 400 and "not a step" in answer.get_json()["message"]
    assert client.get(f"/api/matches/{match_id}/branches").get_json() == []
    bad = client.post(f"/api/matches/{match_id}/branches", json={"step": "x"})
    assert bad.status_code == 400 and "step" in bad.get_data(as_text=True)


def test_annotations_carry_a_glyph_and_are_filtered_by_it(
    client: FlaskClient, match_id: str
) -> None:
    opened(client, match_id)
    notes = f"/api/matches/{match_id}/annotations"
    for on, glyph in ((10, "blunder"), (9, None), (11, "turning-point")):
        body = {"on": on, "text": f"on {on}", "by": "carol", "glyph": glyph}
        assert client.post(notes, json=body, headers=scorer(match_id)).status_code == 201
    every = client.get(notes).get_json()["annotations"]
    assert [(n["on"], n["glyph"]) for n in every] == [
        (10, "blunder"),
        (9, None),
        (11, "turning-point"),
    ]
    blunders = client.get(f"{notes}?glyph=blunder").get_json()["annotations"]
    assert [n["on"] for n in blunders] == [10]
    assert "a blunder" in blunders[0]["sentence"]
    assert client.get(f"{notes}?glyph=brilliant").status_code == 400
    bad = {"on": 1, "text": "x", "by": "carol", "glyph": "brilliant"}
    refused = client.post(notes, json=bad, headers=scorer(match_id))
    assert refused.status_code == 400 and "glyph" in refused.get_data(as_text=True)
    assert len(client.get(notes).get_json()["annotations"]) == 3


def test_the_comparison_carries_each_sides_luck_and_the_branching_rolls_odds(
    client: FlaskClient, match_id: str
) -> None:
    """The origin's first entry after the shared ones is a die of Toho's shot: its exact
    odds; the branch has no entry there yet, so no roll, and no luck brought yet."""
    opened(client, match_id)
    made = client.post(f"/api/matches/{match_id}/branches", json={"step": 9}).get_json()
    data = client.get(f"/api/matches/{made['match']['id']}/comparison").get_json()
    origin, branch = data["origin"], data["branch"]
    assert origin["unit"] == branch["unit"] == "goals"
    assert [(s["side"], s["exact"]) for s in origin["luck"]] == [
        ("nankatsu", "-1/6"),
        ("toho", "1/6"),
    ]
    assert [s["exact"] for s in branch["luck"]] == ["0", "0"]
    assert origin["roll"]["step"] == 10 and origin["roll"]["certain"] is False
    assert [(c["outcome"], c["probability"]) for c in origin["roll"]["chances"]] == [
        ("Toho score", "5/6"),
        ("Nankatsu win the ball", "1/6"),
    ]
    assert origin["roll"]["luck"]["toho"] == 1 / 6
    assert branch["roll"] is None


def test_the_openapi_document_describes_the_comparisons_luck_and_roll(
    client: FlaskClient,
) -> None:
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    compared = schemas["ComparedMatch"]["properties"]
    assert {"unit", "luck", "roll"} <= set(compared)
    assert "luck chart" in compared["luck"]["description"]
    assert {"step", "roll", "chances", "luck"} <= set(schemas["ComparedRoll"]["properties"])
