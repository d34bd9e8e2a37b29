"""The bilingual name list: every name maps to one identity, none is ambiguous, and any text
looks up without failing (domain/names.py, domain/names.toml)."""

from __future__ import annotations

import tomllib
import unicodedata
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.names import (
    NAMES,
    AmbiguousName,
    Identity,
    NameBook,
    folded,
    lookup_form,
    name_key,
)

GAMES = ("card-game", "tcg", "king-of-the-pitch")


def _listed() -> list[dict[str, object]]:
    text = resources.files("domain").joinpath("names.toml").read_text("utf-8")
    return list(tomllib.loads(text)["name"])


def test_every_name_of_an_identity_finds_that_identity() -> None:
    for identity in NAMES.identities:
        for spelling in identity.spellings:
            assert NAMES.find(spelling) == identity, spelling
            assert name_key(spelling) == identity.key


def test_no_name_is_listed_for_two_identities_in_any_game() -> None:
    # The book refuses to build on an ambiguous name; build it whole and per game, and count
    # the file's rows so that a duplicate row merged silently would fail here too.
    assert len(NAMES.identities) == len(_listed())
    for game in GAMES:
        assert NAMES.for_game(game).identities
    english = [folded(i.en) for i in NAMES.identities]
    assert len(english) == len(set(english))


def test_every_row_is_complete_and_of_a_known_game() -> None:
    for row in _listed():
        assert row["en"] and row["ja"] and row["kind"], row
        assert set(row["games"]) <= set(GAMES), row  # type: ignore[arg-type]
        # A Japanese name is Japanese: not one an English speaker types by chance.
        assert row["ja"] != row["en"]


def test_an_ambiguous_list_is_refused() -> None:
    one = Identity("character", "Tsubasa Ozora", "大空翼")
    other = Identity("character", "Someone Else", "大空 翼")
    with pytest.raises(AmbiguousName, match="大空"):
        NameBook([one, other])


@pytest.mark.parametrize(
    ("typed", "english"),
    [
        ("大空翼", "Tsubasa Ozora"),
        ("大空 翼", "Tsubasa Ozora"),
        ("おおぞら つばさ", "Tsubasa Ozora"),
        ("オオゾラツバサ", "Tsubasa Ozora"),
        ("tsubasa  OZORA", "Tsubasa Ozora"),
        ("Ｔｓｕｂａｓａ Ｏｚｏｒａ", "Tsubasa Ozora"),  # full-width letters
        ("南葛", "Nankatsu"),
        ("ﾅﾝｶﾂ", "Nankatsu"),  # half-width katakana
        ("東邦", "Toho"),
        ("ブルー", "blue"),
        ("銀", "silver"),
        ("V.A.R.", "var"),
    ],
)
def test_a_name_is_found_in_either_language_width_and_kana(typed: str, english: str) -> None:
    assert NAMES.english(typed) == english


def test_both_names_are_shown_where_listed() -> None:
    assert NAMES.bilingual("大空翼") == "Tsubasa Ozora（大空翼）"
    assert NAMES.bilingual("tsubasa ozora") == "Tsubasa Ozora（大空翼）"
    assert NAMES.bilingual("Lucas Milton") == "Lucas Milton"
    assert NAMES.other_language("blue") == "青"
    assert NAMES.other_language("ブルー") == "blue"
    assert NAMES.other_language("Lucas Milton") == "Lucas Milton"


# Arbitrary text, with the scripts a table types most: Latin, kana, kanji, full-width forms.
_TEXT = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8"),
        st.characters(min_codepoint=0x3040, max_codepoint=0x30FF),
        st.characters(min_codepoint=0x4E00, max_codepoint=0x4E80),
        st.characters(min_codepoint=0xFF01, max_codepoint=0xFF9F),
    ),
    max_size=40,
)


@given(_TEXT)
def test_any_text_looks_up_without_failing_and_its_key_is_stable(text: str) -> None:
    key = name_key(text)
    assert isinstance(key, str)
    # The key of a key is itself: a stored key read again means the same.
    assert name_key(key) == key
    # Width does not matter: the NFKC form of a text is the same name.
    assert name_key(unicodedata.normalize("NFKC", text)) == key
    identity = NAMES.find(text)
    if identity is not None:
        assert key == identity.key
        assert NAMES.find(identity.en) == identity
    else:
        assert key == folded(text)


@given(st.sampled_from(NAMES.identities), _TEXT)
def test_a_listed_name_never_becomes_another_by_what_surrounds_it(
    identity: Identity, noise: str
) -> None:
    # Round trip: the label shows the English name and the Japanese, and each finds the
    # identity again; a listed name with other text added is not silently that identity
    # unless the whole text is one of its names.
    assert NAMES.find(identity.label().split("（")[0]) == identity
    assert NAMES.find(identity.ja) == identity
    joined = identity.en + noise
    found = NAMES.find(joined)
    assert found is None or lookup_form(joined) in {lookup_form(s) for s in found.spellings}
    # Case and width never separate two names of one identity.
    assert NAMES.same(identity.en.upper(), identity.ja)


@pytest.mark.parametrize("game", GAMES)
def test_no_listed_name_turns_one_declared_choice_into_another(game: str) -> None:
    # A choice word the game declares (a side, a colour, a value) must stay itself: listed, it
    # is an identity's English name; and two words of one field never share a key.
    from domain.registry import find_ruleset

    codec = find_ruleset(game).codec
    for kind in codec.kinds:
        for spec in codec.describe(kind):
            words = [o for o in spec.options if isinstance(o, str)]
            for word in words:
                found = NAMES.find(word)
                assert found is None or folded(found.en) == folded(word), (kind, spec.name, word)
            assert len({name_key(w) for w in words}) == len(words), (kind, spec.name)
