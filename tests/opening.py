"""A short, legal opening of a card-game match shared by the service, file and CLI tests:
Toho kicks off and scores with the first shot (8 against 3)."""

from __future__ import annotations

from typing import Any

from domain.match import Author
from service.app import Touchline
from service.entries import parse_entry
from service.views import Written

SETUP = {
    "home": {"team": "Nankatsu", "coach": "Alice"},
    "away": {"team": "Toho", "coach": "Bob"},
}

OPENING = [
    "toss winner=toho",
    "kickoff coach=toho",
    "draft coach=nankatsu source=pitch",
    "draft coach=toho source=deck",
    'play coach=toho card="Kojiro Hyuga" shot=3 pass=1 defense=0',
    'play coach=nankatsu card="Tsubasa Ozora" shot=3 pass=3 defense=1',
    "pass coach=toho",
    "pass coach=nankatsu",
    "declare coach=toho action=shot",
    "roll coach=toho value=5",
    "roll coach=nankatsu value=2",
]


def record_text(app: Touchline, ref: str, text: str, author: Author, **options: Any) -> Written:
    """Record an entry written in the one-line notation (`roll coach=toho value=5`)."""
    ruleset = app.get_match(ref).ruleset
    return app.record(ref, parse_entry(ruleset, text), author, **options)
