"""Card list use cases: a game's printed card values kept for the installation and for each
league, offered and checked at every match, shared as a file (domain/card_list_file.py).

Each list is a `domain.card_list.CardList` aggregate, so every change is an event kept with who
made it. A match reads its league's list over the installation's; a card a match enters for
the first time that neither list holds joins its league's list (the installation's for a
friendly), saved with the entry in one transaction.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from domain.match import Author, MatchRecord
from domain.phrase import phrase
from domain.printed import (
    NO_CARDS,
    CardLibrary,
    MissingValues,
    Printed,
    with_printed_values,
)
from domain.registry import UnknownRuleset, find_ruleset
from domain.ruleset import JSON
from domain.text import NAME_LIMIT, BadText, checked_text
from service.boundary import said
from service.errors import BadInput, StaleMatch
from service.leagues import LeagueUseCases
from service.views import stored_title

# The card list aggregate, its file format and the values answered are imported by the use
# cases that read or write a list: showing a match reads none, and an entry that types no
# printed values (a die, a toss) neither (tests/cli/test_start_up.py).
if TYPE_CHECKING:
    from domain.card_list import CardList
    from service.card_list_views import CardListImport as CardListImport
    from service.card_list_views import CardListView as CardListView
    from service.card_list_views import KnownCard as KnownCard
    from service.card_list_views import OfferedCards as OfferedCards

# The answers' values are in service/card_list_views.py; they are still found here by the name
# they always had.
_VALUES = ("CardListImport", "CardListView", "KnownCard", "OfferedCards")


def __getattr__(name: str) -> object:
    if name in _VALUES:
        from service import card_list_views

        return getattr(card_list_views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# How long a process trusts a card list it read before reading it again: every entry of every
# match reads one or two, and a list is a log of every card it was ever taught. A list changed
# by another process is seen this much later; one changed here, at once.
FRESH_SECONDS = 10.0
# Match ids per query: well under SQLite's oldest limit of 999 parameters.
IDS_PER_QUERY = 500


def _playable_names(
    match: MatchRecord, kind: str, fixed: Mapping[str, JSON], known: CardLibrary
) -> tuple[KnownCard, ...]:
    """The names of the game's catalogue that no card list knows values of, which the rules
    let the side of `fixed` play now (its values aside: the table types them)."""
    from service.card_list_views import KnownCard

    rules = match.ruleset
    printed = rules.printed
    assert printed is not None
    found: list[KnownCard] = []
    for name in printed.catalogue:
        if known.find(name) is not None:
            continue  # a known card is suggested with its values, where it fits
        data = {"kind": kind, **fixed, "card": name}
        data.update(dict.fromkeys(printed.fields, printed.minimum))
        try:
            if not rules.check(match.game, rules.action_from_dict(data)):
                found.append(KnownCard(name, (), ""))
        except ValueError:
            continue
    return tuple(found)


def printed_of(game: str) -> Printed:
    """The printed values `game` declares, or BadInput for a game without them."""
    try:
        printed = find_ruleset(game).printed
    except UnknownRuleset as error:
        raise BadInput(said(error)) from None
    if printed is None:
        raise BadInput(
            phrase("the table types no printed values in {game}: it has no card list", game=game)
        )
    return printed


class CardListUseCases(LeagueUseCases):
    if TYPE_CHECKING:
        # Declared for the type checker only: `service.app.Touchline` defines it (the match,
        # kept in memory).
        def load_record(self, ref: str) -> MatchRecord: ...

    def card_list(self, game: str, league: str | None = None) -> CardListView:
        """The card list of `game` in `league` (None: the installation's)."""
        from service.card_list_views import CardListView

        printed = printed_of(game)
        league = self._league_of_game(league, game)
        found = self._card_list(game, league)
        if found is None:
            return CardListView(game, league, printed.fields, printed.labels, ())
        return CardListView(
            game,
            league,
            printed.fields,
            printed.labels,
            found.library().cards,
            dict(found.learned),
        )

    def learned_titles(self, *views: CardListView) -> dict[str, str]:
        """The titles of the matches the lists' cards were learned in, by match id: one query
        of the match summaries for those matches alone. A match they do not hold (a card
        learned before the list kept the match names none) has no title here."""
        from domain.card_list import FROM_ENTRY

        ids = sorted(
            {
                learned.match
                for view in views
                for learned in view.learned.values()
                if learned.how == FROM_ENTRY and learned.match is not None
            }
        )
        titles: dict[str, str] = {}
        if not ids:
            return titles
        with self._read("summaries") as sql:
            for start in range(0, len(ids), IDS_PER_QUERY):
                chunk = ids[start : start + IDS_PER_QUERY]
                marks = ", ".join("?" for _ in chunk)
                for row in sql.rows(
                    f"SELECT match_id, title FROM match_summaries WHERE match_id IN ({marks})",
                    chunk,
                ):
                    titles[str(row["match_id"])] = stored_title(str(row["title"]))
        return titles

    def card_lists(self, game: str) -> list[CardListView]:
        """Every card list of `game`: the installation's, then each league's of that game, the
        leagues oldest first (a league's list may be empty)."""
        printed_of(game)
        leagues = [league.name for league in self.leagues() if league.ruleset == game]
        return [self.card_list(game, None), *(self.card_list(game, name) for name in leagues)]

    def export_card_list(self, game: str, league: str | None = None) -> str:
        from domain.card_list_file import write_card_list

        view = self.card_list(game, league)
        return write_card_list(game, printed_of(game), CardLibrary(view.cards))

    def import_card_list(
        self, data: bytes | str, author: Author, league: str | None = None
    ) -> CardListImport:
        """Keep the cards of a card list file (each one's values replace those the list held),
        or nothing at all when any line is wrong (BadInput names it)."""
        from domain.card_list import FROM_FILE, CardList
        from domain.card_list_file import CardListFileError, read_card_list
        from service.card_list_views import CardListImport

        try:
            file = read_card_list(data)
            author = author.checked()
        except (CardListFileError, BadText) as error:
            raise BadInput(said(error)) from None
        league = self._league_of_game(league, file.game)
        for _ in range(3):
            card_list = self._card_list(file.game, league) or CardList.create(file.game, league)
            changed = card_list.record(file.cards, FROM_FILE, author.by, author.at, author.link)
            if not changed:
                break
            try:
                with self._storage():
                    self.save(card_list)
                break
            except IntegrityError:
                continue  # a match taught the list a card meanwhile: read it again
            finally:
                self._forget_library(file.game, league)
        else:
            raise StaleMatch("the card list kept changing: import it again", -1)
        return CardListImport(self.card_list(file.game, league), len(file.cards), changed)

    # -- for the match use cases ---------------------------------------------------------

    def cards_for(self, match: MatchRecord, kind: object = None) -> CardLibrary:
        """The printed values a match is offered and checked against, beyond its own: its
        league's list over the installation's (none for a game without printed values, nor
        for an entry of `kind` when that kind carries none: a die reads no list)."""
        printed = match.ruleset.printed
        if printed is None or (kind is not None and kind not in printed.kinds):
            return NO_CARDS
        game = match.ruleset_name
        library = self._library(game, None)
        if match.league is not None:
            library = self._library(game, match.league).over(library)
        return library

    def _library(self, game: str, league: str | None) -> CardLibrary:
        """A card list's cards, as read at most FRESH_SECONDS ago by this process."""
        from domain.card_list import card_list_id

        kept: dict[UUID, tuple[float, CardLibrary]] = self.__dict__.setdefault("_libraries", {})
        key = card_list_id(game, league)
        now = time.monotonic()
        found = kept.get(key)
        if found is not None and now - found[0] < FRESH_SECONDS:
            return found[1]
        card_list = self._card_list(game, league)
        library = card_list.library() if card_list is not None else NO_CARDS
        kept[key] = (now, library)
        return library

    def _forget_library(self, game: str, league: str | None) -> None:
        from domain.card_list import card_list_id

        self.__dict__.get("_libraries", {}).pop(card_list_id(game, league), None)

    def known_cards(self, match: MatchRecord, cards: CardLibrary | None = None) -> OfferedCards:
        """For each side, the cards with known printed values it could put down now: those the
        match recorded, then those of the card lists, each only when the rules let that side
        play it now with those values; and the names to suggest for another card, those and
        the rulebook's that the rules let it play now."""
        from service.card_list_views import KnownCard, OfferedCards

        rules = match.ruleset
        printed = rules.printed
        if printed is None:
            return OfferedCards()
        library = rules.learned_cards(match.game).over(
            self.cards_for(match) if cards is None else cards
        )
        offered: dict[str, tuple[KnownCard, ...]] = {}
        suggested: dict[str, tuple[KnownCard, ...]] = {}
        for expected in rules.expected(match.game):
            side = expected.fixed.get("coach")
            if expected.kind != printed.kinds[0] or not isinstance(side, str):
                continue
            fits = []
            for card in library.for_side(side):
                data = {"kind": expected.kind, **expected.fixed, "card": card.name}
                data.update(card.as_fields(printed))
                try:
                    broken = rules.check(match.game, rules.action_from_dict(data), library)
                except ValueError:
                    continue
                if not broken:
                    values = tuple(card.as_fields(printed).items())
                    fits.append(KnownCard(card.name, values, card.describe(printed)))
            offered[side] = tuple(dict.fromkeys([*offered.get(side, ()), *fits]))
            if side not in suggested:
                named = _playable_names(match, expected.kind, expected.fixed, library)
                suggested[side] = (*fits, *named)
        return OfferedCards(tuple(offered.items()), tuple(suggested.items()))

    def offered_cards(self, ref: str) -> OfferedCards:
        """For each side of a match, the cards with known printed values it may put down now
        (see `known_cards`): what the scoring page offers to pick."""
        return self.known_cards(self.load_record(ref))

    def with_known_values(self, ref: str, action: Mapping[str, JSON]) -> dict[str, JSON]:
        """The entry with the printed values it leaves out filled from those known; as it is
        when none are (the prompt then asks for them)."""
        match = self.load_record(ref)
        try:
            return self._complete_printed(match, action, self.cards_for(match))
        except BadInput:
            return dict(action)

    def _complete_printed(
        self, match: MatchRecord, action: Mapping[str, JSON], cards: CardLibrary
    ) -> dict[str, JSON]:
        """The entry with the printed values it leaves out filled from those known, or
        BadInput naming those that are not: a value left out is never taken as 0."""
        rules = match.ruleset
        printed = rules.printed
        if printed is None or action.get("kind") not in printed.kinds:
            return dict(action)
        card = action.get("card")
        if isinstance(card, str):
            try:  # named in the answer below: checked as the entry's text is, first
                checked_text(card, f"{action.get('kind')}: card", NAME_LIMIT)
            except BadText as error:
                raise BadInput(said(error)) from None
        try:
            return with_printed_values(rules, match.game, action, cards)
        except MissingValues as error:
            raise BadInput(said(error)) from None

    def _taught(
        self, match: MatchRecord, cards: CardLibrary, before: CardLibrary
    ) -> list[CardList]:
        """The card list a match's new entry teaches a card it was the first to enter: its
        league's (the installation's for a friendly); none when a list knew the card."""
        learned = [
            c for c in match.ruleset.learned_cards(match.game).cards if before.find(c.name) is None
        ]
        new = [c for c in learned if cards.find(c.name) is None]
        if not new:
            return []
        from domain.card_list import FROM_ENTRY, CardList

        game = match.ruleset_name
        card_list = self._card_list(game, match.league) or CardList.create(game, match.league)
        line = match.log[-1]
        by, at, link = line.author.by, line.author.at, line.author.link
        changed = card_list.record(
            [replace(c, origin="") for c in new], FROM_ENTRY, by, at, link, str(match.id)
        )
        # Read again next time, whether this save holds or loses a race and is retried.
        self._forget_library(game, match.league)
        return [card_list] if changed else []

    def _card_list(self, game: str, league: str | None) -> CardList | None:
        from domain.card_list import CardList, card_list_id

        try:
            with self._storage():
                found: object = self.repository.get(card_list_id(game, league))
        except AggregateNotFoundError:
            return None
        return found if isinstance(found, CardList) else None

    def _league_of_game(self, league: str | None, game: str) -> str | None:
        """The league's name as it was created, checked to be a league of `game`."""
        if league is None:
            return None
        found = self.find_league(league)
        if found.ruleset != game:
            raise BadInput(
                phrase(
                    "the league {league} plays {plays}, not {game}",
                    league=found.name,
                    plays=found.ruleset,
                    game=game,
                )
            )
        return str(found.name)
