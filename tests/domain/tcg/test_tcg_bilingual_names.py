"""A TCG team list written in Japanese or English (docs/team-list.md): the engine knows 大空翼
is Tsubasa Ozora (domain/names.toml), a card may list its other names (`aliases`), and every
rule that counts or finds a card by name does so by the card, not the spelling."""

from __future__ import annotations

import unicodedata
from copy import deepcopy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.names import NAMES, Identity
from domain.tcg.labels import label_key
from domain.tcg.team_check import TeamSettings, check_team
from domain.tcg.team_list import TeamListError, parse_team_list, team_list_to_dict
from tests.domain.tcg.tcg_helpers import (
    GAME,
    NANKATSU_PLACES,
    TOHO_PLACES,
    play,
    rules,
    team_data,
    unplaced_labels,
)

# A card names.toml does not list, named in Japanese with its English name as an alias.
GOLDEN_COMBI_JA = "ゴールデンコンビ"


def in_japanese(data: dict[str, Any]) -> dict[str, Any]:
    """The team list with every name names.toml knows written in Japanese."""
    written = deepcopy(data)
    written["name"] = NAMES.other_language(written["name"])
    written["coach"]["name"] = NAMES.other_language(written["coach"]["name"])
    for key in ("starters", "deck"):
        for card in written[key]:
            if card["name"] == "Golden Combi":
                card.update(name=GOLDEN_COMBI_JA, aliases=["Golden Combi"])
            card["name"] = NAMES.other_language(card["name"])
    return written


def japanese_match() -> Any:
    raw = {
        "home": {"coach": "翼", "team": in_japanese(team_data("nankatsu.toml"))},
        "away": {"coach": "Bob", "team": team_data("toho.toml")},
    }
    return GAME.initial_state(GAME.make_setup(raw))


def test_a_team_list_written_in_japanese_is_the_same_team() -> None:
    team = parse_team_list(in_japanese(team_data("nankatsu.toml")))
    assert team.name == "南葛"
    assert team.coach.name == "ロベルト本郷"
    assert [c.name for c in team.starters][:2] == ["森崎有三", "石崎了"]
    assert check_team(team, TeamSettings()) == ()
    assert parse_team_list(team_list_to_dict(team)) == team
    assert team.deck_card("Golden Combi") == team.deck_card(GOLDEN_COMBI_JA)
    assert team.deck_card("tsubasa ozora") == team.deck_card("大空翼")


def test_tcg_3_2_entries_in_english_name_the_players_of_a_japanese_list() -> None:
    state = japanese_match()
    labels = [label for label, _ in unplaced_labels(state, "home")]
    assert labels[0] == "森崎有三"
    lines = [
        f'place home "{NAMES.english(label)}" {area}'
        for label, area in zip(labels, NANKATSU_PLACES, strict=True)
    ]
    lines += [
        f'place away "{label}" {area}'
        for (label, _), area in zip(unplaced_labels(state, "away"), TOHO_PLACES, strict=True)
    ]
    state, _ = play(state, *lines)
    assert state.side("home").player("Tsubasa Ozora") is not None
    assert state.side("home").player("Tsubasa Ozora").label == "大空翼"  # type: ignore[union-attr]
    state, _ = play(state, "toss home", 'kickoff home "Tsubasa Ozora"')
    assert state.ball == "大空翼"
    # TCG-8.3: a rank change swaps same-name cards, in either language.
    assert rules(state, 'rank-change home "Tsubasa Ozora" 大空翼') == []
    assert rules(state, 'rank-change home 大空翼 "Taro Misaki"') == ["TCG-8.3"]
    # A tactics card named in Japanese is played by its English alias.
    assert "TCG-8.6" not in rules(state, 'tactics home "Golden Combi"')


def test_tcg_2_2_one_name_in_two_languages_counts_as_one_name() -> None:
    data = team_data("nankatsu.toml")
    for card in data["starters"]:
        if card["name"] == "Tsubasa Ozora":
            card["name"] = "大空翼"
    (deck_tsubasa,) = [c for c in data["deck"] if c["name"] == "Tsubasa Ozora"]
    deck_tsubasa["count"] = 3
    data["deck"] = [c for c in data["deck"] if c["name"] != "Taro Misaki"]
    found = [str(v) for v in check_team(parse_team_list(data), TeamSettings())]
    assert "TCG-2.2: 4 cards named 大空翼 in the team; at most 3" in found


def test_an_alias_that_names_another_card_is_refused() -> None:
    data = team_data("nankatsu.toml")
    data["deck"][0]["aliases"] = ["岬太郎"]
    with pytest.raises(TeamListError, match="the alias '岬太郎' names Taro Misaki too"):
        parse_team_list(data)
    data["deck"][0]["aliases"] = "not a list"
    with pytest.raises(TeamListError, match="aliases must be a list of names"):
        parse_team_list(data)


@given(st.sampled_from(NAMES.for_game("tcg").identities), st.integers(2, 99), st.text(max_size=30))
def test_a_numbered_label_is_found_in_either_language_and_width(
    identity: Identity, number: int, text: str
) -> None:
    assert label_key(f"{identity.en} ({number})") == label_key(f"{identity.ja}（{number}）")
    assert label_key(f"{identity.en} ({number})") != label_key(identity.ja)
    # Any text has a key, and a key is stable.
    assert label_key(text) == label_key(unicodedata.normalize("NFKC", text))
