"""What a person types is read as they mean it: choices in any case, stored as the game spells
them, and a near miss of a kind, a field or a choice answered with what it probably was."""

from __future__ import annotations

import pytest

from domain.actions import ActionCodec
from domain.card_game.actions import CODEC
from domain.king_of_the_pitch.actions import CODEC as KP_CODEC
from domain.notation import parse_action
from domain.ruleset import MalformedAction
from domain.suggestions import close_matches, did_you_mean
from domain.tcg.actions import CODEC as TCG_CODEC


def test_close_matches_ignore_case_and_keep_the_candidates_spelling() -> None:
    assert close_matches("KICKOF", ["kickoff", "toss", "et-kickoff"]) == ["kickoff", "et-kickoff"]
    assert did_you_mean("tohp", ["nankatsu", "toho"]) == " (did you mean toho?)"
    assert did_you_mean("xyzzy", ["nankatsu", "toho"]) == ""


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("東方", "東邦"),  # a conversion slip: the same reading, とうほう, another kanji
        ("南曷", "南葛"),  # a kanji that looks alike
        ("とうほ", "東邦"),  # a reading cut short, in hiragana
        ("トーホー", "東邦"),  # in katakana, the long vowels written as a Japanese keyboard does
        ("ﾅﾝｶﾂｩ", "南葛"),  # half-width katakana
    ],
)
def test_a_japanese_near_miss_is_answered_with_the_japanese_name(typed: str, meant: str) -> None:
    assert close_matches(typed, ["nankatsu", "toho"]) == [meant]
    assert did_you_mean(typed, ["nankatsu", "toho"]) == f" (did you mean {meant}?)"


def test_a_japanese_word_like_no_listed_name_is_offered_nothing() -> None:
    colours = ["blue", "green", "yellow", "red", "orange"]
    assert did_you_mean("紫", colours) == ""
    assert did_you_mean("青い", colours) == " (did you mean 青?)"
    # Words with no Japanese name (the kinds) are never offered for a Japanese word.
    assert did_you_mean("とす", ["toss", "kickoff"]) == ""
    # A word in Latin letters is compared with the English names alone, as before.
    assert did_you_mean("nankatu", ["nankatsu", "toho"]) == " (did you mean nankatsu?)"


@pytest.mark.parametrize(
    ("codec", "typed", "read"),
    [
        (CODEC, "Kickoff Toho", {"kind": "kickoff", "coach": "toho"}),
        (
            CODEC,
            "gain TOHO X points=Shot,PASS",
            {"kind": "gain", "coach": "toho", "card": "X", "points": "shot,pass"},
        ),
        (CODEC, "roll Toho ?", {"kind": "roll", "coach": "toho", "value": "?"}),
        (CODEC, "play toho X Shot=3", {"kind": "play", "coach": "toho", "card": "X", "shot": "3"}),
        (KP_CODEC, "challenge Blue", {"kind": "challenge", "team": "blue"}),
        (TCG_CODEC, "toss Home", {"kind": "toss", "winner": "home"}),
    ],
)
def test_choices_and_kinds_are_read_in_any_case(
    codec: ActionCodec, typed: str, read: dict[str, object]
) -> None:
    assert parse_action(codec, typed) == read


def test_the_codec_stores_a_choice_in_any_case_as_the_game_spells_it() -> None:
    action = CODEC.from_dict({"kind": "kickoff", "coach": "TOHO"})
    assert CODEC.to_dict(action) == {"kind": "kickoff", "coach": "toho"}


def test_card_names_are_kept_as_typed() -> None:
    # A name is not a choice: the rules compare card names without regard to case themselves.
    assert parse_action(CODEC, "play toho 'kojiro hyuga'")["card"] == "kojiro hyuga"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("paly toho", "unknown entry kind 'paly' (did you mean play?)"),
        ("play toho X shoot=3", "play: unknown field 'shoot' (did you mean shot?)"),
        ("kickoff tohp", "coach must be one of nankatsu, toho, not 'tohp' (did you mean toho?)"),
        ("kickoff 東方", "coach must be one of nankatsu, toho, not '東方' (did you mean 東邦?)"),
    ],
)
def test_a_near_miss_is_answered_with_did_you_mean(typed: str, message: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        CODEC.from_dict(parse_action(CODEC, typed))
    assert message in str(refused.value)


def test_a_word_like_no_kind_still_names_every_kind() -> None:
    with pytest.raises(MalformedAction, match=r"unknown entry kind 'xyzzy' \(known: book, "):
        parse_action(CODEC, "xyzzy")
