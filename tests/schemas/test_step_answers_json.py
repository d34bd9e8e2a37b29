"""The runs of replay steps are encoded by orjson (schemas/step_answers.py): whatever the
situations hold, the answer reads back as the standard library's encoding of it did."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from schemas.step_answers import as_json, encoded

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.text() | st.integers(min_value=-1000, max_value=1000), inner, max_size=5
        )
    ),
    max_leaves=30,
)


@given(st.dictionaries(st.text(), VALUES, max_size=6))
def test_an_answer_reads_back_as_the_standard_encoding_of_it(data: dict[str, Any]) -> None:
    assert json.loads(as_json(data)) == json.loads(json.dumps(data))


def test_text_that_is_no_utf_8_is_written_escaped() -> None:
    data = {"title": "Nankatsu \ud800 Toho", "steps": [{"text": "é"}]}
    assert json.loads(as_json(data)) == data


@given(st.dictionaries(st.text(), VALUES, max_size=6), st.text())
def test_a_part_encoded_first_is_written_as_it_is(situation: dict[str, Any], title: str) -> None:
    """Either way: by orjson, and by json when the answer holds text that is no UTF-8."""
    answer = {"title": title, "steps": [{"situation": encoded(situation)}]}
    expected = {"title": title, "steps": [{"situation": situation}]}
    assert json.loads(as_json(answer)) == json.loads(json.dumps(expected))


def test_utf_8_text_is_written_by_orjson_parts_included() -> None:
    """The standard library's encoder (the fallback) would write é as \\u00e9."""
    answer = as_json({"title": "é", "steps": [{"situation": encoded({"team": "Tōhō"})}]})
    assert "é".encode() in answer and "Tōhō".encode() in answer
