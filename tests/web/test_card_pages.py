"""The card list pages: each game's lists (the installation's and each league's) with where
every card was learned, the card list file to download, and importing one by upload or pasted
text with the same per-line errors as `touchline cards import` and the API (a bad file keeps
nothing and names its line); importing is the league organizer's, as in the API."""

from __future__ import annotations

import html as html_text
import io
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.errors import BadInput
from tests.links import organizer_token
from tests.opening import OPENING, record_text
from tests.web.api_support import organizer
from tests.web.conftest import post_form

LEAGUE = "Spring Cup"
ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
FILE = """# the club's cards
touchline card list 1
game card-game
values shot pass defense
3 1 0 toho Kojiro Hyuga
3 3 1 nankatsu Tsubasa Ozora
0 0 0 - Control and Advance
"""
IMPORT = "/cards/card-game/import?league=Spring+Cup"


@pytest.fixture
def league(service: Touchline) -> str:
    service.create_league(LEAGUE, "card-game", ALICE)
    return LEAGUE


@pytest.fixture
def as_organizer(client: FlaskClient, league: str) -> str:
    """This browser holds the league's organizer link."""
    token = organizer_token(league)
    client.get(f"/in/{token}")
    return token


def upload(client: FlaskClient, data: bytes | str, url: str = IMPORT, **fields: str) -> Any:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    form = {"file": (io.BytesIO(raw), "club.cards"), **fields}
    return post_form(client, url, form, content_type="multipart/form-data")


def problem(html: str) -> str:
    found = re.search(r'<span class="field-problem" id="[^"]*-file-problem">([^<]*)</span>', html)
    assert found, "no problem under the file"
    return found.group(1)


def cards_of(service: Touchline, league: str | None = LEAGUE) -> list[str]:
    return [card.name for card in service.card_list("card-game", league).cards]


def test_the_page_lists_each_list_with_where_its_cards_were_learned(
    client: FlaskClient, service: Touchline, league: str, match_id: str
) -> None:
    for line in OPENING[:4]:
        record_text(service, match_id, line, ALICE)
    record_text(service, match_id, 'play toho "Kojiro Hyuga" 3 1 0', ALICE)
    service.import_card_list(FILE, Author("olga", "2026-11-30T09:00:00+00:00"), league)

    home = client.get("/").get_data(as_text=True)
    assert 'href="/cards"' in home  # in the navigation of every page
    index = client.get("/cards").get_data(as_text=True)
    assert 'href="/cards/card-game"' in index
    assert "King of the Pitch" in index and "no card list" in index
    league_page = client.get("/leagues/Spring%20Cup").get_data(as_text=True)
    assert 'href="/cards/card-game#league-spring-cup"' in league_page

    html = client.get("/cards/card-game").get_data(as_text=True)
    installation, spring = html.split('id="installation"')[1].split('id="league-spring-cup"')
    # The friendly taught the installation's list Hyuga, naming the match it was played in.
    assert "Kojiro Hyuga" in installation and "Tsubasa Ozora" not in installation
    title = service.get_match(match_id).title
    assert f'learned in <a href="/matches/{match_id}">{title}</a>, entered by alice' in (
        installation
    )
    shown = ("Kojiro Hyuga（日向小次郎）", "Tsubasa Ozora（大空翼）", "Control and Advance")
    for name in shown:
        assert f'<span class="card-name">{name}</span>' in spring
    assert "imported by olga" in spring and "any side" in spring
    row = spring.split("Tsubasa Ozora")[1].split("</tr>")[0]
    assert re.findall(r'<td class="num">(\d+)</td>', row) == ["3", "3", "1"]
    assert '<th scope="col" class="num">Defense</th>' in spring
    # No organizer link here: nothing to import with, and it says who may.
    assert "<form" not in html.split("<main")[1]
    assert "Its organizer imports a file into it here" in spring
    assert "touchline cards import FILE" in installation


def test_each_list_downloads_as_the_card_list_file_the_command_line_exports(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    service.import_card_list(FILE, ALICE, league)
    answer = client.get("/cards/card-game/file?league=spring%20cup")
    assert answer.status_code == 200 and answer.mimetype == "text/plain"
    assert answer.headers["Content-Disposition"] == (
        "attachment; filename=card-game-spring-cup.cards"
    )
    assert answer.get_data(as_text=True) == service.export_card_list("card-game", league)
    empty = client.get("/cards/card-game/file").get_data(as_text=True)
    assert empty == service.export_card_list("card-game")
    assert "touchline card list 1" in empty


def test_the_organizer_imports_an_uploaded_file(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    html = client.get("/cards/card-game").get_data(as_text=True)
    assert 'action="/cards/card-game/import?league=Spring+Cup#league-spring-cup-import"' in html
    assert html.count("<form") == 1  # the installation's list is the owner's, at the CLI
    answer = upload(client, FILE)
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/cards/card-game#league-spring-cup"
    assert cards_of(service) == ["Kojiro Hyuga", "Tsubasa Ozora", "Control and Advance"]
    assert cards_of(service, None) == []
    page = client.get("/cards/card-game").get_data(as_text=True)
    assert "Imported: the file held 3 cards, 3 of them new or changed." in page
    # Recorded as made through the organizer's link, by its person unless a name is given.
    grant = service.grant_of(as_organizer)
    view = service.card_list("card-game", LEAGUE)
    learned = view.learned_of(view.cards[0])
    assert grant is not None and learned is not None
    assert (learned.how, learned.by, learned.link) == ("file", grant.person, grant.link)
    assert f"imported by {grant.person}" in page


def test_pasted_text_with_a_browsers_line_breaks_imports_and_replaces_values(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    service.import_card_list(FILE, ALICE, LEAGUE)
    corrected = FILE.replace("3 1 0 toho Kojiro Hyuga", "4 1 0 toho Kojiro Hyuga")
    answer = post_form(client, IMPORT, {"text": corrected.replace("\n", "\r\n"), "by": "Zoe"})
    assert answer.status_code == 303, answer.get_data(as_text=True)
    (hyuga, *_) = service.card_list("card-game", LEAGUE).cards
    assert hyuga.values == (4, 1, 0)
    page = client.get("/cards/card-game").get_data(as_text=True)
    assert "the file held 3 cards, 1 of them new or changed" in page
    assert "imported by Zoe" in page


BAD_FILES = [
    (FILE + "1 1 toho Half a card\n", "line 8: a card is its shot, pass, defense"),
    (FILE + "1 1 1 toho Kojiro Hyuga\n", "line 8: Kojiro Hyuga is already on line 5"),
    (FILE + "1 1 1 osaka Someone\n", "line 8: the side is nankatsu or toho or -"),
    (FILE.replace("game card-game", "game chess"), "line 3: no game is called"),
    (FILE.replace("touchline card list 1", "touchline card list 9"), "line 2: this release"),
    (
        b"touchline card list 1\ngame card-game\nvalues shot pass defense\n3 1 0 toho Hy\xffga\n",
        "line 4: not UTF-8 text (byte 0xff",
    ),
]


@pytest.mark.parametrize(("data", "error"), BAD_FILES)
def test_a_bad_file_keeps_nothing_and_names_its_line_as_the_api_does(
    client: FlaskClient, service: Touchline, as_organizer: str, data: str | bytes, error: str
) -> None:
    answer = upload(client, data)
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    shown = problem(html)
    assert shown.replace("&#39;", "'").startswith(error)
    assert "Nothing was imported" in html
    assert cards_of(service) == []
    # The same words as the API's (and the command line's: both are the service's).
    api = client.post(
        "/api/cards/import?league=Spring%20Cup",
        data=data,
        content_type="text/plain",
        headers=organizer(LEAGUE),
    )
    assert api.status_code == 400
    assert api.get_json()["message"].replace("'", "&#39;") == shown
    with pytest.raises(BadInput) as refused:
        service.import_card_list(data, ALICE, LEAGUE)
    assert str(refused.value).replace("'", "&#39;") == shown


def test_pasted_text_keeps_what_was_typed_when_refused(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    text = FILE + "x y z toho Nobody\n"
    answer = post_form(client, IMPORT, {"text": text})
    assert answer.status_code == 400
    html = answer.get_data(as_text=True)
    assert problem(html).startswith("line 8: a card is its shot, pass, defense")
    assert "x y z toho Nobody" in html.split("<textarea")[1]
    assert "The pasted text is below, to put right." in html
    assert 'aria-invalid="true"' in html
    assert cards_of(service) == []


def test_a_file_past_the_card_lists_bound_is_refused_by_its_size(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    big = FILE + "# " + "x" * 997 + "\n"
    big = big * (512 * 1024 // len(big) + 1)
    answer = upload(client, big)
    assert answer.status_code == 400
    assert problem(answer.get_data(as_text=True)).startswith("the file holds ")
    assert "a card list holds at most 524288" in problem(answer.get_data(as_text=True))
    assert cards_of(service) == []


def test_a_body_past_the_apps_bound_is_413_at_the_file(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    url = IMPORT.replace("Spring+Cup", "spring+cup")  # the league named in another case
    answer = upload(client, "x" * (2 * 1024 * 1024 + 1), url=url)
    assert answer.status_code == 413
    assert "nothing was imported" in problem(answer.get_data(as_text=True))
    assert cards_of(service) == []


def test_an_empty_form_or_file_is_named(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    nothing = post_form(client, IMPORT, {"text": "  "})
    assert nothing.status_code == 400
    assert problem(nothing.get_data(as_text=True)) == "upload a card list file or paste one"
    empty = upload(client, b"")
    assert empty.status_code == 400
    assert problem(empty.get_data(as_text=True)) == "the file &#39;club.cards&#39; is empty"


def test_only_the_leagues_organizer_may_import(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    assert upload(client, FILE).status_code == 403  # no link at all
    client.get(f"/in/{organizer_token('Another Cup')}")
    service.create_league("Another Cup", "card-game", ALICE)
    assert upload(client, FILE).status_code == 403  # another league's organizer
    html = client.get("/cards/card-game").get_data(as_text=True)
    assert 'action="/cards/card-game/import?league=Another+Cup#' in html
    assert 'action="/cards/card-game/import?league=Spring+Cup#' not in html
    # The installation's list is the owner's, who is the command line: no link may import.
    assert upload(client, FILE, url="/cards/card-game/import").status_code == 403
    assert cards_of(service) == [] and cards_of(service, None) == []


def test_a_form_without_its_csrf_token_is_refused(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    form = {"file": (io.BytesIO(FILE.encode()), "club.cards")}
    answer = client.post(IMPORT, data=form, content_type="multipart/form-data")
    assert answer.status_code == 400
    assert cards_of(service) == []


def test_unknown_leagues_and_games_without_a_card_list_are_named(
    client: FlaskClient, as_organizer: str
) -> None:
    assert upload(client, FILE, url="/cards/card-game/import?league=Nowhere").status_code == 404
    answer = client.get("/cards/king-of-the-pitch")
    assert answer.status_code == 400
    assert "has no card list" in answer.get_data(as_text=True)
    assert client.get("/cards/chess").status_code == 400


def test_a_cards_values_are_corrected_from_its_own_line(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    service.import_card_list(FILE, ALICE, LEAGUE)
    html = client.get("/cards/card-game").get_data(as_text=True)
    link = "/cards/card-game?league=Spring+Cup&amp;correct=Kojiro+Hyuga#league-spring-cup-import"
    assert f'href="{link}"' in html
    filled = client.get(link.replace("&amp;", "&")).get_data(as_text=True)
    text = filled.split('id="league-spring-cup-text"')[1].split("</textarea>")[0]
    assert text.endswith("values shot pass defense\n3 1 0 toho Kojiro Hyuga\n")
    assert "To correct Kojiro Hyuga" in filled
    # The card's line put right, imported as it stands: the other cards stay.
    edited = html_text.unescape(text.split(">", 1)[1]).replace("3 1 0 toho", "4 1 0 toho")
    answer = post_form(client, IMPORT, {"text": edited})
    assert answer.status_code == 303
    assert [c.values for c in service.card_list("card-game", LEAGUE).cards] == [
        (4, 1, 0),
        (3, 3, 1),
        (0, 0, 0),
    ]
    missing = client.get("/cards/card-game?league=Spring+Cup&correct=Nobody")
    assert missing.status_code == 404
    assert "holds no card called &#39;Nobody&#39;" in missing.get_data(as_text=True)


def test_only_the_organizer_is_offered_a_correction(
    client: FlaskClient, service: Touchline, league: str
) -> None:
    service.import_card_list(FILE, ALICE, league)
    assert "Correct its values" not in client.get("/cards/card-game").get_data(as_text=True)


def test_a_card_is_shown_under_both_its_names(
    client: FlaskClient, service: Touchline, as_organizer: str
) -> None:
    """The names list holds both names of a card (domain/names.toml): the page shows the one
    the list keeps with the other beside it, as `touchline cards list` does."""
    assert upload(client, FILE).status_code in (200, 302, 303)
    page = html_text.unescape(client.get("/cards/card-game").get_data(as_text=True))
    assert "Tsubasa Ozora（大空翼）" in page
    assert "Kojiro Hyuga（日向小次郎）" in page
