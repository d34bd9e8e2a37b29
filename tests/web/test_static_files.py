"""The app's scripts and styles: addressed by their content and kept by the browser for a year,
compressed when the browser accepts it, and still answered at their plain address."""

from __future__ import annotations

import gzip
import hashlib
import re
import shutil
from pathlib import Path

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient

STATIC = Path(__file__).parents[2] / "web" / "static"
FOREVER = "public, max-age=31536000, immutable"


def version(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def static_addresses(client: FlaskClient, page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', client.get(page).get_data(as_text=True))


def test_pages_name_each_static_file_by_its_content(client: FlaskClient, match_id: str) -> None:
    addresses = static_addresses(client, "/") + static_addresses(client, f"/matches/{match_id}")
    assert {"touchline.css", "favicon.svg", "live.css", "live.js"} <= {
        address.split("?")[0].removeprefix("/static/") for address in addresses
    }
    for address in addresses:
        name, _, query = address.removeprefix("/static/").partition("?")
        assert query == f"v={version(STATIC / name)}", address


@pytest.mark.parametrize("name", ["touchline.css", "live.js", "replay.js", "favicon.svg"])
def test_a_versioned_file_is_kept_for_a_year(client: FlaskClient, name: str) -> None:
    answer = client.get(f"/static/{name}?v={version(STATIC / name)}")
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == FOREVER
    assert answer.get_data() == (STATIC / name).read_bytes()
    # Revalidating it (as a reload does) still says so.
    again = client.get(
        f"/static/{name}?v={version(STATIC / name)}",
        headers={"If-None-Match": answer.headers["ETag"]},
    )
    assert again.status_code == 304
    assert again.headers["Cache-Control"] == FOREVER


@pytest.mark.parametrize("query", ["", "?v=", "?v=0123456789ab"])
def test_an_unversioned_or_stale_address_still_answers_and_is_revalidated(
    client: FlaskClient, query: str
) -> None:
    answer = client.get(f"/static/live.js{query}")
    assert answer.status_code == 200
    assert answer.get_data() == (STATIC / "live.js").read_bytes()
    assert answer.headers["Cache-Control"] == "no-cache"


def test_an_unknown_static_file_is_not_found(client: FlaskClient) -> None:
    assert client.get("/static/nothing.js?v=0123456789ab").status_code == 404
    assert client.get("/static/../__init__.py").status_code == 404


@pytest.mark.parametrize("name", ["live.js", "replay.js", "touchline.css", "live.css"])
@pytest.mark.parametrize(
    ("encoding", "unpack"), [("gzip", gzip.decompress), ("br", brotli.decompress)]
)
def test_scripts_and_styles_travel_compressed(
    client: FlaskClient, name: str, encoding: str, unpack: object
) -> None:
    original = (STATIC / name).read_bytes()
    address = f"/static/{name}?v={version(STATIC / name)}"
    answer = client.get(address, headers={"Accept-Encoding": encoding})
    assert answer.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in answer.headers["Vary"]
    body = answer.get_data()
    assert len(body) < len(original) / 2
    assert callable(unpack) and unpack(body) == original
    assert answer.headers["Cache-Control"] == FOREVER
    plain = client.get(address)
    assert "Content-Encoding" not in plain.headers and plain.get_data() == original


def test_a_changed_file_gets_a_new_address(app: Flask, client: FlaskClient, tmp_path: Path) -> None:
    folder = tmp_path / "static"
    shutil.copytree(STATIC, folder)
    app.static_folder = str(folder)
    before = [a for a in static_addresses(client, "/") if "touchline.css" in a]
    style = folder / "touchline.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n.new { color: red; }\n")
    after = [a for a in static_addresses(client, "/") if "touchline.css" in a]
    assert before != after == [f"/static/touchline.css?v={version(style)}"]
    assert client.get(after[0]).headers["Cache-Control"] == FOREVER
    assert client.get(before[0]).headers["Cache-Control"] == "no-cache"
