"""`touchline match play` at a terminal: history across sessions, Tab completion, "did you
mean", values in any case, `help KIND`, the compact situation and what `undo` took back; and
the same for names typed in Japanese.

Each test drives the real command in a pseudo-terminal (tests/cli/prompt_session.py) on its own
store and its own data directory, so they run alone and in any order.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import cli
from tests.cli.prompt_session import UP, PromptSession
from tests.opening import OPENING

CTRL_V, CTRL_A = "\x16", "\x01"  # readline's quoted insert, then a control character


@pytest.fixture
def database(sqlite_url: str) -> str:
    return sqlite_url


def record(database: str, match: str, *entries: str) -> None:
    runner = CliRunner()
    for entry in entries:
        result = runner.invoke(
            cli, ["--database", database, "--by", "alice", "match", "record", match, *entry.split()]
        )
        assert result.exit_code == 0, result.output


@pytest.fixture
def match(database: str) -> str:
    teams = ["--home", "Nankatsu:Alice", "--away", "Toho:Bob"]
    result = CliRunner().invoke(cli, ["--database", database, "match", "new", "card-game", *teams])
    assert result.exit_code == 0, result.output
    return result.output.split()[2]


@pytest.fixture
def session(database: str, match: str, tmp_path: Path) -> Iterator[PromptSession]:
    prompt = PromptSession(database, match, tmp_path / "data")
    yield prompt
    prompt.close()


def test_history_is_kept_across_sessions_without_control_characters(
    database: str, match: str, tmp_path: Path
) -> None:
    first = PromptSession(database, match, tmp_path / "data")
    try:
        first.type("help draft")
        first.type(f"toss{CTRL_V}{CTRL_A} winner=toho")  # a control character: never kept
        first.quit()
    finally:
        first.close()
    history = (tmp_path / "data" / "touchline" / "prompt-history").read_text("utf-8")
    assert history.splitlines() == ["help draft", "quit"]

    second = PromptSession(database, match, tmp_path / "data")
    try:
        # Up twice: `quit`, then `help draft` from the first session.
        shown = second.type(UP + UP)
        assert "draft: CG-4.2" in shown
        second.quit()
    finally:
        second.close()


def test_tab_completes_the_kind_and_the_side(session: PromptSession) -> None:
    session.type("toss winner=toho")
    shown = session.type("kick\tT\t")
    assert "recorded     2  kickoff coach=toho" in shown


def test_tab_completes_a_card_name_the_match_has_seen(
    database: str, match: str, session: PromptSession
) -> None:
    session.type("toss toho")
    session.type("kickoff toho")
    session.type("draft nankatsu pitch")
    session.type("draft toho deck")
    session.type("play toho 'Kojiro Hyuga' shot=3 pass=1 defense=0")
    session.type("undo")
    shown = session.type('play toho "Koj\t sh\t3 pass=1 defense=0')
    assert "recorded     7  play coach=toho card='Kojiro Hyuga' shot=3 pass=1" in shown


def test_a_mistyped_kind_field_or_side_is_answered_with_did_you_mean(
    session: PromptSession,
) -> None:
    assert "no entry is called 'tos' (did you mean toss?)" in session.type("tos toho")
    assert "(did you mean winner?)" in session.type("toss winer=toho")
    assert "not 'tohp' (did you mean toho?)" in session.type("toss tohp")
    # Nothing close: no list of every kind, but where to look.
    shown = session.type("xyzzy")
    assert "`help` lists the entries legal now" in shown and "known:" not in shown


def test_values_are_read_in_any_case(session: PromptSession) -> None:
    assert "recorded     1  toss winner=toho" in session.type("Toss winner=Toho")
    assert "recorded     2  kickoff coach=toho" in session.type("kickoff TOHO")


def test_help_lists_the_kinds_legal_now_and_help_kind_its_fields(session: PromptSession) -> None:
    shown = session.type("help")
    assert "Entries legal now" in shown and "  toss  CG-3.1" in shown
    assert "  play " not in shown  # not legal before the toss
    shown = session.type("help play")
    assert "  card     required  the card's name as printed" in shown
    assert "  shot     required  the card's printed Shot value (0 if it prints none)" in shown
    assert "  via      optional" in shown
    assert "example: play coach=nankatsu card=CARD shot=0 pass=0 defense=0" in shown


def test_a_card_play_without_its_printed_values_asks_for_them(session: PromptSession) -> None:
    for entry in ("toss toho", "kickoff toho", "draft nankatsu pitch", "draft toho deck"):
        session.type(entry)
    session.child.send("play toho 'Kojiro Hyuga' shot=3 pass=1\r")
    session.child.expect_exact("defense (the card's printed Defense value (0 if it prints none))")
    shown = session.type("0")
    assert "recorded     5  play coach=toho card='Kojiro Hyuga' shot=3 pass=1" in shown
    assert "(Shot 3, Pass 1, Defense 0)" in shown


def test_after_an_entry_the_situation_is_two_lines_and_s_shows_it_whole(
    session: PromptSession,
) -> None:
    shown = session.type("toss toho")
    assert shown.splitlines()[-2:] == [
        "Nankatsu 0 – 0 Toho · before kick-off, round 0; phase kickoff",
        "next: Toho (Bob): kickoff",
    ]
    assert "Next, one of:" not in shown
    whole = session.type("s")
    assert "Next, one of:" in whole and "Toho (Bob): hand 0" in whole


def test_undo_names_what_it_retracted(session: PromptSession) -> None:
    session.type("toss toho")
    shown = session.type("undo")
    # In words, as the log reads the line, not in the notation.
    assert "retracted entry 1: Toho win the toss" in shown
    assert "winner=toho" not in shown


def test_undo_of_a_card_play_reads_the_card_and_its_values(session: PromptSession) -> None:
    for entry in OPENING[:4]:
        session.type(entry)
    session.type(OPENING[4])
    shown = session.type("undo")
    assert "retracted entry 5: Toho: Kojiro Hyuga (Shot 3, Pass 1)" in shown
    assert "coach=toho" not in shown


def test_tab_completes_a_side_and_a_card_from_their_japanese_names(session: PromptSession) -> None:
    assert "recorded     1  toss winner=toho" in session.type("toss と\t")
    assert "recorded     2  kickoff coach=toho" in session.type("kickoff 東\t")
    session.type("draft 南葛 pitch")
    session.type("draft toho deck")
    session.type("play toho 'Kojiro Hyuga' shot=3 pass=1 defense=0")
    session.type("undo")
    # The card seen in English completes from its Japanese name, and is recorded as typed.
    shown = session.type("play 東邦 日向\tshot=3 pass=1 defense=0")
    assert "recorded     7  play coach=toho card='日向小次郎' shot=3 pass=1" in shown


def test_a_japanese_typo_of_a_side_is_answered_with_its_japanese_name(
    session: PromptSession,
) -> None:
    # 東方 reads とうほう as 東邦 does: the slip a kana-to-kanji conversion makes.
    assert "not '東方' (did you mean 東邦?)" in session.type("toss 東方")
    assert "not '南曷' (did you mean 南葛?)" in session.type("kickoff 南曷")


def test_help_kind_shows_the_japanese_names_of_the_choice_words(session: PromptSession) -> None:
    shown = session.type("help kickoff")
    assert ": nankatsu|toho (南葛|東邦)" in shown
    assert "pitch|deck (" not in session.type("help draft")
