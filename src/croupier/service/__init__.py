"""The application services: what the command line and the web server ask of croupier.

Each sub-package owns one capability and combines the domain (``games``, ``books``,
``tournaments``, ``analysis``, ``eval``) with the store; nothing below this layer does I/O.

- ``people``: accounts, passwords, sessions, sign-in throttling and the one authorization policy.
- ``games``: each game for a person at a shell: house-rules files, disclosures, terminal play,
  round-file replay.
- ``tables``: the live tables of every game (one hub, the seat views, the fan-out to workers).
- ``books``: an organization's books: the books service, every ``croupier books`` request, the
  reports, rent, tax and the hold finding.
- ``tournaments``: tournaments from files, kept in the database, and posted to the books.
- ``analysis``: the exact analyses, simulations and poker equity for the ``analyze``,
  ``simulate`` and ``equity`` commands.
- ``database``: the store from a shell: schema, verify, signed anchors, backup and restore.
- ``office``: the back office as the web server sees it (a face over books, tournaments and the
  database, asking the policy of ``people`` before every step).
- ``server``: what ``croupier serve`` opens once per process, the demo, and its accounts' commands.
- ``bench``: every benchmark harness that ``croupier bench ...`` runs, and nothing else imports.

``files`` (files a person names) and ``retry`` (optimistic-concurrency retries) serve them all.
Each package's ``__init__`` is a docstring only, so importing one module stays cheap.
"""
