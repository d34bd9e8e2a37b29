"""The lines of a match log round-trip through the plain data that snapshots store."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.consequences import Consequence
from domain.log import (
    DECISIONS,
    Abandonment,
    Annotation,
    Confirmation,
    Consequences,
    Correction,
    Dispute,
    Entry,
    Log,
    LogLine,
    Retraction,
    Ruling,
    from_data,
    to_data,
)
from domain.ruleset import Violation

texts = st.text()
optional = st.none() | st.text(min_size=1)
numbers = st.integers(min_value=1, max_value=10_000)
common = {
    "number": numbers,
    "by": texts,
    "at": texts,
    "device": optional,
    "key": optional,
    "link": optional,
}
number_tuples = st.lists(numbers, max_size=3).map(tuple)
consequences = st.builds(
    Consequence,
    st.text(min_size=1),
    texts,
    st.dictionaries(st.text(), st.integers() | st.text(), max_size=3),
)
entry_fields = {
    **common,
    "action": st.fixed_dictionaries({"kind": st.text(min_size=1)}, optional={"value": texts}),
    "override": optional,
    "violations": st.lists(st.builds(Violation, texts, texts, st.booleans()), max_size=2).map(
        tuple
    ),
    "consequences": st.lists(consequences, max_size=3).map(tuple),
    "retracted": st.booleans(),
    "corrected_by": st.none() | numbers,
}
entries = st.builds(Entry, **entry_fields)
corrections = st.builds(
    Correction,
    **entry_fields,
    replaces=numbers,
    reason=texts,
    dispute=st.none() | numbers,
    rules=st.lists(texts, max_size=3).map(tuple),
    kept=number_tuples,
    withdrawn=number_tuples,
)
lines: st.SearchStrategy[LogLine] = st.one_of(
    entries,
    st.builds(Retraction, **common, retracts=numbers),
    st.builds(Annotation, **common, on=st.integers(min_value=0, max_value=10_000), text=texts),
    st.builds(Abandonment, **common, reason=texts),
    corrections,
    st.builds(Dispute, **common, on=st.none() | numbers, reason=texts),
    st.builds(
        Ruling,
        **common,
        dispute=numbers,
        decision=st.sampled_from(DECISIONS),
        rules=st.lists(texts, max_size=3).map(tuple),
        text=texts,
        correction=st.none() | numbers,
        replay_from=st.none() | numbers,
        replayed=number_tuples,
    ),
    st.builds(
        Confirmation,
        **common,
        side=texts,
        result=st.dictionaries(st.text(), st.integers() | st.text(), max_size=3),
    ),
)


@given(lines)
def test_a_line_comes_back_from_its_plain_data(line: LogLine) -> None:
    restored = from_data(to_data(line))
    assert restored == line
    assert type(restored) is type(line)
    assert to_data(restored) == to_data(line)


@given(entries)
def test_consequences_never_read_are_stored_again_as_they_were(entry: Entry) -> None:
    data = to_data(entry)
    restored = from_data(data)
    assert isinstance(restored, Entry) and isinstance(restored.consequences, Consequences)
    assert to_data(restored)["consequences"] == data["consequences"]
    assert len(restored.consequences) == len(entry.consequences)


def test_an_unknown_kind_of_line_is_refused_by_name() -> None:
    data = to_data(Retraction(number=2, by="a", at="t", retracts=1))
    data["type"] = "verdict"
    with pytest.raises(ValueError, match="unknown kind of log line: 'verdict'"):
        from_data(data)


@given(st.lists(lines, max_size=8))
def test_a_log_read_from_its_snapshot_holds_the_same_lines(written: list[LogLine]) -> None:
    stored = [to_data(line) for line in written]
    log = Log(stored)
    assert log.stored() == stored  # nothing read yet: written back as stored
    assert list(log.kinds()) == [line.type for line in written]
    assert log == written and len(log) == len(written)
    assert log.stored() == stored  # read: written back the same
