"""croupier.cli."""
