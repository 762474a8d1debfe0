"""croupier.service."""
