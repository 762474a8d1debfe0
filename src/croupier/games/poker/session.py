"""One poker table's series of hands (N.D. Admin. Code 99-01.3-09): the session.

``TableSession`` carries the stacks from hand to hand, seats and unseats players between hands,
marks absent players (-05.11), moves the button (first hand: -04.8; then ``next_button``, with
the heads-up rule of -04.11), starts each ``Hand`` and plays it through ``apply``, records each
finished hand's result, and keeps the dispute windows of -04.26 with their rulings
(``dispute``, ``deny``, ``correct``). Breaks are declared by the caller (``start_break``,
``end_break``).

Every step takes ``at``, the time it happened, from the caller (the domain reads no clock); steps
come in time order. A refused step raises ``RuleViolation`` (with its section) or
``InvalidInput`` and changes nothing. A step returns the events it caused: the session's own
(``events`` keeps them) and, for ``begin_hand`` and ``apply``, the hand's (kept by the hand).
Invariant: ``chips_on_table == chips_in - chips_out``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.games.config import require_valid
from croupier.games.poker.actions import Action
from croupier.games.poker.disputes import (
    DISPUTES,
    AwardFacts,
    ChipsCorrected,
    Closing,
    Dispute,
    DisputeBook,
    DisputeDenied,
    DisputeKind,
    Ruling,
    changes_field,
    checked_changes,
    closing,
    require_open,
)
from croupier.games.poker.events import ForcedBet, HandShown, PlayerArrived
from croupier.games.poker.hand import DEFECTIVE, MISDEAL, Hand
from croupier.games.poker.rules import TableRules
from croupier.games.poker.session_records import (
    AWARDED,
    DEFECTIVE_DECK,
    AbsenceMarked,
    BreakEnded,
    BreakStarted,
    DealVoided,
    ForfeitAwarded,
    ForfeitCarried,
    HandBegun,
    HandFinished,
    HandLog,
    HandResult,
    PlayerLeft,
    PlayerSeated,
    SeatRecord,
    SeatState,
    award_facts,
    by_seat,
    forfeit_shares,
)
from croupier.games.poker.state import Phase
from croupier.games.poker.table import FIRST_BUTTON, SeatSpec, next_button

ALL_IN_LOSES = "99-01.3-09-05.7"


class TableSession:
    """One table's series of hands under N.D. Admin. Code 99-01.3-09."""

    def __init__(self, rules: TableRules) -> None:
        self.rules = require_valid(rules, "poker table rules")
        self.chips_in = 0
        """Chips brought to the table by seated players."""
        self.chips_out = 0
        """Chips taken away by players who left."""
        self._seats: dict[int, SeatRecord] = {}
        self._sittings = 0
        self._logs: list[HandLog] = []
        self._hand: Hand | None = None
        self._seen = 0
        self._redeal = False
        self._last_bb: dict[int, int] = {}
        self._breaks: list[tuple[datetime, datetime | None]] = []
        self._book = DisputeBook()
        self._carried = 0
        self._now: datetime | None = None
        self._events: list[Event] = []

    # -- views --------------------------------------------------------------------------------
    @property
    def events(self) -> list[Event]:
        """The session's own events (each hand keeps its own in ``Hand.events``)."""
        return list(self._events)

    @property
    def hand(self) -> Hand | None:
        """The hand in progress, if any (play it through ``apply``)."""
        return self._hand

    @property
    def hand_number(self) -> int:
        """The number of the hand in progress or last played (0 before the first)."""
        return len(self._logs)

    @property
    def button(self) -> int | None:
        """The button of the hand in progress or last played."""
        return self._logs[-1].button if self._logs else None

    @property
    def last_big_blind(self) -> dict[int, int]:
        """The number of the hand in which each seated player last had the big blind (-04.11)."""
        return dict(self._last_bb)

    @property
    def seats(self) -> tuple[SeatState, ...]:
        live = self._hand.stacks if self._hand is not None else {}
        return tuple(
            SeatState(seat, s.player, live.get(seat, s.stack), s.absent)
            for seat, s in sorted(self._seats.items())
        )

    @property
    def stacks(self) -> dict[int, int]:
        """Each seated player's chips (behind, while a hand is in progress)."""
        return {s.seat: s.stack for s in self.seats}

    @property
    def pot_in_play(self) -> int:
        """Chips wagered in the hand in progress and not yet awarded or returned."""
        if self._hand is None:
            return 0
        live = self._hand.stacks
        return sum(self._seats[seat].stack - live[seat] for seat in live)

    @property
    def carried(self) -> int:
        """Forfeited chips waiting for the next game's pot (-04.28)."""
        return self._carried

    @property
    def chips_on_table(self) -> int:
        """Stacks, the pot in play and forfeited chips: always ``chips_in - chips_out``."""
        return sum(self.stacks.values()) + self.pot_in_play + self._carried

    @property
    def on_break(self) -> bool:
        return bool(self._breaks) and self._breaks[-1][1] is None

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand's result, in order."""
        return tuple(log.result for log in self._logs if log.result is not None)

    def result(self, hand: int) -> HandResult:
        found = self._log(hand).result
        if found is None:
            raise InvalidInput(f"hand {hand} has not finished")
        return found

    @property
    def disputes(self) -> tuple[Dispute, ...]:
        return self._book.records

    def window(self, kind: DisputeKind | str, hand: int) -> Closing | None:
        """When the window for ``kind`` disputes of ``hand`` closes or closed, as far as known
        now (``None``: open, with no closing yet known)."""
        return closing(DisputeKind.of(kind), self._facts(self._awarded(hand)))

    def open_disputes(self, at: datetime) -> tuple[Dispute, ...]:
        """Disputes not yet ruled on whose window is still open at ``at``; while there is one,
        play is held (no hand begins, no action on the hand in progress, nobody leaves)."""
        return self._book.open_at(at, self._facts_of)

    # -- seats --------------------------------------------------------------------------------
    def seat(self, seat: int, stack: int, at: datetime, player: str | None = None) -> list[Event]:
        """Seat a player with ``stack`` chips (between hands)."""
        at = self._time(at)
        self._between_hands("a player sits down")
        top = self.rules.max_players
        if not _is_int(seat) or not 1 <= seat <= top:
            raise InvalidInput(f"seat {seat!r} does not exist: the seats are numbered 1 to {top}")
        if seat in self._seats:
            raise InvalidInput(f"seat {seat} is taken")
        if not _is_int(stack) or stack <= 0:
            raise InvalidInput(f"a player sits down with a positive number of chips, not {stack!r}")
        if player is not None:
            if not isinstance(player, str) or not player.strip():
                raise InvalidInput(f"a player's name is a non-empty string, not {player!r}")
            taken = [n for n, s in self._seats.items() if s.player == player]
            if taken:
                raise InvalidInput(f"{player} is already seated at seat {taken[0]}")
        self._sittings += 1
        self._seats[seat] = SeatRecord(player, stack, False, self._sittings)
        self._last_bb.pop(seat, None)
        self.chips_in += stack
        return self._commit(at, [PlayerSeated(seat, player, stack, at.isoformat())])

    def unseat(self, seat: int, at: datetime) -> list[Event]:
        """A player leaves the table with their chips (between hands, and not while a dispute
        holds the table)."""
        at = self._time(at)
        self._between_hands("a player leaves")
        s = self._seated(seat)
        self._require_not_held(at, f"seat {seat} leaving with its chips")
        del self._seats[seat]
        self._last_bb.pop(seat, None)
        self.chips_out += s.stack
        return self._commit(at, [PlayerLeft(seat, s.player, s.stack, at.isoformat())])

    def mark_absent(self, seat: int, at: datetime) -> list[Event]:
        """The player is away from the seat: dealt in, forced bets posted by the dealer, the
        hand dead unless the player is back before the hole cards are dealt (-05.11)."""
        return self._mark(seat, True, at)

    def mark_present(self, seat: int, at: datetime) -> list[Event]:
        """The player is back at the seat (during a hand, apply an ``ARRIVE`` action instead)."""
        return self._mark(seat, False, at)

    def _mark(self, seat: int, absent: bool, at: datetime) -> list[Event]:
        at = self._time(at)
        self._between_hands("a player's absence is marked")
        s = self._seated(seat)
        if s.absent == absent:
            raise InvalidInput(f"seat {seat} is already {'absent' if absent else 'present'}")
        s.absent = absent
        return self._commit(at, [AbsenceMarked(seat, absent, at.isoformat())])

    # -- breaks -------------------------------------------------------------------------------
    def start_break(self, at: datetime) -> list[Event]:
        """The table goes on a break (a hand in progress is played to its end, -04.26)."""
        at = self._time(at)
        if self.on_break:
            raise InvalidInput("the table is already on a break")
        self._breaks.append((at, None))
        return self._commit(at, [BreakStarted(at.isoformat())])

    def end_break(self, at: datetime) -> list[Event]:
        at = self._time(at)
        if not self.on_break:
            raise InvalidInput("the table is not on a break")
        self._breaks[-1] = (self._breaks[-1][0], at)
        return self._commit(at, [BreakEnded(at.isoformat())])

    # -- hands --------------------------------------------------------------------------------
    def begin_hand(self, at: datetime, button: int | None = None) -> list[Event]:
        """The next hand begins: ``at`` is when its shuffle began (a hand begins with a shuffle,
        -02.17; -04.6). ``button`` is given for the first hand only (dealt for the high card or
        a set position, -04.8; see ``first_button``); after that the button moves by itself."""
        at = self._time(at)
        if self._hand is not None:
            self._require_synced(self._hand)
            raise InvalidInput(f"hand {self.hand_number} is still in progress")
        if self.on_break:
            raise InvalidInput("the table is on a break: end the break before the next hand")
        self._require_not_held(at, "the next hand")
        broke = [seat for seat, s in sorted(self._seats.items()) if s.stack == 0]
        if broke:
            raise RuleViolation(
                f"seats {broke} have no chips: a player who is all in and loses must leave the "
                "table or rebuy (unseat them first)",
                ALL_IN_LOSES,
            )
        seats = sorted(self._seats)
        if len(seats) < 2:
            raise InvalidInput(f"a hand needs at least two seated players, not {len(seats)}")
        number, deal, chosen = self._choose_button(seats, button)
        specs = [SeatSpec(n, s.stack, s.player, s.absent) for n, s in sorted(self._seats.items())]
        hand = Hand(self.rules, specs, chosen)
        sittings = {n: s.sitting for n, s in self._seats.items()}
        if deal == 1:
            self._logs.append(HandLog(number, at, chosen, sittings, [hand]))
        else:
            log = self._logs[-1]
            log.button, log.sittings = chosen, sittings
            log.deals.append(hand)
        for e in hand.events:
            if isinstance(e, ForcedBet) and e.kind == "big blind":
                self._last_bb[e.seat] = number
        self._hand, self._seen, self._redeal = hand, len(hand.events), False
        begun = HandBegun(
            number,
            deal,
            chosen,
            tuple(seats),
            tuple(self._seats[n].stack for n in seats),
            tuple(n for n in seats if self._seats[n].absent),
            at.isoformat(),
        )
        self._commit(at, [begun])
        return [begun, *hand.events]

    def _choose_button(self, seats: list[int], button: int | None) -> tuple[int, int, int]:
        """The hand number, the deal number within it, and the button."""
        last = self._logs[-1] if self._logs else None
        if last is None:
            if button is None:
                raise InvalidInput(
                    "the first hand needs its button: deal for the high card (first_button) "
                    f"or use a set position ({FIRST_BUTTON})"
                )
            if button not in seats:
                raise InvalidInput(f"the button {button!r} is not at an occupied seat {seats}")
            return 1, 1, button
        if button is not None:
            kind = "dealt again keeps its button" if self._redeal else "moves by itself"
            raise InvalidInput(
                f"the button is chosen for the first hand only ({FIRST_BUTTON}); after that "
                f"it {kind}"
            )
        previous = tuple(last.sittings)
        if self._redeal:
            chosen = last.button
            if chosen not in seats:
                chosen = next_button(previous, last.button, seats, self._last_bb)
            return last.number, len(last.deals) + 1, chosen
        return last.number + 1, 1, next_button(previous, last.button, seats, self._last_bb)

    def apply(self, action: Action, at: datetime) -> list[Event]:
        """Apply one action to the hand in progress (``Hand.apply``); returns the hand's events
        and, when the hand ends, the session's."""
        at = self._time(at)
        hand = self._hand
        if hand is None:
            raise InvalidInput("no hand is in progress: begin_hand first")
        self._require_synced(hand)
        self._require_not_held(at, action.describe())
        found = hand.apply(action)
        log = self._logs[-1]
        self._seen = len(hand.events)
        if log.substantial_at is None and hand.substantial_action():
            log.substantial_at = at
        ours: list[Event] = []
        if hand.phase is Phase.COMPLETE:
            ours = self._finish(log, hand, at, AWARDED)
        elif hand.phase is Phase.VOID:
            if hand.void_section == MISDEAL:
                ours = self._void_deal(log, at, hand.void_reason, MISDEAL)
            else:
                ours = self._finish(log, hand, at, DEFECTIVE_DECK)
        self._commit(at, ours)
        return [*found, *ours]

    def _finish(self, log: HandLog, hand: Hand, at: datetime, outcome: str) -> list[Event]:
        stacks = dict(hand.stacks)
        settlement = hand.settlement()
        ours: list[Event] = []
        forfeit: dict[int, int] = {}
        stamp = at.isoformat()
        if outcome == AWARDED and self._carried:
            forfeit = forfeit_shares(settlement.details, self._carried, self.rules.odd_chip_unit)
            for seat, share in forfeit.items():
                stacks[seat] += share
            ours.append(
                ForfeitAwarded(
                    log.number, self._carried, tuple(forfeit), tuple(forfeit.values()), stamp
                )
            )
            self._carried = 0
        elif outcome == DEFECTIVE_DECK:
            forfeited = int(settlement.details.get("forfeited_to_next_game", 0))
            if forfeited:
                self._carried += forfeited
                ours.append(ForfeitCarried(log.number, forfeited, stamp))
        self._settle_seats(hand, stacks)
        shown = any(isinstance(e, HandShown) for e in hand.events)
        log.result = HandResult(
            log.number,
            log.button,
            tuple(sorted(stacks)),
            outcome,
            at,
            settlement,
            stacks,
            shown,
            forfeit,
        )
        self._hand = None
        ours.append(HandFinished(log.number, outcome, by_seat(stacks), stamp))
        return ours

    def _void_deal(self, log: HandLog, at: datetime, reason: str, section: str) -> list[Event]:
        """The deal in progress is void and the hand is dealt again with the same button: every
        wager goes back, so each stack is what it was when the deal began."""
        hand = self._hand
        assert hand is not None
        self._settle_seats(hand, {})
        self._hand, self._redeal = None, True
        return [DealVoided(log.number, len(log.deals), reason, at.isoformat(), section)]

    def _settle_seats(self, hand: Hand, stacks: Mapping[int, int]) -> None:
        arrived = {e.seat for e in hand.events if isinstance(e, PlayerArrived)}
        for seat, s in self._seats.items():
            s.stack = stacks.get(seat, s.stack)
            if seat in arrived:
                s.absent = False

    # -- disputes (-04.26) --------------------------------------------------------------------
    def dispute(
        self,
        kind: DisputeKind | str,
        hand: int,
        at: datetime,
        seat: int | None = None,
        claim: str = "",
    ) -> list[Event]:
        """Record a dispute of hand ``hand``: ``reading`` (of a shown hand) or ``accounting``
        (calculating and awarding the pot). Refused once its window has closed."""
        at = self._time(at)
        found_kind = DisputeKind.of(kind)
        log = self._awarded(hand)
        assert log.result is not None
        raised = self._book.record(found_kind, self._facts(log), log.result.shown, at, seat, claim)
        return self._commit(at, [raised])

    def deny(self, dispute: int, at: datetime) -> list[Event]:
        """Rule against a dispute: the award stands (while its window is open)."""
        at = self._time(at)
        record = self._book.unruled(dispute)
        require_open(record.kind, self._facts_of(record.hand), at, "the ruling")
        self._book.rule(dispute, Ruling.DENIED, at)
        return self._commit(at, [DisputeDenied(dispute, record.hand, at.isoformat())])

    def correct(self, dispute: int, changes: Mapping[int, int], at: datetime) -> list[Event]:
        """Uphold a dispute by moving chips between the stacks of the disputed hand's players:
        ``changes`` maps seats to chips gained (+) or given (-), summing to zero. The disputed
        hand's record stays as it was; the correction is its own event. Refused once the
        window has closed. A deal of the next hand in progress (which has had no substantial
        action, or the window would be closed) is called back and dealt again."""
        at = self._time(at)
        record = self._book.unruled(dispute)
        log = self._logs[record.hand - 1]
        require_open(record.kind, self._facts(log), at, "the correction")
        assert log.result is not None
        seated = {n: (s.sitting, s.stack) for n, s in self._seats.items()}
        moves = checked_changes(changes, log.number, log.sittings, seated, log.result.pot)
        ours: list[Event] = []
        if self._hand is not None:
            reason = f"called back to correct hand {record.hand} (dispute {dispute})"
            ours.extend(self._void_deal(self._logs[-1], at, reason, DISPUTES))
        for seat, amount in moves.items():
            self._seats[seat].stack += amount
        self._book.rule(dispute, Ruling.UPHELD, at)
        ours.append(ChipsCorrected(dispute, record.hand, at.isoformat(), changes_field(moves)))
        return self._commit(at, ours)

    # -- helpers ------------------------------------------------------------------------------
    def _time(self, at: datetime) -> datetime:
        if not isinstance(at, datetime) or at.utcoffset() is None:
            raise InvalidInput(f"a time is a timezone-aware datetime, not {at!r}")
        if self._now is not None and at < self._now:
            raise InvalidInput(
                f"steps come in time order: {at.isoformat()} is before the last step, at "
                f"{self._now.isoformat()}"
            )
        return at

    def _commit(self, at: datetime, events: list[Event]) -> list[Event]:
        self._now = at
        self._events.extend(events)
        return events

    def _between_hands(self, what: str) -> None:
        if self._hand is not None:
            raise InvalidInput(
                f"hand {self.hand_number} is in progress: {what} between hands, not during one"
            )

    def _require_synced(self, hand: Hand) -> None:
        if len(hand.events) != self._seen:
            raise InvalidInput(
                "the hand was played outside the session: every action goes through "
                "TableSession.apply so that its time is recorded"
            )

    def _seated(self, seat: int) -> SeatRecord:
        found = self._seats.get(seat) if _is_int(seat) else None
        if found is None:
            raise InvalidInput(f"no player is seated at seat {seat!r}")
        return found

    def _require_not_held(self, at: datetime, what: str) -> None:
        held = self.open_disputes(at)
        if held:
            d = held[0]
            raise RuleViolation(
                f"dispute {d.number} ({d.kind.value}, hand {d.hand}) is open: play is held until "
                f"it is ruled on (deny or correct), so {what} must wait",
                DISPUTES,
            )

    def _log(self, hand: int) -> HandLog:
        if not _is_int(hand) or not 1 <= hand <= len(self._logs):
            raise InvalidInput(f"there is no hand {hand!r} (hands so far: {len(self._logs)})")
        return self._logs[hand - 1]

    def _awarded(self, hand: int) -> HandLog:
        log = self._log(hand)
        if log.result is None:
            raise InvalidInput(f"hand {hand} is still in progress: its pot has not been awarded")
        if log.result.outcome != AWARDED:
            raise InvalidInput(
                f"no pot was awarded in hand {hand}: its wagers were returned ({DEFECTIVE})"
            )
        return log

    def _facts_of(self, hand: int) -> AwardFacts:
        return self._facts(self._logs[hand - 1])

    def _facts(self, log: HandLog) -> AwardFacts:
        after = self._logs[log.number] if len(self._logs) > log.number else None
        return award_facts(log, after, self._breaks)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
