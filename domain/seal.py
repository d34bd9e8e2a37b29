"""The seal of a match record: a hash chain over its events.

Every event of a match carries `previous`, the digest of the event before it (None for the
first), and `digest`, the SHA-256 of its own canonical payload, which includes `previous`.
Changing any stored event, removing one or reordering them breaks the chain at that event
and every digest after it; the digest of the latest event (the match's *seal*) therefore
stands for the whole record. The chain shows that a record was not edited since its seal was
seen (on the match page, in an exported file); it cannot stop someone who may rewrite the
whole store from recomputing every digest, which is why the seal is shown and exported.

The canonical payload is the event's name, its match, its version number and every field it
stores except the library's own timestamp (each line carries its own `at`), written as JSON
with sorted keys, no spaces and UTF-8: the same bytes whoever computes them, from the event
as it is made or from the row it was stored as.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any
from uuid import UUID

# Fields an event carries that the library sets or that the digest cannot cover.
UNSEALED_FIELDS = frozenset(
    {"originator_id", "originator_version", "originator_topic", "timestamp", "digest"}
)


def canonical(payload: Mapping[str, Any]) -> bytes:
    return json.dumps(
        payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain
    ).encode("utf-8")


def digest_of(event: str, match_id: UUID | str, version: int, fields: Mapping[str, Any]) -> str:
    """The digest of one event: `fields` are its stored fields, `previous` among them."""
    payload = {name: value for name, value in fields.items() if name not in UNSEALED_FIELDS}
    payload["_event"] = event
    payload["_match"] = str(match_id)
    payload["_version"] = version
    return hashlib.sha256(canonical(payload)).hexdigest()


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | frozenset | set):
        return list(value)
    if isinstance(value, UUID):
        return str(value)
    raise TypeError(f"cannot seal a {type(value).__name__}")
