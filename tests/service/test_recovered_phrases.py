"""Stored consequence texts read again as the phrases they were made from
(service/recovered_phrases.py): exactly the stored text once formatted, the same Japanese as the
consequence made afresh, the most specific template where several say a text, and nothing done
for an English reader."""

from __future__ import annotations

import json
from string import Formatter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.consequences import from_dict
from domain.notation import parse_action
from domain.phrase import Phrase, commas, lines, phrase
from domain.registry import find_ruleset
from service.i18n import translated
from service.recovered_phrases import (
    TEMPLATES,
    PhraseFinder,
    recovered,
    rules_finder,
    template_texts,
)
from tests.service.test_golden_matches import CASES, golden_lines

CATALOGUE = [text for text in template_texts(TEMPLATES) if text]
WITH_VALUES = [text for text in CATALOGUE if any(name for _, name, _, _ in Formatter().parse(text))]
# The catalogue's own words, to draw values that hold them (a name with `, ` or ` and ` in it).
WORDS = sorted(
    {literal for text in CATALOGUE for literal, *_ in Formatter().parse(text) if literal}
)


def fields(template: str) -> list[tuple[str, str, str | None]]:
    return [(name, spec, conv) for _, name, spec, conv in Formatter().parse(template) if name]


def plain_text() -> st.SearchStrategy[str]:
    """Any text, often made of the templates' own words."""
    part = st.one_of(st.text(max_size=8), st.sampled_from(WORDS))
    return st.lists(part, max_size=4).map("".join)


@st.composite
def catalogue_phrases(draw: st.DrawFn) -> Phrase:
    template = draw(st.sampled_from(WITH_VALUES))
    params: dict[str, Any] = {}
    for name, spec, _ in fields(template):
        if name not in params:
            params[name] = draw(st.integers(-99, 99) if spec else plain_text())
    return phrase(template, **params)


@settings(max_examples=300, deadline=None)
@given(catalogue_phrases())
def test_a_stored_text_reads_back_as_a_phrase_saying_exactly_it(made: Phrase) -> None:
    stored = str(made)
    found = rules_finder().phrase(stored)
    if found is not None:
        assert found == stored
        assert found.template.format_map(found.params) == stored
    # A template with words of its own (more than spaces and marks between values, which
    # would cut names people typed) and each value named once always explains a text it
    # made, if only by itself.
    literals = "".join(literal for literal, *_ in Formatter().parse(made.template))
    names = [name for name, _, _ in fields(made.template)]
    if sum(c.isalpha() for c in literals) > 1 and len(set(names)) == len(names):
        assert found is not None
    assert str(recovered(stored, "ja")) == stored


@settings(max_examples=200, deadline=None)
@given(plain_text())
def test_any_text_reads_back_as_itself_or_a_phrase_saying_exactly_it(text: str) -> None:
    assert str(recovered(text, "ja")) == text


def test_an_english_reader_pays_nothing() -> None:
    stored = "Nankatsu win the toss and choose who kicks off."
    finder = PhraseFinder(["{team} win the toss and choose who kicks off."])
    assert finder.phrase(stored) is not None
    assert recovered(stored, "en") is stored
    assert not isinstance(recovered(stored, "en"), Phrase)


def test_a_phrase_made_afresh_reads_as_its_stored_twin() -> None:
    """A rule that put a word of the catalogue in as plain text (a team's name) says the same
    before its text is stored and after."""
    made = phrase("{team} win the toss and choose who kicks off.", team="Nankatsu")
    stored = str(made)
    assert translated(recovered(made, "ja"), "ja") == translated(recovered(stored, "ja"), "ja")
    assert "南葛" in translated(recovered(made, "ja"), "ja")
    board = lines([phrase("Nankatsu"), "Kojiro Hyuga"])
    assert recovered(board, "ja") is board


def test_the_toss_reads_in_japanese_once_stored() -> None:
    stored = "Nankatsu win the toss and choose who kicks off."
    found = recovered(stored, "ja")
    assert isinstance(found, Phrase)
    assert found.template == "{team} win the toss and choose who kicks off."
    assert translated(found, "ja") == translated(
        phrase("{team} win the toss and choose who kicks off.", team=phrase("Nankatsu")), "ja"
    )
    assert "Nankatsu" not in translated(found, "ja")


def test_a_value_that_is_a_phrase_is_read_as_one() -> None:
    """`{by_app}` is ` (rolled by the app)`, the printed values a list of phrases."""
    rolled = rules_finder().phrase("Toho roll 5 (rolled by the app)")
    assert rolled is not None and rolled.template == "{coach} roll {value}{by_app}"
    assert rolled.params["by_app"].template == " (rolled by the app)"
    assert rolled.params["value"] == "5"
    stored = "Toho play Kojiro Hyuga (Shot 4, Pass 2)."
    played = rules_finder().phrase(stored)
    assert played is not None
    values = played.params["values"]
    assert values.template == "{said}, {word}"
    made = printed_values(("Shot", 4), ("Pass", 2))
    assert translated(values, "ja") == translated(made, "ja") == "シュート4、パス2"


def printed_values(*values: tuple[str, int]) -> str:
    """A card's printed values as the rules say them (domain/sentences.py)."""
    return commas(
        phrase("{value_name} {value}", value_name=phrase(word), value=value)
        for word, value in values
    )


def test_values_explained_by_templates_count_as_the_template_s_own_words() -> None:
    """A generic template whose value is a phrase explains more than a specific one whose
    value is left plain; explaining as much, the one with more words of its own."""
    generic = PhraseFinder(["{team} take {where}.", "{team} take the {card} from the Pitch."])
    assert generic.phrase("Toho take the Signing card from the Pitch.").template == (
        "{team} take the {card} from the Pitch."
    )
    finder = PhraseFinder(
        ["{team} take {where}.", "{team} take the {card} from the Pitch.", "the top card"]
    )
    found = finder.phrase("Toho take the top card.")
    assert found is not None and found.template == "{team} take {where}."
    assert found.params["where"].template == "the top card"
    tie = PhraseFinder(["{a} beat {b} today", "{a} {verb} {b} today", "beat", "Toho"])
    found = tie.phrase("Toho beat Nankatsu today")
    assert found is not None and found.template == "{a} beat {b} today"


def test_a_sentence_s_full_stop_is_its_own() -> None:
    """Of two parses explaining as much, the one whose template ends with the full stop."""
    finder = PhraseFinder(["{text}, {where}.", "{who} take a card {how}", "for free", "Blue"])
    found = finder.phrase("Blue take a card for free, into the hand.")
    assert found is not None and found.template == "{text}, {where}."
    assert found.params["text"].template == "{who} take a card {how}"


def test_a_name_of_several_words_is_not_cut_at_a_word_of_the_rules() -> None:
    """`Nankatsu Reserve FW` is a name; its first word is also a team's."""
    found = rules_finder().phrase(
        "Penalty: Nankatsu Reserve FW fails (5 against Ken Wakashimazu's 9)."
    )
    assert found is not None
    assert found.params["kicker"] == "Nankatsu Reserve FW"
    assert not isinstance(found.params["kicker"], Phrase)
    assert isinstance(found.params["verdict"], Phrase)


def test_names_with_marks_in_them_stay_names() -> None:
    finder = rules_finder()
    assert finder.phrase("Kitazume's Notebook") is None
    assert finder.phrase("Masao Nakayama, Tsubasa Ozora") is None
    assert finder.phrase("Kojiro Hyuga") is None
    shot = finder.phrase("Shot 3, Pass 1")
    assert shot is not None and shot == "Shot 3, Pass 1"


def test_text_no_template_explains_stays_as_stored() -> None:
    stored = "The referee reviews the goal on a screen."
    assert recovered(stored, "ja") == stored
    assert not isinstance(recovered(stored, "ja"), Phrase)


def fresh_and_stored(ruleset: str, name: str, setup: dict[str, Any]) -> list[tuple[str, str]]:
    """Each consequence a golden match says, as the rules made it and as a store gives it back."""
    rules = find_ruleset(ruleset)
    package = type(rules).__module__.rsplit(".", 1)[0]
    state = rules.initial_state(rules.make_setup(setup))
    said = []
    for line in golden_lines(name):
        outcome = rules.apply(state, rules.action_from_dict(parse_action(rules.codec, line)))
        state = outcome.state
        for made in outcome.consequences:
            if made.text:
                stored = from_dict(json.loads(json.dumps(made.to_dict())), package)
                said.append((made.text, stored.text))
    return said


def catalogue_words_left_plain(text: str) -> list[str]:
    """Values a rule put into its phrase as plain text though the catalogue has them as
    templates (a team's name, `nobody`): the stored text reads them as phrases, and so
    translates them where the phrase made afresh does not."""
    if not isinstance(text, Phrase):
        return [text] if rules_finder().phrase(text) is not None else []
    return [word for value in text.params.values() for word in catalogue_words_left_plain(value)]


@pytest.mark.parametrize(("ruleset", "name", "setup"), [case[:3] for case in CASES])
def test_a_golden_match_s_consequences_read_in_japanese_once_stored(
    ruleset: str, name: str, setup: dict[str, Any]
) -> None:
    said = fresh_and_stored(ruleset, name, setup)
    assert len(said) > 50
    left_english = [stored for _, stored in said if not isinstance(recovered(stored, "ja"), Phrase)]
    assert left_english == []
    for made, stored in said:
        assert isinstance(made, Phrase) and not isinstance(stored, Phrase)
        assert stored == made
        japanese = translated(recovered(stored, "ja"), "ja")
        assert translated(recovered(made, "ja"), "ja") == japanese, made
        if not catalogue_words_left_plain(made):
            assert japanese == translated(made, "ja"), made


def test_a_fresh_consequence_and_its_stored_twin_say_the_same_in_japanese() -> None:
    """Where the phrase made afresh holds its words as phrases, its stored twin reads the same."""
    made = phrase(
        "{team} play {name} ({values}){via}.",
        team=phrase("Toho"),
        name="Kojiro Hyuga",
        values=printed_values(("Shot", 4), ("Pass", 2), ("Defense", 1)),
        via="",
    )
    stored = from_dict(json.loads(json.dumps({"kind": "x", "text": made, "data": {}}))).text
    assert not isinstance(stored, Phrase)
    assert translated(recovered(stored, "ja"), "ja") == translated(made, "ja")
    assert translated(made, "ja") != made
