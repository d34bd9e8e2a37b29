"""A TCG team-list file's problems at the command line, in Japanese for a Japanese reader
(`--lang ja` or LANG), each naming where it is; in English they read as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli.main import cli
from service.team_list_text import TEAM_LIST_LIMIT

TEAMS = Path(__file__).parent.parent / "domain" / "tcg" / "teams"
TOHO = TEAMS / "toho.toml"


def new_match(
    sqlite_url: str, home: Path, *options: str, env: dict[str, str] | None = None
) -> Result:
    args = [*options, "--database", sqlite_url, "--by", "alice", "match", "new", "tcg"]
    args += ["--home", f"{home}:Alice", "--away", f"{TOHO}:Bob"]
    return CliRunner().invoke(cli, args, env=env)


def written(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "home.toml"
    path.write_bytes(data)
    return path


CARDS = TOHO.read_text("utf-8").replace("keep = 4\n", "", 1)


@pytest.mark.parametrize(
    ("data", "japanese", "english"),
    [
        (
            b'name = "Toho"\ncoach = nope\n',
            "は正しいTOMLではありません: 値が正しくありません（2 行目、9 文字目）",
            "is not valid TOML: Invalid value (at line 2, column 9)",
        ),
        (
            b'name = "Toho"\n\xff\n',
            "は UTF-8 のテキストではありません（2 行目）",
            "is not UTF-8 text (at line 2)",
        ),
        (
            b"#" * (TEAM_LIST_LIMIT + 1),
            "はチームリストにしては大きすぎます",
            "is too large to be a team list",
        ),
        (
            CARDS.encode(),
            "ホーム: starters の 1 枚目（Ken Wakashimazu）: keep がありません",
            "home: starters card 1 (Ken Wakashimazu): keep is missing",
        ),
        (
            (TEAMS / "breach_deck_size.toml").read_bytes(),
            "ホーム: TCG-2.1: デッキは",
            "home: TCG-2.1: the deck has",
        ),
    ],
    ids=["not-toml", "not-utf-8", "too-large", "a-card", "tcg-2.1"],
)
def test_a_team_list_file_problem_in_either_language(
    sqlite_url: str, tmp_path: Path, data: bytes, japanese: str, english: str
) -> None:
    home = written(tmp_path, data)
    for said in (
        new_match(sqlite_url, home, "--lang", "ja"),
        new_match(sqlite_url, home, env={"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LANGUAGE": ""}),
    ):
        assert said.exit_code != 0 and "Traceback" not in said.output
        assert japanese in said.output, said.output
    english_said = new_match(sqlite_url, home, "--lang", "en")
    assert english in english_said.output, english_said.output
    assert japanese not in english_said.output


def test_team_check_says_each_breach_in_japanese() -> None:
    said = CliRunner().invoke(
        cli, ["--lang", "ja", "team", "check", str(TEAMS / "breach_many.toml")]
    )
    assert said.exit_code == 3
    assert "  TCG-2.1: デッキは47枚で、48枚ではありません" in said.output
    english = CliRunner().invoke(cli, ["team", "check", str(TEAMS / "breach_many.toml")])
    assert "  TCG-2.1: the deck has 47 cards, not 48" in english.output
