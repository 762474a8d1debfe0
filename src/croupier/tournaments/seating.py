"""Seats: the seat cards offered at a buy-in, and balancing the tables (-09-05.2, -05.3).

Pure functions of the seating map ``table -> seat -> player``. The choices the regulation leaves
open are fixed here so that a tournament can be worked by hand and replayed
(docs/interpretations/tournaments.md):

* the seat cards offered at a buy-in are the free seats of the least-filled of the tables the
  entries so far need (``ceil(entries / seats)``); the player draws one at random;
* balancing: while more tables are in use than the players need, the table with the fewest
  players (the highest number among equals) is broken and its players, in seat order, go to
  the table with the fewest players (the lowest number among equals); then, while two tables
  differ by more than one player, the player in the highest occupied seat of the fullest table
  (the highest number among equals) moves to the emptiest (the lowest number among equals).
  A moved player takes the lowest free seat.

A whole-room deck (``room_cards``, issue 30) holds every free seat of the room's tables from
the first buy-in; the tables are then balanced at the start. A move the director chooses
(``move_keeps_balance``) must bring the tables toward as even as possible, never away.
"""

from __future__ import annotations

from dataclasses import dataclass

Tables = dict[int, dict[int, str]]


@dataclass(frozen=True, slots=True)
class Move:
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


def tables_needed(players: int, seats: int) -> int:
    """The fewest tables that seat ``players`` at ``seats`` a table."""
    return -(-players // seats) if players > 0 else 0


def seat_cards(tables: Tables, seats: int) -> list[tuple[int, int]]:
    """The seat cards offered to the next player to buy in: (table, seat), in order."""
    entries = sum(len(t) for t in tables.values()) + 1
    count = max(tables_needed(entries, seats), max(tables, default=0))
    sizes = {t: len(tables.get(t, {})) for t in range(1, count + 1)}
    open_sizes = [n for n in sizes.values() if n < seats]
    if not open_sizes:
        count += 1
        sizes[count] = 0
        open_sizes = [0]
    fewest = min(open_sizes)
    return [
        (t, seat)
        for t in sorted(sizes)
        if sizes[t] == fewest
        for seat in range(1, seats + 1)
        if seat not in tables.get(t, {})
    ]


def room_cards(tables: Tables, seats: int, count: int) -> list[tuple[int, int]]:
    """The whole-room deck: every free seat of tables 1 to ``count``, in order."""
    return [
        (t, seat)
        for t in range(1, count + 1)
        for seat in range(1, seats + 1)
        if seat not in tables.get(t, {})
    ]


def sizes_in_use(tables: Tables) -> dict[int, int]:
    """Players at each table in use."""
    return {t: len(s) for t, s in tables.items() if s}


def is_balanced(tables: Tables, seats: int) -> bool:
    """No more tables in use than the players need, and no two differing by more than one
    (-09-05.2)."""
    sizes = sizes_in_use(tables)
    if not sizes:
        return True
    needed = tables_needed(sum(sizes.values()), seats)
    return len(sizes) <= needed and max(sizes.values()) - min(sizes.values()) <= 1


def move_keeps_balance(tables: Tables, seats: int, source: int, target: int) -> bool:
    """Whether moving one player from table ``source`` to table ``target`` (in use) brings the
    tables toward as even as possible: while more tables are in use than needed, a player of a
    table with the fewest players (one to break) goes to another table; otherwise the move
    evens the two tables (the source has at least two more), or leaves every table within one
    of the others."""
    sizes = sizes_in_use(tables)
    if source not in sizes or target not in sizes or source == target:
        return False
    needed = tables_needed(sum(sizes.values()), seats)
    if len(sizes) > needed:
        return sizes[source] == min(sizes.values())
    if sizes[source] - sizes[target] >= 2:
        return True
    after = dict(sizes)
    after[source] -= 1
    after[target] += 1
    left = [n for n in after.values() if n]
    return max(left) - min(left) <= 1 and len(left) == len(sizes)


def balance(tables: Tables, seats: int) -> tuple[list[int], list[Move]]:
    """The tables to break and the moves that leave the tables as even as possible: at most
    ``seats`` a table, no two tables differing by more than one player (-09-05.2)."""
    work = {t: dict(s) for t, s in tables.items() if s}
    broken = sorted(t for t, s in tables.items() if not s)
    moves: list[Move] = []
    total = sum(len(s) for s in work.values())
    needed = tables_needed(total, seats)
    while len(work) > needed:
        gone = min(work, key=lambda t: (len(work[t]), -t))
        players = sorted(work.pop(gone).items())
        broken.append(gone)
        for seat, player in players:
            to = min(work, key=lambda t: (len(work[t]), t))
            moves.append(_move(work, player, gone, seat, to))
    while work:
        big = max(work, key=lambda t: (len(work[t]), t))
        small = min(work, key=lambda t: (len(work[t]), t))
        if len(work[big]) - len(work[small]) <= 1:
            break
        seat = max(work[big])
        player = work[big].pop(seat)
        moves.append(_move(work, player, big, seat, small))
    return broken, moves


def _move(work: Tables, player: str, table: int, seat: int, to: int) -> Move:
    free = 1
    while free in work[to]:
        free += 1
    work[to][free] = player
    return Move(player, table, seat, to, free)


def next_occupied(seats: list[int], after: int) -> int:
    """The next occupied seat clockwise (higher number, wrapping) after ``after``."""
    for seat in seats:
        if seat > after:
            return seat
    return seats[0]
