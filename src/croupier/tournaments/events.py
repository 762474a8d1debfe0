"""The events of a tournament stream (frozen, JSON round-trip).

One stream holds a main tournament and its satellites: ``tournament`` names which (the main's
id or a satellite's). A tournament is rebuilt by applying its events in order
(``state.TournamentState.apply``); the first event is always ``TournamentDefined``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from croupier.core.events import Event, event


class FeeKind(Enum):
    """What a fee paid for (-09-07.1.c, -08-16.1.e)."""

    ENTRY = "entry"
    REBUY = "rebuy"
    ADD_ON = "add-on"
    BOUNTY = "bounty"


class PrizeKind(Enum):
    """A prize: cash, a buy-in to the larger tournament (-09-03.4.d), merchandise (twenty-one
    only, -08-15.4), or a bounty paid in cash for eliminating a player (-09-03.4.e)."""

    CASH = "cash"
    BUY_IN = "buy-in"
    MERCHANDISE = "merchandise"
    BOUNTY = "bounty"


class Exit(Enum):
    """How a player left play."""

    BUSTED = "busted"
    WITHDREW = "withdrew"
    NOT_ADVANCED = "not-advanced"
    FINISHED = "finished"
    FORFEITED = "forfeited"
    """Out because a penalty took the player's last chips (-09-06.2.f), nobody's elimination."""
    DISQUALIFIED = "disqualified"
    """Disqualified (-09-06.2.f): out with no place and no prize, the chips out of play."""


@event("tournament.defined")
@dataclass(frozen=True, slots=True)
class TournamentDefined(Event):
    """The rules file the tournament runs under, as canonical JSON of its plain data."""

    rules: str


@event("tournament.player_registered")
@dataclass(frozen=True, slots=True)
class PlayerRegistered(Event):
    """A player entered: the name and address kept for poker (-09-07.1.c)."""

    tournament: str
    player: str
    name: str
    address: str
    at: str


@event("tournament.fee_collected")
@dataclass(frozen=True, slots=True)
class FeeCollected(Event):
    """A fee and who collected it, when (-09-07.1.c, -08-16.1.e); ``receipt`` names a redeemed
    buy-in prize paying the entry (gross proceeds of this tournament, -09-03.4.d)."""

    tournament: str
    player: str
    kind: FeeKind
    cents: int
    collected_by: str
    at: str
    receipt: str | None = None


@event("tournament.fee_refunded")
@dataclass(frozen=True, slots=True)
class FeeRefunded(Event):
    """Fees handed back before the start; the player's entry is withdrawn (-09-03.4.g)."""

    tournament: str
    player: str
    cents: int
    at: str


@event("tournament.seat_drawn")
@dataclass(frozen=True, slots=True)
class SeatDrawn(Event):
    """The seat card the player drew at the buy-in (-09-05.3)."""

    tournament: str
    player: str
    table: int
    seat: int


@event("tournament.chips_issued")
@dataclass(frozen=True, slots=True)
class ChipsIssued(Event):
    """No-value chips handed directly to the player (-09-05.4): entry, rebuy or add-on."""

    tournament: str
    player: str
    chips: int
    kind: FeeKind


@event("tournament.started")
@dataclass(frozen=True, slots=True)
class TournamentStarted(Event):
    tournament: str
    at: str


@event("tournament.level_started")
@dataclass(frozen=True, slots=True)
class LevelStarted(Event):
    tournament: str
    level: int
    at: str


@event("tournament.player_moved")
@dataclass(frozen=True, slots=True)
class PlayerMoved(Event):
    """A player moved to balance the tables (-09-05.2) or to the next round's seat: by
    croupier's fixed rule (``by`` None), or by the person named in ``by`` at ``at`` (a move the
    director chose during play, issue 30)."""

    tournament: str
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    by: str | None = None
    at: str | None = None


@event("tournament.table_broken")
@dataclass(frozen=True, slots=True)
class TableBroken(Event):
    tournament: str
    table: int


@event("tournament.hand_started")
@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand at a table: the button (moved clockwise; heads-up, -09-04.11), the blinds' seats,
    the absent players' seats whose forced bets the dealer posted, and every seat absent at the
    start of the deal (``absent``: with or without a forced bet, none has a live hand unless
    back before the hole cards, -09-05.11)."""

    tournament: str
    table: int
    hand: int
    button: int
    small_blind: int | None
    big_blind: int | None
    posted_by_dealer: tuple[int, ...]
    absent: tuple[int, ...] = ()


@event("tournament.player_returned")
@dataclass(frozen=True, slots=True)
class PlayerReturned(Event):
    """A player absent at the start of the deal came back to the table before every other
    player had their hole cards (-09-05.11): their hand is live; the forced bets the dealer
    posted for them stand as their own."""

    tournament: str
    table: int
    hand: int
    seat: int
    at: str


@event("tournament.hand_recorded")
@dataclass(frozen=True, slots=True)
class HandRecorded(Event):
    """The chips each player won (+) or lost (-) in a hand; twenty-one also the bets."""

    tournament: str
    table: int
    hand: int
    chips: dict[str, int]
    bets: dict[str, int]


@event("tournament.player_eliminated")
@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    tournament: str
    player: str
    place: int
    exit: Exit
    by: str | None
    at: str


@event("tournament.chips_removed")
@dataclass(frozen=True, slots=True)
class ChipsRemoved(Event):
    """Chips taken out of play from a player as a penalty (poker: chip forfeiture, -09-06.2.f),
    with who imposed it, why and when. Nobody receives them: chips are never transferred
    (-09-05.9)."""

    tournament: str
    player: str
    chips: int
    by: str
    reason: str
    at: str


@event("tournament.player_disqualified")
@dataclass(frozen=True, slots=True)
class PlayerDisqualified(Event):
    """A player disqualified (-09-06.2.f: chip dumping and other collusion, or soft play): out of
    the tournament with no place and no prize; the ``chips`` they held leave play (nobody
    receives them, -09-05.9); no rebuy, add-on or re-entry. With who decided, why and when."""

    tournament: str
    player: str
    chips: int
    by: str
    reason: str
    at: str


@event("tournament.round_ended")
@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """A preliminary round ended: the players with the most chips at each table advance."""

    tournament: str
    round: int
    advanced: tuple[str, ...]
    at: str


@event("tournament.split_agreed")
@dataclass(frozen=True, slots=True)
class SplitAgreed(Event):
    """The remaining players agreed to split the prize rather than finish (-09-03.4.c)."""

    tournament: str
    shares: dict[str, int]
    at: str


@event("tournament.finished")
@dataclass(frozen=True, slots=True)
class TournamentFinished(Event):
    """Final standings, first place first."""

    tournament: str
    standings: tuple[str, ...]
    at: str


@event("tournament.prize_awarded")
@dataclass(frozen=True, slots=True)
class PrizeAwarded(Event):
    """A prize: cash, merchandise, a bounty, or a buy-in to the main tournament valued at its
    cost, with a receipt when transferable (-09-03.4.d)."""

    tournament: str
    player: str
    place: int | None
    kind: PrizeKind
    cents: int
    at: str
    description: str = ""
    receipt: str | None = None
    transferable: bool = False


@event("tournament.buy_in_transferred")
@dataclass(frozen=True, slots=True)
class BuyInTransferred(Event):
    receipt: str
    from_player: str
    to_player: str
    at: str
