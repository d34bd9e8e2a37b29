"""Properties of the match file, for each game.

Any legal match, exported and imported again, is the same match entry for entry, undone
entries and their retractions included, and its file's chain holds. Any one character of any
entry line changed is caught and that line named, with its end line's checksum or without.
And whatever text a record holds in any of its text fields (who, where, why, notes, reasons
and every text field of an entry, header values too), the file keeps each value whole on its
line and reads it back unchanged: records kept by earlier releases may hold text that
today's checks at the door refuse.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import cycle
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.branching import Variation
from domain.glyphs import GLYPH_NAMES
from domain.log import Abandonment, Annotation, Entry
from domain.match import Author, MatchRecord
from domain.registry import find_ruleset
from schemas.match_import import import_match_file
from schemas.matchfile import MatchFileError, dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from tests.domain.card_game.cg_strategies import matches as card_games
from tests.domain.king_of_the_pitch.kp_strategies import games as king_games
from tests.domain.tcg.tcg_strategies import matches as tcg_matches
from tests.schemas.files import (
    EXPORTED_AT,
    StoredRecord,
    as_read,
    by_hand,
    change,
    entry_lines,
    stored,
)

AUTHOR = Author("alice", "2026-11-29T21:00:00+00:00", "phone 1")

# Characters that are never white space, to make sure a text is not blank without filtering.
visible = st.characters(categories=["L", "M", "N", "P", "S"])


def around(text: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Text with something visible in it: `text`, a visible character, `text`."""
    return st.tuples(text, visible, text).map("".join)


# Remarks as people type them: any letter, mark, digit, punctuation, symbol or space, line
# breaks and tabs, quotes, backslashes and what the file itself uses (#, =, commas).
people_type = visible | st.sampled_from(" \n\t\\'\"#=,")
typed = around(st.text(alphabet=people_type, max_size=15)).map(str.strip)

# Any text at all: every Unicode category but surrogates (no store can keep half a pair),
# with the characters and sequences the file format gives a meaning to drawn often.
TRICKY = [
    *"\\'\"#=, \t\n\r\x00\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\u202e\u2066\ufeff",
    "\\\\",
    "\\u000a",
    "\\u002c",
    "'\"'\"'",
    "end: ",
    "by=",
    "  ",
]
any_text = st.lists(st.characters(codec="utf-8") | st.sampled_from(TRICKY), max_size=8).map("".join)
some_text = around(any_text)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Touchline]:
    path = tmp_path_factory.mktemp("store") / "touchline.sqlite3"
    application = Touchline(settings_for_url(f"sqlite:///{path}"))
    yield application
    application.close()


def _in_memory(
    ruleset: str, setup: Any, entries: list[Any], undos: list[bool], notes: list[str | None]
) -> MatchRecord:
    rules = find_ruleset(ruleset)
    match = MatchRecord(ruleset, rules.setup_to_dict(setup), AUTHOR.by, AUTHOR.at)
    for number, (action, undo, note) in enumerate(zip(entries, undos, notes, strict=True)):
        line = match.record(rules.action_to_dict(action), AUTHOR, key=f"k{number}")
        if note is not None:
            match.annotate(line.number, note, AUTHOR)
        if undo:
            # Retract and enter it again: the log keeps both, the game is unchanged.
            match.undo(AUTHOR)
            match.record(rules.action_to_dict(action), AUTHOR)
    return match


def _legal(ruleset: str, match: Any, data: Any) -> MatchRecord:
    setup, entries = match
    size = len(entries)
    undos = data.draw(st.lists(st.booleans(), min_size=size, max_size=size))
    notes = data.draw(st.lists(st.none() | typed, min_size=size, max_size=size))
    return _in_memory(ruleset, setup, entries, undos, notes)


def _branched(original: MatchRecord, data: Any) -> MatchRecord:
    """A what-if branch of the match from a drawn step, with a drawn note and glyph on it."""
    steps = len(original.entries_in_force())
    step = data.draw(st.integers(min_value=0, max_value=steps))
    branch = MatchRecord.start_branch(original, step, AUTHOR)
    note, glyph = data.draw(st.tuples(typed, st.none() | st.sampled_from(GLYPH_NAMES)))
    branch.annotate(step if step else 0, note, AUTHOR, glyph=glyph)
    return branch


def _variation(branch: MatchRecord) -> Variation:
    where = branch.branch
    assert where is not None
    own = tuple((0, line) for line in branch.log if line.number > where.step)
    return Variation(where.step, where.started, str(branch.id), own)


def round_trip(app: Touchline, ruleset: str, match: Any, data: Any) -> None:
    original = _legal(ruleset, match, data)
    branch = _branched(original, data)
    text = dumps(original, EXPORTED_AT, [_variation(branch)])
    parsed = loads(text)
    assert parsed.checked and parsed.chain.held
    imported = app.load_record(
        app.import_log(
            parsed.ruleset,
            parsed.setup,
            parsed.lines,
            parsed.facts(),
            AUTHOR,
            variations=parsed.variations,
        ).view.id
    )
    assert imported.log == original.log
    assert imported.game == original.game
    [found] = app.branches_of(str(imported.id))
    imported_branch = app.load_record(found.id)
    assert imported_branch.log == branch.log and imported_branch.game == branch.game
    variations = app.variations_of(str(imported.id))
    assert (
        entry_lines(dumps(imported, "x", variations))[: len(original.log)]
        == entry_lines(text)[: len(original.log)]
    )
    assert [line for _, line in variations[0].lines] == [
        line for _, line in parsed.variations[0].lines
    ]


def _any_text_everywhere(ruleset: str, match: MatchRecord, data: Any) -> StoredRecord:
    """The match's record with drawn text in every text field it has.

    A few texts are drawn and dealt out in turn: a draw per field would exceed the data
    Hypothesis allows an example on a match of hundreds of entries.
    """
    texts = cycle(data.draw(st.lists(any_text, min_size=1, max_size=6)))
    names = cycle(data.draw(st.lists(some_text, min_size=1, max_size=6)))
    maybe = cycle([None, *data.draw(st.lists(some_text, min_size=1, max_size=6))])
    record = stored(match)
    codec = find_ruleset(ruleset).codec
    record.created_by, record.league = next(names), next(names)
    for side in _sides(record.setup):
        if isinstance(side.get("coach"), str):
            side["coach"] = next(names)
    record.log.append(Abandonment(number=len(record.log) + 1, by="", at=AUTHOR.at, reason=""))
    for index, line in enumerate(record.log):
        change(record, index, by=next(names), device=next(maybe), key=next(maybe))
        if isinstance(line, Annotation):
            change(record, index, text=next(texts))
        elif isinstance(line, Abandonment):
            change(record, index, reason=next(names))
        elif isinstance(line, Entry):
            action: dict[str, Any] = dict(line.action)
            for spec in codec.describe(line.kind):
                if spec.type == "text":
                    action[spec.name] = next(texts)
                elif spec.type == "list" and spec.item == "text":
                    action[spec.name] = [next(names) for _ in range(len(action[spec.name]))]
            change(record, index, override=next(maybe), action=action)
    return record


def _sides(setup: dict[str, Any]) -> list[dict[str, Any]]:
    two = [setup[side] for side in ("home", "away") if isinstance(setup.get(side), dict)]
    return two + [team for team in setup.get("teams", []) if isinstance(team, dict)]


def any_text_survives(ruleset: str, match: Any, data: Any) -> None:
    record = _any_text_everywhere(ruleset, _legal(ruleset, match, data), data)
    text = dumps(record, EXPORTED_AT)
    assert len(entry_lines(text)) == len(record.log)  # every value stayed on its line
    parsed = loads(text.encode("utf-8"))
    assert parsed.checked and parsed.version == 4 and parsed.chain.held
    assert (parsed.created_by, parsed.league) == (record.created_by, record.league)
    assert parsed.setup == record.setup
    assert [line for _, line in parsed.lines] == [as_read(ruleset, line) for line in record.log]


def examples(count: int) -> Any:
    # A TCG match needs dozens of entries before its first move (placing 22 players).
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )


@examples(20)
@given(match=card_games(), data=st.data())
def test_a_card_game_match_survives_export_and_import(
    app: Touchline, match: Any, data: Any
) -> None:
    round_trip(app, "card-game", match, data)


@examples(20)
@given(match=king_games(), data=st.data())
def test_a_king_of_the_pitch_game_survives_export_and_import(
    app: Touchline, match: Any, data: Any
) -> None:
    round_trip(app, "king-of-the-pitch", match, data)


# TCG matches run to hundreds of entries each; a few of them cover the format well.
@examples(5)
@given(match=tcg_matches(), data=st.data())
def test_a_tcg_match_survives_export_and_import(app: Touchline, match: Any, data: Any) -> None:
    round_trip(app, "tcg", match, data)


@examples(40)
@given(match=card_games(), data=st.data())
def test_any_text_in_a_card_game_record_survives_the_file(match: Any, data: Any) -> None:
    any_text_survives("card-game", match, data)


@examples(30)
@given(match=king_games(), data=st.data())
def test_any_text_in_a_king_of_the_pitch_record_survives_the_file(match: Any, data: Any) -> None:
    any_text_survives("king-of-the-pitch", match, data)


@examples(5)
@given(match=tcg_matches(), data=st.data())
def test_any_text_in_a_tcg_record_survives_the_file(match: Any, data: Any) -> None:
    any_text_survives("tcg", match, data)


def one_character_changed(ruleset: str, match: Any, data: Any) -> None:
    """Any one character of any entry line changed into any other: with its end line's
    checksum the file is refused naming that line first; edited by hand (`end:`), its chain
    still names the line, which `--verify` refuses and a plain import records."""
    text = dumps(_legal(ruleset, match, data), EXPORTED_AT)
    assert loads(text).chain.held
    lines = text.split("\n")
    entries = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    at = data.draw(st.sampled_from(entries), label="line index")
    column = data.draw(st.integers(0, len(lines[at]) - 1), label="column")
    new = data.draw(
        st.characters(codec="utf-8").filter(lambda c: c != lines[at][column]), label="character"
    )
    lines[at] = lines[at][:column] + new + lines[at][column + 1 :]
    changed = "\n".join(lines)
    named = f"line {at + 1} was edited after export"
    with pytest.raises(MatchFileError) as refusal:
        loads(changed)
    assert named in str(refusal.value) or str(refusal.value).startswith(f"line {at + 1}, ")
    try:
        parsed = loads(by_hand(changed))
    except MatchFileError as error:  # the change also made the line unreadable
        assert f"line {at + 1}" in str(error)
        return
    assert (parsed.chain.held, parsed.chain.line) == (False, at + 1)


@examples(20)
@given(match=card_games(), data=st.data())
def test_a_card_game_file_with_any_character_changed_names_the_line(match: Any, data: Any) -> None:
    one_character_changed("card-game", match, data)


@examples(15)
@given(match=king_games(), data=st.data())
def test_a_king_of_the_pitch_file_with_any_character_changed_names_the_line(
    match: Any, data: Any
) -> None:
    one_character_changed("king-of-the-pitch", match, data)


@examples(10)
@given(match=card_games(), data=st.data())
def test_any_export_verifies_on_import(app: Touchline, match: Any, data: Any) -> None:
    text = dumps(_legal("card-game", match, data), EXPORTED_AT)
    imported = import_match_file(app, text.encode("utf-8"), AUTHOR, verify=True)
    provenance = imported.view.imported
    assert provenance is not None
    assert (provenance.file.chain, provenance.file.chain_break) == (True, None)
