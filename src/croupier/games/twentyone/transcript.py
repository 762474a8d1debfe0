"""Plain-language lines for events: the dealer's play-by-play (replay transcripts, the table)."""

from __future__ import annotations

from croupier.core.events import Event
from croupier.core.money import format_money
from croupier.games.twentyone.events import (
    Announcement,
    CardDealt,
    CardsPlayedBack,
    DealerChecked,
    DoubledDown,
    HandCompleted,
    HandSplit,
    InsuranceDecided,
    MistakeRemedied,
    RoundEnded,
    SpaceInactive,
    WagerAccepted,
    WagerSettled,
)


def describe_event(e: Event) -> str:
    """One line for an event, or ``""`` for bookkeeping events."""
    if isinstance(e, WagerAccepted):
        tip = f", tip bet {format_money(e.tip)}" if e.tip else ""
        extra = f" (excess {format_money(e.excess_returned)} returned)" if e.excess_returned else ""
        return f"{e.player} wagers {format_money(e.wager)} on space {e.space}{tip}{extra}"
    if isinstance(e, CardDealt):
        if e.recipient == "burn":
            return f"burn card {e.card} ({e.purpose})"
        if e.recipient == "dealer":
            return f"dealer: {e.card if e.face_up else 'hole card (face down)'}"
        hand = f" hand {e.hand}" if e.hand else ""
        return f"space {e.space}{hand}: {e.card} ({e.purpose})"
    if isinstance(e, Announcement):
        return f'dealer: "{e.text}"'
    if isinstance(e, InsuranceDecided):
        amount = f" {format_money(e.amount)}" if e.amount else ""
        return f"space {e.space}: {e.choice}{amount}"
    if isinstance(e, DealerChecked):
        return "reading device: " + ("natural twenty-one" if e.natural else "no natural")
    if isinstance(e, HandSplit):
        return f"space {e.space} splits hand {e.hand} (new hand {e.new_hand})"
    if isinstance(e, DoubledDown):
        tip = f", tip {format_money(e.tip_amount)}" if e.tip_amount else ""
        return f"space {e.space} hand {e.hand} doubles down {format_money(e.amount)}{tip}"
    if isinstance(e, HandCompleted):
        return f"space {e.space} hand {e.hand}: {e.how} at {e.total}"
    if isinstance(e, SpaceInactive):
        return f"space {e.space} inactive: {e.reason} [{e.section}]"
    if isinstance(e, MistakeRemedied):
        return f"dealing mistake {e.mistake}: {e.remedy} [{e.section}]"
    if isinstance(e, WagerSettled):
        where = f" -> {e.destination}" if e.destination else ""
        return (
            f"space {e.space} hand {e.hand} {e.kind} {format_money(e.stake)}: "
            f"{e.result.value} {format_money(e.net)}{where} [{e.section}]"
        )
    if isinstance(e, CardsPlayedBack):
        return "played back: " + "; ".join(e.hands)
    if isinstance(e, RoundEnded):
        return f"round over: {e.reason} [{e.section}]"
    return ""
