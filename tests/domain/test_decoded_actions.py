"""Decoding an entry's action: the codec's quick path answers as the full check does, and an
entry is decoded once per decoder, however often a replay, its report and its notation ask."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, get_type_hints

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.actions import ActionCodec, _coerce, _coercion
from domain.consequences import Consequence
from domain.log import Consequences, Entry, from_data, to_data
from domain.registry import find_ruleset, ruleset_names
from domain.ruleset import JSON, MalformedAction


@dataclass(frozen=True)
class Sample:
    kind: ClassVar[str] = "sample"
    side: Literal["home", "away"]
    player: str
    count: int = 1
    pass_: bool = False
    note: str | None = None
    level: Literal[1, 2] | None = None
    dice: tuple[int, ...] = ()
    metals: tuple[Literal["gold", "silver"], ...] = ()
    either: int | str = 0


SAMPLE = ActionCodec([Sample])


def _every_field() -> list[tuple[str, str, Any, tuple[JSON, ...]]]:
    """(kind, dict key, type hint, values worth trying) of every field of every game's
    actions and of `Sample`, which has a field of every shape the codec reads."""
    found = []
    codecs = [SAMPLE, *(find_ruleset(name).codec for name in ruleset_names())]
    for codec in codecs:
        for kind in codec.kinds:
            cls = codec.class_for(kind)
            hints = get_type_hints(cls)
            for field in dataclasses.fields(cls):
                spec = next(s for s in codec.describe(kind) if s.name == field.name.rstrip("_"))
                found.append((kind, spec.name, hints[field.name], spec.options))
    return found


FIELDS = _every_field()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)


def _outcome(coerce: Callable[[Any], Any], value: JSON) -> tuple[str, Any]:
    """What a coercion answers, told apart by type too (`True` is not `1`), or its refusal."""
    try:
        value = coerce(value)
    except MalformedAction as refused:
        return "refused", str(refused)
    return "made", (type(value), value)


@settings(max_examples=300)
@given(
    field=st.sampled_from(FIELDS),
    value=json_values,
    picked=st.integers(min_value=0),
    spacing=st.sampled_from(["", " ", "\t"]),
)
def test_the_quick_coercion_answers_what_the_full_check_does(
    field: tuple[str, str, Any, tuple[JSON, ...]], value: JSON, picked: int, spacing: str
) -> None:
    """Over arbitrary JSON, and over the field's own options as given and as lists, with the
    text around them spaced: every value made, or refused with the same words."""
    kind, name, hint, options = field
    tried: list[JSON] = [value, "", None, True, 1, [value]]
    if options:
        option = options[picked % len(options)]
        tried += [option, [option, option], f"{spacing}{option}{spacing}"]
    quick = _coercion(kind, name, hint)

    def full(value: JSON) -> Any:
        return _coerce(kind, name, hint, value)

    for each in tried:
        assert _outcome(quick, each) == _outcome(full, each)


def test_a_decoded_action_is_refused_or_made_as_before() -> None:
    """The refusals name the field as they always did; a full action comes back whole."""
    made = SAMPLE.from_dict(
        {"kind": "sample", "side": "home", "player": " Tsubasa ", "dice": [6, 1], "level": ""}
    )
    assert made == Sample("home", "Tsubasa", dice=(6, 1))
    with pytest.raises(MalformedAction, match="sample: missing field player"):
        SAMPLE.from_dict({"kind": "sample", "side": "home"})
    with pytest.raises(MalformedAction, match=r"unknown field\(s\) playr \(did you mean player"):
        SAMPLE.from_dict({"kind": "sample", "side": "home", "playr": "x"})
    with pytest.raises(MalformedAction, match="side must be one of home, away"):
        SAMPLE.from_dict({"kind": "sample", "side": "middle", "player": "x"})
    assert SAMPLE.to_dict(made)["dice"] == [6, 1]
    assert SAMPLE.defaults("sample")["metals"] == []


class CountingDecoder:
    def __init__(self, codec: ActionCodec) -> None:
        self.codec = codec
        self.calls = 0

    def decode(self, data: Mapping[str, JSON]) -> Any:
        self.calls += 1
        return self.codec.from_dict(data)


def _entry(action: Mapping[str, JSON]) -> Entry:
    return Entry(number=1, by="Ann", at="2024-05-01T10:00:00+00:00", action=action)


def test_an_entry_is_decoded_once_per_decoder() -> None:
    entry = _entry({"kind": "sample", "side": "away", "player": "Kojiro"})
    first, second = CountingDecoder(SAMPLE), CountingDecoder(SAMPLE)
    decoded = entry.decoded(first.decode)
    assert decoded == SAMPLE.from_dict(entry.action)
    assert entry.decoded(first.decode) is decoded
    assert first.calls == 1
    # Another decoder (a ruleset that reads its stored actions its own way) decodes anew.
    entry.decoded(second.decode)
    assert second.calls == 1
    # What is kept is no part of the entry: its equality, repr and stored form are unchanged.
    fresh = _entry(dict(entry.action))
    assert entry == fresh and repr(entry) == repr(fresh)
    assert to_data(entry) == to_data(fresh)


def test_a_refused_action_is_refused_every_time_and_nothing_is_kept() -> None:
    entry = _entry({"kind": "sample", "side": "middle", "player": "Kojiro"})
    decoder = CountingDecoder(SAMPLE)
    for _ in range(2):
        with pytest.raises(MalformedAction, match="side must be one of"):
            entry.decoded(decoder.decode)
    assert decoder.calls == 2


def test_consequences_read_from_the_store_are_written_back_as_stored() -> None:
    """Reading them as their types does not change the stored form a line writes."""
    stored: list[dict[str, JSON]] = [
        {"kind": "goal", "text": "Goal!", "data": {"side": "home", "by": "Tsubasa"}},
        {"kind": "no-such-kind", "text": "", "data": {"b": [1, 2], "a": {"c": None}}},
    ]
    read = Consequences(stored, "domain.card_game")
    list(read)  # read as their types
    assert read.stored() == stored
    made = Consequences.of([Consequence("note", "A note", {"x": 1})])
    assert made.stored() == [{"kind": "note", "text": "A note", "data": {"x": 1}}]
    line = from_data(
        {"type": "entry", "number": 1, "by": "Ann", "at": "t", "action": {"kind": "x"}}
        | {"consequences": stored}
    )
    assert isinstance(line, Entry)
    list(line.consequences)
    assert to_data(line)["consequences"] == stored
