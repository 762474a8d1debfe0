"""Exact expected return and house edge of every paddlewheel bet, and a seeded simulation.

Table method: every section of a circle is equally likely (the wheel's tick geometry gives each
section the same number of ticks, see ``croupier.games.paddlewheel.wheel``), and a void spin is
spun again, so it changes no probability. A bet of one betting chip ($1) on a spot that wins with
probability ``p`` and pays ``w`` chips beside the kept chip returns ``p * w - (1 - p)`` dollars.

Ticket-card method: each prize goes to the ticket holding the number drawn on the outer circle;
a ticket's expected prize is the sum over prizes of its value times the share of the outer
circle's sections carrying the ticket's numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from croupier.core.rng import Rng, SeededRng
from croupier.games.paddlewheel.prizes import BetKind, BetSpot
from croupier.games.paddlewheel.rules import TableRules, TicketRules
from croupier.games.paddlewheel.wheel import Wheel, draw_spin


@dataclass(frozen=True, slots=True)
class BetAnalysis:
    """One bet spot: its probability of winning and the exact expected return of one $1 chip."""

    label: str
    payoff: str
    ways: int
    sections: int
    probability: Fraction
    expected_return: Fraction

    @property
    def house_edge(self) -> Fraction:
        """The house's expected gain per dollar bet."""
        return -self.expected_return


def win_probability(spot: BetSpot, wheel: Wheel) -> tuple[int, int]:
    """Winning sections and all sections of the spot's circle."""
    symbols = wheel.circles[spot.circle].sections
    if spot.kind in (BetKind.ODD, BetKind.EVEN):
        ways = sum(1 for s in symbols if wheel.parity(s) == spot.kind.value)
    else:
        ways = sum(1 for s in symbols if s in spot.symbols)
    return ways, len(symbols)


def analyze_table(rules: TableRules) -> tuple[BetAnalysis, ...]:
    """Every bet of the layout, in prize-table order."""
    out = []
    for spot in rules.prize_table.spots(rules.wheel):
        ways, sections = win_probability(spot, rules.wheel)
        p = Fraction(ways, sections)
        ev = p * spot.payoff.winnings_per_chip - (1 - p)
        out.append(BetAnalysis(spot.label, str(spot.payoff), ways, sections, p, ev))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TicketAnalysis:
    """One ticket of a card: its chance of each prize and its expected return (cents)."""

    ticket: int
    numbers: tuple[str, ...]
    probability: Fraction
    expected_prizes: Fraction
    expected_return: Fraction


def analyze_tickets(rules: TicketRules) -> tuple[TicketAnalysis, ...]:
    """Each ticket's chance to win one spin and its expected prizes less its price (cents)."""
    outer = rules.wheel.outer.sections
    total = sum(prize.value for prize in rules.prizes)
    out = []
    for i, numbers in enumerate(rules.tickets, start=1):
        p = Fraction(sum(1 for s in outer if s in numbers), len(outer))
        expected = p * total
        out.append(TicketAnalysis(i, numbers, p, expected, expected - rules.flare.price_per_ticket))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SimulatedBet:
    """A bet's simulated mean return per $1 chip and the standard error of that mean."""

    label: str
    mean: float
    standard_error: float


def _readings(wheel: Wheel, stops: np.ndarray) -> list[np.ndarray]:
    """Section index of every circle for every stop (vectorised ``Wheel.section_index``)."""
    c = wheel.circumference
    return [
        (-((-stops * len(circle.sections)) // c) - 1) % len(circle.sections)
        for circle in wheel.circles
    ]


def simulated_stops(wheel: Wheel, spins: int, rng: Rng) -> np.ndarray:
    """The stops of ``spins`` valid spins; void spins are drawn and spun again."""
    if isinstance(rng, SeededRng):
        gen = rng.generator
        out = np.empty(0, dtype=np.int64)
        while out.size < spins:
            need = spins - out.size
            revolutions = 3 + gen.integers(0, 6, size=need)
            stops = gen.integers(0, wheel.circumference, size=need)
            out = np.concatenate([out, stops[revolutions >= 4]])
        return out
    values: list[int] = []
    at = 0
    while len(values) < spins:
        spin = draw_spin(wheel, at, rng)
        at = spin.stop
        if not spin.is_void:
            values.append(spin.stop)
    return np.array(values, dtype=np.int64)


SIMULATION_CHUNK = 1_000_000
"""Valid spins simulated at a time (memory stays bounded; progress is reported per chunk)."""


def simulate_table(
    rules: TableRules,
    spins: int,
    rng: Rng,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[SimulatedBet, ...]:
    """One $1 chip on every spot for ``spins`` valid spins: the mean return of each spot and
    its standard error. The stops are pure wheel draws (void spins dropped), not engine play;
    ``progress(done, total)`` is called after each chunk of spins."""
    wheel = rules.wheel
    spots = rules.prize_table.spots(wheel)
    winning: list[np.ndarray] = []
    for spot in spots:
        symbols = wheel.circles[spot.circle].sections
        if spot.kind in (BetKind.ODD, BetKind.EVEN):
            flags = [wheel.parity(s) == spot.kind.value for s in symbols]
        else:
            flags = [s in spot.symbols for s in symbols]
        winning.append(np.asarray(flags, dtype=bool))
    wins = [0] * len(spots)
    done = 0
    while done < spins:
        size = min(SIMULATION_CHUNK, spins - done)
        readings = _readings(wheel, simulated_stops(wheel, size, rng))
        for k, spot in enumerate(spots):
            wins[k] += int(np.count_nonzero(winning[k][readings[spot.circle]]))
        done += size
        if progress is not None:
            progress(done, spins)
    return tuple(
        _simulated(spot.label, spot.payoff.winnings_per_chip, won, spins)
        for spot, won in zip(spots, wins, strict=True)
    )


def _simulated(label: str, pays: int, wins: int, n: int) -> SimulatedBet:
    """Mean and standard error of ``n`` returns, ``wins`` of them ``pays`` and the rest -1."""
    if n == 0:
        return SimulatedBet(label, 0.0, 0.0)
    total = wins * pays - (n - wins)
    squares = wins * pays * pays + (n - wins)
    mean = total / n
    if n == 1:
        return SimulatedBet(label, mean, 0.0)
    variance = max(squares - total * total / n, 0.0) / (n - 1)
    return SimulatedBet(label, mean, math.sqrt(variance) / math.sqrt(n))
