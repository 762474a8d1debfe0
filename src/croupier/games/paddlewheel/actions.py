"""Actions of both paddlewheel methods: frozen dataclasses, each method's actions a closed union
(``TableAction``, ``TicketAction``) passed to ``croupier.core.protocol.Play`` (never ``Any``).

Money is int cents; chips are counts of one-dollar betting chips (-03.4). A spin enters as a
``SpinWheel`` (table) or ``SpinForPrize`` (ticket card) carrying the chance outcome, drawn by the
protocol's chance actor (``GAME.chance``) or read from a round file's ``wheel_stops``.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.games.paddlewheel.wheel import Spin

# -- table method (-03 to -06) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Join:
    """A player takes seat ``seat`` and receives the colour-coded chip set ``chip_color``."""

    seat: int
    player: str
    chip_color: str


@dataclass(frozen=True, slots=True)
class BuyChips:
    """Betting chips bought with currency (cents; one chip a dollar) (-05.2, -04.4)."""

    seat: int
    currency: int


@dataclass(frozen=True, slots=True)
class ExchangeCasinoChips:
    """Casino chips worth ``amount`` cents exchanged for betting chips (-05.2, -04.4)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PlaceBet:
    """``chips`` betting chips placed on the layout spot ``spot`` (a label such as ``"red 17"``,
    ``"set low"``, ``"odd"``). ``assisted``: the wheel operator placed them for the player after
    saying so aloud (-05.4). ``tip``: the chips are bet for the wheel operator (a tip bet, always
    refused, -05.3)."""

    seat: int
    spot: str
    chips: int
    assisted: bool = False
    tip: bool = False


@dataclass(frozen=True, slots=True)
class RemoveBet:
    """A player takes back chips from a spot before bets are closed."""

    seat: int
    spot: str
    chips: int


@dataclass(frozen=True, slots=True)
class CloseBets:
    """The wheel operator announces "bets closed" (-05.4)."""


@dataclass(frozen=True, slots=True)
class SpinWheel:
    """The double spin's chance outcome (-05.4): the chance actor's move once bets are closed."""

    spin: Spin


@dataclass(frozen=True, slots=True)
class Tip:
    """A tip for the wheel operator, ``chips`` dollars in betting chips (exchanged for a casino
    chip) or, with ``casino=True``, casino chips of that value (-05.7)."""

    seat: int
    chips: int
    casino: bool = False


@dataclass(frozen=True, slots=True)
class RedeemChips:
    """Betting chips exchanged for casino chips at the table (-05.8, -06.1.g)."""

    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves the table."""

    seat: int


TableAction = (
    Join
    | BuyChips
    | ExchangeCasinoChips
    | PlaceBet
    | RemoveBet
    | CloseBets
    | SpinWheel
    | Tip
    | RedeemChips
    | Leave
)

# -- ticket-card method (-02) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SellTicket:
    """Ticket ``ticket`` (1-based) of the card sold to ``player`` for ``price`` cents, on
    ``date`` (ISO) at ``site`` when stated (else the card's own date and site, -02.2)."""

    ticket: int
    player: str
    price: int
    date: str | None = None
    site: str | None = None


@dataclass(frozen=True, slots=True)
class SellTickets:
    """One purchase of several tickets of the card by ``player`` for ``amount`` cents in all
    (the series price of each, no discount, -02.2); ``date`` and ``site`` as for
    ``SellTicket``. The $20 a spin counts every ticket the player holds on the card (-02.6.a)."""

    tickets: tuple[int, ...]
    player: str
    amount: int
    date: str | None = None
    site: str | None = None


@dataclass(frozen=True, slots=True)
class RefundCard:
    """Not every ticket sold: the gross proceeds are refunded for the unplayed tickets (-02.2)."""


@dataclass(frozen=True, slots=True)
class SpinForPrize:
    """A spin for the next prize (-02.3): the chance actor's move once every ticket is sold."""

    spin: Spin


@dataclass(frozen=True, slots=True)
class ClaimPrize:
    """The winning ticket's holder claims the prize: present at the spin, or ``minutes`` after it
    when a claim time limit applies (-02.6.c, d)."""

    ticket: int
    minutes: int = 0


@dataclass(frozen=True, slots=True)
class PrizeUnclaimed:
    """The prize was not claimed (winner absent, or the time limit of ``minutes`` passed): one or
    more additional spins follow (-02.6.e)."""

    minutes: int = 0


TicketAction = SellTicket | SellTickets | RefundCard | SpinForPrize | ClaimPrize | PrizeUnclaimed
