"""croupier.server."""
