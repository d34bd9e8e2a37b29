"""Where Touchline keeps a user's files: the embedded store's folder, and the cache's.

platformdirs knows every platform's rules. On Linux, importing it imports tempfile, shutil,
random, bz2 and lzma besides its own modules (with importlib.resources, which imports tempfile
too, 3% of the instructions of `touchline match show`), for what the XDG Base Directory rules
answer in a line when the variable, or else HOME, holds an absolute path:
`$XDG_DATA_HOME/touchline`, else `$HOME/.local/share/touchline` (the cache: `$XDG_CACHE_HOME`,
`~/.cache`). Those cases are answered here; any other (another platform, Android, a relative or
missing HOME, a relative XDG variable) is asked of platformdirs, whose fallbacks differ from
release to release. tests/service/test_user_folders.py checks the answers against platformdirs'
for arbitrary values of the variables.
"""

from __future__ import annotations

import os
import sys

APP = "touchline"


def user_data_folder() -> str:
    """The folder of the embedded store and of the other files a user keeps."""
    folder = _xdg_folder("XDG_DATA_HOME", ".local/share")
    if folder is not None:
        return folder
    import platformdirs

    return platformdirs.user_data_dir(APP)


def user_cache_folder() -> str:
    """The folder of what can be worked out again (the compiled methods of the command line)."""
    folder = _xdg_folder("XDG_CACHE_HOME", ".cache")
    if folder is not None:
        return folder
    import platformdirs

    return platformdirs.user_cache_dir(APP)


def _xdg_folder(variable: str, under_home: str) -> str | None:
    """The XDG rule's answer where it is beyond doubt, else None (platformdirs decides)."""
    if not sys.platform.startswith("linux") or _maybe_android():
        return None
    base = os.environ.get(variable, "")
    if base.startswith("/"):
        return os.path.join(base, APP)
    if base or not os.environ.get("HOME", "").startswith("/"):
        return None
    # As platformdirs expands it (os.path.expanduser, which reads HOME).
    return os.path.join(os.path.expanduser(f"~/{under_home}"), APP)


def _maybe_android() -> bool:
    """An Android build of Python, or an environment like an Android app's: platformdirs may
    choose Android's folders there, so it decides."""
    return (
        hasattr(sys, "getandroidapilevel")
        or "ANDROID_DATA" in os.environ
        or "ANDROID_ROOT" in os.environ
    )
