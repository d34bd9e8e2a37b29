"""Issue 13: what the package's TOML files parse to is kept between commands
(cli/kept_data.py), used only for the very text it was parsed from, and safe to lose."""

from __future__ import annotations

import marshal
import os
import sys
import tomllib
from pathlib import Path

import pytest

import domain.card_game.cards
import domain.names
from cli.kept_data import KeptData, cache_folder, kept_data
from domain.package_data import package_text, package_toml

SHIPPED = [
    ("domain", domain.names.__file__, "names.toml"),
    ("domain.card_game", domain.card_game.cards.__file__, "cards.toml"),
]


@pytest.fixture(autouse=True)
def writes(monkeypatch: pytest.MonkeyPatch) -> None:
    # The test machine sets PYTHONDONTWRITEBYTECODE, under which nothing is kept.
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


@pytest.mark.parametrize(("package", "module_file", "name"), SHIPPED)
def test_a_kept_file_reads_as_tomllib_parses_it(
    tmp_path: Path, package: str, module_file: str, name: str
) -> None:
    parsed = tomllib.loads(package_text(package, module_file, name))
    with kept_data(str(tmp_path)) as first:
        assert package_toml(package, module_file, name) == parsed
    assert first.parsed == 1
    with kept_data(str(tmp_path)) as second:
        assert package_toml(package, module_file, name) == parsed
    assert second.parsed == 0
    # Each read gives data of its own: a change to one is not seen by the next.
    with kept_data(str(tmp_path)):
        package_toml(package, module_file, name).clear()
        assert package_toml(package, module_file, name) == parsed


def data_file(folder: Path, text: str) -> str:
    (folder / "data.toml").write_text(text, encoding="utf-8")
    return str(folder / "module.py")


def test_a_changed_file_is_parsed_again(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    module = data_file(package, "value = 1\n")
    with kept_data(str(tmp_path / "kept")):
        assert package_toml("package", module, "data.toml") == {"value": 1}
    data_file(package, "value = 2\n")
    with kept_data(str(tmp_path / "kept")) as kept:
        assert package_toml("package", module, "data.toml") == {"value": 2}
    assert kept.parsed == 1


def test_a_damaged_or_foreign_file_is_ignored_and_written_again(tmp_path: Path) -> None:
    module = data_file(tmp_path, "value = 1\n")
    folder = tmp_path / "kept"
    kept = KeptData(str(folder))
    path = kept.path("package@data.toml")
    assert path is not None
    folder.mkdir()
    for content in (b"", b"\x00 not marshal", b"\xe9" * 10, marshal.dumps([1, 2])):
        Path(path).write_bytes(content)
        with kept_data(str(folder)) as again:
            assert package_toml("package", module, "data.toml") == {"value": 1}
        assert again.parsed == 1
    with kept_data(str(folder)) as last:
        assert package_toml("package", module, "data.toml") == {"value": 1}
    assert last.parsed == 0


def test_nothing_is_kept_under_pythondontwritebytecode_nor_where_it_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = data_file(tmp_path, "value = 1\n")
    blocked = tmp_path / "a file"
    blocked.write_text("")
    with kept_data(str(blocked / "kept")):
        assert package_toml("package", module, "data.toml") == {"value": 1}
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    with kept_data(str(tmp_path / "kept")):
        assert package_toml("package", module, "data.toml") == {"value": 1}
    assert not (tmp_path / "kept").exists()


def test_a_value_marshal_cannot_write_is_parsed_each_time(tmp_path: Path) -> None:
    module = data_file(tmp_path, "when = 2026-12-01T10:00:00Z\n")
    for _ in range(2):
        with kept_data(str(tmp_path / "kept")) as kept:
            assert package_toml("package", module, "data.toml")["when"].year == 2026
        assert kept.parsed == 1
    assert not list(tmp_path.glob("kept/*"))


def test_without_a_keeper_the_file_is_parsed(tmp_path: Path) -> None:
    module = data_file(tmp_path, "value = 1\n")
    assert package_toml("package", module, "data.toml") == {"value": 1}


def test_the_data_is_kept_beside_the_compiled_methods(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere/cache")
    found = cache_folder()
    assert found is not None
    assert os.path.dirname(found) == "/somewhere/cache/touchline"
    assert os.path.basename(found).startswith("package-data.")
    assert sys.implementation.cache_tag in found
