"""Files written by earlier releases (format version 1: no end line, entries' fields written
as they are) still import, entry for entry, and are reported unchecked. The files in v1/ were
exported by the release before version 2."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.log import Retraction
from domain.match import Author
from schemas.match_import import import_match_file
from schemas.matchfile import dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from service.entries import parse_entry
from tests.schemas.files import EXPORTED_AT
from tests.service.test_golden_matches import golden_lines

V1_FILES = Path(__file__).parent / "v1"
ALICE = Author("alice", "2026-11-29T21:00:00+00:00")


@pytest.fixture
def app(sqlite_url: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(sqlite_url))
    yield application
    application.close()


@pytest.mark.parametrize(
    ("name", "ruleset", "golden"),
    [
        ("card_game_full_match", "card-game", "card_game/golden/full_match.txt"),
        ("king_of_the_pitch_three_teams", "king-of-the-pitch",
         "king_of_the_pitch/golden/three_teams.txt"),
        ("tcg_shootout_match", "tcg", "tcg/golden/shootout_match.txt"),
    ],
)  # fmt: skip
def test_a_version_1_golden_match_imports_entry_for_entry(
    app: Touchline, name: str, ruleset: str, golden: str
) -> None:
    data = (V1_FILES / f"{name}.touchline").read_bytes()
    imported = import_match_file(app, data, ALICE)
    assert (imported.version, imported.checked) == (1, False)
    assert imported.notice is not None and imported.notice.startswith("unchecked:")
    view = imported.view
    assert view.status == "finished"
    played = [parse_entry(ruleset, line) for line in golden_lines(golden)]
    record = app.load_record(view.id)
    rules = record.ruleset
    assert [line.action for line in record.log] == [
        rules.action_to_dict(rules.action_from_dict(action)) for action in played
    ]


def test_a_version_1_file_keeps_every_detail(app: Touchline) -> None:
    imported = import_match_file(
        app, (V1_FILES / "card_game_opening.touchline").read_bytes(), ALICE
    )
    log = app.load_record(imported.view.id).log
    assert log[4].by == "Bob O'Neill" and log[4].device == "cli@table 3"
    assert log[4].override == "table agreed: let it stand \\ 'house rule'"
    assert log[0].key == "k-0"
    assert isinstance(log[5], Retraction) and log[5].retracts == 5
    assert log[6].action["card"] == r"Kojiro \\ Hyuga\u000a"
    assert log[13].text == "Toho kick off.\nBob asked for\\nothing special"
    assert log[14].text == 'Table 3, "home" side by the window\t# not a comment'


def test_a_version_1_league_and_abandonment_import(app: Touchline) -> None:
    app.create_league("Spring Cup 2027", "card-game", ALICE)
    data = (V1_FILES / "card_game_abandoned_in_league.touchline").read_bytes()
    view = import_match_file(app, data, ALICE).view
    assert view.status == "abandoned"
    assert app.load_record(view.id).league == "Spring Cup 2027"


@pytest.mark.parametrize("path", sorted(V1_FILES.glob("*.touchline")), ids=lambda p: p.stem)
def test_a_version_1_file_exported_again_is_version_4_and_the_same(
    app: Touchline, path: Path
) -> None:
    first = app.load_record(
        import_match_file(app, path.read_bytes(), ALICE, no_league=True).view.id
    )
    text = dumps(first, EXPORTED_AT)
    assert text.splitlines()[1] == "touchline-match: 4"
    again = import_match_file(app, text.encode("utf-8"), ALICE, verify=True)
    assert again.checked and again.version == 4
    assert app.load_record(again.view.id).log == first.log


def test_a_version_1_file_with_an_end_line_is_refused() -> None:
    text = (V1_FILES / "card_game_opening.touchline").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="line 43: header line after the first entry: 'end:'"):
        loads(text + "end:\n")
