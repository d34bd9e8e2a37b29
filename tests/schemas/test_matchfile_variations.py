"""A match's what-if branches as variations of its match file (format version 5), and glyphs
on its notes: written after the match's own lines, in the chain and under the checksum, read
back unchanged whatever text they hold, and imported as branches of the imported match."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.branching import Variation
from domain.glyphs import GLYPH_NAMES
from domain.log import Annotation, Author
from domain.match import MatchRecord
from domain.notation import parse_action
from domain.registry import find_ruleset
from schemas.match_import import import_match_file
from schemas.matchfile import PLAIN_VERSION, VERSION, MatchFileError, dumps, loads
from service.app import Touchline
from service.config import settings_for_url
from service.errors import BadInput
from tests.schemas.files import EXPORTED_AT, by_hand, change, entry_lines, opening, stored
from tests.schemas.test_matchfile_properties import any_text, some_text

BOB = Author("bob", "2026-11-30T10:00:00+00:00", "phone 2")
IMPORTER = Author("carol", "2026-12-01T09:00:00+00:00", "laptop")
_SOURCE = re.compile(r"source=[0-9a-f-]{36}")


def branch_of(match: MatchRecord, step: int, lines: list[str]) -> MatchRecord:
    rules = find_ruleset(match.ruleset_name)
    branch = MatchRecord.start_branch(match, step, BOB)
    for line in lines:
        branch.record(parse_action(rules.codec, line), BOB)
    return branch


def variation(branch: MatchRecord) -> Variation:
    where = branch.branch
    assert where is not None
    own = tuple((0, line) for line in branch.log if line.number > where.step)
    return Variation(where.step, where.started, str(branch.id), own)


def saved_branch(origin: MatchRecord) -> MatchRecord:
    """Toho's shot of the opening, rolled otherwise: 1 + 3 against Nankatsu's 6 + 1."""
    branch = branch_of(origin, 9, ["roll coach=toho value=1", "roll coach=nankatsu value=6"])
    branch.annotate(11, "the keepers day", BOB, glyph="turning-point")
    return branch


def test_a_match_without_glyphs_or_variations_is_still_written_as_version_4() -> None:
    text = dumps(opening(), EXPORTED_AT)
    assert text.splitlines()[1] == f"touchline-match: {PLAIN_VERSION}"


def test_variations_follow_the_match_in_the_chain_and_read_back_whole() -> None:
    origin = opening()
    branch = saved_branch(origin)
    text = dumps(origin, EXPORTED_AT, [variation(branch)])
    assert text.splitlines()[1] == f"touchline-match: {VERSION}"
    lines = entry_lines(text)
    assert lines[-4].startswith("1/0 by=bob at=2026-11-30T10:00:00+00:00 device='phone 2' branch")
    assert f"step=9 source={branch.id}" in lines[-4]
    assert lines[-3].startswith("1/10 by=bob ") and "roll coach=toho value=1" in lines[-3]
    assert lines[-1].endswith("note 11 text='the keepers day' glyph=turning-point")
    parsed = loads(text)
    assert parsed.checked and parsed.chain.held and parsed.version == VERSION
    assert len(parsed.lines) == len(origin.log)
    [read] = parsed.variations
    assert (read.step, read.started, read.source) == (9, BOB, str(branch.id))
    assert [line.number for _, line in read.lines] == [10, 11, 12]
    assert read.lines[-1][1] == branch.log[-1]


def test_a_changed_variation_line_is_named_as_the_first_edited_line() -> None:
    origin = opening()
    text = dumps(origin, EXPORTED_AT, [variation(saved_branch(origin))])
    edited = text.replace("roll coach=nankatsu value=6", "roll coach=nankatsu value=5")
    with pytest.raises(MatchFileError, match=r"checksum mismatch.*was edited after export"):
        loads(edited)
    assert not loads(by_hand(edited)).chain.held


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("touchline-match: 5", "touchline-match: 4"), "format version 5"),
        (lambda t: t.replace("\n1/0 ", "\n2/0 "), "variation 2 where variation 1 was due"),
        (lambda t: t.replace("\n1/10 ", "\n1/12 "), "entry 12 where entry 10 was due"),
        (lambda t: t.replace(" branch step=9", " branch"), "names the step"),
        (lambda t: t.replace("1/0 by=bob ", "1/0 "), "by"),
        (lambda t: t.replace("glyph=turning-point", "glyph=brilliant"), "not a glyph"),
    ],
)
def test_a_variation_written_wrong_is_refused_naming_its_line(edit: Any, message: str) -> None:
    origin = opening()
    text = by_hand(dumps(origin, EXPORTED_AT, [variation(saved_branch(origin))]))
    with pytest.raises(MatchFileError, match=rf"line \d+.*{message}"):
        loads(edit(text))


def test_a_line_of_the_match_after_its_variations_is_refused() -> None:
    origin = opening()
    text = by_hand(dumps(origin, EXPORTED_AT, [variation(saved_branch(origin))]))
    lines = text.splitlines()
    moved = next(i for i, line in enumerate(lines) if line.startswith("13 "))
    line = lines.pop(moved)
    lines.insert(len(lines) - 1, line)
    with pytest.raises(MatchFileError, match="after its variations"):
        loads("\n".join(lines) + "\n")


@pytest.fixture
def app(tmp_path: Any) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(f"sqlite:///{tmp_path / 'store.sqlite3'}"))
    yield application
    application.close()


def test_a_match_with_branches_exports_imports_and_exports_again_the_same(
    app: Touchline,
) -> None:
    origin = app.create_match("card-game", opening().setup, BOB).id
    rules = find_ruleset("card-game")
    for line in opening().log:
        if line.number <= 11:
            app.record(origin, dict(getattr(line, "action", {})), BOB)
    first = app.branch_match(origin, 9, BOB).id
    for text in ("roll coach=toho value=1", "roll coach=nankatsu value=6"):
        app.record(first, parse_action(rules.codec, text), BOB)
    app.annotate(first, 10, "unlucky", BOB, glyph="??")
    app.branch_match(origin, 0, BOB)
    exported = dumps(app.load_record(origin), EXPORTED_AT, app.variations_of(origin))
    imported = import_match_file(app, exported, IMPORTER).view.id
    branches = app.branches_of(imported)
    assert [(b.step, b.entries, b.started_by) for b in branches] == [(0, 0, "bob"), (9, 11, "bob")]
    again = dumps(app.load_record(imported), EXPORTED_AT, app.variations_of(imported))
    assert [_SOURCE.sub("", line) for line in entry_lines(again)] == [
        _SOURCE.sub("", line) for line in entry_lines(exported)
    ]
    # The imported branches are branches still: in no listing.
    assert {m.id for m in app.list_matches()} == {origin, imported}


def test_a_variation_the_rules_refuse_imports_nothing(app: Touchline) -> None:
    origin = opening()
    text = by_hand(dumps(origin, EXPORTED_AT, [variation(saved_branch(origin))]))
    broken = text.replace("roll coach=toho value=1", "roll coach=toho value=9")
    with pytest.raises(BadInput, match=r"line \d+: .*nothing was imported"):
        import_match_file(app, broken, IMPORTER)
    too_far = text.replace("branch step=9", "branch step=11")
    for number in (12, 11, 10):
        too_far = too_far.replace(f"\n1/{number} ", f"\n1/{number + 2} ")
    with pytest.raises(BadInput, match="not a step of this match"):
        import_match_file(app, too_far, IMPORTER)
    assert app.list_matches() == []


glyphs = st.none() | st.sampled_from(GLYPH_NAMES)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    notes=st.lists(st.tuples(any_text, glyphs), min_size=1, max_size=4),
    names=st.lists(some_text, min_size=1, max_size=3),
    step=st.integers(min_value=0, max_value=10),
)
def test_any_text_and_glyph_in_a_variation_reads_back_unchanged(
    notes: list[tuple[str, str | None]], names: list[str], step: int
) -> None:
    origin = opening()
    branch = MatchRecord.start_branch(origin, step, BOB)
    record = stored(branch)
    for number, (text, glyph) in enumerate(notes, start=len(record.log) + 1):
        record.log.append(
            Annotation(number=number, by=BOB.by, at=BOB.at, on=step, text=text, glyph=glyph)
        )
    for index in range(len(record.log)):
        change(record, index, by=names[index % len(names)])
    started = replace(BOB, by=names[0], device=names[-1])
    own = tuple((0, line) for line in record.log if line.number > step)
    text = dumps(origin, EXPORTED_AT, [Variation(step, started, str(branch.id), own)])
    parsed = loads(text.encode("utf-8"))
    assert parsed.checked and parsed.chain.held
    [read] = parsed.variations
    assert read.started == started and read.step == step
    assert [line for _, line in read.lines] == [line for _, line in own]
