"""Dice: every die in force, by match, coach, die type (faces), face shown, source (the table
or the app) and, for the table's, the physical die the scorer named ('' when unnamed)."""

from __future__ import annotations

from service.projections.database import Sql
from service.projections.views import Batch, counted, replace_match_rows

DICE_COLUMNS = ("match_id", "coach", "faces", "face", "source", "die", "rolls")


class DiceRolls:
    name = "dice"
    description = "every recorded die by coach and die type, for distributions and fairness"
    tables: tuple[str, ...] = ("dice_counts",)
    # 3: the named die (`die`).
    version = 3

    def create(self, sql: Sql) -> None:
        sql.run(
            "CREATE TABLE IF NOT EXISTS dice_counts (match_id TEXT NOT NULL, "
            "coach TEXT NOT NULL, faces INTEGER NOT NULL, face INTEGER NOT NULL, "
            "source TEXT NOT NULL, die TEXT NOT NULL, rolls INTEGER NOT NULL, "
            "PRIMARY KEY (match_id, coach, faces, face, source, die))"
        )

    def apply(self, sql: Sql, batch: Batch) -> None:
        rows: list[tuple[object, ...]] = []
        replace_match_rows(sql, "dice_counts", [str(m.id) for m, _ in batch.matches])
        for match, contribution in counted(batch):
            match_id = str(match.id)
            rows.extend(
                (match_id, coach, faces, face, source, die, rolls)
                for (coach, faces, face, source, die), rolls in contribution.dice.items()
            )
        sql.insert("dice_counts", DICE_COLUMNS, rows)
