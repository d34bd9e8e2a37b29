"""The command line in Japanese: chosen by `--lang ja` or by POSIX's variables (`LANG`,
`LC_ALL`, `LC_MESSAGES`, `LANGUAGE`), English otherwise; names typed in Japanese are kept as
typed; and a whole `match play` session at a terminal in Japanese (tests/cli/prompt_session.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.cli.prompt_session import PromptSession

JAPANESE = {"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
ENGLISH = {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}


@pytest.fixture
def database(sqlite_url: str) -> str:
    return sqlite_url


def touchline(database: str, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(
        cli,
        ["--database", database, "--by", "alice", *args],
        env=env or ENGLISH,
        prog_name="touchline",
    )
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def created(database: str, *args: str, env: dict[str, str] | None = None) -> str:
    code, output = touchline(database, "match", "new", *args, env=env)
    assert code == 0, output
    return output.split()[2]  # created match ID


def test_english_is_the_default(database: str) -> None:
    assert touchline(database, "match", "list")[1] == (
        "no matches yet: create one with `touchline match new`\n"
    )


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--lang", "ja"], ENGLISH),
        ([], JAPANESE),
        ([], {**ENGLISH, "LC_MESSAGES": "ja_JP.UTF-8"}),
        ([], {**ENGLISH, "LANGUAGE": "fr:ja"}),
    ],
)
def test_japanese_by_the_option_or_the_posix_variables(
    database: str, args: list[str], env: dict[str, str]
) -> None:
    code, output = touchline(database, *args, "match", "list", env=env)
    assert code == 0
    assert output == "試合はまだありません: `touchline match new` で作成してください\n"


def test_the_option_wins_over_the_environment(database: str) -> None:
    output = touchline(database, "--lang", "en", "match", "list", env=JAPANESE)[1]
    assert output.startswith("no matches yet")


def test_an_unknown_language_is_refused_at_the_door(database: str) -> None:
    code, output = touchline(database, "--lang", "fr", "match", "list")
    assert code == 2 and "--lang" in output


def test_a_match_created_and_scored_in_japanese_keeps_its_japanese_names(database: str) -> None:
    code, output = touchline(
        database,
        "match",
        "new",
        "card-game",
        "--home",
        "南葛:翼",
        "--away",
        "東邦:日向",
        env=JAPANESE,
    )
    assert code == 0, output
    first = output.splitlines()[0]
    assert first.startswith("試合 ") and first.endswith(" を作成しました")
    match = output.split()[1]
    code, output = touchline(database, "match", "record", match, "toss", "東邦", env=JAPANESE)
    assert code == 0, output
    assert output.startswith("記録 ")
    code, output = touchline(database, "match", "show", match, env=JAPANESE)
    # The title names the teams as the board does, the coaches as typed (issue 15).
    assert output.startswith("南葛（翼） vs 東邦（日向）   [card-game, ")
    assert "Nankatsu" not in output and "Toho" not in output
    code, output = touchline(database, "match", "show", match)
    assert output.startswith("Nankatsu (翼) vs Toho (日向)   [card-game, ")
    code, output = touchline(database, "match", "show", match, env=JAPANESE)
    assert "次の記録（いずれか 1 つ）:" in output


def test_a_refusal_in_japanese_names_its_rule_and_stores_nothing(database: str) -> None:
    match = created(database, "card-game", "--home", "Nankatsu:Alice", "--away", "Toho:Bob")
    code, output = touchline(database, "match", "record", match, "kickoff", "toho", env=JAPANESE)
    assert code == 3
    assert output.startswith("エラー: 記録は拒否されました。何も保存していません:\n  CG-")
    assert json.loads(touchline(database, "match", "show", match, "--json")[1])["log"] == []


def test_a_japanese_session_at_the_prompt(database: str, tmp_path: Path) -> None:
    match = created(database, "card-game", "--home", "南葛:翼", "--away", "東邦:日向")
    session = PromptSession(database, match, tmp_path / "data", environ=JAPANESE)
    try:
        shown = session.type("help")
        assert "今記録できるもの（項目は `help KIND`）:" in shown
        assert "コマンド: help [KIND]" in shown
        shown = session.type("plase")
        assert "! 'plase' という記録はありません" in shown
        shown = session.type("toss 東邦")
        assert "記録     1  toss winner=toho" in shown
        assert "次: " in shown
        shown = session.type("undo")
        assert "記録 1 を取り消しました" in shown
        session.quit()
    finally:
        session.close()


# A command in a fresh interpreter, printing the modules it imported as it ends.
PROBE = """
import atexit, json, sys
from cli.main import main
sys.argv = ["touchline", *sys.argv[1:]]
atexit.register(lambda: print(json.dumps(sorted(sys.modules))))
main()
"""


def test_a_command_in_japanese_reads_the_catalogue_without_babel_or_flask(database: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "--database", database, "--lang", "ja", "match", "list"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    said, modules = done.stdout.splitlines()[0], set(json.loads(done.stdout.splitlines()[-1]))
    assert said.startswith("試合はまだありません")
    assert "gettext" in modules
    heavy = {"babel", "flask", "flask_babel", "jinja2", "werkzeug"}
    assert not {m for m in modules if m.split(".")[0] in heavy}


def test_a_match_s_status_reads_in_japanese_and_stays_english_in_json(database: str) -> None:
    match = created(database, "card-game", "--home", "南葛:翼", "--away", "東邦:日向")
    listed = touchline(database, "--lang", "ja", "match", "list")[1]
    assert match[:8] in listed and "進行中" in listed and "in progress" not in listed
    assert "in progress" in touchline(database, "match", "list")[1]
    shown = json.loads(touchline(database, "--lang", "ja", "match", "show", match, "--json")[1])
    assert shown["status"] == "in progress"


def test_no_such_match_is_said_in_japanese(database: str) -> None:
    code, output = touchline(database, "--lang", "ja", "match", "show", "abcd1234")
    assert code == 1
    assert output == ("エラー: ID 'abcd1234' の試合はありません（一覧: touchline match list）\n")
    code, output = touchline(database, "match", "show", "abcd1234")
    assert output == "error: no match with id 'abcd1234' (see: touchline match list)\n"


def test_an_abandoned_match_refuses_entries_in_japanese(database: str) -> None:
    match = created(database, "card-game", "--home", "南葛:翼", "--away", "東邦:日向")
    code, output = touchline(database, "match", "abandon", match, "--reason", "停電")
    assert code == 0, output
    assert "放棄" in touchline(database, "--lang", "ja", "match", "list")[1]
    code, output = touchline(database, "--lang", "ja", "match", "record", match, "toss", "東邦")
    assert code == 1
    assert output == "エラー: 試合は放棄されました（停電）: これ以上記録できません\n"
    code, output = touchline(database, "match", "record", match, "toss", "東邦")
    assert output == "error: the match was abandoned (停電): it takes no more entries\n"


FILES = Path(__file__).resolve().parents[1] / "schemas" / "v1"


@pytest.mark.parametrize(
    ("file", "english", "japanese"),
    [
        (
            "card_game_full_match.touchline",
            ["Extra Time 2nd half, round 0; Nankatsu attack; phase over", "Toho (Bob) [red]: "],
            ["延長後半、ラウンド0、南葛の攻撃　試合終了", "東邦（Bob）［レッドカード］: 手札3"],
        ),
        (
            "tcg_shootout_match.touchline",
            ["half 2, turn 28; phase over; cost left 4", "Yuzo Morisaki@goal"],
            ["前後半2、ターン28、試合終了、残りコスト4", "森崎有三@ゴール", "大空翼@c7"],
        ),
        (
            "king_of_the_pitch_three_teams.touchline",
            ["Blue (Alice) KING: crowns 4/4", "Line: 1: MATCH card, 2: gold player no. 9"],
            ["青（Alice）【キング】: 王冠4/4", "列: 1: MATCHカード、2: 金のプレイヤーNo.9"],
        ),
    ],
)
def test_each_game_s_board_is_shown_in_japanese(
    database: str, file: str, english: list[str], japanese: list[str]
) -> None:
    code, output = touchline(database, "match", "import", str(FILES / file))
    assert code == 0, output
    match = output.split()[2]
    shown = touchline(database, "--lang", "ja", "match", "show", match)[1]
    assert all(line in shown for line in japanese), shown
    assert not any(line in shown for line in english)
    assert "結果: " in shown and " win" not in shown  # the result's summary too
    shown = touchline(database, "match", "show", match)[1]
    assert all(line in shown for line in english), shown
    replayed = touchline(database, "--lang", "ja", "match", "replay", match, "--to", "5")[1]
    assert "phase " not in replayed and "hand " not in replayed


# Help and click's own words (cli/help_language.py): the session's language, decided before
# click parses, so that a mistake in the parsing itself reads in it too.


def test_help_in_japanese_by_the_option(database: str) -> None:
    code, output = touchline(database, "--lang", "ja", "match", "--help")
    assert code == 0
    assert output.startswith("使い方: touchline match [OPTIONS] COMMAND [ARGS]...\n")
    assert "試合を記録して読む。" in output
    assert "\nオプション:\n" in output and "\nコマンド:\n" in output
    assert "  show         試合を表示する: 今の状況と次に記録できるもの。\n" in output
    assert "このメッセージを表示して終了します。" in output
    assert not {"Usage:", "Options:", "Commands:", "Show a match"} & set(output.split("\n"))
    assert "Show a match" not in output and "Usage:" not in output


def test_a_command_s_options_are_explained_in_japanese(database: str) -> None:
    output = touchline(database, "match", "show", "--help", env=JAPANESE)[1]
    assert output.startswith("使い方: touchline match show [OPTIONS] MATCH\n")
    assert "試合全体を JSON で表示する。" in output
    assert "ログも試合レポートとして表示する。" in output
    assert "Print the whole match as JSON." not in output


def test_the_listing_is_in_japanese_at_the_top(database: str) -> None:
    output = touchline(database, "--help", env=JAPANESE)[1]
    assert "Touchline はテーブルサッカーゲームの試合を" in output
    assert "メッセージとヘルプの言語" in output  # --lang's own help
    assert "  stats        記録されたすべての試合の統計。\n" in output


def test_help_stays_english_in_an_english_session(database: str) -> None:
    output = touchline(database, "match", "--help", env=ENGLISH)[1]
    assert output.startswith("Usage: touchline match [OPTIONS] COMMAND [ARGS]...\n")
    assert "\nOptions:\n" in output and "\nCommands:\n" in output
    assert "  show         Show a match: the situation now and what can come next.\n" in output
    assert "使い方" not in output and "試合" not in output


def test_the_help_option_speaks_each_session_s_language_in_turn(database: str) -> None:
    # click makes a command's help option once and keeps it: its help is said again each time.
    assert (
        "このメッセージを表示して終了します。" in touchline(database, "--lang", "ja", "--help")[1]
    )
    assert "Show this message and exit." in touchline(database, "--help")[1]
    assert "このメッセージ" not in touchline(database, "--help")[1]


@pytest.mark.parametrize(
    ("args", "japanese", "english"),
    [
        (
            ["match", "show"],
            "エラー: 指定されていない引数: 'MATCH'.",
            "Error: Missing argument 'MATCH'.",
        ),
        (
            ["match", "list", "--bogus"],
            "エラー: オプション '--bogus' はありません。",
            "Error: No such option",
        ),
        (
            ["match", "new", "chess"],
            "'chess' は 'card-game', 'king-of-the-pitch', 'tcg' のいずれでもありません。",
            "'chess' is not one of 'card-game', 'king-of-the-pitch', 'tcg'.",
        ),
        (
            ["--bogus", "match", "list"],
            "エラー: オプション '--bogus' はありません。",
            "Error: No such option",
        ),
    ],
    ids=["missing-argument", "bad-option", "bad-choice", "bad-option-before-the-subcommand"],
)
def test_click_s_errors_in_japanese(
    database: str, args: list[str], japanese: str, english: str
) -> None:
    code, output = touchline(database, *args, env=JAPANESE)
    assert code == 2
    assert japanese in output
    assert "使い方: touchline" in output and "ヘルプは 'touchline" in output
    assert "Usage:" not in output and "Error" not in output
    code, output = touchline(database, *args, env=ENGLISH)
    assert code == 2
    assert english in output and "Usage: touchline" in output and "Try 'touchline" in output
    assert "エラー" not in output


def test_lang_anywhere_before_the_subcommand_decides_for_parsing_errors(database: str) -> None:
    # --lang is read before click parses: the mistake after it, at the same level, is in Japanese.
    output = touchline(database, "--lang", "ja", "--bogus", "match", "list")[1]
    assert "エラー: オプション '--bogus' はありません。" in output
    output = touchline(database, "--lang=ja", "match", "nosuch")[1]
    assert "エラー: コマンド 'nosuch' はありません。" in output
    # An unknown language is refused in the environment's.
    output = touchline(database, "--lang", "fr", "match", "list", env=JAPANESE)[1]
    assert "'--lang' の値が正しくありません: 'fr' は 'en', 'ja' のいずれでもありません。" in output


def test_a_japanese_session_leaves_gettext_as_it_found_it() -> None:
    import gettext
    import os

    before = (gettext.bindtextdomain("messages"), os.environ.get("LANGUAGE"))
    result = CliRunner().invoke(cli, ["--lang", "ja", "match", "--help"])
    assert result.output.startswith("使い方:")
    assert (gettext.bindtextdomain("messages"), os.environ.get("LANGUAGE")) == before
    assert CliRunner().invoke(cli, ["match", "show"], env=ENGLISH).output.startswith("Usage:")


def test_a_command_that_is_not_asked_for_help_draws_none(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cli.help_language

    def drawn(*_args: object) -> None:
        raise AssertionError("help was drawn")

    monkeypatch.setattr(cli.help_language, "_in_language", drawn)
    code, output = touchline(database, "match", "list", env=JAPANESE)
    assert code == 0 and output.startswith("試合はまだありません")


def test_english_help_reads_no_catalogue(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import service.i18n

    def read(*_args: object) -> None:
        raise AssertionError("a catalogue was read")

    monkeypatch.setattr(service.i18n, "catalogue", read)
    code, output = touchline(database, "match", "show", "--help", env=ENGLISH)
    assert code == 0 and output.startswith("Usage: touchline match show")
    assert touchline(database, "match", "show", env=ENGLISH)[0] == 2
