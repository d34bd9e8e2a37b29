"""The user's folders are where platformdirs puts them (service/user_folders.py answers the
plain XDG cases itself, without importing platformdirs): compared for arbitrary values of the
variables, set or not, absolute, relative or empty."""

from __future__ import annotations

import sys

import platformdirs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.user_folders import APP, user_cache_folder, user_data_folder

# A variable's value: unset (None), or any text without NUL (which no environment holds),
# often a path.
paths = st.one_of(
    st.none(),
    st.text().filter(lambda text: "\0" not in text),
    st.builds(lambda part: "/" + part, st.text(alphabet="ab/ .~\u5927").filter(bool)),
    st.sampled_from(["", "/", "relative/home", "~", "/home/alice/", " /padded"]),
)


# An Android app's environment, in part or whole (platformdirs may choose Android's folders).
android = st.one_of(st.none(), st.sampled_from(["/data", "/system", ""]))


@given(home=paths, data_home=paths, cache_home=paths, android_data=android, android_root=android)
def test_the_folders_are_platformdirs_folders(
    home: str | None,
    data_home: str | None,
    cache_home: str | None,
    android_data: str | None,
    android_root: str | None,
) -> None:
    with pytest.MonkeyPatch.context() as environment:
        for name, value in (
            ("HOME", home),
            ("XDG_DATA_HOME", data_home),
            ("XDG_CACHE_HOME", cache_home),
            ("ANDROID_DATA", android_data),
            ("ANDROID_ROOT", android_root),
        ):
            if value is None:
                environment.delenv(name, raising=False)
            else:
                environment.setenv(name, value)
        for ours, theirs in (
            (user_data_folder, platformdirs.user_data_dir),
            (user_cache_folder, platformdirs.user_cache_dir),
        ):
            try:
                expected = theirs(APP)
            except (RuntimeError, KeyError, OSError) as refused:
                with pytest.raises(type(refused)):
                    ours()
            else:
                assert ours() == expected


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG rules are Linux's")
def test_the_plain_cases_are_answered_without_platformdirs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # an import of it now fails
    monkeypatch.setenv("HOME", "/home/alice")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/var/cache/alice")
    assert user_data_folder() == "/home/alice/.local/share/touchline"
    assert user_cache_folder() == "/var/cache/alice/touchline"
    monkeypatch.setenv("XDG_DATA_HOME", "relative")
    with pytest.raises(ImportError):
        user_data_folder()
