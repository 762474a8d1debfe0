"""What a person at a live table is offered now, numbered (``TablesDesk.choose`` takes the
number back with the version it was offered at).

The party to act is offered the legal actions of the moment (grouped into entries where a
choice is typed: an amount, chips on a spot); at a physical table the dealer also keys the
players' decisions, a face-down card ("down"), the card reader's answer, a correction of the
card or spin just keyed, and between rounds each poker seat's half-hour fee; last, to the dealer
only, the irregularities the round would accept now, each with its section and remedy (left out
on request: each is tried on a replay of the round), at a physical table those that name a card
out of the shoe last of all, each with the field to type that card in. Kept apart from the
desk, which asks who is looking and holds the lock; this module only reads the hub.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from croupier.core.money import format_money
from croupier.core.protocol import PendingKind
from croupier.service.tables import unseen
from croupier.service.tables._live_games import TICKETS
from croupier.service.tables.entries import Entry, entry_label, grouped
from croupier.service.tables.labels import label, remedy_of
from croupier.service.tables.live import PHYSICAL, LiveTableHub

if TYPE_CHECKING:
    from croupier.service.tables._live_table import LiveTable


@dataclass(frozen=True)
class Option:
    """One action offered: a legal action of the party to act (``kind`` "action"), or, to the
    dealer, an irregularity the round would accept now (``kind`` "irregularity") with the
    section that governs it and the remedy recording it applies."""

    index: int
    label: str
    kind: str = "action"
    section: str | None = None
    remedy: str | None = None
    fields: tuple[dict[str, Any], ...] = ()
    """An ``entry`` (``service.tables.entries``): the fields to fill in (an amount, a count of
    chips, a choice among the offered values, a name) before it is taken."""


@dataclass(frozen=True)
class Keyed:
    """An option that keys an outcome at a physical table (``down``, the reader's ``no``)."""

    outcome: str


@dataclass(frozen=True)
class CollectFee:
    """The option that records a poker seat's fee for its next half hour (-09-03.3)."""

    seat: int


@dataclass(frozen=True)
class Withdraw:
    """The option that takes back a step held for a face-down card."""


@dataclass(frozen=True)
class Entered:
    """The option that records an irregularity naming a card out of the shoe with the card
    typed in its field ``card`` (``LiveTableHub.enter``): a Three Card 21 ``irregularity``
    holds a card the shoe still holds in its place; a twenty-one mistake holds none (the card
    typed is keyed after it, as the card its remedy burns)."""

    irregularity: Any


ENTERED_CARD: dict[str, Any] = {
    "name": "card",
    "kind": "text",
    "label": "card exposed",
    "choices": [],
}
"""The field of an ``Entered`` option: the card, face up, as it left the shoe."""


@dataclass(frozen=True)
class Correct:
    """The option that corrects the card or spin keyed last (the card, or the section, typed in
    its field ``card``)."""


def offered(
    hub: LiveTableHub, table_id: str, who: str, mistakes: bool = True
) -> list[tuple[Option, Any]]:
    """What ``who`` may do now, numbered, with the action each number stands for: the legal
    actions when it is their turn, then, for the dealer, the irregularities the round would
    accept (whoever is to act: a dropped card is owed while a card is due). They come last,
    so ``mistakes=False`` (leaving them out) numbers the others the same."""
    table = hub.table(table_id)
    fees: list[tuple[Option, Any]] = []
    if who == "dealer" and table.mode == PHYSICAL and not table.round_open:
        fee = table.live.fee(table.rules) if table.live.fee is not None else 0
        for seat in hub.fees_due(table_id):
            text = f"Collect the half-hour fee: seat {seat} ({format_money(fee)})"
            fees.append((Option(len(fees), text), CollectFee(seat)))
    if table.play is None or not table.round_open:
        return fees
    pending = table.play.pending
    physical = table.mode == PHYSICAL
    tickets = table.live.name == TICKETS
    mine = (
        (pending.kind is PendingKind.SEAT and who == f"player:{pending.seat}")
        or (pending.kind is PendingKind.DEALER and who == "dealer")
        # at a physical table the players have no screen: the dealer keys their decisions
        or (pending.kind is PendingKind.SEAT and who == "dealer" and physical)
        # a ticket card's claim is made to the operator, whoever holds the ticket (-02.6)
        or (pending.kind is PendingKind.SEAT and who == "dealer" and tickets)
    )
    out: list[tuple[Option, Any]] = []
    held = table.binding.held
    if held is not None:  # a card to turn: only the answer, or taking the step back
        if who == "dealer":
            if held.reader:
                out.append((Option(0, "The reader shows no twenty-one"), Keyed(unseen.READER_NO)))
            out.append((Option(len(out), "Withdraw the held step"), Withdraw()))
        return out
    if mine:
        for a in grouped(table.live.name, hub.legal_actions(table_id)):
            if isinstance(a, Entry):
                fields = tuple(f.to_dict() for f in a.fields)
                out.append((Option(len(out), entry_label(a), "entry", fields=fields), a))
            else:
                out.append((Option(len(out), label(a)), a))
    if who == "dealer" and physical and pending.kind is PendingKind.CHANCE:
        live = table.live
        if live.face_down is not None and live.face_down(table.play.state):
            out.append((Option(len(out), "Dealt face down, unseen"), Keyed(unseen.DOWN)))
    if who == "dealer" and physical:
        last = hub.correctable(table_id)
        if last is not None:
            # a spin's section is typed in the field "card" too (what ``TablesDesk.choose``
            # reads), shown as "section"
            spin = unseen.is_spin(table.play.log[-1])
            typed: dict[str, Any] = {"name": "card", "kind": "text", "choices": []}
            if spin:
                typed["label"] = "section"
            text = f"Correct the {'spin' if spin else 'card'} just keyed"
            text += f" ({last})" if last else ""
            out.append((Option(len(out), text, "entry", fields=(typed,)), Correct()))
    if who == "dealer" and mistakes:
        # at a physical table, those that name a card out of the shoe (a card found face up in
        # the shoe, an exposed card drawn in error) come last, with the card to enter: the card
        # is exposed, never keyed "down"
        carded = hub.card_irregularities(table_id)
        with_card = [a for a, _ in carded]
        for a, events in hub.irregularities(table_id):
            if a in with_card:
                continue
            section, remedy = remedy_of(events)
            text = label(a) + (f" ({section})" if section else "")
            out.append((Option(len(out), text, "irregularity", section, remedy), a))
        for a, events in carded:
            section, remedy = remedy_of(events)
            text = label(a) + (f" ({section})" if section else "")
            option = Option(len(out), text, "irregularity", section, remedy, (dict(ENTERED_CARD),))
            out.append((option, Entered(a)))
    return out


def mistakes_apply(table: LiveTable) -> bool:
    """Whether ``offered`` lists the irregularities to the dealer now: a round in play with no
    step held for a face-down card."""
    return table.play is not None and table.round_open and table.binding.held is None
