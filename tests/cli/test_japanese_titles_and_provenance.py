"""A Japanese session's titles, scores, provenance and result status (issue 15): a match's
title and its score name the teams as the boards do (南葛（翼） vs 東邦（日向）), the coaches as
typed; who imported a match or a card list, and whether the coaches confirmed the result,
read in Japanese; the card game's next-entry hint ends with one full stop. English output is
the text it was."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_japanese_session import JAPANESE, touchline

FILES = Path(__file__).resolve().parents[1] / "schemas" / "v1"
CARDS = """touchline card list 1
game card-game
values shot pass defense
3 1 0 toho Kojiro Hyuga
"""


def created(database: str) -> str:
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
    return output.split()[1]


def imported(database: str, file: str) -> str:
    code, output = touchline(database, "match", "import", str(FILES / file))
    assert code == 0, output
    return output.split()[2]


def test_a_new_match_s_title_and_score_read_in_japanese(sqlite_url: str) -> None:
    code, output = touchline(sqlite_url, "match", "new", "card-game", "--home", "南葛:翼",
                             "--away", "東邦:日向", env=JAPANESE)  # fmt: skip
    assert code == 0, output
    lines = output.splitlines()
    assert lines[1].startswith("南葛（翼） vs 東邦（日向）   [card-game, ")
    assert lines[1].endswith(", 進行中]")
    assert lines[2] == "南葛 0 – 0 東邦"
    match = output.split()[1]
    listed = touchline(sqlite_url, "match", "list", env=JAPANESE)[1]
    assert listed.rstrip().endswith("0 記録  南葛（翼） vs 東邦（日向）")
    english = touchline(sqlite_url, "match", "list")[1]
    assert english.rstrip().endswith("0 entries  Nankatsu (翼) vs Toho (日向)")
    shown = touchline(sqlite_url, "match", "show", match)[1]
    assert shown.startswith("Nankatsu (翼) vs Toho (日向)   [card-game, ")


def test_the_draft_hint_ends_with_one_full_stop_in_either_language(sqlite_url: str) -> None:
    match = created(sqlite_url)
    for entry in (["toss", "winner=nankatsu", "source=table"], ["kickoff", "東邦"]):
        code, output = touchline(sqlite_url, "match", "record", match, *entry, env=JAPANESE)
        assert code == 0, output
    shown = touchline(sqlite_url, "match", "show", match, env=JAPANESE)[1]
    hint = next(line for line in shown.splitlines() if "ドラフトします" in line)
    assert hint == (
        "  - 南葛（翼）がマッチカードをドラフトします: "
        "ピッチ（表向き4枚）かマッチデッキ（裏向き8枚）から。"
    )
    english = touchline(sqlite_url, "match", "show", match)[1]
    hint = next(line for line in english.splitlines() if "drafts" in line)
    assert hint == (
        "  - Nankatsu (翼) drafts a Match card: from the Pitch (4 face up) or the Match deck "
        "(8 hidden)."
    )


def test_an_imported_match_s_provenance_and_result_status_read_in_japanese(
    sqlite_url: str,
) -> None:
    match = imported(sqlite_url, "tcg_shootout_match.touchline")
    shown = touchline(sqlite_url, "--lang", "ja", "match", "show", match)[1].splitlines()
    assert shown[0].startswith("南葛（Alice） vs 東邦（Bob）   [tcg, ")
    assert shown[0].endswith(", 終了、取り込み]")
    assert shown[1].startswith("取り込み: alice（")
    assert "形式 1、未検証）、ファイルの記載: 出どころ " in shown[1]
    assert shown[1].endswith(
        "、作成: alice（2026-11-29T21:00:00+00:00）。1〜243 行目はファイルの記載どおりです"
    )
    assert shown[2] == "南葛 1 – 1 東邦"
    assert "結果: 未確定、home, awayの確定待ち" in shown
    listed = touchline(sqlite_url, "--lang", "ja", "match", "list")[1]
    assert "南葛（Alice） vs 東邦（Bob）  取り込み  [未確定（Alice, Bobの確定待ち）]" in listed
    # English, as it was.
    english = touchline(sqlite_url, "match", "show", match)[1].splitlines()
    assert english[0].startswith("Nankatsu (Alice) vs Toho (Bob)   [tcg, ")
    assert english[1].startswith("imported by alice at ")
    assert "(format 1, unchecked), claims source " in english[1]
    assert english[1].endswith(
        ", created by alice at 2026-11-29T21:00:00+00:00; lines 1-243 are as the file says"
    )
    assert english[2] == "Nankatsu 1 – 1 Toho"
    assert "Result unconfirmed; awaiting home, away" in english
    listed = touchline(sqlite_url, "match", "list")[1]
    assert "Nankatsu (Alice) vs Toho (Bob)  imported  [unconfirmed (awaiting Alice, Bob)]" in listed


def test_a_card_list_s_provenance_reads_in_japanese(sqlite_url: str, tmp_path: Path) -> None:
    file = tmp_path / "club.cards"
    file.write_text(CARDS, encoding="utf-8")
    assert touchline(sqlite_url, "cards", "import", str(file))[0] == 0
    listed = touchline(sqlite_url, "--lang", "ja", "cards", "list", "card-game")[1].splitlines()
    assert listed[2].startswith("    取り込み: alice、20")
    english = touchline(sqlite_url, "cards", "list", "card-game")[1].splitlines()
    assert english[2].startswith("    imported by alice, 20")


def test_an_import_counts_its_lines_in_japanese_and_in_english(sqlite_url: str) -> None:
    file = str(FILES / "card_game_full_match.touchline")
    code, japanese = touchline(sqlite_url, "--lang", "ja", "match", "import", file)
    assert code == 0, japanese
    assert "156 行、有効な記録 156 件" in japanese and "entries in force" not in japanese
    assert "\n未検証: ファイルにチェックサムがありません" in japanese
    code, english = touchline(sqlite_url, "match", "import", file, "--no-league")
    assert "(156 lines, 156 entries in force)" in english, english
    assert "\nunchecked: the file has no checksum (written or edited by hand" in english


def test_the_card_list_names_where_it_is_kept_in_japanese_and_in_english(sqlite_url: str) -> None:
    code, japanese = touchline(sqlite_url, "--lang", "ja", "cards", "list", "card-game")
    assert code == 0, japanese
    assert "管理者のリスト" in japanese and "the installation" not in japanese
    code, english = touchline(sqlite_url, "cards", "list", "card-game")
    assert "the installation" in english, english
