"""The notation's refusals and their did-you-mean are phrases: read in Japanese through the
`rules` catalogue, and in English exactly as before (tests and stored texts compare them)."""

from __future__ import annotations

import pytest

from domain.notation import parse_action
from domain.phrase import Phrase, said_by
from domain.registry import find_ruleset
from domain.rejudge import BecameIllegal, DecisionsNeeded
from domain.ruleset import MalformedAction, Violation
from domain.suggestions import did_you_mean
from service.i18n import translated

CODEC = find_ruleset("card-game").codec


def refusal(text: str) -> str:
    with pytest.raises(MalformedAction) as refused:
        CODEC.from_dict(parse_action(CODEC, text))
    said = said_by(refused.value)
    assert isinstance(said, Phrase) and said == str(refused.value)
    return said


def test_did_you_mean_is_a_phrase_of_its_own() -> None:
    hint = did_you_mean("tohp", ["nankatsu", "toho"])
    assert hint == " (did you mean toho?)"
    assert translated(hint, "ja") == "（toho のことですか？）"
    several = did_you_mean("kickof", ["kickoff", "et-kickoff", "toss"])
    assert several == " (did you mean kickoff or et-kickoff?)"
    assert translated(several, "ja") == "（kickoff または et-kickoff のことですか？）"


@pytest.mark.parametrize(
    ("text", "english", "japanese"),
    [
        (
            "toss winner=tohp",
            "toss: winner must be one of nankatsu, toho, not 'tohp' (did you mean toho?)",
            "toss: winner は nankatsu、toho のいずれかです。'tohp' ではありません"
            "（toho のことですか？）",
        ),
        (
            "toss winner=toho winner=toho",
            "toss: winner is given twice",
            "toss: winner が2回指定されています",
        ),
        (
            "toss toho nankatsu yes",
            "toss: too many values ('yes' has no field to fill)",
            "toss: 値が多すぎます（'yes' を入れる項目がありません）",
        ),
        (
            'toss "toho',
            """cannot read 'toss "toho': no closing quotation (the " at column 6)""",
            """'toss "toho' を読めません: 引用符が閉じていません（6 文字目の "）""",
        ),
        ("   ", "an empty entry", "記録が空です"),
        (
            "roll coach=toho value=five",
            "roll: value must be a whole number, not 'five'",
            "roll: value は整数で指定してください（'five' ではなく）",
        ),
    ],
)
def test_a_refusal_of_the_notation_reads_in_either_language(
    text: str, english: str, japanese: str
) -> None:
    said = refusal(text)
    assert said == english
    assert translated(said, "ja") == japanese


def test_entries_that_became_illegal_are_listed_as_a_phrase() -> None:
    broken = Violation("CG-3.1", "nope")
    error = DecisionsNeeded([BecameIllegal(4, "play", (broken,)), BecameIllegal(6, "roll", ())])
    assert str(error) == (
        "entries after the correction became illegal, keep or withdraw each: "
        "entry 4 (play): CG-3.1; entry 6 (roll): "
    )
    assert translated(said_by(error), "ja").startswith(
        "訂正によって、その後の記録がルールに合わなくなりました。"
    )
