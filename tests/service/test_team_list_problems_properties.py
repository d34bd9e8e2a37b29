"""Whatever text or bytes arrive as a TCG team list, creating a match from it either works or
is refused as bad input (never another error), and every problem said names its place (the
file's line, the card and field, the seat and rule) in English and in Japanese alike."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.match import Author
from domain.phrase import Phrase
from service.app import Touchline
from service.config import settings_for_url
from service.errors import BadInput
from service.i18n import translated
from service.setups import seat
from service.team_list_text import team_list_from_text, team_list_text

TEAMS = Path(__file__).parent.parent / "domain" / "tcg" / "teams"
NANKATSU = (TEAMS / "nankatsu.toml").read_text("utf-8").splitlines(keepends=True)
TOHO = team_list_from_text((TEAMS / "toho.toml").read_text("utf-8"), "toho.toml")
ALICE = Author("alice", "2026-12-02T19:00:00+00:00", "test")
SOURCE = "home.toml"
# Problems joined into one text, and a seat or rule put before one: the place is inside.
JOINING = {"{said}; {word}", "{seat}: {problem}", "{seat}: {rule}: {message}"}
# The values of a phrase that say where its problem is.
PLACES = ("source", "where", "key", "card", "what", "fields", "rule", "line")
# Problems whose place is in their own words: the table or list they start with.
WORDED = ("coach", "starters")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Touchline]:
    store = tmp_path_factory.mktemp("team-lists") / "touchline.sqlite3"
    application = Touchline(settings_for_url(f"sqlite:///{store}"))
    yield application
    application.close()


def _edited(lines: list[str], at: int, text: str, how: str) -> str:
    at %= len(lines)
    if how == "replace":
        return "".join([*lines[:at], text, *lines[at + 1 :]])
    if how == "insert":
        return "".join([*lines[:at], text, *lines[at:]])
    return "".join([*lines[:at], *lines[at + 5 :]])


# A legal list with a line replaced by, or added as, arbitrary text, or lines cut from it; or
# text of no list at all.
edited_lists = st.builds(
    _edited,
    st.just(NANKATSU),
    st.integers(min_value=0),
    st.text(max_size=40).map(lambda text: text + "\n"),
    st.sampled_from(["replace", "insert", "cut"]),
)
team_list_texts = st.one_of(edited_lists, st.text(max_size=200))
team_list_bytes = st.one_of(
    team_list_texts.map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.binary(max_size=200),
    st.builds(
        lambda text, at, byte: text[: at % (len(text) + 1)] + byte + text[at % (len(text) + 1) :],
        edited_lists.map(str.encode),
        st.integers(min_value=0),
        st.binary(min_size=1, max_size=2),
    ),
)


def problems_of(
    said: str, around: tuple[str, ...] = ()
) -> Iterator[tuple[Phrase, tuple[str, ...]]]:
    """Each problem a refusal says, its joins unwrapped, with the rule put before it."""
    assert isinstance(said, Phrase), f"plain text, not a phrase: {said!r}"
    if said.template in JOINING:
        rule = (said.params["rule"],) if "rule" in said.params else ()
        for key, value in said.params.items():
            if key not in ("seat", "rule"):
                yield from problems_of(value, around + rule)
    else:
        yield said, around


def places_of(problem: Phrase) -> list[str]:
    named = [problem.params[key] for key in PLACES if key in problem.params]
    for value in problem.params.values():
        if isinstance(value, Phrase) and value.template.startswith("{problem} (at "):
            named += places_of(value) or [value]  # TOML's reader: at a line, or at the end
    return named + [word for word in WORDED if problem.template.startswith(word)]


def refused(app: Touchline, data: bytes) -> str | None:
    """What creating a match with `data` as the home team list says; None if it was made."""
    try:
        team = team_list_from_text(team_list_text(data, SOURCE), SOURCE)
        app.create_match("tcg", {"home": seat(team, "Alice"), "away": seat(TOHO, "Bob")}, ALICE)
    except BadInput as error:
        said: str = error.args[0]
        return said
    return None


def assert_places_named(said: str) -> None:
    for problem, around in problems_of(said):
        places = places_of(problem)
        assert places or around, f"no place named: {problem.template!r}"
        for language in ("en", "ja"):
            text = translated(problem, language)
            for place in places:
                shown = translated(place, language) if isinstance(place, str) else str(place)
                assert shown and shown in text, (language, place, text)
            for place in around:
                assert place in translated(said, language)
    japanese = translated(said, "ja")
    assert JAPANESE.search(japanese), japanese
    assert "Traceback" not in japanese and "Traceback" not in said


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=team_list_bytes)
def test_any_team_list_is_refused_naming_its_place_in_both_languages(
    app: Touchline, data: bytes
) -> None:
    said = refused(app, data)
    if said is not None:
        assert_places_named(said)


def test_the_legal_list_as_it_is_makes_a_match(app: Touchline) -> None:
    assert refused(app, "".join(NANKATSU).encode()) is None


@pytest.mark.parametrize(
    "data",
    [
        b"\xff",
        b"name = [",
        "".join(NANKATSU).replace("keep = ", "keep = -", 1).encode(),
        "".join(NANKATSU).replace('"Tsubasa Ozora"', '"Tsubasa\\u0007Ozora"', 1).encode(),
        "".join(NANKATSU[:40]).encode(),
    ],
    ids=["not-utf-8", "not-toml", "a-bad-value", "a-control-character", "cards-cut"],
)
def test_each_kind_of_problem_names_its_place(app: Touchline, data: bytes) -> None:
    said = refused(app, data)
    assert said is not None
    assert_places_named(said)
