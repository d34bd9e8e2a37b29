"""The Ruleset interface: names, help for every kind, view, render, JSON-able data."""

import json

from kp_helpers import GAME, challenged, new_game, play, started

from domain.king_of_the_pitch.actions import CODEC


def test_names_and_help_for_every_action_kind() -> None:
    assert (GAME.name, GAME.title, GAME.rules_prefix) == (
        "king-of-the-pitch",
        "King of the Pitch",
        "KP",
    )
    assert set(GAME.action_kinds()) == set(CODEC.kinds)


def test_expected_prompts_name_the_teams() -> None:
    opening = GAME.expected(new_game())
    assert [(e.kind, e.by, e.dice) for e in opening] == [
        ("roll", "blue", {"dice": (6,)}),
        ("roll", "green", {"dice": (6,)}),
    ]
    assert opening[0].prompt.startswith("Blue (Alice) rolls a d6")
    first = GAME.expected(started())[0]
    assert first.prompt.startswith("Blue (Alice): take a card")


def test_view_is_json_and_holds_score_phase_and_boards() -> None:
    state, consequences = play(challenged(), "roll green 6", "roll blue 1")
    data = GAME.view(state)
    json.dumps(data)
    json.dumps([c.to_dict() for c in consequences])
    assert data["score"] == {"blue": 0, "green": 1}
    assert data["phase"] == "turn" and data["king"] == "green"
    assert data["teams"]["blue"]["board"][0] == {"position": 1, "role": "defender", "chip": "white"}
    assert data["deck"]["total"] == 80


def test_render_shows_boards_line_deck_king_and_turn() -> None:
    text = GAME.render(started())
    assert "King of the Pitch: Blue (Alice); turn: Blue (Alice)" in text
    assert "Line: 1: bronze player no. 2" in text and "deck 80" in text
    assert "Green (Bob): crowns 0/5; D0 A0 (white)" in text
