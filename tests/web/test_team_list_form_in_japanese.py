"""The new-match form's TCG team-list problems in the page's language: a file too large, not
UTF-8 or missing, a list that is not TOML and one whose cards are wrong, each naming where
it is; in English they read as before."""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.team_list_text import TEAM_LIST_LIMIT
from tests.web.conftest import post_form

JA = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
TEAMS = Path(__file__).parent.parent / "domain" / "tcg" / "teams"
SEATS = {"ruleset": "tcg", "tcg-home-coach": "Alice", "tcg-away-coach": "Bob"}
TOHO = (TEAMS / "toho.toml").read_text("utf-8")
# A starter with no keep, a deck card of no known type.
BAD_CARDS = TOHO.replace("keep = 4\n", "", 1).replace('type = "tactics"', 'type = "spell"', 1)


def problems(client: FlaskClient, data: dict[str, Any], headers: dict[str, str]) -> str:
    response = post_form(
        client,
        "/matches/new",
        {**SEATS, "tcg-away-list": TOHO, **data},
        content_type="multipart/form-data",
        headers=headers,
    )
    assert response.status_code == 400
    return html.unescape(response.get_data(as_text=True))


def upload(data: bytes) -> Callable[[], dict[str, Any]]:
    """The form's fields with `data` as the home file, fresh for each post."""
    return lambda: {"tcg-home-file": (io.BytesIO(data), "home.toml")}


def pasted(text: str) -> Callable[[], dict[str, Any]]:
    return lambda: {"tcg-home-list": text}


@pytest.mark.parametrize(
    ("data", "japanese", "english"),
    [
        (
            upload(b"x" * (TEAM_LIST_LIMIT + 1)),
            "ホームのチームリストファイル はチームリストにしては大きすぎます",
            "the home team list file is too large to be a team list",
        ),
        (
            upload(b'name = "Nankatsu"\n\nname = "\xff"\n'),
            "ホームのチームリストファイル は UTF-8 のテキストではありません（3 行目）",
            "the home team list file is not UTF-8 text (at line 3)",
        ),
        (
            dict,
            "ホーム: チームリスト（TOML）を貼り付けるか、ファイルを選んでください",
            "home: paste or upload the team list (TOML)",
        ),
        (
            pasted('name = "Nankatsu"\ncoach = nope\n'),
            "ホームのチームリスト は正しいTOMLではありません: "
            "値が正しくありません（2 行目、9 文字目）",
            "the home team list is not valid TOML: Invalid value (at line 2, column 9)",
        ),
        (
            upload(b'name = "Nankatsu"\ncoach = [1,\n'),
            "ホームのチームリスト は正しいTOMLではありません: 値が正しくありません（文書の終わり）",
            "the home team list is not valid TOML: Invalid value (at end of document)",
        ),
    ],
    ids=["too-large", "not-utf-8", "missing", "not-toml-pasted", "not-toml-uploaded"],
)
def test_a_team_list_file_problem_names_its_place_in_either_language(
    client: FlaskClient, data: Callable[[], dict[str, Any]], japanese: str, english: str
) -> None:
    assert japanese in problems(client, data(), JA)
    assert english in problems(client, data(), {})


def test_each_card_problem_names_the_card_and_field_in_japanese(client: FlaskClient) -> None:
    page = problems(client, {"tcg-home-list": BAD_CARDS}, JA)
    assert "ホーム: starters の 1 枚目（Ken Wakashimazu）: keep がありません" in page
    assert (
        "ホーム: deck の 11 枚目（Tiger Charge）: type は player, supporter, tactics, reverse, "
        "coach のどれかで指定してください（'spell' ではなく）"
    ) in page


def test_each_card_problem_reads_as_before_in_english(client: FlaskClient) -> None:
    page = problems(client, {"tcg-home-list": BAD_CARDS}, {})
    assert "home: starters card 1 (Ken Wakashimazu): keep is missing" in page
    assert (
        "home: deck card 11 (Tiger Charge): type must be one of player, supporter, tactics, "
        "reverse, coach, not 'spell'"
    ) in page


def test_a_team_breaking_tcg_2_names_the_seat_and_rule_in_japanese(client: FlaskClient) -> None:
    breach = (TEAMS / "breach_deck_size.toml").read_text("utf-8")
    page = problems(client, {"tcg-home-list": breach}, JA)
    assert "ホーム: TCG-2.1: デッキは" in page
