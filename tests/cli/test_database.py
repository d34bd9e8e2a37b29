from __future__ import annotations

from click.testing import CliRunner

from cli.main import cli


def test_db_init_on_an_unreachable_server_is_one_line_naming_the_url() -> None:
    result = CliRunner().invoke(
        cli, ["--database", "postgresql://scorer:pw@127.0.0.1:9/touchline", "db", "init"]
    )
    assert result.exit_code == 1
    assert result.output.count("\n") == 1
    assert "postgresql://scorer:***@127.0.0.1:9/touchline" in result.output
    assert "pw@" not in result.output


def test_db_init_creates_the_sqlite_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "deep" / "store.sqlite3"
    result = CliRunner().invoke(cli, ["--database", f"sqlite:///{path}", "db", "init"])
    assert result.exit_code == 0, result.output
    assert path.exists()


def test_rules_lists_the_entry_kinds() -> None:
    result = CliRunner().invoke(cli, ["rules", "card-game"])
    assert result.exit_code == 0
    for kind in ("toss", "kickoff", "draft", "play", "pass", "declare", "spend", "roll"):
        assert f"  {kind} " in result.output
