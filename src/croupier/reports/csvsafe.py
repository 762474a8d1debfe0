"""CSV that a spreadsheet opens as data, never as a formula (issue 28; OWASP's "CSV injection").

A spreadsheet treats a cell that begins with ``=``, ``+``, ``-`` or ``@`` as a formula, and a
leading tab or carriage return can hide such a cell's start. Any text the project writes to a
CSV may carry a name somebody typed (a player, an employee, a note), so every cell that starts
with one of those characters is written with a leading apostrophe, which a spreadsheet shows as
text and does not evaluate. The one exception is a cell that is a number and nothing else
(``-12``, ``-$1,250.00``, ``-3.5%``): a negative amount stays a number, and a number cannot
call anything. Every CSV croupier writes goes through ``csv_bytes``."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula (or hide one)."""

_NUMBER = re.compile(r"-?\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?")


def safe_cell(value: object) -> str:
    """``value`` as a CSV cell that no spreadsheet evaluates (see the module)."""
    text = "" if value is None else str(value)
    if text.startswith(TRIGGERS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_bytes(rows: Iterable[Sequence[object]]) -> bytes:
    """``rows`` as UTF-8 CSV, one line each (CRLF), every cell made safe (``safe_cell``)."""
    out = io.StringIO()
    # RFC 4180's line ending: a cell holding a carriage return or a line feed is then quoted
    # (the writer quotes only the characters of its own line ending), so neither can split a
    # row; with "\n" alone a carriage return in a name began a new row in a spreadsheet
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([safe_cell(v) for v in row])
    return out.getvalue().encode("utf-8")
