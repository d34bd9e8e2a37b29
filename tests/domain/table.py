"""Entering notation lines into any game's ruleset: what every game's rules tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.notation import format_action, parse_action
from domain.ruleset import Consequence, Ruleset, Violation


class Table:
    """A game at the table: lines in, states and consequences out; golden files from a folder."""

    def __init__(self, game: Ruleset, golden: Path) -> None:
        self.game = game
        self.golden = golden

    def action(self, line: str) -> Any:
        return self.game.action_from_dict(parse_action(self.game.codec, line))

    def broken(self, state: Any, line: str) -> tuple[Violation, ...]:
        return self.game.check(state, self.action(line))

    def rules(self, state: Any, line: str) -> list[str]:
        return [v.rule for v in self.broken(state, line)]

    def play(self, state: Any, *lines: str) -> tuple[Any, list[Consequence]]:
        """Enter lines that must all be legal; return the state and every consequence."""
        consequences: list[Consequence] = []
        for line in lines:
            problems = self.broken(state, line)
            assert not problems, f"{line!r} refused: {[str(p) for p in problems]}"
            outcome = self.game.apply(state, self.action(line))
            state = outcome.state
            consequences += outcome.consequences
        return state, consequences

    def force(self, state: Any, line: str) -> tuple[Any, list[Consequence]]:
        """Apply a line the table plays on despite its (overridable) violations."""
        assert all(v.overridable for v in self.broken(state, line))
        outcome = self.game.apply(state, self.action(line))
        return outcome.state, list(outcome.consequences)

    def golden_lines(self, name: str) -> list[str]:
        text = (self.golden / name).read_text("utf-8")
        return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]

    def replay(self, raw: dict[str, Any], lines: list[str]) -> tuple[Any, list[Consequence]]:
        return self.play(self.game.initial_state(self.game.make_setup(raw)), *lines)


def kinds(consequences: list[Consequence]) -> list[str]:
    """The kinds of the consequences people are told of (silent ones are for read models)."""
    return [c.kind for c in consequences if not c.silent]


def of_kind(consequences: list[Consequence], kind: str) -> list[Consequence]:
    return [c for c in consequences if c.kind == kind]


def replayed_twice(game: Ruleset, setup: Any, entries: list[Any]) -> Any:
    """Apply the same entries twice from the start; both runs must agree. The final state."""
    first = second = game.initial_state(setup)
    for action in entries:
        first = game.apply(first, action).state
    for action in entries:
        second = game.apply(second, action).state
    assert first == second
    assert game.view(first) == game.view(second)
    assert (game.result(first) is None) == (first.phase != "over")
    return first


def assert_round_trips(game: Ruleset, entries: list[Any]) -> None:
    """Each entry survives its dict form and its one-line notation unchanged."""
    for action in entries:
        assert game.action_from_dict(game.action_to_dict(action)) == action
        line = format_action(game.codec, action)
        assert game.action_from_dict(parse_action(game.codec, line)) == action
