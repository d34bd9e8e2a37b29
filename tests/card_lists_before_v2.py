"""A card list as releases before `CardsRecorded` version 2 stored it: the cards an entry
taught it, with no word of the match (docs/events.md). Shared by the CLI and the API tests."""

from __future__ import annotations

from collections.abc import Sequence

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from domain.card_list import FROM_ENTRY, CardList
from domain.printed import PrintedCard
from service.app import Touchline


def store_learned_before_v2(
    app: Touchline, cards: Sequence[PrintedCard], by: str, at: str, league: str | None = None
) -> None:
    """Store `cards` in the card-game list of `league` (None: the installation's) as learned
    from an entry, written the way version 1 was: no `match`, no `class_version`."""
    card_list = CardList.create("card-game", league)
    card_list.record(cards, FROM_ENTRY, by, at)
    mapper = app.mapper
    rows = []
    for event in card_list.collect_events():
        state = dict(vars(event))
        originator_id, version = state.pop("originator_id"), state.pop("originator_version")
        if isinstance(event, CardList.CardsRecorded):
            del state["match"]
        data = mapper.transcoder.encode(state)
        if mapper.compressor:
            data = mapper.compressor.compress(data)
        if mapper.cipher:
            data = mapper.cipher.encrypt(data)
        rows.append(StoredEvent(originator_id, version, get_topic(type(event)), data))
    app.recorder.insert_events(rows)
