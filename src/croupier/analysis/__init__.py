"""croupier.analysis."""
