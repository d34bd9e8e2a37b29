"""Issue 13: a command reads the language from the environment once, at its first message,
not once per message; each command, `--lang` given or not, starts from its own."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import service.languages
from cli.main import cli
from tests.calls import calls_to

JAPANESE = {"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
ENGLISH = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}


def touchline(database: str, *args: str, env: dict[str, str]) -> str:
    result = CliRunner().invoke(cli, ["--database", database, "--by", "alice", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_command_reads_the_environment_s_language_once(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    new = ("match", "new", "card-game", "--home", "Nankatsu:Alice", "--away", "Toho:Bob")
    match = touchline(sqlite_url, *new, env=ENGLISH).split()[2]
    touchline(sqlite_url, "match", "record", match, "toss", "toho", env=ENGLISH)
    reads = calls_to(monkeypatch, service.languages, "language_from_environment")
    shown = touchline(sqlite_url, "match", "show", match, "--log", env=JAPANESE)
    assert "ログ（1 行）" in shown, shown
    assert len(reads) == 1


def test_each_command_speaks_its_own_environment_s_language(sqlite_url: str) -> None:
    empty = "no matches yet: create one with `touchline match new`\n"
    japanese = touchline(sqlite_url, "match", "list", env=JAPANESE)
    assert japanese != empty
    assert touchline(sqlite_url, "match", "list", env=ENGLISH) == empty
    assert touchline(sqlite_url, "--lang", "ja", "match", "list", env=ENGLISH) == japanese
    # `--lang` holds for its own command only: the next speaks its environment's again.
    assert touchline(sqlite_url, "match", "list", env=ENGLISH) == empty
    assert touchline(sqlite_url, "match", "list", env=JAPANESE) == japanese
