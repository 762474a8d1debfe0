"""``croupier bench serve``: live tables under load, against a real server on 127.0.0.1 only.

For each backend a fresh database is made (a temporary SQLite file, or a fresh schema of the
``test`` database on 127.0.0.1:5432), seeded with the demo organization and one player account
per seat, and ``uvicorn`` serves it in a child process (one worker on SQLite, ``workers`` on
PostgreSQL). Then one process drives ``tables`` twenty-one tables of ``players`` seats each, as
fast as the rules allow, for ``seconds``: the dealer deals, draws the cards, plays the dealer's
hand and settles; each player chooses among the actions offered (stand when offered, else the
first), each over their own session; every seat holds a WebSocket on its table.

Measured, per action: from the moment the command is sent to the moment the last of the
table's seats has received the update it caused (``p50``, ``p99`` in milliseconds), and the
accepted actions per second. The peer figure in the same run, ``echo``, is the floor of this
machine for the same shape of work: a bare Starlette app on the same Uvicorn that answers a POST
by sending a message to ``players`` sockets, driven the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from croupier.core.errors import InvalidInput
from croupier.service.bench.books import POSTGRES_HOST, POSTGRES_PORT, postgres_answers
from croupier.service.server.transport import WS_PER_MESSAGE_DEFLATE, uvicorn_command

Progress = Callable[[str], None]
RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"
P99_GOAL_MS = 50.0
PHYSICAL_P99_GOAL_MS = 150.0
PHYSICAL_P50_RATIO = 2.0
"""Issue 27's goals at 20 physical tables: a keyed card reaches every view with p50 within
twice the echo peer's and p99 under 150 ms."""
LOOPBACK = "127.0.0.1"
PHYSICAL, VIRTUAL = "physical", "virtual"


@dataclass(frozen=True)
class ServeRow:
    """One run: what was served and what it measured."""

    name: str
    backend: str
    workers: int
    tables: int
    players: int
    seconds: float
    actions: int
    p50_ms: float
    p99_ms: float
    errors: int = 0
    """Requests whose connection failed (counted, not timed; the table carries on)."""
    mode: str = VIRTUAL
    """The tables' mode: virtual (the server draws, players act) or physical (keyed)."""
    pace_ms: float = 0.0
    """Each table's actions at least this far apart (0: each sent as soon as the last is seen)."""
    orgs: int = 1
    """Organizations on the server (issue 29), the tables dealt round among them."""
    server_cpu_s: float | None = None
    """CPU seconds the server's processes used while the load ran (None where ``/proc`` is not)."""
    load_cpu_s: float | None = None
    """CPU seconds the load generator (this process) used while it ran: the machine has few
    cores, so a run whose generator is near one core's worth measures the generator."""

    @property
    def per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def cpu_ms_per_action(self, seconds: float | None) -> float | None:
        return None if seconds is None or not self.actions else seconds * 1000 / self.actions


BUSY = 0.9
"""A process using this share of a core (or more) while the load ran was the run's limit."""


def bound_by(row: ServeRow) -> str:
    """What limited a run: the server (its processes near a core each), the load generator (a
    single process near one core), both, or neither (each waited on the other)."""
    if row.server_cpu_s is None or row.load_cpu_s is None or not row.seconds:
        return "n/a"
    server = row.server_cpu_s / row.seconds >= BUSY * row.workers
    load = row.load_cpu_s / row.seconds >= BUSY
    return {(True, True): "both", (True, False): "server", (False, True): "load generator"}.get(
        (server, load), "neither"
    )


def tree_cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds used so far by process ``pid`` and its live descendants
    (Uvicorn's workers), read from ``/proc``; None where there is none (not Linux)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    stats: dict[int, tuple[int, float]] = {}  # pid -> (parent, cpu seconds)
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                fields = f.read().rpartition(")")[2].split()
        except OSError:  # gone meanwhile
            continue
        # after the name: state, ppid, ..., utime (14th field of the line), stime (15th)
        stats[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    if pid not in stats:
        return None
    total, frontier = 0.0, [pid]
    while frontier:
        p = frontier.pop()
        total += stats[p][1]
        frontier.extend(c for c, (parent, _) in stats.items() if parent == p)
    return total


class CpuWindow:
    """The CPU the server's processes and this process use between ``start`` and ``stop``."""

    def __init__(self, server_pid: int) -> None:
        self._pid = server_pid
        self.server_s: float | None = None
        self.load_s: float | None = None

    def start(self) -> None:
        self._server0 = tree_cpu_seconds(self._pid)
        self._load0 = time.process_time()

    def stop(self) -> None:
        server = tree_cpu_seconds(self._pid)
        if server is not None and self._server0 is not None:
            self.server_s = server - self._server0
        self.load_s = time.process_time() - self._load0


def _quiet(_: str) -> None:
    pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q * len(ordered))))
    return ordered[rank - 1]


# -- the database and the server --------------------------------------------------------------


def org_of(k: int) -> str:
    """The ``k``-th organization of a run (the first is the demo's)."""
    return "demo" if k == 0 else f"org-{k}"


def account_prefix(k: int) -> str:
    """The ``k``-th organization's accounts' prefix (account names are the whole server's)."""
    return "" if k == 0 else f"o{k}-"


def _seed(url: str, tables: int, players: int, orgs: int = 1) -> dict[str, str]:
    """``orgs`` demo organizations and one player account per seat, each a member of its
    table's organization (table ``t`` is organization ``t % orgs``'s); every password by name."""
    from croupier.service.people.accounts import TEST_CONFIG
    from croupier.service.server.demo import seed_demo
    from croupier.service.server.webserver import add_user, first_start, open_server

    server = open_server(url, "demo", config=TEST_CONFIG)
    try:
        first_start(server)
        passwords: dict[str, str] = {}
        for k in range(orgs):
            if k:
                server.orgs.add(org_of(k))
            made = seed_demo(server, org=org_of(k), account_prefix=account_prefix(k))
            passwords.update({login.name: login.password for login in made})
        for n in range(tables * players):
            name = f"bench-player-{n}"
            _account, password = add_user(
                server,
                name,
                ["player"],
                None,
                actor="bench",
                must_change=False,
                org=org_of((n // players) % orgs),
            )
            passwords[name] = password
        return passwords
    finally:
        server.close()


def _serve(url: str, port: int, workers: int, rules_dir: Path) -> subprocess.Popen[bytes]:
    env = dict(
        os.environ,
        CROUPIER_DATABASE_URL=url,
        CROUPIER_ORG="demo",
        CROUPIER_WEB_INSECURE_COOKIE="1",
        CROUPIER_WEB_TEST_HASHES="1",
        CROUPIER_RULES_DIR=str(rules_dir),
    )
    command = uvicorn_command(sys.executable, LOOPBACK, port, workers)  # as croupier serve
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _wait_for(port, proc)
    return proc


def _wait_for(port: int, proc: subprocess.Popen[bytes]) -> None:
    import httpx

    deadline = time.monotonic() + 60
    while True:
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise InvalidInput(f"the server did not start: {err.strip()[-300:]}")
        try:
            httpx.get(f"http://{LOOPBACK}:{port}/", timeout=1)
            return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                proc.kill()
                raise InvalidInput("the server did not answer within a minute") from None
            time.sleep(0.2)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()
        proc.wait(timeout=10)


# -- the load ---------------------------------------------------------------------------------


class Seat:
    """A seat's socket: the versions it received and when."""

    def __init__(self, changed: asyncio.Event) -> None:
        self.seen: list[tuple[int, float]] = []
        self.changed = changed
        self.view: dict[str, Any] | None = None  # the last view of a JSON socket

    def arrival(self, version: int) -> float | None:
        for seen, at in self.seen:
            if seen >= version:
                return at
        return None


async def _reader(ws: Any, seat: Seat) -> None:
    with contextlib.suppress(Exception):
        async for message in ws:
            data = json.loads(message)
            view = data.get("view") or {}
            version = data.get("version", view.get("version"))
            if view:
                seat.view = view
            if isinstance(version, int):
                seat.seen.append((version, time.perf_counter()))
                seat.changed.set()


async def _delivered(seats: list[Seat], version: int, sent: float, timeout: float) -> float:
    """Wait until every seat has the update of ``version``; the latency in milliseconds."""
    deadline = time.perf_counter() + timeout
    while True:
        arrivals = [s.arrival(version) for s in seats]
        if all(a is not None for a in arrivals):
            return (max(a for a in arrivals if a is not None) - sent) * 1000
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            raise InvalidInput(f"an update (version {version}) did not reach every seat in time")
        for s in seats:
            s.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(_any(seats), timeout=remaining)


async def _paced(sent: float, pace_ms: float) -> None:
    """Wait until ``pace_ms`` after ``sent`` (a dealer's pace); at once without a pace."""
    wait = sent + pace_ms / 1000 - time.perf_counter()
    if wait > 0:
        await asyncio.sleep(wait)


async def _any(seats: list[Seat]) -> None:
    waits = [asyncio.create_task(s.changed.wait()) for s in seats]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


async def _login(base: str, name: str, password: str) -> tuple[Any, str]:
    import httpx

    client = httpx.AsyncClient(base_url=base, timeout=30)
    r = await client.post("/api/login", json={"name": name, "password": password})
    if r.status_code != 200:
        raise InvalidInput(f"the bench could not sign in as {name}: {r.text}")
    return client, str(r.json()["csrf_token"])


class Shoe:
    """The bench's own six-deck shoe at a physical table: the cards the dealer keys, in a
    shuffled order (seeded per table), a fresh shoe when fewer than a round's worth remain."""

    def __init__(self, seed: int) -> None:
        from croupier.core.rng import SeededRng

        self._rng = SeededRng(seed)
        self._cards: list[str] = []

    def next(self) -> str:
        if len(self._cards) < 60:
            cards = [r + s for r in "23456789TJQKA" for s in "cdhs"] * 6
            for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates on the injected generator
                j = self._rng.randbelow(i + 1)
                cards[i], cards[j] = cards[j], cards[i]
            self._cards = cards
        return self._cards.pop()


async def _croupier_load(
    port: int,
    passwords: dict[str, str],
    tables: int,
    players: int,
    seconds: float,
    mode: str = VIRTUAL,
    pace_ms: float = 0.0,
    orgs: int = 1,
    cpu: CpuWindow | None = None,
) -> tuple[int, list[float], list[str]]:
    import httpx
    from websockets.asyncio.client import connect

    base = f"http://{LOOPBACK}:{port}"
    errors: list[str] = []
    dealers = {}
    for k in sorted({t % orgs for t in range(tables)}):
        name = account_prefix(k) + "d1"
        dealers[k] = await _login(base, name, passwords[name])
    people = [
        await _login(base, f"bench-player-{n}", passwords[f"bench-player-{n}"])
        for n in range(tables * players)
    ]
    latencies: list[float] = []
    actions = 0
    sockets: list[Any] = []
    readers: list[asyncio.Task[None]] = []

    async def post(who: tuple[Any, str], path: str, body: dict[str, Any] | None = None) -> Any:
        r = await who[0].post(path, json=body or {}, headers={"X-CSRF-Token": who[1]})
        return r

    async def table_loop(t: int, deadline: float) -> None:
        nonlocal actions
        name = f"bench-{t}"
        dealer = dealers[t % orgs]
        mine = people[t * players : (t + 1) * players]
        seats: list[Seat] = []
        changed = asyncio.Event()
        # each player's browser asks for the console as rendered (the page's socket); the
        # dealer's console reads the view and the actions offered from its own socket
        for who, query in [(w, "?render=console") for w in mine] + [(dealer, "")]:
            cookie = f"croupier_session={who[0].cookies.get('croupier_session')}"
            ws = await connect(
                f"ws://{LOOPBACK}:{port}/api/tables/{name}/ws{query}",
                additional_headers={"Cookie": cookie},
            )
            sockets.append(ws)
            seat = Seat(changed)
            seats.append(seat)
            readers.append(asyncio.create_task(_reader(ws, seat)))
        console = seats[-1]
        by_seat = {str(i + 1): who for i, who in enumerate(mine)}
        shoe = Shoe(t)
        await asyncio.sleep(pace_ms / 1000 * t / tables)  # paced tables keep out of step
        while time.perf_counter() < deadline:
            view = console.view
            if view is None:  # its first message is still on its way
                changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), timeout=1.0)
                continue
            pending = view["pending"]
            if pending is None or pending["kind"] == "none":
                who, path, body = dealer, "settle" if view["round_open"] else "deal", None
            elif pending["kind"] == "chance" and mode == PHYSICAL:
                # the dealer keys the card as it leaves the shoe, with the version it saw
                who, path = dealer, "key"
                body = {"outcome": shoe.next(), "version": view["version"]}
            elif pending["kind"] == "chance":
                who, path, body = dealer, "chance", None
            else:
                # at a physical table the dealer keys the players' decisions too; at a virtual
                # one the seat chooses (read here with a request: a browser shows them)
                seat_acts = pending["kind"] == "seat" and mode == VIRTUAL
                who = by_seat[str(pending["seat"])] if seat_acts else dealer
                offered = view
                if seat_acts:
                    try:
                        options = await who[0].get(f"/api/tables/{name}")
                    except httpx.TransportError:
                        errors.append(f"{name}: reading the options failed")
                        continue
                    if options.status_code != 200:
                        errors.append(f"{name}: the options: {options.status_code}")
                        await asyncio.sleep(0.05)
                        continue
                    offered = options.json()
                labels = [o["label"].lower() for o in offered["options"]]
                pick = next((i for i, t in enumerate(labels) if t.startswith("stand")), 0)
                path, body = "choose", {"option": pick, "version": offered["version"]}
            sent = time.perf_counter()
            try:
                r = await post(who, f"/api/tables/{name}/{path}", body)
            except httpx.TransportError:
                errors.append(f"{name} {path}: the connection failed")
                continue
            if r.status_code in (409, 429, 503):  # moved on, a limit, busy: said, then go on
                errors.append(f"{name} {path}: {r.status_code} {r.text[:120]}")
                await asyncio.sleep(0.05)
                continue
            if r.status_code != 200:
                raise InvalidInput(f"{name} {path}: {r.status_code} {r.text}")
            latencies.append(await _delivered(seats, int(r.json()["version"]), sent, 10.0))
            actions += 1
            await _paced(sent, pace_ms)

    try:
        for t in range(tables):
            name = f"bench-{t}"
            dealer = dealers[t % orgs]
            opening = {"table": name, "game": "twentyone", "rules": RULES, "mode": mode}
            r = await post(dealer, "/api/tables", opening)
            if r.status_code != 201:
                raise InvalidInput(f"opening {name}: {r.text}")
            for i, who in enumerate(people[t * players : (t + 1) * players]):
                if mode == PHYSICAL:  # the dealer keys each seat's wager, in the player's name
                    player = f"bench-player-{t * players + i}"
                    keyed = {"seat": i + 1, "amount": "10", "player": player}
                    r = await post(dealer, f"/api/tables/{name}/dealer-wager", keyed)
                    if r.status_code != 200:
                        raise InvalidInput(f"{name} dealer-wager: {r.text}")
                    continue
                for path, body in (("seat", {"seat": i + 1}), ("wager", {"amount": "10"})):
                    r = await post(who, f"/api/tables/{name}/{path}", body)
                    if r.status_code != 200:
                        raise InvalidInput(f"{name} {path}: {r.text}")
        start = time.perf_counter()
        if cpu is not None:
            cpu.start()
        await asyncio.gather(*(table_loop(t, start + seconds) for t in range(tables)))
        if cpu is not None:
            cpu.stop()
        return actions, latencies, errors
    finally:
        for task in readers:
            task.cancel()
        for ws in sockets:
            with contextlib.suppress(Exception):
                await ws.close()
        for client, _csrf in (*dealers.values(), *people):
            await client.aclose()


# -- the peer: a bare echo on the same Uvicorn ------------------------------------------------

ECHO_APP = """
import asyncio
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute

rooms = {}
versions = {}

async def act(request):
    room = request.path_params["room"]
    versions[room] = versions.get(room, 0) + 1
    message = {"version": versions[room], "view": {"version": versions[room]}}
    for q in list(rooms.get(room, ())):
        q.put_nowait(message)
    return JSONResponse({"version": versions[room]})

async def ws(websocket):
    room = websocket.path_params["room"]
    await websocket.accept()
    q = asyncio.Queue()
    rooms.setdefault(room, set()).add(q)
    try:
        while True:
            await websocket.send_json(await q.get())
    finally:
        rooms[room].discard(q)

app = Starlette(routes=[Route("/r/{room}", act, methods=["POST"]),
                        WebSocketRoute("/r/{room}/ws", ws)])
"""


async def _echo_load(
    port: int,
    tables: int,
    players: int,
    seconds: float,
    pace_ms: float = 0.0,
    cpu: CpuWindow | None = None,
) -> tuple[int, list[float]]:
    import httpx
    from websockets.asyncio.client import connect

    latencies: list[float] = []
    actions = 0
    client = httpx.AsyncClient(base_url=f"http://{LOOPBACK}:{port}", timeout=30)
    sockets: list[Any] = []
    readers: list[asyncio.Task[None]] = []

    async def window(start: float) -> None:  # the CPU used while every room plays
        if cpu is not None:
            await asyncio.sleep(max(0.0, start - time.perf_counter()))
            cpu.start()

    async def room_loop(t: int, start: float, deadline: float) -> None:
        nonlocal actions
        changed = asyncio.Event()
        seats = []
        for _ in range(players):
            ws = await connect(f"ws://{LOOPBACK}:{port}/r/{t}/ws")
            sockets.append(ws)
            seat = Seat(changed)
            seats.append(seat)
            readers.append(asyncio.create_task(_reader(ws, seat)))
        await asyncio.sleep(max(0.2, start - time.perf_counter()))  # every socket registered
        await asyncio.sleep(pace_ms / 1000 * t / tables)  # paced rooms keep out of step
        while time.perf_counter() < deadline:
            sent = time.perf_counter()
            r = await client.post(f"/r/{t}")
            latencies.append(await _delivered(seats, int(r.json()["version"]), sent, 10.0))
            actions += 1
            await _paced(sent, pace_ms)

    try:
        start = time.perf_counter() + 1
        await asyncio.gather(
            window(start), *(room_loop(t, start, start + seconds) for t in range(tables))
        )
        if cpu is not None:
            cpu.stop()
        return actions, latencies
    finally:
        for task in readers:
            task.cancel()
        for ws in sockets:
            with contextlib.suppress(Exception):
                await ws.close()
        await client.aclose()


def _echo_row(
    tables: int, players: int, seconds: float, progress: Progress, pace_ms: float = 0.0
) -> ServeRow:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "bench_echo.py").write_text(ECHO_APP, encoding="utf-8")
        port = _free_port()
        command = [
            sys.executable, "-m", "uvicorn", "bench_echo:app", "--app-dir", folder,
            "--host", LOOPBACK, "--port", str(port), "--log-level", "warning",
            # the same transport as croupier serve's: its sockets uncompressed
            "--ws-per-message-deflate", "true" if WS_PER_MESSAGE_DEFLATE else "false",
        ]  # fmt: skip
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            _wait_for_echo(port, proc)
            # as many sockets a room as a table has: each seat's and the dealer's
            progress(f"echo: {tables} rooms x {players + 1} sockets for {seconds:g} s")
            cpu = CpuWindow(proc.pid)
            load = _echo_load(port, tables, players + 1, seconds, pace_ms, cpu)
            actions, latencies = asyncio.run(load)
        finally:
            _stop(proc)
    row = _row("echo (bare Starlette)", "none", 1, tables, players, seconds, actions, latencies)
    return replace(row, pace_ms=pace_ms, server_cpu_s=cpu.server_s, load_cpu_s=cpu.load_s)


def _wait_for_echo(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            raise InvalidInput("the echo server did not start")
        with contextlib.suppress(OSError), socket.create_connection((LOOPBACK, port), timeout=1):
            return
        if time.monotonic() > deadline:
            proc.kill()
            raise InvalidInput("the echo server did not answer")
        time.sleep(0.1)


def _row(
    name: str,
    backend: str,
    workers: int,
    tables: int,
    players: int,
    seconds: float,
    actions: int,
    latencies: list[float],
) -> ServeRow:
    return ServeRow(
        name,
        backend,
        workers,
        tables,
        players,
        seconds,
        actions,
        statistics.median(latencies) if latencies else 0.0,
        percentile(latencies, 0.99),
    )


def _croupier_row(
    backend: str,
    url: str,
    workers: int,
    tables: int,
    players: int,
    seconds: float,
    rules_dir: Path,
    progress: Progress,
    mode: str = VIRTUAL,
    pace_ms: float = 0.0,
    orgs: int = 1,
) -> ServeRow:
    said = "the demo organization" if orgs == 1 else f"{orgs} demo organizations"
    progress(f"{backend}: seeding {said} and {tables * players} players")
    passwords = _seed(url, tables, players, orgs)
    port = _free_port()
    proc = _serve(url, port, workers, rules_dir)
    try:
        progress(
            f"{backend}: {tables} {mode} tables x {players} seats for {seconds:g} s "
            f"({workers} worker)"
        )
        cpu = CpuWindow(proc.pid)
        actions, latencies, errors = asyncio.run(
            _croupier_load(port, passwords, tables, players, seconds, mode, pace_ms, orgs, cpu)
        )
    finally:
        _stop(proc)
    for line in errors[:5]:
        progress(f"{backend}: {line}")
    row = _row("croupier serve", backend, workers, tables, players, seconds, actions, latencies)
    return replace(
        row,
        errors=len(errors),
        mode=mode,
        pace_ms=pace_ms,
        orgs=orgs,
        server_cpu_s=cpu.server_s,
        load_cpu_s=cpu.load_s,
    )


def run(
    backends: list[str],
    tables: int,
    players: int,
    seconds: float,
    workers: int,
    rules_dir: Path,
    progress: Progress = _quiet,
    mode: str = VIRTUAL,
    pace_ms: float = 0.0,
    orgs: int = 1,
) -> tuple[list[ServeRow], list[str]]:
    """Every requested run and the echo peer; the rows and one line per backend skipped. With
    ``orgs`` above one, each backend runs twice, one organization then ``orgs`` (issue 29: the
    ratio of the two)."""
    if mode not in (PHYSICAL, VIRTUAL):
        raise InvalidInput(f"--mode is physical or virtual, not {mode!r}")
    import sqlalchemy as sa

    from croupier.service.bench.books import POSTGRES_URL as POSTGRES_BASE

    if not 1 <= tables <= 100 or not 1 <= players <= 7 or not 1 <= seconds <= 600:
        raise InvalidInput("tables 1..100, players 1..7 a table, seconds 1..600")
    if not (rules_dir / RULES).is_file():
        raise InvalidInput(f"no {RULES} in {rules_dir} (--rules-dir)")
    if not 1 <= orgs <= 200:
        raise InvalidInput(f"--orgs is 1 to 200, not {orgs}")
    if not 0 <= pace_ms <= 10_000:
        raise InvalidInput(f"--pace-ms is 0 (as fast as allowed) to 10000, not {pace_ms:g}")
    rows = [_echo_row(tables, players, seconds, progress, pace_ms)]
    skipped: list[str] = []
    counts = [1, orgs] if orgs > 1 else [1]

    def served(backend: str, url: str, served_by: int, n: int) -> ServeRow:
        return _croupier_row(backend, url, served_by, tables, players, seconds, rules_dir,
                             progress, mode, pace_ms, n)  # fmt: skip

    for backend in backends:
        if backend == "sqlite":
            for n in counts:
                with tempfile.TemporaryDirectory() as folder:
                    url = f"sqlite:///{Path(folder) / 'serve.db'}"
                    rows.append(served(backend, url, 1, n))
            continue
        if not postgres_answers(POSTGRES_HOST, POSTGRES_PORT):
            skipped.append(
                f"postgresql skipped: no server answers on {POSTGRES_HOST}:{POSTGRES_PORT}"
            )
            continue
        for n in counts:
            schema = f"bench_{uuid.uuid4().hex[:10]}"
            engine = sa.create_engine(POSTGRES_BASE)
            role = _row_security_role(engine, progress)
            with engine.begin() as conn:
                owner = f" AUTHORIZATION {role}" if role else ""
                conn.execute(sa.text(f'CREATE SCHEMA "{schema}"{owner}'))
            try:
                base = (
                    sa.make_url(POSTGRES_BASE)
                    .set(username=role)
                    .render_as_string(hide_password=False)
                    if role
                    else POSTGRES_BASE
                )
                url = f"{base}?options=-csearch_path%3D{schema}"
                rows.append(served(backend, url, workers, n))
            finally:
                with engine.begin() as conn:
                    conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
                engine.dispose()
    return rows, skipped


BENCH_ROLE = "croupier_bench"
"""The role the served PostgreSQL runs are made and served as: neither a superuser nor
BYPASSRLS, so that row-level security (issue 29) applies, as it does in a deployment."""


def _row_security_role(engine: Any, progress: Progress) -> str | None:
    """``BENCH_ROLE``, made if need be; None (served as the superuser, row security bypassed,
    said) when it cannot be made."""
    import sqlalchemy as sa

    from croupier.store.scope import ensure_plain_role

    try:
        ensure_plain_role(engine, BENCH_ROLE)
    except sa.exc.DBAPIError as exc:
        progress(f"postgresql: served as the superuser, row security bypassed ({exc.orig})")
        return None
    return BENCH_ROLE


ORGS_RATIO_GOAL = 0.10
"""Issue 29: many organizations' tables served within 10% of one organization's figures."""


def orgs_goal(row: ServeRow, single: ServeRow | None) -> str:
    """A many-organization row against the one-organization row of its backend in the same
    run: actions a second and p50 within 10%."""
    if single is None or row.orgs == 1:
        return ""
    missed = []
    if row.per_second < (1 - ORGS_RATIO_GOAL) * single.per_second:
        missed.append("actions/s more than 10% below one organization's")
    if row.p50_ms > (1 + ORGS_RATIO_GOAL) * single.p50_ms:
        missed.append("p50 more than 10% above one organization's")
    return "orgs: met" if not missed else "orgs missed: " + ", ".join(missed)


def goal(row: ServeRow, echo: ServeRow | None) -> str:
    """Whether ``row`` met its goal: issue 16's p99 at virtual tables; issue 27's at physical
    ones (p50 within twice the echo peer's of the same run, p99 under 150 ms)."""
    if row.backend == "none":
        return ""
    if row.pace_ms:  # the issues' goals are for tables played as fast as allowed
        return "not judged: paced"
    if row.mode == VIRTUAL:
        return "met" if row.p99_ms < P99_GOAL_MS else f"missed: p99 >= {P99_GOAL_MS:g} ms"
    missed = []
    if echo is not None and row.p50_ms > PHYSICAL_P50_RATIO * echo.p50_ms:
        missed.append(f"p50 > {PHYSICAL_P50_RATIO:g} x echo")
    if row.p99_ms >= PHYSICAL_P99_GOAL_MS:
        missed.append(f"p99 >= {PHYSICAL_P99_GOAL_MS:g} ms")
    return "met" if not missed else "missed: " + ", ".join(missed)


def parse_backends(text: str) -> list[str]:
    choice = text.strip().lower()
    if choice == "both":
        return ["sqlite", "postgresql"]
    if choice in ("sqlite", "postgresql"):
        return [choice]
    raise InvalidInput(f"--db is sqlite, postgresql or both, not {text!r}")
