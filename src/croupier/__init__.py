"""croupier: regulated casino table games run exactly as the law writes them."""

__version__ = "0.1.0"
