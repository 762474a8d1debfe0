"""An organization's books: the records the gaming rules demand, kept as one hash-chained stream.

``service`` loads the books stream (from the latest balances brought forward, ``_window``), runs
a command through the domain (``croupier.books``) and appends the result atomically, retrying a
lost race. ``input`` reads what a person typed into values; ``setup``, ``day``, ``close`` and
``games`` turn each ``croupier books`` command into a request; ``reports``, ``rent``, ``tax``
and ``hold_chance`` are the records and findings an auditor asks for.
"""
