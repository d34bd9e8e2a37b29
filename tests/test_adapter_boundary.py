"""The adapters (cli/, web/) reach the service only through the application's use cases: they
never open the store's transactions, touch its recorder or datastore, nor build read-side
objects of their own. Checked on the source, so a new module is checked without being listed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
ADAPTERS = sorted((ROOT / "cli").rglob("*.py")) + sorted((ROOT / "web").rglob("*.py"))
# The store's insides, reached as attributes of the application.
INTERNALS = {"_storage", "recorder", "datastore", "repository", "_projector", "_read"}
# What the read side is built from: the service builds it, never an adapter.
READ_SIDE = ("service.store", "service.projections")


def reached_internals(tree: ast.AST) -> list[str]:
    return [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in INTERNALS
    ]


def read_side_imports(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _read_side(node.module or ""):
            found.append(f"line {node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: import {a.name}" for a in node.names if _read_side(a.name)
            ]
    return found


def _read_side(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in READ_SIDE)


@pytest.mark.parametrize("path", ADAPTERS, ids=lambda p: str(p.relative_to(ROOT)))
def test_an_adapter_uses_only_the_use_cases(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert reached_internals(tree) == []
    assert read_side_imports(tree) == []


def test_the_check_sees_what_it_forbids() -> None:
    offending = ast.parse(
        "from service.projections.listings import Listings\n"
        "import service.projections.runner\n"
        "with app._storage():\n"
        "    app.recorder.datastore.pool\n"
    )
    assert len(reached_internals(offending)) == 3
    assert len(read_side_imports(offending)) == 2
