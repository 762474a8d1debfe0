"""How the live-table hub reaches each game: its protocol object, its setup type, how a
round's setup is made from the seated players and their wagers, and its seat views
(``croupier.games.<game>.seat_view``). Kept apart from the hub so that the hub has no game in it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON, Event, from_json_value
from croupier.games.base import AnyGame
from croupier.games.registry import get_game

SetupMaker = Callable[
    [Any, Mapping[int, str], Mapping[int, int], int, Any, str, frozenset[int]], Any
]
"""(rules, seats -> player, seats -> wager cents, round number, last round's state or None,
the date of play as ``YYYY-MM-DD``, the seats whose wager was accepted though unlawful) -> the
game's setup of the next round."""

TICKETS = "paddlewheel-tickets"
"""The paddlewheel's ticket-card method (99-01.3-11-02) as a live table: one card a round."""


@dataclass(frozen=True, slots=True)
class LiveGame:
    """One game as the hub drives it."""

    name: str
    game: AnyGame
    setup_type: type
    make_setup: SetupMaker
    seat_view: Callable[[Any, str], dict[str, JSON]]
    redact_event: Callable[[Event, str], dict[str, JSON]]
    opening_action: Callable[[Any], Any] | None = None
    """The dealer's first action right after the setup (twentyone's ``deal``), if any."""
    decode_setup: Callable[[Any], Any] | None = None
    """Rebuild the setup from its JSON, for a game whose setup class is compiled by mypyc
    (its annotations lose their parameters, so ``from_json_value`` cannot read them)."""
    wager_alone: bool = False
    """A seat's wager is judged when it is made, by the rules that judge it at the deal (a
    round of that seat alone is started and dealt on trial, then thrown away): twenty-one's and
    Three Card 21's limits, chips and spaces. Poker's "wager" is the chips brought to the hand
    and the paddlewheel's bets are the round's own actions."""
    maximum: Callable[[Any], tuple[int, str]] | None = None
    """The largest wager the house rules allow and its section, where the engine takes a larger
    one as a dealing matter (twenty-one returns the excess, -12.11): a wager keyed at a console
    over it is refused when made."""
    reader: Callable[[Sequence[Event]], bool | None] | None = None
    """What a step's events say the card reader read of the dealer's face-down card (twenty-one's
    -10.3, Three Card 21's 2C.6(i)): True for a twenty-one (blackjack), False for none, None if
    it was not asked. At a physical table whose hole card nobody has seen, the reader's answer
    is keyed (``service.tables.unseen``)."""

    stacks: bool = False
    """A seat's "wager" is its chips, carried from hand to hand (poker): what is keyed is the
    chips bought, added to what the seat has (issue 27: a stack was edited freely between
    hands); chips change otherwise only by play, and are bought between hands."""
    fee: Callable[[Any], int] | None = None
    """A fee each player pays for each half hour of play, collected in advance (poker's
    nontournament fee, 99-01.3-09-03.3): its amount in cents under the house rules."""
    face_down: Callable[[Any], bool] | None = None
    """Whether the card due now is dealt face down (a hole card, a burn card): at a physical
    table the console offers to key it ``down``, unseen (``service.tables.unseen``)."""

    def setup_from_json(self, data: Any) -> Any:
        """The game's setup from its JSON form."""
        if self.decode_setup is not None:
            return self.decode_setup(data)
        return from_json_value(self.setup_type, data)


def _poker_setup_from_json(data: Any) -> Any:
    from croupier.games.poker.game import Setup
    from croupier.games.poker.table import SeatSpec

    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError(f"expected a poker setup object, got {data!r}")
    seats = tuple(
        SeatSpec(
            from_json_value(int, s["seat"]),
            from_json_value(int, s["stack"]),
            from_json_value(str | None, s.get("player")),
            from_json_value(bool, s.get("absent", False)),
        )
        for s in data["seats"]
    )
    return Setup(seats, from_json_value(int, data["button"]))


def _twentyone_setup(
    rules: Any,
    seats: Mapping[int, str],
    wagers: Mapping[int, int],
    number: int,
    last: Any,
    today: str,
    unlawful: frozenset[int] = frozenset(),
) -> Any:
    from croupier.games.twentyone.actions import SeatWager
    from croupier.games.twentyone.game import Setup

    return Setup(
        tuple(
            SeatWager(seat, wagers[seat], player=seats[seat], unlawful=seat in unlawful)
            for seat in sorted(seats)
            if wagers.get(seat)
        )
    )


def _twentyone_maximum(rules: Any) -> tuple[int, str]:
    return int(rules.maximum_wager), "99-01.3-08-09.1"


def _twentyone_deal(state: Any) -> Any:
    from croupier.games.twentyone.actions import Action, ActionKind

    return Action(ActionKind.DEAL)


def _twentyone_reader(events: Sequence[Event]) -> bool | None:
    from croupier.games.twentyone.events import DealerChecked

    return next((e.natural for e in events if isinstance(e, DealerChecked)), None)


def _twentyone_face_down(state: Any) -> bool:
    target = state.queue[0] if state.queue else None
    return target is not None and (not target.face_up or target.recipient == "burn")


def _threecard21_face_down(state: Any) -> bool:
    return state.pending.detail in ("burn card", "dealer's hole card")


def _poker_fee(rules: Any) -> int:
    return int(rules.fee_per_half_hour)


def _poker_face_down(state: Any) -> bool:
    return state.pending.detail in ("hole", "burn", "replacement")


def _threecard21_reader(events: Sequence[Event]) -> bool | None:
    from croupier.games.threecard21.events import HoleCardChecked

    return next(
        (e.blackjack for e in events if isinstance(e, HoleCardChecked) and "reader" in e.method),
        None,
    )


def _threecard21_setup(
    rules: Any,
    seats: Mapping[int, str],
    wagers: Mapping[int, int],
    number: int,
    last: Any,
    today: str,
    unlawful: frozenset[int] = frozenset(),
) -> Any:
    from croupier.core.shoe import NJShuffleMethod
    from croupier.games.threecard21.game import Setup
    from croupier.games.threecard21.state import PersonWager, SpotWagers

    return Setup(
        tuple(
            SpotWagers(seat, (PersonWager(wagers[seat]),))
            for seat in sorted(seats)
            if wagers.get(seat)
        ),
        burn_first=number == 1 and rules.shuffle is not NJShuffleMethod.BART_CARTER,
    )


def _poker_setup(
    rules: Any,
    seats: Mapping[int, str],
    wagers: Mapping[int, int],
    number: int,
    last: Any,
    today: str,
    unlawful: frozenset[int] = frozenset(),
) -> Any:
    from croupier.games.poker.game import Setup
    from croupier.games.poker.hand import MISDEAL
    from croupier.games.poker.table import SeatSpec

    playing = [s for s in sorted(seats) if wagers.get(s)]
    if len(playing) < 2:
        raise InvalidInput("a poker hand needs at least two seated players with chips")
    button = playing[0]
    if last is not None:
        previous = last.players[last.button].seat
        if getattr(last, "void_section", "") == MISDEAL and previous in playing:
            # a misdeal is the same hand dealt again: the button stays (-02.18, -04.13;
            # docs/interpretations/poker-session.md)
            button = previous
        else:  # the button moves one seat to the left each hand
            button = next((s for s in playing if s > previous), playing[0])
    return Setup(tuple(SeatSpec(s, wagers[s], seats[s]) for s in playing), button)


def _paddlewheel_setup(
    rules: Any,
    seats: Mapping[int, str],
    wagers: Mapping[int, int],
    number: int,
    last: Any,
    today: str,
    unlawful: frozenset[int] = frozenset(),
) -> Any:
    from croupier.games.paddlewheel.state import TableSetup

    return last.next_setup() if last is not None else TableSetup()


def _ticket_setup(
    rules: Any,
    seats: Mapping[int, str],
    wagers: Mapping[int, int],
    number: int,
    last: Any,
    today: str,
    unlawful: frozenset[int] = frozenset(),
) -> Any:
    """The next card of the series (-02.1: cards are played in the flare's numbered range),
    played today (-02.2: sold on the site the day of play)."""
    from croupier.games.paddlewheel.rules import FLARE
    from croupier.games.paddlewheel.tickets import CardSetup

    flare = rules.flare
    card = flare.first_card_number if last is None else last.card_number + 1
    if card > flare.last_card_number:
        raise RuleViolation(
            f"every card of the series ({flare.first_card_number}..{flare.last_card_number}) "
            "has been played",
            FLARE,
        )
    return CardSetup(card, today)


def _views(game: str) -> tuple[Callable[..., dict[str, JSON]], Callable[..., dict[str, JSON]]]:
    module = importlib.import_module(f"croupier.games.{game}.seat_view")
    game_redact: Callable[[Event, str], dict[str, JSON]] = module.redact_event

    def redact(event: Event, viewer: str) -> dict[str, JSON]:
        from croupier.service.tables._live_events import CardsReplaced

        data = game_redact(event, viewer)
        if isinstance(event, CardsReplaced):
            # a stand-in is no card anybody saw: a stand-in moved says only that it moved,
            # a card turned names the real card and not what stood in for it
            data["was"] = [None] * len(event.was) if event.why != "corrected" else data["was"]
            if event.why == "moved":
                data["cards"] = [None] * len(event.cards)
        return data

    return module.seat_view, redact


def live_game(name: str) -> LiveGame:
    """The hub's view of game ``name`` (``InvalidInput`` for an unknown game)."""
    if name == TICKETS:
        from croupier.games.paddlewheel import seat_view as wheel_views
        from croupier.games.paddlewheel.game import TICKET_GAME
        from croupier.games.paddlewheel.tickets import CardSetup

        return LiveGame(
            TICKETS,
            TICKET_GAME,
            CardSetup,
            _ticket_setup,
            wheel_views.ticket_seat_view,
            wheel_views.ticket_redact_event,
        )
    spec = get_game(name)
    if spec.game is None:
        raise InvalidInput(f"game {name!r} has no protocol object to run live")
    seat_view, redact = _views(name)
    setup_type: type
    if name == "twentyone":
        from croupier.games.twentyone.game import Setup as TwentyOneSetup

        return LiveGame(
            name,
            spec.game,
            TwentyOneSetup,
            _twentyone_setup,
            seat_view,
            redact,
            _twentyone_deal,
            wager_alone=True,
            maximum=_twentyone_maximum,
            reader=_twentyone_reader,
            face_down=_twentyone_face_down,
        )
    if name == "threecard21":
        from croupier.games.threecard21.game import Setup as ThreeCardSetup

        setup_type = ThreeCardSetup
        return LiveGame(
            name,
            spec.game,
            setup_type,
            _threecard21_setup,
            seat_view,
            redact,
            wager_alone=True,
            reader=_threecard21_reader,
            face_down=_threecard21_face_down,
        )
    if name == "poker":
        from croupier.games.poker.game import Setup as PokerSetup

        return LiveGame(
            name,
            spec.game,
            PokerSetup,
            _poker_setup,
            seat_view,
            redact,
            decode_setup=_poker_setup_from_json,
            face_down=_poker_face_down,
            stacks=True,
            fee=_poker_fee,
        )
    if name == "paddlewheel":
        from croupier.games.paddlewheel.state import TableSetup

        return LiveGame(name, spec.game, TableSetup, _paddlewheel_setup, seat_view, redact)
    raise InvalidInput(f"game {name!r} cannot be run live")  # pragma: no cover


def game_of(game: str, rules: Mapping[str, JSON]) -> str:
    """The live game a table of ``game`` plays under ``rules``: a paddlewheel's ticket-card
    rules are played a card at a time (``TICKETS``), its table-method rules at a table."""
    if game == "paddlewheel" and rules.get("method") == "ticket-card":
        return TICKETS
    return game


def redact_all(live: LiveGame, events: Sequence[Event], viewer: str) -> list[dict[str, JSON]]:
    return [live.redact_event(e, viewer) for e in events]
