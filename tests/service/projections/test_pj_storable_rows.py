"""Rows written in one `executemany` are passed on as they are when every text in them is
clean, and cleaned row by row otherwise: a NUL (which PostgreSQL refuses in text) or a lone
surrogate (which no encoding carries), kept by an earlier release in a coach's name, shows as
U+FFFD or `?` in the view instead of stopping every view from catching up."""

from __future__ import annotations

from service.app import Touchline
from service.projections import projector_for

INSERT = (
    "INSERT INTO dice_counts (match_id, coach, faces, face, source, die, rolls) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def written(app: Touchline, coaches: list[str]) -> list[str]:
    projector = projector_for(app)
    with projector.db.transaction() as sql:
        sql.many(
            INSERT, [(f"m{n}", coach, 6, 1, "table", "", 1) for n, coach in enumerate(coaches)]
        )
    with projector.db.transaction(commit=False) as sql:
        rows = sql.rows("SELECT coach FROM dice_counts ORDER BY match_id")
    return [row["coach"] for row in rows]


def test_clean_rows_are_written_as_they_are(app: Touchline) -> None:
    assert written(app, ["Ann", "Öz", "Bea"]) == ["Ann", "Öz", "Bea"]


def test_a_row_with_a_nul_or_a_lone_surrogate_is_cleaned_and_the_others_kept(
    app: Touchline,
) -> None:
    assert written(app, ["Ann", "A\x00nn", "Öz\ud800"]) == ["Ann", "A\ufffdnn", "Öz?"]
