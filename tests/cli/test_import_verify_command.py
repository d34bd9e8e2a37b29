"""`touchline match import --verify`: an exported file imports; a line edited since (a die
changed, `by=bob`) is refused naming that line, and nothing is stored; an older file (format 2)
cannot be verified and says so. Without --verify a hand-edited file imports, and its match
records where the chain broke."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.cli.conftest import Run
from tests.opening import OPENING

RELEASE_FILE = (
    Path(__file__).parent.parent
    / "fixtures"
    / "release_2026_11"
    / "expected"
    / "card-game-first-match.match"
)


def exported_file(run: Run, new_match: str, tmp_path: Path) -> tuple[Path, list[str]]:
    for line in OPENING:
        assert run("match", "record", new_match, *shlex.split(line)).exit_code == 0
    path = tmp_path / "match.touchline"
    result = run("match", "export", new_match, "-o", str(path))
    assert result.exit_code == 0, result.output
    return path, path.read_text("utf-8").split("\n")


def line_of(lines: list[str], start: str) -> int:
    """The number (from 1) of the file's line that starts with `start`."""
    return next(n for n, line in enumerate(lines, start=1) if line.startswith(start))


def edited(lines: list[str], number: int, old: str, new: str, by_hand: bool) -> str:
    lines = list(lines)
    assert old in lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new)
    text = "\n".join(lines)
    return re.sub(r"^end: .*$", "end:", text, flags=re.MULTILINE) if by_hand else text


def match_count(run: Run) -> int:
    return len(run("match", "list").output.splitlines())


def test_an_exported_file_verifies(run: Run, new_match: str, tmp_path: Path) -> None:
    path, _ = exported_file(run, new_match, tmp_path)
    result = run("match", "import", "--verify", str(path))
    assert result.exit_code == 0, result.output
    imported = result.output.split()[2]
    shown = run("match", "show", imported).output
    assert "its export checksum matched, its chain held" in shown
    seal = run("match", "verify", new_match).output.split()[-1]
    assert f"sealed {seal} at version 12" in shown


def test_a_changed_die_is_refused_naming_the_line(run: Run, new_match: str, tmp_path: Path) -> None:
    path, lines = exported_file(run, new_match, tmp_path)
    roll = line_of(lines, "10 by=")
    before = match_count(run)
    for by_hand in (True, False):
        path.write_text(edited(lines, roll, "value=5", "value=6", by_hand), "utf-8")
        result = run("match", "import", "--verify", str(path))
        assert result.exit_code == 1, result.output
        assert f"line {roll} was edited after export" in result.output
        assert "nothing was imported" in result.output
    assert match_count(run) == before


def test_by_bob_is_refused_with_verify_and_recorded_without(
    run: Run, new_match: str, tmp_path: Path
) -> None:
    path, lines = exported_file(run, new_match, tmp_path)
    third = line_of(lines, "3 by=")
    path.write_text(edited(lines, third, "3 by=alice", "3 by=bob", by_hand=True), "utf-8")
    refused = run("match", "import", "--verify", str(path))
    assert refused.exit_code == 1 and f"line {third} was edited after export" in refused.output

    result = run("match", "import", str(path))
    assert result.exit_code == 0, result.output
    assert f"chain broken: line {third} of the file was edited after export" in result.output
    shown = run("match", "show", result.output.split()[2]).output
    assert f"unchecked, its chain broken at line {third} (edited after export)" in shown


def test_a_format_2_file_cannot_be_verified_and_says_so(run: Run) -> None:
    refused = run("match", "import", "--verify", "--no-league", str(RELEASE_FILE))
    assert refused.exit_code == 1, refused.output
    assert "format version 2, which carries no per-line chain" in refused.output
    assert "nothing was imported" in refused.output
    assert run("match", "import", "--no-league", str(RELEASE_FILE)).exit_code == 0
