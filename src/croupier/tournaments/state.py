"""A tournament's state, rebuilt from its events: ``TournamentState.apply`` is the only thing that
changes it, so replaying the stored events gives the identical state (``snapshot``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from enum import Enum

from croupier.core.events import Event
from croupier.tournaments.definition import TournamentRules, definition_from_dict
from croupier.tournaments.events import (
    BuyInTransferred,
    ChipsIssued,
    ChipsRemoved,
    Exit,
    FeeCollected,
    FeeKind,
    FeeRefunded,
    HandRecorded,
    HandStarted,
    LevelStarted,
    PlayerDisqualified,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    PlayerReturned,
    PrizeAwarded,
    PrizeKind,
    RoundEnded,
    SeatDrawn,
    SplitAgreed,
    TableBroken,
    TournamentDefined,
    TournamentFinished,
    TournamentStarted,
)


class Status(Enum):
    """Where an entrant stands."""

    REGISTERED = "registered"
    PLAYING = "playing"
    BUSTED = "busted"
    OUT = "out"


@dataclass
class Entrant:
    player: str
    name: str
    address: str
    status: Status = Status.REGISTERED
    chips: int = 0
    table: int | None = None
    seat: int | None = None
    fees: int = 0
    rebuys: int = 0
    add_ons: int = 0
    place: int | None = None
    exit: Exit | None = None
    forfeited: bool = False
    """Left without chips by a penalty (``ChipsRemoved``), not by a hand."""
    bust_winners: tuple[str, ...] = ()
    """The winners of the hand that took the player's last chips: who may be named as having
    eliminated them (the bounty is theirs, -09-02.8)."""


@dataclass
class Receipt:
    """A buy-in prize to the main tournament (-09-03.4.d)."""

    receipt: str
    satellite: str
    holder: str
    cents: int
    transferable: bool
    redeemed_by: str | None = None


@dataclass
class Part:
    """The main tournament or one satellite."""

    id: str
    entry_fee: int
    bounty: int
    starting_chips: int
    is_satellite: bool
    entrants: dict[str, Entrant] = field(default_factory=dict)
    tables: dict[int, dict[int, str]] = field(default_factory=dict)
    buttons: dict[int, int] = field(default_factory=dict)
    hands: dict[int, int] = field(default_factory=dict)
    open_hands: dict[int, HandStarted] = field(default_factory=dict)
    started_at: str | None = None
    finished_at: str | None = None
    level: int = 1
    round: int = 1
    standings: tuple[str, ...] = ()
    split: dict[str, int] = field(default_factory=dict)
    fees: list[FeeCollected] = field(default_factory=list)
    refunds: list[FeeRefunded] = field(default_factory=list)
    refunded: set[int] = field(default_factory=set)
    """Indexes into ``fees`` of the fees handed back before the start."""
    prizes: list[PrizeAwarded] = field(default_factory=list)
    removals: list[ChipsRemoved] = field(default_factory=list)
    """Chips taken out of play as penalties (-09-06.2.f)."""
    disqualifications: list[PlayerDisqualified] = field(default_factory=list)
    """Players disqualified (-09-06.2.f), with the reason and who decided."""
    deals: int = 0
    """Hands started so far in this part (every table): orders the big blinds below."""
    last_big_blind: dict[str, int] = field(default_factory=dict)
    """For each player, the deal (``deals``) at which they last had the big blind (who is
    given the button when play becomes heads-up, -09-04.11)."""
    last_hand: dict[int, HandStarted] = field(default_factory=dict)
    """The last hand started at each table."""
    level_hands: dict[int, int] = field(default_factory=dict)
    """Hands started at each table in the current level (and round): a twenty-one level set
    as a number of hands plays that many (-08-15.2)."""

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    def in_play(self) -> list[Entrant]:
        """Entrants still in the tournament (playing or busted awaiting a rebuy)."""
        return [e for e in self.entrants.values() if e.status in (Status.PLAYING, Status.BUSTED)]

    def seated(self, table: int) -> dict[int, str]:
        return self.tables.get(table, {})

    def kept_fees(self) -> list[FeeCollected]:
        """The fees collected and not handed back."""
        return [f for i, f in enumerate(self.fees) if i not in self.refunded]

    def cash_fees(self) -> int:
        """Gross proceeds: every fee kept, a redeemed buy-in included."""
        return sum(f.cents for f in self.kept_fees())

    def next_place(self) -> int:
        return len(self.in_play())

    def awarded_places(self) -> set[tuple[int, PrizeKind]]:
        """The (place, kind) of every place prize already awarded (a place paid when it was
        decided is not paid again at the end)."""
        return {
            (p.place, p.kind)
            for p in self.prizes
            if p.place is not None and p.kind is not PrizeKind.BOUNTY
        }


class TournamentState:
    """A main tournament and its satellites, as its events left them."""

    def __init__(self, rules: TournamentRules, rules_json: str) -> None:
        self.rules = rules
        self.rules_json = rules_json
        main = Part(rules.id, rules.entry_fee, rules.bounty, rules.starting_chips, False)
        self.parts: dict[str, Part] = {rules.id: main}
        for sat in rules.satellites:
            self.parts[sat.id] = Part(sat.id, sat.entry_fee, 0, sat.starting_chips, True)
        self.receipts: dict[str, Receipt] = {}
        self.events: list[Event] = []

    @property
    def main(self) -> Part:
        return self.parts[self.rules.id]

    @classmethod
    def from_events(cls, events: list[Event]) -> TournamentState:
        """Replay: the state the events leave, starting from their ``TournamentDefined``."""
        if not events or not isinstance(events[0], TournamentDefined):
            raise ValueError("a tournament stream starts with tournament.defined")
        first = events[0]
        state = cls(definition_from_dict(json.loads(first.rules)), first.rules)
        state.events.append(first)
        for e in events[1:]:
            state.apply(e)
        return state

    def apply(self, e: Event) -> None:
        """Change the state by one event (the only mutator)."""
        self.events.append(e)
        if isinstance(e, BuyInTransferred):
            self.receipts[e.receipt].holder = e.to_player
            return
        part = self.parts[getattr(e, "tournament")]  # noqa: B009
        if isinstance(e, PlayerRegistered):
            part.entrants[e.player] = Entrant(e.player, e.name, e.address)
        elif isinstance(e, FeeCollected):
            part.fees.append(e)
            ent = part.entrants[e.player]
            ent.fees += e.cents
            if e.kind is FeeKind.REBUY:
                ent.rebuys += 1
            elif e.kind is FeeKind.ADD_ON:
                ent.add_ons += 1
            if e.receipt is not None:
                self.receipts[e.receipt].redeemed_by = e.player
        elif isinstance(e, ChipsIssued):
            ent = part.entrants[e.player]
            ent.chips += e.chips
            ent.forfeited = False
            ent.bust_winners = ()
            if ent.status is Status.BUSTED:
                ent.status = Status.PLAYING
        elif isinstance(e, ChipsRemoved):
            part.removals.append(e)
            ent = part.entrants[e.player]
            ent.chips -= e.chips
            if ent.chips == 0:
                ent.status, ent.forfeited = Status.BUSTED, True
        elif isinstance(e, SeatDrawn):
            ent = part.entrants[e.player]
            ent.table, ent.seat = e.table, e.seat
            part.tables.setdefault(e.table, {})[e.seat] = e.player
        elif isinstance(e, FeeRefunded):
            part.refunds.append(e)
            part.refunded.update(i for i, f in enumerate(part.fees) if f.player == e.player)
            ent = part.entrants.pop(e.player)
            if ent.table is not None and ent.seat is not None:
                del part.tables[ent.table][ent.seat]
                if not part.tables[ent.table]:
                    del part.tables[ent.table]
            for f in part.fees:
                if f.player == e.player and f.receipt is not None:
                    self.receipts[f.receipt].redeemed_by = None
        elif isinstance(e, TournamentStarted):
            part.started_at = e.at
            for ent in part.entrants.values():
                ent.status = Status.PLAYING
        elif isinstance(e, LevelStarted):
            part.level = e.level
            part.level_hands.clear()
        elif isinstance(e, PlayerMoved):
            del part.tables[e.from_table][e.from_seat]
            part.tables.setdefault(e.to_table, {})[e.to_seat] = e.player
            ent = part.entrants[e.player]
            ent.table, ent.seat = e.to_table, e.to_seat
        elif isinstance(e, TableBroken):
            part.tables.pop(e.table, None)
            part.buttons.pop(e.table, None)
        elif isinstance(e, HandStarted):
            part.deals += 1
            if e.big_blind is not None and e.big_blind in part.seated(e.table):
                part.last_big_blind[part.tables[e.table][e.big_blind]] = part.deals
            part.last_hand[e.table] = e
            part.level_hands[e.table] = part.level_hands.get(e.table, 0) + 1
            part.buttons[e.table] = e.button
            part.hands[e.table] = e.hand
            part.open_hands[e.table] = e
        elif isinstance(e, PlayerReturned):
            started = part.open_hands[e.table]
            part.open_hands[e.table] = replace(
                started,
                posted_by_dealer=tuple(x for x in started.posted_by_dealer if x != e.seat),
                absent=tuple(x for x in started.absent if x != e.seat),
            )
        elif isinstance(e, HandRecorded):
            part.open_hands.pop(e.table, None)
            winners = tuple(sorted(p for p, d in e.chips.items() if d > 0))
            for player, delta in e.chips.items():
                ent = part.entrants[player]
                ent.chips += delta
                if ent.chips == 0:
                    ent.status = Status.BUSTED
                    ent.bust_winners = winners
        elif isinstance(e, PlayerEliminated):
            ent = part.entrants[e.player]
            ent.status, ent.place, ent.exit, ent.chips = Status.OUT, e.place, e.exit, 0
            if ent.table is not None and ent.seat is not None:
                part.tables[ent.table].pop(ent.seat, None)
            ent.table = ent.seat = None
        elif isinstance(e, PlayerDisqualified):
            part.disqualifications.append(e)
            ent = part.entrants[e.player]
            ent.status, ent.place, ent.exit, ent.chips = Status.OUT, None, Exit.DISQUALIFIED, 0
            if ent.table is not None and ent.seat is not None:
                part.tables[ent.table].pop(ent.seat, None)
            ent.table = ent.seat = None
        elif isinstance(e, RoundEnded):
            part.round = e.round + 1
            part.level_hands.clear()
        elif isinstance(e, SplitAgreed):
            part.split = dict(e.shares)
        elif isinstance(e, TournamentFinished):
            part.finished_at = e.at
            part.standings = e.standings
            for place, player in enumerate(e.standings, start=1):
                ent = part.entrants[player]
                if ent.status is not Status.OUT:
                    ent.status, ent.place, ent.exit = Status.OUT, place, Exit.FINISHED
        elif isinstance(e, PrizeAwarded):
            part.prizes.append(e)
            if e.kind is PrizeKind.BUY_IN and e.receipt is not None:
                self.receipts[e.receipt] = Receipt(
                    e.receipt, e.tournament, e.player, e.cents, e.transferable
                )
        else:  # pragma: no cover - programming error
            raise TypeError(f"not a tournament event: {type(e).__name__}")

    def snapshot(self) -> dict[str, object]:
        """Everything a replay must reproduce, as plain data (for comparing two states)."""
        parts: dict[str, object] = {}
        for pid, p in sorted(self.parts.items()):
            parts[pid] = {
                "entrants": {
                    k: [
                        v.status.value,
                        v.chips,
                        v.table,
                        v.seat,
                        v.fees,
                        v.rebuys,
                        v.add_ons,
                        v.place,
                        v.exit.value if v.exit else None,
                    ]
                    for k, v in sorted(p.entrants.items())
                },
                "tables": {str(t): dict(sorted(s.items())) for t, s in sorted(p.tables.items())},
                "buttons": dict(sorted(p.buttons.items())),
                "level": p.level,
                "round": p.round,
                "started": p.started_at,
                "finished": p.finished_at,
                "standings": list(p.standings),
                "fees": p.cash_fees(),
                "prizes": [x.to_dict() for x in p.prizes],
                "removals": [x.to_dict() for x in p.removals],
                "disqualifications": [x.to_dict() for x in p.disqualifications],
            }
        receipts = {
            k: [r.satellite, r.holder, r.cents, r.transferable, r.redeemed_by]
            for k, r in sorted(self.receipts.items())
        }
        return {"parts": parts, "receipts": receipts}
