"""The match record: one event-sourced aggregate per recorded game session.

The aggregate keeps the log of entries exactly as they were made. It asks the game's ruleset
whether an entry is legal before recording it (decide once) and, when its events are replayed
from the store, applies them without judging them again (apply forever). The folded game state
is a cache: it is never stored, and is rebuilt from the log when missing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from eventsourcing.domain import Aggregate, event
from eventsourcing.domain import Snapshot as _Snapshot

from domain.registry import find_ruleset
from domain.ruleset import JSON, Consequence, MalformedAction, Outcome, Result, Ruleset, Violation
from domain.text import (
    KEY_LIMIT,
    NAME_LIMIT,
    NOTE_LIMIT,
    REASON_LIMIT,
    BadText,
    check_setup_text,
    checked_text,
    trimmed,
)

# Attributes that hold caches rebuilt from the log; snapshots leave them out.
_TRANSIENT = ("_game", "_pending")


class RuleBroken(Exception):
    """An entry that breaks the rules and was not recorded."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        super().__init__("; ".join(str(v) for v in violations))
        self.violations = tuple(violations)


class NothingToUndo(Exception):
    """Undo on a match whose log holds no entry that is still in force."""


class MatchAbandoned(Exception):
    """An entry, undo or second abandonment on a match that was abandoned."""


class BadAnnotation(ValueError):
    """An annotation with no text, too much text, or on an entry that is not in force."""


class KeyReused(ValueError):
    """An idempotency key already used for a different request: it records nothing."""


# Annotations are remarks, not essays; the bound keeps a page and a match file readable.
ANNOTATION_LIMIT = NOTE_LIMIT


def version_after(line: Mapping[str, JSON]) -> int:
    """The match's version once `line` was written: the creation is version 1 and every log
    line is exactly one event after it."""
    return cast(int, line["number"]) + 1


@dataclass(frozen=True)
class Author:
    """Who made an entry, when (ISO 8601 with offset) and from which device."""

    by: str
    at: str
    device: str | None = None

    def checked(self) -> Author:
        """The author with their name and device checked as new input."""
        device = None if self.device is None else checked_text(self.device, "device", KEY_LIMIT)
        return Author(checked_text(self.by, "the scorer's name", NAME_LIMIT), self.at, device)


def _checked_key(key: str | None) -> str | None:
    return None if key is None else checked_text(key, "the idempotency key", KEY_LIMIT)


class MatchRecord(Aggregate):
    class Snapshot(_Snapshot):
        @classmethod
        def take(cls, aggregate: Any) -> MatchRecord.Snapshot:
            snapshot = super().take(aggregate)
            for name in _TRANSIENT:
                snapshot.state.pop(name, None)
            return snapshot

    # Class-level defaults: matches created (and snapshots taken) before leagues and
    # abandonment existed load without these attributes.
    league: str | None = None
    abandonment: dict[str, JSON] | None = None

    @classmethod
    def start(
        cls,
        ruleset: str,
        setup: dict[str, JSON],
        author: Author,
        league: str | None = None,
    ) -> MatchRecord:
        """A new match, its settings and names checked as new input (BadText if refused)."""
        author = author.checked()
        check_setup_text(setup)
        if league is not None:
            league = checked_text(league, "the league's name", NAME_LIMIT)
        return cls(ruleset, setup, author.by, author.at, league)

    @event("Created")
    def __init__(
        self,
        ruleset: str,
        setup: dict[str, JSON],
        created_by: str,
        created_at: str,
        league: str | None = None,
    ) -> None:
        self.ruleset_name = ruleset
        self.league = league
        self.setup = setup
        self.created_by = created_by
        self.created_at = created_at
        # Each line of the log is a plain dict (see `_line`), in the order it was made.
        self.log: list[dict[str, JSON]] = []
        self.keys: dict[str, int] = {}

    # -- reading -------------------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        return find_ruleset(self.ruleset_name)

    @property
    def game(self) -> Any:
        """The game state after every entry still in force."""
        cached = getattr(self, "_game", None)
        if cached is None:
            cached = self.state_at(None)
            self._game = cached
        return cached

    def folded_game(self) -> Any | None:
        """The game state if it has been worked out already, without working it out."""
        return getattr(self, "_game", None)

    def reuse_game(self, state: Any) -> None:
        """Take a game state folded earlier from this very log (same match, same version), so
        that loading a long match does not replay every entry again. Game states are
        immutable, so one may be shared between loads."""
        self._game = state

    def effective_entries(self) -> list[dict[str, JSON]]:
        """The entries still in force (not retracted), in order: the steps of a replay."""
        return [line for line in self.log if line["type"] == "entry" and not line["retracted"]]

    def state_at(self, step: int | None) -> Any:
        """The game state after the first `step` entries in force (all when None)."""
        rules = self.ruleset
        state = rules.initial_state(rules.make_setup(self.setup))
        entries = self.effective_entries()
        for line in entries if step is None else entries[:step]:
            state = rules.apply(
                state, rules.action_from_dict(cast(dict[str, JSON], line["action"]))
            ).state
        return state

    def result(self) -> Result | None:
        return self.ruleset.result(self.game)

    def entry_for_key(self, key: str) -> dict[str, JSON] | None:
        number = self.keys.get(key)
        return None if number is None else self.log[number - 1]

    # -- idempotency ---------------------------------------------------------------------
    # A request retried with its idempotency key gets the line it wrote the first time; the
    # same key on a different request is refused, or a retry could silently stand in for a
    # request that was never recorded.

    def earlier_entry(
        self, key: str | None, action: Mapping[str, JSON], drawn: bool = False
    ) -> dict[str, JSON] | None:
        """The entry written under `key`, if it records this very action.

        With `drawn`, the fields the request left out were the app's to fill by chance: they
        are compared as the app filled them the first time.
        """

        def same(line: dict[str, JSON]) -> bool:
            recorded = cast(dict[str, JSON], line["action"])
            asked = {**recorded, **action} if drawn else dict(action)
            rules = self.ruleset
            try:
                canonical = rules.action_to_dict(rules.action_from_dict(asked))
            except MalformedAction:
                return False
            return canonical == recorded

        return self._earlier(key, "entry", same)

    def earlier_retraction(self, key: str | None) -> dict[str, JSON] | None:
        return self._earlier(key, "retraction", lambda line: True)

    def earlier_annotation(self, key: str | None, on: int, text: str) -> dict[str, JSON] | None:
        def same(line: dict[str, JSON]) -> bool:
            return bool(line["on"] == on and line["text"] == trimmed(text, multiline=True))

        return self._earlier(key, "annotation", same)

    def _earlier(
        self, key: str | None, kind: str, same: Callable[[dict[str, JSON]], bool]
    ) -> dict[str, JSON] | None:
        line = None if key is None else self.entry_for_key(key)
        if line is None:
            return None
        if line["type"] != kind or not same(line):
            raise KeyReused(
                f"the idempotency key {key!r} was used for line {line['number']} "
                f"({_described(line)}): a different request needs a new key"
            )
        return line

    # -- deciding ------------------------------------------------------------------------

    def judge(self, action: Mapping[str, JSON]) -> tuple[Any, tuple[Violation, ...]]:
        """Parse an action and list the rules it would break now, without recording it."""
        rules = self.ruleset
        parsed = rules.action_from_dict(action)
        return parsed, rules.check(self.game, parsed)

    def record(
        self,
        action: Mapping[str, JSON],
        author: Author,
        override: str | None = None,
        key: str | None = None,
    ) -> dict[str, JSON]:
        """Record an entry if it is legal, or if the table overrides its violations.

        Raises RuleBroken when a rule is broken and no override reason is given, or when the
        entry cannot be applied at all in the current state.
        """
        earlier = self.earlier_entry(key, action)
        if earlier is not None:
            return earlier
        self._refuse_if_abandoned()
        author, key = author.checked(), _checked_key(key)
        if override is not None and override.strip():
            override = checked_text(override, "the override reason", REASON_LIMIT)
        parsed, violations = self.judge(action)
        _check_action_text(self.ruleset.action_to_dict(parsed))
        blocking = [v for v in violations if not v.overridable]
        if blocking or (violations and not (override and override.strip())):
            raise RuleBroken(blocking or violations)
        rules = self.ruleset
        outcome = rules.apply(self.game, parsed)
        self._pending: Outcome[Any] | None = outcome
        self._record_entry(
            action=rules.action_to_dict(parsed),
            by=author.by,
            at=author.at,
            device=author.device,
            override=override.strip() if violations and override else None,
            violations=[v.to_dict() for v in violations],
            key=key,
            consequences=[c.to_dict() for c in outcome.consequences],
        )
        return self.log[-1]

    def undo(self, author: Author, key: str | None = None) -> dict[str, JSON]:
        """Retract the latest entry still in force; nothing is deleted."""
        earlier = self.earlier_retraction(key)
        if earlier is not None:
            return earlier
        self._refuse_if_abandoned()
        author, key = author.checked(), _checked_key(key)
        entries = self.effective_entries()
        if not entries:
            raise NothingToUndo("there is no entry to undo")
        self._retract(
            retracts=cast(int, entries[-1]["number"]),
            by=author.by,
            at=author.at,
            device=author.device,
            key=key,
        )
        return self.log[-1]

    def abandon(self, author: Author, reason: str) -> dict[str, JSON]:
        """Stop the match for good: it counts in no standings and takes no more entries."""
        self._refuse_if_abandoned()
        if not reason.strip():
            raise BadText("say why the match is abandoned")
        reason = checked_text(reason, "the reason", REASON_LIMIT)
        author = author.checked()
        self._abandon(reason=reason, by=author.by, at=author.at, device=author.device)
        return self.log[-1]

    def annotate(
        self, on: int, text: str, author: Author, key: str | None = None
    ) -> dict[str, JSON]:
        """Attach a plain-text remark to an entry in force (`on` is its number; 0 is the
        kick-off, before any entry). Abandoned matches take annotations too: disputes and
        rulings are often written after the fact."""
        earlier = self.earlier_annotation(key, on, text)
        if earlier is not None:
            return earlier
        if not text.strip():
            raise BadAnnotation("an annotation needs some text")
        try:
            text = checked_text(text, "an annotation", NOTE_LIMIT, multiline=True)
        except BadText as error:
            raise BadAnnotation(str(error)) from None
        author, key = author.checked(), _checked_key(key)
        in_force = {line["number"] for line in self.effective_entries()}
        if on != 0 and on not in in_force:
            raise BadAnnotation(f"there is no entry {on} in force to annotate")
        self._annotate(on=on, text=text, by=author.by, at=author.at, device=author.device, key=key)
        return self.log[-1]

    def annotations(self) -> list[dict[str, JSON]]:
        """Every annotation, in order, each on the entry it was made on (0: the kick-off).

        An entry undone later keeps its notes: they are often the very reason it was undone.
        """
        return [line for line in self.log if line["type"] == "annotation"]

    def _refuse_if_abandoned(self) -> None:
        if self.abandonment is not None:
            raise MatchAbandoned(
                f"the match was abandoned ({self.abandonment['reason']}): it takes no more entries"
            )

    # -- events --------------------------------------------------------------------------

    @event("Abandoned")
    def _abandon(self, reason: str, by: str, at: str, device: str | None) -> None:
        line = self._line("abandonment", by, at, device, None)
        line["reason"] = reason
        self._append(line)
        self.abandonment = {"reason": reason, "by": by, "at": at}

    @event("Annotated")
    def _annotate(
        self, on: int, text: str, by: str, at: str, device: str | None, key: str | None
    ) -> None:
        line = self._line("annotation", by, at, device, key)
        line.update(on=on, text=text)
        self._append(line)

    @event("EntryRecorded")
    def _record_entry(
        self,
        action: dict[str, JSON],
        by: str,
        at: str,
        device: str | None,
        override: str | None,
        violations: list[dict[str, JSON]],
        key: str | None,
        consequences: list[dict[str, JSON]],
    ) -> None:
        line = self._line("entry", by, at, device, key)
        line.update(
            action=action, override=override, violations=violations, consequences=consequences
        )
        self._append(line)
        pending: Outcome[Any] | None = getattr(self, "_pending", None)
        self._pending = None
        cached = getattr(self, "_game", None)
        if pending is not None:
            self._game = pending.state
        elif cached is not None:
            rules = self.ruleset
            self._game = rules.apply(cached, rules.action_from_dict(action)).state

    @event("EntryRetracted")
    def _retract(
        self, retracts: int, by: str, at: str, device: str | None, key: str | None
    ) -> None:
        line = self._line("retraction", by, at, device, key)
        line["retracts"] = retracts
        self.log[retracts - 1]["retracted"] = True
        self._append(line)
        self._game = None

    def _line(
        self, kind: str, by: str, at: str, device: str | None, key: str | None
    ) -> dict[str, JSON]:
        return {
            "number": len(self.log) + 1,
            "type": kind,
            "by": by,
            "at": at,
            "device": device,
            "key": key,
            "retracted": False,
        }

    def _append(self, line: dict[str, JSON]) -> None:
        self.log.append(line)
        if line["key"] is not None:
            self.keys[cast(str, line["key"])] = cast(int, line["number"])


def _check_action_text(action: Mapping[str, JSON]) -> None:
    """Every text an entry carries (card and player names) is a name, checked as new input."""
    kind = action["kind"]
    for name, value in action.items():
        if name == "kind":
            continue
        if isinstance(value, str):
            checked_text(value, f"{kind}: {name}", NAME_LIMIT)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, str):
                    checked_text(item, f"{kind}: {name}", NAME_LIMIT)


def _described(line: Mapping[str, JSON]) -> str:
    if line["type"] == "entry":
        return f"a {cast(dict[str, JSON], line['action'])['kind']} entry"
    if line["type"] == "retraction":
        return f"an undo of entry {line['retracts']}"
    return f"an {line['type']}"


def consequences_of(line: Mapping[str, JSON]) -> tuple[Consequence, ...]:
    """The consequences stored with an entry, as values."""
    stored = cast(list[dict[str, Any]], line.get("consequences") or [])
    return tuple(Consequence(c["kind"], c["text"], c.get("data", {})) for c in stored)
