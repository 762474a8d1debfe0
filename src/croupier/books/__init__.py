"""croupier.books."""
