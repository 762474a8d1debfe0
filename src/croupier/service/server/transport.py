"""How the web application is served: the Uvicorn settings ``croupier serve`` starts it with,
written once, so that the benchmarks and the tests that need a real server serve it the same
way a deployment does.

**No per-message compression on the live sockets.** Browsers offer ``permessage-deflate`` on
every WebSocket, and Uvicorn accepts it by default. A table's update is a console a few
kilobytes long, sent to every socket watching the table: the server deflated each one and every
tablet and phone inflated it. Without it, in ``croupier bench serve --mode physical``, the load
generator spends about a tenth less CPU a command and the server a few per cent less
(docs/bench-serve.md). A console travels on the casino's own network, where a few kilobytes are
nothing. Compression is also a known side channel when secret text is compressed together with
text someone else chooses (the CRIME and BREACH attacks): a seat's view holds that seat's cards
beside names and amounts other people typed. So the server declines the offer, as RFC 7692
lets a server do, and the socket carries plain frames.
"""

from __future__ import annotations

APP_FACTORY = "croupier.web.app:create_app_from_environment"
"""The application each Uvicorn worker starts (``--factory``), configured from the environment."""

SERVER_HEADER = False
"""Whether Uvicorn names itself in a ``server`` header of every answer: it does not (found by an
audit: the banner tells an attacker what to look up); ``uvicorn.run(server_header=...)``."""

WS_PER_MESSAGE_DEFLATE = False
"""Whether the live sockets compress their messages (see the module's text: they do not)."""


def socket_options() -> list[str]:
    """Uvicorn's command-line options for the live sockets (any app served beside croupier's,
    as the bench's echo peer, takes the same)."""
    return ["--ws-per-message-deflate", "true" if WS_PER_MESSAGE_DEFLATE else "false"]


def uvicorn_command(python: str, host: str, port: int, workers: int) -> list[str]:
    """The command that serves the application on ``host:port`` with ``workers`` processes as
    ``croupier serve`` does without a proxy: the forwarded headers believed from no one (issue
    29), the sockets uncompressed and no ``server: uvicorn`` banner (``SERVER_HEADER``)."""
    return [
        python, "-m", "uvicorn", APP_FACTORY, "--factory",
        "--host", host, "--port", str(port), "--workers", str(workers),
        "--log-level", "warning", "--no-proxy-headers", "--no-server-header", *socket_options(),
    ]  # fmt: skip
