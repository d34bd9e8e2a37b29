"""Only players are counted as players: a game declares which of its cards are (the card
game's Match, Fatigue and Special Shot cards, its Fan, are not), and the one fold follows that
declaration without knowing the game."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from domain.card_game.cards import CATALOGUE
from domain.match import Author, MatchRecord
from service.entries import parse_entry
from service.projections.fold import fold
from service.projections.subjects import PLAYER
from tests.service.test_golden_matches import CASES, golden_lines

AUTHOR = Author("scorer", "2026-11-29T21:00:00+00:00", "test")
TCG_TEAMS = Path(__file__).parents[2] / "domain" / "tcg" / "teams"


def players_of(ruleset: str, name: str, setup: dict) -> set[str]:
    match = MatchRecord(ruleset, setup, AUTHOR.by, AUTHOR.at)
    for line in golden_lines(name):
        match.record(parse_entry(ruleset, line), AUTHOR)
    return {subject for kind, subject, _ in fold(match).stats if kind == PLAYER}


CARD_GAME = [case[:3] for case in CASES if case[0] == "card-game"]


@pytest.mark.parametrize(("ruleset", "name", "setup"), CARD_GAME)
def test_the_card_game_counts_no_match_card_as_a_player(
    ruleset: str, name: str, setup: dict
) -> None:
    players = players_of(ruleset, name, setup)
    assert players, "the golden match has players"
    assert not players & {"Foul", "Control and Advance", "Toho Special Shot", "Fatigue"}
    for player in players:
        assert CATALOGUE.card_class(player) in (None, "initial", "motivation", "signing")
        assert not CATALOGUE.has_role(player, "fan")


def test_the_full_match_still_counts_its_players_and_their_goals() -> None:
    ruleset, name, setup = CARD_GAME[0]
    match = MatchRecord(ruleset, setup, AUTHOR.by, AUTHOR.at)
    for line in golden_lines(name):
        match.record(parse_entry(ruleset, line), AUTHOR)
    stats = fold(match).stats
    assert stats[(PLAYER, "Tsubasa Ozora", "cards_played")] >= 1
    # A Match card played still counts as a card its coach played.
    coach_cards = sum(v for (k, _, s), v in stats.items() if k == "coach" and s == "cards_played")
    player_cards = sum(v for (k, _, s), v in stats.items() if k == PLAYER and s == "cards_played")
    assert coach_cards > player_cards


@pytest.mark.parametrize(
    ("ruleset", "name", "setup"), [case[:3] for case in CASES if case[0] == "tcg"]
)
def test_the_tcg_counts_only_the_cards_of_its_team_lists(
    ruleset: str, name: str, setup: dict
) -> None:
    listed = set()
    for team in ("nankatsu", "toho"):
        data = tomllib.loads((TCG_TEAMS / f"{team}.toml").read_text("utf-8"))
        listed |= {card["name"] for card in (*data["starters"], *data.get("deck", ()))}
    players = players_of(ruleset, name, setup)
    assert players
    # Copies of one card are told apart by a number: "Takeshi Sawada (2)".
    assert {player.split(" (")[0] for player in players} <= listed


@pytest.mark.parametrize(
    ("ruleset", "name", "setup"), [case[:3] for case in CASES if case[0] == "king-of-the-pitch"]
)
def test_king_of_the_pitch_has_no_player_cards(ruleset: str, name: str, setup: dict) -> None:
    assert players_of(ruleset, name, setup) == set()
