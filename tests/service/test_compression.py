"""Payloads are stored packed (service/compression.py); those earlier releases stored plain
still load, beside packed ones in the same match, and a match written on keeps one snapshot."""

from __future__ import annotations

from uuid import UUID

from domain.match import Author
from service.app import Touchline
from service.compression import PackedJson
from service.config import settings_for_url
from tests.service.test_snapshots import from_events_only, seen
from tests.service.test_stores_from_earlier_releases import MATCHES, release_store

__all__ = ["release_store"]  # the fixture, used by name below


def test_a_payload_packs_smaller_and_unpacks_to_itself() -> None:
    packer = PackedJson()
    payload = (
        b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-01T01:36:37.591730+00:00"},'
        b'"link":null,"previous":"d622c150986421654b03d818c826de0d981bccc15a541b9235937dbba7f620'
        b'11","digest":"dcb55dc16ab7d91ecffdf3a640e35d5d337173b1198a54e8bf2a164aa6056e82","actio'
        b'n":{"kind":"declare","coach":"toho","action":"pass"},"action_version":1,"by":"bench",'
        b'"at":"2026-11-29T21:00:00+00:00","device":"bench","override":null,"violations":[],'
        b'"key":null,"consequences":[],"class_version":3}'
    )
    packed = packer.compress(payload)
    assert packed[:1] == b"\x01" and len(packed) < len(payload) / 2
    assert packer.decompress(packed) == payload
    assert packer.decompress(payload) == payload  # as an earlier release stored it


def test_a_match_of_an_earlier_release_written_on_loads_its_plain_and_packed_events_alike(
    release_store: str, alice: Author
) -> None:
    match = MATCHES["card-game-full-match"]
    match_id = UUID(match["id"])
    app = Touchline(settings_for_url(release_store))
    try:
        assert app.snapshots is not None
        assert len(list(app.snapshots.get(match_id))) == 3  # as the release took them
        for note in range(200 - match["version"]):
            app.annotate(match["id"], 0, f"remark {note}", alice)
        payloads = [event.state[:1] for event in app.recorder.select_events(match_id)]
        assert payloads == [b"{"] * match["version"] + [b"\x01"] * (200 - match["version"])
        snapshots = list(app.snapshots.get(match_id))
        assert [snapshot.originator_version for snapshot in snapshots] == [200]
    finally:
        app.close()
    fresh = Touchline(settings_for_url(release_store))
    try:
        loaded = fresh.load_record(match["id"])
        assert loaded.version == 200
        assert seen(loaded) == seen(from_events_only(fresh, match["id"]))
        assert fresh.get_match(match["id"]).situation == match["situation"]
    finally:
        fresh.close()
