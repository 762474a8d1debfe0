"""croupier.eval."""
