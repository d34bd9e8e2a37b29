"""Issue 14: the log read as a match report. Every entry of every game is a plain sentence,
lines carry marks for goals, bookings, dice, overrides, notes, undos, corrections and disputes,
and the lines are grouped under a heading per stretch of play."""

from __future__ import annotations

from typing import Any

import pytest

from domain.actions import FieldSpec
from domain.consequences import Goal
from domain.log import Annotation, Dispute, Entry, Log, Retraction
from domain.log_index import LogIndex, Positions
from domain.match import Author, CorrectionRequest, MatchRecord
from domain.registry import find_ruleset
from domain.report import match_report, names_of, placed_line, report_line
from domain.sentences import from_notation
from service.entries import parse_entry
from tests.opening import OPENING, SETUP
from tests.service.test_timeline import GOLDEN, recorded

AUTHOR = Author("alice", "2026-11-29T21:00:00+00:00", "test")
GAMES = ("card-game", "king-of-the-pitch", "tcg")
NAMES = {
    "card-game": {"nankatsu": "Nankatsu", "toho": "Toho"},
    "king-of-the-pitch": {c: c.capitalize() for c in ("blue", "green", "yellow", "red", "orange")},
    "tcg": {"home": "Nankatsu", "away": "Toho"},
}


def sample_value(spec: FieldSpec) -> Any:
    """A value of a field's type, as a form would send it."""
    if spec.type == "int":
        return 2
    if spec.type == "bool":
        return True
    if spec.type == "choice":
        return spec.options[0]
    if spec.type == "list":
        if spec.item == "choice":
            return list(spec.options[:2])
        return [3, 4] if spec.item == "int" else ["Taro Misaki", "Ryo Ishizaki"]
    return "Ken Wakashimazu"


def sample(ruleset: str, kind: str) -> Any:
    """An entry of `kind` with every field given, whether legal now or not."""
    codec = find_ruleset(ruleset).codec
    data: dict[str, Any] = {"kind": kind}
    for spec in codec.describe(kind):
        data[spec.name] = sample_value(spec)
    return codec.from_dict(data)


@pytest.mark.parametrize(
    ("ruleset", "kind"),
    [(game, kind) for game in GAMES for kind in find_ruleset(game).codec.kinds],
)
def test_every_action_kind_of_every_game_has_a_sentence_of_its_own(ruleset: str, kind: str) -> None:
    rules = find_ruleset(ruleset)
    action = sample(ruleset, kind)
    names = NAMES[ruleset]
    said = rules.sentence(action, names)
    assert said and said[0].isupper(), said
    # Worded by the game, not made from the notation.
    assert said != from_notation(rules.codec, rules.codec.to_dict(action), names)
    sides = [v for v in rules.codec.to_dict(action).values() if isinstance(v, str) and v in names]
    for side in sides:
        assert side not in said.split() or names[side] in said
    if sides:
        assert any(names[side] in said for side in sides), said


# Lines of the golden matches and the sentences a report gives them.
GOLDEN_SENTENCES = [
    ("card-game", "play coach=toho card='Kojiro Hyuga' shot=3 pass=1",
     "Toho: Kojiro Hyuga (Shot 3, Pass 1)"),
    ("card-game", "roll toho 5", "Toho roll 5"),
    ("card-game", "toss winner=toho source=app", "Toho win the toss (rolled by the app)"),
    ("card-game", "book nankatsu Foul toho -1 -1 -1",
     "Nankatsu book Toho with Foul (Shot -1, Pass -1, Defense -1)"),
    ("card-game", "declare toho shot", "Toho declare a Shot"),
    ("card-game", "draft nankatsu pitch", "Nankatsu draft a card from the Pitch"),
    ("card-game", "resolve", "No more re-rolls or saves: the phase is settled"),
    ("king-of-the-pitch", "roll team=blue dice=3", "Blue roll 3"),
    ("king-of-the-pitch", "challenge team=blue", "Blue challenge the King of the Pitch"),
    ("king-of-the-pitch", "reveal card=player colour=silver position=7 price=silver",
     "Revealed: a player card (silver, position 7), price silver"),
    ("king-of-the-pitch", "declare team=green var=yes", "Green declare V.A.R."),
    ("tcg", "place side=home player='Yuzo Morisaki' area=goal",
     "Nankatsu: Yuzo Morisaki placed at goal"),
    ("tcg", "tackle side=away player='Hiroshi Furuta'", "Toho tackle with Hiroshi Furuta"),
    ("tcg", "penalty side=away dice=5,2", "Penalty for Toho: kicker 5, keeper 2"),
    ("tcg", "support side=away players='Katsuo Shimano,Ken Wakashimazu'",
     "Toho support: Katsuo Shimano and Ken Wakashimazu"),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset", "line", "sentence"), GOLDEN_SENTENCES)
def test_golden_lines_read_as_sentences(ruleset: str, line: str, sentence: str) -> None:
    rules = find_ruleset(ruleset)
    action = rules.action_from_dict(parse_entry(ruleset, line))
    assert rules.sentence(action, NAMES[ruleset]) == sentence


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_line_of_a_golden_match_is_a_sentence_with_its_notation(name: str) -> None:
    match = recorded(name)
    rules = match.ruleset
    report = match_report(rules, names_of(rules, match.made_setup()), match.log)
    lines = report.lines
    assert [line.number for line in lines] == [line.number for line in match.log]
    for said, line in zip(lines, match.log, strict=True):
        assert said.sentence and said.sentence != said.notation
        assert isinstance(line, Entry) and said.notation.split()[0] == line.kind


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_a_golden_match_marks_each_goal_and_each_die(name: str) -> None:
    match = recorded(name)
    rules = match.ruleset
    report = match_report(rules, names_of(rules, match.made_setup()), match.log)
    goals = sum(
        1 for line in match.log if isinstance(line, Entry) for c in line.consequences
        if isinstance(c, Goal)
    )  # fmt: skip
    assert sum(1 for line in report.lines for mark in line.marks if mark.kind == "goal") == goals
    dice = [line for line in report.lines if line.marked("dice")]
    assert dice, "every golden match rolls dice"
    assert all(any(m.words.startswith(("die ", "dice ")) for m in line.marks) for line in dice)


def test_a_booking_is_marked_with_its_colour() -> None:
    match = recorded("card_game/golden/full_match.txt")
    rules = match.ruleset
    report = match_report(rules, names_of(rules, match.made_setup()), match.log)
    booked = [line for line in report.lines if line.marked("booking")]
    assert booked and booked[0].sentence.startswith("Nankatsu book Toho with Foul")
    assert [m.words for m in booked[0].marks if m.kind == "booking"] == ["yellow card"]


def test_the_goal_reads_in_the_line_that_scored_it() -> None:
    match = MatchRecord("card-game", SETUP, AUTHOR.by, AUTHOR.at)
    for line in OPENING:
        match.record(parse_entry("card-game", line), AUTHOR)
    rules = match.ruleset
    report = match_report(rules, names_of(rules, match.made_setup()), match.log)
    eleventh = report.lines[10]
    assert eleventh.sentence == "Nankatsu roll 2"
    assert eleventh.marked("goal") and eleventh.marked("dice")
    assert "GOAL for Toho! Nankatsu 0 – 1 Toho." in eleventh.told


@pytest.mark.parametrize(
    ("name", "first_headings"),
    [
        ("card_game/golden/full_match.txt",
         ["Before kick-off", "1st half, round 1", "1st half, round 2"]),
        ("king_of_the_pitch/golden/three_teams.txt", ["Before kick-off", "Turn 1", "Turn 2"]),
        ("tcg/golden/normal_time_match.txt",
         ["Before kick-off", "Half 1, turn 1", "Half 1, turn 2"]),
    ],
)  # fmt: skip
def test_the_log_is_grouped_under_a_heading_per_stretch_of_play(
    name: str, first_headings: list[str]
) -> None:
    match = recorded(name)
    rules = match.ruleset
    report = match_report(rules, names_of(rules, match.made_setup()), match.log)
    headings = [period.heading for period in report.periods]
    assert headings[:3] == first_headings
    assert all(period.lines for period in report.periods)
    # The entry that starts a stretch of play closes the one before: its goal is in it.
    first_round = report.periods[1]
    assert any(
        "round 2" in text.lower() or "turn 2" in text.lower() for text in first_round.lines[-1].told
    )


def test_the_scoring_page_s_latest_lines_keep_the_heading_they_are_under() -> None:
    match = recorded("card_game/golden/full_match.txt")
    rules = match.ruleset
    names = names_of(rules, match.made_setup())
    whole = match_report(rules, names, match.log)
    latest = match_report(rules, names, match.log, latest=20)
    assert [line.number for line in latest.lines] == [line.number for line in whole.lines[-20:]]
    heading_of = {line.number: p.heading for p in whole.periods for line in p.lines}
    assert all(heading_of[line.number] == p.heading for p in latest.periods for line in p.lines)


def opening_with_settling() -> MatchRecord:
    """The opening, then an override, a note, an undo, a dispute and a correction."""
    match = MatchRecord("card-game", SETUP, AUTHOR.by, AUTHOR.at)
    for line in OPENING:
        match.record(parse_entry("card-game", line), AUTHOR)
    match.record(parse_entry("card-game", "draft nankatsu pitch"), AUTHOR, override="house rule")
    match.annotate(12, "the wrong pile", AUTHOR)  # line 13
    match.undo(AUTHOR)  # line 14
    match.dispute(10, "the die rolled off", AUTHOR)  # line 15
    match.correct(
        CorrectionRequest(10, parse_entry("card-game", "roll toho 6")), AUTHOR, "rolled again"
    )  # line 16
    return match


def test_each_kind_of_line_has_its_sentence_and_its_mark() -> None:
    match = opening_with_settling()
    rules = match.ruleset
    index = LogIndex(match.log)
    said = {
        line.number: report_line(rules, names_of(rules, match.made_setup()), line, index)
        for line in match.log
    }
    assert said[12].sentence == "Nankatsu draft a card from the Pitch"
    assert [m.kind for m in said[12].marks] == ["override", "note", "undone"]
    assert said[13].sentence == "Note on line 12: the wrong pile" and said[13].marked("note")
    assert said[14].sentence == "Undo of line 12: Nankatsu draft a card from the Pitch"
    assert said[14].marked("undo") and isinstance(match.log[13], Retraction)
    assert said[15].sentence == "Dispute of line 10: the die rolled off"
    assert said[15].marked("dispute") and isinstance(match.log[14], Dispute)
    assert said[16].sentence == "Correction of line 10: Toho roll 6 (rolled again)"
    assert said[16].marked("correction") and said[16].marked("dice")
    assert said[10].fate is not None and said[10].marked("corrected") and said[10].told == ()
    assert isinstance(match.log[12], Annotation)


def test_a_line_number_names_one_place_in_the_replay() -> None:
    """Positions: an entry in force is at its step; the entry a correction replaced and the
    correction are at the same step; an undo, a note, a dispute or an undone entry is at the
    step in force when it was written; a number past the log is no place."""
    match = opening_with_settling()
    positions = Positions.of(LogIndex(match.log))
    assert positions.total == 11 and positions.last == 16
    assert [positions.step_of(n) for n in range(12)] == list(range(12))
    assert positions.step_of(16) == positions.step_of(10) == 10  # the correction, its entry
    assert positions.step_of(12) == 11  # the overridden draft, undone since
    assert positions.step_of(13) == positions.step_of(14) == positions.step_of(15) == 11
    assert positions.step_of(17) is None
    assert positions.line_of(10) == 16 and positions.line_of(0) == 0


def test_an_entry_whose_stored_kind_is_blank_still_reads_as_which_entry_it_is() -> None:
    """Found by the property test: a stored action of kind " " worded nothing."""
    rules = find_ruleset("card-game")
    entry = Entry(number=1, by="alice", at=AUTHOR.at, action={"kind": " "})
    assert match_report(rules, {}, [entry]).lines[0].sentence == "Entry 1"


@pytest.mark.parametrize("name", [*sorted(GOLDEN), "settling"])
def test_one_line_placed_alone_reads_as_in_the_whole_report(name: str) -> None:
    """What a write answers of its line (domain.report.placed_line, reading the log from that
    line on) is what the whole report says of it, for every line of a match."""
    match = opening_with_settling() if name == "settling" else recorded(name)
    rules = match.ruleset
    names = names_of(rules, match.made_setup())
    whole = match_report(rules, names, match.log).placed()
    for number in whole:
        assert placed_line(rules, names, match.log, number) == whole[number]


def test_a_line_placed_alone_reads_no_line_before_its_stretch_of_play() -> None:
    """A long match's stored lines are read only when looked at: wording its last line reads
    the lines back to where its stretch of play began, not the whole log."""
    match = recorded("card_game/golden/full_match.txt")
    rules = match.ruleset
    stored = Log(match.log.stored(), match.game_package)
    said = placed_line(rules, names_of(rules, match.made_setup()), stored, len(stored))
    assert said.line.number == len(stored)
    unread = sum(1 for line in stored._lines if isinstance(line, dict))
    assert unread > len(stored) // 2
