"""What the pit, surveillance and disputes read of the live tables (issue 27): every open table
as it happens (what it waits for, the dealing mistakes recorded in its round with their
sections, the commands the rules refused lately, who and why), and each round found by table
and time, exported as its round file and played back. ``TablesDesk`` takes it in; it holds the
lock and answers who is looking."""

from __future__ import annotations

import contextlib
import json
import re
from collections import deque
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from croupier.core.errors import InvalidInput
from croupier.core.events import JSON
from croupier.service.people.authz import Action, Actor, authorize
from croupier.service.tables.live import CommandResult, LiveTableHub

if TYPE_CHECKING:
    from croupier.service.tables.console import Console

TABLE_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
"""A live table's id (it names the table's stream and its pages' addresses)."""

IRREGULAR_EVENTS = frozenset(
    {
        "twentyone.mistake_remedied",
        "threecard21.irregularity",
        "threecard21.round_voided",
        "poker.misdeal",
        "poker.hand_dead",
        "poker.card_dead",
    }
)
"""The games' events that record a dealing mistake or irregularity and its remedy: the pit
lists them as they happen."""

REFUSALS_KEPT = 20
"""The refused commands the pit sees of each table (``TablesDesk.pit``)."""


@dataclass(frozen=True)
class Refusal:
    """A command the rules refused at a table: when, who, what was said and the section."""

    at: datetime
    by: str
    text: str
    section: str


def _event_words(event: dict[str, JSON]) -> str:
    """An event's type in words (``twentyone.card_dropped`` -> ``card dropped``)."""
    kind = str(event.get("type", ""))
    return kind.rsplit(".", 1)[-1].replace("_", " ")


def check_table_id(table_id: str) -> str:
    if not isinstance(table_id, str) or not TABLE_ID.match(table_id):
        raise InvalidInput(
            "a table id is 1 to 40 lower-case letters, digits and hyphens, "
            f"starting with a letter or digit; got {table_id!r}"
        )
    return table_id


class Supervision:
    """The pit's and the disputes' reading of ``TablesDesk``, and the refusals it keeps."""

    if TYPE_CHECKING:
        hub: LiveTableHub
        _refusals: dict[str, deque[Refusal]]

        def _locked(self) -> contextlib.AbstractContextManager[None]: ...
        def _now(self) -> datetime: ...
        def console(self, actor: Actor, table_id: str) -> Console: ...

    def pit(self, actor: Actor) -> list[dict[str, Any]]:
        """Every open table as the pit and surveillance follow it (issue 27): its game, mode and
        round, what is due now, the dealing mistakes recorded in the round (each with its
        section) and the commands refused lately (who, what, the section)."""
        authorize(actor, Action.VIEW_PIT)
        with self._locked():
            open_now = self.hub.open_tables()
        out: list[dict[str, Any]] = []
        for table_id in open_now:
            # the desk's lock one table at a time: a dealer's command at another table waits
            # for one table's row, not for the whole pit (each row is of its own version)
            with self._locked():
                table = self.hub.table(table_id)
                if table.closed:
                    continue
                c = self.console(actor, table_id)
                marks = []
                if table.round_open:
                    for e in self.hub.events(table_id, "surveillance", table.round_started_at):
                        if e.get("type") not in IRREGULAR_EVENTS:
                            continue
                        section, why = e.get("section"), e.get("remedy") or e.get("reason")
                        text = f": {why}" if isinstance(why, str) and why else ""
                        cited = f" ({section})" if isinstance(section, str) and section else ""
                        marks.append(f"{_event_words(e)}{text}{cited}")
                out.append(
                    {
                        "table": table_id,
                        "game": c.title,
                        "mode": c.mode,
                        "round": c.round,
                        "version": c.version,
                        "prompt": c.prompt,
                        "irregularities": marks[-5:],
                        "refusals": list(self._refusals.get(table_id, ()))[-5:][::-1],
                    }
                )
        return out

    def rounds(self, actor: Actor, table_id: str) -> list[dict[str, JSON]]:
        """Every round of the table, when it was dealt and settled and what each party got
        (to find a disputed one by table and time)."""
        from croupier.service.tables import rounds

        authorize(actor, Action.EXPORT_ROUND)
        return [
            r.to_dict()
            for r in rounds.rounds(self.hub.store, check_table_id(table_id), self.hub.prefix)
        ]

    def export_round(self, actor: Actor, table_id: str, number: int) -> dict[str, JSON]:
        """Round ``number`` of the table as its round file, ``expect`` being what was paid
        (``service.tables.rounds``)."""
        from croupier.service.tables import rounds

        authorize(actor, Action.EXPORT_ROUND)
        record = rounds.round_record(
            self.hub.store, check_table_id(table_id), number, self.hub.prefix
        )
        return rounds.round_file(record)

    def replay_round(self, actor: Actor, table_id: str, number: int) -> tuple[dict[str, JSON], Any]:
        """Round ``number`` as its round file and that file played back through the engine
        (``service.games.replay.ReplayReport``: the steps, the settlement, the check against
        what was paid): the disputes page."""
        from croupier.service.games.replay import replay_text

        data = self.export_round(actor, table_id, number)
        source = f"table {table_id} round {number}"
        return data, replay_text(json.dumps(data), source, check=True)

    def _noted(self, actor: Actor, table_id: str, result: CommandResult) -> CommandResult:
        """Keep a refused command for the pit (``pit``): who, when, what and the section. A
        refusal changes nothing at the table, so it is not in the table's stream; the pit
        sees this process's last ``REFUSALS_KEPT`` of each table (issue 27)."""
        if not result.accepted and not result.conflict:
            kept = self._refusals.setdefault(table_id, deque(maxlen=REFUSALS_KEPT))
            kept.append(
                Refusal(self._now(), actor.name, result.refusal or "", result.section or "")
            )
        return result
