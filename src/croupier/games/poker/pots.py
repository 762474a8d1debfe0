"""The pot: main and side pots (99-01.3-09-05.7) and dividing a pot among tied hands (-04.27)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Pot:
    """One pot: its amount and the players (indices, clockwise from the button) who may win it.
    Treat as read-only (not frozen: a frozen class is slow to build in compiled code)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributions: Sequence[int], live: Sequence[bool], antes: int = 0) -> list[Pot]:
    """Main pot first, then side pots, however many (99-01.3-09-05.7).

    ``contributions`` are the players' wagers (blinds, bets, calls and raises); ``antes`` the
    antes, which the dealer sweeps into the pot before the deal (-04.9): they belong to the main
    pot, contested by every live hand (a pot of its own when a live player wagered nothing).

    Each level is a live player's total contribution; a pot holds what every player put in
    between the previous level and this one, and is contested by the live players who reached
    it. Chips of folded or dead hands stay in the pots they reached; anything above the highest
    live level joins the last pot.
    """
    levels = sorted({c for c, ok in zip(contributions, live, strict=True) if ok and c > 0})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(
            i
            for i, (c, ok) in enumerate(zip(contributions, live, strict=True))
            if ok and c >= level
        )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    rest = sum(max(0, c - previous) for c in contributions)
    if rest:
        if pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, ()))
    if antes:
        everyone = tuple(i for i, ok in enumerate(live) if ok)
        if pots and pots[0].eligible == everyone:
            pots[0] = Pot(pots[0].amount + antes, everyone)
        else:
            pots.insert(0, Pot(antes, everyone))
    return pots


def split_evenly(amount: int, winners: Sequence[int], unit: int) -> list[int]:
    """Shares of ``amount`` for ``winners`` (listed clockwise from the button).

    The dealer divides as evenly as the lowest chip ``unit`` allows; each odd chip goes to the
    first live hand clockwise from the button, then the next (99-01.3-09-04.27).
    """
    count = len(winners)
    if count == 0:
        raise ValueError("a pot needs at least one winner")
    units, loose = divmod(amount, unit)
    base, odd = divmod(units, count)
    shares = [base * unit] * count
    for i in range(odd):
        shares[i] += unit
    shares[0] += loose
    return shares


def high_low_halves(amount: int, unit: int) -> tuple[int, int]:
    """The high and the low half of a high-low pot (-04.25): the low half is the most whole
    ``unit`` chips not over half, so an odd chip between the halves goes to the high half
    (-04.27 leaves high-low splits out of its clockwise rule; docs/interpretations/poker.md)."""
    low = (amount // (2 * unit)) * unit
    return amount - low, low
