"""The data files a package ships beside its modules (the names list, a game's cards).

Installed from a wheel or a source tree, a package is a folder and its files are read from
there. `importlib.resources` reads them from anywhere a package can be imported from (a zip
too), but importing it imports tempfile, shutil, zipfile, bz2 and lzma, which a command at the
table otherwise never loads: it is used only for a package that is not a folder.

A TOML file is parsed by `package_toml`, which a command at the table answers from what an
earlier command kept (`keeping_parsed_data`): importing tomllib and parsing the names list and
the card game's cards took about a twelfth of `match show`'s instructions.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol


def package_text(package: str, module_file: str | None, name: str) -> str:
    """The text of the file `name` of `package`, one of whose modules is `module_file` (its
    `__file__`)."""
    if module_file:
        try:
            with open(
                os.path.join(os.path.dirname(module_file), name), encoding="utf-8"
            ) as shipped:
                return shipped.read()
        except (FileNotFoundError, NotADirectoryError):
            pass
    from importlib import resources

    return resources.files(package).joinpath(name).read_text("utf-8")


class Keeper(Protocol):
    """Keeps what a data file's text parsed to, between processes (the command line's is
    `cli/kept_data.py`): a command otherwise parses the names list and the game's cards again
    each time, and imports tomllib to do it."""

    def kept(self, key: str, text: str) -> Any | None:
        """What `text` parsed to, if it was kept under `key` for exactly that text."""

    def keep(self, key: str, text: str, parsed: Any) -> None:
        """Keep what `text` parsed to under `key`."""


# The keeper of this process, if any (set by `keeping_parsed_data`).
_keeper: Keeper | None = None


def package_toml(package: str, module_file: str | None, name: str) -> dict[str, Any]:
    """The TOML file `name` of `package` (as `package_text` finds it), parsed; taken from the
    process's keeper when it kept what the file's very text parsed to."""
    text = package_text(package, module_file, name)
    keeper, key = _keeper, f"{package}@{name}"
    if keeper is not None:
        kept = keeper.kept(key, text)
        if isinstance(kept, dict):
            return kept
    import tomllib

    parsed = tomllib.loads(text)
    if keeper is not None:
        keeper.keep(key, text, parsed)
    return parsed


@contextmanager
def keeping_parsed_data(keeper: Keeper) -> Iterator[Keeper]:
    """While it lasts, `package_toml` takes what it can from `keeper` and gives it the rest."""
    global _keeper
    earlier, _keeper = _keeper, keeper
    try:
        yield keeper
    finally:
        _keeper = earlier
