"""`touchline match import` with files that are not what an export writes: each is one
clear line on standard error and exit code 1, never a traceback; a file with no checksum is
imported and reported unchecked."""

from __future__ import annotations

import random
import re
import shlex
from pathlib import Path

from tests.cli.conftest import Run
from tests.opening import OPENING
from tests.schemas.files import by_hand

V1_FILES = Path(__file__).parent.parent / "schemas" / "v1"


def exported(run: Run, match_id: str, tmp_path: Path) -> Path:
    for line in OPENING:
        assert run("match", "record", match_id, *shlex.split(line)).exit_code == 0
    path = tmp_path / "match.touchline"
    assert run("match", "export", match_id, "-o", str(path)).exit_code == 0
    return path


def refused(run: Run, path: Path) -> str:
    before = run("match", "list").output
    result = run("match", "import", str(path))
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert run("match", "list").output == before
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}: ")
    return lines[0]


def test_an_exported_file_imports_checked(run: Run, new_match: str, tmp_path: Path) -> None:
    result = run("match", "import", str(exported(run, new_match, tmp_path)))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("imported match ") and "unchecked" not in result.output


def test_a_file_edited_by_hand_imports_unchecked(run: Run, new_match: str, tmp_path: Path) -> None:
    path = exported(run, new_match, tmp_path)
    path.write_text(by_hand(path.read_text(encoding="utf-8")), encoding="utf-8")
    result = run("match", "import", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith("unchecked: the file has no checksum")


def test_a_version_1_file_imports_unchecked(run: Run) -> None:
    result = run("match", "import", str(V1_FILES / "card_game_full_match.touchline"))
    assert result.exit_code == 0, result.output
    assert "(156 lines, 156 entries in force)" in result.output and "\nunchecked: " in result.output


def test_a_changed_file_is_refused(run: Run, new_match: str, tmp_path: Path) -> None:
    path = exported(run, new_match, tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("value=5", "value=6"))
    assert "checksum mismatch: the file was changed after export" in refused(run, path)


def test_a_cut_file_is_refused(run: Run, new_match: str, tmp_path: Path) -> None:
    path = exported(run, new_match, tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:20]), encoding="utf-8")
    assert "the file ends before its end line: it was cut after line 20" in refused(run, path)


def test_random_bytes_are_refused(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "noise.touchline"
    path.write_bytes(random.Random(7).randbytes(2000))
    assert ": not UTF-8 text (byte 0x" in refused(run, path)


def test_a_flipped_bit_that_breaks_utf8_is_refused(
    run: Run, new_match: str, tmp_path: Path
) -> None:
    path = exported(run, new_match, tmp_path)
    data = bytearray(path.read_bytes())
    data[data.index(b"draft")] ^= 0x80
    path.write_bytes(bytes(data))
    assert re.search(r": line 18, column \d+: not UTF-8 text \(byte 0xe4", refused(run, path))


def test_utf16_with_its_byte_order_mark_imports(run: Run, new_match: str, tmp_path: Path) -> None:
    path = exported(run, new_match, tmp_path)
    path.write_bytes(path.read_text(encoding="utf-8").encode("utf-16"))
    result = run("match", "import", str(path))
    assert result.exit_code == 0, result.output
    assert "unchecked" not in result.output


def test_a_deeply_nested_setup_is_refused(run: Run, new_match: str, tmp_path: Path) -> None:
    path = exported(run, new_match, tmp_path)
    text = path.read_text(encoding="utf-8")
    setup = next(line for line in text.splitlines() if line.startswith("setup: "))
    deep = "setup: " + "[" * 100_000 + setup.removeprefix("setup: ") + "]" * 100_000
    path.write_text(text.replace(setup, deep), encoding="utf-8")
    assert "line 4: setup: nested deeper than 16 levels" in refused(run, path)


def test_a_line_too_long_is_refused(run: Run, new_match: str, tmp_path: Path) -> None:
    path = exported(run, new_match, tmp_path)
    text = path.read_text(encoding="utf-8")
    long_note = "12 by=bob at=2026-11-29T21:10:00+00:00 note 10 text=" + "x" * 1_900_000
    path.write_text(by_hand(text).replace("\nend:", f"\n{long_note}\nend:"), encoding="utf-8")
    assert "a line of a match file may hold at most 262,144" in refused(run, path)
