"""CG-1.3 through a correction: a corrected play is checked against the card's printed values
as a new play is (the match's own first values before its place, else a card list's), and the
plays judged again after it against the corrected history; overridable, naming the card and
where its values came from. Only what the correction changed counts."""

from __future__ import annotations

import pytest

from domain.log import Entry
from domain.match import CorrectionRequest, MatchRecord, RuleBroken
from domain.printed import NO_CARDS, CardLibrary, MissingValues, PrintedCard
from domain.rejudge import DecisionsNeeded, ValuesJudged
from tests.domain.settling import SCORER, entry, recorded
from tests.opening import OPENING, SETUP

HYUGA = "Kojiro Hyuga"
LISTED = "in the installation's card list"
LIST = CardLibrary((PrintedCard(HYUGA, (3, 1, 0), "toho", LISTED),))
# Toho wins a Pass in round 1 and keeps the ball: Hyuga is played again in round 2, entry 14.
TWO_PLAYS = [
    *OPENING[:8],
    "declare coach=toho action=pass",
    "roll coach=toho value=6",
    "roll coach=nankatsu value=1",
    "draft coach=nankatsu source=pitch",
    "draft coach=toho source=deck",
    f'play coach=toho card="{HYUGA}" shot=3 pass=1 defense=0',
]
FIRST, SECOND = 5, 14


def two_plays() -> MatchRecord:
    match = recorded("card-game", SETUP, TWO_PLAYS)
    assert match.log[SECOND - 1].action["card"] == HYUGA  # type: ignore[union-attr]
    return match


def correct(
    match: MatchRecord,
    number: int,
    text: str,
    cards: CardLibrary = NO_CARDS,
    override: str | None = None,
    **decisions: str,
) -> None:
    request = CorrectionRequest(
        number,
        entry("card-game", text),
        override,
        {int(n.lstrip("e")): d for n, d in decisions.items()},
    )
    match.correct(request, SCORER, "the table misread it", values=ValuesJudged(cards))


def hyuga(values: str) -> str:
    return f'play coach=toho card="{HYUGA}" {values}'


def test_cg_1_3_a_correction_typing_other_values_than_earlier_in_the_match_is_refused() -> None:
    match = two_plays()
    with pytest.raises(RuleBroken) as refused:
        correct(match, SECOND, hyuga("shot=3 pass=2 defense=0"))
    (violation,) = refused.value.violations
    assert violation.rule == "CG-1.3" and violation.overridable
    assert violation.message == (
        "Kojiro Hyuga prints Shot 3, Pass 1, Defense 0 (as recorded earlier in this match), "
        "not Shot 3, Pass 2, Defense 0."
    )
    assert match.version == len(TWO_PLAYS) + 1  # nothing was recorded


def test_cg_1_3_a_correction_typing_other_values_than_a_card_lists_names_the_list() -> None:
    match = two_plays()
    with pytest.raises(RuleBroken) as refused:
        correct(match, FIRST, hyuga("shot=4 pass=1 defense=0"), LIST)
    (violation,) = refused.value.violations
    assert violation.rule == "CG-1.3"
    assert f"Kojiro Hyuga prints Shot 3, Pass 1, Defense 0 ({LISTED})" in violation.message


def test_cg_1_3_the_table_may_override_a_corrections_values() -> None:
    match = two_plays()
    correct(match, SECOND, hyuga("shot=3 pass=2 defense=0"), override="a reprint")
    correction = match.log[-1]
    assert isinstance(correction, Entry) and correction.override == "a reprint"
    assert [v.rule for v in correction.violations] == ["CG-1.3"]


def test_cg_1_3_correcting_the_first_play_of_a_card_judges_its_later_plays_again() -> None:
    """Entry 5 printed Shot 4, not 3: the play of entry 14, typed 3 1 0 as entry 5 was, now
    breaks CG-1.3 against the corrected values; the corrector keeps it or withdraws it."""
    match = two_plays()
    with pytest.raises(DecisionsNeeded) as needed:
        correct(match, FIRST, hyuga("shot=4 pass=1 defense=0"))
    (illegal,) = needed.value.illegal
    assert illegal.number == SECOND and illegal.keepable
    (violation,) = illegal.violations
    assert violation.rule == "CG-1.3"
    assert violation.message == (
        "Kojiro Hyuga prints Shot 4, Pass 1, Defense 0 (as recorded earlier in this match), "
        "not Shot 3, Pass 1, Defense 0."
    )
    correct(match, FIRST, hyuga("shot=4 pass=1 defense=0"), e14="keep")
    kept = match.log[SECOND - 1]
    assert isinstance(kept, Entry) and [v.rule for v in kept.violations] == ["CG-1.3"]
    assert kept.override == "the table misread it"
    found = match.ruleset.learned_cards(match.game).find(HYUGA)
    assert found is not None and found.values == (4, 1, 0)


def test_cg_1_3_a_later_play_the_table_overrode_before_stands_as_it_was() -> None:
    """Entry 14 typed other values under an override already: correcting an unrelated entry
    judges it as it was, and no decision is asked for."""
    lines = [*TWO_PLAYS[:-1], hyuga("shot=3 pass=2 defense=0")]
    match = MatchRecord.start("card-game", SETUP, SCORER)
    for line in lines:
        match.record(entry("card-game", line), SCORER, override="a reprint", cards=NO_CARDS)
    correct(match, 10, "roll coach=toho value=5")
    assert match.log[-1].type == "correction"


def test_cg_1_3_a_match_written_before_values_were_checked_is_judged_as_it_was() -> None:
    """A match whose two plays of a card differ without an override (recorded before the
    check) takes a correction of an unrelated entry without a decision about them."""
    lines = [*TWO_PLAYS[:-1], hyuga("shot=3 pass=2 defense=0")]
    match = recorded("card-game", SETUP, lines)  # recorded unchecked, as a file's lines are
    correct(match, 10, "roll coach=toho value=5", LIST)
    assert match.log[-1].type == "correction"


def test_cg_1_3_a_correction_leaving_values_out_is_filled_from_those_known() -> None:
    match = two_plays()
    correct(match, SECOND, f'play coach=toho card="{HYUGA}" shot=5', override="a reprint")
    # The Shot typed counts (under the override); Pass and Defense come from entry 5, not 0.
    correction = match.log[-1]
    assert correction.type == "correction"
    assert isinstance(correction, Entry)
    assert [correction.action[name] for name in ("shot", "pass", "defense")] == [5, 1, 0]


def test_cg_1_3_a_correction_leaving_values_of_an_unknown_card_out_is_refused() -> None:
    match = two_plays()
    with pytest.raises(MissingValues, match="Kazuki Sorimachi's printed pass, defense"):
        correct(match, FIRST, 'play coach=toho card="Kazuki Sorimachi" shot=3')
