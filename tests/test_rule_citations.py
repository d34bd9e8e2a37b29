"""Every rule of the three digests is cited in domain/, by the code that enforces or models it,
and named by at least one test (issue: a refusal must be able to name its rule, and a rule no
test names is a rule nobody checked).

The digests are already in the repository: each game package ships its own as `rules.md`
(domain/rulebook.py reads it for the rulings), so a clean clone (CI) has them. Where the shared
rules folder sits beside the repository (../shared/rules), each copy must equal it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "rules"
# The shared digest's name -> the game package that ships a copy of it.
PACKAGES = {
    "king-of-the-pitch.rules.md": "king_of_the_pitch",
    "tsubasa-card-game-2024.rules.md": "card_game",
    "tsubasa-tcg-2002.rules.md": "tcg",
}
DIGESTS = sorted(PACKAGES)
# A rule ID opens a digest's list item: "- CG-4.3 Attack Phase: ...".
RULE_ID = re.compile(r"^- ((?:CG|KP|TCG)-\d+\.\d+)\b", re.MULTILINE)


def vendored(digest: str) -> Path:
    return ROOT / "domain" / PACKAGES[digest] / "rules.md"


def rule_ids(digest: str) -> list[str]:
    return RULE_ID.findall(vendored(digest).read_text(encoding="utf-8"))


def _cited(rule: str, text: str) -> bool:
    # Not a longer ID: CG-1.2 is not cited by TCG-1.2 nor by CG-1.23.
    return re.search(rf"(?<![A-Za-z0-9-]){re.escape(rule)}(?![0-9])", text) is not None


def _named(rule: str, text: str) -> bool:
    """A test names a rule by its ID (`CG-2.4`) or by its function's name (`test_cg_2_4_...`)."""
    if _cited(rule, text):
        return True
    name = rule.lower().replace("-", "_").replace(".", "_")
    return re.search(rf"def test_\w*?(?<![a-z0-9]){name}(?![0-9])", text) is not None


def _python_text(folder: str) -> str:
    return "\n".join(
        path.read_text(encoding="utf-8") for path in sorted((ROOT / folder).rglob("*.py"))
    )


def test_every_game_ships_its_digest() -> None:
    games = {path.parent.name for path in (ROOT / "domain").glob("*/rules.md")}
    assert games == set(PACKAGES.values())
    for digest in DIGESTS:
        assert len(rule_ids(digest)) > 30, digest


@pytest.mark.skipif(not SHARED.is_dir(), reason="no shared rules folder beside the repository")
@pytest.mark.parametrize("digest", DIGESTS)
def test_the_vendored_digest_is_the_shared_one(digest: str) -> None:
    shared = (SHARED / digest).read_text(encoding="utf-8")
    copy = vendored(digest)
    assert copy.read_text(encoding="utf-8") == shared, (
        f"{copy.relative_to(ROOT)} differs from {SHARED / digest}: copy it again"
    )


@pytest.mark.parametrize("digest", DIGESTS)
def test_every_rule_is_cited_in_domain(digest: str) -> None:
    code = _python_text("domain")
    missing = [rule for rule in rule_ids(digest) if not _cited(rule, code)]
    assert not missing, f"cited nowhere in domain/: {', '.join(missing)}"


@pytest.mark.parametrize("digest", DIGESTS)
def test_every_rule_is_named_by_a_test(digest: str) -> None:
    tests = _python_text("tests")
    # This file names no rule of its own; the IDs it reads do not count.
    tests = tests.replace(Path(__file__).read_text(encoding="utf-8"), "")
    missing = [rule for rule in rule_ids(digest) if not _named(rule, tests)]
    assert not missing, f"named by no test in tests/: {', '.join(missing)}"


@pytest.mark.parametrize(
    ("rule", "text", "cited"),
    [
        ("CG-1.2", "Violation('CG-1.2', ...)", True),
        ("CG-1.2", "# CG-1.2.", True),
        ("CG-1.2", "TCG-1.2", False),
        ("CG-1.2", "CG-1.23", False),
        ("KP-8.1", "(KP-8.1, KP-3.3)", True),
    ],
)
def test_a_citation_is_the_whole_id(rule: str, text: str, cited: bool) -> None:
    assert _cited(rule, text) is cited


@pytest.mark.parametrize(
    ("rule", "text", "named"),
    [
        ("CG-2.4", "def test_cg_2_4_each_coach_starts() -> None:", True),
        ("CG-2.1", "def test_cg_1_2_cg_2_1_the_match_decks() -> None:", True),
        ("CG-2.1", "def test_cg_2_10_other() -> None:", False),
        ("CG-2.1", "def test_tcg_2_1_other() -> None:", False),
        ("CG-2.1", "cg_2_1 in a string", False),
        ("KP-5.5", "# KP-5.5 examples", True),
    ],
)
def test_a_test_names_a_rule_by_id_or_by_its_name(rule: str, text: str, named: bool) -> None:
    assert _named(rule, text) is named
