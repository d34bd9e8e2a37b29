"""POST /api/matches/import with verify=true: an exported file imports with its chain held; a
line edited since its export (a die changed, `by=bob`) is 400 naming the line and stores
nothing; a format 2 file cannot be verified. Without verify, `match_file.chain` and the
match's provenance say where the chain broke."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from domain.match import Author
from schemas.matchfile import dumps
from service.app import Touchline
from tests.opening import OPENING, record_text
from tests.schemas.files import by_hand

ALICE = Author("alice", "2026-11-29T21:00:00+00:00", "test")
RELEASE_FILE = (
    Path(__file__).parent.parent
    / "fixtures"
    / "release_2026_11"
    / "expected"
    / "card-game-first-match.match"
)


def exported(service: Touchline, match_id: str) -> list[str]:
    for line in OPENING:
        record_text(service, match_id, line, ALICE)
    return dumps(service.load_record(match_id), "2026-11-30T12:00:00+00:00").split("\n")


def number_of(lines: list[str], start: str) -> int:
    return next(n for n, line in enumerate(lines, start=1) if line.startswith(start))


def test_an_exported_file_verifies(client: FlaskClient, service: Touchline, match_id: str) -> None:
    text = "\n".join(exported(service, match_id))
    answer = client.post("/api/matches/import?verify=true", data=text, content_type="text/plain")
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert (body["match_file"]["chain"], body["match_file"]["chain_break"]) == (True, None)
    assert body["match"]["imported"]["chain"] is True
    seal = service.verify_match(match_id).seal
    assert body["match"]["imported"]["claims"]["seal"] == {"version": 12, "digest": seal}
    page = client.get(f"/matches/{body['match']['id']}").get_data(as_text=True)
    assert f'sealed <code class="digest">{seal}</code> at version 12' in page


def test_an_edited_line_is_refused_naming_it(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    lines = exported(service, match_id)
    roll, third = number_of(lines, "10 by="), number_of(lines, "3 by=")
    lines[roll - 1] = lines[roll - 1].replace("value=5", "value=6")
    lines[third - 1] = lines[third - 1].replace("3 by=alice", "3 by=bob")
    text = by_hand("\n".join(lines))
    before = len(client.get("/api/matches").get_json())
    for send in (
        {"query_string": {"verify": "true"}, "data": text, "content_type": "text/plain"},
        {"json": {"text": text, "verify": True}},
    ):
        answer = client.post("/api/matches/import", **send)  # type: ignore[arg-type]
        assert answer.status_code == 400, answer.get_json()
        assert f"line {third} was edited after export" in answer.get_json()["message"]
    assert len(client.get("/api/matches").get_json()) == before

    answer = client.post("/api/matches/import", json={"text": text})
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert (body["match_file"]["chain"], body["match_file"]["chain_break"]) == (False, third)
    assert f"chain broken: line {third}" in body["match_file"]["notice"]
    imported = body["match"]["imported"]
    assert (imported["chain"], imported["chain_break"]) == (False, third)


def test_a_format_2_file_cannot_be_verified(client: FlaskClient) -> None:
    data = RELEASE_FILE.read_bytes()
    answer = client.post(
        "/api/matches/import?verify=true&no_league=true", data=data, content_type="text/plain"
    )
    assert answer.status_code == 400
    assert "format version 2, which carries no per-line chain" in answer.get_json()["message"]
    plain = client.post("/api/matches/import?no_league=true", data=data, content_type="text/plain")
    assert plain.status_code == 201
    assert plain.get_json()["match_file"]["chain"] is None


def test_the_match_page_says_where_the_chain_broke(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    lines = exported(service, match_id)
    third = number_of(lines, "3 by=")
    lines[third - 1] = lines[third - 1].replace("3 by=alice", "3 by=bob")
    answer = client.post("/api/matches/import", json={"text": by_hand("\n".join(lines))})
    page = client.get(f"/matches/{answer.get_json()['match']['id']}").get_data(as_text=True)
    assert f"its chain broke at line {third}: edited after export" in page
