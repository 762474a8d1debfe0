"""The live tables: every game's tables as the web server runs them.

``live`` is the hub: each table is the event stream ``live-<table id>`` and the hub holds no
truth of its own; ``_live_events`` are the hub's own events between a game's events;
``_live_games`` is how the hub reaches each game's protocol object and seat views; ``desk`` is
what the web layer calls (who sees what, who may do what, actions chosen among the legal ones);
``fanout`` tells every worker that a stream moved so that every watcher hears of it.
"""
