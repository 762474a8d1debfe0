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


class Payout(FrozenModel):
    """The payout structure: a prize pool (a percent of the fees, bounties excluded) shared by
    place in percent, or fixed cash amounts by place; merchandise for twenty-one."""

    pool_percent: int | None = None
    places: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    merchandise: tuple[Merchandise, ...] = ()

    @property
    def paid_places(self) -> int:
        return max(
            [len(self.places), len(self.amounts), *(m.place for m in self.merchandise)],
            default=0,
        )


class Satellite(FrozenModel):
    """A qualifying satellite of the main tournament: its prizes are buy-ins to the main (and
    optionally cash after them), -09-02.24, -09-03.4.d."""

    id: str
    name: str = ""
    entry_fee: int
    starting_chips: int
    min_players: int = 2
    max_players: int = 22
    buy_ins: int = 1
    transferable: bool = False
    cash: tuple[int, ...] = ()
