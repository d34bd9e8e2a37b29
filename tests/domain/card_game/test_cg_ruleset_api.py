"""The Ruleset interface as other layers use it: kinds, codec, view, render, expected."""

import json

import pytest
from cg_helpers import GAME, attacking, kicked_off, new_match, play

from domain.card_game.actions import CODEC
from domain.ruleset import MalformedAction


def test_identity_of_the_ruleset() -> None:
    assert (GAME.name, GAME.title, GAME.rules_prefix) == (
        "card-game",
        "Captain Tsubasa: The Card Game",
        "CG",
    )


def test_registry_finds_the_card_game() -> None:
    from domain.registry import find_ruleset

    assert find_ruleset("card-game").name == "card-game"


def test_every_action_kind_has_a_help_line_citing_a_rule() -> None:
    help_lines = GAME.action_kinds()
    assert set(help_lines) == set(CODEC.kinds)
    assert all(text.startswith("CG-") for text in help_lines.values())


def test_pass_field_uses_the_plain_word_in_dicts() -> None:
    action = GAME.action_from_dict(
        {"kind": "play", "coach": "toho", "card": "Kojiro Hyuga", "shot": "4", "pass": 2}
    )
    assert action.pass_ == 2 and action.shot == 4
    assert GAME.action_to_dict(action)["pass"] == 2


def test_malformed_entries_are_refused_by_the_codec() -> None:
    with pytest.raises(MalformedAction):
        GAME.action_from_dict({"kind": "roll", "coach": "meiwa", "value": 3})
    with pytest.raises(MalformedAction):
        GAME.action_from_dict({"kind": "celebrate"})


def test_view_is_plain_json_with_public_counts_only() -> None:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 2 1')
    view = GAME.view(state)
    json.dumps(view)
    assert view["phase"] == "attack" and view["turn"] == "toho"
    assert view["score"] == {"nankatsu": 0, "toho": 0}
    assert view["cards_in_play"] == 1 and view["card_limit"] == 9
    nankatsu = view["coaches"]["nankatsu"]
    assert (nankatsu["hand"], nankatsu["deck"], nankatsu["label"]) == (4, 8, "Nankatsu (Alice)")
    assert nankatsu["play_area"][0]["name"] == "Tsubasa Ozora"


def test_render_gives_a_few_lines_with_the_score() -> None:
    text = GAME.render(kicked_off())
    lines = text.splitlines()
    assert lines[0] == "Nankatsu 0 – 0 Toho"
    assert 3 <= len(lines) <= 6
    assert "Toho (Bob)" in text


def test_expected_prompts_name_the_coach_and_fields() -> None:
    (draft,) = GAME.expected(kicked_off())
    assert draft.to_dict()["fixed"] == {"coach": "toho"}
    assert draft.prompt.startswith("Toho (Bob) drafts a Match card")
    assert GAME.expected(new_match())[0].to_dict()["random"] == ["winner"]
