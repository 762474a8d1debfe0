"""croupier.games."""
