"""The spin and the payoffs of the table method (99-01.3-11-05.4, -05.5, -06.1.e, -06.1.f)."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.core.errors import InvalidInput
from croupier.core.events import JSON, Event
from croupier.games.base import Outcome, WagerResult
from croupier.games.paddlewheel import actions as a
from croupier.games.paddlewheel import events as ev
from croupier.games.paddlewheel.prizes import BetKind, BetSpot
from croupier.games.paddlewheel.rules import DOLLAR, TableRules
from croupier.games.paddlewheel.state import Phase, TableData
from croupier.games.paddlewheel.wheel import PEG_STOP, REVOLUTIONS_TABLE, Wheel


def settle_spin(
    d: TableData, rules: TableRules, spots: dict[str, BetSpot], order: list[str], act: a.SpinWheel
) -> list[Event]:
    """One double spin (-05.4): a void spin is announced and spun again; a valid one is read
    outermost circle first, the losing chips are removed and the winners paid in order of
    accessibility (-05.5), and the next spin's betting opens."""
    spin = act.spin
    wheel = rules.wheel
    if spin.start != d.wheel_at:
        raise InvalidInput(f"the wheel rests at tick {d.wheel_at}, not {spin.start}")
    wheel.check_stop(spin.stop)
    d.wheel_at = spin.stop
    if spin.is_void:
        d.void_spins += 1
        return [
            ev.SpinVoided(d.spin, spin.start, spin.revolutions, spin.stop),
            ev.Announcement(
                f"no spin: {spin.revolutions} revolutions, at least four are required",
                REVOLUTIONS_TABLE,
            ),
        ]
    reading = wheel.read(spin.stop)
    peg = wheel.is_peg_stop(spin.stop)
    names = [c.name for c in wheel.circles]
    announced = ", ".join(f"{name} {sym}" for name, sym in zip(names, reading, strict=True))
    out: list[Event] = [
        ev.WheelStopped(d.spin, spin.start, spin.revolutions, spin.stop, peg, reading),
        ev.Announcement(
            announced + (" (on a peg: the number preceding the peg)" if peg else ""),
            PEG_STOP if peg else "99-01.3-11-05.5",
        ),
    ]
    winners: list[tuple[int, int, str, int, BetSpot]] = []
    for (n, label), chips in sorted(d.layout.items()):
        spot = spots[label]
        if spot.wins(reading, wheel):
            rank = order.index(label)
            winners.append((rank, n, label, chips, spot))
            continue
        d.tray_betting += chips
        d.wagers.append(
            WagerResult(
                n,
                d.spin,
                label,
                chips * DOLLAR,
                Outcome.LOSE,
                -chips * DOLLAR,
                d.seats[n].player,
            )
        )
        out.append(ev.LosingBetRemoved(n, d.spin, label, chips))
    paid: list[JSON] = []
    for _rank, n, label, chips, spot in sorted(winners):
        won = chips * spot.payoff.winnings_per_chip
        d.tray_betting -= won
        d.seats[n].rail += chips + won
        d.wagers.append(
            WagerResult(
                n, d.spin, label, chips * DOLLAR, Outcome.WIN, won * DOLLAR, d.seats[n].player
            )
        )
        paid.append(f"{n} {label}")
        out.append(ev.PayoffMade(n, d.spin, label, chips, won))
    d.spins.append(
        {
            "spin": d.spin,
            "stop": spin.stop,
            "peg": peg,
            "result": dict(zip(names, reading, strict=True)),
            "payout_order": paid,
            "parity": _parity_text(wheel, reading, spots),
        }
    )
    d.layout.clear()
    d.spin += 1
    d.phase = Phase.BETTING
    return out


def _parity_text(wheel: Wheel, reading: Sequence[str], spots: dict[str, BetSpot]) -> str | None:
    if wheel.odd_even_circle is None:
        return None
    index = wheel.circle_named(wheel.odd_even_circle)
    if index is None:
        return None
    if not any(s.kind in (BetKind.ODD, BetKind.EVEN) for s in spots.values()):
        return None
    parity = wheel.parity(reading[index])
    return "house" if parity is None else str(parity)
