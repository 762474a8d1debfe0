"""The ticket-card method (N.D. Admin. Code 99-01.3-11-01.1, -02) as a state machine.

One ``CardPlay`` is one preprinted ticket card of a series, played on one date: its tickets are
sold at the series price; when every ticket is sold the wheel is spun once for each prize (void
spins of fewer than four revolutions are spun again, -02.3); the winning ticket's holder claims
the prize (present at the spin, or within the claim time limit, -02.6.c, d) or the prize is
unclaimed and more spins follow (-02.6.e). A card not sold out is refunded (-02.2). Each payoff
is recorded: date, card number, cash amount or merchandise cost and description (-02.4).
"""

from __future__ import annotations

import copy
import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON, Event
from croupier.core.money import format_money
from croupier.games.base import Outcome, Pending, PendingKind, Settlement, WagerResult
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel import events as ev
from croupier.games.paddlewheel.rules import (
    CLAIM,
    FLARE,
    MAX_BET_PER_SPIN,
    PRICE,
    TICKET_LIMIT,
    WINNER,
    TicketRules,
)

PRESENCE = "99-01.3-11-02.6.c"


class CardPhase(Enum):
    SELLING = "selling"
    SPINNING = "spinning"
    CLAIMING = "claiming"
    COMPLETE = "complete"
    REFUNDED = "refunded"


@dataclass
class CardData:
    phase: CardPhase = CardPhase.SELLING
    sold: dict[int, tuple[str, int]] = field(default_factory=dict)
    prize: int = 0
    winner: tuple[int, str] | None = None
    wheel_at: int = 0
    won: dict[int, int] = field(default_factory=dict)
    records: list[dict[str, JSON]] = field(default_factory=list)
    spins: list[dict[str, JSON]] = field(default_factory=list)
    void_spins: int = 0
    refunded: int = 0


class CardPlay:
    """Ticket card ``card_number`` of the series played on ``date`` (ISO ``YYYY-MM-DD``)."""

    def __init__(self, rules: TicketRules, card_number: int, date: str) -> None:
        flare = rules.flare
        if not flare.first_card_number <= card_number <= flare.last_card_number:
            raise RuleViolation(
                f"card {card_number} is outside the master flare's range of card numbers "
                f"{flare.first_card_number}..{flare.last_card_number}",
                FLARE,
            )
        try:
            datetime.date.fromisoformat(date)
        except (TypeError, ValueError) as exc:
            raise InvalidInput(f"the date conducted must be YYYY-MM-DD, not {date!r}") from exc
        self.rules = rules
        self.card_number = card_number
        self.date = date
        self.data = CardData()

    @property
    def serial_number(self) -> str:
        """The game serial number printed on each ticket and on the card's stub (-02.1)."""
        return f"{self.card_number:06d}"

    # -- protocol ---------------------------------------------------------------------------------

    @property
    def pending(self) -> Pending:
        phase = self.data.phase
        if phase is CardPhase.SPINNING:
            return Pending(PendingKind.CHANCE, detail=f"spin for prize {self.data.prize + 1}")
        if phase is CardPhase.CLAIMING:
            ticket = self.data.winner[0] if self.data.winner else None
            return Pending(PendingKind.SEAT, seat=ticket, detail="claim")
        if phase is CardPhase.SELLING:
            return Pending(PendingKind.DEALER, detail="selling tickets")
        return Pending(PendingKind.NONE)

    def legal_actions(self) -> list[Any]:
        """Representative legal actions. When a prize awaits its spin, the chance action
        ``SpinForPrize()`` is listed without its outcome; apply it with the ``Spin``."""
        d = self.data
        price = self.rules.flare.price_per_ticket
        if d.phase is CardPhase.SELLING:
            unsold = [t for t in range(1, len(self.rules.tickets) + 1) if t not in d.sold]
            return [a.SellTicket(unsold[0], "player", price), a.RefundCard()]
        if d.phase is CardPhase.SPINNING:
            return [a.SpinForPrize()]
        if d.phase is CardPhase.CLAIMING and d.winner is not None:
            return [a.ClaimPrize(d.winner[0]), a.PrizeUnclaimed(self._unclaimed_minutes())]
        return []

    def apply(self, action: Any) -> list[Event]:
        """Apply ``action``; on ``RuleViolation`` or ``InvalidInput`` nothing changes."""
        saved = copy.deepcopy(self.data)
        try:
            return self._apply(action)
        except (RuleViolation, InvalidInput):
            self.data = saved
            raise

    def settlement(self) -> Settlement:
        """Each ticket sold is a wager: space = ticket number, kind ``ticket``; a refunded ticket
        is ``returned``; a winning ticket's net is its prizes' value to the winner (cash, or the
        merchandise's retail price) less its price. ``prizes`` in the details is what the books
        report: cash plus the cost of merchandise (-02.4, -07.1.f)."""
        d = self.data
        wagers = []
        for ticket, (player, price) in sorted(d.sold.items()):
            if d.phase is CardPhase.REFUNDED:
                wagers.append(WagerResult(ticket, 0, "ticket", price, Outcome.RETURNED, 0, player))
                continue
            won = d.won.get(ticket, 0)
            result = Outcome.WIN if won else Outcome.LOSE
            wagers.append(WagerResult(ticket, 0, "ticket", price, result, won - price, player))
        gross = sum(price for _, price in d.sold.values())
        # Prizes as reported (-02.4, -07.1.f, -07.3.b): cash, or the cost of merchandise.
        prizes = sum(int(r["reported"]) for r in d.records)
        details: dict[str, JSON] = {
            "card_number": self.card_number,
            "serial_number": self.serial_number,
            "phase": d.phase.value,
            "spins": list(d.spins),
            "void_spins": d.void_spins,
            "prize_records": [{k: v for k, v in r.items() if k != "reported"} for r in d.records],
            "gross_proceeds": 0 if d.phase is CardPhase.REFUNDED else gross,
            "refunded": d.refunded,
            "prizes": prizes,
        }
        return Settlement(tuple(wagers), details)

    # -- actions ----------------------------------------------------------------------------------

    def _apply(self, action: Any) -> list[Event]:
        handlers: dict[type, Callable[[Any], list[Event]]] = {
            a.SellTicket: self._sell,
            a.RefundCard: self._refund,
            a.SpinForPrize: self._spin,
            a.ClaimPrize: self._claim,
            a.PrizeUnclaimed: self._unclaimed,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise InvalidInput(f"not a paddlewheel ticket-card action: {action!r}")
        return handler(action)

    def _sell(self, act: a.SellTicket) -> list[Event]:
        d = self.data
        if d.phase is not CardPhase.SELLING:
            raise RuleViolation("the card's tickets are sold before its first spin", PRICE)
        if not 1 <= act.ticket <= len(self.rules.tickets):
            raise InvalidInput(f"the card has tickets 1..{len(self.rules.tickets)}")
        if act.ticket in d.sold:
            raise InvalidInput(f"ticket {act.ticket} is already sold")
        price = self.rules.flare.price_per_ticket
        if act.price != price:
            raise RuleViolation(
                f"every ticket of the series sells for {format_money(price)}, and tickets cannot "
                f"be discounted; not {format_money(act.price)}",
                PRICE,
            )
        held = sum(p for who, p in d.sold.values() if who == act.player)
        if held + price > MAX_BET_PER_SPIN:
            raise RuleViolation(
                f"a player may not bet tickets that exceed a value of twenty dollars for one spin; "
                f"{act.player} holds {format_money(held)}",
                TICKET_LIMIT,
            )
        d.sold[act.ticket] = (act.player, price)
        if len(d.sold) == len(self.rules.tickets):
            d.phase = CardPhase.SPINNING
        return [ev.TicketSold(self.card_number, act.ticket, self.serial_number, act.player, price)]

    def _refund(self, act: a.RefundCard) -> list[Event]:
        d = self.data
        if d.phase is not CardPhase.SELLING:
            raise RuleViolation(
                "a card is refunded only when not all of its tickets are sold before a spin", PRICE
            )
        d.refunded = sum(price for _, price in d.sold.values())
        d.phase = CardPhase.REFUNDED
        return [ev.CardRefunded(self.card_number, tuple(sorted(d.sold)), d.refunded)]

    def _spin(self, act: a.SpinForPrize) -> list[Event]:
        d = self.data
        if d.phase is CardPhase.SELLING:
            unsold = len(self.rules.tickets) - len(d.sold)
            raise RuleViolation(
                f"all the tickets of a card must be sold before a spin; {unsold} unsold", PRICE
            )
        if d.phase is not CardPhase.SPINNING:
            raise RuleViolation("no prize of this card awaits a spin", WINNER)
        spin = act.spin
        if spin is None:
            raise InvalidInput(
                "a spin enters with its chance outcome: SpinForPrize(Spin(start, revolutions, "
                "stop))"
            )
        wheel = self.rules.wheel
        if spin.start != d.wheel_at:
            raise InvalidInput(f"the wheel rests at tick {d.wheel_at}, not {spin.start}")
        wheel.check_stop(spin.stop)
        d.wheel_at = spin.stop
        prize_no = d.prize + 1
        if spin.is_void:
            d.void_spins += 1
            return [
                ev.TicketSpinVoided(
                    self.card_number, prize_no, spin.start, spin.revolutions, spin.stop
                )
            ]
        number = wheel.read(spin.stop)[0]
        ticket = self.rules.ticket_of(number)
        if ticket is None:  # excluded by validation (every wheel number is on a ticket)
            raise InvalidInput(f"{number!r} is on no ticket of the card")
        player = d.sold[ticket][0]
        peg = wheel.is_peg_stop(spin.stop)
        d.winner = (ticket, player)
        d.phase = CardPhase.CLAIMING
        d.spins.append(
            {"prize": prize_no, "stop": spin.stop, "peg": peg, "number": number, "ticket": ticket}
        )
        return [
            ev.WinningNumberDrawn(
                self.card_number,
                prize_no,
                spin.start,
                spin.revolutions,
                spin.stop,
                peg,
                number,
                ticket,
                player,
            )
        ]

    def _require_claiming(self) -> tuple[int, str]:
        d = self.data
        if d.phase is not CardPhase.CLAIMING or d.winner is None:
            raise RuleViolation("no prize awaits a claim; the wheel determines a winner", WINNER)
        return d.winner

    def _claim(self, act: a.ClaimPrize) -> list[Event]:
        ticket, player = self._require_claiming()
        d = self.data
        if act.ticket != ticket:
            raise RuleViolation(
                f"ticket {act.ticket} did not win; the winning ticket is {ticket}", WINNER
            )
        if self.rules.presence_required and act.minutes != 0:
            raise RuleViolation(
                "a player must be present when the paddlewheel is spun to win", PRESENCE
            )
        limit = self.rules.claim_limit_minutes
        if limit is not None and not 0 <= act.minutes <= limit:
            raise RuleViolation(
                f"the claim time limit is {limit} minutes from the spin; {act.minutes} is late",
                CLAIM,
            )
        prize = self.rules.prizes[d.prize]
        d.won[ticket] = d.won.get(ticket, 0) + prize.value
        record: dict[str, JSON] = {
            "date": self.date,
            "card_number": self.card_number,
            "prize": d.prize + 1,
            "ticket": ticket,
        }
        if prize.cash is not None:
            record["cash"] = prize.cash
        else:
            record["merchandise"] = prize.merchandise
            record["cost"] = prize.cost
        record["reported"] = prize.cash if prize.cash is not None else (prize.cost or 0)
        d.records.append(record)
        event = ev.PrizeAwarded(
            self.date,
            self.card_number,
            d.prize + 1,
            ticket,
            player,
            prize.cash or 0,
            prize.merchandise or "",
            prize.cost or 0,
        )
        d.prize += 1
        d.winner = None
        d.phase = CardPhase.SPINNING if d.prize < len(self.rules.prizes) else CardPhase.COMPLETE
        return [event]

    def _unclaimed_minutes(self) -> int:
        limit = self.rules.claim_limit_minutes
        return 0 if limit is None else limit + 1

    def _unclaimed(self, act: a.PrizeUnclaimed) -> list[Event]:
        ticket, _player = self._require_claiming()
        limit = self.rules.claim_limit_minutes
        if limit is not None and act.minutes <= limit:
            raise RuleViolation(
                f"the winner has {limit} minutes from the spin to claim; only {act.minutes} passed",
                CLAIM,
            )
        d = self.data
        d.winner = None
        d.phase = CardPhase.SPINNING
        return [ev.PrizeUnclaimed(self.card_number, d.prize + 1, ticket, act.minutes)]
