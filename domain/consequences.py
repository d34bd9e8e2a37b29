"""What follows from an entry, as values, and their plain-data form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.ruleset import Consequence

__all__ = ["Consequence", "from_dict"]


def from_dict(data: Mapping[str, Any]) -> Consequence:
    return Consequence(str(data["kind"]), str(data["text"]), data.get("data") or {})
