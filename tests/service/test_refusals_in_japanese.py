"""What the rules say, read in Japanese: refusals, prompts and the log through the `rules`
catalogue (service.i18n), the TCG's and King of the Pitch's refusals quoting their source.

The sentences themselves stay English in the domain (tests compare them byte for byte); these
tests read them through `translated` and `refusal`, as the pages and the command line do.
"""

from __future__ import annotations

import json
import pickle
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st

from domain.card_game.sentences import sentence as cg_sentence
from domain.log import stored_violation, violation_from_dict
from domain.originals import QUOTED, original, quotes_of
from domain.phrase import Phrase, phrase, phrase_data, phrase_from_data
from domain.tcg import actions as tcg_actions
from domain.tcg.expected import expected as tcg_expected
from domain.tcg.guards import in_phase
from service import i18n
from tests.domain.card_game.cg_helpers import broken as cg_broken
from tests.domain.card_game.cg_helpers import kicked_off as cg_kicked_off
from tests.domain.king_of_the_pitch.kp_helpers import broken as kp_broken
from tests.domain.king_of_the_pitch.kp_helpers import started, with_team
from tests.domain.tcg.tcg_helpers import broken as tcg_broken
from tests.domain.tcg.tcg_helpers import kicked_off as tcg_kicked_off

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT.parent / "shared" / "rules"
# A game whose refusals quote its source → the source text the quotes are copied from.
SOURCE_TEXTS = {
    "TCG": "tsubasa-tcg-2002.ja.txt",
    "KP": "king-of-the-pitch.ja-en.txt",
}
DIGEST_ID = re.compile(r"^- ((?:KP|TCG)-\d+\.\d+)\b", re.MULTILINE)


def ja(text: str) -> str:
    return i18n.translated(text, "ja")


def test_a_tcg_refusal_in_japanese_quotes_the_source_sentence_of_its_rule() -> None:
    """TCG-6.2 「移動したエリア分消費、2エリアまで」 (pay per area moved, up to 2 areas): the
    translated sentence says what went wrong, the quote what the source says."""
    state = tcg_kicked_off()
    violation = tcg_broken(state, 'move home "Tsubasa Ozora" c2')[0]
    assert str(violation) == "TCG-6.2: Tsubasa Ozora may cross at most 2 areas in one move"
    assert i18n.refusal(violation.rule, violation.message, "ja") == (
        "TCG-6.2: 大空翼は1回の移動で2エリアまでしか移動できません"
        "（原文「移動したエリア分消費、2エリアまで」）"
    )
    assert i18n.refusal(violation.rule, violation.message, "en") == str(violation)


def test_a_tcg_refusal_translates_the_words_inside_it() -> None:
    """TCG-3.3: the phases a refusal names are phrases of their own, read in Japanese too."""
    (violation,) = in_phase(tcg_kicked_off(), "TCG-3.3", "toss", "kickoff")
    assert (
        violation.message == "this belongs to the toss or the kick-off, but it is the attack phase"
    )
    assert i18n.refusal(violation.rule, violation.message, "ja") == (
        "TCG-3.3: これはトスまたはキックオフで行うものですが、今は攻撃フェイズです"
        "（原文「ボールを保持している側が攻撃側となりキックオフを行う"
        "(任意選手 1体にボールを持たせる)。」）"
    )


def test_a_king_of_the_pitch_refusal_in_japanese_quotes_the_source_sentence() -> None:
    """KP-4.2 「チームは1枚より多くのMATCHカード、3枚より多くのプレイヤーカード
    (CAPTAINカードは含まない)を持つことはできません。」 (a team cannot hold more than 1 MATCH
    card, nor more than 3 player cards, captains not counted)."""
    state = with_team(started(), "blue", match=1)
    (violation,) = kp_broken(state, "take blue 3")
    assert violation.rule == "KP-4.2"
    assert i18n.refusal(violation.rule, violation.message, "ja") == (
        "KP-4.2: 青はすでにMATCHカードを持っています。"
        "（原文「チームは1枚より多くのMATCHカード、3枚より多くのプレイヤーカード "
        "(CAPTAINカードは含まない)を持つことはできません。」）"
    )


def test_a_king_of_the_pitch_rule_written_in_english_is_quoted_in_english() -> None:
    """KP-8.3: the help page says the captain transfer only in English, so that is the quote."""
    assert original("KP-8.3") == (
        "A team can use a turn to pay the Captain transfer (2 gold cubes) and place the captain "
        "chip in their corresponding number."
    )


def test_a_card_game_refusal_in_japanese_is_translated_and_quotes_nothing() -> None:
    """CG-3.1: the card game's rulebook is English; its refusals are translated only."""
    (violation,) = cg_broken(cg_kicked_off(), "toss toho")
    assert violation.rule == "CG-3.1"
    assert i18n.refusal(violation.rule, violation.message, "ja") == (
        "CG-3.1: 今はトスはできません: マッチカードをドラフトしているところです。"
    )
    assert original("CG-3.1") is None


@pytest.mark.parametrize("prefix", sorted(QUOTED))
def test_every_rule_of_a_quoted_game_has_its_source_sentence(prefix: str) -> None:
    package = QUOTED[prefix]
    digest = (ROOT / package.replace(".", "/") / "rules.md").read_text("utf-8")
    missing = [rule for rule in DIGEST_ID.findall(digest) if rule not in quotes_of(package)]
    assert not missing


@pytest.mark.parametrize("prefix", sorted(QUOTED))
def test_every_quote_is_the_source_s_own_words(prefix: str) -> None:
    source = SOURCES / SOURCE_TEXTS[prefix]
    if not source.exists():
        pytest.skip("the rules' source texts are not beside the repository")
    text = source.read_text("utf-8")
    changed = [rule for rule, said in quotes_of(QUOTED[prefix]).items() if said not in text]
    assert not changed


def test_a_rule_without_a_quote_of_its_own_quotes_its_chapter() -> None:
    assert original("TCG-6.9") == original("TCG-6")
    assert original("") is None and original("XX-1.1") is None


def test_a_prompt_of_what_comes_next_reads_in_japanese() -> None:
    prompts = [ja(e.prompt) for e in tcg_expected(tcg_kicked_off())]
    assert "南葛（Alice）: 大空翼がパスする。" in prompts
    assert "南葛（Alice）が大空翼をc7から移動する。" in prompts


def test_a_log_sentence_reads_in_japanese_with_its_values_translated() -> None:
    names = {"nankatsu": "南葛", "toho": "東邦"}
    from domain.card_game import actions as cg

    said = cg_sentence(cg.Play("toho", "Kojiro Hyuga", 3, 1, 0), names)
    assert said == "東邦: Kojiro Hyuga (Shot 3, Pass 1)"
    assert ja(said) == "東邦: 日向小次郎（シュート3、パス1）"


def test_a_stored_violation_reads_in_japanese_again_when_stored_with_its_phrase() -> None:
    """An event stores a violation's template and values beside its text; one stored before
    (text only) reads as stored, in English."""
    (violation,) = in_phase(tcg_kicked_off(), "TCG-3.3", "toss")
    stored = json.loads(json.dumps(stored_violation(violation)))
    assert {k: stored[k] for k in ("rule", "message", "overridable")} == violation.to_dict()
    again = violation_from_dict(stored)
    assert again == violation and ja(again.message) == ja(violation.message) != violation.message
    older = violation_from_dict(violation.to_dict())
    assert ja(older.message) == violation.message
    edited = dict(stored, message="a text since corrected by hand")
    assert violation_from_dict(edited).message == "a text since corrected by hand"
    assert not isinstance(violation_from_dict(edited).message, Phrase)


def _templates() -> list[str]:
    with open(i18n.CATALOGUES / "ja" / "LC_MESSAGES" / "rules.po", "rb") as file:
        return sorted(str(m.id) for m in read_po(file) if m.id)


TEMPLATES = _templates()


def _fields(template: str) -> list[tuple[str, str, str | None]]:
    return [
        (name, spec or "", conversion)
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    ]


@st.composite
def filled(draw: st.DrawFn) -> tuple[str, dict[str, object]]:
    """A template of the catalogue and arbitrary values for its fields: text a person could
    type (any characters), whole numbers where the template formats a number."""
    template = draw(st.sampled_from(TEMPLATES))
    params: dict[str, object] = {}
    for name, spec, _conversion in _fields(template):
        params[name] = draw(st.integers(-99, 99)) if spec.endswith("d") else draw(st.text())
    return template, params


@given(filled())
def test_every_phrase_is_its_template_filled_and_keeps_typed_values_as_typed(
    case: tuple[str, dict[str, object]],
) -> None:
    template, params = case
    said = phrase(template, **params)
    assert said == template.format_map(params)
    assert pickle.loads(pickle.dumps(said)) == said
    assert phrase_from_data(json.loads(json.dumps(phrase_data(said))), said) == said
    japanese = ja(said)
    for name, _spec, conversion in _fields(template):
        value = params[name]
        if isinstance(value, str):
            assert (repr(value) if conversion == "r" else value) in japanese, name


@given(st.text(), st.text())
def test_typed_text_is_shown_as_typed(name: str, other: str) -> None:
    assert ja(name) == name
    said = phrase("{team} already drafted this round.", team=name)
    assert ja(said) == f"{name}はこのラウンドですでにドラフトしました。"
    assert ja(phrase("{said} and {word}", said=name, word=other)) == f"{name}と{other}"


def test_the_tcg_move_entry_s_help_reads_in_japanese() -> None:
    from domain.tcg.actions import HELP

    assert ja(HELP["move"]).startswith("TCG-6.2 フィールドの選手を移動する")
    assert tcg_actions.HELP["move"] == HELP["move"]
