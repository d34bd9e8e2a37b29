"""Rows written in one `executemany` (or, by `Sql.insert`, one COPY on PostgreSQL) are passed
on as they are when every text in them is clean, and cleaned row by row otherwise: a NUL (which
PostgreSQL refuses in text) or a lone surrogate (which no encoding carries), kept by an earlier
release in a coach's name, shows as U+FFFD or `?` in the view instead of stopping every view
from catching up. What COPY's text format gives a meaning to (tabs, new lines, backslashes,
`\\N`) is stored as it was given."""

from __future__ import annotations

import pytest

from service.app import Touchline
from service.projections import projector_for
from service.projections.dice import DICE_COLUMNS

INSERT = (
    "INSERT INTO dice_counts (match_id, coach, faces, face, source, die, rolls) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def written(app: Touchline, coaches: list[str], by_insert: bool = False) -> list[str]:
    projector = projector_for(app)
    rows = [(f"m{n:03}", coach, 6, 1, "table", "", 1) for n, coach in enumerate(coaches)]
    with projector.db.transaction() as sql:
        if by_insert:
            sql.insert("dice_counts", DICE_COLUMNS, rows)
        else:
            sql.many(INSERT, rows)
    with projector.db.transaction(commit=False) as sql:
        rows = sql.rows("SELECT coach FROM dice_counts ORDER BY match_id")
    return [row["coach"] for row in rows]


@pytest.mark.parametrize("by_insert", [False, True], ids=["many", "insert"])
def test_clean_rows_are_written_as_they_are(app: Touchline, by_insert: bool) -> None:
    assert written(app, ["Ann", "Öz", "Bea"], by_insert) == ["Ann", "Öz", "Bea"]


@pytest.mark.parametrize("by_insert", [False, True], ids=["many", "insert"])
def test_a_row_with_a_nul_or_a_lone_surrogate_is_cleaned_and_the_others_kept(
    app: Touchline, by_insert: bool
) -> None:
    assert written(app, ["Ann", "A\x00nn", "Öz\ud800"], by_insert) == ["Ann", "A\ufffdnn", "Öz?"]


def test_text_that_copy_would_read_as_markup_is_stored_as_given(app: Touchline) -> None:
    names = ["tab\there", "new\nline", "carriage\rreturn", "back\\slash", "\\N", "\\.", ""]
    assert written(app, names, by_insert=True) == names


def test_rows_inserted_keep_their_numbers_and_nulls(app: Touchline) -> None:
    projector = projector_for(app)
    with projector.db.transaction() as sql:
        sql.run("CREATE TABLE inserted (n BIGINT, label TEXT)")
        sql.insert("inserted", ("n", "label"), [(2**40, None), (-1, "x"), (None, "None")])
        sql.insert("inserted", ("n", "label"), [])
    with projector.db.transaction(commit=False) as sql:
        rows = sql.rows("SELECT n, label FROM inserted ORDER BY label")
    assert sorted(((r["n"], r["label"]) for r in rows), key=repr) == sorted(
        [(2**40, None), (-1, "x"), (None, "None")], key=repr
    )
