"""The web server (`croupier serve`): pages, JSON API and live tables over service/."""
