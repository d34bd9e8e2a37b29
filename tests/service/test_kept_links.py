"""What a link grants is kept between uses, and a revocation from anywhere still ends it at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url
from tests.links import OWNER, issue
from tests.opening import SETUP


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
