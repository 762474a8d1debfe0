"""Write the round file (docs/round-files/paddlewheel.md, ``croupier.round/1``) of one spin
played at a table-method paddlewheel through the protocol (``GAME``, ``Play``).

A live table keeps a spin's rules data, its setup (``TableSetup``: the table as betting opens)
and ``play.log``, the accepted actions with every wheel stop. A dispute needs the round file,
which the reader (``croupier.games.paddlewheel.roundfile.replay``) plays back; this module is
its inverse, so that the file replays to the same wagers and parties (issue 27).

The spin's setup is written as it is: its number and where the wheel rests (``setup.spin``,
``setup.wheel_at``), the chip tray, and each seat already at the table with the betting chips on
its rail (``seats[].rail``). A seat that joins during the spin is an action.

What the seats paid in or took out before, the drop box and the tip receptacle are not written
(no party's net depends on them). The actions follow; consecutive wheel stops (void spins, then
the valid one) are one ``spin`` item with one ``wheel_stops`` entry each. Over-limit bets are
voided by ``close`` itself and the table method has no other irregularity to place.

Not writable (``InvalidInput``): a round whose last spin was void (a ``spin`` takes stops until
one is valid).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from croupier.core.errors import CroupierError, InvalidInput
from croupier.core.events import JSON
from croupier.core.protocol import Play
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel.game import GAME, TICKET_GAME
from croupier.games.paddlewheel.sample import sample_table_rules
from croupier.games.paddlewheel.state import Phase, TableSetup
from croupier.games.paddlewheel.tickets import CardSetup
from croupier.games.roundfile import FORMAT

__all__ = ["round_file", "ticket_round_file"]


def round_file(
    rules: Mapping[str, JSON],
    setup: TableSetup,
    actions: Sequence[a.TableAction],
    *,
    title: str = "",
    description: str = "",
) -> dict[str, JSON]:
    """The round file (croupier.round/1) of a spin played through the protocol: ``rules`` the
    house rules data the table was opened with (empty: the sample table, written out),
    ``setup`` the spin's ``TableSetup``, ``actions`` its ``play.log``. No ``expect`` block (the
    caller adds ``croupier.games.roundfile.expect_block``). ``InvalidInput`` names what the
    format cannot write, or the action the round does not accept."""
    parsed = GAME.parse_rules(rules)
    play = Play(GAME, parsed, setup)
    for n, action in enumerate(actions, start=1):
        try:
            play.apply(action)
        except CroupierError as exc:
            raise InvalidInput(
                f"action {n} ({action!r}) is not accepted in this round: {exc}"
            ) from exc
    if play.state.data.phase is Phase.SPINNING and isinstance(actions[-1], a.SpinWheel):
        raise InvalidInput(
            "a round ending with a void spin cannot be written: a 'spin' takes wheel stops "
            "until one is valid (99-01.3-11-05.4)"
        )
    items, stops = _items_and_stops(actions, a.SpinWheel, _item)
    return {
        "format": FORMAT,
        "game": "paddlewheel",
        "title": title,
        "description": description,
        "rules": copy.deepcopy(dict(rules)) if rules else sample_table_rules(),
        "setup": {
            "spin": setup.spin,
            "wheel_at": setup.wheel_at,
            "tray_betting_chips": setup.tray_betting,
            "tray_casino": setup.tray_casino,
        },
        "seats": [
            {"seat": s.seat, "player": s.player, "color": s.color, "rail": s.rail}
            for s in setup.seats
        ],
        "actions": items,
        "wheel_stops": stops,
    }


def _item(action: a.TableAction) -> dict[str, JSON]:
    """The round-file item of one table action other than a spin."""
    if isinstance(action, a.Join):
        return {
            "action": "join",
            "seat": action.seat,
            "player": action.player,
            "color": action.chip_color,
        }
    if isinstance(action, a.BuyChips):
        return {"action": "buy", "seat": action.seat, "currency": action.currency}
    if isinstance(action, a.ExchangeCasinoChips):
        return {"action": "exchange", "seat": action.seat, "amount": action.amount}
    if isinstance(action, a.PlaceBet):
        bet: dict[str, JSON] = {
            "action": "bet",
            "seat": action.seat,
            "spot": action.spot,
            "chips": action.chips,
        }
        if action.assisted:
            bet["assisted"] = True
        if action.tip:
            bet["tip"] = True
        return bet
    if isinstance(action, a.RemoveBet):
        return {"action": "remove", "seat": action.seat, "spot": action.spot, "chips": action.chips}
    if isinstance(action, a.CloseBets):
        return {"action": "close"}
    if isinstance(action, a.Tip):
        tip: dict[str, JSON] = {"action": "tip", "seat": action.seat, "chips": action.chips}
        if action.casino:
            tip["casino"] = True
        return tip
    if isinstance(action, a.RedeemChips):
        return {"action": "redeem", "seat": action.seat, "chips": action.chips}
    if isinstance(action, a.Leave):
        return {"action": "leave", "seat": action.seat}
    raise InvalidInput(f"not a paddlewheel table action: {action!r}")


def ticket_round_file(
    rules: Mapping[str, JSON],
    setup: CardSetup,
    actions: Sequence[a.TicketAction],
    *,
    title: str = "",
    description: str = "",
) -> dict[str, JSON]:
    """The round file of one ticket card played through the protocol (``TICKET_GAME``): the
    card's setup (number, date, site), its sales, refund, spins (consecutive void spins and the
    valid one are one ``spin`` item, a wheel stop each) and claims with their minutes. No
    ``expect`` block; ``InvalidInput`` names an action the card does not accept, or a card
    whose last spin was void."""
    parsed = TICKET_GAME.parse_rules(rules)
    play = Play(TICKET_GAME, parsed, setup)
    for n, action in enumerate(actions, start=1):
        try:
            play.apply(action)
        except CroupierError as exc:
            raise InvalidInput(
                f"action {n} ({action!r}) is not accepted on this card: {exc}"
            ) from exc
    if actions and isinstance(actions[-1], a.SpinForPrize) and actions[-1].spin.is_void:
        raise InvalidInput(
            "a card ending with a void spin cannot be written: a 'spin' takes wheel stops "
            "until one is valid (99-01.3-11-02.3)"
        )
    items, stops = _items_and_stops(actions, a.SpinForPrize, _ticket_item)
    card: dict[str, JSON] = {"card_number": setup.card_number, "date": setup.date}
    if setup.site is not None:
        card["site"] = setup.site
    return {
        "format": FORMAT,
        "game": "paddlewheel",
        "title": title,
        "description": description,
        "rules": copy.deepcopy(dict(rules)),
        "setup": card,
        "actions": items,
        "wheel_stops": stops,
    }


def _ticket_item(action: a.TicketAction) -> dict[str, JSON]:
    """The round-file item of one ticket-card action other than a spin."""
    item: dict[str, JSON]
    if isinstance(action, a.SellTicket):
        item = {
            "action": "sell",
            "ticket": action.ticket,
            "player": action.player,
            "price": action.price,
        }
    elif isinstance(action, a.SellTickets):
        item = {
            "action": "sell",
            "tickets": list(action.tickets),
            "player": action.player,
            "amount": action.amount,
        }
    elif isinstance(action, a.RefundCard):
        return {"action": "refund"}
    elif isinstance(action, a.ClaimPrize):
        return {"action": "claim", "ticket": action.ticket, "minutes": action.minutes}
    elif isinstance(action, a.PrizeUnclaimed):
        return {"action": "unclaimed", "minutes": action.minutes}
    else:  # pragma: no cover - every ticket action is one of the above or a spin
        raise InvalidInput(f"no round-file item for {action!r}")
    for key in ("date", "site"):
        value = getattr(action, key)
        if value is not None:
            item[key] = value
    return item


def _items_and_stops(
    actions: Sequence[Any],
    spin_type: type[a.SpinWheel] | type[a.SpinForPrize],
    item: Callable[[Any], dict[str, JSON]],
) -> tuple[list[JSON], list[JSON]]:
    """The file's actions and wheel stops: consecutive spins (void ones, then the valid one)
    are one ``spin`` item with a wheel stop each; every other action is its ``item``."""
    items: list[JSON] = []
    stops: list[JSON] = []
    spinning = False
    for action in actions:
        if isinstance(action, spin_type):
            if not spinning:
                items.append({"action": "spin"})
            spin = action.spin  # the wheel's stop: the table's spin or a ticket card's
            stops.append({"revolutions": spin.revolutions, "stop": spin.stop})
            spinning = spin.is_void
            continue
        spinning = False
        items.append(item(action))
    return items, stops
