"""A series of ticket cards and its reporting (N.D. Admin. Code 99-01.3-11-02.5, -07.1.b).

Every card of a series related to one master flare is reported in the quarter in which the series
was first played; no partial series is carried over to another quarter, and cards left unsold are
retained with the accounting records. ``report_series`` checks the played cards and summarizes
them: gross proceeds, prizes, refunds, and the prize records (date, card number, prize).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON
from croupier.games.paddlewheel.rules import FLARE, MasterFlare
from croupier.games.paddlewheel.tickets import CardPhase, CardPlay

ONE_QUARTER = "99-01.3-11-02.5"


def quarter_of(day: datetime.date) -> str:
    """``2026-Q3`` style label of the calendar quarter holding ``day``."""
    return f"{day.year}-Q{(day.month - 1) // 3 + 1}"


@dataclass(frozen=True, slots=True)
class SeriesReport:
    """What the tax return reports for one series (-02.5, -07.3.b)."""

    quarter: str
    cards_played: tuple[int, ...]
    cards_refunded: tuple[int, ...]
    cards_retained_unsold: tuple[int, ...]
    gross_proceeds: int
    prizes: int
    refunds: int
    prize_records: tuple[dict[str, JSON], ...]

    @property
    def adjusted_gross_proceeds(self) -> int:
        """Gross proceeds less prizes (cash and the cost of merchandise)."""
        return self.gross_proceeds - self.prizes


def report_series(flare: MasterFlare, cards: Sequence[CardPlay]) -> SeriesReport:
    """Check that the cards belong to ``flare``'s series, each played once and all in the quarter
    the series was first played (else ``RuleViolation``), and summarize them."""
    if not cards:
        raise InvalidInput("a series report needs at least one played card")
    seen: set[int] = set()
    for card in cards:
        if card.rules.flare != flare:
            raise RuleViolation(
                f"card {card.card_number} belongs to the series of another master flare "
                f"(stamp {card.rules.flare.stamp_number}), not stamp {flare.stamp_number}",
                FLARE,
            )
        if not flare.first_card_number <= card.card_number <= flare.last_card_number:
            raise RuleViolation(
                f"card {card.card_number} is not in the series "
                f"{flare.first_card_number}..{flare.last_card_number}",
                FLARE,
            )
        if card.card_number in seen:
            raise RuleViolation(f"card {card.card_number} is reported twice", ONE_QUARTER)
        seen.add(card.card_number)
        if card.data.phase not in (CardPhase.COMPLETE, CardPhase.REFUNDED):
            raise InvalidInput(f"card {card.card_number} is still in play")
    days = [datetime.date.fromisoformat(card.date) for card in cards]
    first = min(days)
    quarter = quarter_of(first)
    late = sorted(
        card.card_number
        for card, day in zip(cards, days, strict=True)
        if quarter_of(day) != quarter
    )
    if late:
        raise RuleViolation(
            f"the series was first played in {quarter}; cards {late} were played in another "
            "quarter, and a partial series may not be carried over to another quarter",
            ONE_QUARTER,
        )
    played = tuple(sorted(c.card_number for c in cards if c.data.phase is CardPhase.COMPLETE))
    refunded = tuple(sorted(c.card_number for c in cards if c.data.phase is CardPhase.REFUNDED))
    unsold = tuple(
        n for n in range(flare.first_card_number, flare.last_card_number + 1) if n not in seen
    )
    gross = prizes = refunds = 0
    records: list[dict[str, JSON]] = []
    for card in sorted(cards, key=lambda c: c.card_number):
        details = card.settlement().details
        gross += int(details["gross_proceeds"])
        prizes += int(details["prizes"])
        refunds += int(details["refunded"])
        records.extend(details["prize_records"])
    return SeriesReport(quarter, played, refunded, unsold, gross, prizes, refunds, tuple(records))
