"""The ticket-card method (N.D. Admin. Code 99-01.3-11-01.1, -02) as a state machine.

One ``CardPlay`` is one preprinted ticket card of a series, played on one date: its tickets are
sold at the series price; when every ticket is sold the wheel is spun once for each prize (void
spins of fewer than four revolutions are spun again, -02.3); the winning ticket's holder claims
the prize (present at the spin, or within the claim time limit, -02.6.c, d) or the prize is
unclaimed and more spins follow (-02.6.e). A card not sold out is refunded (-02.2). Each payoff
is recorded: date, card number, cash amount or merchandise cost and description (-02.4).

``CardPlay.apply`` applies an action or raises; it does not roll back. The protocol object
``croupier.games.paddlewheel.game.TICKET_GAME`` (one card a round, its setup a ``CardSetup``)
drives a card through ``croupier.core.protocol.Play``, which rebuilds the card from its accepted
actions when one is refused.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from enum import Enum

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON, Event
from croupier.core.money import format_money
from croupier.games.base import (
    HOUSE,
    Outcome,
    Pending,
    PendingKind,
    Settlement,
    WagerResult,
    player_party,
)
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
    person_key,
)

PRESENCE = "99-01.3-11-02.6.c"
RESPUN = "99-01.3-11-02.6.e"


class CardPhase(Enum):
    SELLING = "selling"
    SPINNING = "spinning"
    CLAIMING = "claiming"
    COMPLETE = "complete"
    REFUNDED = "refunded"


@dataclass(frozen=True, slots=True)
class CardSetup:
    """The protocol's setup of one ticket card: its card number, the date it is played and,
    when stated, the site where the game is conducted (tickets are sold there that day, -02.2)."""

    card_number: int
    date: str
    site: str | None = None


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
    forfeited: dict[int, int] = field(default_factory=dict)
    """Winning tickets whose prize went unclaimed and was spun again: ticket -> prize number."""


class CardPlay:
    """Ticket card ``card_number`` of the series played on ``date`` (ISO ``YYYY-MM-DD``) at
    ``site`` (when stated)."""

    def __init__(
        self, rules: TicketRules, card_number: int, date: str, site: str | None = None
    ) -> None:
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
        self.site = site
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

    def legal_actions(self) -> list[a.TicketAction]:
        """Representative legal actions: the next unsold ticket sold to a person of its own, or
        the refund; the winning ticket's claim or its prize unclaimed. Empty when a prize awaits
        its spin (chance acts) and when the card is done."""
        d = self.data
        price = self.rules.flare.price_per_ticket
        if d.phase is CardPhase.SELLING:
            unsold = [t for t in range(1, len(self.rules.tickets) + 1) if t not in d.sold]
            return [a.SellTicket(unsold[0], f"player {unsold[0]}", price), a.RefundCard()]
        if d.phase is CardPhase.CLAIMING and d.winner is not None:
            return [a.ClaimPrize(d.winner[0]), a.PrizeUnclaimed(self._unclaimed_minutes())]
        return []

    def apply(self, action: a.TicketAction) -> list[Event]:
        """Apply ``action`` and return its events, or raise ``RuleViolation``/``InvalidInput``.
        No rollback here: drive the card through ``Play`` (``TICKET_GAME``) when a refusal must
        change nothing."""
        if isinstance(action, a.SellTicket):
            return self._sell(
                (action.ticket,), action.player, action.price, action.date, action.site
            )
        if isinstance(action, a.SellTickets):
            return self._sell(
                action.tickets, action.player, action.amount, action.date, action.site
            )
        if isinstance(action, a.RefundCard):
            return self._refund()
        if isinstance(action, a.SpinForPrize):
            return self._spin(action)
        if isinstance(action, a.ClaimPrize):
            return self._claim(action)
        if isinstance(action, a.PrizeUnclaimed):
            return self._unclaimed(action)
        raise InvalidInput(f"not a paddlewheel ticket-card action: {action!r}")

    @property
    def done(self) -> bool:
        """Every prize awarded, or the card refunded."""
        return self.data.phase in (CardPhase.COMPLETE, CardPhase.REFUNDED)

    def balances(self) -> dict[str, int]:
        """Where the money is, as changes since the card was opened (cents): each ticket holder
        (prices paid, refunds and prizes received at their value to the winner) and the house."""
        d = self.data
        out: dict[str, int] = {HOUSE: 0}
        refunded = d.phase is CardPhase.REFUNDED
        for player, price in d.sold.values():
            key = player_party(player)
            paid = 0 if refunded else price
            out[key] = out.get(key, 0) - paid
            out[HOUSE] += paid
        for ticket, value in d.won.items():
            key = player_party(d.sold[ticket][0])
            out[key] = out.get(key, 0) + value
            out[HOUSE] -= value
        return out

    def snapshot(self) -> JSON:
        """The whole state as plain data."""
        d = self.data
        return {
            "phase": d.phase.value,
            "sold": {str(t): [p, price] for t, (p, price) in sorted(d.sold.items())},
            "prize": d.prize,
            "winner": None if d.winner is None else [d.winner[0], d.winner[1]],
            "wheel_at": d.wheel_at,
            "won": {str(t): v for t, v in sorted(d.won.items())},
            "records": list(d.records),
            "spins": list(d.spins),
            "void_spins": d.void_spins,
            "refunded": d.refunded,
            "forfeited": {str(t): p for t, p in sorted(d.forfeited.items())},
        }

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
        return Settlement(tuple(wagers), details, self.balances())

    # -- actions ----------------------------------------------------------------------------------

    def _sell(
        self,
        tickets: tuple[int, ...],
        player: str,
        amount: int,
        date: str | None,
        site: str | None,
    ) -> list[Event]:
        """One purchase: ``tickets`` of the card for ``amount`` cents in all (one ticket's price
        for a single ticket)."""
        d = self.data
        if d.phase is not CardPhase.SELLING:
            raise RuleViolation("the card's tickets are sold before its first spin", PRICE)
        if not tickets:
            raise InvalidInput("a purchase is of one ticket or more")
        for ticket in tickets:
            if not 1 <= ticket <= len(self.rules.tickets):
                raise InvalidInput(f"the card has tickets 1..{len(self.rules.tickets)}")
            if ticket in d.sold:
                raise InvalidInput(f"ticket {ticket} is already sold")
        if len(set(tickets)) != len(tickets):
            raise InvalidInput(f"a purchase names each ticket once, not {list(tickets)}")
        if not player.strip():
            raise InvalidInput("a ticket is sold to a named person")
        if date is not None and date != self.date:
            raise RuleViolation(
                f"all tickets must be sold on a site the day the game is conducted ({self.date}), "
                f"not {date}",
                PRICE,
            )
        if site is not None and site != self.site:
            where = "unstated" if self.site is None else repr(self.site)
            raise RuleViolation(
                f"all tickets must be sold on the site where the game is conducted ({where}), "
                f"not {site!r}",
                PRICE,
            )
        price = self.rules.flare.price_per_ticket
        due = price * len(tickets)
        if amount != due:
            each = "" if len(tickets) == 1 else f" ({len(tickets)} tickets: {format_money(due)})"
            raise RuleViolation(
                f"every ticket of the series sells for {format_money(price)}{each}, and tickets "
                f"cannot be discounted; not {format_money(amount)}",
                PRICE,
            )
        held = sum(p for who, p in d.sold.values() if person_key(who) == person_key(player))
        if held + due > MAX_BET_PER_SPIN:
            raise RuleViolation(
                f"a player may not bet tickets that exceed a value of twenty dollars for one spin; "
                f"{player} holds {format_money(held)} and buys {format_money(due)}",
                TICKET_LIMIT,
            )
        out: list[Event] = []
        if len(tickets) > 1:
            out.append(ev.TicketsPurchased(self.card_number, tickets, player, amount))
        for ticket in tickets:
            d.sold[ticket] = (player, price)
            out.append(ev.TicketSold(self.card_number, ticket, self.serial_number, player, price))
        if len(d.sold) == len(self.rules.tickets):
            d.phase = CardPhase.SPINNING
        return out

    def _refund(self) -> list[Event]:
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
        d = self.data
        if isinstance(act.minutes, bool) or not isinstance(act.minutes, int) or act.minutes < 0:
            raise InvalidInput(f"minutes since the spin must be 0 or more, not {act.minutes!r}")
        lost = d.forfeited.get(act.ticket)
        if lost is not None and (d.winner is None or d.winner[0] != act.ticket):
            raise RuleViolation(
                f"ticket {act.ticket}'s claim to prize {lost} came too late: the prize was not "
                "claimed and the organization spun again for it",
                RESPUN,
            )
        ticket, player = self._require_claiming()
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
            act.minutes,
        )
        d.prize += 1
        d.winner = None
        d.phase = CardPhase.SPINNING if d.prize < len(self.rules.prizes) else CardPhase.COMPLETE
        return [event]

    def _unclaimed_minutes(self) -> int:
        limit = self.rules.claim_limit_minutes
        return 0 if limit is None else limit + 1

    def _unclaimed(self, act: a.PrizeUnclaimed) -> list[Event]:
        if isinstance(act.minutes, bool) or not isinstance(act.minutes, int) or act.minutes < 0:
            raise InvalidInput(f"minutes since the spin must be 0 or more, not {act.minutes!r}")
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
        d.forfeited[ticket] = d.prize + 1
        return [ev.PrizeUnclaimed(self.card_number, d.prize + 1, ticket, act.minutes)]
