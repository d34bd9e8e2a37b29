"""Judging a match again after a correction deep in its past.

A correction puts another entry at the place of entry N. Every entry in force after that
place was judged against a history that no longer holds, so each is judged again, in order,
against the corrected one. An entry that became illegal is listed with the rules it now breaks;
the corrector decides, per entry, to keep it (recorded as an override, the correction's reason
as the table's reason) or to take it out of force. Until every such entry has a decision the
correction records nothing (`DecisionsNeeded` lists them), and where one decision changes what
follows, the list is worked out again with it.

Given the card lists the match reads (`cards`), each later entry's printed values are judged
again too (domain/printed.py): correcting the first entry of a card changes the values its
later entries are checked against. Only what the correction changed counts: an entry that
typed the same values against the same record before the correction (an override the table
made then, or a match written before values were checked) is judged as it was.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.consequences import Consequence
from domain.log import Entry
from domain.phrase import commas, phrase, said_by, semicolons
from domain.printed import CardLibrary, printed_violation
from domain.ruleset import MalformedAction, Outcome, Ruleset, Violation

KEEP, WITHDRAW = "keep", "withdraw"


@dataclass(frozen=True)
class BecameIllegal:
    """An entry in force after the corrected one that breaks rules against the new history."""

    number: int
    kind: str
    violations: tuple[Violation, ...]

    @property
    def keepable(self) -> bool:
        """Only rules the table may override can be kept as an override."""
        return all(v.overridable for v in self.violations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "kind": self.kind,
            "violations": [v.to_dict() for v in self.violations],
            "keepable": self.keepable,
        }


class DecisionsNeeded(Exception):
    """Entries after the corrected one became illegal and nobody said what to do with them."""

    def __init__(self, illegal: Sequence[BecameIllegal]) -> None:
        listed = ""
        for i in illegal:
            said = phrase(
                "entry {entry} ({kind}): {rules}",
                entry=i.number,
                kind=i.kind,
                rules=", ".join(v.rule for v in i.violations),
            )
            listed = semicolons([listed, said]) if listed else said
        super().__init__(
            phrase(
                "entries after the correction became illegal, keep or withdraw each: {listed}",
                listed=listed,
            )
        )
        self.illegal = tuple(illegal)


class BadDecision(ValueError):
    """A decision the corrector may not take: keep an entry whose rule cannot be overridden,
    or decide about an entry that is not in force after the corrected one."""


@dataclass(frozen=True)
class ValuesJudged:
    """Whose printed values a correction judges (domain/printed.py), against the match's own
    and `cards` (a card list's; possibly none): the corrected entry's when `own`, and those of
    the later entries `later` numbers (None: every one). A correction made now judges all;
    a match file's import only where the file says the table overrode a rule."""

    cards: CardLibrary
    own: bool = True
    later: Container[int] | None = None


@dataclass(frozen=True)
class Rejudged:
    """The corrected history: what the corrected entry does, and what became of every entry
    after it."""

    outcome: Outcome[Any]
    violations: tuple[Violation, ...]
    # Entries kept although illegal now, with the rules they break.
    kept: tuple[tuple[int, tuple[Violation, ...]], ...]
    withdrawn: tuple[int, ...]
    # Entries whose consequences are not what they were (a goal that no longer is, a score).
    rederived: tuple[tuple[int, tuple[Consequence, ...]], ...]
    final_state: Any


def fold(rules: Ruleset, state: Any, entries: Sequence[Entry]) -> Any:
    for entry in entries:
        state = rules.apply(state, rules.action_from_dict(entry.action)).state
    return state


def corrected_history(
    rules: Ruleset,
    state_before: Any,
    corrected: Any,
    violations: tuple[Violation, ...],
    after: Sequence[Entry],
    decisions: Mapping[int, str],
    values: ValuesJudged | None = None,
    replaced: Entry | None = None,
) -> Rejudged:
    """Apply the corrected action at its place, then judge each later entry again.

    `state_before` is the state at the corrected entry's place, `corrected` its parsed action
    (already found legal, or its violations overridden), `after` the entries in force after it.
    With `values` (ValuesJudged) and the `replaced` entry, the later entries' printed values
    are judged again as well, against the history as it was and as it is now.
    """
    numbers = {entry.number for entry in after}
    for number, given in decisions.items():
        if number not in numbers:
            raise BadDecision(
                phrase(
                    "entry {entry} is not an entry in force after the corrected one", entry=number
                )
            )
        if given not in (KEEP, WITHDRAW):
            raise BadDecision(
                phrase(
                    "entry {entry}: decide {keep} or {withdraw}, not {given}",
                    entry=number,
                    keep=repr(KEEP),
                    withdraw=repr(WITHDRAW),
                    given=repr(given),
                )
            )
    outcome = rules.apply(state_before, corrected)
    state = outcome.state
    undecided: list[BecameIllegal] = []
    kept: list[tuple[int, tuple[Violation, ...]]] = []
    withdrawn: list[int] = []
    rederived: list[tuple[int, tuple[Consequence, ...]]] = []
    printed = rules.printed
    as_it_was = (
        None
        if values is None or replaced is None or printed is None
        else _AsItWas(rules, state_before, replaced, after, values.cards)
    )
    for place, entry in enumerate(after):
        try:
            action = rules.action_from_dict(entry.action)
            now_broken = rules.check(state, action)
        except MalformedAction as error:
            now_broken = (Violation("", said_by(error), overridable=False),)
            action = None
        if (
            as_it_was is not None
            and printed is not None
            and entry.kind in printed.kinds
            and action is not None
            and all(v.overridable for v in now_broken)
            and values is not None
            and (values.later is None or entry.number in values.later)
        ):
            now_broken = (*now_broken, *as_it_was.newly_broken(place, state, action))
        decision: str | None = decisions.get(entry.number)
        if now_broken and not _still_overridden(entry, now_broken):
            became = BecameIllegal(entry.number, entry.kind, now_broken)
            if decision is None:
                undecided.append(became)
                decision = KEEP if became.keepable else WITHDRAW
            if decision == KEEP and not became.keepable:
                broken = (
                    phrase("{rule} {message}", rule=v.rule, message=v.message)
                    for v in now_broken
                    if not v.overridable
                )
                raise BadDecision(
                    phrase(
                        "entry {entry} cannot be kept: {broken}",
                        entry=entry.number,
                        broken=commas(broken),
                    )
                )
            if decision == WITHDRAW:
                withdrawn.append(entry.number)
                continue
            kept.append((entry.number, now_broken))
        elif decision == WITHDRAW:
            # Still legal, but the corrector takes it out with the rest (a decision given
            # while the entry was illegal, before another decision made it legal again).
            withdrawn.append(entry.number)
            continue
        assert action is not None
        result = rules.apply(state, action)
        state = result.state
        if [c.to_dict() for c in result.consequences] != [c.to_dict() for c in entry.consequences]:
            rederived.append((entry.number, tuple(result.consequences)))
    if undecided:
        raise DecisionsNeeded(undecided)
    return Rejudged(
        outcome=outcome,
        violations=violations,
        kept=tuple(kept),
        withdrawn=tuple(withdrawn),
        rederived=tuple(rederived),
        final_state=state,
    )


class _AsItWas:
    """The history before the correction, folded only as far as a question about it needs:
    whether a later entry broke the printed-values rule the same way then."""

    def __init__(
        self,
        rules: Ruleset,
        state_before: Any,
        replaced: Entry,
        after: Sequence[Entry],
        cards: CardLibrary,
    ) -> None:
        self._rules, self._after, self._cards = rules, after, cards
        self._state = state_before
        self._replaced: Entry | None = replaced  # folded in at the first question
        self._folded = 0  # how many entries of `after` are folded in

    def newly_broken(self, place: int, state: Any, action: Any) -> tuple[Violation, ...]:
        """The printed-values violation `action` (of entry `after[place]`) commits in the
        corrected `state` that it did not commit in the history as it was."""
        now = printed_violation(self._rules, state, action, self._cards)
        if now is None:
            return ()
        was = printed_violation(self._rules, self._at(place), action, self._cards)
        return () if was == now else (now,)

    def _at(self, place: int) -> Any:
        """The state before `after[place]` as the history was."""
        if self._replaced is not None:
            self._state = fold(self._rules, self._state, [self._replaced])
            self._replaced = None
        self._state = fold(self._rules, self._state, self._after[self._folded : place])
        self._folded = max(self._folded, place)
        return self._state


def _still_overridden(entry: Entry, broken: tuple[Violation, ...]) -> bool:
    """An entry the table already played on through a broken rule, breaking no other rule now,
    stands under its own override."""
    if not entry.override:
        return False
    before = {v.rule for v in entry.violations}
    return all(v.overridable and v.rule in before for v in broken)
