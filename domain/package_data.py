"""The data files a package ships beside its modules (the names list, a game's cards).

Installed from a wheel or a source tree, a package is a folder and its files are read from
there. `importlib.resources` reads them from anywhere a package can be imported from (a zip
too), but importing it imports tempfile, shutil, zipfile, bz2 and lzma, which a command at the
table otherwise never loads: it is used only for a package that is not a folder.
"""

from __future__ import annotations

import os


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
