"""The interactive terminal table of ``croupier play twentyone``: the table view, the prompts
and the dealer's play-by-play. Every refused input is explained (with its section when a rule
refuses it) and the same prompt is asked again; ``help`` lists what may be done; ``quit`` leaves
with everything saved in the table's event stream (run the command again to resume)."""

from __future__ import annotations

from dataclasses import dataclass

import typer
from rich.table import Table

from croupier.cli.common import console
from croupier.core.cards import Card, Rank
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import Event
from croupier.core.money import format_money, parse_money
from croupier.core.protocol import PendingKind
from croupier.service.games.twentyone_table import TwentyOneTable
from croupier.service.games.twentyone_view import (
    Action,
    ActionKind,
    CardBurned,
    CardDealt,
    DiscardsReshuffled,
    DoubledDown,
    DoubleDown,
    Hand,
    HandCompleted,
    HandSplit,
    HouseRules,
    PlayerJoined,
    PlayerLeft,
    Round,
    RoundClosed,
    Seat,
    ShoePrepared,
    TipDoubleDown,
    WagerAccepted,
    WagerSettled,
    count,
    describe_event,
    total,
)

QUIT = frozenset({"q", "quit", "exit", "leave"})
HELP = frozenset({"?", "help"})


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision the player can type: its key, the words accepted and what it does."""

    kind: ActionKind
    key: str
    words: tuple[str, ...]
    meaning: str


CHOICES = (
    Choice(ActionKind.HIT, "h", ("hit", "draw"), "take another card (-11.5)"),
    Choice(ActionKind.STAND, "s", ("stand", "stay"), "take no more cards (-11.5)"),
    Choice(
        ActionKind.DOUBLE,
        "d",
        ("double", "dd"),
        "double down: one more card only; add 'd AMOUNT' to double for less (-09.2.d)",
    ),
    Choice(ActionKind.SPLIT, "p", ("split",), "split the pair into two hands (-09.2.c)"),
    Choice(ActionKind.INSURANCE, "i", ("insurance", "insure"), "insure: half the wager (-09.2.b)"),
    Choice(ActionKind.NO_INSURANCE, "n", ("no", "no-insurance"), "no insurance (-09.2.b)"),
    Choice(ActionKind.EVEN_MONEY, "e", ("even", "even-money"), "even money now (-09.2.b)"),
    Choice(ActionKind.SECOND_CARD, "c", ("card", "second-card"), "take a second card (-12.2)"),
    Choice(
        ActionKind.DECLINE_SECOND_CARD,
        "x",
        ("decline", "decline-second-card"),
        "decline: the space is inactive this round (-12.2)",
    ),
)
_BY_WORD = {w: c for c in CHOICES for w in (c.key, *c.words)}
_BY_KIND = {c.kind: c for c in CHOICES}


class Quit(Exception):
    """The player leaves the table."""


def ask(prompt: str) -> str:
    """One line of input, stripped and lower-cased; ``quit`` (or end of input) raises Quit."""
    try:
        answer = str(typer.prompt(prompt, default="", show_default=False)).strip().lower()
    except typer.Abort:
        console.print()
        raise Quit from None
    if answer in QUIT:
        raise Quit
    return answer


def refused(exc: Exception) -> None:
    """Explain a refusal: the rule's words and its section."""
    if isinstance(exc, RuleViolation):
        console.print(f"[red]refused:[/] {exc.detail} [dim](section {exc.section})[/]")
    else:
        console.print(f"[red]refused:[/] {exc}")


def describe(e: Event) -> str:
    """The play-by-play line of an event (hands numbered from 1, as the player counts them)."""
    if isinstance(e, ShoePrepared):
        return (
            f"dealer shuffles the cards ({e.reason}); cutting card {e.cut} cards in, indicator "
            f"card {e.indicator_from_bottom} cards from the bottom; one card burned [-08]"
        )
    if isinstance(e, CardBurned):
        return f"dealer burns one card: {e.reason} [{e.section}]"
    if isinstance(e, DiscardsReshuffled):
        return (
            f"the shoe is short: dealer shuffles the {len(e.order)} discards, cuts {e.cut} "
            "cards in and burns one card, then completes the round [-12.9]"
        )
    if isinstance(e, PlayerJoined):
        return f"{e.player} sits down with {format_money(e.chips)} in chips"
    if isinstance(e, PlayerLeft):
        return f"{e.player} leaves the table with {format_money(e.chips)} in chips"
    if isinstance(e, WagerAccepted) and e.excess_returned:
        return (
            f"space {e.space}: wager valued at the table maximum {format_money(e.wager)}; the "
            f"excess {format_money(e.excess_returned)} is returned to {e.player} [99-01.3-08-09.1]"
        )
    if isinstance(e, CardDealt) and e.recipient == "space":
        hand = f" hand {e.hand + 1}" if e.hand else ""
        return f"space {e.space}{hand}: {e.card} ({e.purpose})"
    if isinstance(e, HandSplit):
        return f"space {e.space} splits hand {e.hand + 1}: {format_money(e.wager)} on new hand"
    if isinstance(e, DoubledDown):
        tip = f", tip bet doubled {format_money(e.tip_amount)}" if e.tip_amount else ""
        return f"space {e.space} hand {e.hand + 1} doubles down {format_money(e.amount)}{tip}"
    if isinstance(e, HandCompleted):
        return f"space {e.space} hand {e.hand + 1}: {e.how} at {e.total}"
    if isinstance(e, WagerSettled):
        amount = format_money(abs(e.net))
        verdict = {"win": f"wins {amount}", "lose": f"loses {amount}"}.get(
            e.result.value, e.result.value
        )
        where = f" -> {e.destination}" if e.destination else ""
        return (
            f"space {e.space} hand {e.hand + 1} {e.kind} {format_money(e.stake)}: "
            f"{verdict}{where} [{e.section}]"
        )
    return describe_event(e)


def show(events: list[Event]) -> None:
    """Print the dealer's play-by-play for ``events``."""
    for e in events:
        line = describe(e)
        if not line:
            continue
        style = "bold yellow" if line.startswith("dealer") else None
        if isinstance(e, WagerSettled):
            style = "green" if e.net > 0 else ("red" if e.net < 0 else "cyan")
        console.print(line, style=style, highlight=False, markup=False)


def _count_text(cards: list[Card]) -> str:
    points, soft = count(cards)
    return f"soft {points}" if soft else str(points)


def table_view(table: TwentyOneTable) -> Table:
    """The layout: dealer's cards and total, each space's hands, wagers, totals, the chips."""
    r = table.round
    assert r is not None
    grid = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for name in ("", "cards", "total", "wagers", ""):
        grid.add_column(name)
    faces = list(zip(r.dealer_cards, r.dealer_faces, strict=True))
    dealer = [str(c) if up else "(hole)" for c, up in faces]
    shown = [c for c, up in faces if up]
    dealer_total = _count_text(shown) if shown else ""
    if r.hole_card_down and len(shown) == 1:
        dealer_total = "shows an ace" if shown[0].rank is Rank.ACE else f"shows {dealer_total}"
    grid.add_row("dealer", " ".join(dealer), dealer_total, "", "")
    pending = r.pending
    for seat in r.ordered_seats():
        for i, hand in enumerate(seat.hands):
            label = f"space {seat.space}" if i == 0 else ""
            if len(seat.hands) > 1:
                label = f"{label:<8} hand {i + 1}"
            turn = (
                pending.kind is PendingKind.SEAT
                and pending.seat == seat.space
                and (pending.hand or 0) == i
            )
            cards = " ".join(str(c) for c in hand.cards) or "-"
            points = _count_text(list(hand.cards)) if hand.cards else ""
            if hand.cards and total(hand.cards) > 21:
                points = f"{points} bust"
            grid.add_row(
                label,
                cards,
                points,
                _wagers(seat, hand, i),
                "[bold]<- your turn[/]" if turn else "",
            )
        if not seat.active:
            grid.add_row(f"space {seat.space}", "(inactive this round)", "", "", "")
    grid.caption = (
        f"chips {format_money(table.available())} (bankroll {format_money(table.bankroll)} "
        f"before this round)"
    )
    return grid


def _wagers(seat: Seat, hand: Hand, index: int) -> str:
    parts = [format_money(hand.wager)]
    if hand.double:
        parts.append(f"+ double {format_money(hand.double)}")
    if index == 0 and seat.tip:
        parts.append(f"tip {format_money(seat.tip + hand.tip_double)}")
    if index == 0 and seat.insurance:
        parts.append(f"insurance {format_money(seat.insurance)}")
    return ", ".join(parts)


class Session:
    """One player at the terminal table, playing ``spaces`` (one, or two adjacent)."""

    def __init__(
        self, table: TwentyOneTable, spaces: tuple[int, ...], buy_in: int = 100_00
    ) -> None:
        self.table = table
        self.spaces = spaces
        self.buy_in = buy_in
        self.last: dict[int, tuple[int, int]] = {}
        self.fresh_view = True

    @property
    def rules(self) -> HouseRules:
        assert self.table.rules is not None
        return self.table.rules

    def run(self) -> None:
        """Play until the player quits or cannot cover the minimum wager."""
        table = self.table
        try:
            if table.round is not None:
                console.print(f"[bold]Resuming round {table.rounds} where it stopped.[/]")
                show(table.deal_owed_cards())
            elif not table.seated:
                show(table.sit_down(self.buy_in))
            else:
                show(table.player_arrives())
            while True:
                if table.round is None:
                    if not self.next_round():
                        return
                else:
                    self.decide()
        except Quit:
            where = "your round in progress is" if table.round is not None else "the table is"
            console.print(
                f"You leave the table with {format_money(table.available())} in chips; {where} "
                "saved (run the same command to come back)."
            )
        console.print("Thanks for playing.")

    # -- wagers ------------------------------------------------------------------------------
    def next_round(self) -> bool:
        table = self.table
        show(table.after_round())
        if table.broke:
            console.print(
                f"Your chips ({format_money(table.bankroll)}) do not cover the table minimum of "
                f"{format_money(self.rules.minimum_wager)} (-09.1); you leave the table, which "
                "stays open for the next player (run the command again to buy in)."
            )
            show(table.leave())
            return False
        console.print(f"\n[bold]Round {table.rounds + 1}[/]  chips {format_money(table.bankroll)}")
        wagers = self.ask_wagers()
        before = table.bankroll
        try:
            show(table.start_round(wagers))
        except (RuleViolation, InvalidInput) as exc:
            refused(exc)
            return True
        self.last = {s: (w, t) for s, w, t in wagers}
        self.fresh_view = True
        self._round_over(before)
        return True

    def ask_wagers(self) -> list[tuple[int, int, int]]:
        """Ask each of the player's spaces for its wager and tip bet; checked as they come."""
        while True:
            placed: list[tuple[int, int, int]] = []
            for space in self.spaces:
                bet = self.ask_space(space, placed)
                if bet is not None:
                    placed.append(bet)
            if placed:
                return placed
            console.print(
                "[red]refused:[/] the dealer deals only to a betting space with a wager "
                "[dim](section 99-01.3-08-10.1)[/]"
            )

    def ask_space(
        self, space: int, placed: list[tuple[int, int, int]]
    ) -> tuple[int, int, int] | None:
        rules = self.rules
        last = self.last.get(space)
        default = "0 = no wager"
        if last:
            tip_text = f" + tip {format_money(last[1])}" if last[1] else ""
            default = f"Enter = {format_money(last[0])}{tip_text}, 0 = no wager"
        limits = f"{format_money(rules.minimum_wager)}-{format_money(rules.maximum_wager)}"
        while True:
            answer = ask(f"Space {space} wager, whole dollars {limits} ({default}; q to quit)")
            if answer in HELP:
                self._wager_help()
                continue
            parts = answer.split()
            try:
                if not parts:
                    if last is None:
                        if len(self.spaces) > 1:
                            return None
                        console.print("[red]enter a wager amount, or q to quit[/]")
                        continue
                    wager, tip = last
                else:
                    wager = parse_money(parts[0])
                    if wager == 0:
                        return None
                    self.table.check_wagers([*placed, (space, wager, 0)])
                    tip = parse_money(parts[1]) if len(parts) > 1 else self.ask_tip(space)
                bet = (space, wager, tip)
                self.table.check_wagers([*placed, bet])
            except (RuleViolation, InvalidInput) as exc:
                refused(exc)
                continue
            return bet

    def ask_tip(self, space: int) -> int:
        rules = self.rules
        if not rules.tip_betting_permitted:
            return 0
        while True:
            answer = ask(
                f"Space {space} tip bet for the dealer, fifty-cent chips $0.50-"
                f"{format_money(rules.tip_bet_limit)} (Enter = none)"
            )
            if not answer:
                return 0
            try:
                return parse_money(answer)
            except InvalidInput as exc:
                refused(exc)

    def _wager_help(self) -> None:
        rules = self.rules
        console.print(
            f"Type a wager in whole dollars from {format_money(rules.minimum_wager)} to "
            f"{format_money(rules.maximum_wager)} (-09.1); you may add a tip bet after it "
            "('10 1' = $10 and a $1 tip, -09.2.a). 0 leaves the space empty; q leaves the table."
        )

    # -- decisions ---------------------------------------------------------------------------
    def decide(self) -> None:
        table = self.table
        r = table.round
        assert r is not None
        pending = r.pending
        if pending.kind is not PendingKind.SEAT or pending.seat is None:
            show(table.deal_owed_cards())
            return
        if self.fresh_view:
            console.print(table_view(table))
            self.fresh_view = False
        seat = r.seats[pending.seat]
        hand_no = pending.hand or 0
        choices = self._legal(r)
        menu = ", ".join(f"{c.key} {c.kind.value}" for c in choices)
        where = f"Space {seat.space}"
        if len(seat.hands) > 1:
            where += f" hand {hand_no + 1} of {len(seat.hands)}"
        if pending.detail == "insurance?":
            where += f' - dealer: "insurance?" ({format_money(seat.wager // 2)})'
        answer = ask(f"{where}: {menu} (help, q to quit)")
        if answer in HELP:
            self._decision_help(choices)
            return
        parts = answer.split()
        choice = _BY_WORD.get(parts[0]) if parts else None
        if choice is None:
            console.print(
                f"[red]refused:[/] {answer!r} is not a decision; type one of: "
                f"{', '.join(c.key for c in choices)}, or help"
            )
            return
        action = Action(choice.kind, space=seat.space, hand=hand_no)
        if choice.kind is ActionKind.DOUBLE:
            try:
                action = self._double(r, seat, seat.hands[hand_no], hand_no, parts[1:])
            except InvalidInput as exc:
                refused(exc)
                return
        before = table.bankroll
        try:
            events = table.act(action)
        except (RuleViolation, InvalidInput) as exc:
            refused(exc)
            return
        show(events)
        self.fresh_view = True
        if any(isinstance(e, RoundClosed) for e in events):
            self._round_over(before)

    def _legal(self, r: Round) -> list[Choice]:
        kinds = dict.fromkeys(a.kind for a in r.legal_actions())
        return [_BY_KIND[k] for k in kinds if k in _BY_KIND]

    def _decision_help(self, choices: list[Choice]) -> None:
        console.print("You may now:")
        for c in choices:
            console.print(f"  {c.key} / {c.words[0]:<13} {c.meaning}", highlight=False)
        console.print("  help            this list;  q / quit  leave (the round is saved)")

    def _double(self, r: Round, seat: Seat, hand: Hand, index: int, extra: list[str]) -> Action:
        """The double-down action, asking the amount (and tip double) when the house allows."""
        rules = r.rules
        amount = hand.wager
        if extra:
            amount = parse_money(extra[0])
        elif rules.double_down is DoubleDown.EQUAL_OR_LESS and hand.wager > 100:
            amount = self._ask_amount(
                f"Double-down amount, whole dollars $1.00-{format_money(hand.wager)} "
                f"(Enter = {format_money(hand.wager)})",
                hand.wager,
            )
        tip = 0
        mode = rules.tip_double_down
        if mode is not TipDoubleDown.NOT_PERMITTED and seat.tip and index == 0:
            if len(extra) > 1:
                tip = parse_money(extra[1])
            elif mode is TipDoubleDown.EQUAL:
                yes = ask(f"Double your tip bet of {format_money(seat.tip)} too? (y/N)")
                tip = seat.tip if yes in ("y", "yes") else 0
            else:
                tip = self._ask_amount(
                    f"Tip double-down, fifty-cent chips $0.50-{format_money(seat.tip)} "
                    "(Enter = none)",
                    0,
                )
        return Action(
            ActionKind.DOUBLE, space=seat.space, hand=index, amount=amount, tip_amount=tip or None
        )

    def _ask_amount(self, prompt: str, default: int) -> int:
        while True:
            answer = ask(prompt)
            if not answer:
                return default
            try:
                return parse_money(answer)
            except InvalidInput as exc:
                refused(exc)

    def _round_over(self, before: int) -> None:
        table = self.table
        if table.round is not None:
            return
        net = table.bankroll - before
        result = "even" if net == 0 else (f"up {format_money(net)}" if net > 0 else "")
        result = result or f"down {format_money(-net)}"
        console.print(
            f"[bold]Round {table.rounds} over:[/] {result}; chips {format_money(table.bankroll)}"
        )
