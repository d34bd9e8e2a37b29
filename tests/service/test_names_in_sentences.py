"""Names in the sentences of a Japanese session (issue 15): a team or character the name list
knows reads by its Japanese name inside a translated phrase, whether the rules made it a
phrase or it arrives as a plain value; what a person typed is never rewritten, even where it
spells a listed name. English is the very text the rules made."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from domain.card_game.setup import CardGameSetup
from domain.names import NAMES, PROPER_NAMES
from domain.phrase import AsTyped, as_typed, commas, either, listed, phrase
from domain.registry import find_ruleset
from domain.suggestions import did_you_mean
from domain.tcg.guards import PHASE_NAMES
from service.i18n import listed_name, translated
from service.views import stored_title, title_for


def ja(text: str) -> str:
    return translated(text, "ja")


def test_a_listed_name_among_a_phrase_s_plain_values_reads_in_japanese() -> None:
    said = phrase("{team} draw {count}", team="Toho", count=4)
    assert ja(said) == translated(phrase("{team} draw {count}", team=phrase("Toho"), count=4), "ja")
    assert "東邦" in ja(said) and "Toho" not in ja(said)
    assert ja(phrase("{a} or {b}", a="Tsubasa Ozora", b="Kojiro Hyuga")) == "大空翼 or 日向小次郎"


def test_names_in_a_list_the_rules_made_read_in_japanese() -> None:
    cards = listed(["Tsubasa Ozora", "Taro Misaki", "Lucas Milton"])
    assert ja(cards) == "大空翼、岬太郎、Lucas Milton"
    assert ja(phrase("{cards}", cards=cards)) == "大空翼、岬太郎、Lucas Milton"
    assert ja(listed([as_typed("Toho"), "Toho"])) == "Toho、東邦"


def test_only_the_exact_english_spelling_is_a_name_a_key_to_type_is_not() -> None:
    # `toho` is the key a hint asks to type (`coach=toho`), `red` and `match` King of the
    # Pitch's keys: left as they are.
    for key in ("toho", "nankatsu", "TOHO", "Toho ", "red", "match", "gold", "player"):
        assert ja(phrase("coach={key}", key=key)) == f"coach={key}"
        assert listed_name(key, "ja") == key


def test_a_coach_called_alice_and_a_coach_called_toho_keep_their_names() -> None:
    """A coach is a person: a coach who calls themselves `Toho` is not the team 東邦. Their name
    enters a side's label marked as typed, and stays as typed in every language."""
    setup = CardGameSetup("nankatsu", "toho", (("nankatsu", "Toho"), ("toho", "Alice")))
    assert setup.label("nankatsu") == "Nankatsu (Toho)"
    assert ja(setup.label("nankatsu")) == "南葛（Toho）"
    assert ja(setup.label("toho")) == "東邦（Alice）"
    title = title_for(find_ruleset("card-game"), setup)
    assert title == "Nankatsu (Toho) vs Toho (Alice)"
    assert ja(title) == "南葛（Toho） vs 東邦（Alice）"


def test_text_outside_a_phrase_is_never_looked_at() -> None:
    # An annotation, a coach's name shown on its own, a note: plain text, shown as typed.
    for typed in ("Toho", "Tsubasa Ozora", "Alice", "Toho draw 4"):
        assert ja(typed) == typed
        assert ja(as_typed(typed)) == typed
        assert ja(phrase("note: {text}", text=as_typed(typed))) == f"note: {typed}"


def test_a_team_list_s_own_team_name_stays_unless_it_is_a_listed_team() -> None:
    assert ja(phrase("{team} ({coach})", team="Blue Lions", coach=as_typed("Alice"))) == (
        "Blue Lions（Alice）"
    )
    assert ja(phrase("{team} ({coach})", team="Nankatsu", coach=as_typed("Alice"))) == (
        "南葛（Alice）"
    )


def test_english_is_the_text_the_rules_made() -> None:
    said = phrase("{team} draw {count}", team="Toho", count=4)
    assert translated(said, "en") == "Toho draw 4"
    assert translated(as_typed("Toho"), "en") == "Toho"


def test_typed_text_keeps_its_mark_through_pickling_and_is_plain_text_otherwise() -> None:
    typed = as_typed("Toho")
    assert isinstance(typed, AsTyped) and typed == "Toho" and hash(typed) == hash("Toho")
    kept = pickle.loads(pickle.dumps(phrase("{coach}", coach=typed)))
    assert isinstance(kept.params["coach"], AsTyped) and ja(kept) == "Toho"
    assert as_typed(typed) is typed


@given(st.text())
def test_typed_text_is_never_rewritten(text: str) -> None:
    assert ja(phrase("{team} ({coach})", team="Toho", coach=as_typed(text))) == f"東邦（{text}）"


@given(st.text())
def test_a_plain_value_changes_only_when_it_is_a_listed_name(text: str) -> None:
    shown = ja(phrase("[{value}]", value=text))
    if text in PROPER_NAMES:
        identity = NAMES.find(text)
        assert identity is not None and shown == f"[{identity.ja}]"
    else:
        assert shown == f"[{text}]"


def test_every_listed_team_and_character_reads_in_japanese() -> None:
    for name in PROPER_NAMES:
        identity = NAMES.find(name)
        assert identity is not None
        assert ja(phrase("{name}", name=name)) == identity.ja


def test_a_stored_title_reads_in_japanese_when_it_reads_back_to_the_very_text() -> None:
    assert ja(stored_title("Nankatsu (翼) vs Toho (日向)")) == "南葛（翼） vs 東邦（日向）"
    assert ja(stored_title("Nankatsu (Toho) vs Toho (Alice)")) == "南葛（Toho） vs 東邦（Alice）"
    assert stored_title("Nankatsu (翼) vs Toho (日向)") == "Nankatsu (翼) vs Toho (日向)"
    # A name with brackets of its own, a title worded otherwise: shown as kept.
    for kept in ("Toho (A (B)) vs Nankatsu (C)", "Toho vs Nankatsu", "", "Toho (Bob)  vs X (Y)"):
        assert ja(stored_title(kept)) == kept


@given(st.text(), st.text())
def test_a_stored_title_of_any_coaches_reads_back_as_kept(home: str, away: str) -> None:
    setup = CardGameSetup("nankatsu", "toho", (("nankatsu", home), ("toho", away)))
    title = title_for(find_ruleset("card-game"), setup)
    recovered = stored_title(str(title))
    assert recovered == str(title)
    assert ja(recovered) in (ja(title), str(title))


def test_either_joins_sentence_words_and_typed_words_as_japanese_does() -> None:
    phases = either([PHASE_NAMES["attack"], PHASE_NAMES["defense"]])
    assert " " not in ja(phases) and "または" in ja(phases)
    assert did_you_mean("kickof", ["kickoff", "et-kickoff"]) == (
        " (did you mean kickoff or et-kickoff?)"
    )
    assert ja(did_you_mean("kickof", ["kickoff", "et-kickoff"])) == (
        "（kickoff または et-kickoff のことですか？）"
    )
    assert ja(commas(["a", "b", "c"])) == "a、b、c"
