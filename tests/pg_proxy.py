"""A TCP relay in front of the test PostgreSQL server, so a test can take "the server" away and
bring it back without touching the real one (which other tests share).

While down, its port is bound but not listening: a connection is refused at once, as by a
stopped server. `silent()` is the other outage: a port that accepts connections and never
answers, as a hung server or a half-open network path does.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from urllib.parse import urlsplit


class Relay:
    def __init__(self, target_url: str) -> None:
        parts = urlsplit(target_url)
        self._target = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self._listener = self._bind(0)
        self.port = self._listener.getsockname()[1]
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._serving: threading.Thread | None = None

    def url_for(self, url: str) -> str:
        """`url` (user, database) reached through this relay."""
        parts = urlsplit(url)
        netloc = parts.netloc.rsplit("@", 1)
        host = f"127.0.0.1:{self.port}"
        return parts._replace(netloc=f"{netloc[0]}@{host}" if len(netloc) > 1 else host).geturl()

    def up(self) -> None:
        """The server answers (again)."""
        if self._serving is not None:
            return
        if self._listener.fileno() == -1:
            self._listener = self._bind(self.port)
        self._listener.listen(16)
        self._serving = threading.Thread(target=self._accept, args=(self._listener,), daemon=True)
        self._serving.start()

    def down(self) -> None:
        """The server stops: open connections are cut and new ones refused."""
        if self._serving is None:
            return
        with suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        self._listener.close()
        self._serving.join()
        self._serving = None
        with self._lock:
            for sock in self._open:
                with suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()
        # Keep the port, bound but not listening, so that connecting is refused.
        self._listener = self._bind(self.port)

    def close(self) -> None:
        self.down()
        self._listener.close()

    @staticmethod
    def _bind(port: int) -> socket.socket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        return sock

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self._target)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._open += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=_pipe, args=(source, sink), daemon=True).start()


def _pipe(source: socket.socket, sink: socket.socket) -> None:
    with suppress(OSError):
        while data := source.recv(65536):
            sink.sendall(data)
    with suppress(OSError):
        sink.shutdown(socket.SHUT_WR)


@contextmanager
def silent() -> Iterator[int]:
    """A port that accepts connections (the kernel completes the handshake) and never replies."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    try:
        yield sock.getsockname()[1]
    finally:
        sock.close()


def free_port() -> int:
    """A port nothing listens on (bound for a moment to find it, then let go)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
