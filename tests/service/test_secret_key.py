"""The installation's secret key: made whole or not at all, and never empty or short.

Scorer tokens are HMACs under this key; with an empty key anyone can compute one.
"""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from service.scorers import (
    MIN_SECRET_KEY_LENGTH,
    BadSecretKey,
    secret_key,
)
from web import create_app


def test_a_key_file_left_empty_is_refused_not_used(tmp_path: Path) -> None:
    # What a process read while another was still writing the file, and what a failed write
    # left behind for good.
    path = tmp_path / "secret-key"
    path.write_text("")
    with pytest.raises(BadSecretKey, match=r"empty.*delete .*secret-key"):
        secret_key(environ={}, path=path)


def test_a_short_key_from_the_environment_is_refused(tmp_path: Path) -> None:
    for configured in ("short", " ", "x" * (MIN_SECRET_KEY_LENGTH - 1)):
        with pytest.raises(BadSecretKey, match="TOUCHLINE_SECRET_KEY"):
            secret_key(environ={"TOUCHLINE_SECRET_KEY": configured}, path=tmp_path / "k")
    assert not (tmp_path / "k").exists()


def test_a_failed_write_leaves_no_key_file_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "secret-key"

    def disk_full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        secret_key(environ={}, path=path)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    assert len(secret_key(environ={}, path=path)) == 64


def _read_key(path: str) -> str:
    return secret_key(environ={}, path=Path(path))


def test_processes_starting_together_all_use_one_full_key(tmp_path: Path) -> None:
    path = tmp_path / "fresh" / "secret-key"
    with multiprocessing.get_context("spawn").Pool(8) as pool:
        keys = pool.map(_read_key, [str(path)] * 64)
    assert len(set(keys)) == 1 and len(keys[0]) == 64
    assert path.read_text().strip() == keys[0]
    assert path.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["secret-key"]


def test_the_app_refuses_to_start_with_a_short_key(sqlite_url: str) -> None:
    with pytest.raises(BadSecretKey, match="SECRET_KEY setting"):
        create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": "k"})
    with pytest.raises(BadSecretKey):
        create_app({"DATABASE_URL": sqlite_url, "SECRET_KEY": ""})
