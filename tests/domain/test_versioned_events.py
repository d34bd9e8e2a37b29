"""Stored events are forever: events and action payloads carry versions, and upcasters bring
what an earlier release stored to today's shape as it loads."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

import pytest
from eventsourcing.application import Application

from domain import registry
from domain.actions import ActionCodec
from domain.card_game.ruleset import CardGame
from domain.log import Entry
from domain.match import Author, MatchRecord
from domain.ruleset import JSON, MalformedAction

SETUP = {"home": {"team": "Nankatsu", "coach": "Alice"}, "away": {"team": "Toho", "coach": "Bob"}}
ALICE = Author("alice", "2026-11-30T10:00:00+00:00")


def _renamed(data: Mapping[str, JSON]) -> dict[str, JSON]:
    """Version 1 → 2 of the test release: the toss's `winner` is called `toss_winner`."""
    upgraded = dict(data)
    if upgraded.get("kind") == "toss":
        upgraded["toss_winner"] = upgraded.pop("winner")
    return upgraded


class RenamingRelease(CardGame):
    """The card game as a later release might ship it: one action field renamed, behind an
    upcaster from payload version 1."""

    def __init__(self) -> None:
        super().__init__()
        original = self.codec
        self.codec = ActionCodec(
            (original.class_for(kind) for kind in original.kinds),
            version=2,
            upcasters={1: _renamed},
        )

    def action_from_dict(self, data: Mapping[str, JSON]) -> Any:
        stored = dict(data)
        if stored.get("kind") == "toss":
            stored["winner"] = stored.pop("toss_winner")
        return super().action_from_dict(stored)

    def action_to_dict(self, action: Any) -> dict[str, JSON]:
        return _renamed(super().action_to_dict(action))


@pytest.fixture
def store() -> Application[Any]:
    return Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def _install(release: type[CardGame]) -> None:
    registry.find_ruleset("card-game")  # the built-in games are registered first
    registry.register(release())


@pytest.fixture
def releases() -> Iterator[Callable[[type[CardGame]], None]]:
    """Switch the card game's release; today's is back after the test."""
    yield _install
    _install(CardGame)


def _recorded(store: Application[Any]) -> MatchRecord:
    match = MatchRecord.start("card-game", SETUP, ALICE)
    match.record({"kind": "toss", "winner": "toho"}, ALICE)
    match.annotate(1, "Bob flipped", ALICE)
    store.save(match)
    return match


def test_every_event_declares_its_version() -> None:
    for event_class in (
        MatchRecord.Created,
        MatchRecord.EntryRecorded,
        MatchRecord.EntryRetracted,
        MatchRecord.Annotated,
        MatchRecord.Abandoned,
    ):
        assert isinstance(getattr(event_class, "class_version", None), int), event_class
    assert MatchRecord.EntryRecorded.class_version == 4
    assert MatchRecord.Created.class_version == 3
    assert MatchRecord.class_version == 3  # its snapshots


def test_an_entry_stores_its_action_payload_version(store: Application[Any]) -> None:
    match = _recorded(store)
    stored = store.events.get(match.id)  # type: ignore[attr-defined]
    entries = [e for e in stored if isinstance(e, MatchRecord.EntryRecorded)]
    assert [e.action_version for e in entries] == [1]  # type: ignore[attr-defined]


def test_a_renamed_action_field_loads_through_its_upcaster(
    store: Application[Any], releases: Callable[[type[CardGame]], None]
) -> None:
    """An entry stored as version 1 (`winner`) comes back in the later release's shape."""
    match = _recorded(store)
    before = match.game
    releases(RenamingRelease)

    loaded = store.repository.get(match.id)

    toss = loaded.log[0]
    assert isinstance(toss, Entry)
    assert toss.action == {"kind": "toss", "toss_winner": "toho", "source": "table"}
    assert loaded.game == before
    # What the match records from now on is stored in the new shape, with its version.
    assert loaded.action_version == 2


def test_a_release_without_the_upcaster_refuses_to_start() -> None:
    with pytest.raises(ValueError, match="no upcaster from action payload version"):
        ActionCodec([CardGame().codec.class_for("toss")], version=2)


def test_an_entry_from_a_later_release_is_refused_by_name() -> None:
    codec = CardGame().codec
    with pytest.raises(MalformedAction, match="stored by a later release"):
        codec.upcast({"kind": "toss", "winner": "toho"}, codec.version + 1)


KP_SETUP = {"teams": [{"team": "blue", "coach": "Ann"}, {"team": "green", "coach": "Ben"}]}


def test_a_version_1_entry_gets_its_consequences_worked_out_again(
    store: Application[Any],
) -> None:
    """Entries stored before the consequence vocabulary (no dice among their consequences)
    load with today's: the same words, and the dice the read models count."""
    match = MatchRecord.start("king-of-the-pitch", KP_SETUP, ALICE)
    match.record({"kind": "roll", "team": "blue", "dice": [5]}, ALICE)
    match.record({"kind": "roll", "team": "green", "dice": [2]}, ALICE)
    match.undo(ALICE)
    match.record({"kind": "roll", "team": "green", "dice": [3]}, ALICE)
    store.save(match)
    today = [[c.to_dict() for c in line.consequences] for line in match.effective_entries()]
    assert any(c.silent for line in match.effective_entries() for c in line.consequences)

    transcoder = store.mapper.transcoder
    first_release = []
    for item in store.recorder.select_events(match.id):
        state = transcoder.decode(item.state)
        if "action_version" in state:
            # As the first release stored it: no versions, and only the worded consequences.
            state.pop("class_version", None)
            state.pop("action_version")
            state["consequences"] = [c for c in state["consequences"] if c["text"]]
            item = replace(item, state=transcoder.encode(state))
        first_release.append(item)
    earlier = Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    earlier.recorder.insert_events(first_release)

    loaded = earlier.repository.get(match.id)

    assert [[c.to_dict() for c in line.consequences] for line in loaded.effective_entries()] == (
        today
    )
    assert loaded.game == match.game
