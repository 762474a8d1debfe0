"""The one validator of what a person types as an identifier, a name or a note (issue 29):
every place that keeps one (the books, tournaments, the live tables) asks it.

Only characters a reader of the records can see are kept: no control, format (zero-width, bidi
embeddings, overrides and isolates), private-use, unassigned, line or paragraph separator
character, so a printed record reads as it is stored and two ids that print the same are the
same id. Each kind has a length limit (``IDENTIFIER_MAX``, ``NAME_MAX``, ``TEXT_MAX``), checked
when a command records the value; records already stored are read as they are (``limit=None``).
Each refusal is one line naming what was wrong."""

from __future__ import annotations

import unicodedata

from croupier.core.errors import InvalidInput

IDENTIFIER_MAX = 64
"""An id (organization, site, employee, occasion, tournament, series, player): a code, not prose."""
NAME_MAX = 120
"""A person's or a place's name: room for the longest legal names, not for a document."""
TEXT_MAX = 2000
"""A note, a purpose, a reason, an address, a description."""

_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cn", "Zl", "Zp"})


def invisible(text: str, allow_space: bool) -> str | None:
    """The first character of ``text`` that a reader of the records cannot see as it is."""
    for ch in text:
        category = unicodedata.category(ch)
        if category in _INVISIBLE_CATEGORIES:
            return ch
        if category == "Zs" and not (allow_space and ch == " "):
            return ch
    return None


def char_name(ch: str) -> str:
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')}"


def _shown(value: str) -> str:
    return repr(value if len(value) <= 60 else value[:60] + "...")


def _check_length(value: str, what: str, limit: int | None, kind: str) -> None:
    if limit is not None and len(value) > limit:
        raise InvalidInput(
            f"{what} {_shown(value)} is {len(value):,} characters; {kind} is at most {limit:,}"
        )


def check_identifier(value: object, what: str, limit: int | None = IDENTIFIER_MAX) -> str:
    """An identifier: not empty, at most ``limit`` characters, visible characters only and no
    space. Raises ``InvalidInput`` naming ``what``."""
    if not isinstance(value, str) or not value:
        raise InvalidInput(f"{what} is missing (an empty id is not allowed)")
    _check_length(value, what, limit, "an id")
    found = invisible(value, allow_space=False)
    if found is not None:
        kind = "a space" if found == " " else f"an invisible character ({char_name(found)})"
        raise InvalidInput(
            f"{what} {_shown(value)} contains {kind}; ids are visible characters only"
        )
    return value


def check_name(value: object, what: str, limit: int | None = NAME_MAX) -> str:
    """A name (a person, initials, a player, an organization or a site): not blank, at most
    ``limit`` characters, no leading or trailing space, single ordinary spaces between words,
    and no invisible or direction-changing character. Raises ``InvalidInput``."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{what} is missing (an empty name is not allowed)")
    _check_length(value, what, limit, "a name")
    found = invisible(value, allow_space=True)
    if found is not None:
        raise InvalidInput(
            f"{what} {_shown(value)} contains an invisible or direction-changing character "
            f"({char_name(found)})"
        )
    if value != value.strip():
        raise InvalidInput(f"{what} {_shown(value)} starts or ends with a space")
    return value


def check_text(value: object, what: str, limit: int | None = TEXT_MAX) -> str:
    """Free text (a note, a purpose, a reason, an address, a description): may be empty, at most
    ``limit`` characters, no invisible or direction-changing character. Raises ``InvalidInput``."""
    if not isinstance(value, str):
        raise InvalidInput(f"{what} must be text, got {value!r}")
    _check_length(value, what, limit, "it")
    found = invisible(value, allow_space=True)
    if found is not None:
        raise InvalidInput(
            f"{what} {_shown(value)} contains an invisible or direction-changing character "
            f"({char_name(found)})"
        )
    return value


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is a whole number written in the digits 0-9 alone. ``str.isdigit`` also
    takes superscripts (``²``) and other scripts' digits, some of which ``int()`` then refuses
    with a ``ValueError`` (a 500 at a page) and others it reads as a number nobody typed."""
    return text.isascii() and text.isdigit()
