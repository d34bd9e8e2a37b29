"""A card list keeps, for each card, how its values came in: the match whose entry taught it,
or an imported file; lists recorded before it kept the match load with none."""

from __future__ import annotations

from typing import Any

from eventsourcing.application import Application
from eventsourcing.persistence import StoredEvent

from domain.card_list import FROM_ENTRY, FROM_FILE, CardList, Learned
from domain.printed import PrintedCard

AT = "2026-11-29T20:00:00+00:00"
HYUGA = PrintedCard("Kojiro Hyuga", (3, 1, 0), "toho")
OZORA = PrintedCard("Tsubasa Ozora", (3, 3, 1), "nankatsu")


def popo() -> Application[Any]:
    return Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def test_each_card_keeps_the_recording_its_values_came_from() -> None:
    cards = CardList.create("card-game", None)
    cards.record([HYUGA], FROM_ENTRY, "alice", AT, "link-1", "match-1")
    cards.record([OZORA, HYUGA], FROM_FILE, "olga", AT, "link-2")
    # A file naming a card with the values the list holds changes nothing, nor where it came from.
    assert cards.learned_of("kojiro hyuga") == Learned(FROM_ENTRY, "alice", AT, "link-1", "match-1")
    assert cards.learned_of("Tsubasa Ozora") == Learned(FROM_FILE, "olga", AT, "link-2", None)
    cards.record([PrintedCard("Kojiro Hyuga", (4, 1, 0), "toho")], FROM_FILE, "olga", AT)
    assert cards.learned_of("Kojiro Hyuga") == Learned(FROM_FILE, "olga", AT, None, None)


def test_cards_recorded_at_version_1_load_with_no_match() -> None:
    """`CardsRecorded` version 1 (before a list kept the match) is upcast with none."""
    written = popo()
    cards = CardList.create("card-game", "Spring Cup")
    cards.record([HYUGA], FROM_ENTRY, "alice", AT, "link-1", "match-1")
    written.save(cards)
    transcoder = written.mapper.transcoder
    rows = []
    for row in written.recorder.select_events(cards.id):  # type: ignore[attr-defined]
        state = transcoder.decode(row.state)
        if row.topic.endswith("CardsRecorded"):
            assert state.pop("match") == "match-1" and state["class_version"] == 2
            state["class_version"] = 1
        rows.append(
            StoredEvent(
                row.originator_id, row.originator_version, row.topic, transcoder.encode(state)
            )
        )
    release = popo()
    release.recorder.insert_events(rows)  # type: ignore[attr-defined]
    loaded = release.repository.get(cards.id)
    assert loaded.library().find("Kojiro Hyuga") == HYUGA
    assert loaded.learned_of("Kojiro Hyuga") == Learned(FROM_ENTRY, "alice", AT, "link-1", None)
