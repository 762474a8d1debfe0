"""The places of a console, each drawn once.

A change at a table sends every person watching it their console (``web.api_tables``): seven
seats and the dealer, each a page of the same layout. Between two of them, and between two
changes of the table, nearly every place on the layout is the same: the same cards, the same
wagers, not to act, not the viewer's. ``Places`` draws a place with the ``place`` macro of
``_console.html`` the first time it is seen and hands back the same HTML afterwards. A place
(``service.tables.console.Place``) is a frozen value holding everything the macro reads, so
equal places draw the same HTML; the macro stays the one source of the markup.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock

from jinja2 import Environment
from markupsafe import Markup

from croupier.service.tables.console import Place

PLACES_KEPT = 4096
"""Places kept drawn (the most recently used): twenty tables of seven places change a few
places a command, so this holds every live table's layout many times over (about 2 MB)."""


class Places:
    """``{{ place(p, "space") }}`` in a console's template: the ``place`` macro, memoised."""

    def __init__(self, env: Environment, kept: int = PLACES_KEPT) -> None:
        self._env = env
        self._kept = kept
        self._drawn: OrderedDict[tuple[Place, str], Markup] = OrderedDict()
        self._lock = Lock()

    def __call__(self, p: Place, word: str) -> Markup:
        key = (p, word)
        try:
            hash(key)
        except TypeError:  # a place built with a list somewhere: drawn, not kept
            return self._draw(p, word)
        with self._lock:
            found = self._drawn.get(key)
            if found is not None:
                self._drawn.move_to_end(key)
                return found
        html = self._draw(p, word)
        with self._lock:
            self._drawn[key] = html
            if len(self._drawn) > self._kept:
                self._drawn.popitem(last=False)
        return html

    def _draw(self, p: Place, word: str) -> Markup:
        macros = self._env.get_template("_console.html").module
        return Markup(macros.place(p, word))  # type: ignore[attr-defined]
