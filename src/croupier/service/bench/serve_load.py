"""The load of ``croupier bench serve``, one asyncio process: each table's dealer and players
over the API and their sockets, as fast as the rules allow (or at a pace); and the peer, a bare
echo on the same Uvicorn driven the same way."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from croupier.core.errors import InvalidInput
from croupier.service.bench.serve_measure import (
    LOOPBACK,
    PHYSICAL,
    VIRTUAL,
    CpuWindow,
    Progress,
    ServeRow,
    measured_row,
)
from croupier.service.server.transport import socket_options

RULES = "twentyone-hole-card-no-peek-6deck-s17.toml"


def org_of(k: int) -> str:
    """The ``k``-th organization of a run (the first is the demo's)."""
    return "demo" if k == 0 else f"org-{k}"


def account_prefix(k: int) -> str:
    """The ``k``-th organization's accounts' prefix (account names are the whole server's)."""
    return "" if k == 0 else f"o{k}-"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()
        proc.wait(timeout=10)


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


async def _hang_up(readers: list[asyncio.Task[None]], sockets: list[Any]) -> None:
    """Stop reading and close every socket (one that is already gone is let be)."""
    for task in readers:
        task.cancel()
    for ws in sockets:
        with contextlib.suppress(Exception):
            await ws.close()


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


class StartLine:
    """The timed window of a run, alike for croupier's tables and the echo's rooms: it opens
    once every table has connected its sockets (and a moment more, for the server to register
    the last ones), so that neither the handshakes nor the first consoles count in its actions
    or its CPU; the CPU window starts then, and each table plays until ``seconds`` later."""

    SETTLE = 0.2
    """Seconds between the last socket connected and the window's start."""

    def __init__(self, tables: int, seconds: float, cpu: CpuWindow | None) -> None:
        self._waiting = tables
        self._seconds = seconds
        self._cpu = cpu
        self._open = asyncio.Event()
        self.start = 0.0

    async def ready(self) -> float:
        """Wait until every table is connected; the time at which this table stops."""
        self._waiting -= 1
        if self._waiting == 0:
            await asyncio.sleep(self.SETTLE)
            self.start = time.perf_counter()
            if self._cpu is not None:
                self._cpu.start()
            self._open.set()
        await self._open.wait()
        return self.start + self._seconds


async def croupier_load(
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

    line = StartLine(tables, seconds, cpu)

    async def table_loop(t: int) -> None:
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
        deadline = await line.ready()
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
        await asyncio.gather(*(table_loop(t) for t in range(tables)))
        if cpu is not None:
            cpu.stop()
        return actions, latencies, errors
    finally:
        await _hang_up(readers, sockets)
        for client, _csrf in (*dealers.values(), *people):
            await client.aclose()


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

    line = StartLine(tables, seconds, cpu)

    async def room_loop(t: int) -> None:
        nonlocal actions
        changed = asyncio.Event()
        seats = []
        for _ in range(players):
            ws = await connect(f"ws://{LOOPBACK}:{port}/r/{t}/ws")
            sockets.append(ws)
            seat = Seat(changed)
            seats.append(seat)
            readers.append(asyncio.create_task(_reader(ws, seat)))
        deadline = await line.ready()
        await asyncio.sleep(pace_ms / 1000 * t / tables)  # paced rooms keep out of step
        while time.perf_counter() < deadline:
            sent = time.perf_counter()
            r = await client.post(f"/r/{t}")
            latencies.append(await _delivered(seats, int(r.json()["version"]), sent, 10.0))
            actions += 1
            await _paced(sent, pace_ms)

    try:
        await asyncio.gather(*(room_loop(t) for t in range(tables)))
        if cpu is not None:
            cpu.stop()
        return actions, latencies
    finally:
        await _hang_up(readers, sockets)
        await client.aclose()


def echo_row(
    tables: int, players: int, seconds: float, progress: Progress, pace_ms: float = 0.0
) -> ServeRow:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "bench_echo.py").write_text(ECHO_APP, encoding="utf-8")
        port = free_port()
        command = [
            sys.executable, "-m", "uvicorn", "bench_echo:app", "--app-dir", folder,
            "--host", LOOPBACK, "--port", str(port), "--log-level", "warning",
            *socket_options(),  # the same sockets as croupier serve's
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
            stop(proc)
    row = measured_row(
        "echo (bare Starlette)", "none", 1, tables, players, seconds, actions, latencies
    )
    return replace(
        row,
        pace_ms=pace_ms,
        server_cpu_s=cpu.server_s,
        load_cpu_s=cpu.load_s,
        window_s=cpu.elapsed_s,
    )


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
