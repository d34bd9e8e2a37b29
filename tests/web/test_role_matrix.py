"""The role matrix (issue 12 point 1): every write operation of the API (each non-GET
operation of the OpenAPI document) and every form the pages post (each POST route of the app's
URL map), tried without a link, with a revoked link of the very role it needs, and with each
link of another role or scope: each is refused (API: 401 without a valid token, 403 with a
link of the wrong role; pages: 403) and stores nothing. Then the right role is accepted.

A write added later without a case here fails `test_every_write_is_in_the_matrix`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from tests.links import bearer, issue
from tests.opening import OPENING, SETUP
from tests.service.projections.pj_driver import finished_match
from tests.web.conftest import post_form
from tests.web.test_home import CARD_GAME

CUP = "Cup"
OWNER = Author("owner", "2026-11-29T20:00:00+00:00", "test", "owner")
HOME, AWAY = "nankatsu", "toho"
# Every holder the matrix tries, by name: (role, scope). "target" is the case's match.
HOLDERS: dict[str, tuple[str, dict[str, str]]] = {
    "organizer": ("organizer", {"league": CUP}),
    "new organizer": ("organizer", {"league": "New Cup"}),
    "other organizer": ("organizer", {"league": "Other Cup"}),
    "referee": ("referee", {"league": CUP}),
    "scorer": ("scorer", {"match": "target"}),
    "coach home": ("coach", {"match": "target", "side": HOME}),
    "coach away": ("coach", {"match": "target", "side": AWAY}),
    "other scorer": ("scorer", {"match": "other"}),
}


@dataclass
class World:
    """A league with three matches (one opened, one finished with an open dispute, one not
    started), a friendly, and links of every holder for the case's target match."""

    service: Touchline
    matches: dict[str, str] = field(default_factory=dict)
    dispute: int = 0
    tokens: dict[str, str] = field(default_factory=dict)
    link_ids: dict[str, str] = field(default_factory=dict)
    export: bytes = b""

    def issue(self, holder: str, target: str) -> str:
        role, scope = HOLDERS[holder]
        where = {k: self.matches.get(v, v) if k == "match" else v for k, v in scope.items()}
        if where.get("match") == "target":
            where["match"] = self.matches[target]
        return issue(self.service, role, person=holder, **where)


def make_world(service: Touchline, client: FlaskClient, target: str) -> World:
    service.create_league(CUP, "card-game", OWNER)
    service.create_league("Other Cup", "card-game", OWNER)
    world = World(service)
    opened = service.create_match("card-game", SETUP, OWNER, CUP).id
    for line in OPENING:
        service.record(opened, parse_entry("card-game", line), OWNER)
    done = service.create_match("card-game", SETUP, OWNER, CUP).id
    for action in finished_match(1, 0):
        service.record(done, action, OWNER)
    world.dispute = service.dispute(done, 1, "the coin rolled off", OWNER).line.number
    fresh = service.create_match("card-game", SETUP, OWNER, CUP).id
    other = service.create_match("card-game", SETUP, OWNER).id
    world.matches = {"opened": opened, "done": done, "fresh": fresh, "other": other}
    world.export = client.get(f"/api/matches/{other}/export").get_data()
    for holder in HOLDERS:
        world.tokens[holder] = world.issue(holder, target)
        world.link_ids[holder] = service.grant_of(world.tokens[holder]).link  # type: ignore[union-attr]
    return world


Body = Callable[[World], Any]


@dataclass(frozen=True)
class Case:
    """One write: how to call it, on which match, and who may."""

    method: str
    path: str  # with {opened}, {done}, {fresh}, {dispute}, {link} filled from the world
    body: Body
    accepted: tuple[str, ...]
    target: str = "opened"
    # Whether an accepted call stores an event (naming the scorer only changes the session).
    stores: bool = True

    def url(self, world: World) -> str:
        return self.path.format(
            **world.matches, dispute=world.dispute, link=world.link_ids["coach away"]
        )


def _json(value: dict[str, Any]) -> Body:
    return lambda world: value


def _export(world: World) -> bytes:
    return world.export


CARD_LIST = b"touchline card list 1\ngame card-game\nvalues shot pass defense\n2 2 2 - Anyone New\n"

# Every non-GET operation of the OpenAPI document, by (path, method).
API: dict[tuple[str, str], Case] = {
    ("/api/matches", "post"): Case(
        "POST",
        "/api/matches",
        _json({"ruleset": "card-game", "setup": SETUP, "by": "x", "league": CUP}),
        ("organizer",),
    ),
    ("/api/matches/import", "post"): Case(
        "POST", "/api/matches/import?league=Cup", _export, ("organizer",)
    ),
    ("/api/matches/{match_id}/entries", "post"): Case(
        "POST",
        "/api/matches/{fresh}/entries",
        _json({"text": OPENING[0], "by": "x"}),
        ("scorer",),
        target="fresh",
    ),
    ("/api/matches/{match_id}/undo", "post"): Case(
        "POST", "/api/matches/{opened}/undo", _json({"by": "x"}), ("scorer",)
    ),
    ("/api/matches/{match_id}/annotations", "post"): Case(
        "POST",
        "/api/matches/{opened}/annotations",
        _json({"on": 1, "text": "a note", "by": "x"}),
        ("scorer",),
    ),
    ("/api/matches/{match_id}/abandon", "post"): Case(
        "POST", "/api/matches/{opened}/abandon", _json({"by": "x", "reason": "rain"}), ("scorer",)
    ),
    ("/api/matches/{match_id}/disputes", "post"): Case(
        "POST",
        "/api/matches/{opened}/disputes",
        _json({"on": 3, "reason": "misread", "by": "x"}),
        ("scorer", "coach home", "coach away"),
    ),
    ("/api/matches/{match_id}/rulings", "post"): Case(
        "POST",
        "/api/matches/{done}/rulings",
        lambda world: {
            "dispute": world.dispute,
            "decision": "stands",
            "rules": ["CG-5.4"],
            "text": "it stands",
            "by": "x",
        },
        ("referee",),
        target="done",
    ),
    ("/api/matches/{match_id}/corrections", "post"): Case(
        "POST",
        "/api/matches/{opened}/corrections",
        _json({"replaces": 11, "text": "roll coach=nankatsu value=3", "reason": "x", "by": "x"}),
        ("scorer", "referee"),
    ),
    ("/api/matches/{match_id}/confirmations", "post"): Case(
        "POST",
        "/api/matches/{done}/confirmations",
        _json({"side": HOME, "by": "x"}),
        ("coach home",),
        target="done",
    ),
    ("/api/leagues", "post"): Case(
        "POST",
        "/api/leagues",
        _json({"name": "New Cup", "ruleset": "card-game"}),
        ("new organizer",),
    ),
    ("/api/leagues/{name}", "patch"): Case(
        "PATCH", "/api/leagues/Cup", _json({"count_unconfirmed": False}), ("organizer",)
    ),
    ("/api/links", "post"): Case(
        "POST",
        "/api/links",
        _json({"role": "referee", "league": CUP, "person": "Rita"}),
        ("organizer",),
    ),
    ("/api/links/{link_id}", "delete"): Case(
        "DELETE", "/api/links/{link}", _json({"reason": "lost"}), ("organizer",)
    ),
    ("/api/cards/import", "post"): Case(
        "POST", "/api/cards/import?league=Cup", lambda world: CARD_LIST, ("organizer",)
    ),
}

# Every POST route of the pages, by its rule in the URL map.
PAGES: dict[str, Case] = {
    "/matches/new": Case(
        "POST", "/matches/new", _json({**CARD_GAME, "league": CUP}), ("organizer",)
    ),
    "/matches/<match_id>/entries": Case(
        "POST",
        "/matches/{fresh}/entries",
        _json({"kind": "toss", "winner": AWAY, "expected_version": "1", "key": "k1"}),
        ("scorer",),
        target="fresh",
    ),
    "/matches/<match_id>/undo": Case(
        "POST",
        "/matches/{opened}/undo",
        _json({"expected_version": "12", "key": "k2"}),
        ("scorer",),
    ),
    "/matches/<match_id>/scorer-name": Case(
        "POST", "/matches/{opened}/scorer-name", _json({"name": "Zed"}), ("scorer",), stores=False
    ),
    "/matches/<match_ref>/annotations": Case(
        "POST", "/matches/{opened}/annotations", _json({"on": "1", "text": "a note"}), ("scorer",)
    ),
    "/matches/<match_id>/disputes": Case(
        "POST",
        "/matches/{opened}/disputes",
        _json({"on": "3", "reason": "misread"}),
        ("scorer", "coach home", "coach away"),
    ),
    "/matches/<match_id>/disputes/<int:dispute>/ruling": Case(
        "POST",
        "/matches/{done}/disputes/{dispute}/ruling",
        _json({"decision": "stands", "rules": "CG-5.4", "text": "it stands"}),
        ("referee",),
        target="done",
    ),
    "/matches/<match_id>/entries/<int:number>/correct": Case(
        "POST",
        "/matches/{opened}/entries/11/correct",
        _json({"entry": "roll coach=nankatsu value=3", "reason": "x", "expected_version": "12"}),
        ("scorer", "referee"),
    ),
    "/matches/<match_id>/confirmations": Case(
        "POST",
        "/matches/{done}/confirmations",
        _json({"side": HOME}),
        ("coach home",),
        target="done",
    ),
    "/links": Case(
        "POST",
        "/links",
        _json({"role": "referee", "league": CUP, "person": "Rita"}),
        ("organizer",),
    ),
    "/links/<link_ref>/revoke": Case(
        "POST", "/links/{link}/revoke", _json({"reason": "lost"}), ("organizer",)
    ),
    "/leagues/new": Case(
        "POST",
        "/leagues/new",
        _json({"name": "New Cup", "ruleset": "card-game"}),
        ("new organizer",),
    ),
    "/leagues/<path:name>/settings": Case(
        "POST", "/leagues/Cup/settings", _json({"points": "2/1/0"}), ("organizer",)
    ),
    "/matches/import": Case(
        "POST",
        "/matches/import",
        lambda world: {"text": world.export.decode("utf-8"), "into": f"league:{CUP}"},
        ("organizer",),
    ),
    "/matches/<match_id>/abandon": Case(
        "POST", "/matches/{opened}/abandon", _json({"reason": "rain"}), ("scorer",)
    ),
    "/cards/<ruleset>/import": Case(
        "POST",
        "/cards/card-game/import?league=Cup",
        _json({"text": CARD_LIST.decode("utf-8")}),
        ("organizer",),
    ),
}


def stored(service: Touchline) -> int:
    return service.recorder.max_notification_id() or 0  # type: ignore[attr-defined]


def call_api(client: FlaskClient, case: Case, world: World, token: str | None) -> Any:
    body = case.body(world)
    headers = bearer(token) if token else {}
    if isinstance(body, bytes):
        return client.open(
            case.url(world),
            method=case.method,
            data=body,
            content_type="text/plain",
            headers=headers,
        )
    return client.open(case.url(world), method=case.method, json=body, headers=headers)


def call_page(app: Flask, case: Case, world: World, tokens: tuple[str, ...]) -> Any:
    """Post the form from a browser holding `tokens` (opened through /in/ beforehand)."""
    browser = app.test_client()
    for token in tokens:
        browser.get(f"/in/{token}")
    return post_form(browser, case.url(world), case.body(world))


def wrong_holders(case: Case) -> list[str]:
    return [holder for holder in HOLDERS if holder not in case.accepted]


@pytest.mark.parametrize("key", sorted(API), ids=lambda key: f"{key[1].upper()} {key[0]}")
def test_issue_12_point_1_every_api_write_checks_the_role(
    app: Flask, client: FlaskClient, service: Touchline, key: tuple[str, str]
) -> None:
    case = API[key]
    world = make_world(service, client, case.target)
    revoked = world.issue(case.accepted[0], case.target)
    service.revoke_link(service.grant_of(revoked).link, "gone", OWNER)  # type: ignore[union-attr]
    before = stored(service)
    for label, token, status in [
        ("no link", None, 401),
        ("revoked", revoked, 401),
        ("unknown", "not-a-link-token", 401),
        *[(holder, world.tokens[holder], 403) for holder in wrong_holders(case)],
    ]:
        answer = call_api(client, case, world, token)
        assert answer.status_code == status, (label, answer.get_json())
        if status == 401:
            assert answer.headers["WWW-Authenticate"].startswith("Bearer"), label
        assert stored(service) == before, f"{label} stored something"
    # The first role the case accepts (the domain tests cover the others' scopes).
    answer = call_api(client, case, world, world.tokens[case.accepted[0]])
    assert answer.status_code in (200, 201), answer.get_json()
    assert stored(service) > before


@pytest.mark.parametrize("rule", sorted(PAGES))
def test_issue_12_point_1_every_page_write_checks_the_role(
    app: Flask, client: FlaskClient, service: Touchline, rule: str
) -> None:
    case = PAGES[rule]
    world = make_world(service, client, case.target)
    # A browser that opened a link of the very role needed, which is then revoked.
    revoked = world.issue(case.accepted[0], case.target)
    holding_revoked = app.test_client()
    holding_revoked.get(f"/in/{revoked}")
    service.revoke_link(service.grant_of(revoked).link, "gone", OWNER)  # type: ignore[union-attr]
    before = stored(service)
    answer = post_form(holding_revoked, case.url(world), case.body(world))
    assert answer.status_code == 403, "revoked"
    assert stored(service) == before
    for label, tokens in [
        ("no link", ()),
        *[(holder, (world.tokens[holder],)) for holder in wrong_holders(case)],
    ]:
        answer = call_page(app, case, world, tokens)
        assert answer.status_code == 403, (label, answer.status_code)
        assert stored(service) == before, f"{label} stored something"
    answer = call_page(app, case, world, (world.tokens[case.accepted[0]],))
    assert answer.status_code in (200, 303), answer.get_data(as_text=True)[:2000]
    if case.stores:
        assert stored(service) > before


def test_creating_or_importing_a_friendly_needs_no_link(
    client: FlaskClient, service: Touchline
) -> None:
    created = client.post("/api/matches", json={"ruleset": "card-game", "setup": SETUP, "by": "x"})
    assert created.status_code == 201
    token = created.get_json()["scorer_token"]
    grant = service.grant_of(token)
    assert grant is not None and grant.role.value == "scorer"
    exported = client.get(f"/api/matches/{created.get_json()['match']['id']}/export").get_data()
    imported = client.post("/api/matches/import", data=exported, content_type="text/plain")
    assert imported.status_code == 201 and service.grant_of(imported.get_json()["scorer_token"])


# Writes anyone may make, on any match they can see, so no holder is refused: starting a
# what-if branch, a match outside any league (docs/branches.md). Each is tried with no link
# in `test_anyone_may_branch_a_match_with_no_link`.
OPEN_API = {("/api/matches/{match_id}/branches", "post")}
OPEN_PAGES = {"/matches/<match_ref>/branches"}


def test_every_write_is_in_the_matrix(app: Flask, client: FlaskClient) -> None:
    """A new write operation or form must be added to the matrix, or this fails."""
    document = client.get("/api/openapi.json").get_json()
    operations = {
        (path, method)
        for path, item in document["paths"].items()
        for method in item
        if method in ("post", "put", "patch", "delete")
    }
    assert operations == set(API) | OPEN_API
    posted = {
        rule.rule
        for rule in app.url_map.iter_rules()
        if "POST" in (rule.methods or ()) and not rule.rule.startswith("/api/")
    }
    assert posted == set(PAGES) | OPEN_PAGES


def test_anyone_may_branch_a_match_with_no_link(client: FlaskClient, service: Touchline) -> None:
    """Even a league's match: the branch is outside any league, its scorer link the starter's."""
    service.create_league(CUP, "card-game", OWNER)
    match = service.create_match("card-game", SETUP, OWNER, CUP).id
    service.record(match, parse_entry("card-game", OPENING[0]), OWNER)
    answer = client.post(f"/api/matches/{match}/branches", json={"step": 1, "by": "x"})
    assert answer.status_code == 201
    branch = answer.get_json()["match"]["id"]
    grant = service.grant_of(answer.get_json()["scorer_token"])
    assert grant is not None and grant.role.value == "scorer" and grant.match == branch
    assert grant.league is None
    page = post_form(client, f"/matches/{match}/branches", {"step": "0"})
    assert page.status_code == 303 and len(service.branches_of(match)) == 2


def test_every_write_operation_declares_its_roles(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    assert document["components"]["securitySchemes"]["link"] == {
        "type": "http",
        "scheme": "bearer",
        "description": document["components"]["securitySchemes"]["link"]["description"],
    }
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method not in ("post", "put", "patch", "delete"):
                continue
            where = f"{method.upper()} {path}"
            assert operation.get("x-touchline-roles"), where
            assert {"link": []} in operation["security"], where
            assert {"401", "403"} <= set(operation["responses"]), where
            assert "Needs an access link of a role that may" in operation["description"], where
