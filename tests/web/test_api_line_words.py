"""Issue 14: every log line the JSON API answers reads as the match report does (domain/report.py)
beside its stored data: its sentence, its notation, its marks (a goal, a booking, the dice, an
override, a note, what took it out of force), what followed from it and its stretch of play;
in the match, in each write's answer, in a replay step and in a run of steps."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.opening import OPENING
from tests.service.test_golden_matches import CASES, golden_lines
from tests.web.api_support import create, enter, scorer

WORDS = {"sentence", "notation", "marks", "told", "period"}


def played(client: FlaskClient, match_id: str, lines: list[str]) -> list[dict[str, Any]]:
    """Each line entered through the API; the log lines the writes answered."""
    written = []
    for line in lines:
        answer = enter(client, match_id, line)
        assert answer.status_code == 201, answer.get_json()
        written.append(answer.get_json()["entry"])
    return written


def marks(line: dict[str, Any]) -> list[str]:
    return [mark["kind"] for mark in line["marks"]]


def test_the_match_log_reads_each_line_as_a_sentence_beside_its_notation(
    client: FlaskClient, match_id: str
) -> None:
    played(client, match_id, OPENING)
    log = client.get(f"/api/matches/{match_id}").get_json()["log"]
    assert all(set(line) >= WORDS for line in log)
    play = log[4]
    assert play["sentence"] == "Toho: Kojiro Hyuga (Shot 3, Pass 1)"
    assert play["notation"] == "play coach=toho card='Kojiro Hyuga' shot=3 pass=1"
    assert play["action"]["card"] == "Kojiro Hyuga"  # the stored data is all still there
    assert log[0]["period"] == "Before kick-off" and play["period"] == "1st half, round 1"
    goal = log[10]
    assert goal["sentence"] == "Nankatsu roll 2"
    assert marks(goal) == ["goal", "dice"]
    assert {"kind": "goal", "symbol": "◉", "words": "goal"} in goal["marks"]
    assert "GOAL for Toho! Nankatsu 0 – 1 Toho." in goal["told"]


def test_an_override_a_note_and_an_undo_are_marked(client: FlaskClient, match_id: str) -> None:
    played(client, match_id, OPENING)
    overridden = enter(client, match_id, "draft nankatsu pitch", override="house rule")
    assert overridden.status_code == 201, overridden.get_json()
    assert marks(overridden.get_json()["entry"]) == ["override"]
    note = client.post(
        f"/api/matches/{match_id}/annotations",
        json={"on": 12, "text": "the wrong pile", "by": "alice"},
        headers=scorer(match_id),
    )
    assert note.status_code == 201
    assert note.get_json()["entry"]["sentence"] == "Note on line 12: the wrong pile"
    undone = client.post(
        f"/api/matches/{match_id}/undo", json={"by": "alice"}, headers=scorer(match_id)
    )
    assert undone.status_code == 201
    said = undone.get_json()["entry"]
    assert said["sentence"] == "Undo of line 12: Nankatsu draft a card from the Pitch"
    assert marks(said) == ["undo"]
    log = client.get(f"/api/matches/{match_id}").get_json()["log"]
    assert marks(log[11]) == ["override", "note", "undone"]
    assert marks(log[12]) == ["note"]


def test_a_write_answers_its_line_in_words(client: FlaskClient, match_id: str) -> None:
    first = enter(client, match_id, OPENING[0], key="k1")
    again = enter(client, match_id, OPENING[0], key="k1")
    # A repeated key answers the line written the first time, in the same words.
    assert again.status_code == 200 and again.get_json()["entry"] == first.get_json()["entry"]
    assert first.get_json()["entry"]["sentence"] == "Toho win the toss"
    written = [first.get_json()["entry"], *played(client, match_id, OPENING[1:])]
    assert written[4]["sentence"] == "Toho: Kojiro Hyuga (Shot 3, Pass 1)"
    assert written[10]["period"] == "1st half, round 1" and marks(written[10]) == ["goal", "dice"]
    log = client.get(f"/api/matches/{match_id}").get_json()["log"]
    # What a write answers is what the match's log says of that line then.
    assert [line["sentence"] for line in written] == [line["sentence"] for line in log]


def test_a_booking_is_marked_with_its_colour(client: FlaskClient) -> None:
    name = "card_game/golden/full_match.txt"
    setup = next(setup for _, case, setup, _, _ in CASES if case == name)
    match_id = create(client, setup=setup).get_json()["match"]["id"]
    booked = []
    for line in golden_lines(name):
        answer = enter(client, match_id, line)
        if answer.status_code == 422:  # a card typed two ways: the table played on (CG-1.3)
            answer = enter(client, match_id, line, override="as the table played it")
        assert answer.status_code == 201, answer.get_json()
        booked = (
            [answer.get_json()["entry"]] if "booking" in marks(answer.get_json()["entry"]) else []
        )
        if booked:
            break
    assert booked, "the golden match books a player"
    assert booked[0]["sentence"].startswith("Nankatsu book Toho with Foul")
    assert {"kind": "booking", "symbol": "▮", "words": "yellow card"} in booked[0]["marks"]


def test_replay_steps_and_runs_carry_each_entry_in_words(
    client: FlaskClient, match_id: str
) -> None:
    played(client, match_id, OPENING)
    step = client.get(f"/api/matches/{match_id}/steps/5").get_json()
    assert step["entry"]["sentence"] == "Toho: Kojiro Hyuga (Shot 3, Pass 1)"
    assert all(set(entry) >= WORDS for entry in step["entries"])
    for path in ("steps", "step-changes"):
        run = client.get(f"/api/matches/{match_id}/{path}?from=0&to=11").get_json()
        entries = [s["entry"] for s in run["steps"]]
        assert entries[0] is None
        assert entries[5]["sentence"] == "Toho: Kojiro Hyuga (Shot 3, Pass 1)", path
        assert marks(entries[11]) == ["goal", "dice"], path


def test_the_openapi_document_describes_a_log_line_s_words(app: Flask) -> None:
    document = app.test_client().get("/api/openapi.json").get_json()
    match = document["components"]["schemas"]["Match"]["properties"]["log"]["items"]
    assert set(match["properties"]) >= WORDS and set(match["required"]) >= WORDS
    assert set(match["properties"]["marks"]["items"]["properties"]) == {"kind", "symbol", "words"}
    written = document["components"]["schemas"]["Written"]["properties"]["entry"]
    assert "sentence" in written["properties"]
