"""The headers every answer carries (a plain ASGI middleware: it sees each response's start and
nothing else, so it adds no task or stream to a request, as Starlette's ``BaseHTTPMiddleware``
did): no sniffing, no framing, the referrer kept on site, no browser feature croupier does not
use (``Permissions-Policy``), no window or resource shared across origins (``COOP``,
``CORP``), the content policy (``CSP``) on every
page but the API docs (Swagger UI starts from an inline script), nothing but static files kept
in a cache, and HSTS on an answer served over HTTPS. A header the answer set itself is left as
it is."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PERMISSIONS = (
    b"accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), "
    b"magnetometer=(), microphone=(), midi=(), payment=(), usb=()"
)
"""The browser features no page of croupier uses, refused to every page and frame (found by
an audit: no ``Permissions-Policy``). The surveillance cameras of the books are records, not
the browser's camera."""

HSTS = b"max-age=31536000"
"""A browser that reached the site over HTTPS keeps to HTTPS for a year (RFC 6797)."""


class SecurityHeaders:
    """ASGI middleware adding ``headers_for``'s headers to each HTTP answer that lacks them."""

    def __init__(self, app: ASGIApp, csp: str) -> None:
        self.app = app
        self.csp = csp

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = headers_for(str(scope.get("path", "")), self.csp)
        if scope.get("scheme") == "https":  # served over TLS (or a named proxy says it was)
            extra.append((b"strict-transport-security", HSTS))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", ())}
                added = [(k, v) for k, v in extra if k not in present]
                if added:
                    message = {**message, "headers": [*message.get("headers", ()), *added]}
            await send(message)

        await self.app(scope, receive, with_headers)


def headers_for(path: str, csp: str) -> list[tuple[bytes, bytes]]:
    """The headers an answer to ``path`` carries (names in lower case, as ASGI has them)."""
    out = [
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"same-origin"),
        (b"permissions-policy", PERMISSIONS),
        # a window opened from another site shares no browsing context with croupier's, and
        # no other site may load croupier's answers (pages, files, JSON) as its resources
        (b"cross-origin-opener-policy", b"same-origin"),
        (b"cross-origin-resource-policy", b"same-origin"),
    ]
    if path != "/docs":
        out.append((b"content-security-policy", csp.encode("latin-1")))
    if path != "/static" and not path.startswith("/static/"):
        out.append((b"cache-control", b"no-store"))
    return out
