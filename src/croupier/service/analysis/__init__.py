"""The math for people who analyse the games: ``croupier analyze``, ``simulate`` and ``equity``.

``twentyone`` is the exact analysis of a twenty-one table's rules and of Three Card 21's main
wager with its strategy chart; ``simulate_twentyone`` deals whole shoes on a Dask cluster;
``equity`` is poker equity, exact or Monte Carlo. The models are ``croupier.analysis`` and
``croupier.eval``; this package reads rules files and shapes the answers.
"""
