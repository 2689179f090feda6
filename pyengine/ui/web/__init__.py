"""The web inspector: ``pyengine serve`` (see docs/web.md).

One page per browser tab, each with its own session opened through the same
registry and session contract as the shell (:mod:`pyengine.ui.sessions`) and
driven through the notebook's :class:`~pyengine.ui.notebook.Inspector`, so step,
back, why and matches are the shell's own. ``targets`` says what can be opened,
``sessions`` keeps the tabs' sessions (caps, expiry), ``views`` turns a session
into the page's JSON (the puzzle pictures), ``app`` is the HTTP API (Starlette),
``command`` the ``serve`` subcommand. Needs the ``web`` extra.
"""
