"""``croupier serve`` before and around the web layer.

``webserver`` opens, once per process, the store, the accounts, the back office, the live
tables and the tournaments that the web layer (``croupier.web``) serves; ``serve`` is what
happens from a shell before the server runs (schema, the owner's first account, the demo) and
the ``croupier users`` commands; ``demo`` seeds a demo organization through the same requests
as ``croupier books``.
"""
