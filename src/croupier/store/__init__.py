"""croupier.store."""
