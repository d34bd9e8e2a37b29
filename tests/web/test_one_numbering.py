"""Issue 14: one numbering everywhere. A number said aloud at the table is a line of the log:
the match page's log, `match show --log`, `match replay --to N` and its walk, `?at=N` on the
replay, `match annotate N` and the annotation form all mean the same line by it, however many
undos and notes came before; and every count of entries counts the entries in force."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from cli.main import cli
from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, record_text
from tests.web.conftest import become_everyone, post_form, token

AUTHOR = Author("alice", "2026-11-29T20:05:00+00:00")
GOAL_LINE = 14  # the roll that scores, made again after an undo and a note
UNDO_LINE = 12


@pytest.fixture
def scored(service: Touchline, match_id: str) -> str:
    """The opening (lines 1-11), its last roll undone (12), a note on line 10 (13), the roll
    made again and scoring (14), then Toho's draft (15)."""
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    service.undo(match_id, AUTHOR)
    service.annotate(match_id, 10, "Toho's die hit the rim", AUTHOR)
    record_text(service, match_id, "roll nankatsu 2", AUTHOR)
    record_text(service, match_id, "draft toho pitch", AUTHOR)
    return match_id


def touchline_cli(sqlite_url: str, *args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(
        cli, ["--database", sqlite_url, "--by", "alice", *args], input=input
    )
    assert result.exit_code == 0, result.output
    return result.output


def numbered(output: str) -> list[int]:
    """The line numbers printed at the start of the terminal's lines, in order."""
    return [int(n) for n in re.findall(r"^[! ] {0,3}(\d+)  ", output, re.MULTILINE)]


def test_a_line_number_names_the_same_line_on_the_pages_and_at_the_terminal(
    client: FlaskClient, sqlite_url: str, scored: str
) -> None:
    sentence = "Nankatsu roll 2"
    log = touchline_cli(sqlite_url, "match", "show", scored, "--log")
    assert re.search(rf"\n   {GOAL_LINE}  {sentence}  ◉ goal  ⚄ die 2   \[alice, ", log), log
    assert f"   11  {sentence} (undone by line {UNDO_LINE})" in log

    page = client.get(f"/matches/{scored}").get_data(as_text=True)
    start = page.index(f'id="entry-{GOAL_LINE}"')
    item = page[start : page.index("</li>", start)]
    assert f'<span class="entry">{sentence}</span>' in item and "report-mark-goal" in item
    assert f'value="{GOAL_LINE}"' in page[start - 200 : start + 50]

    replay = touchline_cli(sqlite_url, "match", "replay", scored, "--to", str(GOAL_LINE))
    assert numbered(replay)[-1] == GOAL_LINE and "Nankatsu 0 – 1 Toho" in replay
    walked = touchline_cli(
        sqlite_url, "match", "replay", scored, "--step", input=f"{GOAL_LINE}\nq\n"
    )
    assert numbered(walked) == [0, GOAL_LINE], walked

    frame = client.get(f"/matches/{scored}/replay?at={GOAL_LINE}").get_data(as_text=True)
    assert f">Line {GOAL_LINE}</h2>" in frame
    assert f'<strong class="sentence">{sentence}</strong>' in frame
    assert f'href="/matches/{scored}/replay?at={GOAL_LINE}" data-step="11"' in frame

    client.get(f"/in/{token(scored)}")  # a scorer: the annotation form names the line too
    assert f'name="on" value="{GOAL_LINE}"' in client.get(
        f"/matches/{scored}/replay?at={GOAL_LINE}"
    ).get_data(as_text=True)
    noted = touchline_cli(sqlite_url, "match", "annotate", scored, str(GOAL_LINE), "the goal")
    assert f"on entry {GOAL_LINE}" in noted
    assert f"Note on line {GOAL_LINE}: the goal" in touchline_cli(
        sqlite_url, "match", "show", scored, "--log"
    )


def test_an_undo_s_number_opens_the_replay_where_it_was_written(
    client: FlaskClient, sqlite_url: str, scored: str
) -> None:
    """Line 12 is an undo: it names the moment it was written, after line 10 in force."""
    frame = client.get(f"/matches/{scored}/replay?at={UNDO_LINE}").get_data(as_text=True)
    assert ">Line 10</h2>" in frame
    replay = touchline_cli(sqlite_url, "match", "replay", scored, "--to", str(UNDO_LINE))
    assert numbered(replay)[-1] == 10
    assert "then    11  Nankatsu roll 2 (undone by line 12)" in replay
    assert "Nankatsu 0 – 0 Toho" in replay
    assert GOAL_LINE not in numbered(replay)


def test_a_link_shared_before_any_undo_still_opens_the_same_line(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    """In a log of entries only, line N is the N-th entry in force: the `?at=N` links that
    named steps before this numbering open the very same moment."""
    for line in OPENING:
        record_text(service, match_id, line, AUTHOR)
    for at in (0, 5, 11):
        by_line = client.get(f"/matches/{match_id}/replay?at={at}").get_data(as_text=True)
        by_place = client.get(f"/matches/{match_id}/replay?step={at}").get_data(as_text=True)
        assert f'data-step="{at}"' in by_line
        frame = by_line[by_line.index('<section class="frame"') : by_line.index('id="timeline"')]
        assert frame in by_place


def test_every_count_of_entries_counts_the_entries_in_force(
    sqlite_url: str, scored: str, tmp_path: Path
) -> None:
    path = tmp_path / "scored.touchline"
    touchline_cli(sqlite_url, "match", "export", scored, "-o", str(path))
    imported = touchline_cli(sqlite_url, "match", "import", str(path))
    assert "(15 lines, 12 entries in force)" in imported
    listed = touchline_cli(sqlite_url, "match", "list")
    rows = [row for row in listed.splitlines() if row.startswith(scored[:8])]
    assert rows and "  12 entries" in rows[0]
    copy = imported.split()[2]
    assert "  12 entries" in next(row for row in listed.splitlines() if row.startswith(copy[:8]))


def test_the_settling_pages_link_the_replay_by_the_same_line(
    client: FlaskClient, scored: str
) -> None:
    """A dispute made from the replay comes back to the disputed line; the correction page's
    "the situation before it" opens the place before the entry, by its place in force."""
    become_everyone(client, scored)
    data = {"on": str(GOAL_LINE), "reason": "offside", "key": "k1", "return_to": "replay"}
    answer = post_form(client, f"/matches/{scored}/disputes", data)
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith(f"/replay?at={GOAL_LINE}#disputes")
    correcting = client.get(f"/matches/{scored}/entries/{GOAL_LINE}/correct")
    before = re.search(
        r'href="([^"]+)">the situation before it<', correcting.get_data(as_text=True)
    )
    assert before is not None and before[1].endswith("/replay?step=10")
    assert ">Line 10</h2>" in client.get(before[1]).get_data(as_text=True)
