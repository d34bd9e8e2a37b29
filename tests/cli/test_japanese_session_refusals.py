"""The command line's refusals in Japanese: a mistyped entry and its did-you-mean, a link that
cannot be issued, an idempotency key sent again with another entry, bad settings and a step
out of range each read in the session's language (`--lang ja`), and in English as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.cli.prompt_session import PromptSession

ENGLISH = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}


@pytest.fixture
def database(sqlite_url: str) -> str:
    return sqlite_url


def touchline(database: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--database", database, "--by", "alice", *args], env=ENGLISH)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def in_both(database: str, *args: str) -> tuple[str, str]:
    """What a refused command says in Japanese, then in English; each exits 1."""
    code, japanese = touchline(database, "--lang", "ja", *args)
    assert code == 1, japanese
    code, english = touchline(database, *args)
    assert code == 1, english
    return japanese, english


@pytest.fixture
def match(database: str) -> str:
    code, output = touchline(
        database, "match", "new", "card-game", "--home", "南葛:翼", "--away", "東邦:日向"
    )
    assert code == 0, output
    return output.split()[2]


@pytest.mark.parametrize(
    ("entry", "japanese", "english"),
    [
        (
            "winner=tohp",
            "エラー: toss: winner は nankatsu、toho のいずれかです。'tohp' ではありません"
            "（toho のことですか？）\n",
            "error: toss: winner must be one of nankatsu, toho, not 'tohp' (did you mean toho?)\n",
        ),
        (
            "winer=toho",
            "エラー: toss: 'winer' という項目はありません（winner のことですか？）"
            "（項目: winner、source）\n",
            "error: toss: unknown field 'winer' (did you mean winner?) (fields: winner, source)\n",
        ),
    ],
    ids=["mistyped-choice", "unknown-field"],
)
def test_a_mistyped_entry_and_its_did_you_mean(
    database: str, match: str, entry: str, japanese: str, english: str
) -> None:
    assert in_both(database, "match", "record", match, "toss", entry) == (japanese, english)
    assert json.loads(touchline(database, "match", "show", match, "--json")[1])["log"] == []


def test_an_unknown_kind(database: str, match: str) -> None:
    japanese, english = in_both(database, "match", "record", match, "tos", "toho")
    assert japanese.startswith("エラー: 'tos' という種類の記録はありません（")
    assert "toss" in japanese and " or " not in japanese
    assert english.startswith("error: unknown entry kind 'tos' (did you mean toss")
    assert json.loads(touchline(database, "match", "show", match, "--json")[1])["log"] == []


def test_the_prompt_says_a_line_it_cannot_read_in_japanese(
    database: str, match: str, tmp_path: Path
) -> None:
    session = PromptSession(
        database, match, tmp_path / "data", environ={**ENGLISH, "LANG": "ja_JP.UTF-8"}
    )
    try:
        shown = session.type('toss "toho')
        assert """! 'toss "toho' を読めません: 引用符が閉じていません（6 文字目の "）""" in shown
        shown = session.type("toss winer=toho")
        assert "! toss: 'winer' という項目はありません（winner のことですか？）" in shown
        session.quit()
    finally:
        session.close()


def test_a_link_that_cannot_be_issued(database: str, match: str) -> None:
    args = ("link", "issue", "--role", "coach", "--match", match, "--person", "Bob")
    japanese, english = in_both(database, *args, "--side", "milan")
    assert japanese == (
        "エラー: この試合に 'milan' というチームはありません（チーム: nankatsu、toho）\n"
    )
    assert english == "error: no side 'milan' in this match (sides: nankatsu, toho)\n"
    japanese, english = in_both(database, *args)
    assert japanese == (
        "エラー: コーチのリンクは一方のチーム用です: nankatsu、toho のどれかを指定してください\n"
    )
    assert english == "error: a coach link is for one side: give one of nankatsu, toho\n"


def test_an_idempotency_key_sent_again_with_another_entry(database: str, match: str) -> None:
    code, output = touchline(database, "match", "record", match, "--key", "K1", "toss", "toho")
    assert code == 0, output
    code, japanese = touchline(
        database, "--lang", "ja", "match", "record", match, "--key", "K1", "toss", "nankatsu"
    )
    assert japanese == (
        "エラー: 再送キー 'K1' は 1 行目（toss の記録）に使われています: "
        "別の内容を送るには新しいキーが必要です\n"
    )
    code, english = touchline(database, "match", "record", match, "--key", "K1", "toss", "nankatsu")
    assert english == (
        "error: the idempotency key 'K1' was used for line 1 (a toss entry): "
        "a different request needs a new key\n"
    )


def test_bad_settings(database: str) -> None:
    args = ("match", "new", "card-game", "--home", "南葛:翼", "--away", "東邦:日向")
    japanese, english = in_both(database, *args, "--setting", "bank-cap")
    assert japanese == "エラー: 設定は NAME=VALUE の形で書いてください（'bank-cap' ではなく）\n"
    assert english == "error: write settings as NAME=VALUE, not 'bank-cap'\n"
    args = ("match", "new", "card-game", "--home", "南葛:翼", "--away", "南葛:日向")
    japanese, english = in_both(database, *args, "--setting", "bank-cap=0")
    assert japanese == (
        "エラー: 両方の席が 南葛 になっています: 一方のコーチが南葛、もう一方が東邦を使います。"
        "bank-cap は 1 以上の整数か 'none' で指定してください（0 ではなく）\n"
    )
    assert english == (
        "error: both seats name Nankatsu: one coach plays Nankatsu, the other Toho; "
        "bank-cap must be a whole number of at least 1 or 'none', not 0\n"
    )


def test_a_step_the_match_does_not_have(database: str, match: str) -> None:
    japanese, english = in_both(database, "match", "branch", match, "7")
    assert japanese == (
        "エラー: ステップ 7 はこの試合にありません: 0 から 0 までのステップから分岐してください\n"
    )
    assert english == ("error: step 7 is not a step of this match: branch from a step 0 to 0\n")
