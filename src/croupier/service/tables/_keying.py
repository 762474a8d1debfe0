"""The live-table hub's commands of a physical table's keyed cards (issue 27): a card keyed as
it leaves the shoe, one dealt face down that nobody has seen (``down``, a stand-in bound late,
``service.tables.unseen``), a step held until such a card is turned, the card reader's answer,
a held step withdrawn, and the card or spin keyed last corrected (until a decision or the
settlement). Kept apart from ``live`` (the hub's store, cache and deliveries) as the part of the
hub that keys; ``LiveTableHub`` takes it in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from croupier.core.cards import parse_card
from croupier.core.errors import CroupierError, InvalidInput, RuleViolation
from croupier.core.events import Event, canonical_json, event_from_json
from croupier.core.protocol import PendingKind, Play
from croupier.service.tables import unseen
from croupier.service.tables._live_events import (
    PHYSICAL,
    CardDown,
    StepHeld,
    StepTaken,
    StepWithdrawn,
)
from croupier.service.tables._live_games import LiveGame

if TYPE_CHECKING:
    from croupier.service.tables._live_table import CommandResult, LiveTable

PAID = "99-01.3-11-05.5"
"""Once the wheel stops the operator announces the winning section, removes the losing chips
and pays the winners: a spin paid on (the round settled) stands as keyed."""

CLAIMED = "99-01.3-11-02.6"
"""A ticket card's prize is claimed (or declared unclaimed, and the wheel spun again) on the
spin's winning ticket: that spin stands as keyed."""


class Keying:
    """The keying commands of ``LiveTableHub`` (see the module's docstring)."""

    if TYPE_CHECKING:

        def _round(self, table: LiveTable, held_ok: bool = False) -> Play[Any, Any, Any, Any]: ...

        def _command(
            self, table_id: str, build: Callable[[LiveTable], list[Event]]
        ) -> CommandResult: ...

        def table(self, table_id: str) -> LiveTable: ...

    def key(self, table_id: str, outcome: str, by: str) -> CommandResult:
        """A chance move keyed at a physical table as it happens (issue 27): a card as it
        leaves the shoe or the deck (``Ah``, ``10d``), a spin's section under the pointer
        (``17`` or ``17/5`` with its revolutions). One that cannot be (a card the shoe no longer
        holds, a section the wheel does not have) is refused with its section and changes
        nothing, like every command.

        A card dealt face down that nobody sees is keyed ``down`` (``service.tables.unseen``).
        While a command is held for such a card, what is keyed is the card turned or shown
        (``Ah Kd`` for two), or ``no`` for a card reader that shows no twenty-one."""

        def build(table: LiveTable) -> list[Event]:
            play = self._round(table, held_ok=True)
            if table.mode != PHYSICAL:
                raise InvalidInput(
                    f"table {table.table_id!r} is virtual: its cards and spins are drawn"
                )
            if not isinstance(outcome, str) or not outcome.strip():
                raise InvalidInput("key a card such as 'Ah' or '10d', 'down', or a section")
            text = outcome.strip()
            if table.binding.held is not None:
                return self._release(table, table.binding.held, text, by)
            if text.lower() == unseen.DOWN:
                return self._down(table, by)
            action = table.live.game.keyed(play.state, text)
            moved = self._move_off(table, unseen.card_of(action), by)
            return [*moved, *self._step(table, "key", text, "keyed", by, action)]

        return self._command(table_id, build)

    def card_irregularities(self, table_id: str) -> list[tuple[Any, tuple[Event, ...]]]:
        """At a physical table, the irregularities naming a card out of the shoe that the round
        would accept now (``unseen.card_named``: a card found face up in the shoe, drawn in
        error and exposed, drawn by the dealer to a complete hand), each with the events
        recording it would cause; none at a virtual table (its cards are drawn: no card is
        found face up in a shoe), with no round in play or a step held for a card."""
        table = self.table(table_id)
        play = table.play
        if table.mode != PHYSICAL or play is None or not table.round_open:
            return []
        if table.binding.held is not None:
            return []
        return unseen.card_named(table.live, play)

    def enter(self, table_id: str, irregularity: Any, card: str, by: str) -> CommandResult:
        """Record at a physical table an irregularity that names a card (one of
        ``card_irregularities``) with the card the dealer typed, as it left the real shoe: in
        the irregularity itself (Three Card 21), or keyed as the card that follows it, which
        its remedy burns (twenty-one). The card is taken from the shoe as a keyed card is: a
        stand-in that holds it moves to another card first, and one the shoe no longer holds is
        refused by the step with the game's section, changing nothing. It is face up by
        definition (``down`` is refused)."""

        def build(table: LiveTable) -> list[Event]:
            self._round(table)
            if table.mode != PHYSICAL:
                raise InvalidInput(
                    f"table {table.table_id!r} is virtual: its cards are drawn, none is entered"
                )
            text = unseen.exposed_card(card)
            moved = self._move_off(table, text, by)
            if unseen.card_of(irregularity) is not None:  # the card is part of it
                action = unseen.named(irregularity, text)
                return [*moved, *self._step(table, "remedy", "", "dealer", by, action)]
            recorded = self._step(table, "remedy", "", "dealer", by, irregularity)
            play = table.play
            assert play is not None
            if any(isinstance(e, StepHeld) for e in recorded):  # pragma: no cover
                return [*moved, *recorded]  # held for a card turned: the card is keyed then
            if play.pending.kind is not PendingKind.CHANCE:
                raise InvalidInput("no card is due after it: record it without its card")
            burned = table.live.game.keyed(play.state, text)
            return [*moved, *recorded, *self._step(table, "key", text, "keyed", by, burned)]

        return self._command(table_id, build)

    def withdraw(self, table_id: str, by: str) -> CommandResult:
        """Take back a command held for a face-down card, before the card is keyed: nothing
        of it happened."""

        def build(table: LiveTable) -> list[Event]:
            self._round(table, held_ok=True)
            if table.binding.held is None:
                raise InvalidInput("no command is held for a card")
            table.stale = True
            return [StepWithdrawn(by)]

        return self._command(table_id, build)

    def correct(self, table_id: str, outcome: str, by: str) -> CommandResult:
        """Correct the chance move keyed last, a typing slip seen at once: a card, or a spin's
        section (``19`` or ``19/5``, as ``key`` takes it). Recorded as a replacement (who,
        when, what it replaced), never by deleting, and the round replayed with it. Refused
        once a decision has been taken after it (a card's dealing-mistake remedies then
        apply), once the round is settled (what was paid on it stands: a paddlewheel's winners
        are paid on the spin, 99-01.3-11-05.5), and when the round replayed with the
        correction refuses it (a card the shoe does not hold, a section the wheel lacks)."""

        def build(table: LiveTable) -> list[Event]:
            if table.mode != PHYSICAL:
                raise InvalidInput("only a card or a spin keyed at a physical table is corrected")
            settled = table.play is not None and not table.round_open and not table.closed
            play = table.play if settled and table.play is not None else self._round(table)
            last = self._last_keyed(table)
            if last is None:
                raise InvalidInput("no card or spin keyed this round can be corrected")
            spin = unseen.is_spin(play.log[last])
            was = unseen.keyed_as(play, play.log[last]) or ""
            decided = last + 1 < len(play.log)
            if decided and spin:  # a ticket card's winner decided on it: its prize claimed or not
                raise RuleViolation(
                    f"the prize of the spin keyed {was} was claimed or declared unclaimed "
                    "since: that spin stands as keyed, it is no longer corrected",
                    CLAIMED,
                )
            if settled:
                if spin:
                    raise RuleViolation(
                        f"round {table.round_number} is settled: its winners were paid on the "
                        f"spin keyed {was}, which stands; a spin is corrected before the round "
                        "is settled",
                        PAID,
                    )
                raise InvalidInput(
                    f"round {table.round_number} is settled: what was keyed in it stands; a "
                    "card is corrected before the round is settled"
                )
            if decided:
                raise InvalidInput(
                    "a decision was taken after that card: record the dealing mistake "
                    "it caused instead (the remedies of the rules), not a correction"
                )
            if last in table.binding.unseen:
                raise InvalidInput("that card was dealt face down: key it when it is turned")
            if not isinstance(outcome, str) or not outcome.strip():
                raise InvalidInput(
                    "type the section under the pointer, such as 19 or 19/5"
                    if spin
                    else "type the card that was dealt, such as 'Ah' or '10d'"
                )
            last_move = play.log[last]
            new = unseen.corrected_as(last_move, outcome) if spin else str(parse_card(outcome))
            what = "spin" if spin else "card"
            if new == was:
                raise InvalidInput(f"the {what} keyed is already {new}")
            shifted = self._move_off(table, None if spin else new, by)  # a stand-in moves off
            moved = table.play
            assert moved is not None
            try:
                table.play = unseen.replay(
                    table.live, moved.rules, moved.setup, list(moved.log), {last: new}
                )
            except RuleViolation as exc:  # a section the wheel does not have: its section
                raise RuleViolation(
                    f"{new} cannot replace {was}: {exc.detail}", exc.section
                ) from None
            except CroupierError as exc:
                raise InvalidInput(f"{new} cannot replace {was}: {exc}") from None
            now = unseen.keyed_as(table.play, table.play.log[last]) or new
            if now == was:
                raise InvalidInput(f"the {what} keyed is already {now}")
            if unseen.needs(table.live, table.play, table.binding.unseen, ())[0]:
                raise InvalidInput(f"{new} would turn a card dealt face down: key it then")
            return [*shifted, unseen.replaced(play, {last: now}, "corrected", by)]

        return self._command(table_id, build)

    def correctable(self, table_id: str) -> str | None:
        """The card or spin keyed last (a spin as ``17/5``), if ``correct`` may still replace
        it (nothing decided since, the round not settled); ``""`` when that card lies face down
        (keyed by its face where ``down`` was due): the label offering the correction must not
        show it (found by an audit: the hole card keyed by its face showed on every staff
        console, -10.1.a)."""
        table = self.table(table_id)
        play = table.play
        if play is None or not table.round_open or table.mode != PHYSICAL:
            return None
        if table.binding.held is not None:
            return None
        last = self._last_keyed(table)
        if last is None or last in table.binding.unseen or last + 1 < len(play.log):
            return None
        if unseen.is_spin(play.log[last]):
            return unseen.keyed_as(play, play.log[last])
        card = unseen.card_of(play.log[last])
        if card is None:
            return None
        dealt = sum(1 for a in play.log if unseen.is_card_move(a) and unseen.card_of(a) == card)
        return card if unseen.visible(table.live, play.state)[card] >= dealt else ""

    def _last_keyed(self, table: LiveTable) -> int | None:
        """The round's chance move keyed last (a card leaving the shoe, a spin), if any."""
        play = table.play
        assert play is not None
        for i in range(len(play.log) - 1, -1, -1):
            if unseen.is_card_move(play.log[i]) or unseen.is_spin(play.log[i]):
                return i
        return None

    def _down(self, table: LiveTable, by: str, reader_no: bool = False) -> list[Event]:
        """A card dealt face down that nobody has seen: the engine gets a stand-in."""
        play = table.play
        assert play is not None
        what = unseen.due_face_down(play)
        step = len(play.log)
        taken = unseen.dealt(play.log)
        game = table.live.game
        for code in unseen.DECK:
            if code in taken:
                continue
            try:
                action = game.keyed(play.state, code)
                applied = play.apply(action)
            except CroupierError:
                continue
            shown = unseen.visible(table.live, play.state)[code] > 0
            read = table.live.reader(applied.events) if table.live.reader is not None else None
            if reader_no and (shown or read):
                # the stand-in made the reader's twenty-one: the next card that does not
                table.play = play = unseen.replay(table.live, play.rules, play.setup, play.log[:-1])
                continue
            if shown:
                raise InvalidInput(f"{what} is dealt face up or turned at once: key it as it is")
            now = {**table.binding.unseen, step: what}
            revealed, reader = unseen.needs(table.live, play, now, applied.events)
            if reader and not reader_no:
                table.stale = True
                return [
                    StepHeld("key", unseen.DOWN, "keyed", table.version, (what,), True, by, (step,))
                ]
            if revealed:
                table.stale = True
                need = tuple(now[i] for i in revealed)
                return [
                    StepHeld("key", unseen.DOWN, "keyed", table.version, need, False, by, revealed)
                ]
            return [StepTaken("keyed", by, 1), CardDown(step, what, by), *applied.events]
        raise InvalidInput(f"no card the shoe still holds can be dealt face down as {what}")

    def _move_off(self, table: LiveTable, card: str | None, by: str) -> list[Event]:
        """A card keyed face up that a stand-in holds: the stand-in moves to another card."""
        play = table.play
        assert play is not None
        if card is None or not any(
            unseen.card_of(play.log[i]) == card for i in table.binding.unseen
        ):
            return []
        table.play, moved = unseen.rebind(table.live, play, {}, table.binding.unseen, avoid={card})
        return [unseen.replaced(play, moved, "moved", by)]

    def _step(
        self, table: LiveTable, command: str, ref: str, actor: str, by: str, action: Any
    ) -> list[Event]:
        """Apply one action; held (``live.step_held``) when it would turn a card nobody has
        seen or ask the reader about one."""
        play = table.play
        assert play is not None
        applied = play.apply(action)
        revealed, reader = unseen.needs(table.live, play, table.binding.unseen, applied.events)
        if not revealed and not reader:
            return [StepTaken(actor, by, 1), *applied.events]
        table.stale = True
        if command != "key":
            ref = _action_json(table.live, applied.events)
        steps = revealed or unseen.readable(table.binding.unseen)
        need = tuple(table.binding.unseen[i] for i in steps)
        return [
            StepHeld(command, ref, actor, table.version, need, reader and not revealed, by, steps)
        ]

    def _release(self, table: LiveTable, held: StepHeld, text: str, by: str) -> list[Event]:
        """The held command, now with the card(s) turned, or the reader's "no"."""
        play = table.play
        assert play is not None
        binding = table.binding
        live = table.live
        no = text.lower() == unseen.READER_NO
        if no and not held.reader:
            raise InvalidInput(f"no card reader's answer is asked: key {', '.join(held.need)}")
        if held.command == "key" and held.ref == unseen.DOWN:
            if no:
                return self._down(table, by, reader_no=True)
            # the reader showed a twenty-one and the dealer turned the card: keyed as it is
            action = live.game.keyed(play.state, text)
            shifted = self._move_off(table, unseen.card_of(action), by)
            assert table.play is not None
            applied = table.play.apply(action)
            if live.reader is not None and live.reader(applied.events) is not True:
                raise InvalidInput(
                    f"the card reader showed a twenty-one, but {text} does not make one: key "
                    "the card the dealer turned, or 'no'"
                )
            return [*shifted, StepTaken("keyed", by, 1), *applied.events]
        steps = held.steps or tuple(
            i for i in sorted(binding.unseen) if binding.unseen[i] in held.need
        )
        before = len(play.events)
        events: list[Event] = []
        if no:
            # the card stays face down: its stand-in must not be the reader's twenty-one
            def hidden(trial: Play[Any, Any, Any, Any]) -> bool:
                trial.apply(self._held_action(table, trial, held))
                read = live.reader(trial.events[before:]) if live.reader is not None else None
                return read is not True and not unseen.needs(live, trial, binding.unseen, ())[0]

            try:
                new, moved = unseen.rebind(live, play, {}, binding.unseen, then=hidden)
            except InvalidInput:
                new, moved = unseen.rebind(live, play, {}, binding.unseen, force=steps, then=hidden)
            if moved:
                events.append(unseen.replaced(play, moved, "moved", by))
        else:
            cards = unseen.parse_turned(text, len(steps))
            wanted = dict(zip(steps, cards, strict=True))
            left = {i: w for i, w in binding.unseen.items() if i not in wanted}

            def turned(trial: Play[Any, Any, Any, Any]) -> bool:
                trial.apply(self._held_action(table, trial, held))
                if unseen.needs(live, trial, left, ())[0]:
                    return False  # it would turn another card not keyed
                if held.reader:  # the reader showed a twenty-one: the card must make one
                    return live.reader is not None and live.reader(trial.events[before:]) is True
                shown = unseen.visible(live, trial.state)
                return all(shown[c] for c in cards)

            new, moved = unseen.rebind(live, play, wanted, binding.unseen, then=turned)
            events.append(unseen.replaced(play, wanted, "turned", by))
            if moved:
                events.append(unseen.replaced(play, moved, "moved", by))
        table.play = new
        return [*events, StepTaken(held.actor, by, 1), *new.events[before:]]

    def _held_action(self, table: LiveTable, play: Play[Any, Any, Any, Any], held: StepHeld) -> Any:
        if held.command == "key":
            return table.live.game.keyed(play.state, held.ref)
        actions = table.live.game.actions_from_events([event_from_json(held.ref)])
        if len(actions) != 1:  # pragma: no cover - written by ``_step`` from one action
            raise InvalidInput("the held command cannot be read back")
        return actions[0]


def _action_json(live: LiveGame, events: Sequence[Event]) -> str:
    """The game's own event that records a step's action, as JSON (a held command's)."""
    for e in events:
        if len(live.game.actions_from_events([e])) == 1:
            return canonical_json(e.to_dict())
    raise InvalidInput("this step records no action to hold")  # pragma: no cover
