"""The live and public pages of King of the Pitch and the TCG: their drawings and buttons."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.domain.king_of_the_pitch.kp_helpers import TABLE as KP_TABLE
from tests.domain.king_of_the_pitch.kp_helpers import THREE_TEAMS_SETUP
from tests.domain.king_of_the_pitch.kp_helpers import raw_setup as kp_setup
from tests.domain.tcg.tcg_helpers import TABLE as TCG_TABLE
from tests.domain.tcg.tcg_helpers import golden_setup
from tests.opening import record_text
from tests.web.conftest import become_scorer, post_form

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")


def started(service: Touchline, ruleset: str, setup: dict[str, Any], lines: list[str]) -> str:
    match_id = service.create_match(ruleset, setup, ALICE).id
    for line in lines:
        record_text(service, match_id, line, ALICE)
    return match_id


def kinds(page: str) -> list[str]:
    return re.findall(r'name="kind" value="([^"]+)"', page)


def test_king_of_the_pitch_opening_rolls_get_a_dice_pad(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = started(service, "king-of-the-pitch", THREE_TEAMS_SETUP, [])
    become_scorer(client, match_id)
    page = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert kinds(page) == ["roll", "roll", "roll"]
    assert 'name="dice" value="6"' in page and 'name="dice" value="7"' not in page
    assert "situation-king" in page and "5 crowns to win" not in page  # THREE_TEAMS: 4 crowns
    assert "4 crowns to win" in page
    response = post_form(
        client,
        f"/matches/{match_id}/entries",
        {"kind": "roll", "team": "blue", "dice": "6", "expected_version": "1"},
    )
    assert response.status_code == 303
    assert service.get_match(match_id).log[-1].action["dice"] == [6]


def test_king_of_the_pitch_mid_game_draws_the_line_boards_and_duel(
    client: FlaskClient, service: Touchline
) -> None:
    lines = KP_TABLE.golden_lines("three_teams.txt")[:31]
    match_id = started(service, "king-of-the-pitch", THREE_TEAMS_SETUP, lines)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'aria-label="The line"' in page and "MATCH" in page
    assert 'aria-label="Blue (Alice) board"' in page and "chip-gold" in page
    assert "Duel: Green (Bob) challenges Blue (Alice)" in page
    become_scorer(client, match_id)
    live = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert "roll" in kinds(live)
    assert "Roll for me" in live


def test_a_roll_of_several_dice_posts_one_value_per_die(
    client: FlaskClient, service: Touchline
) -> None:
    match_id = started(service, "king-of-the-pitch", THREE_TEAMS_SETUP, [])
    become_scorer(client, match_id)
    form = {"kind": "roll", "team": "blue", "dice.1": "4", "dice.0": "6", "expected_version": "1"}
    response = post_form(client, f"/matches/{match_id}/entries", form)
    # Two dice for an opening roll of one die: the rules refuse it, naming a KP rule.
    assert response.status_code == 422
    assert "KP-" in response.get_data(as_text=True)
    assert service.version_of(match_id) == 1


def test_tcg_placement_and_the_field_grid(client: FlaskClient, service: Touchline) -> None:
    setup = golden_setup(dice_table="single-die", distance="orthogonal")
    match_id = started(service, "tcg", setup, [])
    become_scorer(client, match_id)
    live = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    # The field places the first of them by a tap; both are also in the list, under "More".
    assert kinds(live) == ["place", "place", "place"]
    assert "where does Yuzo Morisaki start?" in live
    lines = TCG_TABLE.golden_lines("normal_time_match.txt")[:45]
    match_id = started(service, "tcg", setup, lines)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert page.count('class="pitch-row"') == 9
    assert page.count('role="cell" aria-label="') >= 45
    assert "Cost left" in page and "Ken Wakashimazu" in page


def test_king_of_the_pitch_hands_are_hidden_from_spectators_shown_to_scorers(
    client: FlaskClient, service: Touchline
) -> None:
    # KP-4.1, source: 「プレイヤーカードは公開せず、手札に加えます」 ("player cards are added to
    # the hand without being revealed"); KP-8.1: a CAPTAIN card "will be kept secret until
    # they are used". Blue takes the gold no. 8 into its hand, beside its captain card.
    setup = kp_setup(("blue", "green", "yellow", "red"), ("captains",))
    lines = KP_TABLE.golden_lines("three_teams.txt")[:9]
    lines = [*lines[:3], "roll team=red dice=1", *lines[3:]]
    match_id = started(service, "king-of-the-pitch", setup, lines)
    assert service.get_match(match_id).scorers_situation["hands"]["blue"]["hand_cards"]
    public = client.get(f"/matches/{match_id}").get_data(as_text=True)
    api = client.get(f"/api/matches/{match_id}").get_data(as_text=True)
    for shown in (public, api):
        assert "hand_cards" not in shown and "scorers only" not in shown
    assert "hand 2 (a captain card among them)" in public
    assert "1 captain card set aside, unseen" in public
    become_scorer(client, match_id)
    live = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert "in hand (scorers only): gold no. 8; the secret captain card" in live
