"""What every answer tells the browser: where a page may load scripts and styles from, that no
other site may frame it, and that behind TLS its session cookie travels over TLS only.

The policy is a fixed string: every script and style is a file under /static/, and no template
has an inline script, `style` attribute or event handler (the inline SVG of the QR code and the
charts uses presentation attributes, which the policy does not govern), so no nonce is needed.
"""

from __future__ import annotations

from flask import Flask, Response, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    # frame-ancestors for browsers that predate it: no site may show these pages in a frame
    # (a scoring page under a transparent frame is one tap away from a forged entry).
    "X-Frame-Options": "DENY",
    # Scorer links carry their token in the path: never hand a page's address to another site
    # as a referrer.
    "Referrer-Policy": "same-origin",
    # Never let a browser guess a download's type.
    "X-Content-Type-Options": "nosniff",
}


def guarded(response: Response) -> Response:
    """The answer with the headers above, unless a view set one of them itself."""
    # The names the answer has, read once: `setdefault` looks through every header for each.
    present = {name.lower() for name in response.headers.keys()}  # noqa: SIM118  # Headers iterate as pairs
    for name, value in HEADERS.items():
        if name.lower() not in present:
            response.headers.add(name, value)
    return response


class TlsAwareSessions(SecureCookieSessionInterface):
    """Sessions whose cookie is `Secure` whenever the request came over https.

    The session holds the scorer tokens and the CSRF token (Flask-WTF keeps it there, so there is
    no separate CSRF cookie). Behind a proxy that ends TLS, the scheme is https only when the
    proxy is trusted (TOUCHLINE_TRUSTED_PROXIES) to say so in X-Forwarded-Proto; a plain-http
    installation on a club's network keeps a cookie its phones can send back."""

    # The serializer last built, with the keys it was built for.
    _kept: tuple[tuple[object, ...], URLSafeTimedSerializer] | None = None

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        # Flask builds the serializer afresh on every request (a seventieth of an entry's CPU
        # through the API); it depends only on the keys, so it is kept while they stay the
        # same. Replacing the kept pair in one assignment is safe between threads.
        keys = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept = self._kept
        if kept is not None and kept[0] == keys:
            return kept[1]
        serializer = super().get_signing_serializer(app)
        if serializer is not None:
            self._kept = (keys, serializer)
        return serializer

    def get_cookie_secure(self, app: Flask) -> bool:
        if super().get_cookie_secure(app):
            return True
        return has_request_context() and request.is_secure
