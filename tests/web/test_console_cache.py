"""The console's places drawn once (``web.console_cache``) and the updates handed to the event
loop in bursts (``web.postbox``): each must change nothing a person sees."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace

import pytest
from jinja2 import Environment, FileSystemLoader
from tests.service.conftest import GAMES, open_and_deal, step

from croupier.service.tables.console import console
from croupier.service.tables.live import LiveTableHub, SeededRngSource
from croupier.store import open_store
from croupier.web.app import HERE, TEMPLATES
from croupier.web.console_cache import Places
from croupier.web.postbox import postbox


def _plain() -> Environment:
    """The templates as they are, each place drawn by its macro every time."""
    env = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=True)
    env.filters.update(TEMPLATES.env.filters)
    env.globals["place"] = lambda p, word: env.get_template("_console.html").module.place(p, word)
    return env


@pytest.mark.parametrize("game", GAMES)
def test_every_console_of_a_round_is_drawn_as_the_macros_draw_it(game: str) -> None:
    hub = LiveTableHub(open_store("sqlite://"), rng=SeededRngSource(5))
    open_and_deal(hub, "t", game)
    plain = _plain()
    viewers = ("dealer", "surveillance", "public", "player:1", "player:2", "player:4")
    for n in range(80):
        for viewer in viewers:
            c = console(hub.view("t", viewer))
            name = f"console_{c.game}.html"
            assert TEMPLATES.get_template(name).render(c=c) == plain.get_template(name).render(c=c)
        if step(hub, "t", 7 + n) is None:
            break


def test_a_place_that_differs_in_anything_is_drawn_again() -> None:
    hub = LiveTableHub(open_store("sqlite://"), rng=SeededRngSource(5))
    open_and_deal(hub, "t", "twentyone")
    place = console(hub.view("t", "dealer")).places[0]
    places = Places(TEMPLATES.env, kept=2)
    first = places(place, "space")
    assert places(place, "space") is first  # kept
    mine = places(replace(place, mine=True), "space")
    assert "(you)" in mine
    assert "(you)" not in first
    assert places(place, "spot") != first
    assert places(replace(place, to_act=True), "space") != first  # the oldest is let go
    assert places(place, "space") == first


def test_updates_posted_from_many_threads_arrive_each_on_its_queue_in_order() -> None:
    async def main() -> list[list[int]]:
        queues: list[asyncio.Queue[int]] = [asyncio.Queue() for _ in range(4)]
        box = postbox()
        assert postbox() is box  # one a loop

        def post(q: asyncio.Queue[int]) -> None:
            for i in range(500):
                box.post(q, i)

        threads = [threading.Thread(target=post, args=(q,)) for q in queues]
        for t in threads:
            t.start()
        got: list[list[int]] = []
        for q in queues:
            got.append([await asyncio.wait_for(q.get(), 5) for _ in range(500)])
        for t in threads:
            t.join()
        return got

    assert asyncio.run(main()) == [list(range(500))] * 4
