"""The request body limit (issue 29): no request body over ``WebSettings.max_body_bytes`` (1 MiB
by default) is read, whoever sends it. A declared ``Content-Length`` over the limit is answered
413 before a byte of the body is read; a body sent without one (chunked) is counted as it
arrives and refused as soon as it passes the limit. Nothing behind it ever parses it."""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier.core.names import ascii_digits

DEFAULT_MAX_BODY = 1 << 20
"""1 MiB: far above any form or JSON body the pages and the API take (a rules file upload is
a few kilobytes)."""


def _refusal(limit: int) -> str:
    return f"the request body is over {limit:,} bytes; nothing was read"


class BodyLimit:
    """ASGI middleware refusing request bodies over ``limit`` bytes with 413."""

    def __init__(self, app: ASGIApp, limit: int = DEFAULT_MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = next(
            (v for k, v in scope.get("headers", ()) if k.lower() == b"content-length"), None
        )
        if declared is not None:
            text = declared.decode("latin-1").strip()
            if not ascii_digits(text) or int(text) > self.limit:
                await _too_large(send, self.limit)
                return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(status_code=413, detail=_refusal(self.limit))
            return message

        await self.app(scope, counted, send)


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"detail": _refusal(limit)}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})
