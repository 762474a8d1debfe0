"""Every benchmark harness of ``croupier bench ...``, in one place, and nothing else imports it.

The harnesses time the project's own code beside named peer libraries in the same run (peers
are optional imports, skipped with the reason when absent): ``eval`` (hand evaluators),
``poker`` and ``poker_play`` (the poker engine through the protocol, ``engine_build`` telling
which modules run compiled), ``twentyone`` and ``twentyone_math`` (rounds, exact analysis,
simulation), ``books`` with ``books_sizes`` and ``year`` (the books against a generated year's
history), ``serve`` (live tables against a real server on 127.0.0.1, beside an echo peer) and
``commands`` (whole-process start-up of ``croupier`` commands). ``runs`` holds the entry points
the commands call.
"""
