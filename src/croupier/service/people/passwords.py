"""What a person's own password may not be (found by an audit: only its length was checked, so
``aaaaaaaaaaaa``, ``123456789012``, ``passwordpassword`` and the account's name repeated were
taken). Each refusal is one line saying why; the rules, beside the length:

- at least ``MIN_DISTINCT`` different characters;
- not the account's name, nor containing it when the name has three characters or more
  (a shorter name would refuse most passwords; repeating it is refused as a repetition);
- not a run or a repetition: a password that is one unit repeated (``passwordpassword``,
  ``c1c1c1c1c1c1``), or made of at most two runs, each one character repeated or a sequence
  up or down the alphabet, the digits (``9`` followed by ``0``) or a row of the keyboard
  (``123456789012``, ``abcdefghijkl``, ``qwertyuiopas``, ``aaaaaa123456``);
- not one of the most common passwords (``common_passwords.txt``, croupier's own short list),
  read lower-cased, with the digits and punctuation around it taken off and its look-alike
  digits and signs read as letters (``P@ssw0rd2024!`` is ``password``).

Passwords that croupier generates (one-time passwords) are not checked: they are random."""

from __future__ import annotations

import string
from functools import cache
from pathlib import Path

from croupier.core.errors import InvalidInput

MIN_DISTINCT = 5
"""The fewest different characters a password has."""

NAME_INSIDE = 3
"""From this length on, an account's name may not appear anywhere in its password."""

SEQUENCES = (
    (string.ascii_lowercase, True),
    (string.digits, True),
    ("qwertyuiop", False),
    ("asdfghjkl", False),
    ("zxcvbnm", False),
)
"""What a run follows (each cyclic or not): the alphabet, the digits, the keyboard's rows."""

LOOK_ALIKE = str.maketrans({"@": "a", "4": "a", "0": "o", "1": "i", "!": "i", "3": "e",
                            "$": "s", "5": "s", "7": "t"})  # fmt: skip

COMMON_FILE = Path(__file__).with_name("common_passwords.txt")


@cache
def common_passwords() -> frozenset[str]:
    """The list of common passwords (lines not starting with ``#``)."""
    lines = COMMON_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip().lower() for w in lines if w.strip() and not w.startswith("#"))


def weakness(password: str, name: str) -> str | None:
    """Why ``password`` may not be the password of account ``name``; None if it may."""
    lowered = password.lower()
    account = name.strip().lower()
    if len(set(lowered)) < MIN_DISTINCT:
        return f"a password has at least {MIN_DISTINCT} different characters"
    if account and (
        lowered.strip() == account or (len(account) >= NAME_INSIDE and account in lowered)
    ):
        return "a password may not contain the account's name"
    if _repeated(lowered) or _runs(lowered) <= 2:
        return (
            "a password may not be a run or a repetition (like 123456789012, abcdefghijkl "
            "or a word repeated)"
        )
    if _common(lowered):
        return "that password is one of the most common ones; choose another"
    return None


def check(password: str, name: str) -> None:
    """Refuse a weak password (``weakness``)."""
    why = weakness(password, name)
    if why is not None:
        raise InvalidInput(why)


def _repeated(text: str) -> bool:
    """Whether ``text`` is a shorter unit repeated (at least twice, the last time cut short)."""
    return any(
        all(text[i] == text[i - unit] for i in range(unit, len(text)))
        for unit in range(1, len(text) // 2 + 1)
    )


def _step(a: str, b: str) -> int | None:
    """0 when ``b`` repeats ``a``, 1 when it follows it in a sequence, -1 when it comes
    before it, None otherwise."""
    if a == b:
        return 0
    for row, cyclic in SEQUENCES:
        i, j = row.find(a), row.find(b)
        if i < 0 or j < 0:
            continue
        if j - i == 1 or (cyclic and (i, j) == (len(row) - 1, 0)):
            return 1
        if i - j == 1 or (cyclic and (i, j) == (0, len(row) - 1)):
            return -1
    return None


def _runs(text: str) -> int:
    """How many runs ``text`` is made of, each as long as it goes: one character repeated, or
    a sequence going one way."""
    runs, i = 0, 0
    while i < len(text):
        runs += 1
        j = i + 1
        direction = _step(text[i], text[j]) if j < len(text) else None
        while j < len(text) and direction is not None and _step(text[j - 1], text[j]) == direction:
            j += 1
        i = j
    return runs


def _common(lowered: str) -> bool:
    common = common_passwords()
    around = string.digits + string.punctuation + string.whitespace
    core = lowered.strip(around)
    return any(form in common for form in (lowered, core, core.translate(LOOK_ALIKE)))
