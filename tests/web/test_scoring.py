"""The scorer link, the live page's buttons, and entering, refusing, overriding and undoing."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from domain.log import Entry, Retraction
from domain.match import Author
from service.app import Touchline
from tests.domain.king_of_the_pitch.kp_helpers import TABLE as KP_TABLE
from tests.domain.king_of_the_pitch.kp_helpers import THREE_TEAMS_SETUP
from tests.opening import OPENING, SETUP, record_text
from tests.web.conftest import become_scorer, csrf_token, post_form, token

ALICE = Author("alice", "2026-11-29T20:00:00+00:00")
UNKNOWN = "00000000-0000-0000-0000-000000000000"


def entries(match_id: str) -> str:
    return f"/matches/{match_id}/entries"


def play(service: Touchline, match_id: str, lines: list[str]) -> None:
    for line in lines:
        record_text(service, match_id, line, ALICE)


def test_the_scorer_link_remembers_the_browser_and_opens_the_live_page(
    client: FlaskClient, match_id: str
) -> None:
    assert client.get(f"/matches/{match_id}/live").status_code == 403
    response = become_scorer(client, match_id)
    assert response.status_code == 302
    assert response.headers["Location"] == f"/matches/{match_id}/live"
    assert client.get(f"/matches/{match_id}/live").status_code == 200


def test_a_wrong_token_is_refused_and_remembers_nothing(client: FlaskClient, match_id: str) -> None:
    response = client.get(f"/matches/{match_id}/score/{token(match_id)[:-2]}xx")
    assert response.status_code == 403
    assert "not valid" in response.get_data(as_text=True)
    refused = client.get(f"/matches/{match_id}/live")
    assert refused.status_code == 403
    assert "open the link you were given" in refused.get_data(as_text=True)


def test_a_token_for_another_match_does_not_open_this_one(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    other = service.create_match("card-game", service.get_match(match_id).setup, ALICE).id
    assert client.get(f"/matches/{match_id}/score/{token(other)}").status_code == 403


def test_the_first_buttons_of_a_card_game_are_the_toss(client: FlaskClient, match_id: str) -> None:
    become_scorer(client, match_id)
    page = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    forms = re.findall(r'name="kind" value="([^"]+)"', page)
    assert forms == ["toss"]
    assert 'name="winner" value="nankatsu">Nankatsu (Alice)</button>' in page
    assert 'name="winner" value="toho">Toho (Bob)</button>' in page
    assert 'name="roll" value="yes"' in page
    assert 'name="expected_version" value="1"' in page


def test_fixed_fields_travel_hidden_and_a_die_gets_a_pad(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    play(service, match_id, OPENING[:9])
    become_scorer(client, match_id)
    page = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert '<input type="hidden" name="kind" value="roll">' in page
    assert '<input type="hidden" name="coach" value="toho">' in page
    for face in range(1, 7):
        assert f'name="value" value="{face}"' in page
    assert 'name="value" value="7"' not in page


def test_an_entry_is_recorded_from_the_form_and_flashed(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    become_scorer(client, match_id)
    client.post(
        f"/matches/{match_id}/scorer-name", data={"name": "Carol", "csrf_token": csrf_token(client)}
    )
    form = {"kind": "toss", "winner": "toho", "expected_version": "1", "key": "k1"}
    response = post_form(client, entries(match_id), form)
    assert response.status_code == 303
    assert response.headers["Location"] == f"/matches/{match_id}/live"
    view = service.get_match(match_id)
    assert view.version == 2
    assert view.log[-1].action == {"kind": "toss", "winner": "toho", "source": "table"}
    assert view.log[-1].by == "Carol"
    page = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert "Recorded 1: toss winner=toho" in page
    assert re.findall(r'name="kind" value="([^"]+)"', page) == ["kickoff"]


def test_a_refused_entry_shows_its_rule_and_stores_nothing(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    become_scorer(client, match_id)
    form = {"kind": "kickoff", "coach": "toho", "expected_version": "1", "key": "k1"}
    response = post_form(client, entries(match_id), form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "CG-3.1" in page and "Possession token" in page
    assert "Enter anyway" not in page  # CG-3.1 here cannot be played through
    assert service.version_of(match_id) == 1


def test_an_overridable_refusal_is_entered_anyway_with_a_reason(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    play(service, match_id, OPENING[:4])
    version = service.version_of(match_id)
    become_scorer(client, match_id)
    out_of_turn = {
        "kind": "play",
        "coach": "nankatsu",
        "card": "Tsubasa Ozora",
        "shot": "3",
        "pass": "3",
        "defense": "1",
        "expected_version": str(version),
        "key": "k1",
    }
    refused = post_form(client, entries(match_id), out_of_turn)
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert "CG-4.3" in page and "Enter anyway" in page
    assert '<input type="hidden" name="card" value="Tsubasa Ozora">' in page
    assert service.version_of(match_id) == version
    without_reason = post_form(client, entries(match_id), {**out_of_turn, "override": "  "})
    assert without_reason.status_code == 422
    forced = post_form(
        client, entries(match_id), {**out_of_turn, "override": "Bob let Alice go first"}
    )
    assert forced.status_code == 303
    line = service.get_match(match_id).log[-1]
    assert isinstance(line, Entry) and line.override == "Bob let Alice go first"
    assert [v.rule for v in line.violations] == ["CG-4.3"]
    public = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Bob let Alice go first" in public and "CG-4.3" in public


def test_a_post_without_the_csrf_token_is_refused_and_stores_nothing(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    become_scorer(client, match_id)
    form = {"kind": "toss", "winner": "toho", "expected_version": "1"}
    assert client.post(entries(match_id), data=form).status_code == 400
    assert client.post(f"/matches/{match_id}/undo", data={}).status_code == 400
    assert service.version_of(match_id) == 1


def test_a_double_tap_with_the_same_key_records_once(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    become_scorer(client, match_id)
    form = {"kind": "toss", "winner": "toho", "expected_version": "1", "key": "same"}
    first = post_form(client, entries(match_id), form)
    second = post_form(client, entries(match_id), form)
    assert first.status_code == second.status_code == 303
    assert service.version_of(match_id) == 2
    assert [type(line) for line in service.get_match(match_id).log] == [Entry]


def test_a_stale_page_is_refused_with_409_and_shows_the_new_situation(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    become_scorer(client, match_id)
    play(service, match_id, OPENING[:1])  # the other phone records the toss
    form = {"kind": "toss", "winner": "nankatsu", "expected_version": "1", "key": "mine"}
    response = post_form(client, entries(match_id), form)
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "changed on another phone" in page
    assert 'name="kind" value="kickoff"' in page  # the fresh situation
    assert service.version_of(match_id) == 2
    assert service.get_match(match_id).log[-1].action["winner"] == "toho"


def test_undo_retracts_the_latest_entry_and_the_log_strikes_it(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    play(service, match_id, OPENING[:2])
    become_scorer(client, match_id)
    live = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert "Yes, undo entry 2" in live
    response = post_form(client, f"/matches/{match_id}/undo", {"expected_version": "3", "key": "u"})
    assert response.status_code == 303
    log = service.get_match(match_id).log
    assert log[1].retracted and isinstance(log[2], Retraction) and log[2].retracts == 2
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert re.search(r"<del><span class=\"entry\">Toho kick off</span></del>", page)
    assert "<code>kickoff coach=toho</code>" in page


def test_undo_with_nothing_to_undo_says_so(client: FlaskClient, match_id: str) -> None:
    become_scorer(client, match_id)
    response = post_form(client, f"/matches/{match_id}/undo", {"expected_version": "1"})
    assert response.status_code == 422
    assert "no entry to undo" in response.get_data(as_text=True)


def test_a_stale_undo_is_refused(client: FlaskClient, service: Touchline, match_id: str) -> None:
    play(service, match_id, OPENING[:2])
    become_scorer(client, match_id)
    response = post_form(client, f"/matches/{match_id}/undo", {"expected_version": "2"})
    assert response.status_code == 409
    assert service.version_of(match_id) == 3


def test_roll_for_me_records_a_die_value_in_range(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    play(service, match_id, OPENING[:9])
    version = service.version_of(match_id)
    become_scorer(client, match_id)
    form = {"kind": "roll", "coach": "toho", "roll": "yes", "expected_version": str(version)}
    assert post_form(client, entries(match_id), form).status_code == 303
    action = service.get_match(match_id).log[-1].action
    assert action["source"] == "app" and 1 <= action["value"] <= 6


def test_a_malformed_entry_is_a_400_on_the_live_page(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    become_scorer(client, match_id)
    for form in (
        {"kind": "toss", "expected_version": "1"},
        {"kind": "dance", "expected_version": "1"},
        {"kind": "toss", "winner": "toho", "expected_version": "x"},
    ):
        response = post_form(client, entries(match_id), form)
        assert response.status_code == 400
    assert "toss: missing field winner" in post_form(
        client, entries(match_id), {"kind": "toss", "expected_version": "1"}
    ).get_data(as_text=True)
    assert service.version_of(match_id) == 1


def test_writes_need_the_scorer_session(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    form = {"kind": "toss", "winner": "toho"}
    assert post_form(client, entries(match_id), form).status_code == 403
    assert post_form(client, f"/matches/{match_id}/undo", {}).status_code == 403
    assert post_form(client, f"/matches/{match_id}/scorer-name", {"name": "x"}).status_code == 403
    assert service.version_of(match_id) == 1


def test_the_public_page_shows_the_situation_log_and_links(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    play(service, match_id, OPENING)
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Toho scores" in page or "GOAL" in page
    assert page.index("roll coach=nankatsu value=2") < page.index("toss winner=toho")
    assert f"/matches/{match_id}/replay" in page and f"/api/matches/{match_id}/export" in page
    assert f"/matches/{match_id}/events" in page and 'aria-live="polite"' in page
    assert "Score this match" not in page  # not a scorer in this browser
    fragment = client.get(f"/matches/{match_id}/fragment").get_data(as_text=True)
    assert f'data-version="{service.version_of(match_id)}"' in fragment
    assert "<html" not in fragment


def test_user_text_is_escaped(client: FlaskClient, service: Touchline) -> None:
    setup = {
        "home": {"team": "Nankatsu", "coach": "<b>Alice</b>"},
        "away": {"team": "Toho", "coach": "Bob"},
    }
    match_id = service.create_match("card-game", setup, ALICE).id
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "<b>Alice</b>" not in page and "&lt;b&gt;Alice&lt;/b&gt;" in page


@pytest.mark.parametrize(
    "path",
    ["", "/fragment", "/live", "/created", "/qr.svg", "/events", "/score/no-such-token"],
)
def test_every_page_of_an_unknown_match_is_404(client: FlaskClient, path: str) -> None:
    assert client.get(f"/matches/{UNKNOWN}{path}").status_code == 404


@pytest.mark.parametrize("path", ["/entries", "/undo", "/scorer-name"])
def test_every_write_to_an_unknown_match_is_404(client: FlaskClient, path: str) -> None:
    assert post_form(client, f"/matches/{UNKNOWN}{path}", {"kind": "toss"}).status_code == 404


def test_a_refused_entry_gives_back_what_the_scorer_typed(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    play(service, match_id, OPENING[:4])
    become_scorer(client, match_id)
    # CG-1.3: a Nankatsu card in Toho's hands is refused (the table may still override).
    wrong_card = {
        "kind": "play",
        "coach": "toho",
        "card": "Yuzo Morisaki",
        "shot": "0",
        "pass": "0",
        "defense": "3",
        "expected_version": str(service.version_of(match_id)),
    }
    page = post_form(client, entries(match_id), wrong_card).get_data(as_text=True)
    assert "CG-1.3" in page
    forms = re.findall(r'<form[^>]*class="entry-form kind-play[^"]*".*?</form>', page, re.S)
    toho_play = next(form for form in forms if 'name="coach" value="toho"' in form)
    assert re.search(r'<input id="[^"]*" name="card" value="Yuzo Morisaki"', toho_play)
    assert re.search(r'<input id="[^"]*" name="defense" value="3"', toho_play)


def test_the_scoring_page_lists_only_the_latest_log_lines(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    play(service, match_id, OPENING)
    for _ in range(6):  # the last die re-rolled: an undo and an entry each time
        service.undo(match_id, ALICE)
        play(service, match_id, OPENING[-1:])
    lines = len(service.get_match(match_id).log)
    assert lines > 20
    become_scorer(client, match_id)
    live = client.get(f"/matches/{match_id}/live").get_data(as_text=True)
    assert live.count('<li class="log-line ') == 20
    assert f"The {lines - 20} earlier lines are on the match page" in live
    public = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert public.count('<li class="log-line ') == lines


# -- a tap records only what its button showed ------------------------------------------------


@dataclass
class DrawnForm:
    """A form as the page drew it, and how a browser without scripts would post it."""

    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[tuple[str, str] | None] = field(default_factory=list)  # None: unnamed submit

    def posts(self) -> list[list[tuple[str, str]]]:
        """What each of its submit buttons sends."""
        return [self.fields + ([button] if button else []) for button in self.buttons]


class DrawnForms(HTMLParser):
    """The page's POST forms, with every required choice made (its first option) and every
    required text filled in, as a scorer would before tapping."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[DrawnForm] = []
        self._form: DrawnForm | None = None
        self._select: tuple[str, bool] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._form = DrawnForm(a["action"]) if a.get("method") == "post" else None
            return
        form = self._form
        if form is None:
            return
        chosen = {name for name, _ in form.fields}
        name = a.get("name", "")
        if tag == "input":
            kind = a.get("type", "text")
            if kind == "hidden" or (kind == "radio" and name not in chosen):
                form.fields.append((name, a.get("value", "")))
            elif kind in ("text", "number") and ("required" in a or a.get("value")):
                form.fields.append((name, a.get("value") or ("1" if kind == "number" else "x")))
        elif tag == "select":
            self._select = (name, "required" in a)
        elif tag == "option" and self._select and a.get("value"):
            select, required = self._select
            if required and select not in chosen:
                form.fields.append((select, a["value"]))
        elif tag == "textarea" and "required" in a:
            form.fields.append((name, "the table agreed"))
        elif tag == "button" and a.get("type", "submit") == "submit":
            form.buttons.append((name, a.get("value", "")) if name else None)

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None


def scoring_forms(page: str) -> list[DrawnForm]:
    parser = DrawnForms()
    parser.feed(page)
    return [form for form in parser.forms if form.action.endswith(("/entries", "/undo"))]


def post_drawn(client: FlaskClient, form: DrawnForm, sent: list[tuple[str, str]]) -> int:
    data = MultiDict([*sent, ("csrf_token", csrf_token(client))])
    response = client.post(form.action, data=data)
    if response.status_code == 409:
        assert "changed on another phone" in response.get_data(as_text=True)
    return int(response.status_code)


def kp_match(service: Touchline, lines: int) -> str:
    match_id = service.create_match("king-of-the-pitch", THREE_TEAMS_SETUP, ALICE).id
    for line in KP_TABLE.golden_lines("three_teams.txt")[:lines]:
        record_text(service, match_id, line, ALICE)
    return match_id


def card_game_match(service: Touchline, lines: int) -> str:
    match_id = service.create_match("card-game", SETUP, ALICE).id
    play(service, match_id, OPENING[:lines])
    return match_id


# Pages whose forms between them hold every kind of scoring control: a row of die buttons with
# "roll for me" and undo (a card game's roll), forms with text, numbers and a plain submit (its
# card play), the opening rolls of King of the Pitch (nothing to undo yet), and a dice pad of
# several dice (a King of the Pitch duel).
POSITIONS = {
    "card-game-roll": lambda service: card_game_match(service, 9),
    "card-game-play": lambda service: card_game_match(service, 4),
    "kp-opening": lambda service: kp_match(service, 0),
    "kp-dice-pad": lambda service: kp_match(service, 116),
}


def another_phone_moves_on(service: Touchline, match_id: str) -> None:
    """The other phone's entry: an undo when there is an entry, else the next golden line."""
    if service.get_match(match_id).log:
        service.undo(match_id, ALICE)
    else:
        record_text(service, match_id, KP_TABLE.golden_lines("three_teams.txt")[0], ALICE)


@pytest.mark.parametrize("position", POSITIONS)
def test_every_form_drawn_before_another_phones_entry_is_refused_and_stores_nothing(
    client: FlaskClient, service: Touchline, position: str
) -> None:
    match_id = POSITIONS[position](service)
    become_scorer(client, match_id)
    forms = scoring_forms(client.get(f"/matches/{match_id}/live").get_data(as_text=True))
    drawn_for = service.version_of(match_id)
    assert forms and all(("expected_version", str(drawn_for)) in f.fields for f in forms)
    another_phone_moves_on(service, match_id)
    log = service.get_match(match_id).log

    answers = {post_drawn(client, form, sent) for form in forms for sent in form.posts()}

    assert answers == {409}
    assert service.get_match(match_id).log == log
    # What the forms held, between them: the controls this test is meant to cover.
    sent_names = {name for form in forms for sent in form.posts() for name, _ in sent}
    expected = {
        "card-game-roll": {"value", "roll", "key"},
        "card-game-play": {"card"},
        "kp-opening": {"dice", "roll"},
        "kp-dice-pad": {"dice.0", "dice.1", "roll"},
    }[position]
    assert expected <= sent_names
    assert any(form.action.endswith("/undo") for form in forms) == (position != "kp-opening")


def test_the_enter_anyway_form_drawn_before_another_phones_entry_stores_nothing(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    play(service, match_id, OPENING[:4])
    become_scorer(client, match_id)
    out_of_turn = {
        "kind": "play",
        "coach": "nankatsu",
        "card": "Tsubasa Ozora",
        "shot": "3",
        "pass": "3",
        "defense": "1",
        "expected_version": str(service.version_of(match_id)),
    }
    refused = post_form(client, entries(match_id), out_of_turn).get_data(as_text=True)
    override = next(
        form
        for form in scoring_forms(refused)
        if any(name == "override" for name, _ in form.fields)
    )
    play(service, match_id, OPENING[4:5])  # the other phone records Toho's play
    log = service.get_match(match_id).log

    assert [post_drawn(client, override, sent) for sent in override.posts()] == [409]
    assert service.get_match(match_id).log == log


@pytest.mark.parametrize("path", ["/entries", "/undo"])
def test_a_scoring_form_without_its_drawn_for_version_is_refused_and_stores_nothing(
    client: FlaskClient, service: Touchline, match_id: str, path: str
) -> None:
    play(service, match_id, OPENING[:1])
    become_scorer(client, match_id)
    form = {"kind": "kickoff", "coach": "toho", "key": "k1"}
    response = post_form(client, f"/matches/{match_id}{path}", form)
    assert response.status_code == 400
    assert "which version of the match it was drawn for" in response.get_data(as_text=True)
    assert service.version_of(match_id) == 2


def test_the_live_fragment_is_the_changing_part_drawn_for_the_current_version(
    client: FlaskClient, service: Touchline, match_id: str
) -> None:
    fragment = f"/matches/{match_id}/live/fragment"
    assert client.get(fragment).status_code == 403  # scorers only, as the page
    become_scorer(client, match_id)
    play(service, match_id, OPENING[:2])
    part = client.get(fragment).get_data(as_text=True)
    assert "<html" not in part and 'data-version="3"' in part
    assert part.count('name="expected_version" value="3"') == len(scoring_forms(part)) > 0
    assert re.findall(r'data-entry-form="([^"]+)"', part) == ["draft coach=nankatsu"]
