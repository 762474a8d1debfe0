"""The live-table hub's own events, stored in a table's stream (``live-<table id>``) between
the game's events. Every one of them names who caused it (``by``: an account or player id, the
dealer's, or ``system``). They carry nothing hidden: every viewer receives them as they are."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.core.events import Event, event

PHYSICAL, VIRTUAL = "physical", "virtual"
MODES = (PHYSICAL, VIRTUAL)
"""A table is ``physical`` (a person deals real cards and spins a real wheel; each chance move
is keyed as it happens) or ``virtual`` (the generator draws them: training, demos, load tests)."""


@event("live.table_opened")
@dataclass(frozen=True, slots=True)
class TableOpened(Event):
    """A live table opened: its game, its house rules (canonical JSON of the rules data) and
    its mode: ``physical`` (cards and spins keyed as they happen at a real table) or
    ``virtual`` (drawn from the generator: training, demos, load tests). A table opened before
    modes existed was virtual, which is what the field reads when absent."""

    table: str
    game: str
    rules_json: str
    by: str
    mode: str = "virtual"
    books_site: str | None = None
    """The site of the books' table this live table is (a physical table's fills and credits
    are asked for it); None when not linked (and in a table opened before links existed)."""
    books_table: int | None = None


@event("live.player_seated")
@dataclass(frozen=True, slots=True)
class PlayerSeated(Event):
    seat: int
    player: str
    by: str


@event("live.player_unseated")
@dataclass(frozen=True, slots=True)
class PlayerUnseated(Event):
    seat: int
    player: str
    by: str


@event("live.wager_set")
@dataclass(frozen=True, slots=True)
class WagerSet(Event):
    """The wager (poker: the stack) a seat brings to the next round, in cents; ``unlawful``:
    twenty-one's amount the dealer accepted though the rules do not allow it (-12.11: its
    remedy then applies)."""

    seat: int
    amount: int
    by: str
    unlawful: bool = False


@event("live.round_started")
@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round began from ``setup_json`` (the game's setup as canonical JSON); the game's
    events of the round follow, each step's after a ``StepTaken``."""

    number: int
    setup_json: str
    by: str


@event("live.step_taken")
@dataclass(frozen=True, slots=True)
class StepTaken(Event):
    """Who caused the game events that follow (``actor``: dealer, chance, keyed (a chance move
    keyed at a physical table) or player:<seat>);
    ``steps`` actions were applied in this command (several chance moves at once)."""

    actor: str
    by: str
    steps: int


@event("live.round_settled")
@dataclass(frozen=True, slots=True)
class RoundSettled(Event):
    """The round is over and settled: every party's net in cents (they sum to zero)."""

    number: int
    parties: dict[str, int]
    by: str


@event("live.table_closed")
@dataclass(frozen=True, slots=True)
class TableClosed(Event):
    by: str


@event("live.card_down")
@dataclass(frozen=True, slots=True)
class CardDown(Event):
    """A card dealt face down at a physical table that nobody has seen (issue 27): the hole
    card, a burn card, a poker hole card. The game's events that follow carry a stand-in, a
    card the shoe still holds and no other card of the round is; no viewer is shown it, and the
    real card replaces it when the card is turned or shown (``CardsReplaced``). ``step`` is the
    round's action it is (from 0), ``what`` the card as the game asked for it."""

    step: int
    what: str
    by: str


@event("live.cards_replaced")
@dataclass(frozen=True, slots=True)
class CardsReplaced(Event):
    """Cards of the round's actions replaced, never deleted: ``steps`` (from 0) now hold
    ``cards`` where they held ``was``. ``why``: ``turned`` (a card dealt face down, keyed when
    turned or shown), ``moved`` (a stand-in moved off a card keyed since), ``corrected`` (a
    card keyed wrongly, corrected by ``by``). The round is replayed with the new cards."""

    steps: tuple[int, ...]
    cards: tuple[str, ...]
    was: tuple[str, ...]
    why: str
    by: str


@event("live.step_held")
@dataclass(frozen=True, slots=True)
class StepHeld(Event):
    """A command that would turn a card dealt face down (the dealer's turn, a hand shown) or
    ask the card reader about it, held until the card is keyed (or the reader's answer): it is
    recorded only then, with the real card. ``command`` is ``act``, ``key`` or ``remedy``;
    ``ref`` the keyed outcome, or the game's own event recording the action (JSON); ``actor``
    who takes it; ``version`` the table's version when it was held; ``need`` what the console
    asks for (``steps``: the stand-ins it names); and ``reader`` whether the card reader's
    answer is asked (a "no" keeps the card unseen)."""

    command: str
    ref: str
    actor: str
    version: int
    need: tuple[str, ...]
    reader: bool
    by: str
    steps: tuple[int, ...] = ()
    """The round's actions (from 0) whose stand-ins are to be keyed, in ``need``'s order."""


@event("live.step_withdrawn")
@dataclass(frozen=True, slots=True)
class StepWithdrawn(Event):
    """The held command taken back by the dealer before the card was keyed: nothing of it
    happened."""

    by: str


@event("live.fee_collected")
@dataclass(frozen=True, slots=True)
class FeeCollected(Event):
    """A nontournament poker player's fee for a half hour of play, collected in advance
    (99-01.3-09-03.3): ``cents`` for the half hour from ``start`` (ISO time), recorded by ``by``
    when it was collected (the event's time)."""

    seat: int
    player: str
    start: str
    cents: int
    by: str
