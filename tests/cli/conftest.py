from __future__ import annotations

from collections.abc import Callable

import pytest
from click.testing import CliRunner, Result

from cli.main import cli

Run = Callable[..., Result]


@pytest.fixture
def run(store_url: str) -> Run:
    """Invoke `touchline --database URL --by alice ARGS…` and return click's result."""
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(cli, ["--database", store_url, "--by", "alice", *args], input=input)

    return invoke


@pytest.fixture
def new_match(run: Run) -> str:
    result = run("match", "new", "card-game", "--home", "Nankatsu:Alice", "--away", "Toho:Bob")
    assert result.exit_code == 0, result.output
    return result.output.split()[2]
