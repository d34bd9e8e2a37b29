"""The scoring form names the physical die a table roll was made with: optional, folded away,
offered again once named, and checked at the door."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from tests.service.test_golden_matches import CASES, golden_lines
from tests.web.conftest import become_scorer, post_form

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
RULESET, FULL_MATCH, SETUP = CASES[0][:3]


def up_to_the_first_roll(service: Touchline) -> str:
    match = service.create_match(RULESET, SETUP, ALICE)
    lines = golden_lines(FULL_MATCH)
    for line in lines[: next(n for n, line in enumerate(lines) if line.startswith("roll"))]:
        service.record(match.id, parse_entry(RULESET, line), ALICE)
    return match.id


def roll(service: Touchline, match_id: str, **extra: str) -> dict[str, str]:
    version = str(service.version_of(match_id))
    return {"kind": "roll", "coach": "nankatsu", "value": "5", "expected_version": version,
            "key": f"k{version}", **extra}  # fmt: skip


def test_a_roll_form_offers_the_die_s_name_and_records_it(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = up_to_the_first_roll(service)
    become_scorer(client, match_id)
    page = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert "<summary>Die used</summary>" in page
    assert 'name="die_label" value=""' in page
    response = post_form(
        client, f"/matches/{match_id}/entries", roll(service, match_id, die_label=" red d6 ")
    )
    assert response.status_code == 303
    assert service.load_record(match_id).log[-1].die_label == "red d6"
    # The next roll's form offers the same die again.
    page = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert "<summary>Die used: red d6</summary>" in page
    assert 'name="die_label" value="red d6"' in page
    (red,) = [d for d in service.dice_sources() if d.die == "red d6"]
    assert red.fairness.rolls == 1


def test_a_bad_die_name_is_a_clear_error_and_stores_nothing(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = up_to_the_first_roll(service)
    become_scorer(client, match_id)
    before = service.version_of(match_id)
    for label in ("red\x1bd6", "x" * 41):
        response = post_form(
            client, f"/matches/{match_id}/entries", roll(service, match_id, die_label=label)
        )
        assert response.status_code == 400
        assert "the die&#39;s label" in response.get_data(as_text=True)
    assert service.version_of(match_id) == before


def test_a_form_without_dice_has_no_die_to_name(client: FlaskClient, match_id: str) -> None:
    become_scorer(client, match_id)
    page = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert "kind-toss" in page and "Die used" not in page
