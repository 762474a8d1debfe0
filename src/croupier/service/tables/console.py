"""The console at a table: one typed view model per game, built from what the person may see.

The table page used to print the game's seat view as a tree of data (``mine true``,
``burned 0``, a settlement as JSON). A dealer needs something else (issue 27): whose turn it is
and what that seat may do, the card or spin the rules want next and where it goes, every seat's
cards and wagers in dollars, who won and the chips to pay or collect. A player needs the game,
readable on a phone. This module turns the hub's view (``LiveTableHub.view``, already redacted
for the person looking) into a ``Console``: places (a space, a spot, a seat, the dealer) with
their cards and wagers, the prompt of the moment and the payouts, and each game's own facts
(twenty-one's dealing method, Three Card 21's bonus, poker's board and pot, the paddlewheel's
winning sections). One template per game draws it (``web/templates/console_<game>.html``).

It reads only the redacted view: a console cannot show a card the seat view hides, whatever
the template does. Money arrives here in dollars (the view's strings) and the payouts are
broken into chips from the settlement's cents.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from croupier.core.money import format_money

CHIP_VALUES_ND = (10_000, 2_500, 500, 200, 100, 50)
"""The chip values North Dakota allows (99-01.3-08-03.1: fifty cents, one, two, five,
twenty-five and one hundred dollars), largest first: a payout is counted out in them."""

CHIP_VALUES_PADDLEWHEEL = (10_000, 2_500, 500, 200, 100)
"""The casino chips a paddlewheel pays a winning bet with (99-01.3-11-03.4: one, two, five,
twenty-five and one hundred dollars), largest first."""

SUITS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
GAME_TITLES = {
    "twentyone": "Twenty-one",
    "threecard21": 'Three Card 21 "N" Done',
    "poker": "Poker",
    "paddlewheel": "Paddlewheel",
    "paddlewheel-tickets": "Paddlewheel (ticket cards)",
}


@dataclass(frozen=True)
class Face:
    """One card on the layout: its rank and suit as printed (``10♥``), or face down."""

    text: str | None
    """The card (``Th``), or None when it lies face down (or may not be seen)."""

    @property
    def down(self) -> bool:
        return self.text is None

    @property
    def red(self) -> bool:
        return self.text is not None and self.text[-1] in "dh"

    @property
    def label(self) -> str:
        if self.text is None:
            return "face down"
        rank = self.text[:-1]
        return ("10" if rank == "T" else rank) + SUITS.get(self.text[-1], self.text[-1])


@dataclass(frozen=True)
class Hand:
    """A hand of a place: its cards, its count and how it stands."""

    cards: tuple[Face, ...]
    total: str = ""
    status: str = ""
    label: str = ""


@dataclass(frozen=True)
class Place:
    """A space, spot or seat of the layout (or the dealer's place)."""

    number: int
    name: str
    """Who plays it (a player's name, or "space 3" when the table does not know it)."""
    hands: tuple[Hand, ...] = ()
    wagers: tuple[tuple[str, str], ...] = ()
    """(what, dollars): the wagers in front of the place (``("wager", "$10.00")``)."""
    status: str = ""
    to_act: bool = False
    mine: bool = False


@dataclass(frozen=True)
class Payout:
    """What the dealer pays a place (or collects from it) at the end of the round."""

    party: str
    cents: int
    chips: str
    """The amount counted out in chips (``3 x $5``), empty where chips are not counted."""
    word: str = "seat"
    """What the game calls a place: a numbered party is ``seat 3`` or ``spot 3``."""
    even: str = "even (push)"
    """A party that neither won nor lost: a push where a wager ties the dealer (twenty-one),
    no net change where nothing ties (poker's seats, the wheel's)."""

    @property
    def text(self) -> str:
        if self.party == "house":
            return ""
        who = _party_name(self.party, self.word)
        if self.party == "tips":
            return f"tips to the receptacle: {format_money(self.cents)}" if self.cents else ""
        if self.cents > 0:
            counted = f" = {self.chips}" if self.chips else ""
            return f"pay {who}: {format_money(self.cents)}{counted}"
        if self.cents < 0:
            return f"collect from {who}: {format_money(-self.cents)}"
        return f"{who}: {self.even}"


ON_REQUEST = "on request"
"""A view's ``mistakes`` when the dealer's irregularities were left out of its options: the
console lists them when the dealer opens its list (``TablesDesk.mistakes``). Each is tried on a
replay of the round, so making them for every update was the largest part of the dealer's
view (issue 27)."""


@dataclass(frozen=True)
class Console:
    """A table as its console shows it to one person."""

    game: str
    title: str
    table: str
    mode: str
    viewer: str
    version: int
    round: int
    round_open: bool
    closed: bool
    phase: str
    prompt: str
    """What the rules want now, in words (``Key the card for space 4 (double)``)."""
    key_wanted: str = ""
    """At a physical table with a chance move due: ``card`` or ``spin`` (the key field shows)."""
    turn: str = ""
    """Whose turn it is (``space 4``), empty when it is the dealer's or chance's or nobody's."""
    dealer: Place | None = None
    board: tuple[Face, ...] = ()
    places: tuple[Place, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    """The game's own facts for everyone (method, pot, bonus, the winning sections...)."""
    payouts: tuple[Payout, ...] = ()
    results: tuple[str, ...] = ()
    """Each wager's result in words, once the round has them."""
    options: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)
    seated: tuple[tuple[int, str, str], ...] = ()
    """(seat, who sits there, their wager for the next round in dollars)."""
    fee: str = ""
    """The half-hour fee a player pays in advance (poker, -09-03.3), empty where none is due."""
    fees: Mapping[str, str] = field(default_factory=dict)
    """Seat -> the time its player has paid the fee to."""
    mistakes_on_request: bool = False
    """The dealer's dealing mistakes are not among ``options``: the console lists them when
    the dealer opens their list (``TablesDesk.mistakes``)."""


def chips_for(cents: int, values: Sequence[int] = CHIP_VALUES_ND) -> str:
    """``cents`` counted out in chips, largest first (``1 x $25 + 2 x $5``); empty when the
    chips cannot make the amount exactly."""
    left, parts = cents, []
    for value in values:
        n, left = divmod(left, value)
        if n:
            parts.append(f"{n} x {format_money(value).removesuffix('.00')}")
    return " + ".join(parts) if left == 0 else ""


def _party_name(party: str, word: str = "seat") -> str:
    if party.startswith("player:"):
        who = party[len("player:") :]
        return f"{word} {who}" if who.isdigit() else who
    return party


def _faces(cards: Any) -> tuple[Face, ...]:
    return tuple(Face(c if isinstance(c, str) else None) for c in (cards or ()))


def _describe_pending(view: Mapping[str, Any], place_word: str) -> tuple[str, str, str]:
    """(prompt, the key wanted, whose turn) from the hub's ``pending``."""
    pending = view.get("pending")
    physical = view.get("mode") == "physical"
    if view.get("closed"):
        return "The table is closed.", "", ""
    if not view.get("round_open"):
        due = view.get("fees_due") or ()
        if due:
            seats = ", ".join(str(s) for s in due)
            return (
                f"Collect the half-hour fee ({view.get('fee')}) from seat {seats}, in advance "
                "(99-01.3-09-03.3), then deal.",
                "",
                "",
            )
        return "No round in play: take the wagers, then deal.", "", ""
    if not pending or pending.get("kind") == "none":
        if view.get("game") == "poker":
            if (view.get("state") or {}).get("phase") == "void":
                # a misdeal (-04.13) or a defective deck (-04.28): nobody wins a pot
                return "The hand is void: settle it (every bet is returned), then redeal.", "", ""
            return "The hand is over: push each pot to its winner (below), then settle.", "", ""
        return "The round is over: pay and collect, then settle.", "", ""
    held = view.get("held")
    if held:
        need = ", ".join(str(n) for n in held.get("need") or ())
        if held.get("reader"):
            return (
                f"Read the face-down card ({need}): if the reader shows twenty-one, turn it "
                "and key it; if not, choose 'no twenty-one'.",
                "card",
                "",
            )
        return f"Turn the face-down card and key it: {need}.", "card", ""
    kind, seat, detail = pending.get("kind"), pending.get("seat"), pending.get("detail") or ""
    where = f"{place_word} {seat}" if seat is not None else "the dealer"
    if kind == "chance" and physical and view.get("face_down_due"):
        what = "the burn card" if "burn" in detail else f"the card for {where}"
        return (
            f"Deal {what} face down ({detail}): choose 'dealt face down', nobody looks at it.",
            "card",
            "",
        )
    if kind == "chance":
        spin = str(view.get("game")).startswith("paddlewheel")
        burn = seat is None and "burn" in detail
        board = view.get("game") == "poker" and detail == "board"
        what = (
            "the spin"
            if spin
            else "the burn card"
            if burn
            else "the board card"
            if board
            else f"the card for {where}"
        )
        said = "" if board else f" ({detail})" if detail else ""
        prompt = ("Key " if physical else "Draw ") + what + said
        return prompt, ("spin" if spin else "card") if physical else "", ""
    tickets = view.get("game") == "paddlewheel-tickets"
    if kind == "seat" and tickets:
        return f"Ticket {seat} wins: record its claim, or the prize unclaimed (-02.6).", "", ""
    if kind == "seat":
        return f"{where.capitalize()} to act" + (f" ({detail})" if detail else ""), "", where
    if tickets:
        return (
            "Sell the card's tickets: the wheel is spun once every ticket is sold (-02.3); "
            "a card not sold out is refunded (-02.2).",
            "",
            "",
        )
    return "The dealer's move" + (f": {detail}" if detail else ""), "", ""


def _payouts(game: str, parties: Mapping[str, int]) -> tuple[Payout, ...]:
    if game == "paddlewheel-tickets":
        return ()  # a ticket card's prizes are cash or merchandise, listed with the card (-02.4)
    nd = game != "threecard21"  # New Jersey's chips are not North Dakota's (-03.1)
    word = PLACE_WORDS.get(game, "seat")
    out = []
    for party, cents in sorted(parties.items()):
        if party == "house":
            continue
        chips = ""
        if cents > 0 and game == "paddlewheel" and cents % 100 == 0:
            # paid in one-dollar betting chips of the winning chip's colour, or in casino chips
            # of $1 to $100 (99-01.3-11-03.4, -05.6)
            casino = chips_for(cents, CHIP_VALUES_PADDLEWHEEL)
            chips = f"{cents // 100} betting chips" + (f" or {casino}" if casino else "")
        elif cents > 0 and nd:
            chips = chips_for(cents)
        even = "even (push)" if game in ("twentyone", "threecard21") else "no net change"
        out.append(Payout(party, cents, chips, word, even))
    return tuple(out)


PLACE_WORDS = {
    "twentyone": "space",
    "threecard21": "spot",
    "poker": "seat",
    "paddlewheel": "seat",
    "paddlewheel-tickets": "ticket",
}
"""What each game's rules call a player's place at the table (-08: a betting space; 2C: a
spot or betting position; -09 and -11: a seat)."""


def _results(state: Mapping[str, Any], place_word: str) -> tuple[str, ...]:
    out = []
    for r in state.get("results") or ():
        where = f"{place_word} {r.get('space', r.get('seat'))}"
        hand = r.get("hand")
        hand_text = f" hand {hand + 1}" if isinstance(hand, int) and hand else ""
        section = f" ({r['section']})" if r.get("section") else ""
        out.append(
            f"{where}{hand_text} {r.get('kind')} {r.get('stake')}: {r.get('result')} "
            f"{r.get('net')}{section}"
        )
    return tuple(out)


def console(view: Mapping[str, Any], parties: Mapping[str, int] | None = None) -> Console:
    """The console of ``view`` (``TablesDesk.view``: the hub's view for one person, with the
    options offered to them). ``parties``: each party's net in cents of the round just over
    or last settled, for the payouts."""
    game = str(view.get("game"))
    state: Mapping[str, Any] = view.get("state") or {}
    build = _BUILDERS.get(game, _generic)
    place_word = PLACE_WORDS.get(game, "seat")
    prompt, key_wanted, turn = _describe_pending(view, place_word)
    dealer, board, places, facts = build(view, state)
    pending = view.get("pending") or {}
    to_act = pending.get("seat") if pending.get("kind") == "seat" else None
    places = tuple(
        Place(p.number, p.name, p.hands, p.wagers, p.status, p.number == to_act, p.mine)
        for p in places
    )
    return Console(
        game=game,
        title=GAME_TITLES.get(game, game),
        table=str(view.get("table")),
        mode=str(view.get("mode", "virtual")),
        viewer=str(view.get("viewer")),
        version=int(view.get("version", 0)),
        round=int(view.get("round", 0)),
        round_open=bool(view.get("round_open")),
        closed=bool(view.get("closed")),
        phase=str(state.get("phase", "")),
        prompt=prompt,
        key_wanted=key_wanted,
        turn=turn,
        dealer=dealer,
        board=board,
        places=places,
        facts=facts,
        payouts=_payouts(game, parties or {}),
        results=_results(state, place_word),
        options=tuple(view.get("options") or ()),
        fee=str(view.get("fee") or "") if view.get("mode") == "physical" else "",
        fees=dict(view.get("fees") or {}),
        seated=tuple(
            (int(seat), str(player), str((view.get("wagers") or {}).get(seat, "")))
            for seat, player in (view.get("seats") or {}).items()
        ),
        mistakes_on_request=view.get("mistakes") == ON_REQUEST,
    )


Built = tuple[Place | None, tuple[Face, ...], tuple[Place, ...], tuple[tuple[str, str], ...]]


def _seat_names(view: Mapping[str, Any]) -> Mapping[str, str]:
    seats = view.get("seats") or {}
    return {str(k): str(v) for k, v in seats.items()}


def _hands(items: Sequence[Mapping[str, Any]], done_word: str) -> list[Hand]:
    """A place's hands as a seat view lists them (cards and total), each marked bust over 21
    or ``done_word`` once played, numbered from 1 when the place holds more than one."""
    hands = []
    for n, h in enumerate(items):
        total = h.get("total")
        status = "bust" if isinstance(total, int) and total > 21 else ""
        if not status and h.get("done"):
            status = done_word
        label = f"hand {n + 1}" if len(items) > 1 else ""
        hands.append(
            Hand(_faces(h.get("cards")), "" if total is None else str(total), status, label)
        )
    return hands


def _twentyone(view: Mapping[str, Any], state: Mapping[str, Any]) -> Built:
    dealer_data = state.get("dealer") or {}
    dealer_cards = _faces(dealer_data.get("cards"))
    shown = dealer_data.get("shown_total")
    dealer = Place(
        0,
        "dealer",
        (Hand(dealer_cards, "" if shown is None else f"showing {shown}"),),
    )
    places = []
    for s in state.get("spaces") or ():
        hands = _hands(s.get("hands") or (), "stands")
        wagers = [("wager", str(s.get("wager")))]
        for what in ("tip", "insurance"):
            if s.get(what) not in (None, "$0.00"):
                wagers.append((what, str(s.get(what))))
        places.append(
            Place(
                int(s["space"]),
                str(s.get("player") or f"space {s['space']}"),
                tuple(hands),
                tuple(wagers),
                "" if s.get("active", True) else "inactive",
                mine=bool(s.get("mine")),
            )
        )
    facts = [("dealing method", str(state.get("method", "")).replace("-", " "))]
    if state.get("burned"):
        facts.append(("cards burned", str(state.get("burned"))))
    return dealer, (), tuple(places), tuple(facts)


def _threecard21(view: Mapping[str, Any], state: Mapping[str, Any]) -> Built:
    dealer_data = state.get("dealer") or {}
    dealer = Place(0, "dealer", (Hand(_faces(dealer_data.get("cards"))),))
    names = _seat_names(view)
    bonus = state.get("bonus") or {}
    places = []
    for s in state.get("spots") or ():
        number = int(s["space"])
        hands = _hands(s.get("hands") or (), "done")
        wagers = tuple(("wager", str(w)) for w in s.get("wagers") or ())
        category = bonus.get(str(number))
        status = "dead" if s.get("dead") else (f"bonus: {category}" if category else "")
        places.append(
            Place(
                number,
                names.get(str(number), f"space {number}"),
                tuple(hands),
                wagers,
                status,
                mine=bool(s.get("mine")),
            )
        )
    return dealer, (), tuple(places), ()


def _poker(view: Mapping[str, Any], state: Mapping[str, Any]) -> Built:
    fees: Mapping[str, str] = view.get("fees") or {}
    places = []
    for s in state.get("seats") or ():
        status = ""
        for flag in ("folded", "all_in", "dead"):
            if s.get(flag):
                status = flag.replace("_", "-")
        if int(s["seat"]) == state.get("button"):
            status = (status + ", " if status else "") + "dealer button"
        paid = fees.get(str(s["seat"]))
        if paid:
            status = (status + ", " if status else "") + f"fee paid to {paid}"
        places.append(
            Place(
                int(s["seat"]),
                str(s.get("player") or f"seat {s['seat']}"),
                (Hand(_faces(s.get("hole"))),),
                (("stack", str(s.get("stack"))), ("bet", str(s.get("bet")))),
                status,
                mine=bool(s.get("mine")),
            )
        )
    street = state.get("street")
    facts = [("pot", str(state.get("pot", "$0.00")))]
    if view.get("fee"):  # posted (-09-03.3: the fee schedule is posted or made available)
        facts.append(("fee", f"{view.get('fee')} a player for each half hour, in advance"))
    if isinstance(street, int):
        facts.append(("betting round", str(street + 1)))
    if state.get("burned"):
        facts.append(("cards burned", str(state.get("burned"))))
    names = {int(s["seat"]): str(s.get("player") or "") for s in state.get("seats") or ()}
    for award in state.get("awards") or ():  # -04.26: each pot pushed to its winner(s)
        n = int(award["pot"])
        pot = "main pot" if n == 0 else f"side pot {n}"
        half = {"high": " (high)", "low": " (low)"}.get(str(award.get("half")), "")
        winners = ", ".join(
            f"seat {seat} {names.get(int(seat), '')}".strip() + f" {share}"
            for seat, share in zip(award["seats"], award["shares"], strict=True)
        )
        facts.append((f"{pot}{half} {award['amount']}", f"push to {winners}"))
    return None, _faces(state.get("board")), tuple(places), tuple(facts)


def _paddlewheel(view: Mapping[str, Any], state: Mapping[str, Any]) -> Built:
    bets: dict[int, list[tuple[str, str]]] = {}
    for item in state.get("layout") or ():
        chips = item.get("chips")
        shown = format_money(chips * 100) if isinstance(chips, int) else str(chips)
        bets.setdefault(int(item["seat"]), []).append((f"on {item['spot']}", shown))
    places = []
    for s in state.get("seats") or ():
        number = int(s["seat"])
        rail = s.get("rail")
        wagers = [*bets.get(number, [])]
        if isinstance(rail, int) and rail:
            wagers.append(("chips on the rail", str(rail)))
        places.append(
            Place(
                number,
                str(s.get("player") or f"seat {number}"),
                (),
                tuple(wagers),
                f"{s.get('color')} chips" if s.get("color") else "",
                mine=bool(s.get("mine")),
            )
        )
    result = state.get("result")
    facts: list[tuple[str, str]] = []
    if isinstance(result, Mapping):  # spun: the winning number or symbol of each circle (-05.5)
        facts.extend((f"{color} wins", str(section)) for color, section in result.items())
    else:
        facts.append(("spin", str(state.get("spin", ""))))
    return None, (), tuple(places), tuple(facts)


def _paddlewheel_tickets(view: Mapping[str, Any], state: Mapping[str, Any]) -> Built:
    """A ticket card (99-01.3-11-02): the tickets sold and to whom, the prize spun for, the
    winning ticket and its claim, and each prize awarded as recorded (-02.4)."""
    winner = state.get("winner") or {}
    won = state.get("won") or {}
    places = []
    for item in state.get("sold") or ():
        ticket = int(item["ticket"])
        status = ""
        if winner.get("ticket") == ticket:
            status = "winning ticket: to claim"
        elif str(ticket) in won:
            status = f"won {won[str(ticket)]}"
        paid = (("paid", str(item["price"])),)
        places.append(Place(ticket, str(item.get("player") or ""), (), paid, status))
    facts: list[tuple[str, str]] = [
        ("card", f"{state.get('card')} (serial {state.get('serial')}), {state.get('date')}"),
        ("price", f"{state.get('price')} a ticket"),
        ("sold", f"{len(places)} of {state.get('tickets')}"),
    ]
    if state.get("prize") is not None and state.get("phase") not in ("complete", "refunded"):
        facts.append(("spinning for", f"prize {state.get('prize')} of {state.get('prizes')}"))
    if winner:
        facts.append(("winning ticket", f"{winner.get('ticket')} ({winner.get('player')})"))
        limit = state.get("claim_limit_minutes")
        facts.append(
            (
                "claim",
                "the winner must be present at the spin"
                if state.get("presence_required")
                else f"within {limit} minutes of the spin"
                if limit is not None
                else "at any time",
            )
        )
    for record in state.get("records") or ():
        what = (
            format_money(int(record["cash"]))
            if record.get("cash")
            else str(record.get("merchandise") or "")
        )
        facts.append((f"prize {record.get('prize')}", f"{what} to ticket {record.get('ticket')}"))
    return None, (), tuple(places), tuple(facts)


def _generic(view: Mapping[str, Any], state: Mapping[str, Any]) -> Built:  # pragma: no cover
    return None, (), (), ()


_BUILDERS = {
    "twentyone": _twentyone,
    "threecard21": _threecard21,
    "poker": _poker,
    "paddlewheel": _paddlewheel,
    "paddlewheel-tickets": _paddlewheel_tickets,
}
