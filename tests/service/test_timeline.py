"""The replay timeline: scores, goals, period ends and annotations per step, read from the
consequences stored with each entry in one pass, never by replaying the rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.consequences import Consequence, Mark, MarkKind
from domain.log_index import CORRECTED, REPLAYED, WITHDRAWN, OutOfForce
from domain.match import Author, CorrectionRequest, MatchRecord
from domain.registry import find_ruleset
from domain.rejudge import KEEP, WITHDRAW
from service.app import Touchline
from service.entries import parse_entry
from service.timeline import StepMark, marked_as, timeline_of
from tests.calls import calls_to
from tests.opening import OPENING, SETUP
from tests.service.projections.pj_driver import SETUP as DRIVER_SETUP
from tests.service.projections.pj_driver import finished_match
from tests.service.projections.pj_helpers import record_all
from tests.service.test_golden_matches import CASES, golden_lines

AUTHOR = Author("alice", "2026-11-29T21:00:00+00:00", "test")
# One golden match per game: the card game, King of the Pitch (three teams, crowns) and the TCG.
GOLDEN = {
    name: (ruleset, setup, scores)
    for ruleset, name, setup, _, scores in CASES
    if name
    in (
        "card_game/golden/full_match.txt",
        "king_of_the_pitch/golden/three_teams.txt",
        "tcg/golden/normal_time_match.txt",
    )
}


def recorded(name: str) -> MatchRecord:
    ruleset, setup, _ = GOLDEN[name]
    match = MatchRecord(ruleset, setup, AUTHOR.by, AUTHOR.at)
    for line in golden_lines(name):
        match.record(parse_entry(ruleset, line), AUTHOR)
    return match


def views_step_by_step(match: MatchRecord) -> list[dict[str, Any]]:
    """What the ruleset's own view says after every step, from one fold of the actions."""
    rules = match.ruleset
    state = rules.initial_state(rules.make_setup(match.setup))
    views = [rules.view(state)]
    for line in match.effective_entries():
        state = rules.apply(state, rules.action_from_dict(line.action)).state
        views.append(rules.view(state))
    return views


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_score_at_every_step_is_the_one_the_ruleset_shows(name: str) -> None:
    match = recorded(name)
    timeline = timeline_of(match)
    views = views_step_by_step(match)
    assert timeline.total == len(views) - 1
    assert [dict(m.score) for m in timeline.moments] == [v["score"] for v in views]
    assert dict(timeline.moments[-1].score) == GOLDEN[name][2]


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_goal_steps_are_the_steps_where_the_score_went_up(name: str) -> None:
    timeline = timeline_of(recorded(name))
    scores = [sum(m.score.values()) for m in timeline.moments]
    rises = tuple(step for step in range(1, len(scores)) if scores[step] > scores[step - 1])
    assert timeline.goal_steps == rises
    assert all(timeline.moments[step].goals for step in rises)


def played_case(name: str) -> MatchRecord:
    """Any golden match of CASES, recorded."""
    ruleset, setup = next((c[0], c[2]) for c in CASES if c[1] == name)
    match = MatchRecord(ruleset, setup, AUTHOR.by, AUTHOR.at)
    for line in golden_lines(name):
        match.record(parse_entry(ruleset, line), AUTHOR)
    return match


def marks_of(match: MatchRecord) -> list[tuple[int, StepMark]]:
    return [(m.step, mark) for m in timeline_of(match).moments for mark in m.marks]


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("card_game/golden/full_match.txt", "Goal"),
        ("king_of_the_pitch/golden/three_teams.txt", "Crown"),
        ("tcg/golden/normal_time_match.txt", "Goal"),
    ],
)
def test_every_goal_or_crown_is_marked_as_one_in_words(name: str, word: str) -> None:
    timeline = timeline_of(recorded(name))
    goals = [(m.step, text) for m in timeline.moments for text in m.goals]
    marked = [
        (m.step, mark.text) for m in timeline.moments for mark in m.marks
        if mark.kind == MarkKind.GOAL
    ]  # fmt: skip
    assert marked == goals and len(goals) == sum(GOLDEN[name][2].values())
    assert {mark.label for m in timeline.moments for mark in m.marks if mark.kind == "goal"} == {
        word
    }


def test_bookings_are_marked_with_their_colour_named() -> None:
    bookings = [
        (mark.kind, mark.label, mark.text)
        for _, mark in marks_of(played_case("card_game/golden/full_match.txt"))
        if mark.kind in (MarkKind.YELLOW_CARD, MarkKind.RED_CARD)
    ]
    assert [(kind, label) for kind, label, _ in bookings] == [
        (MarkKind.YELLOW_CARD, "Yellow card"),
        (MarkKind.RED_CARD, "Red card"),
    ]
    assert bookings[0][2].startswith("Yellow card for ")
    assert bookings[1][2].startswith("Red card for ")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("card_game/golden/full_match.txt", {"Goal", "Yellow card", "Red card", "Extra Time"}),
        ("king_of_the_pitch/golden/three_teams.txt", {"Crown", "New King", "Penalty round",
                                                      "Shoot-out"}),
        ("tcg/golden/shootout_match.txt", {"Goal", "Substitution", "Shoot-out",
                                           "Penalty scored", "Penalty missed"}),
    ],
)  # fmt: skip
def test_each_game_marks_what_its_consequences_declare_notable(
    name: str, expected: set[str]
) -> None:
    assert {mark.label for _, mark in marks_of(played_case(name))} == expected


def test_a_change_of_score_is_a_goal_mark_though_undeclared_and_silence_is_never_marked() -> None:
    # Declaring no kind of their own, these stay out of the vocabulary of stored kinds.
    class Whisper(Consequence):
        def timeline_mark(self) -> Mark:
            return Mark(MarkKind.NOTABLE, "Whisper")

    tallied = Consequence("tallied", "Blue 1, Red 0.")
    assert marked_as(tallied, scored=True) == StepMark(MarkKind.GOAL, "Goal", "Blue 1, Red 0.")
    assert marked_as(tallied, scored=False) is None
    assert marked_as(Whisper("whisper", ""), scored=False) is None
    assert marked_as(Whisper("whisper", "psst"), scored=False) == StepMark(
        MarkKind.NOTABLE, "Whisper", "psst"
    )


def test_card_game_period_ends_mark_the_halves_and_the_final_whistle() -> None:
    match = recorded("card_game/golden/full_match.txt")
    timeline = timeline_of(match)
    views = views_step_by_step(match)
    # This match went to Extra Time: each of its four periods ends once, the last with the match.
    ended = [views[step - 1]["period"] for step in timeline.period_steps]
    assert ended == [1, 2, 3, 4]
    assert timeline.period_steps[-1] == timeline.total
    assert views[timeline.total]["phase"] == "over"


def test_king_of_the_pitch_has_no_halves_only_the_game_end() -> None:
    timeline = timeline_of(recorded("king_of_the_pitch/golden/three_teams.txt"))
    assert timeline.period_steps == (timeline.total,)
    assert timeline.sides == ("blue", "green", "yellow")
    assert all("crown" in " ".join(timeline.moments[s].goals) for s in timeline.goal_steps)


def test_jumps_between_goals_and_periods() -> None:
    timeline = timeline_of(recorded("card_game/golden/full_match.txt"))
    first, second = timeline.goal_steps[:2]
    assert timeline.previous_goal(first) is None
    assert timeline.next_goal(0) == first
    assert timeline.next_goal(first) == second
    assert timeline.previous_goal(second) == first
    assert timeline.previous_goal(second + 1) == second
    assert timeline.next_goal(timeline.total) is None
    assert timeline.next_period(0) == timeline.period_steps[0]
    assert timeline.previous_period(timeline.period_steps[0]) is None


def test_annotations_sit_under_the_step_of_their_entry_and_go_with_a_retraction() -> None:
    match = recorded_opening()
    entries = match.effective_entries()
    match.annotate(0, "before the toss", AUTHOR)
    match.annotate(entries[2].number, "a good draft", AUTHOR)
    match.annotate(entries[-1].number, "was that a 2?", AUTHOR)
    match.undo(AUTHOR)
    # A retraction is a log line: numbers run on, steps count only the entries in force.
    match.record(entries[-1].action, AUTHOR)
    timeline = timeline_of(match)
    notes = {m.step: [n.text for n in m.annotations] for m in timeline.moments if m.annotations}
    assert notes == {0: ["before the toss"], 3: ["a good draft"]}
    assert timeline.total == len(entries)
    assert timeline.moments[-1].number == len(match.log) != entries[-1].number


def recorded_opening() -> MatchRecord:
    match = MatchRecord("card-game", SETUP, AUTHOR.by, AUTHOR.at)
    for line in OPENING:
        match.record(parse_entry("card-game", line), AUTHOR)
    return match


def test_a_long_match_timeline_replays_no_rules(
    app: Touchline, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A card-game match of 600 entries, loaded from the store as the page does.
    actions = long_match(600)
    match_id = record_all(app, actions, DRIVER_SETUP).id
    record = app.load_record(str(match_id))
    rules = find_ruleset("card-game")
    calls = calls_to(monkeypatch, type(rules), "apply")
    timeline = timeline_of(record)
    assert calls == []
    assert timeline.total == len(actions)
    assert timeline.goal_steps
    # Spot checks against a fresh fold of the rules at a few steps.
    for step in (0, len(actions) // 3, len(actions) // 2, len(actions)):
        assert dict(timeline.moments[step].score) == rules.view(record.state_at(step))["score"]


def long_match(entries: int, seed: int = 5) -> list[dict[str, Any]]:
    """A legal card-game log: Shots score before Injury Time; after it every Pass succeeds, so
    the last half never ends and the log grows as long as asked."""
    rules = find_ruleset("card-game")
    state = rules.initial_state(rules.make_setup(DRIVER_SETUP))
    chooser = random.Random(seed)
    actions: list[dict[str, Any]] = []
    while len(actions) < entries:
        options = {e.kind: e for e in reversed(rules.expected(state))}
        action = _next_action(options, state, chooser, len(actions))
        state = rules.apply(state, rules.action_from_dict(action)).state
        actions.append(action)
    return actions


def _next_action(options: dict[str, Any], state: Any, chooser: random.Random, n: int) -> Any:
    for kind in ("toss", "kickoff", "et-kickoff", "draft", "declare", "roll", "resolve"):
        if kind in options:
            action = {"kind": kind, **options[kind].fixed}
            for name, values in options[kind].choices.items():
                action.setdefault(name, chooser.choice(list(values)))
            if kind == "declare":
                action["action"] = "pass" if state.injury_time else "shot"
            if kind == "roll":
                action["value"] = 6 if action["coach"] == state.attacker else 1
            return action
    if "play" in options and chooser.random() < 0.6:
        side = options["play"].fixed["coach"]
        attacking = side == state.attacker
        shot, passing = (chooser.randint(0, 3), chooser.randint(2, 3)) if attacking else (0, 0)
        return {
            "kind": "play",
            "coach": side,
            "card": f"{side} player {n}",
            "shot": shot,
            "pass": passing,
            "defense": 0 if attacking else chooser.randint(0, 1),
        }
    if "pass" in options:
        return {"kind": "pass", **options["pass"].fixed}
    return {"kind": "spend", **options["spend"].fixed, "points": 0}


def test_an_entry_undone_later_stays_under_the_step_it_followed_with_its_notes() -> None:
    match = MatchRecord("card-game", SETUP, AUTHOR.by, AUTHOR.at)
    for line in OPENING:
        match.record(parse_entry("card-game", line), AUTHOR)
    match.annotate(11, "Disputed: the die fell off the table", AUTHOR)
    match.undo(AUTHOR)
    match.record(parse_entry("card-game", "roll coach=nankatsu value=6"), AUTHOR)

    timeline = timeline_of(match)
    assert timeline.total == 11
    (undone,) = timeline.moments[10].retracted
    assert (undone.number, undone.text) == (11, "roll coach=nankatsu value=2")
    assert [note.text for note in undone.annotations] == ["Disputed: the die fell off the table"]
    assert timeline.moments[11].number == 14 and not timeline.moments[11].retracted
    assert all(not m.retracted for m in timeline.moments[:10])


# -- corrections, withdrawals, replays and disputes -------------------------------------------


def test_a_correction_counts_at_the_place_of_the_entry_it_replaced() -> None:
    match = recorded_opening()
    match.annotate(10, "the die fell off the table", AUTHOR)
    dispute = match.dispute(10, "off the table", AUTHOR)
    correction = match.correct(
        CorrectionRequest(10, parse_entry("card-game", "roll coach=toho value=1")),
        AUTHOR,
        "rolled again",
    )
    timeline = timeline_of(match)
    assert timeline.total == len(match.effective_entries()) == 11
    tenth = timeline.moments[10]
    assert (tenth.number, tenth.text, tenth.corrects) == (
        correction.number,
        "roll coach=toho value=1",
        10,
    )
    (replaced,) = tenth.replaced
    assert (replaced.number, replaced.text) == (10, "roll coach=toho value=5")
    assert replaced.fate == OutOfForce(CORRECTED, correction.number)
    assert replaced.reason == "rolled again"
    assert [n.text for n in replaced.annotations] == ["the die fell off the table"]
    assert [s.dispute for s in replaced.disputes] == [dispute]
    # Toho's Shot is 4 against 3 still: the goal stands at step 11.
    assert timeline.goal_steps == (11,)


def test_entries_a_correction_withdrew_stay_under_the_step_they_followed() -> None:
    match = recorded_opening()
    correction = match.correct(
        CorrectionRequest(5, parse_entry("card-game", "pass coach=toho"), decisions={7: WITHDRAW}),
        AUTHOR,
        "Hyuga was never played",
    )
    timeline = timeline_of(match)
    assert timeline.total == 10
    (withdrawn,) = timeline.moments[6].retracted
    assert withdrawn.number == 7
    assert withdrawn.fate == OutOfForce(WITHDRAWN, correction.number)
    assert withdrawn.reason == "Hyuga was never played"


def test_an_entry_kept_as_an_override_names_its_rules_and_the_correction() -> None:
    match = recorded_opening()
    correction = match.correct(
        CorrectionRequest(5, parse_entry("card-game", "pass coach=toho"), decisions={7: KEEP}),
        AUTHOR,
        "Hyuga was never played",
    )
    kept = next(m for m in timeline_of(match).moments if m.number == 7)
    assert kept.overridden and kept.override_rules == ("CG-4.3",)
    assert kept.kept_by == correction.number


def test_a_ruling_to_replay_leaves_the_replayed_entries_struck_under_the_step_before() -> None:
    match = recorded_opening()
    dispute = match.dispute(9, "Toho declared a Pass", AUTHOR)
    ruling = match.rule(dispute.number, "replay", ["CG-5.1"], "play it again", AUTHOR)
    timeline = timeline_of(match)
    assert timeline.total == 8
    struck = timeline.moments[8].retracted
    assert [s.number for s in struck] == [9, 10, 11]
    assert {(s.fate, s.reason) for s in struck} == {
        (OutOfForce(REPLAYED, ruling.number), "play it again")
    }
    (state,) = struck[0].disputes
    assert state.ruling == ruling


def test_the_result_s_disputes_and_confirmations_come_after_the_last_step() -> None:
    match = MatchRecord("card-game", SETUP, AUTHOR.by, AUTHOR.at)
    for action in finished_match(1, 0):
        match.record(action, AUTHOR)
    confirmed = match.confirm("nankatsu", AUTHOR)
    disputed = match.dispute(None, "Toho's last roll was a 6", AUTHOR)
    timeline = timeline_of(match)
    assert timeline.confirmations == (confirmed,)
    assert [(s.dispute, s.is_open) for s in timeline.result_disputes] == [(disputed, True)]
    assert all(not m.disputes for m in timeline.moments)
