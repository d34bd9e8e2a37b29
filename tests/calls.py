"""Work counted rather than timed: a function wrapped so that each call to it is noted, then
made as before, for the tests that say how often something is done."""

from __future__ import annotations

from typing import Any

import pytest


def calls_to(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[tuple[Any, ...]]:
    """The calls made from now on to `owner.name` (a module's function, a class's method or a
    class), each as its positional arguments (a method's first is the instance); the wrapper
    goes when the test ends."""
    real = getattr(owner, name)
    calls: list[tuple[Any, ...]] = []

    def noted(*arguments: Any, **keywords: Any) -> Any:
        calls.append(arguments)
        return real(*arguments, **keywords)

    monkeypatch.setattr(owner, name, noted)
    return calls
