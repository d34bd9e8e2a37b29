"""Entering notation lines into any game's ruleset: what every game's rules tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from domain.notation import parse_action
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
    return [c.kind for c in consequences]


def of_kind(consequences: list[Consequence], kind: str) -> list[Consequence]:
    return [c for c in consequences if c.kind == kind]
