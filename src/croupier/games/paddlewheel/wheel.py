"""The paddlewheel (N.D. Admin. Code 99-01.3-11-03.1, -03.2) and the spin (-02.3, -05.4, -06.1.e).

A wheel is up to five concentric circles, listed **outermost first**. Each circle is divided into
equally spaced sections, each carrying a number or symbol (numbers may repeat on a circle).

Geometry. The pointer position is measured in integer *ticks*: each section of the outside
circle spans ``ticks_per_section`` ticks and the wheel ``circumference`` = sections x ticks.
Sections pass under the pointer in increasing index order while the wheel turns. A stop at tick
``t`` reads, on a circle of ``m`` sections, the section ``ceil(t * m / circumference) - 1``
(mod ``m``): each section owns the half-open arc ``(start, end]``, so a pointer resting exactly on
a boundary reads the section that passed under it just before. On the outside circle the
boundaries carry the pegs (-03.2): a stop at a multiple of ``ticks_per_section`` is a **peg
stop** and reads "the number preceding the peg" (-06.1.e). ``ticks_per_section`` is chosen so
that every inner circle's sections own the same number of ticks: every section of every circle
is equally likely under a uniform stop.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd, lcm
from typing import Final

from pydantic import BaseModel, ConfigDict

from croupier.core.errors import InvalidInput, Problem, RuleViolation
from croupier.core.names import ascii_digits
from croupier.core.rng import Rng

WHEEL = "99-01.3-11-03.1"
PEGS = "99-01.3-11-03.2"
ODD_EVEN = "99-01.3-11-06.1.f"
REVOLUTIONS_TABLE = "99-01.3-11-05.4"
REVOLUTIONS_TICKET = "99-01.3-11-02.3"
PEG_STOP = "99-01.3-11-06.1.e"

MAX_CIRCLES = 5
MIN_OUTER_SECTIONS = 40
MIN_DIAMETER_INCHES = 30
MIN_NUMERAL_SIXTEENTHS = 10  # five-eighths of one inch
MIN_REVOLUTIONS = 4
MIN_TICKS_PER_SECTION = 10


class Circle(BaseModel):
    """One concentric circle: its primary colour and its sections in the order they pass the
    pointer (numbers or symbols; they may repeat, -03.1)."""

    model_config = ConfigDict(frozen=True, extra="forbid", coerce_numbers_to_str=True)

    color: str
    sections: tuple[str, ...]

    @property
    def name(self) -> str:
        """The colour as the layout names it (lower case)."""
        return self.color.strip().lower()


class Wheel(BaseModel):
    """A paddlewheel. ``circles`` outermost first. ``odd_even_circle`` names (by colour) the
    designated circle of the optional odd/even bet; ``house_numbers`` are the numbers or symbols of
    that circle on which every odd and even bet loses (-03.1, -06.1.f)."""

    model_config = ConfigDict(frozen=True, extra="forbid", coerce_numbers_to_str=True)

    circles: tuple[Circle, ...]
    diameter_inches: int = MIN_DIAMETER_INCHES
    numeral_height_sixteenths: int = MIN_NUMERAL_SIXTEENTHS
    odd_even_circle: str | None = None
    house_numbers: tuple[str, ...] = ()
    pegs: bool = True
    pointer: bool = True

    # -- geometry ------------------------------------------------------------------------------

    @property
    def outer(self) -> Circle:
        return self.circles[0]

    @property
    def ticks_per_section(self) -> int:
        """Ticks per outside section: a multiple of ``m / gcd(n, m)`` for every inner circle of
        ``m`` sections (so each inner section owns a whole, equal number of ticks), at least 10."""
        n = len(self.outer.sections)
        base = lcm(1, *(len(c.sections) // gcd(n, len(c.sections)) for c in self.circles[1:]))
        return base * -(-MIN_TICKS_PER_SECTION // base)

    @property
    def circumference(self) -> int:
        """Ticks in one revolution."""
        return len(self.outer.sections) * self.ticks_per_section

    def section_index(self, circle: int, stop: int) -> int:
        """The section of circle ``circle`` (0 = outermost) under the pointer at tick ``stop``."""
        m = len(self.circles[circle].sections)
        return (-((-stop * m) // self.circumference) - 1) % m

    def is_peg_stop(self, stop: int) -> bool:
        """Whether the pointer rests on top of a peg of the outside circle (-06.1.e)."""
        return stop % self.ticks_per_section == 0

    def read(self, stop: int) -> tuple[str, ...]:
        """The winning number or symbol of each circle, outermost first (-05.5)."""
        self.check_stop(stop)
        return tuple(c.sections[self.section_index(i, stop)] for i, c in enumerate(self.circles))

    def check_stop(self, stop: int) -> None:
        if isinstance(stop, bool) or not isinstance(stop, int):
            raise InvalidInput(f"a stop angle must be a whole number of ticks, got {stop!r}")
        if not 0 <= stop < self.circumference:
            raise InvalidInput(
                f"a stop angle must be from 0 to {self.circumference - 1} ticks on this wheel "
                f"({len(self.outer.sections)} sections x {self.ticks_per_section} ticks), "
                f"not {stop}"
            )

    def circle_named(self, color: str) -> int | None:
        """Index of the circle of colour ``color`` (case-insensitive), or None."""
        wanted = color.strip().lower()
        for i, c in enumerate(self.circles):
            if c.name == wanted:
                return i
        return None

    def parity(self, symbol: str) -> str | None:
        """``odd``/``even`` of a number of the designated circle; None for a house number."""
        if symbol in self.house_numbers:
            return None
        return "odd" if int(symbol) % 2 else "even"

    # -- validation ------------------------------------------------------------------------------

    def problems(self, table_method: bool = True, prefix: str = "wheel") -> list[Problem]:
        """Every way this wheel breaks the regulation. The physical requirements of -03.1 and -03.2
        (five circles at most, each a different colour and at most half its outer neighbour, the
        size, the pegs and the pointer) bind the table method (-01.2: "Sections 99-01.3-11-03
        through 99-01.3-11-07 also apply"); a ticket-card wheel needs only readable circles
        (-01.1: only -02 and -07 apply to it)."""
        out: list[Problem] = []
        if not self.circles:
            return [Problem(f"{prefix}.circles", "a paddlewheel needs at least one circle", WHEEL)]
        if table_method and len(self.circles) > MAX_CIRCLES:
            out.append(
                Problem(
                    f"{prefix}.circles",
                    f"at most {MAX_CIRCLES} concentric circles, not {len(self.circles)}",
                    WHEEL,
                )
            )
        seen: dict[str, int] = {}
        for i, circle in enumerate(self.circles):
            where = f"{prefix}.circles[{i}]"
            if not circle.name:
                out.append(Problem(f"{where}.color", "each circle needs a colour", WHEEL))
            elif circle.name in seen and table_method:
                out.append(
                    Problem(
                        f"{where}.color",
                        f"each circle must be a different colour; {circle.name!r} is also "
                        f"circle {seen[circle.name]}",
                        WHEEL,
                    )
                )
            else:
                seen[circle.name] = i
            if not circle.sections:
                out.append(Problem(f"{where}.sections", "a circle needs sections", WHEEL))
            if any(not s.strip() for s in circle.sections):
                out.append(Problem(f"{where}.sections", "a section may not be blank", WHEEL))
            if i == 0 and table_method and len(circle.sections) < MIN_OUTER_SECTIONS:
                out.append(
                    Problem(
                        f"{where}.sections",
                        f"the outer circle must contain at least {MIN_OUTER_SECTIONS} numbers or "
                        f"symbols, not {len(circle.sections)}",
                        WHEEL,
                    )
                )
            if (
                table_method
                and i > 0
                and 2 * len(circle.sections) > len(self.circles[i - 1].sections)
            ):
                out.append(
                    Problem(
                        f"{where}.sections",
                        f"an inner circle may contain up to one-half of the numbers or symbols of "
                        f"its adjacent outer circle ({len(self.circles[i - 1].sections)} // 2 = "
                        f"{len(self.circles[i - 1].sections) // 2}), not {len(circle.sections)}",
                        WHEEL,
                    )
                )
        if table_method:
            if self.diameter_inches < MIN_DIAMETER_INCHES:
                out.append(
                    Problem(
                        f"{prefix}.diameter_inches",
                        f"at least {MIN_DIAMETER_INCHES} inches, not {self.diameter_inches}",
                        WHEEL,
                    )
                )
            if self.numeral_height_sixteenths < MIN_NUMERAL_SIXTEENTHS:
                out.append(
                    Problem(
                        f"{prefix}.numeral_height_sixteenths",
                        "the coloured numbers or symbols must be at least five-eighths of one inch "
                        f"(10 sixteenths) high, not {self.numeral_height_sixteenths} sixteenths",
                        WHEEL,
                    )
                )
        if table_method and not self.pegs:
            out.append(
                Problem(f"{prefix}.pegs", "a peg must protrude between each outer section", PEGS)
            )
        if table_method and not self.pointer:
            out.append(Problem(f"{prefix}.pointer", "a pointer must be above the wheel", PEGS))
        out.extend(self._odd_even_problems(prefix))
        return out

    def _odd_even_problems(self, prefix: str) -> list[Problem]:
        out: list[Problem] = []
        if self.odd_even_circle is None:
            if self.house_numbers:
                out.append(
                    Problem(
                        f"{prefix}.house_numbers",
                        "house numbers belong to the odd/even circle; name it in odd_even_circle",
                        ODD_EVEN,
                    )
                )
            return out
        index = self.circle_named(self.odd_even_circle)
        if index is None:
            out.append(
                Problem(
                    f"{prefix}.odd_even_circle",
                    f"no circle is coloured {self.odd_even_circle!r}",
                    ODD_EVEN,
                )
            )
            return out
        symbols = self.circles[index].sections
        for house in self.house_numbers:
            if house not in symbols:
                out.append(
                    Problem(
                        f"{prefix}.house_numbers",
                        f"house number {house!r} is not on the {self.circles[index].name} circle",
                        ODD_EVEN,
                    )
                )
        not_numbers = sorted(
            {s for s in symbols if s not in self.house_numbers and not _is_number(s)}
        )
        if not_numbers:
            out.append(
                Problem(
                    f"{prefix}.odd_even_circle",
                    "every section of the designated odd/even circle must be a number or a house "
                    f"number; {not_numbers} are neither",
                    ODD_EVEN,
                )
            )
        return out


def _is_number(symbol: str) -> bool:
    text = symbol.strip()
    return ascii_digits(text)


@dataclass(frozen=True, slots=True)
class Spin:
    """One double spin as a chance outcome: the wheel's resting tick before the spin, the full
    unrestricted revolutions it made, and the tick at which it stopped under the pointer."""

    start: int
    revolutions: int
    stop: int

    @property
    def is_void(self) -> bool:
        """Fewer than four full unrestricted revolutions: void, spin again (-02.3, -05.4)."""
        return self.revolutions < MIN_REVOLUTIONS


# The revolutions of a drawn spin: uniform on 3..8, so about one spin in six is void.
_LEAST_DRAWN_REVOLUTIONS = 3
_DRAWN_REVOLUTION_CHOICES = 6


MOST_KEYED_REVOLUTIONS: Final = 1000
"""The most revolutions an operator may key for one spin (found by an audit: a slip of the
finger of seventeen digits was recorded and paid, and the round could then not be played back
for a dispute). A hand spin makes a handful; the round files keep whatever was recorded."""


def keyed_spin(wheel: Wheel, start: int, text: str) -> Spin:
    """A spin of a physical wheel as its operator keys it: ``SECTION`` or
    ``SECTION/REVOLUTIONS``. ``SECTION`` is the position, 1 to the number of sections, of the
    outer circle's section under the pointer, counted as the rules list them (numbers and
    symbols may repeat on a circle, positions do not, -03.1); ``REVOLUTIONS`` the full
    revolutions the operator saw, four when not given (fewer is a void spin, -02.3). The stop is
    the middle of that section (a stop on a peg is keyed as the section the pointer settles in)."""
    word = text.strip()
    section_text, _, turns_text = word.partition("/")
    n = len(wheel.outer.sections)
    if not section_text.strip().isascii() or not section_text.strip().isdigit():
        raise InvalidInput(
            f"a spin is keyed as SECTION or SECTION/REVOLUTIONS, e.g. 17 or 17/5, got {text!r}"
        )
    section = int(section_text)
    if not 1 <= section <= n:
        raise RuleViolation(
            f"the wheel's outer circle has {n} sections, numbered 1 to {n} by position; "
            f"there is no section {section}",
            "99-01.3-11-03.1",
        )
    revolutions = MIN_REVOLUTIONS
    if turns_text.strip():
        if not turns_text.strip().isascii() or not turns_text.strip().isdigit():
            raise InvalidInput(f"the revolutions are a whole number, got {turns_text.strip()!r}")
        revolutions = int(turns_text)
        if revolutions > MOST_KEYED_REVOLUTIONS:
            raise InvalidInput(
                f"{revolutions} revolutions is not a spin a wheel makes; key the full "
                f"revolutions seen, at most {MOST_KEYED_REVOLUTIONS}"
            )
    tps = wheel.ticks_per_section
    return Spin(start=start, revolutions=revolutions, stop=(section - 1) * tps + tps // 2)


def draw_spin(wheel: Wheel, start: int, rng: Rng) -> Spin:
    """A spin drawn from ``rng``: revolutions uniform on 3..8 (those under four are void) and a
    stop uniform over the circumference (so peg stops happen one time in ``ticks_per_section``)."""
    revolutions = _LEAST_DRAWN_REVOLUTIONS + rng.randbelow(_DRAWN_REVOLUTION_CHOICES)
    return Spin(start=start, revolutions=revolutions, stop=rng.randbelow(wheel.circumference))


def parse_spin(data: object, wheel: Wheel, start: int) -> Spin:
    """A spin from a round file's ``wheel_stops`` entry ``{"revolutions": R, "stop": T}``
    (optionally ``"start"``, which must be where the wheel rests)."""
    if not isinstance(data, dict):
        raise InvalidInput(f"a wheel stop must be an object {{revolutions, stop}}, got {data!r}")
    unknown = set(data) - {"start", "revolutions", "stop"}
    if unknown:
        raise InvalidInput(f"unknown wheel stop keys {sorted(unknown)}")
    values: dict[str, int] = {}
    for key in ("revolutions", "stop"):
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidInput(f"wheel stop {key!r} must be a whole number >= 0, got {value!r}")
        values[key] = value
    given_start = data.get("start", start)
    if given_start != start:
        raise InvalidInput(f"the wheel rests at tick {start}, not {given_start!r}")
    wheel.check_stop(values["stop"])
    return Spin(start=start, revolutions=values["revolutions"], stop=values["stop"])
