"""Browser security of the game server: seat cookies, allowed hosts and origins, security headers.

- A seat's token lives in an HttpOnly, ``SameSite=Strict`` cookie per table (:func:`set_seat_cookie`),
  set by ``join`` and ``claim``; the page never sees it, the address bar never holds it, and a link to
  the table (a spectator's ``#watch`` link included) carries no seat's power.
- Websockets: a browser's ``Origin`` must be the server's own (the request's ``Host``) or one of the
  configured allowed origins (:func:`origin_allowed`), so another site cannot open a socket with the
  visitor's seat cookie. A client that sends no ``Origin`` (a bot, a script) is no browser and carries
  no cookie of the visitor's; it is let through.
- ``Host`` must be one of the allowed hosts (Starlette's ``TrustedHostMiddleware``): DNS rebinding
  cannot reach a server on localhost.
- Every response carries :data:`SECURITY_HEADERS`: a CSP without inline script or style, no framing,
  no referrer, no MIME sniffing (:class:`SecurityHeaders`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}
"""The headers every HTTP response gets."""

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")
"""Hosts every server answers to (its own machine)."""

COOKIE_MAX_AGE = 30 * 86_400
"""How long a seat cookie lasts, in seconds (30 days)."""


def seat_cookie(table_id: str) -> str:
    """Return the name of a table's seat cookie (``seat-<table id>``; table ids are URL-safe)."""
    return f"seat-{table_id}"


def set_seat_cookie(response: Response, table_id: str, token: str, *, secure: bool) -> None:
    """Give the browser a table's seat token as an HttpOnly, ``SameSite=Strict`` cookie.

    Args:
        response: the response of ``join`` or ``claim``.
        table_id: the table (the cookie is ``seat-<id>``, path ``/``).
        token: the seat's secret token.
        secure: mark the cookie ``Secure`` (the request came over HTTPS).
    """
    response.set_cookie(
        seat_cookie(table_id),
        token,
        max_age=COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="strict",
        secure=secure,
    )


def default_hosts(bound: str | None) -> list[str]:
    """Return the hosts a server bound to ``bound`` answers to: that host and the local names.

    A wildcard address (``0.0.0.0``, ``::``) names no host, so it adds none (pass the public name
    with ``--allowed-host``).
    """
    hosts = list(LOCAL_HOSTS)
    if bound and bound not in ("0.0.0.0", "::", "") and bound not in hosts:
        hosts.append(f"[{bound}]" if ":" in bound else bound)
    return hosts


def origin_allowed(headers: Mapping[str, str], allowed_origins: Iterable[str]) -> bool:
    """Whether a websocket handshake's ``Origin`` may open a socket.

    Args:
        headers: the handshake's headers (``origin``, ``host``).
        allowed_origins: origins allowed besides the server's own (``"https://play.example"``), or
            ``"*"`` for any.

    Returns:
        ``True`` with no ``Origin`` (not a browser) or an origin whose host and port are the request's
        ``Host``, or one that is allowed; else ``False``.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    allowed = set(allowed_origins)
    if "*" in allowed or origin in allowed:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    host = headers.get("host", "")
    return parts.scheme in ("http", "https") and bool(parts.netloc) and parts.netloc.lower() == host.lower()


class SecurityHeaders:
    """ASGI middleware that adds :data:`SECURITY_HEADERS` to every HTTP response (static files too)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.raw if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, sending)


def is_secure(scope: Mapping[str, Any]) -> bool:
    """Whether a request came over HTTPS or WSS (decides a cookie's ``Secure`` flag)."""
    return scope.get("scheme") in ("https", "wss")
