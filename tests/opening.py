"""A short, legal opening of a card-game match shared by the service, file and CLI tests:
Toho kicks off and scores with the first shot (8 against 3)."""

SETUP = {
    "home": {"team": "Nankatsu", "coach": "Alice"},
    "away": {"team": "Toho", "coach": "Bob"},
}

OPENING = [
    "toss winner=toho",
    "kickoff coach=toho",
    "draft coach=nankatsu source=pitch",
    "draft coach=toho source=deck",
    'play coach=toho card="Kojiro Hyuga" shot=3 pass=1',
    'play coach=nankatsu card="Tsubasa Ozora" shot=3 pass=3 defense=1',
    "pass coach=toho",
    "pass coach=nankatsu",
    "declare coach=toho action=shot",
    "roll coach=toho value=5",
    "roll coach=nankatsu value=2",
]
