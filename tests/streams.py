"""Raw connections to a served app's live-update streams, read a little at a time."""

from __future__ import annotations

import socket


def open_stream(base_url: str, path: str) -> socket.socket:
    """A raw connection that has asked for `path` and reads nothing yet."""
    host, port = base_url.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)), timeout=60)
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    return connection


def read_until(connection: socket.socket, marker: bytes, received: bytes = b"") -> bytes:
    """What the connection sent up to and including `marker` (or up to its end)."""
    while marker not in received:
        chunk = connection.recv(65536)
        if not chunk:
            break
        received += chunk
    return received
