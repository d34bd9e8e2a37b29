"""One watcher per web process follows every match that an open live page waits on.

Each open stream registers a `Watch` on its match. Once per poll interval the watcher asks the
store for the versions of all watched matches in one query (on a thread of its own, so it
never waits behind page requests) and wakes the watches whose match moved. A thousand open
pages on a hundred matches thus cost one query per interval, and no thread waits on any of
them: a waiting stream is only an asyncio task.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection, Mapping
from concurrent.futures import ThreadPoolExecutor
from uuid import UUID

from service.errors import TouchlineError

log = logging.getLogger(__name__)

# Asks the store for the newest version of each match (one query, blocking).
Lookup = Callable[[Collection[UUID]], Mapping[UUID, int]]


class Watch:
    """One stream's view of its match: the newest version seen, and whether it must end."""

    def __init__(self, match_id: UUID, version: int) -> None:
        self.match_id = match_id
        self.version = version
        self.ended = False
        self._woken = asyncio.Event()

    async def wait(self, seconds: float) -> None:
        """Until the version changes, the watch ends, or `seconds` pass."""
        try:
            async with asyncio.timeout(seconds):
                await self._woken.wait()
        except TimeoutError:
            pass
        self._woken.clear()

    def see(self, version: int) -> None:
        if version != self.version:
            self.version = version
            self._woken.set()

    def end(self) -> None:
        self.ended = True
        self._woken.set()


class VersionWatcher:
    def __init__(self, lookup: Lookup, poll_seconds: float) -> None:
        self._lookup = lookup
        self.poll_seconds = poll_seconds
        self._watches: dict[UUID, set[Watch]] = {}
        self._poller: asyncio.Task[None] | None = None
        self._executor: ThreadPoolExecutor | None = None
        # Queries made so far: what "one query per interval, however many streams" is checked by.
        self.polls = 0

    def watch(self, match_id: UUID, version: int) -> Watch:
        """Follow a match from `version` on; call `forget` when the stream ends."""
        watch = Watch(match_id, version)
        self._watches.setdefault(match_id, set()).add(watch)
        if self._poller is None or self._poller.done():
            self._poller = asyncio.get_running_loop().create_task(self._poll())
        return watch

    def forget(self, watch: Watch) -> None:
        watches = self._watches.get(watch.match_id)
        if watches is not None:
            watches.discard(watch)
            if not watches:
                del self._watches[watch.match_id]

    @property
    def watching(self) -> int:
        return sum(len(watches) for watches in self._watches.values())

    def end_all(self) -> None:
        """End every open stream (the store went away, or the server stops)."""
        for watches in self._watches.values():
            for watch in watches:
                watch.end()
        self._watches.clear()

    def close(self) -> None:
        self.end_all()
        if self._executor is not None:
            self._executor.shutdown(wait=False)
            self._executor = None

    async def _poll(self) -> None:
        # Runs while anything is watched; the next `watch` starts it again.
        while self._watches:
            await asyncio.sleep(self.poll_seconds)
            match_ids = list(self._watches)
            if not match_ids:
                break
            try:
                versions = await self._ask(match_ids)
            except TouchlineError as error:
                # The browsers retry on their own; a fresh stream first checks that the store
                # answers again (503 until it does).
                log.warning("live updates stopped: %s", error)
                self.end_all()
                continue
            except Exception:
                log.exception("live updates stopped: the version lookup failed")
                self.end_all()
                continue
            for match_id, version in versions.items():
                for watch in self._watches.get(match_id, ()):
                    watch.see(version)

    async def _ask(self, match_ids: list[UUID]) -> Mapping[UUID, int]:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-updates")
        self.polls += 1
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self._lookup, match_ids)
