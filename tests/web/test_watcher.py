"""The process's one version watcher and the streams it feeds, without a server."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Mapping
from uuid import UUID, uuid4

from service.errors import DatabaseUnavailable
from web.updates import HEARTBEAT, version_event, watched_stream
from web.watcher import VersionWatcher, Watch

# Bounds that only keep a broken test from hanging; nothing is timed.
BOUND_SECONDS = 30.0
POLL = 0.01


class FakeStore:
    """Answers the watcher's lookups from a dict, and remembers what each lookup asked."""

    def __init__(self, versions: dict[UUID, int]) -> None:
        self.versions = versions
        self.asked: list[list[UUID]] = []
        self.gone = False

    def lookup(self, match_ids: Collection[UUID]) -> Mapping[UUID, int]:
        self.asked.append(list(match_ids))
        if self.gone:
            raise DatabaseUnavailable("cannot use the database at sqlite:///x: disk I/O error")
        return {match_id: self.versions[match_id] for match_id in match_ids}


async def _until(condition: Callable[[], bool]) -> None:
    async with asyncio.timeout(BOUND_SECONDS):
        while not condition():
            await asyncio.sleep(POLL)


def test_streams_on_the_same_matches_share_one_lookup_per_poll() -> None:
    first, second = uuid4(), uuid4()
    store = FakeStore({first: 1, second: 7})

    async def scenario() -> None:
        watcher = VersionWatcher(store.lookup, POLL)
        watches = [watcher.watch(first, 1) for _ in range(5)]
        watches += [watcher.watch(second, 7) for _ in range(3)]
        await _until(lambda: watcher.polls >= 3)
        assert watcher.watching == 8
        watcher.close()

    asyncio.run(scenario())
    assert len(store.asked) >= 3
    # One query per poll, naming each watched match once, however many streams watch it.
    for asked in store.asked:
        assert sorted(asked) == sorted([first, second])


def test_a_new_version_reaches_every_watch_on_its_match_only() -> None:
    moved, quiet = uuid4(), uuid4()
    store = FakeStore({moved: 1, quiet: 3})

    async def scenario() -> None:
        watcher = VersionWatcher(store.lookup, POLL)
        on_moved = [watcher.watch(moved, 1) for _ in range(4)]
        on_quiet = [watcher.watch(quiet, 3) for _ in range(2)]
        store.versions[moved] = 2
        await asyncio.gather(*(watch.wait(BOUND_SECONDS) for watch in on_moved))
        assert [watch.version for watch in on_moved] == [2, 2, 2, 2]
        assert [watch.version for watch in on_quiet] == [3, 3]
        watcher.close()

    asyncio.run(scenario())


def test_the_store_going_away_ends_every_watch_and_the_watcher_recovers() -> None:
    match_id = uuid4()
    store = FakeStore({match_id: 1})

    async def scenario() -> None:
        watcher = VersionWatcher(store.lookup, POLL)
        watches = [watcher.watch(match_id, 1) for _ in range(3)]
        store.gone = True
        await _until(lambda: all(watch.ended for watch in watches))
        assert watcher.watching == 0
        # The store is back: a stream opened now is followed again.
        store.gone = False
        store.versions[match_id] = 2
        again = watcher.watch(match_id, 1)
        await again.wait(BOUND_SECONDS)
        assert again.version == 2 and not again.ended
        watcher.close()

    asyncio.run(scenario())


def test_a_forgotten_watch_is_no_longer_asked_about() -> None:
    kept, left = uuid4(), uuid4()
    store = FakeStore({kept: 1, left: 1})

    async def scenario() -> None:
        watcher = VersionWatcher(store.lookup, POLL)
        watcher.watch(kept, 1)
        watcher.forget(watcher.watch(left, 1))
        await _until(lambda: watcher.polls >= 2)
        watcher.close()

    asyncio.run(scenario())
    assert all(asked == [kept] for asked in store.asked)


async def _collect(
    watch: Watch, lasting: float, heartbeat: float, count: int, first: float | None = None
) -> list[str]:
    texts: list[str] = []
    async with asyncio.timeout(BOUND_SECONDS):
        async for text in watched_stream(
            watch, lasting, heartbeat=heartbeat, first_heartbeat=first
        ):
            texts.append(text)
            if len(texts) == count:
                break
    return texts


def test_a_stream_sends_each_new_version_once() -> None:
    async def scenario() -> list[str]:
        watch = Watch(uuid4(), 1)

        async def moves() -> None:
            for version in (2, 3):
                await asyncio.sleep(POLL)
                watch.see(version)
                watch.see(version)  # seen again on the next poll: nothing new

        mover = asyncio.ensure_future(moves())
        texts = await _collect(watch, BOUND_SECONDS, BOUND_SECONDS, 2)
        await mover
        return texts

    assert asyncio.run(scenario()) == [version_event(2), version_event(3)]


def test_a_quiet_stream_sends_heartbeats() -> None:
    texts = asyncio.run(_collect(Watch(uuid4(), 1), BOUND_SECONDS, 0.01, 3))
    assert texts == [HEARTBEAT] * 3


def test_streams_opened_together_can_beat_at_different_moments() -> None:
    # Opened together, a stream due early beats first although the interval is long.
    texts = asyncio.run(_collect(Watch(uuid4(), 1), BOUND_SECONDS, BOUND_SECONDS * 10, 1, 0.01))
    assert texts == [HEARTBEAT]


def test_a_stream_ends_after_its_lifetime() -> None:
    async def scenario() -> list[str]:
        return await _collect(Watch(uuid4(), 1), 0.05, BOUND_SECONDS, 100)

    assert asyncio.run(scenario()) == []


def test_a_stream_ends_when_its_watch_ends() -> None:
    async def scenario() -> list[str]:
        watch = Watch(uuid4(), 1)
        asyncio.get_running_loop().call_later(POLL, watch.end)
        return await _collect(watch, BOUND_SECONDS, BOUND_SECONDS, 100)

    assert asyncio.run(scenario()) == []
