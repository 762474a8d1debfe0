"""croupier.tournaments."""
