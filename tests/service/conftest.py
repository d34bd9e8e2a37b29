from __future__ import annotations

from collections.abc import Iterator

import pytest

from domain.match import Author
from service.app import Touchline
from service.config import settings_for_url


@pytest.fixture
def app(store_url: str) -> Iterator[Touchline]:
    application = Touchline(settings_for_url(store_url))
    yield application
    application.close()


@pytest.fixture
def alice() -> Author:
    return Author("alice", "2026-11-29T21:00:00+00:00", "test")
