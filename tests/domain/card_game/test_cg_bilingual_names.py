"""A card or team named in Japanese is the card or team named in English (domain/names.py):
`大空翼` is Tsubasa Ozora, `南葛` is Nankatsu, and every rule that asks whether two entries name
the same card asks it of the identity, not of the spelling."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.card_game.state import CardGameState
from domain.names import NAMES
from domain.printed import NO_CARDS, CardLibrary, PrintedCard
from domain.ruleset import SetupError
from tests.domain.card_game.cg_helpers import (
    GAME,
    action,
    attacking,
    kicked_off,
    new_match,
    play,
    rules,
)
from tests.domain.card_game.test_cg01_printed_values import next_round_after


def _tsubasa_played() -> CardGameState:
    state, _ = play(attacking(), 'play nankatsu "Tsubasa Ozora" 3 3 1', "pass toho")
    return state


def test_cg_4_3_the_same_card_in_the_other_language_is_already_in_a_play_area() -> None:
    # The defect: 大空翼 was played beside Tsubasa Ozora in the same round. CG-4.3 ("plays 1
    # card from hand to their Play Area") is the rule that refuses a card already in a Play
    # Area, whatever language it is typed in.
    state = _tsubasa_played()
    assert rules(state, 'play nankatsu "Tsubasa Ozora" 3 3 1') == ["CG-4.3"]
    (violation,) = GAME.check(state, action("play nankatsu 大空翼 3 3 1"))
    assert violation.rule == "CG-4.3"
    assert violation.message == "大空翼 is already in a Play Area."
    assert rules(state, "play nankatsu 大空 翼 3 3 1".replace("大空 翼", '"大空 翼"')) == ["CG-4.3"]
    assert rules(state, 'play nankatsu "Ｔｓｕｂａｓａ Ｏｚｏｒａ" 3 3 1') == ["CG-4.3"]


def test_cg_4_3_a_card_played_in_japanese_uses_its_abilities_named_in_english() -> None:
    state, _ = play(attacking(), "play nankatsu 大空翼 3 3 1")
    assert rules(state, 'gain nankatsu "Tsubasa Ozora" shot') == []
    state, _ = play(state, "pass toho")
    assert rules(state, 'play nankatsu "tsubasa ozora" 3 3 1') == ["CG-4.3"]


def test_cg_1_3_a_card_the_rulebook_names_is_found_by_its_japanese_name() -> None:
    # 若島津健 is Ken Wakashimazu, a Toho Initial card: Nankatsu cannot play it.
    (violation,) = GAME.check(attacking(), action("play nankatsu 若島津健 0 0 4"))
    assert violation.rule == "CG-1.3"
    assert violation.message == "Ken Wakashimazu is a Toho card: Nankatsu cannot play it."
    state = attacking("toho")
    assert rules(state, "play toho 若島津健 0 0 4") == []


def test_cg_13_1_an_eliminated_card_stays_in_the_box_under_its_other_name() -> None:
    state, _ = play(
        attacking(), "play nankatsu 森崎有三 0 0 4", 'eliminate nankatsu 森崎有三 "Yuzo Morisaki"'
    )
    state, _ = play(state, "pass toho")
    assert rules(state, 'play nankatsu "Yuzo Morisaki" 0 0 4') == ["CG-13.1"]


def test_cg_1_3_printed_values_recorded_in_one_language_hold_for_the_other() -> None:
    state, _ = play(attacking("toho"), 'play toho "Kojiro Hyuga" 3 1 0')
    state = next_round_after(state)
    found = GAME.check(state, action("play toho 日向小次郎 3 2 0"), NO_CARDS)
    assert [v.rule for v in found] == ["CG-1.3"]
    listed = CardLibrary((PrintedCard("日向小次郎", (3, 1, 0), "toho", "in a card list"),))
    assert listed.find("Kojiro Hyuga") == listed.find("日向小次郎")
    assert listed.find("ひゅうが こじろう") is not None


@pytest.mark.parametrize(
    ("typed", "side"), [("南葛", "nankatsu"), ("東邦", "toho"), ("ﾄｳﾎｳ", "toho")]
)
def test_cg_2_a_team_is_named_in_either_language(typed: str, side: str) -> None:
    other = "Toho" if side == "nankatsu" else "Nankatsu"
    setup = GAME.make_setup(
        {"home": {"team": typed, "coach": "翼"}, "away": {"team": other, "coach": "Bob"}}
    )
    assert setup.home == side
    with pytest.raises(SetupError, match="both seats name"):
        GAME.make_setup(
            {"home": {"team": typed, "coach": "翼"}, "away": {"team": side, "coach": "Bob"}}
        )


def test_cg_3_a_side_is_typed_in_either_language() -> None:
    state, _ = play(new_match(), "toss 東邦", "kickoff coach=東邦")
    assert state.attacker == "toho"
    assert action("toss 南葛").winner == "nankatsu"
    assert kicked_off().attacker == "nankatsu"


def test_a_match_stored_with_a_card_under_both_names_still_replays() -> None:
    # Before names in two languages, 大空翼 after Tsubasa Ozora was recorded without a
    # refusal. Its entries still apply; read today, it is one card played twice, as the same
    # name typed twice with an override is.
    state = _tsubasa_played()
    state = GAME.apply(state, action("play nankatsu 大空翼 3 3 1")).state
    assert [card.name for card in state.nankatsu.area] == ["Tsubasa Ozora", "大空翼"]
    assert state.cards_in_play == 2
    again = GAME.apply(_tsubasa_played(), action("play nankatsu 大空翼 3 3 1")).state
    assert GAME.view(state) == GAME.view(again)
    # Eliminating either name takes one of the two out, and the other stays in play.
    state = GAME.apply(state, action('eliminate nankatsu 大空翼 "Tsubasa Ozora"')).state
    assert [card.name for card in state.nankatsu.area] == ["大空翼"]


@given(st.text(max_size=100))
def test_cg_2_any_text_as_a_team_is_a_team_or_a_setup_error(text: str) -> None:
    raw = {"home": {"team": text, "coach": "翼"}, "away": {"team": "Toho", "coach": "Bob"}}
    try:
        setup = GAME.make_setup(raw)
    except SetupError as error:
        assert all(isinstance(problem, str) for problem in error.problems)
    else:
        assert setup.home == "nankatsu"
        assert NAMES.english(text) == "Nankatsu"
