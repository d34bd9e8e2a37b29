"""A package's data files read from its folder are the files importlib.resources reads, and a
package that is not a folder (a zip) is still read, through importlib.resources."""

from __future__ import annotations

import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

import domain.card_game.cards
import domain.names
from domain.package_data import package_text


@pytest.mark.parametrize(
    ("package", "module_file", "name"),
    [
        ("domain", domain.names.__file__, "names.toml"),
        ("domain.card_game", domain.card_game.cards.__file__, "cards.toml"),
    ],
)
def test_a_shipped_file_reads_as_importlib_resources_reads_it(
    package: str, module_file: str, name: str
) -> None:
    expected = resources.files(package).joinpath(name).read_text("utf-8")
    assert package_text(package, module_file, name) == expected


def test_a_package_in_a_zip_is_read_through_importlib_resources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped_data/__init__.py", "")
        zipped.writestr("zipped_data/list.toml", "name = 'Tsubasa Ozora（大空翼）'\r\n")
    monkeypatch.syspath_prepend(str(archive))
    monkeypatch.delitem(sys.modules, "zipped_data", raising=False)
    import zipped_data

    assert zipped_data.__file__ is not None and ".zip" in zipped_data.__file__
    assert package_text("zipped_data", zipped_data.__file__, "list.toml") == (
        "name = 'Tsubasa Ozora（大空翼）'\n"
    )
