"""The parts of a tournament definition: its games, options, levels, payout and satellites.

Frozen pydantic models; ``definition.TournamentRules`` holds them and checks them against the
regulation.
"""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict


class GameKind(Enum):
    """The game a tournament plays."""

    POKER = "poker"
    TWENTYONE = "twentyone"


class PokerVariant(Enum):
    """The poker games a tournament may play: Texas hold'em and Omaha (-03.4.a)."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"


class SeatDraw(Enum):
    """The seat cards offered at a buy-in (-09-05.3): the free seats of the least-filled tables
    the entries so far need, or every free seat of the room's tables from the first buy-in
    (the tables are balanced at the start, -09-05.2)."""

    LEAST_FILLED = "least-filled"
    WHOLE_ROOM = "whole-room"


class Balancing(Enum):
    """Who balances poker tables during play (-09-05.2): croupier by its fixed rule after every
    elimination, or the director by moving players (``move_player``); before the next hand the
    tables must be as even as possible either way."""

    AUTOMATIC = "automatic"
    DIRECTOR = "director"


class Dealing(Enum):
    """Who deals a poker tournament: a dealer who cannot play, or the players in turn (-03.4)."""

    DEALER = "dealer"
    PLAYERS_ALTERNATE = "players-alternate"


class FrozenModel(BaseModel):
    """A frozen model that refuses unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)


class ChipPurchase(FrozenModel):
    """A rebuy or an add-on: how many a player may buy, the amount, the chips, and the last
    level during which it may be bought (the time restriction, -09-02.2, -09-02.23)."""

    count: int = 1
    amount: int
    chips: int
    through_level: int = 1


class Level(FrozenModel):
    """One level. Poker: the blinds and ante in chips. Twenty-one: its length in hands, shoes
    or minutes (the organization sets the time or number of shoes or hands, -08-15.2)."""

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    minutes: int | None = None
    hands: int | None = None
    shoes: int | None = None


class Merchandise(FrozenModel):
    """A merchandise prize (twenty-one only, -08-15.4) for a place, with its value."""

    place: int
    description: str
    value: int


class PlacePrize(FrozenModel):
    """One place's fixed prize, of its own kind (issue 30): ``cash`` in dollars, or
    ``merchandise`` (twenty-one only, -08-15.4) with its ``value``."""

    place: int
    cash: int | None = None
    merchandise: str | None = None
    value: int | None = None


class Payout(FrozenModel):
    """The payout structure: a prize pool (a percent of the fees, bounties excluded) shared by
    place in percent, fixed cash amounts by place, or a prize of its own kind for each place
    (``prizes``: cash or merchandise); merchandise for twenty-one."""

    pool_percent: int | None = None
    places: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    prizes: tuple[PlacePrize, ...] = ()
    merchandise: tuple[Merchandise, ...] = ()

    @property
    def paid_places(self) -> int:
        return max(
            [
                len(self.places),
                len(self.amounts),
                *(p.place for p in self.prizes),
                *(m.place for m in self.merchandise),
            ],
            default=0,
        )


class Satellite(FrozenModel):
    """A qualifying satellite of the main tournament: its prizes are buy-ins to the main (and
    optionally cash after them), -09-02.24, -09-03.4.d; it may sell its own rebuys and add-ons
    (issue 30), whose fees count toward the $300 a player for satellites (-09-01)."""

    id: str
    name: str = ""
    entry_fee: int
    starting_chips: int
    min_players: int = 2
    max_players: int = 22
    buy_ins: int = 1
    transferable: bool = False
    cash: tuple[int, ...] = ()
    rebuy: ChipPurchase | None = None
    add_on: ChipPurchase | None = None

    @property
    def max_fees_per_player(self) -> int:
        """The most one player can pay in this satellite: the entry and every rebuy and
        add-on."""
        total = self.entry_fee
        for option in (self.rebuy, self.add_on):
            if option is not None:
                total += option.count * option.amount
        return total
