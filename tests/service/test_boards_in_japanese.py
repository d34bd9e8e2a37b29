"""Each game's text board in Japanese: every word the rules write on it is translated, at every
step of the golden matches, while the names people typed stay as typed; in English the board
is the very text the rules render."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from domain.phrase import Centred, Joined, lines, phrase
from domain.ruleset import Ruleset
from service.i18n import centred, columns, translated
from tests.domain.card_game.cg_helpers import FIRST_MATCH_SETUP, FULL_MATCH_SETUP
from tests.domain.card_game.cg_helpers import TABLE as CG_TABLE
from tests.domain.king_of_the_pitch.kp_helpers import FIVE_TEAMS_SETUP, THREE_TEAMS_SETUP
from tests.domain.king_of_the_pitch.kp_helpers import TABLE as KP_TABLE
from tests.domain.table import Table
from tests.domain.tcg.tcg_helpers import TABLE as TCG_TABLE
from tests.domain.tcg.tcg_helpers import golden_setup

GOLDEN = [
    (CG_TABLE, FULL_MATCH_SETUP, "full_match.txt"),
    (CG_TABLE, FIRST_MATCH_SETUP, "first_match.txt"),
    (TCG_TABLE, golden_setup(), "shootout_match.txt"),
    (
        TCG_TABLE,
        golden_setup(dice_table="single-die", distance="orthogonal"),
        "normal_time_match.txt",
    ),
    (KP_TABLE, THREE_TEAMS_SETUP, "three_teams.txt"),
    (KP_TABLE, FIVE_TEAMS_SETUP, "five_teams_captains.txt"),
]
# Words the Japanese board keeps in the source's own letters: King of the Pitch's card names
# as printed (MATCH, BONUS; V.A.R. is letters), as rules.po translates them.
KEPT = {"MATCH", "BONUS", "CAPTAIN", "TRANSFER"}


def states(table: Table, raw: dict[str, Any], name: str) -> Iterator[Any]:
    """The state at every step of a golden match, the kick-off first."""
    game: Ruleset = table.game
    state = game.initial_state(game.make_setup(raw))
    yield state
    for line in table.golden_lines(name):
        state = game.apply(state, table.action(line)).state
        yield state


def typed_names(state: Any) -> list[str]:
    """The names on the board that people typed (coaches, the TCG's teams and cards, the card
    game's cards), longest first so that a name inside another goes with it."""
    setup = state.setup
    found: list[str] = []
    if hasattr(setup, "coaches"):
        coaches = setup.coaches
        found += [c for _, c in coaches] if coaches and isinstance(coaches[0], tuple) else coaches
    if hasattr(setup, "teams") and isinstance(setup.teams, tuple):
        found += [coach for _, coach in setup.teams]
    for side in ("home", "away"):
        if hasattr(state, "ball_side"):  # the TCG
            found.append(setup.team(side).name)
            found += [p.label for p in state.side(side).players]
    for side in ("nankatsu", "toho"):
        if hasattr(state, "nankatsu"):  # the card game
            found += [card.name for card in state.coach(side).area]
    return sorted(set(found), key=len, reverse=True)


@pytest.mark.parametrize(("table", "raw", "name"), GOLDEN, ids=[g[2] for g in GOLDEN])
def test_every_step_s_board_reads_in_japanese(table: Table, raw: dict[str, Any], name: str) -> None:
    for step, state in enumerate(states(table, raw, name)):
        board = table.game.render(state)
        assert translated(board, "en") == board
        japanese = translated(board, "ja")
        assert len(japanese.splitlines()) == len(board.splitlines()), (step, japanese)
        left = japanese
        for typed in typed_names(state):
            left = left.replace(typed, "")
        words = set(re.findall(r"[A-Za-z][A-Za-z'-]{2,}", left)) - KEPT
        # The TCG's field marks its cells' players H(ome) and A(way): a chart, not words.
        english = {w for w in words if not re.fullmatch("[HA]+", w)}
        assert not english, (name, step, english, japanese)


def test_the_card_game_board_in_both_languages() -> None:
    state = next(states(CG_TABLE, FULL_MATCH_SETUP, "full_match.txt"))
    board = CG_TABLE.game.render(state)
    assert board == (
        "Nankatsu 0 – 0 Toho\n"
        "before kick-off, round 0; phase toss\n"
        "Nankatsu (Alice): hand 0, deck 12, discard 0; bank S0 P0 D0; played: -\n"
        "Toho (Bob): hand 0, deck 12, discard 0; bank S0 P0 D0; played: -"
    )
    assert translated(board, "ja") == (
        "南葛 0 – 0 東邦\n"
        "キックオフ前、ラウンド0　コイントス\n"
        "南葛（Alice）: 手札0、山札12、捨て札0　貯めたポイント S0 P0 D0　プレイ中: -\n"
        "東邦（Bob）: 手札0、山札12、捨て札0　貯めたポイント S0 P0 D0　プレイ中: -"
    )


def test_a_king_of_the_pitch_card_is_described_in_either_language() -> None:
    from domain.king_of_the_pitch.state import Card, Cubes

    player = Card("player", "gold", 9, ("silver", "bronze"))
    assert player.describe() == "gold player no. 9"
    assert player.describe(first=True) == "Gold player no. 9"
    assert translated(player.describe(), "ja") == "金のプレイヤーNo.9"
    assert translated(Card("var").describe(), "ja") == "V.A.R.カード"
    cubes = Cubes(1, 0, 2).describe()
    assert cubes == "1 gold, 0 silver, 2 bronze"
    assert translated(cubes, "ja") == "金1・銀0・銅2"


def test_a_turned_card_s_sentence_reads_in_japanese() -> None:
    state = next(states(KP_TABLE, THREE_TEAMS_SETUP, "three_teams.txt"))
    for line in KP_TABLE.golden_lines("three_teams.txt"):
        outcome = KP_TABLE.game.apply(state, KP_TABLE.action(line))
        state = outcome.state
        turned = [c.text for c in outcome.consequences if c.kind == "line-refilled"]
        if turned and "price:" in turned[0]:
            break
    else:
        pytest.fail("no card with a price was turned")
    said = turned[0]
    assert re.fullmatch(r"[A-Z].* turned face up into slot \d \(price: [a-z, ]+\)\.", said)
    japanese = translated(said, "ja")
    assert "turned" not in japanese and "price" not in japanese and "価格: " in japanese


def test_joined_and_centred_text_is_translated_part_by_part() -> None:
    goal = Centred(phrase("[{team} goal: {inside}]", team="Toho", inside=phrase("empty")), 35)
    board = lines([phrase("before kick-off"), Joined("", ("   ", goal))])
    assert board == "before kick-off\n   " + "[Toho goal: empty]".center(35)
    said = translated(board, "ja")
    first, second = said.splitlines()
    assert first == "キックオフ前"
    assert second.strip() == "[東邦のゴール: 無人]"
    # Centred by the columns a terminal gives it: a Japanese character takes two.
    assert columns(second) == 3 + 35
    assert centred("東邦", 7) == "  東邦 " == " " * 2 + "東邦" + " "
    assert all(centred(t, w) == t.center(w) for t in ("", "a", "ab", "abc") for w in range(9))
