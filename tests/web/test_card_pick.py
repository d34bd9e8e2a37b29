"""The scoring page's card play: the side's cards with known printed values to pick (the
values filled by the service), and a card's values asked for with no default of 0."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from tests.opening import OPENING, record_text
from tests.web.conftest import become_scorer, post_form

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
CARDS = """touchline card list 1
game card-game
values shot pass defense
3 1 0 toho Kojiro Hyuga
3 3 1 nankatsu Tsubasa Ozora
"""


def to_first_play(service: Touchline, match_id: str) -> str:
    for line in OPENING[:4]:
        record_text(service, match_id, line, ALICE)
    become = service.get_match(match_id)
    return str(become.version)


def live(client: FlaskClient, match_id: str) -> str:
    return client.get(f"/matches/{match_id}/live").get_data(as_text=True)


def test_a_known_card_is_offered_to_the_side_with_its_values(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    service.import_card_list(CARDS, ALICE)
    to_first_play(service, match_id)
    become_scorer(client, match_id)
    page = live(client, match_id)
    pick = page[page.index('class="entry-form card-pick') : page.index("Another card")]
    assert 'name="card" value="Kojiro Hyuga"' in pick
    assert "Shot 3, Pass 1, Defense 0" in pick
    assert "Tsubasa Ozora" not in pick  # Nankatsu's card, and it is Toho's turn
    assert 'name="csrf_token"' in pick and 'name="expected_version"' in pick


def test_picking_a_card_records_its_known_values(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    service.import_card_list(CARDS, ALICE)
    version = to_first_play(service, match_id)
    become_scorer(client, match_id)
    data = {"kind": "play", "coach": "toho", "card": "Kojiro Hyuga"}
    response = post_form(
        client, f"/matches/{match_id}/entries", {**data, "expected_version": version, "key": "k1"}
    )
    assert response.status_code == 303
    entry = service.get_match(match_id).log[-1]
    assert entry.action == {
        "kind": "play", "coach": "toho", "card": "Kojiro Hyuga",
        "shot": 3, "pass": 1, "defense": 0, "via": None,
    }  # fmt: skip


def test_the_values_of_another_card_have_no_default_and_are_required(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    to_first_play(service, match_id)
    become_scorer(client, match_id)
    page = live(client, match_id)
    form = page[page.index("kind-play") :]
    form = form[: form.index("</form>")]
    for name in ("shot", "pass", "defense"):
        (field,) = re.findall(rf'<input id="[^"]*" name="{name}"[^>]*>', form)
        assert 'value=""' in field and "required" in field, field


def test_a_play_leaving_a_value_out_is_refused_naming_it(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    version = to_first_play(service, match_id)
    become_scorer(client, match_id)
    data = {"kind": "play", "coach": "toho", "card": "Kojiro Hyuga", "shot": "3", "pass": "1"}
    response = post_form(
        client, f"/matches/{match_id}/entries", {**data, "expected_version": version, "key": "k"}
    )
    assert response.status_code == 400
    assert "printed defense" in response.get_data(as_text=True)
    assert str(service.get_match(match_id).version) == version


def test_a_refused_card_typed_by_hand_comes_back_with_its_form_open(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    service.import_card_list(CARDS, ALICE)
    version = to_first_play(service, match_id)
    become_scorer(client, match_id)
    typed = {"kind": "play", "coach": "toho", "card": "Kojiro Hyuga", "shot": "9", "pass": "1"}
    typed.update(defense="0", expected_version=version, key="k2")
    page = post_form(client, f"/matches/{match_id}/entries", typed).get_data(as_text=True)
    assert "CG-1.3" in page and "Kojiro Hyuga prints Shot 3" in page
    assert '<details class="another-card" open>' in page


def test_another_card_suggests_the_catalogue_and_the_known_cards_by_name(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    """The typed card's field lists names to pick from (a `<datalist>`, which works without
    the script): the side's known cards with their values for the script to fill in, then the
    rulebook's cards the rules let it play now."""
    service.import_card_list(CARDS, ALICE)
    to_first_play(service, match_id)
    become_scorer(client, match_id)
    page = live(client, match_id)
    another = page[page.index("Another card") :]
    another = another[: another.index("</details>")]
    field = re.search(r'<input id="(e\d+)-card" name="card"[^>]*>', another)
    assert field is not None
    assert f'list="{field.group(1)}-card-names"' in field.group(0)
    names = another[another.index(f'<datalist id="{field.group(1)}-card-names">') :]
    names = names[: names.index("</datalist>")]
    known = re.search(r'<option value="Kojiro Hyuga"[^>]*>', names)
    assert known is not None
    assert 'data-value-shot="3" data-value-pass="1" data-value-defense="0"' in known.group(0)
    assert 'label="Shot 3, Pass 1, Defense 0"' in known.group(0)
    assert '<option value="Ken Wakashimazu"></option>' in names  # Toho's, from the rulebook
    assert '<option value="Control and Advance"></option>' in names  # a 1st-half Match card
    assert "Tsubasa Ozora" not in names and "Yuzo Morisaki" not in names  # Nankatsu's
    assert "Foul" not in names  # a 2nd-half Match card, in the 1st half (CG-2.2)


def test_a_play_with_no_known_card_still_suggests_the_catalogue(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    to_first_play(service, match_id)
    become_scorer(client, match_id)
    page = live(client, match_id)
    assert "Another card" not in page  # nothing known to pick: the plain form
    assert re.search(r'name="card"[^>]* list="e\d+-card-names"', page)
    assert '<option value="Ken Wakashimazu"></option>' in page
