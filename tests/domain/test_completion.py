"""Tab completion of the notation: whole lines back, what is legal now first, names in quotes;
sides, words and cards listed in two languages from their Japanese too."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.card_game.actions import CODEC
from domain.completion import CompletionContext, completions, names_seen
from domain.king_of_the_pitch.actions import CODEC as KP_CODEC
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


SEEN_IN_BOTH = CompletionContext(CODEC, NOW, ["Tsubasa Ozora", "日向小次郎", "Kojiro Hyuga", "X"])


def test_a_side_completes_from_its_japanese_name_or_reading_in_either_kana_or_width() -> None:
    for typed in ("東", "とう", "トウ", "ﾄｳ"):
        assert completions(CONTEXT, "kickoff " + typed) == ["kickoff 東邦 "]
    assert completions(CONTEXT, "kickoff coach=南") == ["kickoff coach=南葛 "]


def test_a_card_completes_from_its_japanese_name_or_reading_unquoted() -> None:
    assert completions(SEEN_IN_BOTH, "play 南葛 大") == ["play 南葛 大空翼 "]
    assert completions(SEEN_IN_BOTH, "play 南葛 おおぞら") == ["play 南葛 大空翼 "]
    assert completions(SEEN_IN_BOTH, 'play 南葛 "大空') == ['play 南葛 "大空翼" ']
    # Seen under both names: offered once, in the language typed.
    assert completions(SEEN_IN_BOTH, "play 東邦 日向") == ["play 東邦 日向小次郎 "]
    assert completions(SEEN_IN_BOTH, "play 東邦 Koj") == ["play 東邦 'Kojiro Hyuga' "]


def test_a_card_seen_only_in_japanese_completes_from_its_english_name() -> None:
    context = CompletionContext(CODEC, NOW, ["日向小次郎"])
    assert completions(context, "play toho Koj") == ["play toho 'Kojiro Hyuga' "]


def test_latin_letters_complete_as_before_and_never_to_japanese() -> None:
    assert completions(SEEN_IN_BOTH, "kickoff t") == ["kickoff toho "]
    assert completions(SEEN_IN_BOTH, "play toho Ts") == ["play toho 'Tsubasa Ozora' "]
    assert completions(SEEN_IN_BOTH, "play toho ") == [
        "play toho 'Tsubasa Ozora' ",
        "play toho 日向小次郎 ",
        "play toho 'Kojiro Hyuga' ",
        "play toho X ",
        "play toho card=",
        "play toho shot=",
        "play toho pass=",
        "play toho defense=",
        "play toho via=",
    ]


def test_king_of_the_pitch_words_complete_from_the_sources_japanese() -> None:
    context = CompletionContext(KP_CODEC)
    assert completions(context, "challenge 青") == ["challenge 青 "]
    assert completions(context, "challenge ブ") == ["challenge ブルー "]  # the source's variant
    assert completions(context, "reveal blue 1 card=ボ") == ["reveal blue 1 card=ボーナス "]


@given(st.text(max_size=40), st.lists(st.text(max_size=12), max_size=4))
def test_completion_never_raises_on_any_text_and_returns_finished_words(
    line: str, names: list[str]
) -> None:
    context = CompletionContext(CODEC, NOW, [*names, "大空翼", "Kojiro Hyuga"])
    for typed in (line, "play 南葛 " + line, "kickoff " + line, "play toho '" + line):
        # Each a whole line whose last word is done: a value (and a space) or a field's `=`.
        assert all(one.endswith((" ", "=")) for one in completions(context, typed))
