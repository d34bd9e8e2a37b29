"""Card lists through the service, on each store: a card's printed values entered once are
filled in and checked from then on; the league's and the installation's lists are exported and
imported as a file, and a bad file keeps nothing and names its line."""

from __future__ import annotations

import pytest

from domain.match import Author, CorrectionRequest
from service.app import Touchline
from service.entries import parse_entry
from service.errors import BadInput, CorrectionNeedsDecisions, EntryRefused
from tests.opening import OPENING, SETUP

LIST = """# the club's cards
touchline card list 1
game card-game
values shot pass defense
3 1 0 toho Kojiro Hyuga
3 3 1 nankatsu Tsubasa Ozora
0 0 0 - Control and Advance
"""


def record(app: Touchline, match_id: str, line: str, author: Author, **options: object) -> None:
    app.record(match_id, parse_entry("card-game", line), author, **options)  # type: ignore[arg-type]


def to_first_play(app: Touchline, author: Author, league: str | None = None) -> str:
    match = app.create_match("card-game", SETUP, author, league=league)
    for line in OPENING[:4]:
        record(app, match.id, line, author)
    return match.id


def test_a_play_leaving_values_out_of_an_unknown_card_is_refused_naming_them(
    app: Touchline, alice: Author
) -> None:
    match_id = to_first_play(app, alice)
    with pytest.raises(BadInput) as refused:
        record(app, match_id, 'play toho "Kojiro Hyuga" shot=3', alice)
    assert "Kojiro Hyuga's printed pass, defense" in str(refused.value)
    assert app.get_match(match_id).version == 5  # nothing stored


def test_a_card_entered_once_is_filled_in_at_the_next_match(app: Touchline, alice: Author) -> None:
    first = to_first_play(app, alice)
    record(app, first, 'play toho "Kojiro Hyuga" 3 1 0', alice)
    (card,) = app.card_list("card-game").cards
    assert (card.name, card.values, card.side) == ("Kojiro Hyuga", (3, 1, 0), "toho")

    second = to_first_play(app, alice)
    assert [c.name for c in app.known_cards(app.load_record(second)).of("toho")] == ["Kojiro Hyuga"]
    record(app, second, 'play toho "kojiro hyuga"', alice)
    entry = app.get_match(second).log[-1]
    assert entry.action["shot"] == 3 and entry.action["pass"] == 1
    assert entry.action["defense"] == 0


def test_the_list_says_which_match_taught_it_a_card_and_who_imported_one(
    app: Touchline, alice: Author
) -> None:
    first = to_first_play(app, alice)
    record(app, first, 'play toho "Kojiro Hyuga" 3 1 0', alice)
    app.import_card_list(LIST, Author("olga", "2026-11-30T09:00:00+00:00"))
    lists = app.card_lists("card-game")
    assert [view.league for view in lists] == [None]
    by_name = {card.name: lists[0].learned_of(card) for card in lists[0].cards}
    hyuga, ozora = by_name["Kojiro Hyuga"], by_name["Tsubasa Ozora"]
    # The file typed Hyuga's values as the match had: the match stays where they came from.
    assert hyuga is not None and (hyuga.how, hyuga.match, hyuga.by) == ("entry", first, "alice")
    assert ozora is not None and (ozora.how, ozora.match, ozora.by) == ("file", None, "olga")


def test_a_retried_pick_records_once(app: Touchline, alice: Author) -> None:
    app.import_card_list(LIST, alice)
    match_id = to_first_play(app, alice)
    for _ in range(2):
        record(app, match_id, 'play toho "Kojiro Hyuga"', alice, key="pick-1")
    assert app.get_match(match_id).version == 6


def test_other_values_than_the_lists_are_refused_and_may_be_overridden(
    app: Touchline, alice: Author
) -> None:
    app.import_card_list(LIST, alice)
    match_id = to_first_play(app, alice)
    with pytest.raises(EntryRefused) as refused:
        record(app, match_id, 'play toho "Kojiro Hyuga" 4 1 0', alice)
    (violation,) = refused.value.violations
    assert violation.rule == "CG-1.3" and "Kojiro Hyuga prints Shot 3" in violation.message
    assert "in the installation's card list" in violation.message
    record(app, match_id, 'play toho "Kojiro Hyuga" 4 1 0', alice, override="a reprint")
    assert app.card_list("card-game").cards[0].values == (3, 1, 0)  # the list stands


def test_a_leagues_list_comes_before_the_installations(app: Touchline, alice: Author) -> None:
    app.create_league("Sunday League", "card-game", alice)
    app.import_card_list(LIST, alice)
    league_list = LIST.replace("3 1 0 toho Kojiro Hyuga", "2 2 2 toho Kojiro Hyuga")
    imported = app.import_card_list(league_list, alice, league="sunday league")
    assert imported.list.league == "Sunday League" and imported.changed == 3
    match_id = to_first_play(app, alice, league="Sunday League")
    record(app, match_id, 'play toho "Kojiro Hyuga"', alice)
    assert app.get_match(match_id).log[-1].action["shot"] == 2
    # A card the league's match enters first joins the league's list, not the installation's.
    record(app, match_id, 'play nankatsu "Ryo Ishizaki" 1 4 2', alice)
    assert app.card_list("card-game", "Sunday League").cards[-1].name == "Ryo Ishizaki"
    assert [c.name for c in app.card_list("card-game").cards][-1] == "Control and Advance"


def test_export_then_import_gives_the_same_list(app: Touchline, alice: Author) -> None:
    app.import_card_list(LIST, alice)
    exported = app.export_card_list("card-game")
    again = app.import_card_list(exported, alice)
    assert again.changed == 0 and again.cards == 3
    assert again.list.cards == app.card_list("card-game").cards


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (LIST + "1 1 toho Half a card\n", "line 8: a card is its shot, pass, defense"),
        (LIST + "1 1 1 toho Kojiro Hyuga\n", "line 8: Kojiro Hyuga is already on line 5"),
        (LIST + "1 1 1 osaka Someone\n", "line 8: the side is nankatsu or toho or -"),
        (LIST + "1 -1 1 toho Someone\n", "line 8: pass -1 is not a printed value"),
        (
            LIST + "1 1 1 toho Bad\x1bName\n",
            "line 8: the card's name holds the control character U+001B",
        ),
        (LIST.replace("game card-game", "game chess"), "line 3: no game is called 'chess'"),
        (LIST.replace("game card-game", "game tcg"), "line 3: the table types no printed"),
        (LIST.replace("values shot pass defense", "values shot"), "line 4: card-game's cards"),
        (LIST.replace("touchline card list 1", "touchline card list 9"), "line 2: this release"),
        ("3 1 0 toho Kojiro Hyuga\n", "line 2: the file ends before its header"),
    ],
)
def test_a_bad_file_keeps_nothing_and_names_the_line(
    app: Touchline, alice: Author, text: str, error: str
) -> None:
    with pytest.raises(BadInput) as refused:
        app.import_card_list(text, alice)
    assert error in str(refused.value)
    assert app.card_list("card-game").cards == ()


def test_a_file_that_is_not_utf8_names_its_line(app: Touchline, alice: Author) -> None:
    with pytest.raises(BadInput, match="line 5: not UTF-8 text"):
        app.import_card_list(LIST.encode("utf-8").replace(b"Kojiro", b"K\xffjiro"), alice)


def test_a_league_of_another_game_has_no_card_list_of_this_one(
    app: Touchline, alice: Author
) -> None:
    app.create_league("Crowns", "king-of-the-pitch", alice)
    with pytest.raises(BadInput, match="plays king-of-the-pitch, not card-game"):
        app.import_card_list(LIST, alice, league="Crowns")


# -- corrections (CG-1.3) ---------------------------------------------------------------------

# Toho keeps the ball in round 1 and plays Kojiro Hyuga again in round 2 (entry 14).
TWO_PLAYS = [
    *OPENING[:8],
    "declare coach=toho action=pass",
    "roll coach=toho value=6",
    "roll coach=nankatsu value=1",
    "draft coach=nankatsu source=pitch",
    "draft coach=toho source=deck",
    'play coach=toho card="Kojiro Hyuga" shot=3 pass=1 defense=0',
]


def two_plays(app: Touchline, author: Author) -> str:
    match = app.create_match("card-game", SETUP, author)
    for line in TWO_PLAYS:
        record(app, match.id, line, author)
    return match.id


def test_cg_1_3_a_correction_is_checked_against_the_cards_known_values(
    app: Touchline, alice: Author
) -> None:
    match_id = two_plays(app, alice)
    version = app.get_match(match_id).version
    with pytest.raises(EntryRefused) as refused:
        app.correct(
            match_id,
            14,
            parse_entry("card-game", 'play toho "Kojiro Hyuga" 3 2 0'),
            "misread",
            alice,
        )
    (violation,) = refused.value.violations
    assert violation.rule == "CG-1.3" and violation.overridable
    assert "as recorded earlier in this match" in violation.message
    assert app.get_match(match_id).version == version  # nothing stored
    app.correct(
        match_id,
        14,
        parse_entry("card-game", 'play toho "Kojiro Hyuga" 3 2 0'),
        "misread",
        alice,
        override="another edition",
    )
    assert app.get_match(match_id).version == version + 1


def test_cg_1_3_a_correction_is_checked_against_the_card_list(
    app: Touchline, alice: Author
) -> None:
    app.import_card_list(LIST, alice)
    match_id = two_plays(app, alice)
    dispute = app.dispute(match_id, 5, "Hyuga's card says Shot 4", alice).line
    with pytest.raises(EntryRefused) as refused:
        app.rule(
            match_id,
            dispute.number,
            "corrected",
            ["CG-1.3"],
            "the card was misread",
            alice,
            correction=CorrectionRequest(
                5, parse_entry("card-game", 'play toho "Kojiro Hyuga" 4 1 0')
            ),
        )
    (violation,) = refused.value.violations
    assert violation.rule == "CG-1.3"
    assert "in the installation's card list" in violation.message


def test_cg_1_3_correcting_a_cards_first_play_asks_about_its_later_plays(
    app: Touchline, alice: Author
) -> None:
    match_id = two_plays(app, alice)
    as_it_should_be = parse_entry("card-game", 'play toho "Kojiro Hyuga" 4 1 0')
    # The first play taught the installation's list Shot 3: the list stands until an import
    # changes it, so the table says why it corrects against it.
    with pytest.raises(EntryRefused) as refused:
        app.correct(match_id, 5, as_it_should_be, "misread", alice)
    assert "(in the installation's card list)" in refused.value.violations[0].message
    with pytest.raises(CorrectionNeedsDecisions) as needed:
        app.correct(match_id, 5, as_it_should_be, "misread", alice, override="misread")
    (illegal,) = needed.value.illegal
    assert illegal.number == 14 and [v.rule for v in illegal.violations] == ["CG-1.3"]
    assert "Kojiro Hyuga prints Shot 4" in illegal.violations[0].message
    assert "(as recorded earlier in this match)" in illegal.violations[0].message
    app.correct(
        match_id,
        5,
        as_it_should_be,
        "misread",
        alice,
        override="misread",
        decisions={14: "keep"},
    )
    kept = app.load_record(match_id).log[13]
    assert [v.rule for v in kept.violations] == ["CG-1.3"]  # type: ignore[union-attr]
