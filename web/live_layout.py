"""The order of the scoring page's buttons: what happens most comes first, the rare folds away.

The engine lists what may legally come next; the page shows those entries ordered by how often
they are made, which the game declares (`EntryFrequency`: its count per match of each kind)
and this match refines (each entry of a kind recorded here so far adds one to its count). Ties
keep the engine's order. The kinds the game counts as rare, and those its glance records by
tapping its drawing (`Presentation.tapped`), fold under "More", unless nothing else is
offered: then the most frequent of what is offered stays in view, so that a tap is never
hidden. A game that counts nothing keeps the engine's order and folds only what its glance
records.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from domain.declarations import EntryFrequency
from domain.log import Entry, LogLine
from domain.ruleset import JSON, Expected
from web.entry_forms import EntryForm

# A kind offered more times than this (a move per player on the field) is one section of its
# own, opened by a tap, so that its siblings stay in view.
OWN_SECTION_OVER = 3


@dataclass(frozen=True)
class FormGroup:
    """The forms of one kind (as counted: `play` apart from `play.via`), in the engine's order;
    `sectioned` when there are so many that they sit in a section of their own."""

    key: str
    kind: str
    forms: tuple[EntryForm, ...]
    count: int  # how often the kind occurs: the declared count plus this match's entries

    @property
    def sectioned(self) -> bool:
        return len(self.forms) > OWN_SECTION_OVER

    @property
    def label(self) -> str:
        words = self.kind.replace("-", " ")
        return words[:1].upper() + words[1:]


@dataclass(frozen=True)
class LiveLayout:
    """The forms in view, most frequent first, and those folded under "More"."""

    common: tuple[FormGroup, ...]
    more: tuple[FormGroup, ...]

    @property
    def more_count(self) -> int:
        return sum(len(group.forms) for group in self.more)

    @property
    def empty(self) -> bool:
        return not self.common and not self.more


def laid_out(
    forms: Sequence[EntryForm],
    expected: Sequence[Expected],
    frequency: EntryFrequency,
    tapped: Sequence[str],
    log: Sequence[LogLine],
) -> LiveLayout:
    """`forms` (one per `expected`, in the same order) in view or under "More"."""
    recorded = recorded_counts(frequency, log)
    keys = [frequency.key(option.kind, _given(option)) for option in expected]
    groups: dict[str, list[EntryForm]] = {}
    first_at: dict[str, int] = {}
    for index, (form, key) in enumerate(zip(forms, keys, strict=True)):
        groups.setdefault(key, []).append(form)
        first_at.setdefault(key, index)
    built = [
        FormGroup(key, found[0].kind, tuple(found), frequency.count(key) + recorded[key])
        for key, found in groups.items()
    ]
    built.sort(key=lambda group: (-group.count, first_at[group.key]))

    def rare(group: FormGroup) -> bool:
        return frequency.declared and frequency.count(group.key) < frequency.rare_below

    listed = [group for group in built if group.kind not in tapped]
    common = [group for group in listed if not rare(group)]
    if not common and listed:
        # Only rare entries are offered: the most frequent of them are the common path now.
        most = max(group.count for group in listed)
        common = [group for group in listed if group.count == most]
    more = [group for group in built if group not in common]
    return LiveLayout(tuple(common), tuple(more))


def holding(layout: LiveLayout, posted: Mapping[str, str]) -> frozenset[str]:
    """The groups (by key, and "more" for the fold) that hold the form a refused post came
    from: drawn open, so that what the scorer filled in is in view again."""
    kind = posted.get("kind")
    found: set[str] = set()
    for where, groups in (("common", layout.common), ("more", layout.more)):
        for group in groups:
            if any(
                form.kind == kind and all(posted.get(name) == value for name, value in form.hidden)
                for form in group.forms
            ):
                found.add(group.key)
                if where == "more":
                    found.add("more")
    return frozenset(found)


def recorded_counts(frequency: EntryFrequency, log: Sequence[LogLine]) -> Counter[str]:
    """How many entries of each kind (as the game counts them) this match holds in force."""
    counts: Counter[str] = Counter()
    for line in log:
        if isinstance(line, Entry) and line.in_force:
            counts[frequency.key(line.kind, _stated(line.action))] += 1
    return counts


def _given(option: Expected) -> tuple[str, ...]:
    """The fields an offered entry comes with: those the situation fixes or offers values
    for."""
    return (*option.fixed, *(name for name in option.choices if name not in option.fixed))


def _stated(action: Mapping[str, JSON]) -> tuple[str, ...]:
    return tuple(
        name
        for name, value in action.items()
        if name != "kind" and value not in (None, "", [], (), {})
    )
