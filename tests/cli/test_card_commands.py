"""`touchline cards list|export|import`, and the entries that use a card list: `match record`
fills a known card's values, `match play` completes its name and fills them too."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cli.main import cli
from domain.match import Author
from domain.printed import PrintedCard
from service.app import Touchline
from service.config import settings_for_url
from tests.card_lists_before_v2 import store_learned_before_v2
from tests.cli.conftest import Run
from tests.cli.prompt_session import PromptSession

CARDS = """touchline card list 1
game card-game
values shot pass defense
3 1 0 toho Kojiro Hyuga
3 3 1 nankatsu Tsubasa Ozora
"""
HAJIME = PrintedCard("Hajime Taki", (1, 2, 0), "nankatsu")
OPENING = ("toss toho", "kickoff toho", "draft nankatsu pitch", "draft toho deck")


def imported(run: Run, tmp_path: Path) -> None:
    file = tmp_path / "club.cards"
    file.write_text(CARDS, encoding="utf-8")
    result = run("cards", "import", str(file))
    assert result.exit_code == 0, result.output
    assert "club.cards: 2 cards, 2 new or changed in the installation's card-game" in result.output


def test_a_card_list_is_imported_listed_and_exported_again(run: Run, tmp_path: Path) -> None:
    assert "no card of card-game is known" in run("cards", "list", "card-game").output
    imported(run, tmp_path)
    listed = run("cards", "list", "card-game").output
    # Both names where the card is known in two languages (domain/names.toml).
    assert "Kojiro Hyuga（日向小次郎）  (Shot 3, Pass 1, Defense 0)  [toho]" in listed
    out = tmp_path / "again.cards"
    assert run("cards", "export", "card-game", "-o", str(out)).exit_code == 0
    assert out.read_text("utf-8").splitlines()[1:] == CARDS.splitlines()


def test_the_list_says_where_each_cards_values_came_from(
    run: Run, new_match: str, store_url: str, tmp_path: Path
) -> None:
    imported(run, tmp_path)
    for entry in OPENING:
        assert run("match", "record", new_match, *entry.split()).exit_code == 0
    played = run("match", "record", new_match, "play", "toho", "Takeshi Sawada", "2", "3", "1")
    assert played.exit_code == 0, played.output
    app = Touchline(settings_for_url(store_url))
    try:
        match = app.get_match(new_match)
        # A card learned from an entry before the list kept its match, in a league's list.
        app.create_league("Spring Cup", "card-game", Author("alice", "2026-11-29T20:00:00+00:00"))
        store_learned_before_v2(app, [HAJIME], "carol", "2026-10-01T18:00:00+00:00", "Spring Cup")
    finally:
        app.close()
    lines = run("cards", "list", "card-game").output.splitlines()
    hyuga = lines.index("  Kojiro Hyuga（日向小次郎）  (Shot 3, Pass 1, Defense 0)  [toho]")
    assert lines[hyuga + 1].startswith("    imported by alice, 20")
    sawada = lines.index("  Takeshi Sawada（沢田タケシ）  (Shot 2, Pass 3, Defense 1)  [toho]")
    assert lines[sawada + 1].startswith(
        f"    learned in {match.title}, match {match.id}, entered by alice, 20"
    )
    old = run("cards", "list", "card-game", "--league", "spring cup").output.splitlines()
    assert old[1:] == [
        "  Hajime Taki  (Shot 1, Pass 2, Defense 0)  [nankatsu]",
        "    learned in a match, entered by carol, 2026-10-01T18:00:00+00:00",
    ]
    # The file says the values alone, as before.
    exported = run("cards", "export", "card-game").output
    assert "alice" not in exported and "learned" not in exported


def test_a_bad_file_keeps_nothing_and_names_the_line(run: Run, tmp_path: Path) -> None:
    file = tmp_path / "bad.cards"
    file.write_text(CARDS + "3 1 toho Half\n", encoding="utf-8")
    result = run("cards", "import", str(file))
    assert result.exit_code != 0
    assert "line 6: a card is its shot, pass, defense" in result.output
    assert "Traceback" not in result.output
    assert "no card of card-game is known" in run("cards", "list", "card-game").output


def test_match_record_fills_a_known_cards_values_and_refuses_an_unknown_ones(
    run: Run, new_match: str, tmp_path: Path
) -> None:
    imported(run, tmp_path)
    for entry in OPENING:
        assert run("match", "record", new_match, *entry.split()).exit_code == 0
    refused = run("match", "record", new_match, "play", "toho", "Someone", "shot=1")
    assert refused.exit_code != 0
    assert "say Someone's printed pass, defense" in refused.output
    result = run("match", "record", new_match, "play", "toho", "Kojiro Hyuga")
    assert result.exit_code == 0, result.output
    assert "play coach=toho card='Kojiro Hyuga' shot=3 pass=1" in result.output


def test_the_prompt_completes_a_known_card_and_fills_its_values(
    sqlite_url: str, tmp_path: Path
) -> None:
    runner = CliRunner()
    base = ["--database", sqlite_url, "--by", "alice"]
    file = tmp_path / "club.cards"
    file.write_text(CARDS, encoding="utf-8")
    assert runner.invoke(cli, [*base, "cards", "import", str(file)]).exit_code == 0
    teams = ["--home", "Nankatsu:Alice", "--away", "Toho:Bob"]
    match = runner.invoke(cli, [*base, "match", "new", "card-game", *teams]).output.split()[2]
    for entry in OPENING:
        assert runner.invoke(cli, [*base, "match", "record", match, *entry.split()]).exit_code == 0
    session = PromptSession(sqlite_url, match, tmp_path / "data")
    try:
        shown = session.type('play toho "Koj\t')
        assert "Kojiro Hyuga: shot=3, pass=1, defense=0 (its printed values, as known)" in shown
        assert "recorded     5  play coach=toho card='Kojiro Hyuga' shot=3 pass=1" in shown
        session.quit()
    finally:
        session.close()
