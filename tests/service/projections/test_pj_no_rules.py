"""The read models fold declared consequences only: no module under service/projections
imports a game's package (any game the registry knows, not only today's three)."""

from __future__ import annotations

import ast
from pathlib import Path

import service.projections
from domain.registry import find_ruleset, ruleset_names

PROJECTIONS = Path(service.projections.__file__).parent


def game_packages() -> set[str]:
    return {type(find_ruleset(name)).__module__.rsplit(".", 1)[0] for name in ruleset_names()}


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_projection_module_imports_a_game_package() -> None:
    games = game_packages()
    assert {"domain.card_game", "domain.king_of_the_pitch", "domain.tcg"} <= games
    offending = {
        f"{path.relative_to(PROJECTIONS)}: {module}"
        for path in PROJECTIONS.rglob("*.py")
        for module in imported_modules(path)
        if any(module == game or module.startswith(f"{game}.") for game in games)
    }
    assert not offending


def test_the_check_sees_every_way_of_importing_a_game(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import domain.tcg.view\nfrom domain import card_game\n", "utf-8")
    assert {"domain.tcg.view", "domain.card_game"} <= imported_modules(sample)
