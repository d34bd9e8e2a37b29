"""What a link grants is kept between uses, and a revocation from anywhere still ends it at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from service.entry_text import action_from_text
from service.errors import LinkChangedMeanwhile
from tests.links import OWNER, issue
from tests.opening import OPENING, SETUP


@pytest.fixture
def other_process(store_url: str) -> Iterator[Touchline]:
    """A second application on the same store, as another worker or host runs it."""
    application = Touchline(settings_for_url(store_url))
    yield application
    application.close()


def _scorer_link(app: Touchline, alice: Author) -> str:
    match = app.create_match("card-game", SETUP, alice)
    return issue(app, "scorer", match=match.id)


def test_a_link_revoked_by_another_process_is_refused_at_its_next_use(
    app: Touchline, other_process: Touchline, alice: Author
) -> None:
    token = _scorer_link(app, alice)
    grant = app.grant_of(token)
    assert grant is not None
    assert app.grant_of(token) == grant  # kept now
    other_process.revoke_link(grant.link, "lost phone", OWNER)
    assert app.grant_of(token) is None
    assert app.grant_of(token) is None


def test_a_kept_link_in_force_is_not_loaded_again(
    app: Touchline, alice: Author, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = _scorer_link(app, alice)
    loads = []
    load = app._link
    monkeypatch.setattr(
        app, "_link", lambda identifier: loads.append(identifier) or load(identifier)
    )
    first = app.grant_of(token)
    assert app.grant_of(token) == first
    assert app.grant_of(token) == first
    assert len(loads) == 1


def test_unknown_tokens_are_not_kept(app: Touchline) -> None:
    for n in range(3):
        assert app.grant_of(f"not-a-link-{n}") is None
    assert len(app._kept_links._links) == 0


# A write's insert checks the kept link on PostgreSQL (service/link_checks.py); SQLite asks first.
ON_POSTGRESQL = pytest.mark.parametrize(
    "store_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)


@ON_POSTGRESQL
def test_a_write_on_a_link_revoked_since_it_was_kept_stores_nothing(
    app: Touchline, other_process: Touchline, alice: Author
) -> None:
    token = _scorer_link(app, alice)
    grant = app.grant_of(token)  # kept now
    assert grant is not None
    match_id = grant.match
    assert match_id is not None
    scorer = Author("scorer", alice.at, "api", grant.link)
    action, _ = action_from_text("card-game", OPENING[0])
    with app.checking_link_on_write() as check:
        assert app.grant_of(token) == grant  # not asked of the store: the write will
        assert check.pending
        other_process.revoke_link(grant.link, "lost phone", OWNER)
        with pytest.raises(LinkChangedMeanwhile):
            app.record(match_id, action, scorer)
        # Nothing more is stored for the request, whatever path its write tries next.
        with pytest.raises(LinkChangedMeanwhile):
            app.record(match_id, action, scorer)
        assert not app.link_in_force(check)
    assert app.version_of(match_id) == 1
    assert app.grant_of(token) is None


@ON_POSTGRESQL
def test_a_write_on_a_link_in_force_confirms_it(app: Touchline, alice: Author) -> None:
    token = _scorer_link(app, alice)
    grant = app.grant_of(token)
    assert grant is not None and grant.match is not None
    scorer = Author("scorer", alice.at, "api", grant.link)
    action, _ = action_from_text("card-game", OPENING[0])
    with app.checking_link_on_write() as check:
        assert app.grant_of(token) == grant
        app.record(grant.match, action, scorer)
        assert check.confirmed
        assert app.link_in_force(check)
    assert app.version_of(grant.match) == 2


@ON_POSTGRESQL
def test_a_kept_link_is_asked_of_the_store_when_no_write_checks_it(
    app: Touchline, other_process: Touchline, alice: Author
) -> None:
    token = _scorer_link(app, alice)
    grant = app.grant_of(token)
    assert grant is not None
    with app.checking_link_on_write() as check:
        app.grant_of(token)
        other_process.revoke_link(grant.link, "lost phone", OWNER)
        # No write made (a refusal, a repeat): the store is asked before the answer.
        assert not app.link_in_force(check)
    assert app.grant_of(token) is None
