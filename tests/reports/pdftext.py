"""The text a reportlab PDF shows, read from its page content streams without a PDF library
(pypdf is not installed): ASCII85 and Flate decoded, then the strings of the text operators."""

from __future__ import annotations

import base64
import re
import zlib

_STREAM = re.compile(rb"<<((?:(?!<<).)*?)>>\s*stream\r?\n(.*?)\s*endstream", re.S)
_TEXT = re.compile(rb"\bBT\b(.*?)\bET\b", re.S)
_SHOWN = re.compile(rb"(\((?:[^()\\]|\\.)*\))\s*Tj")


def _decode(head: bytes, body: bytes) -> bytes:
    if b"/ASCII85Decode" in head:
        body = base64.a85decode(body.strip().removesuffix(b"~>"))
    if b"/FlateDecode" in head:
        body = zlib.decompress(body)
    return body


def _unescape(literal: bytes) -> str:
    inner = literal[1:-1]
    out = re.sub(rb"\\([()\\])", rb"\1", inner)
    return out.decode("latin-1")


def pdf_text(data: bytes) -> str:
    """The strings drawn on the pages: one line per text object (a wrapped cell's lines are
    joined with a space), runs of spaces collapsed."""
    lines: list[str] = []
    for head, body in _STREAM.findall(data):
        if b"/Subtype /Image" in head:
            continue
        for block in _TEXT.findall(_decode(head, body)):
            # strings of one line follow each other; T* (next line) and Td (move) part lines
            words = " ".join(
                "".join(_unescape(s) for s in _SHOWN.findall(line))
                for line in re.split(rb"T\*|\bTd\b", block)
            )
            if words.strip():
                lines.append(" ".join(words.split()))
    return "\n".join(lines)
