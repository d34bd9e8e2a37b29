"""Tab completion of the notation: whole lines back, what is legal now first, names in quotes."""

from __future__ import annotations

from domain.card_game.actions import CODEC
from domain.completion import CompletionContext, completions, names_seen
from domain.log import Entry
from domain.ruleset import Expected

NOW = (
    Expected("play", "Toho plays", by="toho", fixed={"coach": "toho"}),
    Expected("pass", "Toho passes", by="toho", fixed={"coach": "toho"}),
    Expected("gain", "an ability", by="toho", fixed={"coach": "toho", "card": "Kojiro Hyuga"}),
)
CONTEXT = CompletionContext(CODEC, NOW, ["Kojiro Hyuga", "Ken Wakashimazu"])


def test_the_kind_completes_with_the_kinds_legal_now_first() -> None:
    assert completions(CONTEXT, "")[:3] == ["play ", "pass ", "gain "]
    assert completions(CONTEXT, "p") == ["play ", "pass "]
    assert completions(CONTEXT, "kick") == ["kickoff "]


def test_a_side_completes_from_what_the_situation_fixes_in_any_case() -> None:
    assert completions(CONTEXT, "play T") == ["play toho "]
    # A kind not legal now offers every value the game declares.
    assert completions(CONTEXT, "kickoff ") == [
        "kickoff nankatsu ",
        "kickoff toho ",
        "kickoff coach=",
    ]


def test_a_name_completes_inside_the_quote_it_was_started_with() -> None:
    assert completions(CONTEXT, 'play toho "Koj') == ['play toho "Kojiro Hyuga" ']
    assert completions(CONTEXT, "play toho K") == [
        "play toho 'Kojiro Hyuga' ",
        "play toho 'Ken Wakashimazu' ",
    ]


def test_field_names_and_choice_values_complete() -> None:
    assert completions(CONTEXT, "play toho X sh") == ["play toho X shot="]
    assert completions(CONTEXT, "play toho X shot=3 p") == ["play toho X shot=3 pass="]
    assert completions(CONTEXT, "draft toho source=p") == ["draft toho source=pitch "]
    assert completions(CONTEXT, "gain toho X points=shot,p") == ["gain toho X points=shot,pass "]


def test_nothing_completes_after_an_unknown_kind() -> None:
    assert completions(CONTEXT, "xyzzy to") == []


def test_names_seen_come_from_the_log_and_the_situation_most_recent_first() -> None:
    log = [
        Entry(number=1, by="a", at="t", action={"kind": "play", "coach": "toho", "card": "A"}),
        Entry(number=2, by="a", at="t", action={"kind": "play", "coach": "nankatsu", "card": "B"}),
        Entry(number=3, by="a", at="t", action={"kind": "toss", "winner": "toho"}),
    ]
    assert names_seen(CODEC, log, NOW) == ["Kojiro Hyuga", "B", "A"]
