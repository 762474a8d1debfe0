"""Round files: one round of any game as plain JSON (docs/round-files.md).

This module parses and checks the common envelope and compares a settlement with an ``expect``
block. Reading the file from disk is the CLI's job; the game's ``replay`` interprets the
game-specific parts (``seats``, ``actions``, ``shoe`` or ``wheel_stops``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from croupier.core.cards import parse_card
from croupier.core.data import loads_json
from croupier.core.errors import InvalidInput, RuleViolation
from croupier.core.events import JSON, Event
from croupier.games.base import Outcome, Settlement, WagerResult

FORMAT = "croupier.round/1"
"""The first format: every card of the shoe is a card that was seen."""
FORMAT_2 = "croupier.round/2"
"""Format 1 and ``unseen``: the places in ``shoe`` (from 0) of cards dealt face down and never
seen (a burn card, a hole card never turned, a poker hand mucked or won without a showdown). The
card written there is a stand-in: a card the shoe still held that no other card of the round
is; the round as played did not depend on which (docs/round-files.md)."""
FORMATS = (FORMAT, FORMAT_2)
_KNOWN_KEYS = {
    "format",
    "game",
    "title",
    "description",
    "sections",
    "rules",
    "shoe",
    "wheel_stops",
    "seats",
    "actions",
    "expect",
    "setup",
}


@dataclass(frozen=True, slots=True)
class RoundFile:
    """The parsed envelope of a round file. Game-specific parts stay plain JSON data."""

    game: str
    rules: Mapping[str, JSON]
    seats: Sequence[Mapping[str, JSON]]
    actions: Sequence[Mapping[str, JSON]]
    shoe: Sequence[str] | None
    wheel_stops: Sequence[JSON] | None
    setup: Mapping[str, JSON]
    expect: Mapping[str, JSON] | None
    title: str = ""
    description: str = ""
    sections: tuple[str, ...] = ()
    unseen: tuple[int, ...] = ()
    """Format 2: the places in ``shoe`` of the cards never seen (their cards are stand-ins)."""


def parse_round_text(text: str, source: str = "round file") -> RoundFile:
    """Parse round-file text within ``croupier.core.data``'s limits (a number of more than
    15 digits, deep nesting or a huge file is one ``InvalidInput`` line, never a traceback)."""
    return parse_round(loads_json(text, source), source)


def _require(cond: bool, message: str, source: str) -> None:
    if not cond:
        raise InvalidInput(f"{source}: {message} (see docs/round-files.md)")


def parse_round(data: Any, source: str = "round file") -> RoundFile:
    """Check the envelope of a round file; every game-specific field is checked by the game."""
    _require(isinstance(data, dict), "a round file must be a JSON object", source)
    fmt = data.get("format", FORMAT)
    _require(
        fmt in FORMATS, f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}", source
    )
    known = _KNOWN_KEYS | ({"unseen"} if fmt == FORMAT_2 else set())
    unknown = set(data) - known
    _require(not unknown, f"unknown keys {sorted(unknown)}", source)
    game = data.get("game")
    _require(isinstance(game, str) and bool(game), "'game' must name a game", source)
    rules = data.get("rules", {})
    _require(isinstance(rules, dict), "'rules' must be an object", source)
    seats = data.get("seats", [])
    _require(
        isinstance(seats, list) and all(isinstance(s, dict) for s in seats),
        "'seats' must be a list of objects",
        source,
    )
    actions = data.get("actions", [])
    _require(
        isinstance(actions, list) and all(isinstance(a, dict) for a in actions),
        "'actions' must be a list of objects",
        source,
    )
    shoe = data.get("shoe")
    _require(
        shoe is None or (isinstance(shoe, list) and all(isinstance(c, str) for c in shoe)),
        "'shoe' must be a list of cards such as \"Ah\"",
        source,
    )
    stops = data.get("wheel_stops")
    _require(stops is None or isinstance(stops, list), "'wheel_stops' must be a list", source)
    # a key of another game's is not this file's (found by an audit: a twenty-one file's
    # 'wheel_stops' was read past in silence, as an unknown key would not be)
    wheel = game.startswith("paddlewheel")
    elsewhere = f"this file plays {game}"
    _require(stops is None or wheel, f"'wheel_stops' is a paddlewheel's: {elsewhere}", source)
    _require(shoe is None or not wheel, f"a paddlewheel has no 'shoe': {elsewhere}", source)
    setup = data.get("setup", {})
    _require(isinstance(setup, dict), "'setup' must be an object", source)
    expect = data.get("expect")
    _require(expect is None or isinstance(expect, dict), "'expect' must be an object", source)
    sections = data.get("sections", [])
    _require(
        isinstance(sections, list) and all(isinstance(s, str) for s in sections),
        "'sections' must be a list of strings",
        source,
    )
    unseen = data.get("unseen", [])
    _require(
        isinstance(unseen, list)
        and all(isinstance(i, int) and not isinstance(i, bool) for i in unseen)
        and len(set(unseen)) == len(unseen)
        and all(0 <= i < len(shoe or []) for i in unseen),
        "'unseen' must list places in 'shoe' (from 0), each once",
        source,
    )
    return RoundFile(
        game=game,
        rules=rules,
        seats=seats,
        actions=actions,
        shoe=shoe,
        wheel_stops=stops,
        setup=setup,
        expect=expect,
        title=str(data.get("title", "")),
        description=str(data.get("description", "")),
        sections=tuple(sections),
        unseen=tuple(sorted(unseen)),
    )


def _expected_wager(item: Mapping[str, JSON], source: str) -> WagerResult:
    try:
        return WagerResult(
            space=int(item["space"]),
            hand=int(item.get("hand", 0)),
            kind=str(item["kind"]),
            stake=int(item["stake"]),
            result=Outcome(item["result"]),
            net=int(item["net"]),
            player=None if item.get("player") is None else str(item["player"]),
            destination=None if item.get("destination") is None else str(item["destination"]),
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise InvalidInput(f"{source}: bad expected wager {dict(item)!r}: {exc}") from exc


def compare_settlement(
    expect: Mapping[str, JSON], actual: Settlement, source: str = "round file"
) -> list[str]:
    """Differences between an ``expect`` block and a settlement; an empty list means equal.

    ``expect.wagers`` must list every wager (matched by space, hand, kind and player; one that
    names no player matches the one wager of its space, hand and kind, as files written before
    players were named expect); a
    ``destination`` is compared only where the expectation gives one. ``expect.parties`` states
    each party's net in cents (``{"player:1": -500, "house": 500, "tips": 0}``) and is compared
    with ``Settlement.parties``: every party named must have that net, and a party not named
    must have none. ``expect.excess_returned`` (``{"1": 500}``: space or seat -> cents returned
    because a wager exceeded a limit) is compared the same way with the detail of that name, and
    ``expect.trace`` (``["Th space 1", "6c dealer", ...]``: every card out of the shoe, in order,
    and where it went) card by card with the ``trace`` detail; each difference is one line. Any
    other key of ``expect`` is compared with the settlement's detail of the same name.
    """
    diffs: list[str] = []
    wanted = expect.get("wagers")
    if "wagers" in expect:  # written null: nothing compared was passing as checked (an audit)
        if not isinstance(wanted, list):
            raise InvalidInput(f"{source}: expect.wagers must be a list")
        expected = {}
        for item in wanted:
            if not isinstance(item, dict):
                raise InvalidInput(f"{source}: expect.wagers entries must be objects")
            w = _expected_wager(item, source)
            if w.key() in expected:
                raise InvalidInput(f"{source}: expect.wagers lists {w.key()} twice")
            expected[w.key()] = w
        got = {w.key(): w for w in actual.wagers}
        expected = _unnamed_matched(expected, actual.wagers)
        for key in sorted(set(expected) | set(got)):
            e, g = expected.get(key), got.get(key)
            label = f"space {key[0]} hand {key[1]} {key[2]}" + (f" ({key[3]})" if key[3] else "")
            if e is None:
                diffs.append(f"{label}: not expected, got {_describe(g)}")
            elif g is None:
                diffs.append(f"{label}: expected {_describe(e)}, got nothing")
            else:
                if (e.stake, e.result, e.net) != (g.stake, g.result, g.net) or (
                    e.destination is not None and e.destination != g.destination
                ):
                    diffs.append(f"{label}: expected {_describe(e)}, got {_describe(g)}")
    parties = expect.get("parties")
    if parties is not None:
        diffs.extend(_compare_parties(parties, actual.parties, source))
    excess = expect.get("excess_returned")
    if excess is not None:
        diffs.extend(_compare_excess(excess, actual.details.get("excess_returned"), source))
    trace = expect.get("trace")
    if trace is not None:
        diffs.extend(_compare_trace(trace, actual.details.get("trace"), source))
    for name, value in expect.items():
        if name in ("wagers", "parties", "excess_returned", "trace"):
            continue
        got_value = actual.details.get(name)
        if got_value != value:
            diffs.append(f"{name}: expected {json.dumps(value)}, got {json.dumps(got_value)}")
    return diffs


def _unnamed_matched(
    expected: dict[tuple[int, int, str, str], WagerResult], wagers: Sequence[WagerResult]
) -> dict[tuple[int, int, str, str], WagerResult]:
    """An expected wager that names no player matches the one wager of its space, hand and kind
    whoever plays it: files written before round files named players (a seat's wager without
    ``"player"``) keep checking as they did (issue 30)."""
    out: dict[tuple[int, int, str, str], WagerResult] = {}
    for key, e in expected.items():
        if e.player is None:
            same = [w for w in wagers if (w.space, w.hand, w.kind) == (e.space, e.hand, e.kind)]
            if len(same) == 1 and same[0].player is not None and same[0].key() not in expected:
                out[same[0].key()] = e
                continue
        out[key] = e
    return out


def _compare_parties(wanted: JSON, got: Mapping[str, int], source: str) -> list[str]:
    if not isinstance(wanted, dict):
        raise InvalidInput(f"{source}: expect.parties must be an object of party: net cents")
    for party, net in wanted.items():
        if isinstance(net, bool) or not isinstance(net, int):
            raise InvalidInput(
                f"{source}: expect.parties.{party} must be a whole number of cents, got {net!r}"
            )
    diffs = []
    for party in sorted(set(wanted) | set(got)):
        expected, actual = wanted.get(party, 0), got.get(party, 0)
        if expected != actual:
            diffs.append(f"party {party}: expected net {expected:+d}, got {actual:+d}")
    return diffs


def _cents_map(value: JSON, what: str, source: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise InvalidInput(f"{source}: {what} must be an object of space: cents")
    out: dict[str, int] = {}
    for key, cents in value.items():
        if isinstance(cents, bool) or not isinstance(cents, int):
            raise InvalidInput(
                f"{source}: {what}.{key} must be a whole number of cents, got {cents!r}"
            )
        out[str(key)] = cents
    return out


def _compare_excess(wanted: JSON, got: JSON, source: str) -> list[str]:
    """``expect.excess_returned``: every space named must have had that much returned, and a
    space not named none."""
    expected = _cents_map(wanted, "expect.excess_returned", source)
    if got is None:
        return ["excess_returned: this game's replay does not report excess returned"]
    actual = _cents_map(got, "excess_returned", source)
    diffs = []
    for key in sorted(set(expected) | set(actual), key=lambda k: (len(k), k)):
        e, g = expected.get(key, 0), actual.get(key, 0)
        if e != g:
            diffs.append(f"excess_returned {key}: expected {e} returned, got {g}")
    return diffs


def trace_entry(text: str, source: str = "round file") -> str:
    """A card-trace entry in its canonical spelling (``"10d space 2"`` -> ``"Td space 2"``)."""
    if not isinstance(text, str) or " " not in text.strip():
        raise InvalidInput(
            f'{source}: a trace entry is a card and where it went, such as "Th space 1", '
            f"got {text!r}"
        )
    card, where = text.strip().split(None, 1)
    return f"{parse_card(card)} {' '.join(where.split())}"


def _compare_trace(wanted: JSON, got: JSON, source: str) -> list[str]:
    """``expect.trace``: the cards in the order they left the shoe, each with where it went;
    the first difference is reported (one line), or the missing or extra cards."""
    if not isinstance(wanted, list):
        raise InvalidInput(f'{source}: expect.trace must be a list such as ["Th space 1"]')
    expected = [trace_entry(t, source) for t in wanted]
    if not isinstance(got, list):
        return ["trace: this game's replay does not report a card trace"]
    actual = [str(t) for t in got]
    for n, (e, g) in enumerate(zip(expected, actual, strict=False), start=1):
        if e != g:
            return [f"trace card {n}: expected {e!r}, got {g!r}"]
    if len(expected) < len(actual):
        extra = ", ".join(repr(t) for t in actual[len(expected) :])
        return [f"trace: expected {len(expected)} cards, got {len(actual)}; then {extra}"]
    if len(expected) > len(actual):
        missing = ", ".join(repr(t) for t in expected[len(actual) :])
        return [f"trace: expected {len(expected)} cards, got {len(actual)}; missing {missing}"]
    return []


def with_card_trace(
    settlement: Settlement, trace: Sequence[str], excess_returned: Mapping[int, int]
) -> Settlement:
    """The settlement with the round file's ``trace`` and ``excess_returned`` details added
    (each game's replay computes them from its events)."""
    details: dict[str, JSON] = dict(settlement.details)
    details["trace"] = list(trace)
    details["excess_returned"] = {str(k): v for k, v in sorted(excess_returned.items()) if v}
    return Settlement(settlement.wagers, details, settlement.parties)


def _describe(w: WagerResult | None) -> str:
    if w is None:
        return "nothing"
    dest = f" -> {w.destination}" if w.destination else ""
    return f"stake {w.stake} {w.result.value} net {w.net:+d}{dest}"


class _Applies(Protocol):
    def apply(self, action: Any, /) -> Sequence[Event]: ...


def apply_item(state: _Applies, action: Any, item: Mapping[str, Any], events: list[Event]) -> None:
    """Apply one round-file action. An item carrying ``"refused": "<section>"`` must be refused
    with a ``RuleViolation`` citing exactly that section (the state is then unchanged and the
    replay goes on); an item without it must be accepted."""
    refused = item.get("refused")
    if refused is None:
        events.extend(state.apply(action))
        return
    try:
        state.apply(action)
    except RuleViolation as exc:
        if exc.section != refused:
            raise InvalidInput(
                f"action {dict(item)!r} was refused under {exc.section}, not {refused}"
            ) from exc
        return
    raise InvalidInput(f"action {dict(item)!r} should have been refused ({refused}) but was not")


def expect_block(settlement: Settlement) -> dict[str, JSON]:
    """The ``expect`` block stating ``settlement`` (issue 27: an exported live round's
    ``expect`` is the settlement that was paid): every wager and every party's net. Details
    are left out: a replay recomputes them, and ``--check`` compares what was paid."""
    return {
        "wagers": [w.to_dict() for w in sorted(settlement.wagers, key=WagerResult.key)],
        "parties": dict(sorted(settlement.parties.items())),
    }
