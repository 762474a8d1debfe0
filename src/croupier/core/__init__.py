"""croupier.core."""
