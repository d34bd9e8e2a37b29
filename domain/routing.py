"""What the games' rulesets share: the action codec, and check and apply routed by the class
of the action to the game's own pair of functions."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain.actions import ActionCodec
from domain.declarations import UNCOUNTED, DiceOdds, EntryFrequency
from domain.printed import NO_CARDS, CardLibrary, Printed, PrintedCard, printed_violation
from domain.ruleset import JSON, Consequence, Outcome, Ruleset, Violation
from domain.sentences import from_notation

Checker = Callable[[Any, Any], Sequence[Violation]]
Applier = Callable[[Any, Any], tuple[Any, Sequence[Consequence]]]


class RoutedRuleset:
    """A base for a game's Ruleset: it supplies `codec`, `help` (each kind's one-line help)
    and `routes` (action class → checker and applier), and may refuse an action before it is
    routed (`refusal`, e.g. once the match is over)."""

    codec: ActionCodec
    help: Mapping[str, str]
    routes: Mapping[type, tuple[Checker, Applier]]
    # What a field means to a person, keyed `kind.field` or `field` (domain/entry_help.py).
    field_help: Mapping[str, str] = {}
    # How often each kind is entered (domain/declarations.py); by default nothing is counted.
    entry_frequency: EntryFrequency = UNCOUNTED
    # A game whose cards print values the table types declares them (domain/printed.py).
    printed: Printed | None = None
    # A game whose dice decide its duels declares their odds (domain/odds.py); none by default.
    odds: DiceOdds | None = None

    def unstated(self, data: Mapping[str, JSON]) -> tuple[str, ...]:
        """Fields an entry leaves out that the table must still say; none by default."""
        return ()

    def sentence(self, action: Any, names: Mapping[str, str]) -> str:
        """The entry in words, made from its notation: a game words its own by overriding it."""
        return from_notation(self.codec, self.codec.to_dict(action), names)

    def recorded_setup(self, stored: Mapping[str, JSON]) -> dict[str, JSON]:
        """A stored setup as its match was recorded under: as it is, until a game adds a
        setting whose default differs from what it did before."""
        return dict(stored)

    def action_from_dict(self, data: Mapping[str, JSON]) -> Any:
        return self.codec.from_dict(data)

    def action_to_dict(self, action: Any) -> dict[str, JSON]:
        return self.codec.to_dict(action)

    def action_kinds(self) -> Mapping[str, str]:
        return dict(self.help)

    def refusal(self, state: Any, action: Any) -> tuple[Violation, ...]:
        """Violations that stop an action before its own checker runs; none by default."""
        return ()

    def printed_face(self, state: Any, data: Mapping[str, JSON]) -> PrintedCard | None:
        """The card whose printed values an entry types; a game with `printed` says."""
        return None

    def learned_cards(self, state: Any) -> CardLibrary:
        """The printed values the match recorded so far; a game with `printed` keeps them."""
        return NO_CARDS

    def check(
        self, state: Any, action: Any, cards: CardLibrary | None = None
    ) -> tuple[Violation, ...]:
        early = self.refusal(state, action)
        if early:
            return early
        checker, _ = self.routes[type(action)]
        found = tuple(checker(state, action))
        if any(not v.overridable for v in found):
            return found  # an entry that cannot be made at all has no values to compare
        return (*found, *self._printed_violations(state, action, cards))

    def _printed_violations(
        self, state: Any, action: Any, cards: CardLibrary | None
    ) -> tuple[Violation, ...]:
        """The printed-values rule (domain.printed.printed_violation). Without `cards` (None)
        the caller judges an entry made before the values were checked: a match file's line (a
        game's checks that came later than files written by earlier releases go by the same
        None: the card game's abilities)."""
        if cards is None or self.printed is None or type(action).kind not in self.printed.kinds:
            return ()
        broken = printed_violation(self, state, action, cards)  # type: ignore[arg-type]
        return () if broken is None else (broken,)

    def scorers_view(self, state: Any) -> dict[str, JSON]:
        """Nothing hidden from spectators by default."""
        return {}

    def apply(self, state: Any, action: Any) -> Outcome[Any]:
        if getattr(state, "phase", None) == "over":
            raise ValueError("the match is over")
        _, applier = self.routes[type(action)]
        new_state, consequences = applier(state, action)
        return Outcome(new_state, tuple(consequences))


def action_decoder(rules: Ruleset) -> Callable[[Mapping[str, JSON]], Any]:
    """`rules.action_from_dict` as one function: the codec's own `from_dict` when the game
    reads its stored actions as its codec does (it keeps `RoutedRuleset`'s), so that a
    replay's fold and its notation, which decodes by the codec, share each entry's decoding
    (`Entry.decoded`)."""
    if getattr(type(rules), "action_from_dict", None) is RoutedRuleset.action_from_dict:
        return rules.codec.from_dict
    return rules.action_from_dict
