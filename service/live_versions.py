"""The newest version of many matches in one query: what open live pages wait for.

A web process follows every match that some page watches by asking for all of their versions
at once, once per poll interval, so that a thousand open pages cost one small query a second
rather than a thousand. Each match's version is its newest stored event, found through the
event table's primary key (match id, version) without reading the match's other events.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from uuid import UUID

from service.store import StoreApplication

# SQLite reads the ids from one JSON array, so no statement outgrows its variable limit.
_SQLITE = (
    "SELECT watched.value AS match_id, "
    "(SELECT originator_version FROM {table} WHERE originator_id = watched.value "
    "ORDER BY originator_version DESC LIMIT 1) AS version "
    "FROM json_each(?) AS watched"
)
_POSTGRES = (
    "SELECT watched.id AS match_id, "
    "(SELECT originator_version FROM {table} WHERE originator_id = watched.id "
    "ORDER BY originator_version DESC LIMIT 1) AS version "
    "FROM unnest(%s::uuid[]) AS watched(id)"
)


class LiveVersions(StoreApplication):
    def newest_versions(self, match_ids: Collection[UUID]) -> dict[UUID, int]:
        """Each known match's version; an id with no stored event is left out.

        Raises DatabaseUnavailable when the store does not answer."""
        if not match_ids:
            return {}
        from service.projections.database import ViewDatabase

        database = ViewDatabase(self)
        table = self.recorder.events_table_name  # type: ignore[attr-defined]
        ids: object
        if database.postgres:
            statement, ids = _POSTGRES.format(table=table), list(match_ids)
        else:
            # The SQLite recorder stores ids as 32 hex digits.
            statement = _SQLITE.format(table=table)
            ids = json.dumps([match_id.hex for match_id in match_ids])
        with self._storage(), database.transaction(commit=False) as sql:
            rows = sql.rows(statement, (ids,))
        return {
            _uuid(row["match_id"]): int(row["version"])
            for row in rows
            if row["version"] is not None
        }


def _uuid(value: UUID | str) -> UUID:
    return value if isinstance(value, UUID) else UUID(value)
