"""Settling wagers: results, payoffs and the movement of chips (99-01.3-08-09, -11.6 to -11.16).

Chips live in accounts (``RoundData.accounts``, the game's ``balances``): each player's chips
(``player:<space or name>``), the ``layout`` (chips wagered and not yet settled), the ``house``
(the chip tray) and the ``tips`` (the dealer's tip receptacle). Every movement keeps the sum
constant; at the end of a round the layout is empty. A wager's ``destination`` names where a
tip bet's chips went in the regulation's words (``chip tray``, ``tip receptacle``).
"""

from __future__ import annotations

from croupier.core.events import Event
from croupier.core.protocol import TIP_RECEPTACLE, Outcome
from croupier.games.twentyone.events import WagerSettled
from croupier.games.twentyone.hand import Hand, Seat
from croupier.games.twentyone.round_data import (
    HOUSE_ACCOUNT,
    LAYOUT,
    TIPS_ACCOUNT,
    Result,
    RoundData,
)

CHIP_TRAY = "chip tray"
TIP_KINDS = ("tip", "tip double")

__all__ = ["CHIP_TRAY", "HOUSE_ACCOUNT", "LAYOUT", "TIPS_ACCOUNT", "TIP_RECEPTACLE", "Result"]


def player_account(seat: Seat) -> str:
    return seat.party


def move(r: RoundData, source: str, destination: str, amount: int) -> None:
    if amount:
        r.accounts[source] = r.accounts.get(source, 0) - amount
        r.accounts[destination] = r.accounts.get(destination, 0) + amount


def wager_in(r: RoundData, seat: Seat, amount: int) -> None:
    """A player puts chips on the layout."""
    move(r, player_account(seat), LAYOUT, amount)


def components(seat: Seat, hand: Hand) -> list[tuple[str, int]]:
    """The wagers riding on ``hand``: base (original or split), double, tip and tip double."""
    out: list[tuple[str, int]] = []
    first = seat.hands[0] is hand
    out.append(("original", seat.stake) if first else ("split", hand.wager))
    if hand.double:
        out.append(("double", hand.double))
    if first and seat.tip:
        out.append(("tip", seat.tip))
    if first and hand.tip_double:
        out.append(("tip double", hand.tip_double))
    return out


def record(
    r: RoundData,
    seat: Seat,
    hand: Hand | None,
    kind: str,
    stake: int,
    outcome: Outcome,
    net: int,
    section: str,
    events: list[Event],
) -> None:
    """Settle one wager: move its chips and record the result."""
    who = player_account(seat)
    destination: str | None = None
    if kind in TIP_KINDS:
        if outcome is Outcome.WIN:
            destination = TIP_RECEPTACLE
            move(r, LAYOUT, TIPS_ACCOUNT, stake)
            move(r, HOUSE_ACCOUNT, TIPS_ACCOUNT, net)
        elif outcome is Outcome.LOSE:
            destination = CHIP_TRAY
            move(r, LAYOUT, HOUSE_ACCOUNT, stake)
        else:
            move(r, LAYOUT, who, stake)
    elif outcome is Outcome.LOSE:
        move(r, LAYOUT, HOUSE_ACCOUNT, stake)
    else:
        move(r, LAYOUT, who, stake)
        move(r, HOUSE_ACCOUNT, who, net)
    if hand is not None:
        hand.settled.add(kind)
    r.results.append(Result(seat.space, hand, kind, stake, outcome, net, destination, section))
    index = seat.hands.index(hand) if hand is not None and hand in seat.hands else 0
    events.append(WagerSettled(seat.space, index, kind, stake, outcome, net, destination, section))


def win_net(seat: Seat, hand: Hand, kind: str, stake: int, natural: bool) -> int:
    """The payoff of a winning wager: 1:1, a natural 3:2 (-11.11); an unlawful amount is paid on
    its proper wager (-12.11)."""
    if kind == "original":
        proper = seat.wager
        return proper * 3 // 2 if natural else proper
    return stake


def settle_hand(
    r: RoundData,
    seat: Seat,
    hand: Hand,
    outcome: Outcome,
    section: str,
    events: list[Event],
    natural: bool = False,
    kinds: tuple[str, ...] | None = None,
) -> None:
    """Settle every still-open wager of ``hand`` (or only ``kinds``) with one outcome."""
    for kind, stake in components(seat, hand):
        if kind in hand.settled or (kinds is not None and kind not in kinds):
            continue
        if outcome is Outcome.WIN:
            net = stake if kind in TIP_KINDS else win_net(seat, hand, kind, stake, natural)
        elif outcome is Outcome.LOSE:
            net = -stake
        else:
            net = 0
        record(r, seat, hand, kind, stake, outcome, net, section, events)


def settle_insurance(
    r: RoundData, seat: Seat, won: bool, section: str, events: list[Event]
) -> None:
    if not seat.insurance or "insurance" in seat.hands[0].settled:
        return
    stake = seat.insurance
    if won:
        record(r, seat, seat.hands[0], "insurance", stake, Outcome.WIN, 2 * stake, section, events)
    else:
        record(r, seat, seat.hands[0], "insurance", stake, Outcome.LOSE, -stake, section, events)


def return_seat(r: RoundData, seat: Seat, section: str, events: list[Event]) -> None:
    """An inactive space: its wager and tip bet are returned (-12.2, -12.11)."""
    hand = seat.hands[0] if seat.hands else None
    record(r, seat, hand, "original", seat.stake, Outcome.RETURNED, 0, section, events)
    if seat.tip:
        record(r, seat, hand, "tip", seat.tip, Outcome.RETURNED, 0, section, events)


def open_kinds(seat: Seat, hand: Hand) -> list[str]:
    return [k for k, _ in components(seat, hand) if k not in hand.settled]
