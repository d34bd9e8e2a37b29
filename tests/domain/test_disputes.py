"""Disputes, a referee's rulings and the coaches' confirmations of a result."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.log import Correction, Dispute, Entry, Ruling
from domain.match import (
    BadDispute,
    CorrectionRequest,
    MatchAbandoned,
    NotConfirmable,
)
from domain.registry import find_ruleset
from domain.rulebook import cite, digest_of, parse_digest
from tests.domain.settling import COACH, REFEREE, SCORER, entry, golden, opening, score

SHARED_RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"


def test_a_dispute_leaves_the_match_going_on() -> None:
    match = opening()
    dispute = match.dispute(10, "the die rolled off the table", COACH)
    assert isinstance(dispute, Dispute) and dispute.on == 10 and dispute.link == "coach-link"
    assert [d.number for d in match.open_disputes()] == [12]
    match.record(entry("card-game", "draft coach=toho source=deck"), SCORER)
    assert match.result_status().open_disputes == (12,)


@pytest.mark.parametrize(
    ("on", "message"),
    [(99, "line 99 is not an entry"), (0, "line 0 is not an entry")],
)
def test_a_dispute_names_an_entry_of_the_match(on: int, message: str) -> None:
    with pytest.raises(BadDispute, match=message):
        opening().dispute(on, "why", COACH)


def test_a_dispute_needs_a_reason() -> None:
    with pytest.raises(BadDispute, match="say what is disputed"):
        opening().dispute(10, "  ", COACH)


def test_a_retracted_entry_cannot_be_disputed_but_its_dispute_stays() -> None:
    match = opening()
    match.dispute(11, "Nankatsu rolled a 4", COACH)
    match.undo(SCORER)
    assert [d.on for d in match.open_disputes()] == [11]
    with pytest.raises(BadDispute, match="entry 11 was retracted"):
        match.dispute(11, "again", COACH)


def test_the_result_is_disputed_only_once_there_is_one() -> None:
    with pytest.raises(BadDispute, match="no result yet"):
        opening().dispute(None, "we disagree", COACH)
    match = golden("first_match.txt")
    assert match.dispute(None, "the last goal was offside", COACH).on is None
    assert match.result_status().state == "disputed"


def test_a_ruling_cites_rules_of_the_games_digest_with_their_text() -> None:
    """CG-5.4 is cited by its ID, in any case, and shown with the digest's text."""
    match = opening()
    dispute = match.dispute(10, "the die rolled off the table", COACH)
    ruling = match.rule(dispute.number, "stands", ["cg-5.4"], "it landed flat", REFEREE)
    assert isinstance(ruling, Ruling) and ruling.rules == ("CG-5.4",)
    assert ruling.by == "rita" and ruling.link == "referee-link"
    assert match.open_disputes() == []
    cited = cite(match.ruleset, ruling.rules)
    assert cited[0].text.startswith("Both roll their die")


def test_a_ruling_refuses_a_rule_the_digest_does_not_hold() -> None:
    match = opening()
    dispute = match.dispute(10, "why", COACH)
    with pytest.raises(BadDispute, match=r"'CG-99\.9' is not a rule of"):
        match.rule(dispute.number, "stands", ["CG-99.9"], "", REFEREE)
    with pytest.raises(BadDispute, match=r"'KP-5\.3' is not a rule of"):
        match.rule(dispute.number, "stands", ["KP-5.3"], "", REFEREE)
    with pytest.raises(BadDispute, match="name at least one rule ID"):
        match.rule(dispute.number, "stands", [], "", REFEREE)
    assert match.version == 13


def test_a_dispute_is_ruled_on_once() -> None:
    match = opening()
    dispute = match.dispute(10, "why", COACH)
    match.rule(dispute.number, "stands", ["CG-5.4"], "", REFEREE)
    with pytest.raises(BadDispute, match="already ruled on"):
        match.rule(dispute.number, "stands", ["CG-5.4"], "", REFEREE)
    with pytest.raises(BadDispute, match="line 3 is not a dispute"):
        match.rule(3, "stands", ["CG-5.4"], "", REFEREE)


def test_a_ruling_that_corrects_writes_the_correction_then_the_ruling() -> None:
    match = opening()
    dispute = match.dispute(10, "the die showed 1", COACH)
    ruling = match.rule(
        dispute.number,
        "corrected",
        ["CG-5.4"],
        "the photo shows a 1",
        REFEREE,
        correction=CorrectionRequest(10, entry("card-game", "roll coach=toho value=1")),
    )
    correction = match.log[ruling.correction - 1]  # type: ignore[operator]
    assert isinstance(correction, Correction)
    assert correction.dispute == dispute.number and correction.rules == ("CG-5.4",)
    assert correction.reason == "the photo shows a 1" and correction.by == "rita"
    assert score(match) == {"nankatsu": 0, "toho": 1}  # 4 against 3 still scores


def test_a_ruling_to_replay_takes_every_entry_from_there_out_of_force() -> None:
    match = opening()
    dispute = match.dispute(9, "Toho declared before Nankatsu passed", COACH)
    ruling = match.rule(dispute.number, "replay", ["CG-5.2"], "", REFEREE)
    assert ruling.replay_from == 9 and ruling.replayed == (9, 10, 11)
    assert len(match.effective_entries()) == 8
    assert score(match) == {"nankatsu": 0, "toho": 0}
    match.record(entry("card-game", "declare coach=toho action=shot"), SCORER)


def test_a_ruling_says_what_it_decides() -> None:
    match = opening()
    dispute = match.dispute(9, "why", COACH)
    with pytest.raises(BadDispute, match="a ruling decides stands, corrected, replay"):
        match.rule(dispute.number, "void", ["CG-5.2"], "", REFEREE)
    with pytest.raises(BadDispute, match="says what the entry becomes"):
        match.rule(dispute.number, "corrected", ["CG-5.2"], "", REFEREE)
    with pytest.raises(BadDispute, match="corrects nothing"):
        match.rule(
            dispute.number,
            "stands",
            ["CG-5.2"],
            "",
            REFEREE,
            correction=CorrectionRequest(9, entry("card-game", "declare coach=toho action=pass")),
        )


def test_each_coach_confirms_the_result_for_their_side() -> None:
    match = golden("first_match.txt")
    assert match.result_status().state == "unconfirmed"
    match.confirm("toho", COACH)
    status = match.result_status()
    assert status.confirmed_by == ("toho",) and status.awaiting == ("nankatsu",)
    again = match.confirm("toho", COACH)
    assert again.number == match.log[-1].number  # confirming twice records it once
    match.confirm("nankatsu", SCORER)
    assert match.result_status().state == "confirmed"


def test_a_result_is_confirmed_once_it_exists_and_by_a_side_of_the_match() -> None:
    with pytest.raises(NotConfirmable, match="no result yet"):
        opening().confirm("toho", COACH)
    with pytest.raises(NotConfirmable, match="'blue' is not a side"):
        golden("first_match.txt").confirm("blue", COACH)


def test_a_confirmation_stays_with_the_result_it_confirmed() -> None:
    """A referee's ruling that reopens the match leaves the confirmations behind: the result
    they confirmed is no longer the match's."""
    match = golden("first_match.txt")
    for side in match.sides():
        match.confirm(side, COACH)
    confirmed = match.result()
    dispute = match.dispute(None, "the last entry was played after time", COACH)
    assert match.result_status().state == "disputed"
    last = match.effective_entries()[-1]
    match.rule(dispute.number, "replay", ["CG-7.1"], "", REFEREE, replay_from=last.number)
    assert match.result() is None
    status = match.result_status()
    assert status.state == "in-play" and status.confirmed_by == ()
    match.record(dict(last.action), SCORER)  # played again the same: the same result
    assert match.result() == confirmed
    assert match.result_status().state == "confirmed"


def test_an_abandoned_match_takes_disputes_but_no_correction() -> None:
    match = opening()
    match.abandon(SCORER, "fire alarm")
    dispute = match.dispute(10, "the die", COACH)
    with pytest.raises(MatchAbandoned):
        match.rule(
            dispute.number,
            "corrected",
            ["CG-5.4"],
            "",
            REFEREE,
            correction=CorrectionRequest(10, entry("card-game", "roll coach=toho value=1")),
        )
    match.rule(dispute.number, "stands", ["CG-5.4"], "", REFEREE)


# -- the digests --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "source"),
    [
        ("card-game", "tsubasa-card-game-2024.rules.md"),
        ("tcg", "tsubasa-tcg-2002.rules.md"),
        ("king-of-the-pitch", "king-of-the-pitch.rules.md"),
    ],
)
def test_each_game_ships_the_digest_its_rule_ids_come_from(ruleset: str, source: str) -> None:
    rules = find_ruleset(ruleset)
    digest = digest_of(rules)
    assert len(digest) > 30
    assert all(rule.startswith(f"{rules.rules_prefix}-") for rule in digest)
    shared = SHARED_RULES / source
    if shared.exists():  # beside a checkout of the whole project: the copy is the digest
        assert digest == parse_digest(shared.read_text(encoding="utf-8").splitlines())


def test_a_rule_runs_to_the_next_rule_with_its_indented_lines() -> None:
    digest = parse_digest(
        [
            "## X-1 Things",
            "- X-1.1 First line",
            "  continues here.",
            "  - Shot: a sub-point.",
            "- X-1.2 Second.",
            "",
            "Not a rule.",
        ]
    )
    assert digest == {
        "X-1.1": "First line continues here. - Shot: a sub-point.",
        "X-1.2": "Second.",
    }


# -- replay determinism -------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    place=st.integers(min_value=1, max_value=11),
    value=st.integers(min_value=1, max_value=6),
    reason=st.text(min_size=1).filter(lambda t: t.strip() and t.isprintable()),
)
def test_a_corrected_history_replays_to_the_same_state(place: int, value: int, reason: str) -> None:
    """Whatever is corrected where, folding the entries in force from the kick-off gives the
    state the correction left, and the log holds every line ever written."""
    match = opening()
    original = match.log[place - 1]
    assert isinstance(original, Entry)
    action = dict(original.action)
    if "value" in action:
        action["value"] = value
    else:
        action = entry("card-game", f"roll coach=toho value={value}")
    decisions: dict[int, str] = {}
    for _ in range(12):
        try:
            match.correct(CorrectionRequest(place, action, "played on", decisions), SCORER, reason)
            break
        except BadDispute:
            return  # the same entry again
        except Exception as error:
            illegal = getattr(error, "illegal", None)
            if illegal is None:
                return  # a correction the rules refuse outright
            decisions.update({i.number: "withdraw" for i in illegal})
    rules = match.ruleset
    state = rules.initial_state(rules.make_setup(match.setup))
    for line in match.effective_entries():
        state = rules.apply(state, rules.action_from_dict(line.action)).state
    assert state == match.game
    assert match.state_at(None) == match.game
    assert [line.number for line in match.log] == list(range(1, len(match.log) + 1))
