"""Issue 14: any entry a game expects, whatever its sides are called and whatever text its
names and the notes on it hold, reads as a non-empty sentence, and the report of the whole log
holds every line once, in the log's order, under a non-empty heading."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.log import Annotation, Entry, LogLine
from domain.registry import find_ruleset
from domain.report import match_report
from tests.domain.card_game.cg_strategies import matches as card_games
from tests.domain.king_of_the_pitch.kp_strategies import games as king_games
from tests.domain.tcg.tcg_strategies import matches as tcg_matches
from tests.schemas.test_matchfile_properties import any_text, some_text

AT = "2026-11-29T21:00:00+00:00"


def examples(count: int) -> Any:
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )


def renamed(action: Any, data: Any) -> Any:
    """The action with every text field but its choices (sides, sources) given any text: a
    record of an earlier release, or a card named at the table, may hold anything."""
    changed = {}
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, str) and data.draw(st.booleans()):
            changed[field.name] = data.draw(any_text)
    # Built without the codec's checks: the sentence must stand whatever it is given.
    return dataclasses.replace(action, **changed)


def every_entry_reads(ruleset: str, match: Any, data: Any) -> None:
    rules = find_ruleset(ruleset)
    setup, actions = match
    names = {side: data.draw(some_text) for side in rules.sides(setup)}
    log: list[LogLine] = []
    for action in actions:
        said = rules.sentence(action, names)
        assert isinstance(said, str) and said.strip(), action
        odd = renamed(action, data)
        assert rules.sentence(odd, names).strip(), odd
        number = len(log) + 1
        log.append(Entry(number=number, by="alice", at=AT, action=rules.codec.to_dict(odd)))
        if data.draw(st.integers(0, 9)) == 0:
            log.append(Annotation(number=number + 1, by="bob", at=AT, on=number, text="x"))
    report = match_report(rules, names, log)
    assert [line.number for line in report.lines] == [line.number for line in log]
    assert all(line.sentence.strip() for line in report.lines)
    assert all(period.heading and period.lines for period in report.periods)


@examples(25)
@given(match=card_games(), data=st.data())
def test_any_card_game_entry_reads_as_a_sentence(match: Any, data: Any) -> None:
    every_entry_reads("card-game", match, data)


@examples(25)
@given(match=king_games(), data=st.data())
def test_any_king_of_the_pitch_entry_reads_as_a_sentence(match: Any, data: Any) -> None:
    every_entry_reads("king-of-the-pitch", match, data)


@examples(5)
@given(match=tcg_matches(), data=st.data())
def test_any_tcg_entry_reads_as_a_sentence(match: Any, data: Any) -> None:
    every_entry_reads("tcg", match, data)


@examples(50)
@given(data=st.data())
def test_a_stored_action_no_codec_reads_still_has_a_sentence(data: Any) -> None:
    """An entry kept from another release, of a kind or a shape today's codec refuses, is
    worded from what is stored, never an error."""
    ruleset = data.draw(st.sampled_from(["card-game", "king-of-the-pitch", "tcg"]))
    rules = find_ruleset(ruleset)
    stored = data.draw(st.dictionaries(any_text, any_text | st.integers() | st.none(), max_size=4))
    stored["kind"] = data.draw(st.sampled_from([*rules.codec.kinds, "gone-kind"]) | any_text)
    entry = Entry(number=1, by="alice", at=AT, action=stored)
    report = match_report(rules, {}, [entry])
    assert report.lines[0].sentence.strip()
