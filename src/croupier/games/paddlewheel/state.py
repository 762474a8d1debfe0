"""The table's state and its setup (the protocol's round is one spin: ``TableSetup`` is the table
as a spin's betting opens), and the chip accounts read from it: balances, parties, snapshot.

Pure data and arithmetic on integer cents; chips count one-dollar betting chips (-03.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from croupier.core.errors import InvalidInput
from croupier.core.events import JSON
from croupier.games.base import HOUSE, TIPS, WagerResult, player_party
from croupier.games.paddlewheel.rules import DOLLAR

LAYOUT = "layout"
"""The balances' name of the chips on the layout (bets not yet settled)."""


class Phase(Enum):
    BETTING = "betting"
    SPINNING = "spinning"


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """A seat as a spin's betting opens: its player, chip set, betting chips on the rail and
    what the player paid in and took out at this seat so far (cents)."""

    seat: int
    player: str
    color: str
    rail: int = 0
    cash_in: int = 0
    cash_out: int = 0


@dataclass(frozen=True, slots=True)
class TableSetup:
    """The table as a spin's betting opens (the protocol's setup of one spin). ``spin`` is the
    spin's number at the table, ``wheel_at`` the tick where the wheel rests; the chip tray holds
    ``tray_betting`` betting chips and ``tray_casino`` cents of casino chips."""

    spin: int = 1
    wheel_at: int = 0
    seats: tuple[SeatSetup, ...] = ()
    tray_betting: int = 1000
    tray_casino: int = 100_000
    drop_box: int = 0
    tip_receptacle: int = 0


@dataclass
class SeatState:
    player: str
    color: str
    rail: int = 0
    cash_in: int = 0
    cash_out: int = 0


@dataclass
class TableData:
    phase: Phase = Phase.BETTING
    spin: int = 1
    wheel_at: int = 0
    seats: dict[int, SeatState] = field(default_factory=dict)
    layout: dict[tuple[int, str], int] = field(default_factory=dict)
    tray_betting: int = 0
    tray_casino: int = 0
    drop_box: int = 0
    tip_receptacle: int = 0
    wagers: list[WagerResult] = field(default_factory=list)
    tips: dict[tuple[int, int, str], int] = field(default_factory=dict)
    spins: list[dict[str, JSON]] = field(default_factory=list)
    void_spins: int = 0
    departed: dict[str, int] = field(default_factory=dict)
    """Each departed seat's player: what they took out less what they paid in (cents)."""


def balances(d: TableData, setup: TableSetup) -> dict[str, int]:
    """Where the money is, as changes since the setup (cents): each player (betting chips on
    the rail at a dollar each, plus what the player took out less what they paid in), the
    chips on the layout, the house (chip tray and drop box) and the tip receptacle."""
    out: dict[str, int] = {}
    for s in setup.seats:
        key = player_party(s.player)
        out[key] = out.get(key, 0) - (DOLLAR * s.rail + s.cash_out - s.cash_in)
    for seat in d.seats.values():
        key = player_party(seat.player)
        value = DOLLAR * seat.rail + seat.cash_out - seat.cash_in
        out[key] = out.get(key, 0) + value
    for player, flow in d.departed.items():
        key = player_party(player)
        out[key] = out.get(key, 0) + flow
    out[LAYOUT] = DOLLAR * sum(d.layout.values())
    out[HOUSE] = (
        DOLLAR * (d.tray_betting - setup.tray_betting)
        + d.tray_casino
        - setup.tray_casino
        + d.drop_box
        - setup.drop_box
    )
    out[TIPS] = d.tip_receptacle - setup.tip_receptacle
    return out


def parties(d: TableData, setup: TableSetup) -> dict[str, int]:
    """Each party's net since the setup: the balances, with chips still on the layout
    counted as their players' (the layout is empty once the spin is settled)."""
    out = balances(d, setup)
    out.pop(LAYOUT)
    for (n, _label), chips in d.layout.items():
        key = player_party(d.seats[n].player)
        out[key] += DOLLAR * chips
    return out


def snapshot(d: TableData) -> JSON:
    """The whole state as plain data."""
    return {
        "phase": d.phase.value,
        "spin": d.spin,
        "wheel_at": d.wheel_at,
        "seats": {
            str(n): [s.player, s.color, s.rail, s.cash_in, s.cash_out]
            for n, s in sorted(d.seats.items())
        },
        "layout": [[n, label, c] for (n, label), c in sorted(d.layout.items())],
        "tray": [d.tray_betting, d.tray_casino, d.drop_box, d.tip_receptacle],
        "wagers": [w.to_dict() for w in d.wagers],
        "tips": [[n, spin, p, amount] for (n, spin, p), amount in sorted(d.tips.items())],
        "spins": list(d.spins),
        "void_spins": d.void_spins,
        "departed": dict(sorted(d.departed.items())),
    }


def next_setup(d: TableData) -> TableSetup:
    """The setup of the next spin: the table as it stands (bets open, layout empty)."""
    if d.phase is Phase.SPINNING or d.layout:
        raise InvalidInput("the next spin's setup is taken while bets are open and unplaced")
    return TableSetup(
        spin=d.spin,
        wheel_at=d.wheel_at,
        seats=tuple(
            SeatSetup(n, s.player, s.color, s.rail, s.cash_in, s.cash_out)
            for n, s in sorted(d.seats.items())
        ),
        tray_betting=d.tray_betting,
        tray_casino=d.tray_casino,
        drop_box=d.drop_box,
        tip_receptacle=d.tip_receptacle,
    )
