"""Verifying a match's sealed record (domain.seal): its events read as they are stored.

Verification reads the stored rows themselves, never a snapshot and never the loaded
aggregate: each row's bytes are decoded as the application's mapper would (decrypted and
decompressed when the store is set up so, then transcoded), but not upcast, for a digest
covers the fields as they were written. An event whose bytes cannot be decoded, or whose
topic names no class, is reported as broken there rather than failing the check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import resolve_topic

from domain.phrase import phrase
from service.errors import MatchNotFound
from service.store import StoreApplication

# Verifying is not part of reading or writing a match: a command at the table never loads
# the verifier's report values (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from domain.seal import SealReport, StoredFacts


class SealQueries(StoreApplication):
    def verify_match(self, ref: str) -> SealReport:
        """Recompute the hash chain of a match's stored events: intact, with its seal, or the
        first event that breaks it."""
        from domain.seal import verify

        match_id = self.resolve(ref)
        with self._storage():
            stored = self.recorder.select_events(match_id)
        if not stored:
            raise MatchNotFound(phrase("no match with id {match}", match=match_id))
        return verify(match_id, [self._facts(event) for event in stored])

    def _facts(self, stored: StoredEvent) -> StoredFacts:
        from domain.seal import StoredFacts

        name = stored.topic.rpartition(".")[2]
        try:
            sealed_since = int(getattr(resolve_topic(stored.topic), "sealed_since", 1))
        except Exception:  # a topic edited into anything at all
            return StoredFacts(stored.originator_version, name, None, sealed=True)
        fields = self._stored_fields(stored)
        if fields is None:
            return StoredFacts(stored.originator_version, name, None, sealed=True)
        class_version = fields.pop("class_version", 1)
        sealed = not isinstance(class_version, int) or class_version >= sealed_since
        return StoredFacts(stored.originator_version, name, fields, sealed)

    def _stored_fields(self, stored: StoredEvent) -> dict[str, Any] | None:
        mapper = self.mapper
        state = stored.state
        try:
            if mapper.cipher:
                state = mapper.cipher.decrypt(state)
            if mapper.compressor:
                state = mapper.compressor.decompress(state)
            fields = mapper.transcoder.decode(state)
        except Exception:  # bytes edited into anything at all
            return None
        return fields if isinstance(fields, dict) else None
