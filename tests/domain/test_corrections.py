"""Corrections deep in the past: every later entry is judged again against the corrected
history, in each game (issue: disputes, rulings and corrections)."""

from __future__ import annotations

from typing import Any

import pytest
from eventsourcing.application import Application

from domain.log import Correction, Entry
from domain.match import BadDispute, CorrectionRequest, MatchRecord, ResultConfirmed, RuleBroken
from domain.rejudge import BadDecision, DecisionsNeeded
from tests.domain.settling import COACH, REFEREE, SCORER, entry, golden, opening, score


def _correct(match: MatchRecord, number: int, text: str, **decisions: str) -> Correction:
    request = CorrectionRequest(
        number,
        entry(match.ruleset_name, text),
        decisions={int(n.lstrip("e")): d for n, d in decisions.items()},
    )
    return match.correct(request, SCORER, "the table misread it")


def _illegal(match: MatchRecord, number: int, text: str) -> dict[int, tuple[list[str], bool]]:
    with pytest.raises(DecisionsNeeded) as needed:
        _correct(match, number, text)
    return {i.number: ([v.rule for v in i.violations], i.keepable) for i in needed.value.illegal}


# -- the card game ------------------------------------------------------------------------


def test_cg_a_correction_that_takes_a_goal_away_changes_the_score() -> None:
    """CG-5.2: Toho declared a Pass, not a Shot, at entry 9: the goal of entry 11 is gone."""
    match = opening()
    assert score(match) == {"nankatsu": 0, "toho": 1}
    correction = _correct(match, 9, "declare coach=toho action=pass")
    assert score(match) == {"nankatsu": 0, "toho": 0}
    assert correction.number == 12 and correction.replaces == 9
    # Nothing is deleted: entry 9 stays, marked as replaced by line 12.
    original = match.log[8]
    assert isinstance(original, Entry) and original.corrected_by == 12
    assert original.action["action"] == "shot"
    # The correction counts at entry 9's place; the dice after it now decide a pass.
    assert [e.number for e in match.effective_entries()][8:] == [12, 10, 11]
    texts = [c.text for c in match.log[10].consequences if c.text]
    assert texts[0].startswith("Toho's Pass 6 against Nankatsu's Defense 3")
    assert not any("GOAL" in text for text in texts)


def test_cg_entries_made_illegal_are_listed_with_their_rule_ids() -> None:
    """CG-4.2, CG-4.3, CG-5.2, CG-5.4: Nankatsu kicked off, not Toho: what Toho did after is
    out of turn."""
    match = opening()
    illegal = _illegal(match, 2, "kickoff coach=nankatsu")
    assert illegal[3] == (["CG-4.2"], True)
    assert illegal[5] == (["CG-4.3"], True)
    assert illegal[9] == (["CG-5.2"], False)
    assert match.version == 12  # nothing was recorded


def test_cg_an_entry_breaking_a_rule_that_cannot_be_overridden_cannot_be_kept() -> None:
    match = opening()
    with pytest.raises(BadDecision, match=r"entry 9 cannot be kept: CG-5\.2"):
        _correct(match, 2, "kickoff coach=nankatsu", e3="keep", e5="keep", e9="keep")
    assert match.version == 12


def test_cg_kept_entries_become_overrides_with_the_correction_as_reason() -> None:
    match = opening()
    decisions = {"e3": "keep", "e5": "keep", "e9": "withdraw", "e10": "withdraw"}
    correction = _correct(match, 2, "kickoff coach=nankatsu", **decisions, e11="withdraw")
    assert correction.kept == (3, 5) and correction.withdrawn == (9, 10, 11)
    kept = match.log[2]
    assert isinstance(kept, Entry) and kept.override == "the table misread it"
    assert [v.rule for v in kept.violations] == ["CG-4.2"]
    assert all(match.log[n - 1].retracted for n in (9, 10, 11))  # type: ignore[union-attr]
    assert score(match) == {"nankatsu": 0, "toho": 0}


def test_cg_a_correction_must_itself_be_legal_or_overridden() -> None:
    match = opening()
    with pytest.raises(RuleBroken, match="CG-"):
        _correct(match, 10, "kickoff coach=toho")
    assert match.version == 12


def test_cg_a_corrected_entry_is_corrected_again_through_its_correction() -> None:
    match = opening()
    _correct(match, 10, "roll coach=toho value=1")
    with pytest.raises(BadDispute, match="corrected by line 12"):
        _correct(match, 10, "roll coach=toho value=2")
    _correct(match, 12, "roll coach=toho value=2")
    assert [e.number for e in match.effective_entries()][9:] == [13, 11]
    assert match.log[9].corrected_by == 12  # type: ignore[union-attr]
    assert match.log[11].corrected_by == 13  # type: ignore[union-attr]


def test_cg_the_same_entry_is_not_a_correction() -> None:
    match = opening()
    with pytest.raises(BadDispute, match="already records exactly this"):
        _correct(match, 10, "roll coach=toho value=5")


def test_cg_undo_takes_back_a_correction_of_the_last_entry() -> None:
    match = opening()
    _correct(match, 11, "roll coach=nankatsu value=6")
    retraction = match.undo(SCORER)
    assert retraction.retracts == 12
    assert [e.number for e in match.effective_entries()][-1] == 10


def test_cg_a_scorers_correction_is_refused_once_every_coach_confirmed() -> None:
    match = golden("first_match.txt")
    for side in match.sides():
        match.confirm(side, COACH)
    assert match.result_status().state == "confirmed"
    last = match.effective_entries()[-1]
    with pytest.raises(ResultConfirmed, match="only a referee"):
        match.correct(CorrectionRequest(last.number, dict(last.action)), SCORER, "late")


# -- King of the Pitch ----------------------------------------------------------------------


def test_kp_a_different_die_makes_the_penalties_after_it_illegal() -> None:
    """KP-5.3, KP-5.4: blue rolled 6, not 5, and beat green's 5 outright: no penalties."""
    match = golden("two_teams.txt")
    illegal = _illegal(match, 14, "roll team=blue dice=6")
    assert illegal == {16: (["KP-5.4"], False), 17: (["KP-5.4"], False)}
    with pytest.raises(BadDecision, match=r"entry 16 cannot be kept: KP-5\.4"):
        _correct(match, 14, "roll team=blue dice=6", e16="keep", e17="keep")
    _correct(match, 14, "roll team=blue dice=6", e16="withdraw", e17="withdraw")
    assert [match.log[n - 1].retracted for n in (16, 17)] == [True, True]  # type: ignore[union-attr]


def test_kp_a_correction_that_gives_the_crown_to_the_other_team_changes_the_score() -> None:
    """KP-5.3: green's 5 against blue's 1 wins the duel for green; what followed no longer
    holds and is withdrawn."""
    match = golden("two_teams.txt")
    decisions: dict[int, str] = {}
    for _ in range(5):
        try:
            match.correct(
                CorrectionRequest(
                    14, entry("king-of-the-pitch", "roll team=blue dice=1"), None, decisions
                ),
                SCORER,
                "blue's die showed 1",
            )
            break
        except DecisionsNeeded as needed:
            decisions.update({i.number: "withdraw" for i in needed.illegal})
    assert score(match) == {"blue": 0, "green": 1}
    assert match.result() is None  # the match is open again from there


# -- the TCG --------------------------------------------------------------------------------


def test_tcg_more_support_turns_a_goal_into_a_save_and_the_kickoff_after_it_illegal() -> None:
    """TCG-7.5, TCG-7.6: with six supporters the keeper holds Hyuga's shot; the kick-off that
    followed the goal (TCG-3.3) no longer has a goal to follow."""
    match = golden("normal_time_match.txt")
    supporters = "Ryo Ishizaki,Masao Nakayama,Kazuo Tobe,Tsubasa Ozora,Taro Misaki,Mamoru Izawa"
    text = f"support side=home players='{supporters}'"
    illegal = _illegal(match, 83, text)
    assert illegal[84] == (["TCG-3.3"], False)
    decisions: dict[int, str] = {}
    for _ in range(6):
        try:
            correction = match.correct(
                CorrectionRequest(83, entry("tcg", text), None, decisions), SCORER, "six helped"
            )
            break
        except DecisionsNeeded as needed:
            decisions.update({i.number: "withdraw" for i in needed.illegal})
    texts = [c.text for c in correction.consequences if c.text]
    assert "Yuzo Morisaki catches" in texts[-1]
    assert score(match) == {"home": 0, "away": 0}


# -- stored and loaded ------------------------------------------------------------------------


@pytest.fixture
def store() -> Application[Any]:
    return Application(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def test_a_corrected_match_loads_from_its_events_and_its_snapshot_the_same(
    store: Application[Any],
) -> None:
    match = opening()
    dispute = match.dispute(10, "the die fell off the table", COACH)
    match.rule(
        dispute.number,
        "corrected",
        ["CG-5.4"],
        "rolled again",
        REFEREE,
        correction=CorrectionRequest(10, entry("card-game", "roll coach=toho value=1")),
    )
    decisions: dict[int, str] = {}
    for _ in range(5):
        try:
            request = CorrectionRequest(
                2, entry("card-game", "kickoff coach=nankatsu"), None, decisions
            )
            match.correct(request, SCORER, "Nankatsu kicked off")
            break
        except DecisionsNeeded as needed:
            decisions.update(
                {i.number: "keep" if i.keepable else "withdraw" for i in needed.illegal}
            )
    assert sorted(set(decisions.values())) == ["keep", "withdraw"]
    store.save(match)
    loaded = store.repository.get(match.id)
    assert loaded.log == match.log
    assert loaded.game == match.game
    snapshot = MatchRecord.Snapshot.take(match)
    assert snapshot.mutate(None).log == match.log
