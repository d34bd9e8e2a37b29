"""CG-1.3 a card carries printed Shot, Pass and Defense values: the first entry of a card in a
match records them, and a later entry typing others breaks CG-1.3, naming the card; so do
values other than a card list's. Entries of a match file written before are not checked."""

from __future__ import annotations

import pytest

from domain.card_game.cards import FATIGUE
from domain.card_game.state import CardGameState
from domain.printed import NO_CARDS, CardLibrary, MissingValues, PrintedCard, completed
from tests.domain.card_game.cg_helpers import (
    GAME,
    action,
    attacking,
    draft_both,
    passes,
    play,
)

HYUGA = "Kojiro Hyuga"
LIST = CardLibrary((PrintedCard(HYUGA, (3, 1, 0), "toho", "in the installation's card list"),))


def next_round_after(state: CardGameState) -> CardGameState:
    """The attacker keeps the ball (wins a Pass): the next round's attack, drafts done."""
    state = passes(state)
    attacker = state.attacker
    assert attacker is not None
    defender = "toho" if attacker == "nankatsu" else "nankatsu"
    state, _ = play(state, f"declare {attacker} pass", f"roll {attacker} 6", f"roll {defender} 1")
    return draft_both(state)


def violations(state: CardGameState, line: str, cards: CardLibrary | None = NO_CARDS) -> list[str]:
    return [str(v) for v in GAME.check(state, action(line), cards)]


def test_cg_1_3_the_first_play_of_a_card_records_its_printed_values() -> None:
    state, _ = play(attacking("toho"), f'play toho "{HYUGA}" 3 1 0')
    learned = GAME.learned_cards(state).find(HYUGA.upper())
    assert learned == PrintedCard(HYUGA, (3, 1, 0), "toho")


def test_cg_1_3_a_later_play_typing_other_values_names_the_card_and_may_be_overridden() -> None:
    state, _ = play(attacking("toho"), f'play toho "{HYUGA}" 3 1 0')
    state = next_round_after(state)
    assert state.round.turn == "toho"
    found = GAME.check(state, action(f'play toho "{HYUGA}" 3 2 0'), NO_CARDS)
    assert [v.rule for v in found] == ["CG-1.3"]
    assert found[0].overridable
    assert found[0].message == (
        "Kojiro Hyuga prints Shot 3, Pass 1, Defense 0 (as recorded earlier in this match), "
        "not Shot 3, Pass 2, Defense 0."
    )
    assert violations(state, f'play toho "{HYUGA}" 3 1 0') == []


def test_cg_1_3_an_overridden_play_keeps_the_first_values() -> None:
    state, _ = play(attacking("toho"), f'play toho "{HYUGA}" 3 1 0')
    state = next_round_after(state)
    state = GAME.apply(state, action(f'play toho "{HYUGA}" 5 5 5')).state
    assert GAME.learned_cards(state).find(HYUGA) == PrintedCard(HYUGA, (3, 1, 0), "toho")


def test_cg_1_3_a_card_lists_values_are_checked_with_the_list_named() -> None:
    state = attacking("toho")
    (found,) = violations(state, f'play toho "{HYUGA}" 2 1 0', LIST)
    assert found == (
        "CG-1.3: Kojiro Hyuga prints Shot 3, Pass 1, Defense 0 (in the installation's card "
        "list), not Shot 2, Pass 1, Defense 0."
    )
    assert violations(state, f'play toho "{HYUGA}" 3 1 0', LIST) == []


def test_cg_1_3_the_matchs_own_values_come_before_a_card_lists() -> None:
    state = attacking("toho")
    state = GAME.apply(state, action(f'play toho "{HYUGA}" 4 1 0')).state
    state = next_round_after(state)
    assert violations(state, f'play toho "{HYUGA}" 4 1 0', LIST) == []


def test_cg_1_3_without_a_card_list_the_check_judges_as_before_match_files() -> None:
    state, _ = play(attacking("toho"), f'play toho "{HYUGA}" 3 1 0')
    state = next_round_after(state)
    assert violations(state, f'play toho "{HYUGA}" 3 2 0', None) == []


def test_cg_10_2_a_fatigue_card_teaches_nothing() -> None:
    assert (
        GAME.printed_face(attacking(), {"kind": "play", "coach": "toho", "card": FATIGUE}) is None
    )


def test_cg_12_1_a_motivated_players_play_may_be_either_card_and_is_not_checked() -> None:
    state, _ = play(attacking("toho", options=("motivation",)), f'play toho "{HYUGA}" 3 1 0')
    state, _ = play(state, f'motivate toho "{HYUGA}" 4 2 1')
    data = {"kind": "play", "coach": "toho", "card": HYUGA}
    assert GAME.printed_face(state, data) is None


def test_cg_1_3_a_play_leaving_values_out_is_completed_from_the_recorded_values() -> None:
    printed = GAME.printed
    assert printed is not None
    data = {"kind": "play", "coach": "toho", "card": HYUGA, "shot": 3}
    assert completed(printed, data, LIST.find(HYUGA)) == {**data, "pass": 1, "defense": 0}


def test_cg_1_3_a_play_leaving_values_out_of_an_unknown_card_is_refused_by_name() -> None:
    printed = GAME.printed
    assert printed is not None
    data = {"kind": "play", "coach": "toho", "card": HYUGA, "shot": 3}
    with pytest.raises(MissingValues) as refused:
        completed(printed, data, None)
    assert refused.value.missing == ("pass", "defense")
    assert "Kojiro Hyuga's printed pass, defense" in str(refused.value)
    assert "never taken as 0" in str(refused.value)


def test_cg_1_3_a_card_of_the_other_team_belongs_to_its_team() -> None:
    face = GAME.printed_face(
        attacking(), {"kind": "play", "coach": "nankatsu", "card": "ken wakashimazu"}
    )
    assert face is not None and (face.name, face.side) == ("Ken Wakashimazu", "toho")
    face = GAME.printed_face(attacking(), {"kind": "play", "coach": "nankatsu", "card": "Foul"})
    assert face is not None and face.side == ""
