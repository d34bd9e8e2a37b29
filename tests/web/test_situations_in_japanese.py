"""Issue 15: the situation boards and the scorer's glance of every game read in Japanese on a
Japanese page, at every step of the golden matches (tests/service/test_golden_matches.py):
no word in Latin letters but the names the table typed, the names of cards the name list has
no Japanese for, and the notation the boards show on purpose (`ALLOWED`, each explained). And
the log's badge of an entry taken out of force says how in the page's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from domain.names import NAMES
from service.app import Touchline
from service.entries import parse_entry
from tests.opening import OPENING
from tests.service.test_golden_matches import CASES, golden_lines, record_as_the_table_did
from tests.web.api_support import enter
from tests.web.conftest import become_scorer
from web.replay import FRAMES_PER_RUN

JA = {"Accept-Language": "ja-JP,ja;q=0.9"}
AUTHOR = Author("alice", "2026-11-29T20:00:00+00:00")

# A word in Latin letters: `V.A.R.`, `Kitazume's` and `CAPTAIN-TRANSFER` are one word each;
# the letters of `a1` or `S-1` are a word without their digits.
WORD = re.compile(r"[A-Za-z]+(?:['.\-][A-Za-z]+)*\.?")

# The notation a board shows in Latin letters on purpose, in Japanese as in English.
ALLOWED = {
    "card-game": {
        # A card's printed Shot, Pass and Defense points, in the play area's columns, the bank
        # and a booking (`S-1`): the letters the cards print, which the catalogue keeps
        # (`S` is `S` in Japanese).
        "S",
        "P",
        "D",
    },
    "tcg": {
        # A player card's printed Shot, Keep and Defense, in the title of its token (`S5 K1 D3`).
        "S",
        "K",
        "D",
        # The field's columns, in the rules' names of its areas (`a1` to `e9`, TCG-3).
        "a",
        "b",
        "c",
        "d",
        "e",
        # The positions a player card prints, as Japanese football writes them too.
        "GK",
        "DF",
        "MF",
        "FW",
        # A penalty kick, as Japanese writes it (PK戦, PKのキッカー).
        "PK",
    },
    "king-of-the-pitch": {
        # The event cards' printed titles, which the Japanese rules keep in Latin letters
        # (KP-3.3: 「V.A.R.カード」, KP-4.2: 「MATCHカード」): the line shows a card's type as
        # printed (`VAR`, `CAPTAIN-TRANSFER`), a team's counts its cards (`V.A.R. 1`).
        "MATCH",
        "V.A.R.",
        "VAR",
        "BONUS",
        "CAPTAIN-TRANSFER",
        # A penalty kick, as Japanese writes it (the duel's shoot-out: PK 戦).
        "PK",
    },
}

VOID = {"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Shown(HTMLParser):
    """What a reader is shown of the first element whose class starts with `kind` (its text,
    and its aria-label and title attributes, which a screen reader or a hover shows), less
    the parts that are not the board's words: the score news (the entry's consequence as it
    was stored, English text that no page translates) and the text box's board (the rules'
    lines, tested by tests/web/test_boards_on_pages_in_japanese.py)."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind
        self.depth = 0
        self.skipped_at = 0
        self.done = False
        self.shown: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        classes = (given.get("class") or "").split()
        if self.depth == 0 and (self.done or classes[:1] != [self.kind]):
            return
        if tag in VOID:
            if self.depth and not self.skipped_at:
                self._attributes(given)
            return
        self.depth += 1
        if not self.skipped_at and ("score-news" in classes or "situation-text" in classes):
            self.skipped_at = self.depth
        if not self.skipped_at:
            self._attributes(given)

    def _attributes(self, given: dict[str, str | None]) -> None:
        self.shown += [given[name] or "" for name in ("aria-label", "title") if name in given]

    def handle_endtag(self, tag: str) -> None:
        if not self.depth or tag in VOID:
            return
        if self.skipped_at == self.depth:
            self.skipped_at = 0
        self.depth -= 1
        if self.depth == 0:
            self.done = True

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skipped_at:
            self.shown.append(data)


def shown(page: str, kind: str) -> str:
    found = _Shown(kind)
    found.feed(page)
    assert found.done, f"no {kind} on the page: {page[:300]}"
    return " ".join(found.shown)


def _strings(value: Any, under: str = "") -> Iterator[tuple[str, str]]:
    """Every text in `value` with the key it is under (a list's items under the list's key)."""
    if isinstance(value, dict):
        for key, member in value.items():
            yield from _strings(member, str(key))
    elif isinstance(value, list):
        for member in value:
            yield from _strings(member, under)
    elif isinstance(value, str):
        yield under, value


def typed_names(setup: dict) -> set[str]:
    """The names the table typed: the coaches' and, in a TCG team list, every name in it (the
    team's, its coach's, its players' and cards'). A card-game team or a KP colour is a choice
    of the rules, not a name typed."""
    return {text for key, text in _strings(setup) if key in ("coach", "name")}


def card_names(situation: dict) -> set[str]:
    """The names of the cards the situation shows (in play, shown, on the field)."""
    return {text for key, text in _strings(situation) if key in ("name", "card", "shown")}


def latin_words(text: str, ruleset: str, typed: set[str], cards: set[str]) -> list[str]:
    """The words in Latin letters of `text` that none of the allowances explains."""
    allowed = set(ALLOWED[ruleset])
    for name in typed:
        allowed.update(WORD.findall(name))
    for card in cards:
        identity = NAMES.find(card)
        if identity is None:
            allowed.update(WORD.findall(card))
        else:
            # Shown with its Japanese name beside the English (the `bilingual` filter), where
            # the board has room for both: the pair is the Japanese name.
            text = text.replace(identity.label(), identity.ja)
    return [word for word in WORD.findall(text) if word not in allowed]


def situation_kind(situation: dict) -> tuple:
    """What the words a glance shows depend on: the phase in each period or half, with a shot,
    a duel or a shoot-out under way or not. The glance is drawn for the first step of each."""
    return (
        situation.get("phase"),
        situation.get("period"),
        situation.get("half"),
        bool(situation.get("shooting")),
        bool(situation.get("duel")),
        bool(situation.get("shoot_out")),
    )


def frames(client: FlaskClient, match_id: str, total: int) -> Iterator[tuple[int, str]]:
    """Each step of the replay and its frame as the server draws it, in Japanese."""
    for first in range(0, total + 1, FRAMES_PER_RUN):
        last = min(total, first + FRAMES_PER_RUN - 1)
        run = client.get(f"/matches/{match_id}/replay/frames?from={first}&to={last}", headers=JA)
        assert run.status_code == 200
        found = re.findall(
            r'<template data-step="(\d+)">(.*?)</template>', run.get_data(as_text=True), re.S
        )
        assert [int(step) for step, _ in found] == list(range(first, last + 1))
        for step, frame in found:
            yield int(step), frame


@pytest.mark.parametrize(
    ("ruleset", "name", "setup"),
    [(ruleset, name, setup) for ruleset, name, setup, *_ in CASES],
    ids=[name.split("/")[-1].removesuffix(".txt") for _, name, *_ in CASES],
)
def test_the_boards_and_glances_of_the_golden_matches_are_japanese(
    client: FlaskClient, service: Touchline, ruleset: str, name: str, setup: dict
) -> None:
    typed = typed_names(setup)
    match_id = service.create_match(ruleset, setup, AUTHOR).id
    become_scorer(client, match_id)
    lines = golden_lines(name)
    problems: list[str] = []
    situations = [service.get_match(match_id).situation]
    kinds: set[tuple] = set()
    for number, line in enumerate(lines, 1):
        record_as_the_table_did(service, match_id, parse_entry(ruleset, line), AUTHOR)
        situation = service.get_match(match_id).situation
        situations.append(situation)
        if situation_kind(situation) in kinds and number < len(lines):
            continue
        kinds.add(situation_kind(situation))
        page = client.get(f"/matches/{match_id}/live", headers=JA).get_data(as_text=True)
        for word in latin_words(shown(page, "glance"), ruleset, typed, card_names(situation)):
            problems.append(f"the glance after line {number} ({line}): {word!r}")
    for step, frame in frames(client, match_id, len(lines)):
        said = shown(frame, "situation")
        for word in latin_words(said, ruleset, typed, card_names(situations[step])):
            problems.append(f"the replay's board at step {step}: {word!r}")
    page = client.get(f"/matches/{match_id}", headers=JA).get_data(as_text=True)
    for word in latin_words(shown(page, "situation"), ruleset, typed, card_names(situations[-1])):
        problems.append(f"the match page's board at the end: {word!r}")
    assert not problems, f"{name}: {len(problems)} words in English:\n" + "\n".join(
        sorted(set(problems), key=problems.index)[:40]
    )


def test_the_guard_finds_a_key_left_raw() -> None:
    """The words the guard looks for: a raw key beside Japanese is one, the names and the
    notation it allows are not."""
    cards = {"Tsubasa Ozora", "Toho Special Shot"}
    text = "前半 · フェイズ over Tsubasa Ozora（大空翼） Toho Special Shot S 3 Alice"
    assert latin_words(text, "card-game", {"Alice"}, cards) == ["over"]
    assert latin_words("Tsubasa Ozora 3", "card-game", set(), cards) == ["Tsubasa", "Ozora"]
    assert latin_words("a1 GK S5 K1 D3 V.A.R. 1", "tcg", set(), set()) == ["V.A.R."]


def test_the_logs_badge_says_how_an_entry_left_in_japanese(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    for line in OPENING[:6]:
        assert enter(client, match_id, line).status_code == 201
    service.undo(match_id, AUTHOR)
    service.correct(
        match_id, 3, parse_entry("card-game", "draft coach=nankatsu source=deck"), "deck", AUTHOR
    )
    page = client.get(f"/matches/{match_id}", headers=JA).get_data(as_text=True)
    badges = re.findall(r'</del> <span class="badge">([^<]*)</span>', page)
    assert sorted(badges) == ["取り消し", "訂正"], badges
    english = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert sorted(re.findall(r'</del> <span class="badge">([^<]*)</span>', english)) == [
        "corrected",
        "undone",
    ]
